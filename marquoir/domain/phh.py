"""Hand histories in the PHH format (Poker Hand History, github.com/uoftcprg/phh-std).

A `.phh` file is one TOML document describing one hand; a `.phhs` file holds several, one
TOML table per hand (`[1]`, `[2]`, ...). This module reads them into `PHHHand` records,
writes records back as text, reads the action notation (`d dh p1 AsKd`, `p3 cbr 225`,
`p2 sm Jd9h`), and maps a hand's forced bets and betting structure to a `TableConfig` and
back. Pure standard library: no file is opened here.

Amounts are kept exactly: integers, or `Decimal` for fractional amounts (`1259450.25`);
`scale_for` finds the smallest power of 10 that makes them whole chips.

Player order (the spec's "Position"): p1 is the first player left of the button (the small
blind), pN holds the button. Heads-up, p1 is the big blind and p2 the button, who posts the
small blind; the `antes` and `blinds_or_straddles` lists are then read reversed, which is what
Marquoir's own heads-up rule does with the same lists.
"""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal, InvalidOperation

from . import phh_toml
from .config import BettingKind, TableConfig
from .errors import ConfigError, MarquoirError
from .games import GAMES, game_named
from .inputs import MAX_CHIPS
from .records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

Amount = int | Decimal
# The byte order mark some editors write at the start of a UTF-8 text.
BOM = "\ufeff"

# The variants Marquoir plays, with its game and betting structure (each game declares its
# codes), and the hole cards of each.
PLAYED = {
    code: (game_named(name), betting)
    for name, rules in GAMES.items()
    for betting, code in rules.phh_codes
}
HOLE_CARDS = {code: GAMES[game].hole_cards for code, (game, _) in PLAYED.items()}
# PHH has no code for pot-limit hold'em, no-limit or fixed-limit Omaha (FO/8 is hi-lo), nor
# for Marquoir's draw, stud (F7S needs the door cards to know the bring-in), Bouillotte.
# Fixed-limit as PHH (PokerKit) plays it: four bets or raises a round, the big blind not
# counted pre-flop; Marquoir's cap counts raises after the opening bet (the big blind).
PHH_FIXED_LIMIT_CAP = 4

FIELD_ORDER = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
)
OPTIONAL_ORDER = (
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)


class PHHError(MarquoirError):
    """A hand history that does not follow the PHH format."""


class NotSupported(MarquoirError):
    """A valid hand that Marquoir cannot keep the books of (its variant, its forced bets)."""


class PHHHand(Record):
    """One hand of a PHH file. `key` is its table name in a `.phhs` file ("12"), "" for a
    single `.phh`; `extra` keeps the other fields, in file order, for writing back."""

    variant: str
    antes: tuple[Amount, ...]
    starting_stacks: tuple[Amount, ...]
    actions: tuple[str, ...]
    blinds_or_straddles: tuple[Amount, ...] = ()
    min_bet: Amount | None = None
    small_bet: Amount | None = None
    big_bet: Amount | None = None
    bring_in: Amount | None = None
    ante_trimming_status: bool = False
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Amount, ...] | None = None
    hand: str | int | None = None
    key: str = ""
    extra: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """How messages name the hand: "hand 12" (its table in a .phhs), or "the hand"."""
        return f"hand {self.key}" if self.key else "the hand"


class PHHAction(Record):
    """One action: `actor` "d" (the dealer) or "pN"; `player` the N of pN (for `d dh pN`,
    the player dealt); `cards` as written ("AsKd", "????", "-"), None when absent."""

    actor: str
    verb: str
    player: int | None = None
    cards: str | None = None
    amount: Amount | None = None
    comment: str | None = None


# -- reading -----------------------------------------------------------------------------


def loads(text: str) -> list[PHHHand]:
    """The hands of a `.phh` (one hand) or `.phhs` (a table per hand) text, in file order. A byte
    order mark at the start is skipped (editors on Windows write one), as `play` does."""
    text = text.removeprefix(BOM)
    try:
        document = phh_toml.loads_shared(text)  # (tomllib's result, faster)
    except RecursionError:  # (tomllib reads nested arrays and tables recursively)
        raise PHHError("not a PHH file: its values are nested too deeply") from None
    except tomllib.TOMLDecodeError as error:
        raise PHHError(f"not a PHH file (TOML: {error})") from error
    except ValueError:  # a number of more than 4,300 digits
        raise PHHError("not a PHH file: a number is too large (over 4,300 digits)") from None
    if "variant" in document:
        return [hand_from_dict(document)]
    hands = []
    usual = _UsualHands()
    for key, value in document.items():
        if not isinstance(value, dict):
            raise PHHError(f"{key} = ... is not a hand: a .phhs file holds one table per hand")
        hands.append(usual.hand(value, key) or hand_from_dict(value, key=key))
    if not hands:
        raise PHHError("no hand in this file")
    return hands


def hand_from_dict(data: dict[str, Any], *, key: str = "") -> PHHHand:
    """A `PHHHand` from the TOML fields of one hand, checked for shape (arrays are lists, or
    tuples)."""
    where = f"hand {key}" if key else "the hand"

    def need(name: str) -> Any:
        if name not in data:
            raise PHHError(f"{where}: the field {name} is missing")
        return data[name]

    variant = need("variant")
    if not isinstance(variant, str):
        raise PHHError(f"{where}: variant must be a string")
    stacks = _amounts(need("starting_stacks"), "starting_stacks", where, allow_inf=True)
    count = len(stacks)
    if count < 2:
        raise PHHError(f"{where}: a hand needs at least two players")
    antes = _amounts(need("antes"), "antes", where, count=count)
    blinds = _amounts(data.get("blinds_or_straddles", []), "blinds_or_straddles", where)
    if blinds and len(blinds) != count:
        raise PHHError(f"{where}: blinds_or_straddles has {len(blinds)} entries for {count}")
    actions = need("actions")
    if not isinstance(actions, list | tuple) or not (
        set(map(type, actions)) <= _STR or all(isinstance(a, str) for a in actions)
    ):
        raise PHHError(f"{where}: actions must be a list of strings")
    players = data.get("players")
    if players is not None and (
        not isinstance(players, list | tuple)
        or len(players) != count
        or not all(isinstance(p, str) for p in players)
    ):
        raise PHHError(f"{where}: players must list {count} names")
    finishing = data.get("finishing_stacks")
    if finishing is not None:
        finishing = _amounts(finishing, "finishing_stacks", where, count=count)
    trimming = data.get("ante_trimming_status", False)
    hand = data.get("hand")
    # (every field, in order: a record made from all its fields is made fastest)
    return PHHHand(
        variant,
        antes,
        stacks,
        tuple(actions),
        blinds,
        _amount(data.get("min_bet"), "min_bet", where),
        _amount(data.get("small_bet"), "small_bet", where),
        _amount(data.get("big_bet"), "big_bet", where),
        _amount(data.get("bring_in"), "bring_in", where),
        bool(trimming),
        tuple(players) if players is not None else None,
        finishing,
        hand if isinstance(hand, str | int) and not isinstance(hand, bool) else None,
        key,
        _extra(data),
    )


def _extra(data: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """The fields a `PHHHand` does not name, in file order (arrays as lists, as TOML's)."""
    if _KNOWN_FIELDS.issuperset(data):
        return ()
    return tuple(
        [(k, list(v) if type(v) is tuple else v) for k, v in data.items() if k not in _KNOWN_FIELDS]
    )


class _UsualHands:
    """The hands of a `.phhs` file written the usual way, made without `hand_from_dict`'s
    checks one by one: whole amounts in range, strings where strings go. The arrays of a
    line written again are the same tuples (`phh_toml.loads_shared`): each is looked at
    once, then known by its identity. Anything else, `hand_from_dict` reads (and says what
    is wrong)."""

    def __init__(self) -> None:
        # The tuples seen to hold whole amounts in range; of names: each by its id (found
        # again only as the same object, which the value keeps alive: an equal array of
        # other types, such as (True, 0) for (1, 0), is another object, looked at).
        self.amounts: dict[int, tuple[Any, ...]] = {}
        self.names: dict[int, tuple[Any, ...]] = {}

    def _amounts(self, value: object) -> bool:
        if type(value) is not tuple or (
            value
            and not (set(map(type, value)) <= _INT and min(value) >= 0 and max(value) <= MAX_CHIPS)
        ):
            return False
        self.amounts[id(value)] = value
        return True

    def _names(self, value: object) -> bool:
        if type(value) is not tuple or not set(map(type, value)) <= _STR:
            return False
        self.names[id(value)] = value
        return True

    def hand(self, data: dict[str, Any], key: str) -> PHHHand | None:
        """The hand, when it is written the usual way; else None."""
        get = data.get
        variant: Any = get("variant")
        stacks: Any = get("starting_stacks")
        antes: Any = get("antes")
        blinds: Any = get("blinds_or_straddles", ())
        actions: Any = get("actions")
        players: Any = get("players")
        finishing: Any = get("finishing_stacks")
        try:
            # (strings alone, or a TypeError: cheaper than looking at each one's type)
            "".join(actions)
        except TypeError:
            return None
        amounts, names = self.amounts, self.names
        if not (
            type(variant) is str
            and (amounts.get(id(stacks)) is stacks or self._amounts(stacks))
            and (amounts.get(id(antes)) is antes or self._amounts(antes))
            and (amounts.get(id(blinds)) is blinds or self._amounts(blinds))
            and type(actions) is tuple
            and (players is None or names.get(id(players)) is players or self._names(players))
            and (
                finishing is None
                or amounts.get(id(finishing)) is finishing
                or self._amounts(finishing)
            )
        ):
            return None
        count = len(stacks)
        if not (
            count >= 2
            and len(antes) == count
            and (not blinds or len(blinds) == count)
            and (players is None or len(players) == count)
            and (finishing is None or len(finishing) == count)
        ):
            return None
        min_bet, small_bet = get("min_bet"), get("small_bet")
        big_bet, bring_in = get("big_bet"), get("bring_in")
        for single in (min_bet, small_bet, big_bet, bring_in):
            if single is not None and not (type(single) is int and 0 <= single <= MAX_CHIPS):
                return None
        hand = get("hand")
        return _new_record(
            PHHHand,
            (
                variant,
                antes,
                stacks,
                actions,
                blinds,
                min_bet,
                small_bet,
                big_bet,
                bring_in,
                bool(get("ante_trimming_status", False)),
                players,
                finishing,
                # (a TOML value is of its type exactly: a bool is not an int here)
                hand if type(hand) is int or type(hand) is str else None,
                key,
                () if _KNOWN_FIELDS.issuperset(data) else _extra(data),
            ),
        )


# A record made from a tuple of all its fields (what its constructor does, without the call):
# the records made for every hand and action read.
_new_record = tuple.__new__
_KNOWN_FIELDS = frozenset({*FIELD_ORDER, "players", "finishing_stacks", "hand"})
# (the types of the usual items, checked by the set of their types)
_INT, _STR = frozenset({int}), frozenset({str})


def _amount(value: object, name: str, where: str, *, allow_inf: bool = False) -> Amount | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise PHHError(f"{where}: {name} must be a number (got {value!r})")
    # (NaN first: comparing it raises)
    if isinstance(value, Decimal) and (
        value.is_nan() or (value.is_infinite() and not (allow_inf and value > 0))
    ):
        raise PHHError(f"{where}: {name} must be a finite number (got {value})")
    if value > MAX_CHIPS and not (isinstance(value, Decimal) and value.is_infinite()):
        raise PHHError(f"{where}: {name} is at most {MAX_CHIPS:,} (got {value:.3g})")
    if value < 0:
        raise PHHError(f"{where}: {name} cannot be negative (got {value})")
    return value


def _amounts(
    value: object, name: str, where: str, *, count: int | None = None, allow_inf: bool = False
) -> tuple[Amount, ...]:
    if not isinstance(value, list | tuple):
        raise PHHError(f"{where}: {name} must be a list of numbers")
    if count is not None and len(value) != count:
        raise PHHError(f"{where}: {name} has {len(value)} entries for {count} players")
    # (the usual list: whole numbers in range, as `_amount` would pass each of them)
    if set(map(type, value)) <= _INT and (
        not value or (min(value) >= 0 and max(value) <= MAX_CHIPS)
    ):
        return tuple(value)
    amounts = []
    for item in value:
        amount = _amount(item, name, where, allow_inf=allow_inf)
        assert amount is not None
        amounts.append(amount)
    return tuple(amounts)


# the most frequent actions, written the usual way: hole cards dealt, the board dealt, cards
# shown, a bet of a whole amount (without leading zeros)
_CARDS = r"((?:[2-9TJQKA?][cdhs?])+)"
_USUAL = re.compile(
    rf"d dh p([1-9][0-9]*) {_CARDS}|d db {_CARDS}|p([1-9][0-9]*) (?:sm {_CARDS}|cbr ([1-9][0-9]*))"
)


def parse_action(text: str) -> PHHAction:
    """Read one action of the `actions` list (a no-op, such as a lone comment, has verb "")."""
    usual = _USUAL.fullmatch(text)
    if usual is not None:  # (what the general reading below gives it, in one step)
        dealt, hole, board, player, shown, amount = usual.groups()
        # (every field given, in order: a record made from all its fields is made fastest)
        if hole is not None:
            return _new_record(PHHAction, ("d", "dh", int(dealt), hole, None, None))
        if board is not None:
            return _new_record(PHHAction, ("d", "db", None, board, None, None))
        if shown is not None:
            return _new_record(PHHAction, (f"p{player}", "sm", int(player), shown, None, None))
        return _new_record(PHHAction, (f"p{player}", "cbr", int(player), None, int(amount), None))
    body, sep, comment = text.partition("#")
    words = body.split()
    note = comment.strip() if sep else None
    if not words:
        return PHHAction("", "", comment=note)
    actor, verb, args = words[0], (words[1] if len(words) > 1 else ""), words[2:]
    if actor == "d":
        if verb == "db" and len(args) == 1:
            return PHHAction("d", "db", None, _cards(args[0], text), None, note)
        if verb == "dh" and len(args) == 2:
            return PHHAction("d", "dh", _player(args[0], text), _cards(args[1], text), None, note)
        raise PHHError(f"cannot read the dealer's action {text!r}")
    player = _player(actor, text)
    if verb in ("f", "cc", "pb") and not args:
        return PHHAction(actor, verb, player, None, None, note)
    if verb == "cbr" and len(args) == 1:
        try:
            amount = Decimal(args[0])
        except InvalidOperation:
            amount = Decimal(-1)
        if not amount.is_finite() or amount <= 0:
            raise PHHError(f"cannot read the amount of {text!r}")
        whole = amount == amount.to_integral_value()
        value = int(amount) if whole else amount
        return PHHAction(actor, verb, player, None, value, note)
    if verb in ("sm", "sd") and len(args) <= 1:
        cards = args[0] if args else None
        if cards is not None and cards != "-":
            cards = _cards(cards, text)
        return PHHAction(actor, verb, player, cards, None, note)
    raise PHHError(f"cannot read the action {text!r}")


def _player(word: str, text: str) -> int:
    if len(word) > 1 and word[0] == "p" and word[1:].isascii() and word[1:].isdigit():
        number = int(word[1:])
        if number >= 1:
            return number
    raise PHHError(f"{word!r} is not a player (p1, p2, ...) in {text!r}")


RANK_CHARS = "23456789TJQKA?"
SUIT_CHARS = "cdhs?"


def _cards(word: str, text: str) -> str:
    if len(word) % 2 or not all(
        word[i] in RANK_CHARS and word[i + 1] in SUIT_CHARS for i in range(0, len(word), 2)
    ):
        raise PHHError(f"cannot read the cards {word!r} in {text!r}")
    return word


def split_cards(cards: str) -> list[str]:
    """ "AsKd??" -> ["As", "Kd", "??"]."""
    return [cards[i : i + 2] for i in range(0, len(cards), 2)]


def known(cards: str | None) -> bool:
    """Whether every card is known (no '?')."""
    return cards is not None and cards not in ("", "-") and "?" not in cards


# -- amounts -----------------------------------------------------------------------------


def decimals_of(amount: Amount) -> int:
    """How many decimal digits `amount` needs (0 for a whole number)."""
    if isinstance(amount, int) or not amount.is_finite():
        return 0
    exponent = amount.normalize().as_tuple().exponent
    assert isinstance(exponent, int)
    return max(0, -exponent)


def hand_amounts(hand: PHHHand, actions: Sequence[PHHAction] | None = None) -> list[Amount]:
    """Every amount that the play uses (not the finishing stacks): forced bets, limits,
    starting stacks and bets (`actions`: the hand's actions already read)."""
    amounts: list[Amount] = [*hand.antes, *hand.blinds_or_straddles, *hand.starting_stacks]
    for single in (hand.min_bet, hand.small_bet, hand.big_bet, hand.bring_in):
        if single is not None:
            amounts.append(single)
    if actions is None:
        actions = [parse_action(text) for text in hand.actions if " cbr " in text]
    amounts.extend(a.amount for a in actions if a.amount is not None)
    return amounts


def scale_for(amounts: Iterable[Amount]) -> int:
    """The smallest power of 10 that makes every amount a whole number of chips."""
    places: int = max((decimals_of(a) for a in amounts if type(a) is not int), default=0)
    return int(10**places)


def to_chips(amount: Amount, scale: int) -> int:
    """`amount` in chips of 1/scale; a `PHHError` if it is not whole."""
    value = amount * scale
    if isinstance(value, Decimal):
        if not value.is_finite() or value != value.to_integral_value():
            raise PHHError(f"{amount} is not a whole number of chips of {1 / Decimal(scale)}")
        return int(value)
    return value


def from_chips(chips: int, scale: int) -> Amount:
    """Chips of 1/scale back to the amount written in a file (an int when whole)."""
    if scale == 1 or chips % scale == 0:
        return chips // scale
    return Decimal(chips) / scale


# -- the table a hand is played at -------------------------------------------------------


def table_config(hand: PHHHand, scale: int = 1) -> TableConfig:
    """The Marquoir table that plays this hand, or `NotSupported` saying why none can."""
    if hand.variant not in PLAYED:
        raise NotSupported(
            f"variant {hand.variant} is not supported (Marquoir imports NT, FT and PO)"
        )
    game, betting = PLAYED[hand.variant]
    count = len(hand.starting_stacks)
    if count > 10:
        raise NotSupported(f"{count} players: a Marquoir table seats 10")
    if any(isinstance(s, Decimal) and not s.is_finite() for s in hand.starting_stacks):
        raise NotSupported("unknown starting stacks (inf)")
    chips = [to_chips(a, scale) for a in hand.blinds_or_straddles]
    small, big, *rest = [*chips, 0, 0]
    straddle = rest[0] if rest else 0
    if not small or not big or any(rest[1:]) or (straddle and (straddle != 2 * big or count < 3)):
        raise NotSupported(
            f"blinds_or_straddles {_show(hand.blinds_or_straddles)} cannot be played here: "
            "a small and a big blind, and at most one straddle of twice the big blind"
        )
    ante, bb_ante = _antes(hand, [to_chips(a, scale) for a in hand.antes])
    fields: dict[str, Any] = {}
    if betting is BettingKind.FIXED_LIMIT:
        if hand.small_bet is None or hand.big_bet is None:
            raise PHHError(f"{hand.label}: {hand.variant} needs small_bet and big_bet")
        fields = {
            "small_bet": to_chips(hand.small_bet, scale),
            "big_bet": to_chips(hand.big_bet, scale),
            "cap": PHH_FIXED_LIMIT_CAP,
        }
    else:
        if hand.min_bet is None:
            raise PHHError(f"{hand.label}: {hand.variant} needs min_bet")
        if to_chips(hand.min_bet, scale) != big:
            raise NotSupported(
                f"min_bet {hand.min_bet} is not the big blind: Marquoir's smallest bet is "
                "the big blind"
            )
    try:
        return TableConfig(
            small_blind=small,
            big_blind=big,
            game=game,
            betting=betting,
            ante=ante,
            bb_ante=bb_ante,
            straddle=bool(straddle),
            **fields,
        )
    except ConfigError as error:
        raise NotSupported(str(error)) from error


def _antes(hand: PHHHand, antes: list[int]) -> tuple[int, bool]:
    """(ante, big-blind ante?) from the antes list: none, uniform, or the big blind's alone."""
    paying = [i for i, a in enumerate(antes) if a]
    if not paying:
        return 0, False
    if len(paying) == len(antes) and len(set(antes)) == 1:
        return antes[0], False
    if paying == [1]:  # index 1 is the big blind, heads-up too (the lists are reversed)
        return antes[1], True
    raise NotSupported(
        f"antes {_show(hand.antes)} cannot be played here: the same ante for everyone, or "
        "a big-blind ante"
    )


def _show(amounts: Sequence[Amount]) -> str:
    return "[" + ", ".join(_number(a) for a in amounts) + "]"


def variant_of(config: TableConfig) -> str | None:
    """The PHH code of a Marquoir table, or None when PHH has none for its game."""
    return dict(config.rules.phh_codes).get(config.betting)


def forced_bet_fields(
    config: TableConfig, count: int, *, straddled: bool = False
) -> dict[str, Any]:
    """The fields that set up a hand of `count` players at this table: variant, antes,
    blinds or straddles, and the limits (scale 1)."""
    variant = variant_of(config)
    if variant is None:
        raise NotSupported(f"PHH has no variant for {config.title()}")
    antes = [0] * count
    if config.ante and config.bb_ante:
        antes[1] = config.ante
    elif config.ante:
        antes = [config.ante] * count
    blinds = [config.small_blind, config.big_blind] + [0] * (count - 2)
    if straddled:
        blinds[2] = config.straddle_amount
    fields: dict[str, Any] = {
        "variant": variant,
        # Marquoir's antes are dead money in the main pot: PokerKit without trimming.
        "ante_trimming_status": False,
        "antes": antes,
        "blinds_or_straddles": blinds,
    }
    if config.betting is BettingKind.FIXED_LIMIT:
        fields["small_bet"], fields["big_bet"] = config.limits
    else:
        fields["min_bet"] = config.big_blind
    return fields


# -- writing -----------------------------------------------------------------------------


def hand_to_dict(hand: PHHHand) -> dict[str, Any]:
    """The fields of a hand, in the order files write them."""
    data: dict[str, Any] = {"variant": hand.variant}
    if hand.ante_trimming_status or hand.antes:
        data["ante_trimming_status"] = hand.ante_trimming_status
    data["antes"] = list(hand.antes)
    if hand.blinds_or_straddles:
        data["blinds_or_straddles"] = list(hand.blinds_or_straddles)
    for name in ("bring_in", "small_bet", "big_bet", "min_bet"):
        if getattr(hand, name) is not None:
            data[name] = getattr(hand, name)
    data["starting_stacks"] = list(hand.starting_stacks)
    data["actions"] = list(hand.actions)
    optional: dict[str, Any] = dict(hand.extra)
    optional.update(hand=hand.hand, players=hand.players, finishing_stacks=hand.finishing_stacks)
    for name in OPTIONAL_ORDER:
        if optional.get(name) is not None:
            value = optional[name]
            data[name] = list(value) if isinstance(value, tuple) else value
    for name, value in hand.extra:
        if name not in data and value is not None:
            data[name] = value
    return data


def dumps_hand(hand: PHHHand) -> str:
    """One hand as a `.phh` document (the actions one per line)."""
    lines = []
    for name, value in hand_to_dict(hand).items():
        if name == "actions" and value:
            items = "".join(f"  {_value(action)},\n" for action in value)
            lines.append(f"actions = [\n{items}]")
        else:
            lines.append(f"{_key(name)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def dumps(hands: Iterable[PHHHand]) -> str:
    """Hands as a `.phhs` document: a table per hand, named by its key or its number."""
    parts = []
    for number, hand in enumerate(hands, start=1):
        parts.append(f"[{_key(hand.key or str(number))}]\n{dumps_hand(hand)}")
    return "\n".join(parts)


def _key(name: str) -> str:
    if name and all(c.isascii() and (c.isalnum() or c in "_-") for c in name):
        return name
    return _string(name)


def _string(text: str) -> str:
    if ('"' in text or "\\" in text) and not _NOT_LITERAL.search(text):
        # a 'literal' string needs no escapes (JSON texts in Marquoir's own fields), and the
        # fast reader (`phh_toml`) reads it
        return f"'{text}'"
    escaped = []
    for char in text:
        if char in ('"', "\\"):
            escaped.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            escaped.append(f"\\u{ord(char):04x}")
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


_NOT_LITERAL = re.compile(r"['\x00-\x08\x0a-\x1f\x7f]")


def _number(value: Amount) -> str:
    if isinstance(value, Decimal):
        if not value.is_finite():
            return "inf" if value > 0 else "-inf"
        return format(value, "f")
    return str(value)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return _number(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = (f"{_key(str(k))} = {_value(v)}" for k, v in value.items())
        return "{" + ", ".join(pairs) + "}"
    if hasattr(value, "isoformat"):  # dates and times read from TOML
        return str(value.isoformat())
    raise PHHError(f"cannot write {value!r} in a PHH file")


__all__ = [
    "PHH_FIXED_LIMIT_CAP",
    "PLAYED",
    "Amount",
    "NotSupported",
    "PHHAction",
    "PHHError",
    "PHHHand",
    "decimals_of",
    "dumps",
    "dumps_hand",
    "forced_bet_fields",
    "from_chips",
    "hand_amounts",
    "hand_from_dict",
    "known",
    "loads",
    "parse_action",
    "scale_for",
    "split_cards",
    "table_config",
    "to_chips",
    "variant_of",
]
