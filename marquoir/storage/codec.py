"""Settings, events and table snapshots to and from the JSON kept in the database."""

from __future__ import annotations

import os

from ..domain import (
    Action,
    ActionKind,
    BettingKind,
    ForcedBetSchedule,
    SeatInfo,
    TableConfig,
)
from ..domain.actions import ActionEvent
from ..domain.events import (
    Acted,
    AddedOn,
    Back,
    BlindsSet,
    BrelansPaid,
    ButtonSet,
    CarrySplit,
    Chopped,
    Corrected,
    Dealt,
    Fined,
    Left,
    LeftAll,
    LevelSet,
    Moved,
    Paused,
    PotALaClef,
    Raced,
    Rebought,
    Recaved,
    Reentered,
    Reopened,
    Resumed,
    SatOut,
    Seated,
    Settled,
    ShowedDown,
    WentOut,
)
from ..domain.games import GAMES, game_named
from ..domain.table import Account, CavePolicy, SessionSettings, Table, TableEvent
from .jsontext import dumps as dumps  # every stored value is written as this text
from .jsontext import quote

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def settings_to_dict(settings: SessionSettings) -> dict[str, Any]:
    table = settings.table._asdict()
    table["game"] = str(settings.table.game)
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
        data["tournament"] = settings.tournament.as_dict()
    return data


def new_session_settings(settings: SessionSettings) -> dict[str, Any]:
    """The settings a new session is stored with: its settings and a random `uid` of its
    own, which names the session wherever a copy of the file goes (a backup, a club's file
    gathered into a season): `standings` counts a session once by it, where the name and
    creation second could be another club's too (two scripts run in the same second). Kept
    in the settings' JSON, which every Marquoir reads past what it knows, so no schema
    change and older versions read the file as before."""
    return {**settings_to_dict(settings), "uid": os.urandom(8).hex()}


def settings_from_dict(data: dict[str, Any]) -> SessionSettings:
    table = dict(data["table"])
    table["game"] = game_named(table["game"])
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
    PotALaClef: "clef",
    BrelansPaid: "brelans",
    CarrySplit: "carry-split",
    BlindsSet: "blinds",
    LevelSet: "level",
    Rebought: "rebuy",
    AddedOn: "addon",
    Reentered: "reenter",
    Moved: "move",
    WentOut: "out",
    Chopped: "chop",
    Raced: "race",
    Paused: "pause",
    Resumed: "resume",
    Settled: "settle",
    Reopened: "reopen",
}
# Kinds no command records any more, read from older files: a void deal's chips given back
# at the end of the night are now part of the one `leave-all` event.
LEGACY_KINDS = frozenset({"carry-split"})


def event_to_record(
    event: TableEvent, detail: object = None, *, streets: tuple[str, ...] = ()
) -> tuple[str, Any]:
    """The (kind, data) kept for an event; a betting action also keeps what it did, as a
    short array (`streets`: the game's streets, to keep a street by its number)."""
    kind = KINDS[type(event)]
    if isinstance(event, Dealt):
        if event.table:  # (several tables: the one dealt at)
            return kind, [event.button, event.dead, event.table]
        return kind, [event.button, event.dead] if event.dead else [event.button]  # (DEAL)
    if isinstance(event, Acted):
        return kind, action_record(event.action, detail, streets)
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
        if isinstance(detail, dict):  # the brelans it paid (Bouillotte from the cards)
            shown["paid"] = detail
        return kind, shown
    if isinstance(event, BrelansPaid):
        paid = detail if isinstance(detail, dict) else {}
        brelans: dict[str, Any] = {"players": list(event.players), "carre": event.carre}
        brelans["paid"] = paid
        if event.misdeal:  # (written only then: older events stay as they were)
            brelans["misdeal"] = True
        return kind, brelans
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
    if isinstance(event, Settled) and not event.missing:
        return kind, {}  # a settlement whose count balanced is stored as it always was
    if isinstance(event, Paused) and event.minutes is None:
        return kind, {}  # a plain pause is stored as it always was
    if isinstance(event, Seated) and event.seed is None:
        return kind, _seat_array(event)  # (see PLAIN_ARRAYS)
    if isinstance(event, (Seated, Reentered)):
        # a seat drawn keeps its seed; the fields left at their defaults are not written,
        # so the events of one table are stored as they always were
        defaults = type(event)._field_defaults
        return kind, {k: v for k, v in event._asdict().items() if defaults.get(k, k) != v}
    if isinstance(event, Left):
        return kind, [event.player, event.chips]
    if isinstance(event, Recaved):
        return kind, [event.player, event.chips]  # (m012; see PLAIN_ARRAYS)
    return kind, event._asdict()


def event_text(
    event: TableEvent, detail: object = None, *, streets: tuple[str, ...] = ()
) -> tuple[str, str]:
    """The (kind, stored text) of an event: `dumps` of `event_to_record`'s data, written
    directly for the events a replay records most (a first seat, a departure, a recave, the
    button, a deal, an action), which spares a dict and the encoder's walk over it."""
    if isinstance(event, Acted):
        if type(detail) is ActionEvent:
            return "action", _action_text(event.action, detail, streets)
        return "action", dumps(action_record(event.action, detail, streets))
    if isinstance(event, Seated) and event.seed is None:
        back = "1," if event.returning else ""  # (see RETURNING)
        return "seat", f"[{quote(event.player)},{event.seat:d},{back}{event.chips:d}]"
    if isinstance(event, Left):
        return "leave", f"[{quote(event.player)},{event.chips:d}]"
    if isinstance(event, Recaved):  # (an import recaves the losers of most hands)
        return "recave", f"[{quote(event.player)},{event.chips:d}]"
    if isinstance(event, ButtonSet):
        return "button", f'{{"player":{quote(event.player)}}}'
    if isinstance(event, Dealt):
        dead = f",{event.dead:d}" if event.dead or event.table else ""
        at = f",{event.table:d}" if event.table else ""
        return "deal", f"[{event.button:d}{dead}{at}]"  # (see DEAL)
    kind, data = event_to_record(event, detail, streets=streets)
    return kind, dumps(data)


def _deal(data: Any, table: Table | None) -> Dealt:
    """A stored deal: in full (files before m012), or its button and dead chips, the players
    dealt in being those the table deals (its check when the deal is applied is then that
    of the button and the dead chips)."""
    if type(data) is dict and "seats" in data:
        seats = tuple(SeatInfo(n, s, c) for n, s, c in data["seats"])
        return Dealt(data["hand"], data["button"], seats, data.get("dead", 0), data.get("table", 0))
    if type(data) is list:
        data = dict(zip(DEAL, data, strict=False))
    if table is None:
        raise ValueError("a deal stored without its seats is read at its table")
    at = data.get("table", 0)
    made = table.deal_event(at)
    return Dealt(made.hand_no, data["button"], made.seats, data.get("dead", 0), at)


def streets_of(config: TableConfig) -> tuple[str, ...]:
    """The streets of a table's game, in order (an action keeps its street by number)."""
    return GAMES[config.game].streets


# An action is stored as a JSON array, by position (the readable view `actions` names the
# fields): what was said, who, the street (its number in the game's streets), the chips it
# put in, the player's total for the round, the amount said, what it was (`verb`, null when
# it is what was said), whether it put the player all-in (1). Trailing fields at their
# default are left out: a check is ["check","bob",1], a call ["call","bob",0,3,4], a third of
# the JSON object files kept before migration m007.
ACTION_FIELDS = ("action", "player", "street", "added", "total", "amount", "verb", "all_in")
ACTION_DEFAULTS: tuple[Any, ...] = (None, None, None, 0, 0, None, None, 0)


def action_record(action: Action, detail: object, streets: tuple[str, ...]) -> list[Any]:
    """An action's stored array (see ACTION_FIELDS)."""
    row: list[Any] = [action.kind.value, None, None, 0, 0, action.amount, None, 0]
    if isinstance(detail, ActionEvent):
        street: Any = detail.street
        if street in streets:
            street = streets.index(street)
        row[1:5] = detail.player, street, detail.added, detail.total
        row[6] = None if detail.verb == row[0] else detail.verb
        row[7] = 1 if detail.all_in else 0
    while len(row) > 3 and row[-1] == ACTION_DEFAULTS[len(row) - 1]:
        row.pop()
    return row


_SAID = {kind: quote(kind.value) for kind in ActionKind}


def _action_text(action: Action, detail: ActionEvent, streets: tuple[str, ...]) -> str:
    """`dumps(action_record(action, detail, streets))`, written directly."""
    street: Any = detail.street
    place = f"{streets.index(street):d}" if street in streets else quote(street)
    head = f"[{_SAID[action.kind]},{quote(detail.player)},{place}"
    amount, verb, all_in = action.amount, detail.verb, detail.all_in
    named = verb != action.kind  # (else the verb is left out: null)
    if all_in or named or amount is not None:
        said = "null" if amount is None else f"{amount:d}"
        tail = f",{detail.added:d},{detail.total:d},{said}"
        if all_in or named:
            tail += f",{quote(verb) if named else 'null'}{',1' if all_in else ''}"
    elif detail.total:
        tail = f",{detail.added:d},{detail.total:d}"
    elif detail.added:
        tail = f",{detail.added:d}"
    else:
        tail = ""
    return f"{head}{tail}]"


# A hand's betting actions in one row (kind `bets`, m013): `import phh` writes each hand's
# actions so, instead of a row for each (a row costs about 26 bytes of SQLite's own beside its
# data, and an action of a hand history about 27 of data: two thirds of an imported file).
# The data is an array of the hand's streets by number, each an array of its actions in
# order; an action is [code, player, total, added, all_in]: `code` says what was said and
# what it was (`BET_CODES`), `player` is his index in the hand's players in seat order (the
# summary's players), `total` his bet for the round afterwards (0 left out), `added` the
# chips it put in (left out when it is 0 for a fold or a check, the total otherwise), and
# `all_in` 1 when it put him all-in (else left out). An amount said is the total (a bet is
# said as its total). A live command still writes one row for its action (one command, one
# transaction); the table works everything else out when the row is read back
# (`events_from_record`), and `Ledger.events` gives readers each action as its own row.
BETS = "bets"
# (said, verb, whether an amount was said) -> the action's code in a `bets` row
BET_CODES: dict[tuple[str, str, bool], str] = {
    ("fold", "fold", False): "f",
    ("call", "check", False): "k",
    ("check", "check", False): "x",
    ("call", "call", False): "c",
    ("bet", "bet", True): "b",
    ("bet", "raise", True): "r",
    ("allin", "bet", False): "B",
    ("allin", "raise", False): "R",
    ("allin", "call", False): "C",
}
_BY_CODE = {code: said for said, code in BET_CODES.items()}
# the codes whose `added` is 0 unless written (else it is the total)
_ADDS_NOTHING = frozenset({"f", "k", "x"})
# the text of an item of a `bets` row before the player's index, by its code (`bet_parts`)
_BET_HEADS = {code: f"[{quote(code)}," for code in BET_CODES.values()}
# an item's fields left out: total 0, added (worked out), all_in 0
_ITEM_DEFAULTS: tuple[Any, ...] = (None, None, 0, None, 0)


def bet_element(data: list[Any], players: list[str]) -> tuple[int, list[Any]] | None:
    """An action's stored array (`action_record`) as (street number, its item in a `bets`
    row), or None when it cannot be packed (a street or a verb the row does not name, an
    amount said that is not the total, a player not of the hand)."""
    said, player, street, added, total, amount, verb, all_in = (
        *data,
        *ACTION_DEFAULTS[len(data) :],
    )
    code = BET_CODES.get((said, verb or said, amount is not None))
    if code is None or type(street) is not int or player not in players:
        return None
    if amount is not None and amount != total:
        return None
    item: list[Any] = [code, players.index(player), total, added, 1 if all_in else 0]
    if not all_in:
        item.pop()
        if added == (0 if code in _ADDS_NOTHING else total):
            item.pop()
            if not total:
                item.pop()
    return street, item


def bet_parts(
    action: Action, detail: ActionEvent, streets: tuple[str, ...]
) -> tuple[int, str, str] | None:
    """What an action did as its item in a `bets` row, made from what the table said of it
    (`bet_element` of its `action_record`, without the JSON text between): (street number,
    the item's text before the player's index, the text after it); None when it cannot be
    packed. The index is the player's in the hand's players, which the writer knows.

    Written out from the fields, as `bet_element` reads them (an import makes one for each
    thing an action did: thousands): what was said is the action's kind, its verb the
    detail's, unless it has none."""
    kind, amount, _player = action
    _who, _said, verb, added, total, all_in, street = detail  # (its fields at once)
    if street not in streets:  # (a street the row does not name)
        return None
    # (the kind is a `StrEnum`: the same key as its value)
    code = BET_CODES.get((kind, verb or kind, amount is not None))
    if code is None or (amount is not None and amount != total):
        return None
    # (the numbers whole, the trailing ones at their default left out: `bet_element`)
    if all_in:
        tail = f",{total:d},{added:d},1]"
    elif added != (0 if code in _ADDS_NOTHING else total):
        tail = f",{total:d},{added:d}]"
    else:
        tail = f",{total:d}]" if total else "]"
    return streets.index(street), _BET_HEADS[code], tail


def pack_bets(actions: list[list[Any]], players: list[str]) -> list[list[Any]] | None:
    """A run of a hand's actions (their stored arrays, in order) as a `bets` row's data, or
    None when one of them cannot be packed or they go back a street."""
    streets: list[list[Any]] = []
    for data in actions:
        made = bet_element(data, players)
        if made is None or made[0] < len(streets) - 1:
            return None
        street, item = made
        while len(streets) <= street:
            streets.append([])
        streets[street].append(item)
    return streets


def unpack_bets(data: list[list[Any]], players: list[str]) -> list[list[Any]]:
    """A `bets` row's actions as the stored arrays `action_record` makes (each its own
    `action` row's data), in order; `players` the hand's players in seat order."""
    unpacked = []
    for street, items in enumerate(data):
        for item in items:
            fields: list[Any] = item
            code, index, total, added, all_in = (*fields, *_ITEM_DEFAULTS[len(fields) :])
            if code not in _BY_CODE:
                raise ValueError(f"a hand's bets hold an unknown action {code!r}")
            if type(index) is not int or not 0 <= index < len(players):
                raise ValueError(f"a hand's bets name player {index!r} of {len(players)}")
            said, verb, amount_said = _BY_CODE[code]
            if added is None:
                added = 0 if code in _ADDS_NOTHING else total
            row: list[Any] = [said, players[index], street, added, total]
            row += [total if amount_said else None, None if verb == said else verb, all_in]
            while len(row) > 3 and row[-1] == ACTION_DEFAULTS[len(row) - 1]:
                row.pop()
            unpacked.append(row)
    return unpacked


def events_from_record(kind: str, data: Any, table: Table) -> list[TableEvent]:
    """The events a stored row holds, read at `table` as the rows before left it: one, or
    the actions of a `bets` row (its players those of the hand in play)."""
    if kind != BETS:
        return [event_from_record(kind, data, table)]
    if table.hand is None:
        raise ValueError("a hand's bets are read during the hand")
    players = [p.name for p in table.hand.players]
    return [event_from_record("action", row) for row in unpack_bets(data, players)]


# A first seat is stored as the array [player, seat, chips], a departure and a recave as
# [player, chips] (migrations m010 and m012; before them, JSON objects naming each field): a
# file of imported hand histories seats, cashes out and recaves players around most hands,
# and the field names were a third of those rows. The chips are the last item of each, as
# the `ledger` view reads them. A returning player's seat is [player, seat, 1, chips]
# (`RETURNING`, m013; an object before): an import cashes a winner out and seats him again
# before most hands.
RETURNING = ("player", "seat", "returning", "chips")
PLAIN_ARRAYS: dict[str, tuple[str, ...]] = {
    "seat": ("player", "seat", "chips"),
    "leave": ("player", "chips"),
    # (m012: an import makes up a loser's stack by a recave before most hands)
    "recave": ("player", "chips"),
}


def _seat_array(event: Seated) -> list[Any]:
    """A seat without a drawn seed: [player, seat, chips], or [player, seat, 1, chips] for
    a returning player (see PLAIN_ARRAYS)."""
    if event.returning:
        return [event.player, event.seat, 1, event.chips]
    return [event.player, event.seat, event.chips]


_PLAIN_EVENTS: dict[str, type[Seated | Left | Recaved]] = {
    "seat": Seated,
    "leave": Left,
    "recave": Recaved,
}


# A deal is stored as [button seat] or [button seat, dead chips] (migration m012; before
# it, {"button":..,"hand":..,"seats":[[player, seat, stack]...]}): the hand number is the
# row's, and the seats are the table's players dealt in, which the table works out from the
# events before (a deal is recorded only when it is the one the table makes). The seats were
# the largest part of a deal, and a deal is in every hand: 150 bytes a hand of six.
# With several tables a third item says the table dealt at ([button, dead, table]).
DEAL = ("button", "dead", "table")


def readable(kind: str, data: Any, hand_no: int | None = None) -> Any:
    """A stored event's data as readers take it: a first seat's or a departure's array as the
    object of its fields (see PLAIN_ARRAYS), a deal's as {"hand", "button", "dead"?} (the
    seats are the table's: `event_from_record`); any other data as it is."""
    if type(data) is list:
        if kind == "seat" and len(data) == len(RETURNING):
            return {**dict(zip(RETURNING, data, strict=True)), "returning": True}
        if kind in PLAIN_ARRAYS:
            return dict(zip(PLAIN_ARRAYS[kind], data, strict=True))
        if kind == "deal":
            return {"hand": hand_no, **dict(zip(DEAL, data, strict=False))}
    return data


def expand_event(
    kind: str, data: Any, *, streets: tuple[str, ...] = (), hand_no: int | None = None
) -> dict[str, Any]:
    """An event's data with every field, whether it was stored compact or in full (an
    action's street named from `streets`, the game's; a deal's number, `hand_no`, the
    row's)."""
    if kind != "action":
        return dict(readable(kind, data, hand_no))
    if isinstance(data, dict):  # (the JSON object of files before m007)
        full = {"amount": None, "added": 0, "total": 0, "all_in": False, **data}
        if "player" in data:
            full.setdefault("verb", data["action"])
        else:
            del full["added"], full["total"], full["all_in"]
        return full
    row = [*data, *ACTION_DEFAULTS[len(data) :]]
    full = dict(zip(ACTION_FIELDS, row, strict=True))
    if full["player"] is None:  # (recorded without what it did)
        return {"action": full["action"], "amount": full["amount"]}
    street = full["street"]
    if isinstance(street, int) and 0 <= street < len(streets):
        full["street"] = streets[street]
    full["verb"] = full["verb"] or full["action"]
    full["all_in"] = bool(full["all_in"])
    return full


def event_from_record(kind: str, data: Any, table: Table | None = None) -> TableEvent:
    """Rebuild the event from its stored form (full or compact); a deal stored without its
    seats (`DEAL`) is read at its `table`, as the events before it left it."""
    if kind == "correction":
        return Corrected(data["player"], data["stack"])
    if type(data) is list and kind in PLAIN_ARRAYS:
        if kind == "seat" and len(data) == len(RETURNING):
            return Seated(data[0], data[1], data[3], returning=True)
        return _PLAIN_EVENTS[kind](*data)
    if kind == "deal":
        return _deal(data, table)
    if kind == "action":
        if isinstance(data, list):
            amount = data[5] if len(data) > 5 else None
            return Acted(Action(ActionKind(data[0]), amount, data[1]))
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
        return BrelansPaid(tuple(data["players"]), data["carre"], data.get("misdeal", False))
    if kind == "carry-split":
        return CarrySplit(tuple((name, chips) for name, chips in data["shares"]))
    if kind == "blinds":
        return BlindsSet(ForcedBetSchedule(**data))
    if kind == "leave-all":
        shares = tuple((name, chips) for name, chips in data.get("shares", ()))
        return LeftAll(tuple((name, chips) for name, chips in data["leaves"]), shares)
    if kind == "race":
        return Raced(
            data["removed"],
            data["next_chip"],
            tuple((name, count) for name, count in data["odd"]),
            tuple(data["draw"]),
            data["seed"],
            tuple((name, cards) for name, cards in data["cards"]),
            tuple(data["won"]),
            tuple(data["protected"]),
        )
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
        "clef": PotALaClef,
        "level": LevelSet,
        "pause": Paused,
        "resume": Resumed,
        "rebuy": Rebought,
        "addon": AddedOn,
        "reenter": Reentered,
        "move": Moved,
        "out": WentOut,
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


# The forced-bet schedule of each table met, as a snapshot keeps it: a table's schedule is
# a record made anew at each reading (`TableConfig.schedule`), and an import takes the
# table's state after every hand (`phh_replay.Group.written`). A few tables a file.
_SCHEDULES: dict[TableConfig, dict[str, Any]] = {}


def _schedule_dict(config: TableConfig) -> dict[str, Any]:
    """`config.schedule._asdict()`, a new dict each time (made once for each table)."""
    known = _SCHEDULES.get(config)
    if known is None:
        if len(_SCHEDULES) >= 64:  # (a process that meets many tables keeps a few)
            _SCHEDULES.clear()
        known = _SCHEDULES[config] = config.schedule._asdict()
    return dict(known)


def table_to_snapshot(table: Table, *, accounts: bool = True) -> dict[str, Any]:
    """The table between hands (settings excepted: they live with the session, but the
    forced-bet schedule in force is kept, since a `blinds` event may have changed it);
    without its accounts when `accounts` is false."""
    state = {
        "schedule": _schedule_dict(table.config),
        "hand_no": table.hand_no,
        "carry": table.house.carry,
        "brelans_hand": table.game.paid_hand,
        "last_dealt": list(table.last_dealt),
        "last_button": table.seating.last_button,
        "next_button": table.seating.next_button,
        **table.director.snapshot(),
        # (a tournament of several tables: its room)
        **({"room": table.room.to_dict()} if table.room.active else {}),
        # (written only when settled, or when the game announced its next deal: the
        # snapshots of an open session stay as they were)
        **table.house.snapshot(),
        **table.game.snapshot(),
    }
    if accounts:
        state["accounts"] = [
            {field: getattr(account, field) for field in ACCOUNT_FIELDS}
            for account in table.accounts.values()
        ]
    return state


def table_from_snapshot(settings: SessionSettings, data: dict[str, Any]) -> Table:
    """The table a snapshot kept, over the session's settings."""
    # (snapshots written before the `blinds` command have no schedule)
    schedule = ForcedBetSchedule(**data.get("schedule", settings.table.schedule._asdict()))
    if schedule != settings.table.schedule:
        settings = settings._replace(table=settings.table.with_schedule(schedule))
    table = Table(settings)
    table.hand_no = data["hand_no"]
    table.house.restore(data)
    table.game.restore(data)
    table.last_dealt = tuple(data.get("last_dealt", ()))
    table.seating.last_button = data["last_button"]
    table.seating.next_button = data["next_button"]
    table.director.restore(data)
    if "room" in data:
        table.room.restore(data["room"])
    for row in data["accounts"]:
        account = Account(row["name"], row["seat"])
        for field in ACCOUNT_FIELDS[2:]:
            setattr(account, field, row.get(field, getattr(account, field)))
        table.restore(account)
    return table
