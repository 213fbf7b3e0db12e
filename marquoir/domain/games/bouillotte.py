"""Bouillotte: the dealer's passe, one betting round with several turns of speaking, and
the brelans paid after the hand.

To play one must put in as many chips as the passes waiting in the pot: one, or two after a
deal where everybody passed ("la passe est double"); a deal nobody opens is void. After the
hand each player who showed a brelan gets one passe from every other player of the hand
(two for a brelan carré); see docs/rules.md.
"""

from __future__ import annotations

from ..errors import ConfigError
from ..kinds import BettingKind
from .base import GameRules, check_no_blinds

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence

    from .base import Dealing, Settings


class Bouillotte(GameRules):
    """Bouillotte, three to five players."""

    name = "Bouillotte"
    streets = ("the round",)
    min_players, max_players = 3, 5
    defaults = (("passe", 1),)
    options = frozenset({"passe"})
    names_betting = False  # always played with bets limited only by the caves
    pays_brelans = True

    def __init__(self, config: Settings) -> None:
        super().__init__(config)
        self.voids_unopened = True

    def validate(self) -> None:
        cfg = self.config
        check_no_blinds(cfg, "bouillotte")
        if cfg.ante:
            raise ConfigError("Bouillotte has no ante: the dealer puts in the passe")
        if cfg.passe <= 0:
            raise ConfigError("Bouillotte needs a passe of at least 1 chip (--passe N)")
        if cfg.betting is not BettingKind.NO_LIMIT:
            raise ConfigError("Bouillotte is played with bets limited only by the caves (nl)")

    def start(self, hand: Dealing) -> int | str:
        passe = self.config.passe
        hand.post(hand.button_index, passe, "passe", live=False)
        hand.open_round(0, min_bet=hand.dead_in + passe)
        return hand.button_index + 1

    def brelan_payments(
        self, brelans: tuple[str, ...], carre: str | None, payers: Sequence[tuple[str, int]]
    ) -> dict[str, int]:
        """One passe from each other player of the hand to each brelan (two to a brelan
        carré); holders do not pay each other; a short player pays the best brelans first,
        as far as his chips go (docs/rules.md). `payers`: (name, chips) of the players of
        the hand in seat order, holders included."""
        unit = self.config.passe
        owed = ([(carre, 2 * unit)] if carre else []) + [(name, unit) for name in brelans]
        holders = {name for name, _ in owed}
        moves: dict[str, int] = {}
        for payer, chips in payers:
            if payer in holders:
                continue
            for name, amount in owed:
                paid = min(amount, chips)
                chips -= paid
                for who, delta in ((payer, -paid), (name, paid)):
                    moves[who] = moves.get(who, 0) + delta
        return moves
