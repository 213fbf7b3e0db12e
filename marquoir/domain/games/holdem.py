"""Texas hold'em: blinds (antes, a live straddle), four betting rounds, the button speaks
last after the flop."""

from __future__ import annotations

from ..i18n import N_
from ..kinds import BettingKind
from .base import GameRules, check_blinds, post_antes_and_blinds
from .evaluator import Evaluator

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .base import Dealing


class Holdem(GameRules):
    """Texas hold'em."""

    name = "hold'em"
    streets = ("preflop", "flop", "turn", "river")
    options = frozenset({"straddle"})
    phh_codes: tuple[tuple[BettingKind, str], ...] = (
        (BettingKind.NO_LIMIT, "NT"),
        (BettingKind.FIXED_LIMIT, "FT"),
    )
    hole_cards = 2
    asks_blinds = True
    # (Omaha and Omaha hi-lo, built on hold'em, are played with blinds too)
    blinds_needed = N_("hold'em and Omaha need their blinds, e.g. `blinds 2/4`")
    evaluators = (Evaluator("holdem", hole=2, board=5),)

    def validate(self) -> None:
        check_blinds(self.config)

    def start(self, hand: Dealing) -> int | str:
        cfg = self.config
        big = post_antes_and_blinds(hand, cfg)
        last, opening = big, cfg.big_blind
        if cfg.straddle:
            n = hand.size
            straddler = (big + 1) % n
            if n >= 3 and hand.player(straddler).stack > cfg.straddle_amount:
                hand.post(straddler, cfg.straddle_amount, "straddle")
                last, opening = straddler, cfg.straddle_amount
        # An all-in big blind still sets the full price (WSOP Live 150).
        hand.open_round(opening)
        return last + 1
