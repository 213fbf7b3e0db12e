"""The games: what is posted before the deal, the betting rounds, who speaks first.

Each game is a small strategy object the hand state machine asks at the start of the hand
and of each betting round; the betting itself (structures, pots, side pots) is shared.
"""

from __future__ import annotations

from .config import Game, TableConfig

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .hand import Hand

# The scorekeeper names who speaks: the stud bring-in, and the first to act on later streets.
AWAIT_BRING_IN = "bring-in"
AWAIT_FIRST = "first"


class Holdem:
    """Texas hold'em: blinds (antes, straddle), four rounds; the button speaks last after
    the flop."""

    streets: tuple[str, ...] = ("preflop", "flop", "turn", "river")
    # A first round in which nobody bets voids the hand (jackpots, Bouillotte).
    voids_unopened = False
    # A hi-lo game splits each pot between the best high hand and the best qualifying low.
    low_half = False
    # What the scorekeeper looks at to name the bring-in and who speaks first (stud games).
    bring_in_by = "the lowest up-card"
    first_by = "the best hand showing"
    min_players, max_players = 2, 10

    def __init__(self, config: TableConfig) -> None:
        self.config = config

    def start(self, hand: Hand) -> int | str:
        """Post the forced bets and open the first round.

        Returns the seat index from which the first player to act is looked for, or what the
        scorekeeper must say first (`AWAIT_BRING_IN`).
        """
        cfg = self.config
        big = self._antes_and_blinds(hand)
        last, opening = big, cfg.big_blind
        n = len(hand._players)
        straddler = (big + 1) % n
        player = hand._players[straddler]
        if cfg.straddle and n >= 3 and player.stack > cfg.straddle_amount:
            hand._post(straddler, cfg.straddle_amount, "straddle")
            last, opening = straddler, cfg.straddle_amount
        # An all-in big blind still sets the full price (WSOP Live 150).
        hand._open_round(opening)
        return last + 1

    def _antes_and_blinds(self, hand: Hand) -> int:
        """Antes (before the blinds), then the blinds; the big blind's index."""
        cfg, n, b = self.config, len(hand._players), hand._button
        small, big = (b, (b + 1) % n) if n == 2 else ((b + 1) % n, (b + 2) % n)
        if cfg.ante and cfg.bb_ante:
            hand._post(big, cfg.ante, "big-blind ante", live=False)
        elif cfg.ante:
            for k in range(1, n + 1):
                hand._post((b + k) % n, cfg.ante, "ante", live=False)
        if cfg.big_blind:
            hand._post(small, cfg.small_blind, "small blind")
            hand._post(big, cfg.big_blind, "big blind")
            hand._players[small].nominal = cfg.small_blind
            hand._players[big].nominal = cfg.big_blind
        return big

    def street_start(self, hand: Hand, street: int) -> int | str:
        """Where the search for the first to act starts on a later round."""
        return hand._button + 1


class Draw(Holdem):
    """Five-card draw: antes and/or blinds, a round, the draw, a second round; jackpots."""

    streets = ("before the draw", "after the draw")

    def __init__(self, config: TableConfig) -> None:
        super().__init__(config)
        self.voids_unopened = config.jackpots

    def start(self, hand: Hand) -> int | str:
        big = self._antes_and_blinds(hand)
        hand._open_round(self.config.big_blind)
        return big + 1 if self.config.big_blind else hand._button + 1

    def street_start(self, hand: Hand, street: int) -> int | str:
        opener = hand.opener
        if self.config.second_round == "opener" and opener is not None:
            return hand._index[opener]
        return hand._button + 1


class Bouillotte(Holdem):
    """Bouillotte: the dealer's passe, one betting round with several turns of speaking."""

    streets = ("the round",)
    voids_unopened = True
    min_players, max_players = 3, 5

    def start(self, hand: Hand) -> int | str:
        hand._post(hand._button, self.config.passe, "passe", live=False)
        # To play one must put in as many chips as the passes waiting in the pot: one, or
        # two after a deal where everybody passed ("la passe est double").
        hand._open_round(0, min_bet=hand.dead_in + self.config.passe)
        return hand._button + 1


class Stud(Holdem):
    """Seven-card stud: antes, the bring-in named by the scorekeeper, five rounds."""

    streets = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
    max_players = 8

    def start(self, hand: Hand) -> int | str:
        cfg, n, b = self.config, len(hand._players), hand._button
        if cfg.ante:
            for k in range(1, n + 1):
                hand._post((b + k) % n, cfg.ante, "ante", live=False)
        return AWAIT_BRING_IN

    def street_start(self, hand: Hand, street: int) -> int | str:
        return AWAIT_FIRST


class OmahaHiLo(Holdem):
    """Omaha hi-lo eight or better: Omaha's blinds and betting (fixed-limit, or pot-limit);
    each pot is split between the best high hand and the best eight-or-better low, two cards
    from the hand and three from the board for each."""

    low_half = True


class StudHiLo(Stud):
    """Seven-card stud hi-lo eight or better: stud's antes, bring-in and five streets; each
    pot is split between the best high hand and the best eight-or-better low."""

    low_half = True


class Razz(Stud):
    """Razz: seven-card stud for the lowest hand (ace-to-five, no qualifier), which takes
    the whole pot. The bring-in is the highest up-card and the lowest hand showing speaks
    first on later streets: the scorekeeper names both (`bringin`, `first`), as in stud."""

    bring_in_by = "the highest up-card"
    first_by = "the lowest hand showing"


def rules_for(config: TableConfig) -> Holdem:
    """The strategy of a table's game."""
    games: dict[Game, type[Holdem]] = {
        Game.HOLDEM: Holdem,
        Game.DRAW: Draw,
        Game.BOUILLOTTE: Bouillotte,
        Game.STUD: Stud,
        Game.OMAHA: Holdem,  # the same betting; only the cards differ at the showdown
        Game.OMAHA_HILO: OmahaHiLo,
        Game.STUD_HILO: StudHiLo,
        Game.RAZZ: Razz,
    }
    return games[config.game](config)
