"""What a PHH history says besides its actions: Marquoir's own fields read back, and the
result of a showdown whose cards are unknown.

`marquoir export phh` writes `seats`, `_chip_value` and `_settings` (the session's settings);
`marquoir import phh` uses them to give the same session back. A showdown given as a ranking
is exported with unknown cards: its winners are read from `finishing_stacks` (or
`winnings`), pot by pot.
"""

from __future__ import annotations

import contextlib
import itertools
from decimal import Decimal

from ..domain import MarquoirError
from ..domain.config import TableConfig
from ..domain.hand import Hand
from ..domain.inputs import check_chips, check_currency, read_chip_value
from ..domain.phh import PHHError, PHHHand, to_chips
from ..domain.table import MAX_SEATS, SessionSettings
from . import codec

# What PHH says of a table; the exported `_settings` must agree on these to be used.
PHH_VISIBLE = ("game", "betting", "small_blind", "big_blind", "ante", "bb_ante")


def exported_config(hand: PHHHand, derived: TableConfig) -> TableConfig | None:
    """The table of Marquoir's own export (`_settings`), when it agrees with the hand."""
    settings = exported_settings(hand)
    if settings is None:
        return None
    config = settings.table
    return config if same_stakes(derived, config) else None


def same_stakes(derived: TableConfig, config: TableConfig) -> bool:
    """Whether a table agrees with what a PHH hand says of it (`derived`, `table_config`):
    the game, the betting, the forced bets, and the limits in fixed-limit."""
    if any(getattr(config, f) != getattr(derived, f) for f in PHH_VISIBLE):
        return False
    return derived.betting.value != "fl" or config.limits == derived.limits


def exported_settings(hand: PHHHand) -> SessionSettings | None:
    """The session settings Marquoir's own export writes as `_settings` (None: not written),
    within the bounds a new session's options have (`checked_settings`)."""
    written = dict(hand.extra).get("_settings")
    if written is None:
        return None
    return checked_settings(written)


def checked_settings(written: object) -> SessionSettings:
    """Settings read from a file, held to the bounds `marquoir new` puts on the same options:
    amounts whole chips from 0 to `MAX_CHIPS`, the chip value and the currency as
    `--chip-value` and `--currency` read them, the table, caves and tournament as their own
    checks accept them; a `PHHError` naming what is wrong otherwise (nothing is imported)."""
    try:
        if not isinstance(written, dict):
            raise PHHError("not a table of settings")
        data = dict(written)
        data["chip_value"] = read_chip_value(str(data.get("chip_value", "1")))
        data["currency"] = check_currency(str(data.get("currency", "EUR")))
        if data.get("lang", "") not in ("", "fr", "en"):
            raise PHHError(f"lang is fr or en (got {data['lang']!r})")
        for part in ("table", "caves", "tournament"):
            fields = data.get(part) or {}
            if not isinstance(fields, dict):
                raise PHHError(f"{part} is not a table of settings")
            for key, value in fields.items():
                if type(value) is int:  # (what is not a number is checked by its record)
                    check_chips(value, what=f"{part}.{key}")
        settings = codec.settings_from_dict(data)
        if settings.tournament is not None:
            settings.tournament.validate()
            settings.tournament.level_list()
    except PHHError as error:
        raise PHHError(f"_settings: {error}") from None
    except MarquoirError as error:
        raise PHHError(f"_settings: {error}") from None
    except (KeyError, TypeError, ValueError, ArithmeticError) as error:
        raise PHHError(f"_settings cannot be read ({type(error).__name__}: {error})") from None
    return settings


def session_settings(hand: PHHHand, config: TableConfig, scale: int) -> SessionSettings:
    """A new session's settings: the table, the chip value (the history's `_chip_value` per
    unit of the file, divided by the scale; both held to `--chip-value`'s bounds), the caves
    of Marquoir's own export and the currency (a currency `--currency` would refuse is left
    out, as the other fields PHH does not define are)."""
    fields = dict(hand.extra)
    value = 1 / Decimal(scale)
    written = fields.get("_chip_value")
    if written is not None:
        try:
            value = Decimal(read_chip_value(str(written))) / scale
        except MarquoirError as error:
            raise PHHError(f"_chip_value: {error}") from None
    try:
        chip_value = read_chip_value(format(value, "f"))
    except MarquoirError as error:
        raise PHHError(f"the chip value once amounts are made whole chips: {error}") from None
    exported = exported_settings(hand)
    caves = exported.caves if exported and exported.table == config else None
    settings = SessionSettings(table=config, chip_value=chip_value)
    if caves is not None:
        settings = settings._replace(caves=caves)
    currency = fields.get("currency")
    if isinstance(currency, str):
        with contextlib.suppress(MarquoirError):
            settings = settings._replace(currency=check_currency(currency))
    return settings


def seats_of(given: object, count: int) -> list[int]:
    """The history's `seats` when they can be Marquoir's (distinct, 1 to 10, and in the order
    of play from p1 round to the button pn); else 1..n."""
    plain = list(range(1, count + 1))
    if not isinstance(given, list) or len(given) != count:
        return plain
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in given):
        return plain
    if len(set(given)) != count or not all(1 <= s <= MAX_SEATS for s in given):
        return plain
    # going round the table from p1, the seat numbers rise, wrapping once past the top
    drops = sum(1 for a, b in itertools.pairwise(given) if b < a)
    wraps = drops + (given[0] < given[-1])
    return given if wraps == 1 or count == 1 else plain


def ranking_from_result(
    hand: PHHHand, names: list[str], scale: int, played: Hand
) -> tuple[tuple[str, ...], ...] | None:
    """The ranking that gives each pot to the players the history says took chips: from the
    last side pot (fewest players) to the main pot, the winners of a pot are its eligible
    players who still have winnings to account for (a player who won a bigger pot beats
    everyone of the smaller ones too). None when the history says nothing usable."""
    stacks = {p.name: p.stack for p in played.players}
    theirs = hand.finishing_stacks
    if theirs is not None:
        final = {n: to_chips(a, scale) for n, a in zip(names, theirs, strict=True)}
        left = {n: final[n] - stacks[n] for n in names}
    else:
        winnings = dict(hand.extra).get("winnings")
        if not isinstance(winnings, list) or len(winnings) != len(names):
            return None
        try:
            left = {n: to_chips(w, scale) for n, w in zip(names, winnings, strict=True)}
        except (MarquoirError, TypeError, ValueError, ArithmeticError):
            return None
    standing = {p.name for p in played.players if not p.folded}
    above: dict[str, set[str]] = {}  # winner -> the players he beat
    ties: list[set[str]] = []
    for pot in reversed(played.pots()):
        eligible = [n for n in pot.eligible if n in standing]
        owed = [n for n in eligible if left[n] > 0]
        if not owed:
            return None
        # an odd chip of a split pot can leave a chip over: not a win of a bigger pot
        floor = max(1, pot.amount // len(owed) // 2)
        won = [n for n in owed if left[n] >= floor] or owed
        for n in won:
            left[n] -= pot.amount // len(won)
            above.setdefault(n, set()).update(e for e in eligible if e not in won)
        ties.append(set(won))
    return _order(ties, above)


def _order(ties: list[set[str]], above: dict[str, set[str]]) -> tuple[tuple[str, ...], ...] | None:
    """Groups of tied winners, best first, so that each beats the players he beat."""
    groups: list[set[str]] = []
    for tie in ties:
        merged = set(tie)
        for group in [g for g in groups if g & merged]:
            merged |= group
            groups.remove(group)
        groups.append(merged)
    ranking: list[tuple[str, ...]] = []
    while groups:
        # a group goes next when nobody still to place beats one of its players
        free = [
            g
            for g in groups
            if not any(g & above.get(n, set()) for other in groups if other is not g for n in other)
        ]
        if not free:
            return None
        best = min(free, key=lambda g: sorted(g))
        ranking.append(tuple(sorted(best)))
        groups.remove(best)
    return tuple(ranking)


__all__ = [
    "PHH_VISIBLE",
    "checked_settings",
    "exported_config",
    "exported_settings",
    "ranking_from_result",
    "same_stakes",
    "seats_of",
    "session_settings",
]
