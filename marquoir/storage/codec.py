"""Settings, events and table snapshots to and from the JSON kept in the database."""

from __future__ import annotations

import json

from ..domain import (
    Action,
    ActionKind,
    BettingKind,
    ForcedBetSchedule,
    Game,
    Hand,
    PotAward,
    SeatInfo,
    TableConfig,
)
from ..domain.actions import ActionEvent
from ..domain.table import (
    Account,
    Acted,
    AddedOn,
    Back,
    BlindsSet,
    BrelansPaid,
    ButtonSet,
    CarrySplit,
    CavePolicy,
    Chopped,
    Corrected,
    Dealt,
    Fined,
    Left,
    LeftAll,
    LevelSet,
    Paused,
    Rebought,
    Recaved,
    Reentered,
    Reopened,
    Resumed,
    SatOut,
    Seated,
    SessionSettings,
    Settled,
    ShowedDown,
    Table,
    TableEvent,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def dumps(data: Any) -> str:
    """Compact, key-sorted JSON: the same state always gives the same text."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def settings_to_dict(settings: SessionSettings) -> dict[str, Any]:
    table = settings.table._asdict()
    table["game"] = settings.table.game.value
    table["betting"] = settings.table.betting.value
    data: dict[str, Any] = {
        "table": table,
        "caves": settings.caves._asdict(),
        "chip_value": settings.chip_value,
        "currency": settings.currency,
    }
    if settings.lang:  # written only when set: the files of older versions stay the same
        data["lang"] = settings.lang
    # (a cash game's settings are stored as they always were)
    if settings.tournament is not None:
        data["tournament"] = settings.tournament._asdict()
    return data


def settings_from_dict(data: dict[str, Any]) -> SessionSettings:
    table = dict(data["table"])
    table["game"] = Game(table["game"])
    table["betting"] = BettingKind(table["betting"])
    tournament = None
    if data.get("tournament") is not None:
        # imported here: a cash game's table commands never load the tournament modules
        from ..domain.tournament.session import TournamentSettings

        tournament = TournamentSettings(**data["tournament"])
    return SessionSettings(
        table=TableConfig(**table),
        caves=CavePolicy(**data["caves"]),
        chip_value=data["chip_value"],
        currency=data["currency"],
        lang=data.get("lang", ""),
        tournament=tournament,
    )


def forced_bets_dict(config: TableConfig) -> dict[str, Any]:
    """The forced bets of a table as readers see them (`status --json`, the reports): the
    schedule, with the fixed-limit bets worked out (None outside fixed-limit), and the
    stakes in words ("2/4 ante 1")."""
    data: dict[str, Any] = config.schedule._asdict()
    fixed = config.betting is BettingKind.FIXED_LIMIT
    data["small_bet"], data["big_bet"] = config.limits if fixed else (None, None)
    data["stakes"] = config.stakes()
    return data


KINDS: dict[type, str] = {
    Seated: "seat",
    Recaved: "recave",
    Left: "leave",
    LeftAll: "leave-all",
    ButtonSet: "button",
    SatOut: "sitout",
    Back: "back",
    Dealt: "deal",
    Acted: "action",
    ShowedDown: "showdown",
    Corrected: "correction",
    Fined: "fine",
    BrelansPaid: "brelans",
    CarrySplit: "carry-split",
    BlindsSet: "blinds",
    LevelSet: "level",
    Rebought: "rebuy",
    AddedOn: "addon",
    Reentered: "reenter",
    Chopped: "chop",
    Paused: "pause",
    Resumed: "resume",
    Settled: "settle",
    Reopened: "reopen",
}
# Kinds no command records any more, read from older files: a void deal's chips given back
# at the end of the night are now part of the one `leave-all` event.
LEGACY_KINDS = frozenset({"carry-split"})


def event_to_record(event: TableEvent, detail: object = None) -> tuple[str, dict[str, Any]]:
    """The (kind, data) kept for an event; a betting action also keeps what it did."""
    kind = KINDS[type(event)]
    if isinstance(event, Dealt):
        seats = [[s.name, s.seat, s.stack] for s in event.seats]
        deal: dict[str, Any] = {"hand": event.hand_no, "button": event.button, "seats": seats}
        if event.dead:
            deal["dead"] = event.dead
        return kind, deal
    if isinstance(event, Acted):
        data: dict[str, Any] = {"action": event.action.kind.value, "amount": event.action.amount}
        if isinstance(detail, ActionEvent):
            data.update(
                player=detail.player,
                verb=detail.verb,
                added=detail.added,
                total=detail.total,
                all_in=detail.all_in,
                street=detail.street,
            )
        return kind, compact_action(data)
    if isinstance(event, Corrected) and isinstance(detail, int):
        return kind, {"player": event.player, "stack": event.stack, "was": detail}
    if isinstance(event, ShowedDown):
        shown: dict[str, Any] = {"ranking": [list(group) for group in event.ranking]}
        if event.odd_chip:
            shown["odd_chip"] = event.odd_chip
        if event.cards:
            shown["board"] = event.board
            shown["cards"] = [list(pair) for pair in event.cards]
        if event.low is not None:
            shown["low"] = [list(group) for group in event.low]
        return kind, shown
    if isinstance(event, BrelansPaid):
        paid = detail if isinstance(detail, dict) else {}
        return kind, {"players": list(event.players), "carre": event.carre, "paid": paid}
    if isinstance(event, CarrySplit):
        return kind, {"shares": [list(share) for share in event.shares]}
    if isinstance(event, BlindsSet):
        return kind, event.schedule._asdict()
    if isinstance(event, LeftAll):
        leaves = [list(pair) for pair in event.leaves]
        return kind, {"leaves": leaves, "shares": [list(share) for share in event.shares]}
    if isinstance(event, Chopped):
        shares = [list(share) for share in event.shares]
        return kind, {"method": event.method, "keep": event.keep, "shares": shares}
    data = event._asdict()
    if isinstance(event, Seated) and not event.returning:
        del data["returning"]  # a first cave is stored as it always was
    return kind, data


# What an action keeps when it says nothing else: such fields are left out of the stored
# JSON (the readable views read a missing field as this; `verb` defaults to `action`).
ACTION_DEFAULTS: dict[str, Any] = {"amount": None, "added": 0, "total": 0, "all_in": False}


def compact_action(data: dict[str, Any]) -> dict[str, Any]:
    """An action's stored form: the fields that hold their default left out (a check is
    {"action": "check", "player": ..., "street": ...}, a third of its old size)."""
    return {
        key: value
        for key, value in data.items()
        if not (key in ACTION_DEFAULTS and value == ACTION_DEFAULTS[key])
        and not (key == "verb" and value == data.get("action"))
    }


def expand_event(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """An event's data with every field, whether it was stored compact or in full."""
    if kind == "action":
        full = {**ACTION_DEFAULTS, **data}
        if "player" in data:  # (the detail: every field of it, as the full form had)
            full.setdefault("verb", data["action"])
        else:
            del full["added"], full["total"], full["all_in"]
        return full
    return data


def event_from_record(kind: str, data: dict[str, Any]) -> TableEvent:
    """Rebuild the event from its stored form (full or compact)."""
    if kind == "correction":
        return Corrected(data["player"], data["stack"])
    if kind == "deal":
        seats = tuple(SeatInfo(n, s, c) for n, s, c in data["seats"])
        return Dealt(data["hand"], data["button"], seats, data.get("dead", 0))
    if kind == "action":
        action = Action(ActionKind(data["action"]), data.get("amount"), data.get("player"))
        return Acted(action)
    if kind == "showdown":
        ranking = tuple(tuple(group) for group in data["ranking"])
        cards = tuple((name, text) for name, text in data.get("cards", ()))
        # files written before the hi-lo games have no "low": one ranking
        low = data.get("low")
        low_ranking = None if low is None else tuple(tuple(group) for group in low)
        return ShowedDown(ranking, data.get("odd_chip"), data.get("board", ""), cards, low_ranking)
    if kind == "brelans":
        return BrelansPaid(tuple(data["players"]), data["carre"])
    if kind == "carry-split":
        return CarrySplit(tuple((name, chips) for name, chips in data["shares"]))
    if kind == "blinds":
        return BlindsSet(ForcedBetSchedule(**data))
    if kind == "leave-all":
        shares = tuple((name, chips) for name, chips in data.get("shares", ()))
        return LeftAll(tuple((name, chips) for name, chips in data["leaves"]), shares)
    if kind == "chop":
        shares = tuple((label, amount) for label, amount in data["shares"])
        return Chopped(data["method"], data["keep"], shares)
    simple: dict[str, Any] = {
        "seat": Seated,
        "recave": Recaved,
        "leave": Left,
        "button": ButtonSet,
        "sitout": SatOut,
        "back": Back,
        "correction": Corrected,
        "fine": Fined,
        "level": LevelSet,
        "pause": Paused,
        "resume": Resumed,
        "rebuy": Rebought,
        "addon": AddedOn,
        "reenter": Reentered,
        "settle": Settled,
        "reopen": Reopened,
    }
    event: TableEvent = simple[kind](**data)
    return event


ACCOUNT_FIELDS = (
    "name",
    "seat",
    "stack",
    "bought",
    "recaves",
    "cashed_out",
    "left",
    "sitting_out",
    "adjusted",
)


def table_to_snapshot(table: Table) -> dict[str, Any]:
    """The table between hands (settings excepted: they live with the session, but the
    forced-bet schedule in force is kept, since a `blinds` event may have changed it)."""
    return {
        "schedule": table.config.schedule._asdict(),
        "hand_no": table.hand_no,
        "carry": table.carry,
        "brelans_hand": table.brelans_hand,
        "last_dealt": list(table.last_dealt),
        "last_button": table.last_button,
        "next_button": table.next_button,
        **(_tournament_snapshot(table) if table.tournament is not None else {}),
        # (written only when settled: the snapshots of an open session stay as they were)
        **({"closed": True} if table.closed else {}),
        "accounts": [
            {field: getattr(account, field) for field in ACCOUNT_FIELDS}
            for account in table.accounts.values()
        ],
    }


def _tournament_snapshot(table: Table) -> dict[str, Any]:
    assert table.tournament is not None
    return {
        "level": table.level,
        "level_hands": table.level_hands,
        "paused": table.paused,
        "tournament": table.tournament.to_dict(),
    }


def table_from_snapshot(settings: SessionSettings, data: dict[str, Any]) -> Table:
    """The table a snapshot kept, over the session's settings."""
    # (snapshots written before the `blinds` command have no schedule)
    schedule = ForcedBetSchedule(**data.get("schedule", settings.table.schedule._asdict()))
    if schedule != settings.table.schedule:
        settings = settings._replace(table=settings.table.with_schedule(schedule))
    table = Table(settings)
    table.hand_no = data["hand_no"]
    table.carry = data.get("carry", 0)
    table.brelans_hand = data.get("brelans_hand", 0)
    table.last_dealt = tuple(data.get("last_dealt", ()))
    table.last_button = data["last_button"]
    table.next_button = data["next_button"]
    table.closed = bool(data.get("closed", False))
    if table.tournament is not None:
        from ..domain.tournament.state import TournamentState

        table.level = data.get("level", 1)
        table.level_hands = data.get("level_hands", 0)
        table.paused = data.get("paused", False)
        if "tournament" in data:
            table.tournament = TournamentState.from_dict(data["tournament"])
    for row in data["accounts"]:
        account = Account(row["name"], row["seat"])
        for field in ACCOUNT_FIELDS[2:]:
            setattr(account, field, row.get(field, getattr(account, field)))
        table.accounts[account.name] = account
    return table


def hand_summary(table: Table, hand: Hand) -> dict[str, Any]:
    """What the reports keep of a finished hand: who played, the pots, the stacks after."""
    result = hand.result
    assert result is not None
    ranking = hand.showdown_event.ranking if hand.showdown_event else None
    low = hand.showdown_event.low if hand.showdown_event else None
    return {
        "hand": table.hand_no,
        "button": hand.button,
        "schedule": hand.config.schedule._asdict(),
        "players": [p.name for p in hand.players],
        "start": result.start,
        "final": result.final,
        "pots": [
            {
                "name": award.name,
                "amount": award.pot.amount,
                "eligible": list(award.pot.eligible),
                "shares": [[name, amount] for name, amount in award.shares],
                **_halves(award),
            }
            for award in result.awards
        ],
        "returned": result.returned,
        "by_fold": result.by_fold,
        "void": result.void,
        "carry": result.carry,
        "ranking": [list(group) for group in ranking] if ranking else None,
        "low": [list(group) for group in low] if low else None,
        "stacks": {a.name: a.stack for a in table.present()},
    }


# The fields of a hand summary that are left out of the stored form when they hold these.
SUMMARY_DEFAULTS: dict[str, Any] = {
    "returned": {},
    "by_fold": False,
    "void": False,
    "carry": 0,
    "ranking": None,
    "low": None,
}


def compact_summary(summary: dict[str, Any], settings: SessionSettings) -> dict[str, Any]:
    """A hand summary's stored form, without what the row or the session already say: the
    hand number (the row's `hand_no`), the forced bets when they are the session's, the
    final stacks when they are the stacks after the hand, the fields at their default."""
    stored = {
        key: value
        for key, value in summary.items()
        if key != "hand" and not (key in SUMMARY_DEFAULTS and value == SUMMARY_DEFAULTS[key])
    }
    if stored.get("schedule") == settings.table.schedule._asdict():
        del stored["schedule"]
    stacks = stored.get("stacks", {})
    final = stored.get("final", {})
    if all(name in stacks and stacks[name] == chips for name, chips in final.items()) and set(
        final
    ) == set(stored.get("start", ())):
        del stored["final"]
    return stored


def expand_summary(
    stored: dict[str, Any],
    hand_no: int,
    settings: SessionSettings,
    *,
    schedule: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A hand summary with every field, whether it was stored compact or in full
    (`schedule`: the session's forced bets as a dict, when the caller has it already)."""
    summary = {**SUMMARY_DEFAULTS, "hand": hand_no, **stored}
    if "schedule" not in summary:
        base = settings.table.schedule._asdict() if schedule is None else schedule
        summary["schedule"] = dict(base)
    if "final" not in summary:
        stacks = summary.get("stacks", {})
        summary["final"] = {name: stacks.get(name) for name in summary.get("start", ())}
    summary["returned"] = dict(summary["returned"])  # (a copy: the default is shared)
    return summary


def _halves(award: PotAward) -> dict[str, Any]:
    """The high and low halves of a pot split in a hi-lo game (nothing for a whole pot)."""
    if not award.low:
        return {}
    return {
        "high": [[name, amount] for name, amount in award.high],
        "low": [[name, amount] for name, amount in award.low],
    }
