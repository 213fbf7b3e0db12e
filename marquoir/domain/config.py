"""Table configuration: the game, the betting structure and the forced bets."""

from __future__ import annotations

from enum import StrEnum

from .errors import ConfigError
from .records import Record


class Game(StrEnum):
    """The games Marquoir keeps the books for."""

    HOLDEM = "holdem"


class BettingKind(StrEnum):
    """Betting structures: no-limit, pot-limit, fixed-limit."""

    NO_LIMIT = "nl"
    POT_LIMIT = "pl"
    FIXED_LIMIT = "fl"


class _ConfigFields(Record):
    small_blind: int
    big_blind: int
    game: Game = Game.HOLDEM
    betting: BettingKind = BettingKind.NO_LIMIT
    ante: int = 0
    bb_ante: bool = False
    straddle: bool = False
    small_bet: int | None = None
    big_bet: int | None = None
    cap: int | None = 3
    heads_up_uncapped: bool = False
    chip_unit: int = 1


class TableConfig(_ConfigFields):
    """Everything about a table's rules that stays fixed for a hand; validated when made.

    Amounts are in chips. `small_bet` / `big_bet` are the fixed-limit units (default: the big
    blind and twice the big blind); `cap` is the number of raises allowed after the opening
    bet in fixed-limit (None: no cap). `chip_unit` is the smallest chip in play: split pots
    are divided in units of it.
    """

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> TableConfig:
        self = super().__new__(cls, *args, **kwargs)  # type: ignore[arg-type]
        self.validate()
        return self

    @property
    def limits(self) -> tuple[int, int]:
        """The fixed-limit small and big bet."""
        small = self.small_bet if self.small_bet is not None else self.big_blind
        big = self.big_bet if self.big_bet is not None else 2 * small
        return small, big

    @property
    def straddle_amount(self) -> int:
        """A live straddle is twice the big blind."""
        return 2 * self.big_blind

    def validate(self) -> None:
        """Raise `ConfigError` with a message a host understands when the settings clash."""
        if self.big_blind <= 0:
            raise ConfigError(f"the big blind must be at least 1 chip (got {self.big_blind})")
        if self.small_blind <= 0:
            raise ConfigError(f"the small blind must be at least 1 chip (got {self.small_blind})")
        if self.small_blind > self.big_blind:
            raise ConfigError(
                f"the small blind ({self.small_blind}) is larger than the big blind "
                f"({self.big_blind})"
            )
        if self.ante < 0:
            raise ConfigError(f"the ante cannot be negative (got {self.ante})")
        if self.bb_ante and self.ante == 0:
            raise ConfigError("a big-blind ante needs an ante amount (--ante N --bb-ante)")
        if self.chip_unit <= 0:
            raise ConfigError(f"the chip unit must be at least 1 chip (got {self.chip_unit})")
        if self.cap is not None and self.cap < 0:
            raise ConfigError(f"the raise cap cannot be negative (got {self.cap})")
        if self.betting is BettingKind.FIXED_LIMIT:
            self._validate_limits()
        elif self.small_bet is not None or self.big_bet is not None:
            raise ConfigError("limits (small bet / big bet) only apply to fixed-limit betting")

    def _validate_limits(self) -> None:
        small, big = self.limits
        if small <= 0 or big <= 0:
            raise ConfigError(f"the limits must be positive (got {small}/{big})")
        if big < small:
            raise ConfigError(f"the big bet ({big}) is smaller than the small bet ({small})")
        if self.big_blind > small:
            raise ConfigError(
                f"the big blind ({self.big_blind}) is larger than the small bet ({small}): "
                "the limits don't match the blinds"
            )
        if self.straddle:
            raise ConfigError("a straddle is only kept in no-limit and pot-limit games")
