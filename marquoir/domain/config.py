"""Table configuration: the game, the betting structure and the forced bets.

What depends on the game (its defaults, the settings it accepts, its checks, its name) is
asked of the game (`games/`), so a table built from the command line and one built in
Python get the same rules.
"""

from __future__ import annotations

from operator import attrgetter

from .errors import ConfigError
from .games import DEFAULT_GAME, GAMES, Game, GameRules, rules_for
from .i18n import N_, _
from .kinds import BettingKind
from .records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .games.evaluator import Evaluator

# Settings that only some games accept, and what the others say of them.
GAME_OPTIONS = (
    ("deck", N_("the 32-card deck is for five-card draw")),
    ("jackpots", N_("jackpots (--open jacks) are a draw game, not {name}")),
    ("second_round", N_("--second-round is for draw, not {name}")),
    ("passe", N_("the passe is for Bouillotte, not {name}")),
    ("bring_in", N_("a bring-in is for stud, not {name}")),
    ("straddle", N_("a straddle is for hold'em, not {name}")),
)


class ForcedBetSchedule(Record):
    """The forced-bet schedule of a table: the blinds, the ante (posted by the big blind
    alone with `bb_ante`), the fixed-limit bets (None: the big blind and twice it), stud's
    bring-in and Bouillotte's passe, in chips.

    The session starts with the schedule of its settings; a `blinds` event between hands
    replaces it from the next deal (a cash game raising the stakes, a tournament's levels).
    """

    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bb_ante: bool = False
    small_bet: int | None = None
    big_bet: int | None = None
    bring_in: int = 0
    passe: int = 0

    def describe(self, *, limits: tuple[int, int] | None = None) -> str:
        """ "1/2 ante 1", "ante 1 bring-in 2 limits 4/8", "passe 1"; `limits` are the
        fixed-limit bets to show (None: the ones set here, if any)."""
        parts = []
        if self.big_blind:
            parts.append(f"{self.small_blind}/{self.big_blind}")
        if self.ante:
            parts.append(f"ante {self.ante}" + (" (big blind)" if self.bb_ante else ""))
        if self.passe:
            parts.append(f"passe {self.passe}")
        if self.bring_in:
            parts.append(f"bring-in {self.bring_in}")
        if limits is None and self.small_bet is not None and self.big_bet is not None:
            limits = (self.small_bet, self.big_bet)
        if limits is not None:
            parts.append(f"limits {limits[0]}/{limits[1]}")
        return " ".join(parts)


# a table's settings that make its forced-bet schedule, read at once (`TableConfig.schedule`)
_SCHEDULE_FIELDS = attrgetter(*ForcedBetSchedule._fields)
_new = tuple.__new__


class _ConfigFields(Record):
    small_blind: int
    big_blind: int
    game: str = DEFAULT_GAME  # a name in `GAMES`
    betting: BettingKind = BettingKind.NO_LIMIT
    ante: int = 0
    bb_ante: bool = False
    straddle: bool = False
    small_bet: int | None = None
    big_bet: int | None = None
    cap: int | None = 3
    heads_up_uncapped: bool = False
    chip_unit: int = 1
    jackpots: bool = False
    second_round: str = "dealer"
    passe: int = 0
    bring_in: int = 0
    deck: int = 52


_UNSET = _ConfigFields(0, 0)._asdict()


class TableConfig(_ConfigFields):
    """Everything about a table's rules that stays fixed for a hand; validated when made.

    Amounts are in chips. `small_bet` / `big_bet` are the fixed-limit units (default: the big
    blind and twice the big blind); `cap` is the number of raises allowed after the opening
    bet in fixed-limit (None: no cap). `chip_unit` is the smallest chip in play: split pots
    are divided in units of it.

    Other games: five-card draw (`jackpots`: jacks or better to open; `second_round`: who
    speaks first after the draw, "dealer" or "opener"), Bouillotte (`passe`: the dealer's
    chip before the deal), seven-card stud (`bring_in`: the forced bet of the lowest card).
    """

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> TableConfig:
        given = set(cls._fields[: len(args)]) | kwargs.keys()
        game = args[2] if len(args) > 2 else kwargs.get("game", DEFAULT_GAME)
        if isinstance(game, str) and game in GAMES:
            # the game's own defaults (a raise cap, a passe, a betting structure)
            for field, value in GAMES[game].defaults:
                if field not in given:
                    kwargs[field] = value
        self = super().__new__(cls, *args, **kwargs)  # type: ignore[arg-type]
        self.validate()
        return self

    @classmethod
    def default(cls, game: str, field: str, given: object = None) -> object:
        """What `field` is for `game` when built with `given` (None: not given): the game's
        default, else the table's."""
        if given is not None:
            return given
        return dict(GAMES[game].defaults).get(field, _UNSET[field])

    @property
    def rules(self) -> GameRules:
        """The table's game: its streets, forced bets, announcements, side payments."""
        return rules_for(self)

    @property
    def schedule(self) -> ForcedBetSchedule:
        """The table's forced-bet schedule."""
        # (every field, in order: the record made from their tuple, without a call of its own)
        return _new(ForcedBetSchedule, _SCHEDULE_FIELDS(self))

    def with_schedule(self, schedule: ForcedBetSchedule) -> TableConfig:
        """The same table with another forced-bet schedule, validated (`ConfigError`)."""
        # `_replace` would skip `__new__` and its validation
        return TableConfig(**{**self._asdict(), **schedule._asdict()})

    def stakes(self) -> str:
        """The forced bets in a few words: "1/2 ante 1", "ante 1 bring-in 2 limits 4/8"."""
        fixed = self.betting is BettingKind.FIXED_LIMIT
        return self.schedule.describe(limits=self.limits if fixed else None)

    @property
    def limits(self) -> tuple[int, int]:
        """The fixed-limit small and big bet."""
        small = self.small_bet if self.small_bet is not None else self.big_blind
        big = self.big_bet if self.big_bet is not None else 2 * small
        return small, big

    def title(self) -> str:
        """The game in a few words: "hold'em no-limit 1/2 ante 1", "jackpots ante 1"."""
        betting = {"nl": "no-limit", "pl": "pot-limit", "fl": "fixed-limit"}[self.betting.value]
        rules = self.rules
        parts = [rules.title()]
        if rules.names_betting:
            parts.append(betting)
        stakes = self.stakes()
        if stakes:
            parts.append(stakes)
        return " ".join(parts)

    @property
    def evaluator(self) -> Evaluator | None:
        """How shown cards are read at the showdown (None: the scorekeeper names the winner)."""
        return self.rules.evaluator()

    @property
    def min_bet(self) -> int:
        """The smallest opening bet: the big blind, else the ante (draw), else the passe."""
        return self.big_blind or self.ante or self.passe or self.chip_unit

    @property
    def big_bet_street(self) -> int:
        """The first betting round played with the big bet in fixed-limit."""
        return GAMES[self.game].big_bet_street

    @property
    def straddle_amount(self) -> int:
        """A live straddle is twice the big blind."""
        return 2 * self.big_blind

    def validate(self) -> None:
        """Raise `ConfigError` with a message a host understands when the settings clash."""
        self._validate_common()
        self.rules.validate()
        if self.betting is BettingKind.FIXED_LIMIT:
            self._validate_limits()
        elif self.small_bet is not None or self.big_bet is not None:
            raise ConfigError(_("limits (small bet / big bet) only apply to fixed-limit betting"))

    def _validate_common(self) -> None:
        # whole sentences: in French the article follows the word's gender
        for refusal, value in (
            (N_("the ante cannot be negative (got {value})"), self.ante),
            (N_("the passe cannot be negative (got {value})"), self.passe),
            (N_("the bring-in cannot be negative (got {value})"), self.bring_in),
            (N_("the small blind cannot be negative (got {value})"), self.small_blind),
            (N_("the big blind cannot be negative (got {value})"), self.big_blind),
        ):
            if value < 0:
                raise ConfigError(_(refusal).format(value=value))
        if self.chip_unit <= 0:
            raise ConfigError(
                _("the chip unit must be at least 1 chip (got {unit})").format(unit=self.chip_unit)
            )
        if self.cap is not None and self.cap < 0:
            raise ConfigError(
                _("the raise cap cannot be negative (got {cap})").format(cap=self.cap)
            )
        if self.deck not in (52, 32):
            raise ConfigError(_("a deck has 52 or 32 cards (got {deck})").format(deck=self.deck))
        self._refuse_options(GAME_OPTIONS[:1])
        if self.second_round not in ("dealer", "opener"):
            raise ConfigError(
                _(
                    "after the draw the first to speak is the dealer's left or the opener "
                    "(got {value!r})"
                ).format(value=self.second_round)
            )
        self._refuse_options(GAME_OPTIONS[1:])

    def _refuse_options(self, options: tuple[tuple[str, str], ...]) -> None:
        """Refuse a game-specific setting (set away from its default) the game does not take."""
        accepted = GAMES[self.game].options
        for option, refusal in options:
            if option not in accepted and getattr(self, option) != _UNSET[option]:
                raise ConfigError(_(refusal).format(name=self.game))

    def _validate_limits(self) -> None:
        small, big = self.limits
        if self.small_bet is None and not self.big_blind:
            raise ConfigError(_("fixed-limit needs its limits: --limits SMALL/BIG"))
        if small <= 0 or big <= 0:
            raise ConfigError(
                _("the limits must be positive (got {small}/{big})").format(small=small, big=big)
            )
        if big < small:
            raise ConfigError(
                _("the big bet ({big}) is smaller than the small bet ({small})").format(
                    small=small, big=big
                )
            )
        if self.big_blind > small:
            raise ConfigError(
                _(
                    "the big blind ({blind}) is larger than the small bet ({small}): "
                    "the limits don't match the blinds"
                ).format(blind=self.big_blind, small=small)
            )
        if self.straddle:
            raise ConfigError(_("a straddle is only kept in no-limit and pot-limit games"))


__all__ = ["GAME_OPTIONS", "BettingKind", "Game", "TableConfig"]
