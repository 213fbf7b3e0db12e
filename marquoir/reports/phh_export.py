"""Export a session's hands as PHH (the `.phhs` form: a TOML table per hand).

The hands are rebuilt from the session's events by the table's own rules. Each hand lists its
players in PHH order (p1 the first left of the button ... pn the button; heads-up p1 is the
big blind), their stacks when dealt, the forced bets and limits that hand was dealt with
(a `blinds` event between hands changes them), the actions
(`d dh pN ????` or the cards shown at the showdown, `pN cbr X` for a bet or raise to X,
`pN cc`, `pN f`, `d db ...` with `?` for cards nobody recorded), the showdown (`pN sm CARDS`
for the cards shown, `pN sm` for a player who lost without showing, `pN sm ????` for one
who takes a pot without showing), and what Marquoir knows of the hand: `finishing_stacks`,
`winnings` (the chips each took from the pots), `currency`, the deal's date and time in UTC
(`year`, `month`, `day`, `time`, `time_zone`), `event` and `table` (the session), `seats` and
`seat_count`, the chip value as the user field `_chip_value` (PHH amounts are chips), the
session's settings as `_settings` (what PHH cannot say: the fixed-limit cap, a straddle not
posted in this hand, the caves, a tournament's structure), and what the session recorded
around the hand (`Story`: `_before`, `_during`, `_showdown`, `_after`, with `_marquoir`, the
version of these fields), so `marquoir import phh` gives the same session back.

A showdown given as a ranking (without the cards) is written with unknown cards (`????`, an
unknown board): `finishing_stacks` and `winnings` carry its result, `marquoir import phh`
takes it from there, but PokerKit cannot replay such a hand (it decides showdowns from the
cards): `unknown_cards` counts them so the command can say so.

Skipped, with a message: an unfinished hand, a hand that starts with a void deal's chips, and
every hand of a session whose game PHH has no variant for: pot-limit hold'em, no-limit or
fixed-limit Omaha (FO/8 is hi-lo), five-card draw, jackpots, seven-card stud as Marquoir keeps
it (without the door cards that say who brings in), Bouillotte.
"""

from __future__ import annotations

import datetime

from ..domain.events import Acted, Dealt, ShowedDown
from ..domain.hand import Hand
from ..domain.i18n import _, game_words, ngettext
from ..domain.phh import HOLE_CARDS, PHHHand, dumps, forced_bet_fields, variant_of
from ..domain.records import Record
from ..domain.table import Table
from ..storage import codec
from ..storage.codec import event_from_record, settings_to_dict
from ..storage.ledger import Ledger, SessionInfo

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

STREET_CARDS = (0, 3, 1, 1)  # board cards dealt at the start of each hold'em round
UNKNOWN_CARDS_NOTE = (
    "hands had their showdown given as a ranking: they are written with unknown cards (????) "
    "and their result is in finishing_stacks and winnings, but PokerKit cannot replay them"
)


def unknown_cards(hands: list[PHHHand]) -> int:
    """How many of these hands have a player show unknown cards (`pN sm ????`)."""
    return sum(
        any(
            " sm " in action and set(action.split(" sm ", 1)[1].strip()) == {"?"}
            for action in hand.actions
        )
        for hand in hands
    )


def export_phh(ledger: Ledger, session: SessionInfo | str | None = None) -> tuple[str, list[str]]:
    """Every finished hand of the session (the current one by default) as PHH text, and a
    message for each hand or session that PHH cannot express."""
    hands, skipped = phh_hands(ledger, session)
    return dumps(hands), skipped


def phh_hands(
    ledger: Ledger, session: SessionInfo | str | None = None
) -> tuple[list[PHHHand], list[str]]:
    """Every finished hand of the session as a PHH record, and what was skipped."""
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
        said = ngettext(
            "session {name}: PHH has no variant for {game} ({count} hand skipped)",
            "session {name}: PHH has no variant for {game} ({count} hands skipped)",
            count,
        )
        return [], [said.format(name=info.name, game=game_words(config.title()), count=count)]
    hands: list[PHHHand] = []
    skipped: list[str] = []
    dealt = ledger.deal_times(info)
    stories = told_hands(ledger, info)
    for story in stories:
        number, played = story.number, story.played
        if played is None:
            skipped.append(_("hand {number}: not finished").format(number=number))
        elif played.dead_in:
            skipped.append(
                _("hand {number}: it starts with the chips of a void deal").format(number=number)
            )
        else:  # a showdown given as a ranking: the cards are unknown (????), the winners
            # show unknown cards, the others muck, and finishing_stacks carry the result
            record = hand_record(info, played, story.showed, number=number, when=dealt.get(number))
            hands.append(record._replace(extra=record.extra + story.fields()))
    if hands and stories.after:  # (what was recorded after the last hand written)
        last = hands[-1]
        hands[-1] = last._replace(extra=(*last.extra, ("_after", stories.after)))
    return hands, skipped


# The version of the fields below: `marquoir import phh` replays a hand that carries them
# exactly as the session recorded it.
MARQUOIR_FIELDS = 1


class Story(Record):
    """A hand of the session as its log tells it: its number; the hand once finished (None:
    left unfinished); its showdown event; and, as `kind JSON` texts (the event's kind and
    its data as the database keeps them), the events recorded since the hand before ended
    (caves, recaves, departures, new blinds, a tournament's levels...), those recorded while
    it was played that are not betting actions (each after the number of actions made
    before it), and its showdown."""

    number: int
    played: Hand | None
    showed: ShowedDown | None
    before: tuple[str, ...]
    during: tuple[str, ...]
    showdown: str | None

    def fields(self) -> tuple[tuple[str, object], ...]:
        """The `_`-prefixed fields a PHH reader ignores and `marquoir import phh` replays."""
        fields: list[tuple[str, object]] = [("_marquoir", MARQUOIR_FIELDS)]
        fields.append(("_before", list(self.before)))
        if self.during:
            fields.append(("_during", list(self.during)))
        if self.showdown is not None:
            fields.append(("_showdown", self.showdown))
        return tuple(fields)


class _Stories:
    """The session's hands as stories (`Story`), in order; once read, `after` holds what was
    recorded after the last finished hand (a hand left unfinished left out)."""

    def __init__(self, ledger: Ledger, info: SessionInfo) -> None:
        self.ledger, self.info = ledger, info
        self.after: list[str] = []

    def __iter__(self) -> Iterator[Story]:
        table = Table(self.info.settings)
        pending: list[str] = []  # (recorded since the last hand ended)
        before: list[str] = []
        during: list[str] = []
        acted = 0
        showed: ShowedDown | None = None
        showdown: str | None = None
        for stored in self.ledger.events(self.info):
            event = event_from_record(stored.kind, stored.data, table)
            in_hand = table.hand is not None or isinstance(event, Dealt)
            table.apply(event)
            text = f"{stored.kind} {codec.dumps(stored.data)}"
            if isinstance(event, Dealt):
                before, pending, during, acted = pending, [], [], 0
                showed = showdown = None
            elif not in_hand:
                pending.append(text)
            elif isinstance(event, Acted):
                acted += 1
            elif isinstance(event, ShowedDown):
                showed, showdown = event, text
            else:
                during.append(f"{acted} {text}")
            if in_hand and table.hand is None and table.last_hand is not None:
                yield Story(
                    table.hand_no, table.last_hand, showed, tuple(before), tuple(during), showdown
                )
        if table.hand is not None:
            yield Story(table.hand_no, None, None, (), (), None)
        self.after = pending


def told_hands(ledger: Ledger, info: SessionInfo) -> _Stories:
    """The session's hands as its log tells them (`Story`); `after` once they are read."""
    return _Stories(ledger, info)


def finished_hands(
    ledger: Ledger, info: SessionInfo
) -> Iterator[tuple[int, Hand | None, ShowedDown | None]]:
    """Each hand of the session once finished: its number, the hand, its showdown event;
    the hand is None for a hand left unfinished at the end."""
    table = Table(info.settings)
    showed: ShowedDown | None = None
    for stored in ledger.events(info):
        event = event_from_record(stored.kind, stored.data, table)
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
    info: SessionInfo,
    played: Hand,
    showed: ShowedDown | None,
    *,
    number: int | None = None,
    when: str | None = None,
) -> PHHHand:
    """One finished hand as a PHH record (amounts in chips); `number` its hand number,
    `when` the time it was dealt (ISO 8601, UTC)."""
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
    won = {name: 0 for name in order}
    for award in played.result.awards:
        for name, amount in award.shares:
            won[name] += amount
    settings = info.settings
    extra: list[tuple[str, object]] = [
        ("event", info.name),
        *_dealt_at(when),
        ("seats", [seats[name] for name in order]),
        ("seat_count", max(seats.values())),
        ("table", info.name),
        ("winnings", [won[name] for name in order]),
        ("currency", settings.currency),
        ("_chip_value", str(settings.chip_value)),
        ("_settings", _without_none(settings_to_dict(settings))),
    ]
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
        extra=tuple(extra),
    )


def _without_none(data: dict[str, Any]) -> dict[str, Any]:
    """TOML has no null: a setting left at None (no limit) is left out."""
    return {
        key: _without_none(value) if isinstance(value, dict) else value
        for key, value in data.items()
        if value is not None
    }


def _dealt_at(when: str | None) -> list[tuple[str, object]]:
    """PHH's date and time fields from an ISO time in UTC (`time_zone_abbreviation` is left
    out: PokerKit 0.7 does not know it)."""
    if not when:
        return []
    try:
        moment = datetime.datetime.fromisoformat(when)
    except ValueError:
        return []
    return [
        ("time", moment.time().replace(tzinfo=None, microsecond=0)),
        ("time_zone", "UTC"),
        ("day", moment.day),
        ("month", moment.month),
        ("year", moment.year),
    ]


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


__all__ = [
    "MARQUOIR_FIELDS",
    "UNKNOWN_CARDS_NOTE",
    "Story",
    "export_phh",
    "finished_hands",
    "hand_record",
    "phh_hands",
    "told_hands",
    "unknown_cards",
]
