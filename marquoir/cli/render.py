"""Text for the table: one short line per action, the table state, the stacks.

No tabulate here: these are printed by the table commands, which must start fast.
"""

from __future__ import annotations

from ..domain import Hand, LegalActions, Phase, Pot, PotAward, format_ranking
from ..domain.actions import ActionEvent
from ..domain.config import BettingKind, ForcedBetSchedule
from ..domain.hand import HandResult, ShowdownEvent
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


def columns(rows: list[list[str]]) -> str:
    """Left-aligned columns separated by two spaces."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return "\n".join(
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    )


def describe_pots(pots: list[Pot]) -> str:
    """ "main pot 150 (alice, bob) | side pot 1 60 (bob)"."""
    if not pots:
        return "no pot"
    return " | ".join(
        f"{pot_name(i)} {pot.amount} ({', '.join(pot.eligible)})" for i, pot in enumerate(pots)
    )


def describe_pot(hand: Hand) -> str:
    """The pot, the same in every line: all the chips in the middle and the bets in front.

    "pot 122", or with side pots, the split: "pot 122: main pot 38 (alice, bob, carol) |
    side pot 1 24 (bob, carol) | 60 bet this round".
    """
    total = hand.total_in_middle()
    pots = hand.pots()
    if len(pots) < 2:
        return f"pot {total}"
    in_front = sum(p.bet for p in hand.players)
    split = describe_pots(pots) + (f" | {in_front} bet this round" if in_front else "")
    return f"pot {total}: {split}"


def next_step(table: Table) -> str:
    """What the table waits for now."""
    hand = table.hand
    if table.closed:
        return "the session is settled: `marquoir reopen` to change it"
    if hand is None and table.tournament is not None and table.tournament.over():
        return "the tournament is over: `places` for the prizes, then `settle`"
    if hand is None:
        return "next: deal"
    if hand.phase is Phase.SHOWDOWN:
        return 'showdown: give the result, e.g. `showdown "alice > bob"` or `win alice`'
    if hand.awaiting is not None:  # a stud hand waits for the scorekeeper to name someone
        return _stud_naming(hand)
    return hand.legal().describe()


def _stud_naming(hand: Hand) -> str:
    """What the scorekeeper names in a stud game, and what he looks at to name it (the game
    says: the lowest up-card in stud, the highest in razz)."""
    # imported here: only stud's tables wait, and the table commands of the others skip it
    from ..domain.games.stud import AWAIT_BRING_IN, AWAIT_FIRST, Stud

    rules = hand.rules
    if hand.awaiting not in (AWAIT_BRING_IN, AWAIT_FIRST):
        return hand.legal().describe()
    assert isinstance(rules, Stud)
    if hand.awaiting == AWAIT_BRING_IN:
        return f"who brings in? `bringin PLAYER` ({rules.bring_in_by}), `--complete` to complete"
    return f"who speaks first on {hand.street}? `first PLAYER` ({rules.first_by})"


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
        where = "showdown" if hand.phase is Phase.SHOWDOWN else hand.street
        lines.append(f"-- {where} -- {describe_pot(hand)}")
    else:
        lines[0] += f" | {describe_pot(hand)}"
    lines.append(next_step(table))
    return lines


def returns_lines(hand: Hand, street: str) -> list[str]:
    """The uncalled bets given back when the betting round `street` closed."""
    return [
        f"{name} gets back {chips} (uncalled)"
        for where, name, chips in hand.returns
        if where == street
    ]


def award_line(award: PotAward) -> str:
    """ "main pot 79: alice 79"; a pot split high / low: "main pot 79: high alice 40 | low
    bob 39"."""
    if award.low:
        return (
            f"{award.name} {award.pot.amount}: high {_shares_text(award.high)} | "
            f"low {_shares_text(award.low)}"
        )
    return f"{award.name} {award.pot.amount}: {_shares_text(award.shares)}"


def _shares_text(shares: tuple[tuple[str, int], ...]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in shares)


def result_lines(hand: Hand, hand_no: int) -> list[str]:
    """The end of a hand: who took each pot, and the stacks."""
    result = hand.result
    assert result is not None
    lines = []
    if result.void:
        lines.append(
            f"nobody opened: the deal is void, {result.carry} chip"
            f"{'s stay' if result.carry != 1 else ' stays'} in the middle for the next deal"
        )
    elif result.by_fold:
        (winner,) = {name for award in result.awards for name in award.winners} or {"nobody"}
        lines.append(f"{winner} takes {sum(a.pot.amount for a in result.awards)} (no showdown)")
    else:
        lines.extend(award_line(award) for award in result.awards)
    fines = ", ".join(f"{name} {chips}" for name, chips in hand.fines.items())
    if fines and not result.void:
        lines.append(f"fine for the next pot: {fines}")
    lines.append(f"hand {hand_no} over | " + stacks_line(result))
    return lines


def bust_lines(table: Table) -> list[str]:
    """Tournament: who lost his last chips on the hand just over: out (and his place), or
    out unless he rebuys before the next deal; and the winner when one is left."""
    state = table.tournament
    if state is None or table.hand is not None:
        return []
    lines = []
    busted = [e for e in state.entries if e.bust_hand == table.hand_no]
    places = {p.entry: p.place for p in state.places()} if busted else {}
    for entry in busted:
        if entry.out:
            lines.append(f"{entry.label} is out in place {places[entry.label]}")
        else:
            lines.append(f"{entry.label} has no chips: out unless he rebuys before the next deal")
    alive = [e for e in state.entries if not e.busted and not e.out]
    if busted and len(alive) == 1:
        lines.append(f"{alive[0].label} wins the tournament")
    return lines


def stacks_line(result: HandResult) -> str:
    return ", ".join(
        f"{name} {chips} ({signed(result.nets[name])})" for name, chips in result.final.items()
    )


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else str(amount)


def showdown_lines(event: ShowdownEvent, table: Table) -> list[str]:
    hand = table.last_hand
    assert hand is not None
    odd = f" (odd chips to {event.odd_chip} first)" if event.odd_chip else ""
    head = f"showdown: {format_ranking(event.ranking)}{odd}"
    if event.low is not None:
        head += f" | low: {format_ranking(event.low)}"
    elif hand.rules.low_half:
        head += " | no qualifying low"
    lines = [head]
    settled = hand.rules.break_ties(hand, event.ranking)
    if settled != event.ranking:  # the game does not split ties (Bouillotte)
        lines.append(f"{hand.rules.tie_rule}: {format_ranking(settled)}")
    return [*lines, *result_lines(hand, table.hand_no), *bust_lines(table)]


def deal_lines(table: Table) -> list[str]:
    hand = table.hand if table.hand is not None else table.last_hand
    assert hand is not None
    forced = ", ".join(
        f"{f.player} {f.kind} {f.amount}" + (" (all-in)" if f.all_in else "") for f in hand.forced
    )
    lines = [f"hand {table.hand_no}: button {hand.button} | {forced}"]
    lines.extend(returns_lines(hand, "preflop") if hand.to_act is None else [])
    if table.hand is None:
        lines.extend([*result_lines(hand, table.hand_no), *bust_lines(table)])
    else:
        lines.append(next_step(table))
    return lines


def game_title(table: Table) -> str:
    return table.config.title()


def status_text(session: str, table: Table) -> str:
    """The table at a glance: seats, stacks, bets, pots and whose turn it is."""
    hand = table.hand
    head = f"session {session} | {game_title(table)} | "
    played = f"{table.hand_no} hand{'s' if table.hand_no != 1 else ''} played"
    head += f"hand {table.hand_no} {hand.street}" if hand else played
    if table.settings.tournament is not None:
        head += f" | level {table.level}"
    rows = [["seat", "player", "stack", "bet", ""]]
    for entry in status_players(table):
        rows.append(
            [
                str(entry["seat"]),
                entry["name"],
                str(entry["stack"]),
                str(entry["bet"]),
                entry["note"],
            ]
        )
    lines = [head, columns(rows)]
    if table.carry:
        lines.append(f"waiting in the middle for the next deal: {table.carry}")
    if hand is not None:
        lines.append(describe_pot(hand))
    lines.append(next_step(table))
    return "\n".join(lines)


def status_players(table: Table) -> list[dict[str, Any]]:
    hand = table.hand
    in_hand = {p.name: p for p in hand.players} if hand else {}
    entries = []
    for account in table.present():
        p = in_hand.get(account.name)
        notes = []
        if hand and account.name == hand.button:
            notes.append("button")
        if p is not None and p.folded:
            notes.append("folded")
        elif p is not None and p.all_in:
            notes.append("all-in")
        if hand and p is not None and hand.to_act == account.name:
            notes.append("to act")
        if p is None and account.sitting_out:
            notes.append("sitting out")
        elif p is None and account.busted:
            notes.append("busted")
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
                "note": ", ".join(notes),
            }
        )
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
        "game": table.config.game.value,
        "betting": table.config.betting.value,
        "blinds": [table.config.small_blind, table.config.big_blind],
        # those of the hand in play, or of the next deal
        "forced_bets": forced_bets_dict(table.config),
        "hand": table.hand_no,
        "carry": table.carry,
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
        players.append(
            {
                "name": account.name,
                "seat": account.seat,
                "stack": stack,
                "bought": account.bought,
                "recaves": account.recaves,
                "cashed_out": account.cashed_out,
                "result": account.result,
                "left": account.left,
                "sitting_out": account.sitting_out,
                "busted": account.busted,
            }
        )
    return {
        "version": JSON_VERSION,
        "session": session,
        "hand": table.hand_no,
        "in_hand": table.in_hand,
        "carry": table.carry,
        "players": players,
    }


def stacks_text(session: str, table: Table) -> str:
    data = stacks_dict(session, table)
    rows = [["seat", "player", "stack", "bought", "recaves", "out", "result", ""]]
    for p in data["players"]:
        note = "left" if p["left"] else ("sitting out" if p["sitting_out"] else "")
        if p["busted"]:
            note = "busted"
        rows.append(
            [
                str(p["seat"]),
                p["name"],
                str(p["stack"]),
                str(p["bought"]),
                str(p["recaves"]),
                str(p["cashed_out"]),
                signed(p["result"]),
                note,
            ]
        )
    count = data["hand"]
    head = f"session {session} | {count} hand{'s' if count != 1 else ''}" + (
        " (hand in play)" if table.in_hand else ""
    )
    return head + "\n" + columns(rows)


# -- the log in words (undo) ------------------------------------------------------------------

_ACTION_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "bet": lambda d: f"bets {d.get('total')}",
    "raise": lambda d: f"raises to {d.get('total')}",
    "open": lambda d: f"opens {d.get('total')}",
    "call": lambda d: f"calls {d.get('added')}",
    "bring-in": lambda d: f"brings in {d.get('added')}",
    "complete": lambda d: f"completes to {d.get('total')}",
    "first": lambda d: "speaks first",
    "abattre": lambda d: "abats",
    "false-open": lambda d: "opened falsely",
    "withdraw": lambda d: "owned up to a false opening",
}


def _action_words(data: dict[str, Any]) -> str:
    verb = str(data.get("verb", data.get("action")))
    say = _ACTION_WORDS.get(verb)
    words = say(data) if say is not None else f"{verb}s"  # folds, checks
    return f"{data.get('player', '?')} {words}"


def _ranking_words(groups: list[list[str]]) -> str:
    return " > ".join(" = ".join(group) for group in groups)


def _low_words(data: dict[str, Any]) -> str:
    """ " | low carol > alice" when the showdown had a low half (hi-lo games)."""
    return f" | low {_ranking_words(data['low'])}" if data.get("low") else ""


def _brelans_words(data: dict[str, Any]) -> str:
    named = ([f"{data['carre']} (carré)"] if data.get("carre") else []) + data["players"]
    return "the brelans of " + ", ".join(named)


def _shares_words(data: dict[str, Any]) -> str:
    shares = ", ".join(f"{name} {chips}" for name, chips in data["shares"] if chips)
    return f"the chips of a void deal shared out: {shares}"


def _leave_all_words(data: dict[str, Any]) -> str:
    leaves = ", ".join(f"{name} with {chips}" for name, chips in data["leaves"])
    split = _shares_words(data) + " first, then " if data.get("shares") else ""
    return f"{split}everyone leaving: {leaves}"


# One entry for each kind of event the log stores (storage.codec.KINDS); the undo test checks
# that every kind has one, so a new kind cannot make `undo` fail after it was recorded.
EVENT_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "seat": lambda d: (
        f"{d['player']} {'returns to' if d.get('returning') else 'sits in'} seat {d['seat']}"
        f" with {d['chips']}"
    ),
    "settle": lambda d: "the settlement (the session is open again)",
    "reopen": lambda d: "the reopening (the session is settled again)",
    "recave": lambda d: f"{d['player']} recaves {d['chips']}",
    "leave": lambda d: f"{d['player']} leaves with {d['chips']}",
    "leave-all": _leave_all_words,
    "button": lambda d: f"the button set on {d['player']}",
    "blinds": lambda d: f"the change of the forced bets to {ForcedBetSchedule(**d).describe()}",
    "level": lambda d: f"the move to level {d['level']}",
    "pause": lambda d: "the pause of the clock",
    "resume": lambda d: "the restart of the clock",
    "rebuy": lambda d: f"{d['player']} rebuys {d['chips']}",
    "addon": lambda d: f"{d['player']} takes the add-on of {d['chips']}",
    "reenter": lambda d: f"{d['player']} re-enters with {d['chips']}",
    "chop": lambda d: (
        f"the deal ({d['method']}) "
        + ", ".join(f"{label} {amount}" for label, amount in d["shares"])
    ),
    "sitout": lambda d: f"{d['player']} sits out",
    "back": lambda d: f"{d['player']} is back",
    "deal": lambda d: f"the deal of hand {d['hand']}",
    "action": _action_words,
    "showdown": lambda d: "the showdown " + _ranking_words(d["ranking"]) + _low_words(d),
    "fine": lambda d: f"the fine of {d['player']} ({d['chips']})",
    "correction": lambda d: f"the count of {d['player']} ({d['stack']})",
    "brelans": _brelans_words,
    "carry-split": _shares_words,
}


def describe_stored(kind: str, data: dict[str, Any]) -> str:
    """A stored event in words, for undo and logs.

    A kind this version does not know (a file written by a newer one) is named by its kind:
    the words must never fail, since `undo` prints them after the undo is committed.
    """
    words = EVENT_WORDS.get(kind)
    return words(data) if words is not None else f"a {kind} event"
