"""Export a session's hands as PHH (the `.phhs` form: a TOML table per hand).

The hands are rebuilt from the session's events by the table's own rules. Each hand lists its
players in PHH order (p1 the first left of the button ... pn the button; heads-up p1 is the
big blind), their stacks when dealt, the forced bets and limits that hand was dealt with (a
`blinds` event between hands changes them), the actions (`d dh pN ????` or the cards shown
at the showdown, `pN cbr X` for a bet or raise to X, `pN cc`, `pN f`, `d db ...` with `?`
for cards nobody recorded), the showdown (`pN sm CARDS` for the cards shown, `pN sm` for a
player who lost without showing, `pN sm ????` for one who takes a pot of his own without
showing), and Marquoir's `finishing_stacks`.

Skipped, with a message: a showdown given as a ranking without the cards (PHH tells the
winner from the cards only, and PokerKit cannot replay a showdown with unknown board cards),
an unfinished hand, and every hand of a session whose game PHH has no variant for: pot-limit
hold'em, no-limit or fixed-limit Omaha (FO/8 is hi-lo), five-card draw, jackpots, seven-card
stud as Marquoir keeps it (without the door cards that say who brings in), Bouillotte.
"""

from __future__ import annotations

from ..domain.hand import Hand
from ..domain.phh import HOLE_CARDS, PHHHand, dumps, forced_bet_fields, variant_of
from ..domain.table import Dealt, ShowedDown, Table
from ..storage.codec import event_from_record
from ..storage.ledger import Ledger, SessionInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator

STREET_CARDS = (0, 3, 1, 1)  # board cards dealt at the start of each hold'em round


def export_phh(ledger: Ledger, session: SessionInfo | str | None = None) -> tuple[str, list[str]]:
    """Every finished hand of the session (the current one by default) as PHH text, and a
    message for each hand or session that PHH cannot express."""
    if session is None:
        info = ledger.current()
    elif isinstance(session, str):
        info = ledger.session_named(session)
    else:
        info = session
    config = info.settings.table
    variant = variant_of(config)
    if variant is None:
        count = len(ledger.hands(info))
        what = f"{count} hand{'s' if count != 1 else ''}"
        return "", [
            f"session {info.name}: PHH has no variant for {config.title()} ({what} skipped)"
        ]
    hands: list[PHHHand] = []
    skipped: list[str] = []
    for number, played, showed in finished_hands(ledger, info):
        if played is None:
            skipped.append(f"hand {number}: not finished")
        elif played.dead_in:
            skipped.append(f"hand {number}: it starts with the chips of a void deal")
        else:  # a showdown given as a ranking: the cards are unknown (????), the winners
            # show unknown cards, the others muck, and finishing_stacks carry the result
            hands.append(hand_record(info, played, showed, number=number))
    return dumps(hands), skipped


def finished_hands(
    ledger: Ledger, info: SessionInfo
) -> Iterator[tuple[int, Hand | None, ShowedDown | None]]:
    """Each hand of the session once finished: its number, the hand, its showdown event;
    the hand is None for a hand left unfinished at the end."""
    table = Table(info.settings)
    showed: ShowedDown | None = None
    for stored in ledger.events(info):
        event = event_from_record(stored.kind, stored.data)
        in_hand = table.hand is not None or isinstance(event, Dealt)
        table.apply(event)
        if isinstance(event, Dealt):
            showed = None
        elif isinstance(event, ShowedDown):
            showed = event
        if in_hand and table.hand is None and table.last_hand is not None:
            yield table.hand_no, table.last_hand, showed
    if table.hand is not None:
        yield table.hand_no, None, None


def hand_record(
    info: SessionInfo, played: Hand, showed: ShowedDown | None, *, number: int | None = None
) -> PHHHand:
    """One finished hand as a PHH record (amounts in chips); `number` its hand number."""
    assert played.result is not None
    config = played.config  # the forced bets this hand was dealt with (`blinds` may change)
    order = played.order_of_play()
    index = {name: i + 1 for i, name in enumerate(order)}
    straddled = any(bet.kind == "straddle" for bet in played.forced)
    fields = forced_bet_fields(config, len(order), straddled=straddled)
    holes = HOLE_CARDS[fields["variant"]]
    shown = {name: "".join(text.split()) for name, text in (showed.cards if showed else ())}
    board = "".join(showed.board.split()) if showed and showed.board else "??" * 5
    flops = _board_parts(board)
    actions = [f"d dh p{index[name]} {shown.get(name, '??' * holes)}" for name in order]
    street = 0
    for event in played.events:
        reached = played.rules.streets.index(event.street)
        while street < reached:
            street += 1
            actions.append(f"d db {flops[street]}")
        who = f"p{index[event.player]}"
        if event.verb == "fold":
            actions.append(f"{who} f")
        elif event.verb in ("check", "call"):
            actions.append(f"{who} cc")
        else:  # bet, raise, complete: the total for the round
            actions.append(f"{who} cbr {event.total}")
    if showed is not None:
        actions += _showdown(played, showed, index, shown, street, flops, holes)
    seats = {p.name: p.seat for p in played.players}
    return PHHHand(
        variant=fields["variant"],
        ante_trimming_status=fields["ante_trimming_status"],
        antes=tuple(fields["antes"]),
        blinds_or_straddles=tuple(fields["blinds_or_straddles"]),
        min_bet=fields.get("min_bet"),
        small_bet=fields.get("small_bet"),
        big_bet=fields.get("big_bet"),
        starting_stacks=tuple(played.start_stacks[name] for name in order),
        actions=tuple(actions),
        players=tuple(order),
        finishing_stacks=tuple(played.result.final[name] for name in order),
        hand=number,
        extra=(("seats", [seats[name] for name in order]), ("table", info.name)),
    )


def _board_parts(board: str) -> tuple[str, ...]:
    """The cards dealt at the start of each round: ("", flop, turn, river)."""
    parts, at = [], 0
    for count in STREET_CARDS:
        parts.append(board[at : at + 2 * count])
        at += 2 * count
    return tuple(parts)


def _showdown(
    played: Hand,
    showed: ShowedDown,
    index: dict[str, int],
    shown: dict[str, str],
    street: int,
    flops: tuple[str, ...],
    holes: int,
) -> list[str]:
    """The rest of the board, then each player still in shows or mucks.

    A player who did not show but takes a pot nobody else could win (the only one eligible)
    shows unknown cards: a muck would leave that pot to nobody in PHH.
    """
    assert played.result is not None
    lines = [f"d db {flops[s]}" for s in range(street + 1, len(flops))]
    takers = {name for award in played.result.awards for name in award.winners}
    folded = {view.name for view in played.players if view.folded}
    for name in played.order_of_play():
        if name in folded:
            continue
        if name in shown:
            lines.append(f"p{index[name]} sm {shown[name]}")
        elif name in takers:
            lines.append(f"p{index[name]} sm {'??' * holes}")
        else:
            lines.append(f"p{index[name]} sm")
    return lines


__all__ = ["export_phh", "finished_hands", "hand_record"]
