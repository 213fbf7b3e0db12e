"""Seven-card stud: antes, the bring-in named by the scorekeeper, five betting rounds.

Marquoir does not see the cards: the scorekeeper names who brings in (the lowest card up)
and, on each later street, who speaks first (the best hand showing). Until he does, the hand
waits in one of the two states this module declares (`AWAIT_BRING_IN`, `AWAIT_FIRST`). The
odd chip of a split goes to the winner with the highest card by suit, whom the scorekeeper
names (`--odd-chip`).
"""

from __future__ import annotations

from ..actions import Action, ActionEvent
from ..errors import ConfigError, IllegalAction
from ..i18n import N_, _, street
from ..kinds import BettingKind
from .base import GameRules, check_no_blinds, post_antes
from .evaluator import Evaluator

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .base import Dealing

# The states in which the hand waits for the scorekeeper to name a player.
AWAIT_BRING_IN = "bring-in"
AWAIT_FIRST = "first"


class Stud(GameRules):
    """Seven-card stud, fixed-limit, two to eight players."""

    name = "seven-card stud"
    streets = ("third street", "fourth street", "fifth street", "sixth street", "seventh street")
    max_players = 8
    defaults = (("betting", BettingKind.FIXED_LIMIT),)
    options = frozenset({"bring_in"})
    odd_chip_rule = "to the winner with the highest card by suit, named by the scorekeeper"
    # what the scorekeeper looks at to name the bring-in and who speaks first
    bring_in_by = N_("the lowest up-card")
    first_by = N_("the best hand showing")
    evaluators = (Evaluator("stud", hole=7),)

    def validate(self) -> None:
        cfg = self.config
        check_no_blinds(cfg, "stud")
        if cfg.betting is not BettingKind.FIXED_LIMIT:
            raise ConfigError(_("stud is played fixed-limit here (--betting fl --limits S/B)"))
        if cfg.small_bet is None:
            raise ConfigError(_("stud needs its limits (--limits SMALL/BIG)"))
        if cfg.bring_in <= 0:
            raise ConfigError(_("stud needs a bring-in (--bring-in N)"))
        if cfg.bring_in >= cfg.small_bet:
            raise ConfigError(
                f"the bring-in ({cfg.bring_in}) must be less than the small bet "
                f"({cfg.small_bet}): a full bet is a completion"
            )

    def start(self, hand: Dealing) -> int | str:
        if self.config.ante:
            post_antes(hand, self.config.ante)
        return AWAIT_BRING_IN

    def street_start(self, hand: Dealing, street: int) -> int | str:
        return AWAIT_FIRST

    def naming_prompt(self, hand: Dealing) -> str:
        # (the game says what the scorekeeper looks at: the lowest up-card in stud, the
        # highest in razz)
        if hand.awaiting == AWAIT_BRING_IN:
            return _("who brings in? `bringin PLAYER` ({by}), `--complete` to complete").format(
                by=_(self.bring_in_by)
            )
        if hand.awaiting == AWAIT_FIRST:
            return _("who speaks first on {street}? `first PLAYER` ({by})").format(
                street=street(hand.street), by=_(self.first_by)
            )
        return ""

    def waiting_message(self, hand: Dealing) -> str:
        if hand.awaiting == AWAIT_BRING_IN:
            return _("name who brings in first: `bringin PLAYER`")
        return _("name who speaks first on {street}: `first PLAYER`").format(
            street=street(hand.street)
        )

    def name_first(self, hand: Dealing, i: int, action: Action) -> ActionEvent:
        if hand.awaiting != AWAIT_FIRST:
            return super().name_first(hand, i, action)
        p = hand.player(i)
        return ActionEvent(p.name, action, "first", 0, p.bet, False, hand.street)

    def bring_in(self, hand: Dealing, i: int, action: Action) -> ActionEvent:
        if hand.awaiting != AWAIT_BRING_IN:
            return super().bring_in(hand, i, action)
        p, street = hand.player(i), hand.street
        if action.amount is None:
            added = min(self.config.bring_in, p.stack)
            return ActionEvent(p.name, action, "bring-in", added, added, added == p.stack, street)
        small = self.config.limits[0]
        if action.amount != small:
            raise IllegalAction(
                _("completing the bring-in makes the bet {small}, the small bet").format(
                    small=small
                )
            )
        added = min(small, p.stack)
        return ActionEvent(p.name, action, "complete", added, added, added == p.stack, street)

    def apply_announcement(self, hand: Dealing, event: ActionEvent) -> None:
        i = hand.index_of(event.player)
        hand.awaiting = None
        if event.verb == "first":
            hand.set_turn(i)
            return
        hand.put_in(i, event.added)
        if event.verb == "bring-in":  # an incomplete opening: a call or a completion follows
            hand.open_round(event.total, incomplete=True)
        else:
            hand.open_round(0)
            hand.record_bet(event.total)
        hand.mark_acted(i)
        hand.set_turn(i + 1)
