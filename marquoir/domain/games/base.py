"""What a game is: the interface each game implements, and what it may ask of the hand.

A game is one object, made from the table's settings (`TableConfig`), that the hand asks at
the start of the hand and of each betting round; the hand drives (turns, bets, pots, the
end of a round), the game decides what is particular to it:

- its settings: `defaults` (what `TableConfig` takes when not told: a raise cap, a passe, a
  betting structure), the game-specific settings it accepts (`options`), `validate`, its
  `title`, and the first fixed-limit round played with the big bet (`big_bet_street`);
- its streets and players (`streets`, `min_players`, `max_players`);
- the forced bets and who speaks first (`start`: antes, blinds, a passe... then the seat the
  search for the first to act starts from, or a waiting state such as stud's bring-in, which
  the scorekeeper resolves; `street_start` for the later rounds);
- how a betting round runs: `voids_unopened` (nobody bets in the first round: the deal is
  void, and nobody folds before the opening) and `opens_by_declaration` (the first bet is an
  `open N`: jackpots, with its `opening_rule`);
- who speaks and what he may say, when the game has its own turns of speaking
  (`speaks_in_turns`: Bouillotte): `raise_window`, `check_turn`, `next_speaker`, `speech`;
- what the scorekeeper announces rather than the player to act (`verify_announcement` and
  `apply_announcement`: the bring-in, who speaks first, a false opener) and what he is told
  while the hand waits for it (`waiting_message`);
- how the showdown is given: a ranking always, and a second one for the low half of a hi-lo
  game (`low_half`); shown cards are read by the game's `evaluator` (its deck, hole and
  board cards, order of hands and low rule: `evaluator.py`; None: the scorekeeper names the
  winner); the odd chips of a split go one unit at a time
  from the first winner left of the button (`odd_chip_rule`), or from the winner the
  scorekeeper names (stud: the highest card by suit);
- side payments after a hand (Bouillotte's brelans: `pays_brelans`, `brelan_payments`);
- its hand-history (PHH) variant codes by betting structure, if it has any (`phh_codes`).

The hand offers the game the small public interface `Dealing` (post a forced bet, open a
round, set the turn, ...); a game touches nothing else of the hand.
"""

from __future__ import annotations

from ..actions import Action, ActionEvent, ActionKind, LegalActions
from ..errors import ConfigError, IllegalAction
from ..i18n import _
from ..kinds import BettingKind

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import ClassVar, Protocol

    from ..outcome import Phase, PlayerView
    from ..ranking import Ranking
    from .evaluator import Evaluator

    class Settings(Protocol):
        """What a game reads of the table's settings (`TableConfig` is one)."""

        @property
        def game(self) -> str: ...
        @property
        def small_blind(self) -> int: ...
        @property
        def big_blind(self) -> int: ...
        @property
        def betting(self) -> BettingKind: ...
        @property
        def ante(self) -> int: ...
        @property
        def bb_ante(self) -> bool: ...
        @property
        def straddle(self) -> bool: ...
        @property
        def straddle_amount(self) -> int: ...
        @property
        def small_bet(self) -> int | None: ...
        @property
        def limits(self) -> tuple[int, int]: ...
        @property
        def jackpots(self) -> bool: ...
        @property
        def second_round(self) -> str: ...
        @property
        def passe(self) -> int: ...
        @property
        def bring_in(self) -> int: ...
        @property
        def deck(self) -> int: ...
        @property
        def chip_unit(self) -> int: ...

    class Dealing(Protocol):
        """What a game may ask of the hand it runs (`Hand` is one)."""

        awaiting: str | None

        @property
        def config(self) -> Settings: ...
        @property
        def dead_in(self) -> int: ...
        @property
        def fine_ante(self) -> int: ...
        @property
        def opener(self) -> str | None: ...
        @property
        def phase(self) -> Phase: ...
        @property
        def street(self) -> str: ...
        @property
        def current_bet(self) -> int: ...
        @property
        def size(self) -> int: ...
        @property
        def button_index(self) -> int: ...
        def index_of(self, name: str) -> int: ...
        def player(self, i: int) -> PlayerView: ...
        def post(
            self, i: int, amount: int, kind: str, *, live: bool = True, nominal: bool = False
        ) -> None: ...
        def open_round(
            self, opening: int, *, min_bet: int | None = None, incomplete: bool = False
        ) -> None: ...
        def put_in(self, i: int, chips: int) -> None: ...
        def record_bet(self, total: int) -> None: ...
        def mark_acted(self, i: int) -> None: ...
        def set_turn(self, start: int | str) -> None: ...
        def fold_out(self, i: int, *, fine: int = 0) -> None: ...
        def withdraw_opening(self, i: int) -> None: ...


# What the scorekeeper says rather than the player to act. (A set: the hand asks whether
# each action is one of them, one look-up rather than a comparison with each.)
SAID_BY_SCOREKEEPER = frozenset({ActionKind.BRING_IN, ActionKind.FIRST, ActionKind.FALSE_OPEN})


# every verb a player's action resolves to (`Hand._resolve`)
EVERY_VERB = frozenset({"fold", "check", "call", "bet", "raise", "complete", "open", "abattre"})


class GameRules:
    """The base of every game: nothing posted, the dealer's left speaks first, no
    announcements, no side payments. A game overrides what is particular to it."""

    # the words of `TableConfig.title()` for this game (a method when the settings matter)
    name = ""
    streets: tuple[str, ...] = ()
    # What this game's table says in its own French words: a message as every game says it
    # -> the catalog key of the game's own (`i18n.in_own_words`)
    own_words: ClassVar[Mapping[str, str]] = {}
    min_players, max_players = 2, 10
    # (setting, value) that `TableConfig` takes for this game when not given
    defaults: tuple[tuple[str, object], ...] = ()
    # the game-specific settings this game accepts (jackpots, second_round, passe, ...)
    options: frozenset[str] = frozenset()
    big_bet_street = 2
    names_betting = True  # whether the title says no-limit / pot-limit / fixed-limit
    phh_codes: tuple[tuple[BettingKind, str], ...] = ()
    hole_cards = 0  # cards dealt to each player, for hand histories
    # how the game reads the cards shown, the first by default (`evaluator`); empty: the
    # scorekeeper names the winner
    evaluators: tuple[Evaluator, ...] = ()
    # the game's side of the table ("module:Class", an `extension.GameSide`):
    # what it adds between hands (Bouillotte's brelans); "": nothing
    table_side = ""
    pays_brelans = False  # side payments after the hand (`brelan_payments`)
    # what a new forced-bet schedule without blinds is told ("": the game may have none)
    blinds_needed = ""
    # whether `pass` (je passe) is a word of the game: a check while nobody has bet, a fold
    # after (draw, Bouillotte); elsewhere it is ambiguous
    says_pass = False
    # whether `new` asks for the blinds before anything else (hold'em without --blinds);
    # the other games' settings refuse what is missing themselves
    asks_blinds = False
    odd_chip_rule = "one unit at a time from the first winner left of the button"
    # a hi-lo game splits each pot between the best high hand and the best qualifying low
    low_half = False

    def __init__(self, config: Settings) -> None:
        self.config = config
        # A first round in which nobody bets voids the hand (jackpots, Bouillotte); nobody
        # may fold before the opening.
        self.voids_unopened = False
        # The first bet of the hand is said `open N` (jackpots: jacks or better shown), and
        # what a player is told when he bets without saying it.
        self.opens_by_declaration = False
        self.opening_rule = ""

    # -- the settings ----------------------------------------------------------------------

    def title(self) -> str:
        """The game's name in a table's title: "hold'em", "jackpots (32 cards)"."""
        return self.name

    def evaluator(self) -> Evaluator | None:
        """How shown cards are read (`cards.read_showdown`); None: not by cards."""
        return self.evaluators[0] if self.evaluators else None

    def validate(self) -> None:
        """Raise `ConfigError` when the settings do not fit the game."""

    def check_players(self, count: int) -> None:
        """Refuse (`IllegalAction`) a deal to `count` players that the game is not played by."""
        if count < self.min_players:
            raise IllegalAction(
                _("{game} is played by {min_players} players at least").format(
                    game=self.config.game, min_players=self.min_players
                )
            )
        if count > self.max_players:
            raise IllegalAction(
                _("{game} is played by {max_players} players at most").format(
                    game=self.config.game, max_players=self.max_players
                )
            )

    # -- the hand --------------------------------------------------------------------------

    def start(self, hand: Dealing) -> int | str:
        """Post the forced bets and open the first round.

        Returns the seat index from which the first player to act is looked for, or the
        waiting state the scorekeeper resolves first (stud: the bring-in).
        """
        hand.open_round(0)
        return hand.button_index + 1

    def street_start(self, hand: Dealing, street: int) -> int | str:
        """Where the search for the first to act starts on a later round (or a wait)."""
        return hand.button_index + 1

    def naming_prompt(self, hand: Dealing) -> str:
        """What the scorekeeper is asked to name while the hand waits for him, and what he
        looks at to name it ("": the betting's words)."""
        return ""

    def waiting_message(self, hand: Dealing) -> str:
        """Why nobody may act while the hand waits for the scorekeeper (`hand.awaiting`)."""
        return f"the scorekeeper must speak first ({hand.awaiting})"

    # -- turns of speaking (Bouillotte) ----------------------------------------------------

    # whether the game decides who speaks next (`next_speaker`) rather than the poker order
    speaks_in_turns = False
    # whether the game bounds a bet or raise its own way: set by `__init_subclass__` for a
    # game that overrides `raise_window` (the hand asks only such a game, a call saved at
    # each bet)
    bounds_bets = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        """A game's own rule of turns is never skipped by the hand's shortcuts: a game that
        overrides `check_turn` without naming its `turn_verbs` is asked of every verb, and
        one that overrides `raise_window` at every bet or raise (`bounds_bets`)."""
        super().__init_subclass__(**kwargs)
        if "check_turn" in cls.__dict__ and "turn_verbs" not in cls.__dict__:
            cls.turn_verbs = EVERY_VERB
        if "raise_window" in cls.__dict__:
            cls.bounds_bets = True

    def raise_window(self, hand: Dealing, i: int) -> tuple[int, int | None] | str | None:
        """The bounds of a bet or raise for player i, or why he may not make one; None: the
        betting structure's (the default). A game that overrides it is asked at every bet
        or raise (`bounds_bets`)."""
        return None

    # the verbs `check_turn` may refuse: the hand asks it of these only (the other verbs of
    # every action are the betting's to check, a call saved at each); a game that overrides
    # `check_turn` without naming them is asked of every verb (`__init_subclass__`)
    turn_verbs: frozenset[str] = frozenset({"abattre"})

    def check_turn(self, hand: Dealing, i: int, verb: str) -> None:
        """Refuse (`IllegalAction`) what the game does not allow player i to do now (asked
        only of the verbs in `turn_verbs`)."""
        if verb == "abattre":
            raise IllegalAction(_("abattre is a Bouillotte word: say call or check"))

    def next_speaker(self, hand: Dealing, i: int, verb: str, usual: int | None) -> int | None:
        """Who speaks after player i did `verb` (None: the round is over); `usual` is the
        poker order's answer. Asked only when `speaks_in_turns`."""
        return usual

    def speech(self, hand: Dealing, i: int, legal: LegalActions) -> str:
        """What the player to act is told he may do, in the game's words ("": the poker
        words of `LegalActions.describe`)."""
        return ""

    # -- the showdown ------------------------------------------------------------------------

    # how the game settles a tie named at the showdown ("": it splits the pot)
    tie_rule = ""

    def break_ties(self, hand: Dealing, ranking: Ranking) -> Ranking:
        """The ranking the pots are awarded by (Bouillotte: no ties, the first in cards
        wins); by default the ranking as given, ties splitting."""
        return ranking

    # -- what the scorekeeper says ---------------------------------------------------------

    def verify_announcement(self, hand: Dealing, action: Action) -> ActionEvent:
        """The event of something the scorekeeper says, or why it is refused."""
        name = action.player or ""
        try:
            i = hand.index_of(name)
        except KeyError:
            raise IllegalAction(
                _("{name} is not playing this hand").format(name=name or _("nobody"))
            ) from None
        if action.kind is ActionKind.FALSE_OPEN:
            return self.false_open(hand, i, action)
        p = hand.player(i)
        if p.folded or p.stack == 0:
            refusal = (
                _("{name} cannot speak: he is out")
                if p.folded
                else _("{name} cannot speak: he is all-in")
            )
            raise IllegalAction(refusal.format(name=name))
        if action.kind is ActionKind.FIRST:
            return self.name_first(hand, i, action)
        return self.bring_in(hand, i, action)

    def false_open(self, hand: Dealing, i: int, action: Action) -> ActionEvent:
        """A player opened without the hand to open (jackpots)."""
        raise IllegalAction(_("a false opening is a jackpots matter"))

    def name_first(self, hand: Dealing, i: int, action: Action) -> ActionEvent:
        """Who speaks first on this street (stud: the best hand showing)."""
        raise IllegalAction(_("nobody is to be named first now"))

    def bring_in(self, hand: Dealing, i: int, action: Action) -> ActionEvent:
        """The bring-in (stud: the lowest card up), or its completion."""
        raise IllegalAction(_("the bring-in is posted once, at the start of the hand"))

    def apply_announcement(self, hand: Dealing, event: ActionEvent) -> None:
        """Carry out what `verify_announcement` accepted."""
        raise IllegalAction(f"{self.name}: nothing to announce")  # refused when verified

    # -- after the hand --------------------------------------------------------------------

    def brelan_payments(
        self, brelans: tuple[str, ...], carre: str | None, payers: Sequence[tuple[str, int]]
    ) -> dict[str, int]:
        """What the side payments after a hand move, player by player (Bouillotte only)."""
        raise IllegalAction(_("brelans are paid at Bouillotte only"))


def post_antes(hand: Dealing, ante: int) -> None:
    """Every player's ante, from the dealer's left round to the dealer (dead chips)."""
    n, b = hand.size, hand.button_index
    for k in range(1, n + 1):
        hand.post((b + k) % n, ante, "ante", live=False)


def post_antes_and_blinds(hand: Dealing, config: Settings) -> int:
    """Antes (before the blinds), then the blinds; the big blind's seat index."""
    n, b = hand.size, hand.button_index
    small, big = (b, (b + 1) % n) if n == 2 else ((b + 1) % n, (b + 2) % n)
    ante = config.ante  # (read once: a setting's field is a property)
    if ante and config.bb_ante:
        hand.post(big, ante, "big-blind ante", live=False)
    elif ante:
        post_antes(hand, ante)
    big_blind = config.big_blind
    if big_blind:
        # A short blind counts as full for the pot-limit maximum pre-flop (TDA 54-B).
        hand.post(small, config.small_blind, "small blind", nominal=True)
        hand.post(big, big_blind, "big blind", nominal=True)
    return big


def check_blinds(config: Settings) -> None:
    """Blinds of at least one chip, the small not above the big; an ante for a bb-ante."""
    if config.big_blind <= 0:
        raise ConfigError(
            _("the big blind must be at least 1 chip (got {chips})").format(chips=config.big_blind)
        )
    if config.small_blind <= 0:
        raise ConfigError(
            _("the small blind must be at least 1 chip (got {chips})").format(
                chips=config.small_blind
            )
        )
    if config.small_blind > config.big_blind:
        raise ConfigError(
            _("the small blind ({small}) is larger than the big blind ({big})").format(
                small=config.small_blind, big=config.big_blind
            )
        )
    if config.bb_ante and config.ante == 0:
        raise ConfigError(_("a big-blind ante needs an ante amount (--ante N --bb-ante)"))


def check_no_blinds(config: Settings, game: str) -> None:
    """Games without blinds."""
    if config.small_blind or config.big_blind:
        raise ConfigError(_("{game} has no blinds").format(game=game))
