"""Text for the table: one short line per action, the table state, the stacks.

No tabulate here: these are printed by the table commands, which must start fast.
"""

from __future__ import annotations

from ..domain import Hand, LegalActions, Phase, Pot, PotAward, format_ranking
from ..domain.actions import ActionEvent
from ..domain.config import BettingKind, ForcedBetSchedule
from ..domain.hand import HandResult, ShowdownEvent
from ..domain.i18n import (
    N_,
    _,
    chop_method,
    colon,
    game_words,
    in_own_words,
    ngettext,
    number,
    street,
)
from ..domain.pots import pot_name
from ..domain.table import Table
from ..storage.codec import forced_bets_dict

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

# The version of `status --json` and `stacks --json`: the same number as the other JSON
# outputs (reports/exports.py OUTPUT_VERSION, checked by a test), written here so the table
# commands do not import the reports.
JSON_VERSION = 1

BETTING_NAMES = {
    BettingKind.NO_LIMIT: "no-limit",
    BettingKind.POT_LIMIT: "pot-limit",
    BettingKind.FIXED_LIMIT: "fixed-limit",
}


# The forced bets the games post (`ForcedBet.kind`), for the catalog: printed with `_()`.
FORCED_BETS = (N_("small blind"), N_("big blind"), N_("ante"), N_("straddle"), N_("passe"))


def columns(rows: list[list[str]]) -> str:
    """Left-aligned columns separated by two spaces."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def pot_label(index: int) -> str:
    """ "main pot", "side pot 1", ... in the language of the output."""
    return _("main pot") if index == 0 else _("side pot {number}").format(number=index)


def describe_pots(pots: list[Pot]) -> str:
    """ "main pot: 150 (alice, bob) | side pot 1: 60 (bob)": a colon between the pot's name
    and its amount, so that "side pot 1" and 60 never read as one number."""
    if not pots:
        return _("no pot")
    return " | ".join(
        _("{pot}: {amount} ({players})").format(
            pot=pot_label(i), amount=number(pot.amount), players=", ".join(pot.eligible)
        )
        for i, pot in enumerate(pots)
    )


def describe_pot(hand: Hand) -> str:
    """The pot, the same in every line: all the chips in the middle and the bets in front.

    "pot 122", or with side pots, the split: "pot 122: main pot 38 (alice, bob, carol) |
    side pot 1 24 (bob, carol) | 60 bet this round".
    """
    total = hand.total_in_middle()
    pots = hand.pots()
    if len(pots) < 2:
        return _("pot {pot}").format(pot=number(total))
    in_front = sum(p.bet for p in hand.players)
    bets = _(" | {chips} bet this round").format(chips=number(in_front)) if in_front else ""
    return _("pot {pot}: {split}").format(pot=number(total), split=describe_pots(pots) + bets)


def next_step(table: Table) -> str:
    """What the table waits for now."""
    hand = table.hand
    if table.house.closed:
        return _("the session is settled: `marquoir reopen` to change it")
    if hand is None and table.director.state is not None and table.director.state.over():
        waiting = _may_rebuy(table)
        if waiting:
            return _("the tournament is over unless {player} rebuys: `rebuy {player}`").format(
                player=waiting[0]
            )
        return _("the tournament is over: `places` for the prizes, then `settle`")
    if hand is None and table.room.active and len(table.room.tables) > 1:
        return _("next: deal --table T (a hand at one table), or `out PLAYER` for a bust")
    if hand is None:
        return _("next: deal")
    if hand.phase is Phase.SHOWDOWN:
        return _('showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`')
    if hand.awaiting is not None:  # (stud: the hand waits for the scorekeeper to name someone)
        return hand.rules.naming_prompt(hand) or hand.legal().describe()
    return hand.legal().describe()


def action_lines(event: ActionEvent, table: Table) -> list[str]:
    """The lines printed after a betting action."""
    hand = table.hand if table.hand is not None else table.last_hand
    assert hand is not None
    lines = [event.describe()]
    closed = hand.phase is not Phase.BETTING or hand.street != event.street
    if closed:
        lines.extend(returns_lines(hand, event.street))
    if hand.phase is Phase.COMPLETE:
        lines.extend([*result_lines(hand, table.hand_no), *bust_lines(table)])
        return lines
    if closed:
        where = _("showdown") if hand.phase is Phase.SHOWDOWN else street(hand.street)
        lines.append(f"-- {where} -- {describe_pot(hand)}")
    else:
        lines[0] += f" | {describe_pot(hand)}"
    lines.append(next_step(table))
    return lines


def returns_lines(hand: Hand, street: str) -> list[str]:
    """The uncalled bets given back when the betting round `street` closed."""
    return [
        _("{name} gets back {chips} (uncalled)").format(name=name, chips=number(chips))
        for where, name, chips in hand.returns
        if where == street
    ]


def award_line(award: PotAward, index: int) -> str:
    """ "side pot 1: 390 to carol": the amount after a colon, never beside the pot's number;
    a pot split high / low: "main pot: 79, high alice 40 | low bob 39"."""
    pot, amount = pot_label(index), number(award.pot.amount)
    if award.low:
        return _("{pot}: {amount}, high {high} | low {low}").format(
            pot=pot, amount=amount, high=_shares_text(award.high), low=_shares_text(award.low)
        )
    return _("{pot}: {amount} to {shares}").format(
        pot=pot, amount=amount, shares=_shares_text(award.shares)
    )


def _shares_text(shares: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{name} {number(amount)}" for name, amount in shares)


def result_lines(hand: Hand, hand_no: int) -> list[str]:
    """The end of a hand: who took each pot, and the stacks."""
    result = hand.result
    assert result is not None
    lines = []
    if result.void:
        void = (
            _("nobody opened: the deal is void, {carry} chips stay in the middle for the next deal")
            if result.carry != 1
            else _("nobody opened: the deal is void, 1 chip stays in the middle for the next deal")
        )
        lines.append(void.format(carry=number(result.carry)))
    elif result.by_fold:
        (winner,) = {name for award in result.awards for name in award.winners} or {_("nobody")}
        taken = number(sum(a.pot.amount for a in result.awards))
        lines.append(_("{winner} takes {chips} (no showdown)").format(winner=winner, chips=taken))
    else:
        lines.extend(award_line(award, i) for i, award in enumerate(result.awards))
    fines = ", ".join(f"{name} {number(chips)}" for name, chips in hand.fines.items())
    if fines and not result.void:
        lines.append(_("fine for the next pot: {fines}").format(fines=fines))
    lines.append(_("hand {number} over | ").format(number=hand_no) + stacks_line(result))
    return lines


def bust_lines(table: Table) -> list[str]:
    """Tournament: who lost his last chips on the hand just over: out (and his place), or
    out unless a rebuy comes before the next deal; and the winner when one is left."""
    state = table.director.state
    if state is None or table.hand is not None:
        return []
    lines = []
    busted = [e for e in state.entries if e.bust_hand == table.hand_no]
    places = {p.entry: p.place for p in state.places()} if busted else {}
    for entry in busted:
        if entry.out:
            # a director announces the place from the entries so far: while entries may
            # still come, a later entry can push it down, so it is only provisional
            out = (
                _("{player} is out (place {place} for now: entries are still open)")
                if table.director.entries_open()
                else _("{player} is out in place {place}")
            )
            lines.append(out.format(player=entry.label, place=places[entry.label]))
        else:
            no_chips = _("{player} has no chips: out unless a rebuy comes before the next deal")
            lines.append(no_chips.format(player=entry.label))
    alive = [e for e in state.entries if not e.busted and not e.out]
    if busted and len(alive) == 1:
        waiting = _may_rebuy(table)
        if waiting:
            unless = _("{player} wins the tournament unless {others} rebuys")
            others = _(" or ").join(waiting)
            lines.append(unless.format(player=alive[0].label, others=others))
        else:
            lines.append(_("{player} wins the tournament").format(player=alive[0].label))
    if table.room.active:
        from .room import room_lines  # (several tables: the seats drawn, the moves to make)

        lines.extend(room_lines(table, busts=bool(busted)))
    return lines


def _may_rebuy(table: Table) -> list[str]:
    """The busted entries that may still rebuy (out only at the next deal)."""
    state = table.director.state
    assert state is not None
    return [e.label for e in state.entries if e.busted and not e.out]


def stacks_line(result: HandResult) -> str:
    return ", ".join(
        f"{name} {number(chips)} ({signed(result.nets[name])})"
        for name, chips in result.final.items()
    )


def signed(amount: int) -> str:
    return f"+{number(amount)}" if amount > 0 else number(amount)


def showdown_lines(event: ShowdownEvent, table: Table) -> list[str]:
    hand = table.last_hand
    assert hand is not None
    odd = (
        _(" (odd chips to {player} first)").format(player=event.odd_chip) if event.odd_chip else ""
    )
    head = _("showdown: {ranking}").format(ranking=format_ranking(event.ranking)) + odd
    if event.low is not None:
        head += _(" | low: {ranking}").format(ranking=format_ranking(event.low))
    elif hand.rules.low_half:
        head += _(" | no qualifying low")
    lines = [head]
    settled = hand.rules.break_ties(hand, event.ranking)
    if settled != event.ranking:  # the game does not split ties (Bouillotte)
        lines.append(f"{_(hand.rules.tie_rule)}{colon()} {format_ranking(settled)}")
    return [*lines, *result_lines(hand, table.hand_no), *bust_lines(table)]


def deal_lines(table: Table) -> list[str]:
    hand = table.hand if table.hand is not None else table.last_hand
    assert hand is not None
    forced = ", ".join(
        f"{f.player} {_(f.kind)} {number(f.amount)}" + (_(" (all-in)") if f.all_in else "")
        for f in hand.forced
    )
    # (in a game's own words: the Bouillotte dealer is no button, he is "le donneur")
    head = in_own_words(N_("hand {number}: button {button} | "), table.config.rules.own_words)
    head = head.format(number=table.hand_no, button=hand.button)
    lines = [head + forced]
    if hand.config.ante != table.config.ante:  # (only the pot à la clef deals with another)
        lines.append(clef_line(hand.config.ante, dealt=True))
    lines.extend(returns_lines(hand, "preflop") if hand.to_act is None else [])
    if table.hand is None:
        lines.extend([*result_lines(hand, table.hand_no), *bust_lines(table)])
    else:
        lines.append(next_step(table))
    return lines


def clef_line(ante: int, *, dealt: bool) -> str:
    """The dealer's announcement of the pot à la clef (jackpots): the doubled ante."""
    if dealt:
        text = _("this deal is the pot à la clef: the ante is doubled, {ante} from each player")
    else:
        text = _("the next deal is the pot à la clef: the ante is doubled, {ante} from each player")
    return text.format(ante=number(ante))


def game_title(table: Table) -> str:
    return game_words(table.config.title())


def status_text(session: str, table: Table) -> str:
    """The table at a glance: seats, stacks, bets, pots and whose turn it is."""
    hand = table.hand
    head = _("session {session} | {game} | ").format(session=session, game=game_title(table))
    played = ngettext("{count} hand played", "{count} hands played", table.hand_no).format(
        count=table.hand_no
    )
    if hand:
        head += _("hand {number} {street}").format(number=table.hand_no, street=street(hand.street))
    else:
        head += played
    if table.settings.tournament is not None:
        head += _(" | level {level}").format(level=table.director.level)
    rows = [[_("seat"), _("player"), _("stack"), _("bet"), ""]]
    for entry in status_players(table):
        rows.append(
            [
                f"{entry['table']}:{entry['seat']}" if "table" in entry else str(entry["seat"]),
                entry["name"],
                number(entry["stack"]),
                number(entry["bet"]),
                entry["note"],
            ]
        )
    lines = [head, columns(rows)]
    if table.house.carry:
        lines.append(
            _("waiting in the middle for the next deal: {chips}").format(
                chips=number(table.house.carry)
            )
        )
    if table.game.announced():
        lines.append(clef_line(table.deal_config().ante, dealt=False))
    if table.room.active:  # several tables: how many players at each, the moves to make
        from .room import status_room_lines

        lines.extend(status_room_lines(table))
    if hand is not None:
        lines.append(describe_pot(hand))
    lines.append(next_step(table))
    return "\n".join(lines)


def status_players(table: Table) -> list[dict[str, Any]]:
    hand = table.hand
    own_words = table.config.rules.own_words
    in_hand = {p.name: p for p in hand.players} if hand else {}
    entries = []
    for account in table.present():
        p = in_hand.get(account.name)
        notes = []
        if hand and account.name == hand.button:
            notes.append(N_("button"))
        if p is not None and p.folded:
            notes.append(N_("folded"))
        elif p is not None and p.all_in:
            notes.append(N_("all-in"))
        if hand and p is not None and hand.to_act == account.name:
            notes.append(N_("to act"))
        if p is None and account.sitting_out:
            notes.append(N_("sitting out"))
        elif p is None and account.busted:
            notes.append(N_("busted"))
        entries.append(
            {
                "name": account.name,
                "seat": account.seat,
                "stack": p.stack if p else account.stack,
                "bet": p.bet if p else 0,
                "folded": bool(p and p.folded),
                "all_in": bool(p and p.all_in),
                "in_hand": p is not None,
                "sitting_out": account.sitting_out,
                "busted": account.busted,
                # (in the game's own words: the Bouillotte dealer is "le donneur")
                "note": ", ".join(in_own_words(note, own_words) for note in notes),
            }
        )
        if account.seat >= 100 and table.room.active:  # several tables: table and seat
            entries[-1]["table"], entries[-1]["seat"] = divmod(account.seat, 100)
    return entries


def legal_dict(legal: LegalActions) -> dict[str, Any]:
    return {
        "player": legal.player,
        "to_call": legal.to_call,
        "call_amount": legal.call_amount,
        "can_check": legal.can_check,
        "min_to": legal.min_to,
        "max_to": legal.max_to,
        "allin_to": legal.allin_to,
        "allin_ok": legal.allin_ok,
        "call_to": legal.call_to,
        "call_is_all_in": legal.call_is_all_in,
    }


def status_dict(session: str, table: Table) -> dict[str, Any]:
    """`status --json`: only what was recorded, so the same file prints the same text."""
    hand = table.hand
    players = status_players(table)
    for entry in players:
        del entry["note"]
    data: dict[str, Any] = {
        "version": JSON_VERSION,
        "session": session,
        "game": str(table.config.game),
        "betting": table.config.betting.value,
        "blinds": [table.config.small_blind, table.config.big_blind],
        # those of the hand in play, or of the next deal (the pot à la clef's doubled ante)
        "forced_bets": forced_bets_dict(hand.config if hand else table.deal_config()),
        "hand": table.hand_no,
        "carry": table.house.carry,
        "in_hand": hand is not None,
        "street": hand.street if hand else None,
        "phase": hand.phase.value if hand else None,
        "button": hand.button if hand else None,
        "to_act": hand.to_act if hand else None,
        "fines": dict(hand.fines) if hand else {},
        "players": players,
        "pots": [],
        "pot": 0,  # every chip in the middle, bets in front included
        "legal": None,
    }
    if table.room.active:  # several tables: each table's players, the moves to make
        from ..app.room import room_data

        data["room"] = room_data(table)
    if hand is not None:
        data["pot"] = hand.total_in_middle()
        data["pots"] = [
            {"name": pot_name(i), "amount": pot.amount, "eligible": list(pot.eligible)}
            for i, pot in enumerate(hand.pots())
        ]
        if hand.to_act is not None:
            data["legal"] = legal_dict(hand.legal())
    return data


def stacks_dict(session: str, table: Table) -> dict[str, Any]:
    """`stacks --json`: each player's chips behind, caves, recaves, cash-out and result."""
    in_play = table.stacks_in_play()
    players = []
    for account in sorted(table.accounts.values(), key=lambda a: (a.left, a.seat)):
        stack = 0 if account.left else in_play.get(account.name, account.stack)
        recaves = account.recaves
        if table.director.state is not None:  # a tournament's rebuys, add-ons, re-entries
            recaves = table.director.state.buys_after_entry(account.name)
        players.append(
            {
                "name": account.name,
                "seat": account.seat,
                "stack": stack,
                "bought": account.bought,
                "recaves": recaves,
                "cashed_out": account.cashed_out,
                "result": account.result,
                "left": account.left,
                "sitting_out": account.sitting_out,
                "busted": account.busted,
            }
        )
        if account.seat >= 100 and table.room.active:  # several tables: table and seat
            players[-1]["table"], players[-1]["seat"] = divmod(account.seat, 100)
    return {
        "version": JSON_VERSION,
        "session": session,
        "hand": table.hand_no,
        "in_hand": table.in_hand,
        "carry": table.house.carry,
        "players": players,
    }


def stacks_text(session: str, table: Table) -> str:
    data = stacks_dict(session, table)
    heads = [N_("seat"), N_("player"), N_("stack"), N_("bought"), N_("recaves"), N_("out")]
    heads.append(N_("result"))
    rows = [[*(_(head) for head in heads), ""]]
    for p in data["players"]:
        note = _("left") if p["left"] else (_("sitting out") if p["sitting_out"] else "")
        if p["busted"]:
            note = _("busted")
        rows.append(
            [
                str(p["seat"]),
                p["name"],
                number(p["stack"]),
                number(p["bought"]),
                str(p["recaves"]),
                number(p["cashed_out"]),
                signed(p["result"]),
                note,
            ]
        )
    count = data["hand"]
    hands = ngettext("{count} hand", "{count} hands", count).format(count=count)
    head = _("session {session} | ").format(session=session) + hands
    head += _(" (hand in play)") if table.in_hand else ""
    return head + "\n" + columns(rows)


# -- the log in words (undo) ------------------------------------------------------------------

_ACTION_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "bet": lambda d: _("{player} bets {total}").format(**d),
    "raise": lambda d: _("{player} raises to {total}").format(**d),
    "open": lambda d: _("{player} opens {total}").format(**d),
    "call": lambda d: _("{player} calls {added}").format(**d),
    "bring-in": lambda d: _("{player} brings in {added}").format(**d),
    "complete": lambda d: _("{player} completes to {total}").format(**d),
    "first": lambda d: _("{player} speaks first").format(**d),
    "false-open": lambda d: _("{player} opened falsely").format(**d),
    "fold": lambda d: _("{player} folds").format(**d),
    "check": lambda d: _("{player} checks").format(**d),
    "abattre": lambda d: _("{player} abats").format(**d),
    "withdraw": lambda d: _("{player} owned up to a false opening").format(**d),
}


def _action_words(data: dict[str, Any]) -> str:
    verb = str(data.get("verb", data.get("action")))
    say = _ACTION_WORDS.get(verb)
    # a field a version of the file does not hold reads "?": the words must never fail
    fields = {"player": "?", "total": "?", "added": "?", **data}
    return say(fields) if say is not None else f"{fields['player']} {verb}s"


def _ranking_words(groups: list[list[str]]) -> str:
    return " > ".join(" = ".join(group) for group in groups)


def _low_words(data: dict[str, Any]) -> str:
    """ " | low carol > alice" when the showdown had a low half (hi-lo games)."""
    return (
        _(" | low {ranking}").format(ranking=_ranking_words(data["low"])) if data.get("low") else ""
    )


def _brelans_words(data: dict[str, Any]) -> str:
    named = ([f"{data['carre']} (carré)"] if data.get("carre") else []) + data["players"]
    if data.get("misdeal"):
        return _("the brelans of {players} (misdeal)").format(players=", ".join(named))
    return _("the brelans of {players}").format(players=", ".join(named))


def _shares_words(data: dict[str, Any]) -> str:
    shares = ", ".join(f"{name} {chips}" for name, chips in data["shares"] if chips)
    return _("the chips of a void deal shared out: {shares}").format(shares=shares)


def _seat_words(data: dict[str, Any]) -> str:
    if data.get("seed") is not None:  # several tables: a seat drawn
        return _("the seat drawn for {player} ({place})").format(
            player=data["player"], place=_room_place(data["seat"])
        )
    returns = _("{player} returns to seat {seat} with {chips}")
    return (
        returns if data.get("returning") else _("{player} sits in seat {seat} with {chips}")
    ).format(**data)


def _leave_all_words(data: dict[str, Any]) -> str:
    with_chips = _("{player} with {chips}")
    leaves = ", ".join(
        with_chips.format(player=name, chips=chips) for name, chips in data["leaves"]
    )
    everyone = _("everyone leaving: {leaves}").format(leaves=leaves)
    if data.get("shares"):
        return _("{shares} first, then {everyone}").format(
            shares=_shares_words(data), everyone=everyone
        )
    return everyone


def _room_place(seat: int) -> str:
    """A room seat (table x 100 + seat) in words."""
    return _("table {table}, seat {seat}").format(table=seat // 100, seat=seat % 100)


def _out_words(data: dict[str, Any]) -> str:
    if data.get("by"):
        return _("the bust of {player} by {by}").format(**data)
    return _("the bust of {player}").format(**data)


# One entry for each kind of event the log stores (storage.codec.KINDS); the undo test checks
# that every kind has one, so a new kind cannot make `undo` fail after it was recorded.
EVENT_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "seat": _seat_words,
    "settle": lambda d: _("the settlement (the session is open again)"),
    "reopen": lambda d: _("the reopening (the session is settled again)"),
    "recave": lambda d: _("{player} recaves {chips}").format(**d),
    "leave": lambda d: _("{player} leaves with {chips}").format(**d),
    "button": lambda d: _("the button set on {player}").format(**d),
    "blinds": lambda d: _("the change of the forced bets to {stakes}").format(
        stakes=ForcedBetSchedule(**d).describe()
    ),
    "leave-all": _leave_all_words,
    "level": lambda d: _("the move to level {level}").format(**d),
    "pause": lambda d: _("the pause of the clock"),
    "resume": lambda d: _("the restart of the clock"),
    "rebuy": lambda d: _("{player} rebuys {chips}").format(**d),
    "addon": lambda d: _("{player} takes the add-on of {chips}").format(**d),
    "reenter": lambda d: _("{player} re-enters with {chips}").format(**d),
    "chop": lambda d: _("the deal ({method}) {shares}").format(
        method=chop_method(d["method"]),
        shares=", ".join(f"{label} {amount}" for label, amount in d["shares"]),
    ),
    "race": lambda d: _("the chip race of the {removed} chips").format(**d),
    "move": lambda d: _("the move of {player} to {place}").format(
        player=d["player"], place=_room_place(d["seat"])
    ),
    "out": _out_words,
    "sitout": lambda d: _("{player} sits out").format(**d),
    "back": lambda d: _("{player} is back").format(**d),
    "deal": lambda d: _("the deal of hand {hand}").format(**d),
    "action": _action_words,
    "showdown": lambda d: (
        _("the showdown {ranking}").format(ranking=_ranking_words(d["ranking"])) + _low_words(d)
    ),
    "fine": lambda d: _("the fine of {player} ({chips})").format(**d),
    "clef": lambda d: _("the pot à la clef"),
    "correction": lambda d: _("the count of {player} ({stack})").format(**d),
    "brelans": _brelans_words,
    "carry-split": _shares_words,
}


def describe_stored(kind: str, data: dict[str, Any]) -> str:
    """A stored event in words, for undo and logs.

    A kind this version does not know (a file written by a newer one) is named by its kind:
    the words must never fail, since `undo` prints them after the undo is committed.
    """
    words = EVENT_WORDS.get(kind)
    return words(data) if words is not None else _("a {kind} event").format(kind=kind)
