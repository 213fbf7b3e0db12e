"""A finished hand's summary (the `hands` table): built from the hand, stored compact,
read back.

The ledger writes one when a hand ends, the import for every hand, the reports and exports
read them by the hundred thousand (`decode_summary` decodes each once), and `verify` checks
them against a replay of the log.
"""

from __future__ import annotations

import operator
from functools import lru_cache
from itertools import count
from operator import sub

from ..domain import Hand, PotAward
from ..domain.records import Record
from ..domain.table import SessionSettings, Table
from .jsontext import loads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from typing import Any


def hand_summary(table: Table, hand: Hand) -> dict[str, Any]:
    """What the reports keep of a finished hand: who played, the pots, the stacks after."""
    result = hand.result
    assert result is not None
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
        **_outcome_fields(hand),
        "stacks": _stacks_before_side_payments(table),
    }


def _outcome_fields(hand: Hand) -> dict[str, Any]:
    """The fields of a finished hand's summary that its stored form leaves out at their
    default (`SUMMARY_DEFAULTS`)."""
    result, shown = hand.result, hand.showdown_event
    assert result is not None
    ranking = shown.ranking if shown else None
    low = shown.low if shown else None
    return {
        "returned": result.returned,
        "by_fold": result.by_fold,
        "void": result.void,
        "carry": result.carry,
        "ranking": [list(group) for group in ranking] if ranking else None,
        "low": [list(group) for group in low] if low else None,
    }


def _stacks_before_side_payments(table: Table, *, in_seat_order: bool = True) -> dict[str, int]:
    """Everyone's stack once the pots are paid, by seat (`in_seat_order`: the reports read
    the stacks in that order; the stored form names them by the hand's players, and takes
    them in any order). Side payments made by the event that ended the hand (Bouillotte's
    brelans read from the cards) are kept with that event, as a `brelan` command's are: the
    summary never counts them, whichever command paid them."""
    players = table.present() if in_seat_order else table.present_by_name().values()
    stacks = {a.name: a.stack for a in players}
    if table.game.paid_hand == table.hand_no:  # (paid by the event that ended this hand)
        for name, delta in table.game.side_payments.items():
            stacks[name] -= delta
    return stacks


# The fields of a hand summary that are left out of the stored form when they hold these.
SUMMARY_DEFAULTS: dict[str, Any] = {
    "returned": {},
    "by_fold": False,
    "void": False,
    "carry": 0,
    "ranking": None,
    "low": None,
}


def compact_summary(summary: dict[str, Any], settings: SessionSettings) -> list[Any]:
    """A hand summary's stored form, without what the row or the session already say, and
    without repetition: a JSON array [players, start, net, pots, button, rest].

    The hand number is the row's; `players` are named once, in the order of the hand;
    `start` and `net` (final - start) follow them (`start` one number when every player
    started with it); the pots are [amount, eligible, shares]
    with the players by their index in `players` (and a fourth item for a name that is not
    "main pot" / "side pot N" or the halves of a hi-lo pot); `button` is an index too. `rest`
    (left out when empty) holds what is not at its default: `others` (the stacks after the
    hand of the players who sat it out), `after` (the stacks after the hand of its players,
    only when they are not start + net), the forced bets when they are not the session's,
    `returned`, `by_fold`, `void`, `carry`, `ranking`, `low`."""
    rest = {
        key: summary[key] for key, default in SUMMARY_DEFAULTS.items() if summary[key] != default
    }
    if summary["schedule"] != settings.table.schedule._asdict():
        rest["schedule"] = summary["schedule"]
    pots = summary["pots"]
    return _stored_form(
        summary["players"],
        summary["start"],
        summary["final"],
        summary["stacks"],
        summary["button"],
        lambda index: [_compact_pot(number, pot, index) for number, pot in enumerate(pots)],
        rest,
    )


# Each list of players met, by its players' index in it (`_stored_form`: never changed), made
# once for each: a file's hands are played by a few players in a few orders; a process that
# meets many keeps the last ones.
@lru_cache(maxsize=4096)
def _indexes(players: tuple[str, ...]) -> dict[str, int]:
    return dict(zip(players, count()))


def _stored_form(
    players: list[str],
    start: dict[str, int],
    final: dict[str, int],
    stacks: dict[str, int],
    button: str,
    pots: Callable[[dict[str, int]], list[Any]],
    rest: dict[str, Any],
) -> list[Any]:
    """[players, start, net, pots, button, rest?] (see `compact_summary`): the players by
    their index; `pots` makes the pots' rows from that index; `others` and `after` added to
    `rest` when there are any."""
    index = _indexes(tuple(players))  # (each player named once)
    if stacks.keys() != index.keys():  # (most hands: everyone at the table played it)
        others = [[name, chips] for name, chips in stacks.items() if name not in index]
        if others:
            rest["others"] = sorted(others)
    finals = list(map(final.__getitem__, players))
    after = list(map(stacks.get, players))
    if after != finals:
        rest["after"] = after
    starts = list(map(start.__getitem__, players))
    stored: list[Any] = [
        players,
        # (one number when everyone starts alike, as in most hand histories: m012)
        starts[0] if starts and starts.count(starts[0]) == len(starts) else starts,
        list(map(sub, finals, starts)),
        pots(index),
        index.get(button, button),
    ]
    if rest:
        stored.append(rest)
    return stored


def compact_hand_summary(table: Table, hand: Hand, settings: SessionSettings) -> list[Any]:
    """`compact_summary(hand_summary(table, hand), settings)`, built directly from the hand
    (a replay writes one for every hand)."""
    result = hand.result
    assert result is not None
    # (the result's fields read at once, which costs less than one by one: every hand
    # replayed makes its summary)
    start, final, awards, returned, by_fold, carry, void = result
    rest = _outcome_rest(hand, returned, by_fold, void, carry)
    config = hand.config
    if config is not settings.table and config.schedule != settings.table.schedule:
        rest["schedule"] = config.schedule._asdict()
    return _stored_form(
        list(start),  # (in the order of the hand, as `hand.players`)
        start,
        final,
        _stacks_before_side_payments(table, in_seat_order=False),
        hand.button,
        lambda index: [_award_row(number, award, index) for number, award in enumerate(awards)],
        rest,
    )


def _outcome_rest(
    hand: Hand, returned: dict[str, int], by_fold: bool, void: bool, carry: int
) -> dict[str, Any]:
    """The fields of `_outcome_fields` that are not at their default (`SUMMARY_DEFAULTS`),
    each looked at once (a replay makes a summary for every hand)."""
    rest: dict[str, Any] = {}
    if returned:
        rest["returned"] = returned
    if by_fold:
        rest["by_fold"] = by_fold
    if void:
        rest["void"] = void
    if carry:
        rest["carry"] = carry
    shown = hand.showdown_event
    if shown is not None:
        if shown.ranking:
            rest["ranking"] = [list(group) for group in shown.ranking]
        if shown.low:
            rest["low"] = [list(group) for group in shown.low]
    return rest


def _award_row(number: int, award: PotAward, index: dict[str, int]) -> list[Any]:
    """`_compact_pot` of the pot `hand_summary` makes of this award."""
    name, (amount, players), shares, high, low = award  # (its fields read at once)
    who = index.get  # (a player not of the hand by his name)
    try:  # (every player of the pot is of the hand, as in most pots)
        eligible: list[Any] = list(map(index.__getitem__, players))
    except KeyError:
        eligible = [who(player, player) for player in players]
    row: list[Any] = [amount, eligible, [[who(n, n), chips] for n, chips in shares]]
    named = _POT_NAMES[number] if number < len(_POT_NAMES) else pot_name(number)
    if low or name != named:  # (most pots: neither split high / low nor renamed)
        extra: dict[str, Any] = {}
        if low:
            extra["high"] = [[who(n, n), chips] for n, chips in high]
            extra["low"] = [[who(n, n), chips] for n, chips in low]
        if name != named:
            extra["name"] = name
        row.append(extra)
    return row


def _compact_pot(number: int, pot: dict[str, Any], index: dict[str, int]) -> list[Any]:
    def who(name: str) -> int | str:
        return index.get(name, name)

    def shares(key: str) -> list[list[Any]]:
        return [[who(name), amount] for name, amount in pot[key]]

    row: list[Any] = [pot["amount"], [who(name) for name in pot["eligible"]], shares("shares")]
    extra: dict[str, Any] = {key: shares(key) for key in ("high", "low") if key in pot}
    if pot["name"] != pot_name(number):
        extra["name"] = pot["name"]
    if extra:
        row.append(extra)
    return row


def pot_name(number: int) -> str:
    """The name a pot has by its place: "main pot", "side pot 1", ..."""
    return "main pot" if number == 0 else f"side pot {number}"


class StoredPot(Record):
    """A pot of a stored hand summary, its players named (`eligible`: as stored, by index)."""

    amount: int
    name: str
    shares: list[list[Any]]  # [[player, chips], ...]
    high: list[list[Any]] | None  # the halves of a pot split in a hi-lo game
    low: list[list[Any]] | None
    eligible: list[Any]


class StoredHand(Record):
    """A stored hand summary decoded once, in the order of its players (`final`, `start`:
    their stacks before and after the hand; `stacks`: everyone's after it, the players'
    first); `rest` holds what is not at its default (`compact_summary`)."""

    players: list[str]
    start: list[int]
    final: list[int]
    stacks: dict[str, int]
    pots: list[StoredPot]
    button: str
    rest: dict[str, Any]


# A record made from its fields' tuple (all given, in order) as its constructor makes it,
# without the call through the constructor: the reports decode a record for every hand and
# every pot.
_TUPLE_NEW = tuple.__new__

# The pots' names by their place, made once (`pot_name`).
_POT_NAMES = tuple(pot_name(number) for number in range(32))


def decode_summary(stored: Any, hand_no: int, settings: SessionSettings) -> StoredHand:
    """A stored hand summary (`compact_summary`'s array, or the JSON object of files
    before migration m007) decoded: the players named, the stacks worked out."""
    if isinstance(stored, dict):  # (the form before m007, made compact first)
        stored = compact_summary(_expand_m004(stored, hand_no, settings, None), settings)
    # (unpacked whole when it has its six items, as most summaries: no slice made)
    if len(stored) == 6:
        players, start, net, stored_pots, button, rest = stored
    else:
        players, start, net, stored_pots, button = stored[:5]
        rest = stored[5] if len(stored) > 5 else {}
    if type(start) is int:  # (one number when everyone started with it)
        start = [start] * len(players)
    final = list(map(operator.add, start, net))
    after = rest.get("after")
    stacks = dict(zip(players, final if after is None else after, strict=True))
    if "others" in rest:
        stacks.update(rest["others"])
    pots = [_decode_pot(number, row, players) for number, row in enumerate(stored_pots)]
    if type(button) is int:  # (`_named` written out: every hand has a button)
        button = players[button]
    return _TUPLE_NEW(StoredHand, (players, start, final, stacks, pots, button, rest))


def read_summary(text: str, hand_no: int, settings: SessionSettings) -> StoredHand:
    """A hand summary as the `hands` table keeps it (its JSON text) decoded."""
    return decode_summary(loads(text), hand_no, settings)


def read_summaries(
    rows: Iterable[tuple[int, str]], settings: SessionSettings
) -> Iterator[tuple[int, StoredHand]]:
    """Each row (hand number, summary text) of the `hands` table, its summary decoded as
    `read_summary` does: a report reads a session's every hand this way."""
    import json  # (the reports': not on the path of a table command)

    # (`json.loads` checks for bytes, calls the decoder and matches the whitespace before
    # and after the value, for every hand; the summaries are written without any, so
    # `raw_decode` reads them, `loads` only what it leaves: a text it cannot read, or with
    # something around the value, which `loads` reads or words the error of as json does)
    raw_decode = json.JSONDecoder().raw_decode
    for hand_no, text in rows:
        try:
            stored, end = raw_decode(text)
            whole = end == len(text)
        except (ValueError, TypeError):
            whole = False
        if not whole:
            stored = loads(text)
        yield hand_no, decode_summary(stored, hand_no, settings)


def _named(players: list[str], who: Any) -> Any:
    """A player stored by his index in the hand's players (or by name)."""
    return players[who] if type(who) is int else who


def _decode_pot(number: int, row: list[Any], players: list[str]) -> StoredPot:
    # (`_named` written out: most hands' shares)
    shares = [[players[who] if type(who) is int else who, chips] for who, chips in row[2]]
    if len(row) < 4:  # (most pots: named by their place, not split high / low)
        name = _POT_NAMES[number] if number < len(_POT_NAMES) else pot_name(number)
        # (the tuple made whole: every field given, as the record's constructor would)
        return _TUPLE_NEW(StoredPot, (row[0], name, shares, None, None, row[1]))
    extra = row[3]
    high, low = (
        [[_named(players, who), chips] for who, chips in extra[key]] if key in extra else None
        for key in ("high", "low")
    )
    return StoredPot(row[0], extra.get("name", pot_name(number)), shares, high, low, row[1])


def _pot_object(pot: StoredPot, players: list[str]) -> dict[str, Any]:
    """A decoded pot as the JSON object of a summary (the keys in the order it kept them)."""
    data: dict[str, Any] = {
        "amount": pot.amount,
        "eligible": [_named(players, who) for who in pot.eligible],
    }
    if pot.high is not None:
        data["high"] = pot.high
    if pot.low is not None:
        data["low"] = pot.low
    data["name"] = pot.name
    data["shares"] = pot.shares
    return data


def expand_summary(
    stored: Any,
    hand_no: int,
    settings: SessionSettings,
    *,
    schedule: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A hand summary with every field, from its stored form (`compact_summary`'s array, or
    the JSON object of files before migration m007); `schedule`: the session's forced bets
    as a dict, when the caller has it already. Its dicts of players are in name order."""
    if isinstance(stored, dict):  # (the form before m007)
        return _expand_m004(stored, hand_no, settings, schedule)
    hand = decode_summary(stored, hand_no, settings)
    players, rest = hand.players, hand.rest
    if "schedule" in rest:
        forced = rest["schedule"]
    else:
        forced = dict(settings.table.schedule._asdict() if schedule is None else schedule)
    return {
        "button": hand.button,
        "by_fold": rest.get("by_fold", False),
        "carry": rest.get("carry", 0),
        "final": dict(sorted(zip(players, hand.final, strict=True))),
        "hand": hand_no,
        "low": rest.get("low"),
        "players": players,
        "pots": [_pot_object(pot, players) for pot in hand.pots],
        "ranking": rest.get("ranking"),
        "returned": dict(rest.get("returned", {})),
        "schedule": forced,
        "stacks": dict(sorted(hand.stacks.items())),
        "start": dict(sorted(zip(players, hand.start, strict=True))),
        "void": rest.get("void", False),
    }


def _expand_m004(
    stored: dict[str, Any],
    hand_no: int,
    settings: SessionSettings,
    schedule: dict[str, Any] | None,
) -> dict[str, Any]:
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
