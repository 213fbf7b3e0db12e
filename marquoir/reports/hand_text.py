"""The hands of the report's JSON, written as text straight from their stored summaries.

`json.dumps(..., indent=2)` writes in pure Python (its C encoder writes no indentation):
40 µs a hand, 4 s for a session of 100,000 hands. The hands all have the same shape (the
keys of render.py `_hand_data`), so `HandWriter` writes that shape itself, from the hand
decoded once (`summaries.decode_summary`), keeping what repeats from hand to hand: each name
as JSON, the order of a hand's players by name, the forced bets' text. The text is the same
as `json.dumps(_hand_data(...), sort_keys=True, indent=2, ensure_ascii=False)` indented
from where the hand starts; tests/test_report_streaming.py compares the two.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Iterator
from typing import Any

from ..storage import codec, summaries
from .model import HandLog
from .scan import FigureCounter


def encode(text: str) -> str:
    """A JSON string as `json.dumps(..., ensure_ascii=False)` writes it (`HandWriter` keeps
    each name's, so this runs for few strings)."""
    return json.dumps(text, ensure_ascii=False)


def pretty(value: Any, pad: str) -> str:
    """`json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False)` written from `pad`
    (a newline and the indentation the value starts at) for the JSON types of a report."""
    if isinstance(value, str):
        return encode(value)
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        return f"{value:d}"  # (an int's digits, whatever its class)
    inner = pad + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{inner}{encode(key)}: {pretty(value[key], inner)}" for key in sorted(value)]
        return "{" + ",".join(items) + pad + "}"
    if isinstance(value, list | tuple):
        if not value:
            return "[]"
        return "[" + ",".join([inner + pretty(item, inner) for item in value]) + pad + "]"
    return json.dumps(value, sort_keys=True, indent=2, ensure_ascii=False).replace("\n", pad)


# The keys of a hand's JSON object, sorted as `json.dumps(..., sort_keys=True)` writes them
# (render.py `_hand_data`).
HAND_KEYS = (
    "button",
    "by_fold",
    "carry",
    "forced_bets",
    "hand",
    "nets",
    "players",
    "pots",
    "stacks",
    "stakes",
    "void",
)


class _Encoded(dict[str, str]):
    """Each name met, as a JSON string (`encode`), encoded the first time it is asked for:
    a report names the same few players in every hand."""

    def __missing__(self, name: str) -> str:
        text = self[name] = encode(name)
        return text


class _Players:
    """What a hand's JSON says of its players, the same in every hand they play together:
    their order by name, the keys of `nets` and `stacks`, the list `players`."""

    def __init__(self, players: list[str], pad: str) -> None:
        inner = pad + "  "
        self.order = sorted(range(len(players)), key=players.__getitem__)
        keys = [f"{inner}{encode(players[i])}: " for i in self.order]
        self.keys = [keys[0], *("," + key for key in keys[1:])] if keys else []
        self.close = pad + "}"
        self.listed = pretty(players, pad)

    def counts(self, values: list[int]) -> str:
        """The players' chips (in the hand's order) as a JSON object, keys sorted."""
        if not values:
            return "{}"
        ordered = map(values.__getitem__, self.order)
        return "{" + "".join(map(operator.add, self.keys, map(str, ordered))) + self.close


class HandWriter:
    """Each hand of a session as the report's JSON writes it, indented from `pad` (a newline
    and the indentation of the hands' list)."""

    def __init__(self, log: HandLog, pad: str) -> None:
        self.side_payments = log.side_payments
        self.forced = log.forced
        self.i1 = pad + "  "  # the hand's keys
        i3 = self._i3 = self.i1 + "    "  # a pot's keys
        i4 = i3 + "  "  # a share
        self.close = pad + "}"
        self._players: dict[tuple[str, ...], _Players] = {}
        self._forced: dict[str | None, tuple[str, str]] = {}
        self._pot = (self.i1 + "  {" + i3 + '"chips": ', i3 + '"pot": ', i3 + '"shares": ')
        self._pot_close = self.i1 + "  }"
        self._share = i4 + "{" + i4 + '  "chips": '
        self._share_end = i4 + '  "player": '
        self._share_close = i4 + "}"
        self._list_close = (i3 + "]", self.i1 + "]")
        self._names = _Encoded()
        # what comes between the values: each key after the comma and the indentation
        # before it, joined once (the hands all have the same keys, sorted)
        self._keys = [
            f"{'{' if number == 0 else ','}{self.i1}{encode(key)}: "
            for number, key in enumerate(HAND_KEYS)
        ]

    def hand(self, hand_no: int, hand: summaries.StoredHand) -> str:
        """The hand's JSON object (render.py `_hand_data`)."""
        i1 = self.i1
        rest = hand.rest
        key = tuple(hand.players)
        players = self._players.get(key)
        if players is None:
            players = self._players[key] = _Players(hand.players, i1)
        stakes, forced = self._forced_bets(rest.get("schedule"))
        paid = self.side_payments.get(hand_no)
        if paid or "after" in rest or "others" in rest:
            nets, stacks = self._with_side_payments(hand, paid or {})
        else:  # (the common case: the stacks after the hand are start + net)
            nets = players.counts(list(map(operator.sub, hand.final, hand.start)))
            stacks = players.counts(hand.final)
        keys = self._keys
        return "".join(
            (
                keys[0],
                self._names[hand.button],
                keys[1],
                pretty(rest["by_fold"], i1) if "by_fold" in rest else "false",
                keys[2],
                pretty(rest["carry"], i1) if "carry" in rest else "0",
                keys[3],
                forced,
                keys[4],
                str(hand_no),
                keys[5],
                nets,
                keys[6],
                players.listed,
                keys[7],
                self._pots(hand.pots),
                keys[8],
                stacks,
                keys[9],
                stakes,
                keys[10],
                pretty(rest["void"], i1) if "void" in rest else "false",
                self.close,
            )
        )

    def _forced_bets(self, schedule: dict[str, Any] | None) -> tuple[str, str]:
        """The hand's stakes and forced bets as JSON (None: the session's), made once a
        schedule."""
        key = codec.dumps(schedule) if schedule else None
        known = self._forced.get(key)
        if known is None:
            stakes, details = self.forced.of({"schedule": schedule})
            known = self._forced[key] = (encode(stakes), pretty(details, self.i1))
        return known

    def _with_side_payments(
        self, hand: summaries.StoredHand, paid: dict[str, int]
    ) -> tuple[str, str]:
        """`nets` and `stacks` with the side payments after the hand (Bouillotte's brelans),
        or stacks that are not start + net."""
        by_player = zip(hand.players, hand.final, hand.start, strict=True)
        nets = {name: final - start for name, final, start in by_player}
        stacks = dict(hand.stacks)
        for name, delta in paid.items():
            nets[name] = nets.get(name, 0) + delta
            stacks[name] = stacks.get(name, 0) + delta
        return counts_text(nets, self.i1), counts_text(stacks, self.i1)

    def _pots(self, pots: list[summaries.StoredPot]) -> str:
        if not pots:
            return "[]"
        chips, named, shares = self._pot
        items = []
        for pot in pots:
            halves = ""
            if pot.low:  # (a pot split high / low)
                high, low = self._shares(pot.high or ()), self._shares(pot.low)
                halves = f'{self._i3}"high": {high},{self._i3}"low": {low},'
            items.append(
                f"{chips}{pot.amount},{halves}{named}{self._names[pot.name]},"
                f"{shares}{self._shares(pot.shares)}{self._pot_close}"
            )
        return "[" + ",".join(items) + self._list_close[1]

    def _shares(self, shares: Any) -> str:
        if not shares:
            return "[]"
        start, end, close, names = self._share, self._share_end, self._share_close, self._names
        items = [f"{start}{chips},{end}{names[name]}{close}" for name, chips in shares]
        return "[" + ",".join(items) + self._list_close[0]


def counts_text(chips: dict[str, Any], pad: str) -> str:
    """A dict of names to chips, keys sorted, as `pretty` writes it."""
    if not chips or not all(type(value) is int for value in chips.values()):
        return pretty(chips, pad)
    inner = pad + "  "
    return "{" + ",".join([f"{inner}{encode(k)}: {chips[k]}" for k in sorted(chips)]) + pad + "}"


def hand_texts(log: HandLog, pad: str) -> Iterator[str]:
    """Each hand as the report's JSON writes it (`pad`: a newline and the indentation of the
    list), each player's figures counted on the way (the players come after the hands)."""
    counter = FigureCounter()
    writer = HandWriter(log, pad)
    settings = log.session.settings
    rows = log.book().conn.execute(
        "SELECT hand_no, summary FROM hands WHERE session_id = ? ORDER BY hand_no",
        (log.session.id,),
    )
    for hand_no, hand in summaries.read_summaries(rows, settings):
        counter.add(hand)
        yield writer.hand(hand_no, hand)
    log.set_figures(counter.figures())
