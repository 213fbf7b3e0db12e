"""Table configuration: the game, the betting structure and the forced bets."""

from __future__ import annotations

from enum import StrEnum

from .errors import ConfigError
from .records import Record


class Game(StrEnum):
    """The games Marquoir keeps the books for."""

    HOLDEM = "holdem"
    DRAW = "draw"
    BOUILLOTTE = "bouillotte"
    STUD = "stud"
    OMAHA = "omaha"
    OMAHA_HILO = "omaha-hilo"
    STUD_HILO = "stud-hilo"
    RAZZ = "razz"


# the games dealt like seven-card stud: antes, a bring-in, five streets, no button to speak
STUD_GAMES = frozenset({Game.STUD, Game.STUD_HILO, Game.RAZZ})


class BettingKind(StrEnum):
    """Betting structures: no-limit, pot-limit, fixed-limit."""

    NO_LIMIT = "nl"
    POT_LIMIT = "pl"
    FIXED_LIMIT = "fl"


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
    jackpots: bool = False
    second_round: str = "dealer"
    passe: int = 0
    bring_in: int = 0
    deck: int = 52


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
        self = super().__new__(cls, *args, **kwargs)  # type: ignore[arg-type]
        self.validate()
        return self

    @property
    def schedule(self) -> ForcedBetSchedule:
        """The table's forced-bet schedule."""
        return ForcedBetSchedule(*(getattr(self, field) for field in ForcedBetSchedule._fields))

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
        names = {
            Game.HOLDEM: "hold'em",
            Game.DRAW: ("jackpots" if self.jackpots else "five-card draw")
            + (" (32 cards)" if self.deck == 32 else ""),
            Game.BOUILLOTTE: "Bouillotte",
            Game.STUD: "seven-card stud",
            Game.OMAHA: "Omaha",
            Game.OMAHA_HILO: "Omaha hi-lo",
            Game.STUD_HILO: "seven-card stud hi-lo",
            Game.RAZZ: "razz",
        }
        parts = [names[self.game]]
        if self.game is not Game.BOUILLOTTE:
            parts.append(betting)
        stakes = self.stakes()
        if stakes:
            parts.append(stakes)
        return " ".join(parts)

    @property
    def card_variant(self) -> str | None:
        """How shown cards are read at the showdown (None: the scorekeeper names the winner)."""
        if self.game is Game.DRAW:
            return "piquet" if self.deck == 32 else "draw"
        variants = {
            Game.HOLDEM: "holdem",
            Game.OMAHA: "omaha",
            Game.STUD: "stud",
            Game.OMAHA_HILO: "omaha8",
            Game.STUD_HILO: "stud8",
            Game.RAZZ: "razz",
        }
        return variants.get(self.game)

    @property
    def min_bet(self) -> int:
        """The smallest opening bet: the big blind, else the ante (draw), else the passe."""
        return self.big_blind or self.ante or self.passe or self.chip_unit

    @property
    def big_bet_street(self) -> int:
        """The first betting round played with the big bet in fixed-limit."""
        return 1 if self.game is Game.DRAW else 2

    @property
    def straddle_amount(self) -> int:
        """A live straddle is twice the big blind."""
        return 2 * self.big_blind

    def validate(self) -> None:
        """Raise `ConfigError` with a message a host understands when the settings clash."""
        self._validate_common()
        checks = {
            Game.HOLDEM: self._validate_holdem,
            Game.DRAW: self._validate_draw,
            Game.BOUILLOTTE: self._validate_bouillotte,
            Game.STUD: self._validate_stud,
            Game.OMAHA: self._validate_holdem,
            Game.OMAHA_HILO: self._validate_holdem,
            Game.STUD_HILO: self._validate_stud,
            Game.RAZZ: self._validate_stud,
        }
        checks[self.game]()
        if self.betting is BettingKind.FIXED_LIMIT:
            self._validate_limits()
        elif self.small_bet is not None or self.big_bet is not None:
            raise ConfigError("limits (small bet / big bet) only apply to fixed-limit betting")

    def _validate_common(self) -> None:
        for what, value in (
            ("ante", self.ante),
            ("passe", self.passe),
            ("bring-in", self.bring_in),
            ("small blind", self.small_blind),
            ("big blind", self.big_blind),
        ):
            if value < 0:
                raise ConfigError(f"the {what} cannot be negative (got {value})")
        if self.chip_unit <= 0:
            raise ConfigError(f"the chip unit must be at least 1 chip (got {self.chip_unit})")
        if self.cap is not None and self.cap < 0:
            raise ConfigError(f"the raise cap cannot be negative (got {self.cap})")
        if self.deck not in (52, 32):
            raise ConfigError(f"a deck has 52 or 32 cards (got {self.deck})")
        if self.deck == 32 and self.game is not Game.DRAW:
            raise ConfigError("the 32-card deck is for five-card draw")
        if self.second_round not in ("dealer", "opener"):
            raise ConfigError(
                f"after the draw the first to speak is the dealer's left or the opener "
                f"(got {self.second_round!r})"
            )
        name = self.game.value
        if self.jackpots and self.game is not Game.DRAW:
            raise ConfigError(f"jackpots (--open jacks) are a draw game, not {name}")
        if self.second_round != "dealer" and self.game is not Game.DRAW:
            raise ConfigError(f"--second-round is for draw, not {name}")
        if self.passe and self.game is not Game.BOUILLOTTE:
            raise ConfigError(f"the passe is for Bouillotte, not {name}")
        if self.bring_in and self.game not in STUD_GAMES:
            raise ConfigError(f"a bring-in is for stud, not {name}")
        if self.straddle and self.game not in (Game.HOLDEM, Game.OMAHA):
            raise ConfigError(f"a straddle is for hold'em, not {name}")

    def _validate_no_blinds(self) -> None:
        if self.small_blind or self.big_blind:
            raise ConfigError(f"{self.game.value} has no blinds")

    def _validate_draw(self) -> None:
        if self.jackpots:
            if not self.ante:
                raise ConfigError("jackpots need an ante from every player (--ante N)")
            if self.small_blind or self.big_blind:
                raise ConfigError("jackpots have no blinds: an ante from every player")
        elif self.small_blind or self.big_blind:
            self._validate_holdem()
        elif not self.ante:
            raise ConfigError("draw needs an ante (--ante N), blinds (--blinds 1/2), or both")
        if self.bb_ante and not self.big_blind:
            raise ConfigError("a big-blind ante needs blinds")

    def _validate_bouillotte(self) -> None:
        self._validate_no_blinds()
        if self.ante:
            raise ConfigError("Bouillotte has no ante: the dealer puts in the passe")
        if self.passe <= 0:
            raise ConfigError("Bouillotte needs a passe of at least 1 chip (--passe N)")
        if self.betting is not BettingKind.NO_LIMIT:
            raise ConfigError("Bouillotte is played with bets limited only by the caves (nl)")

    def _validate_stud(self) -> None:
        self._validate_no_blinds()
        name = self.game.value
        if self.betting is not BettingKind.FIXED_LIMIT:
            raise ConfigError(f"{name} is played fixed-limit here (--betting fl --limits S/B)")
        if self.small_bet is None:
            raise ConfigError(f"{name} needs its limits (--limits SMALL/BIG)")
        if self.bring_in <= 0:
            raise ConfigError(f"{name} needs a bring-in (--bring-in N)")
        if self.bring_in >= self.small_bet:
            raise ConfigError(
                f"the bring-in ({self.bring_in}) must be less than the small bet "
                f"({self.small_bet}): a full bet is a completion"
            )

    def _validate_holdem(self) -> None:
        if self.big_blind <= 0:
            raise ConfigError(f"the big blind must be at least 1 chip (got {self.big_blind})")
        if self.small_blind <= 0:
            raise ConfigError(f"the small blind must be at least 1 chip (got {self.small_blind})")
        if self.small_blind > self.big_blind:
            raise ConfigError(
                f"the small blind ({self.small_blind}) is larger than the big blind "
                f"({self.big_blind})"
            )
        if self.bb_ante and self.ante == 0:
            raise ConfigError("a big-blind ante needs an ante amount (--ante N --bb-ante)")

    def _validate_limits(self) -> None:
        small, big = self.limits
        if self.game in STUD_GAMES and self.small_bet is None:
            return  # reported by the stud checks
        if self.small_bet is None and not self.big_blind:
            raise ConfigError("fixed-limit needs its limits: --limits SMALL/BIG")
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
