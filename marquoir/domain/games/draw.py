"""Five-card draw: antes and/or blinds, a betting round, the draw, a second round.

Jackpots (`--open jacks`): an ante from every player, jacks or better to open (the first bet
is said `open N`); nobody folds before the opening and a deal nobody opens is void (the
antes stay in the middle for the next one). An opener who turns out not to have had the
hand (a false opener) is out, his chips stay in the pot, and he pays a fine of one ante
into the next pot; but one who owns up before any other player has put chips in after his
opening takes it back without a fine, and the pot is unopened again (docs/rules.md).
"""

from __future__ import annotations

from ..actions import Action, ActionEvent
from ..errors import ConfigError, HandOver, IllegalAction
from ..events import PotALaClef
from ..extension import GameSide
from ..i18n import N_, _
from ..outcome import Phase
from .base import GameRules, check_blinds, post_antes_and_blinds
from .evaluator import (
    FLUSH,
    FULL,
    HIGH,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    Evaluator,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..config import TableConfig
    from ..extension import Applier, Host
    from .base import Dealing, Settings


class Draw(GameRules):
    """Five-card draw, jackpots included."""

    name = "five-card draw"
    streets = ("before the draw", "after the draw")
    # Robert's Rules: a bet and four raises in two-round draw games (three elsewhere).
    defaults = (("cap", 4),)
    options = frozenset({"jackpots", "second_round", "deck"})
    big_bet_street = 1
    says_pass = True
    table_side = "marquoir.domain.games.draw:JackpotsSide"  # the pot à la clef
    # the 52-card deck, then the French 32-card game (sevens to aces, the ace also below the
    # seven), where three of a kind beats a straight and a flush beats a full house
    evaluators = (
        Evaluator("draw", hole=5),
        Evaluator(
            "piquet",
            hole=5,
            lowest=7,
            order=(HIGH, PAIR, TWO_PAIR, STRAIGHT, TRIPS, FULL, FLUSH, QUADS, STRAIGHT_FLUSH),
        ),
    )

    def __init__(self, config: Settings) -> None:
        super().__init__(config)
        self.voids_unopened = config.jackpots
        self.opens_by_declaration = config.jackpots
        self.opening_rule = (
            "in jackpots the first bet opens the pot: once the opener has shown jacks or better"
        )

    def title(self) -> str:
        name = "jackpots" if self.config.jackpots else "five-card draw"
        return name + (" (32 cards)" if self.config.deck == 32 else "")

    def evaluator(self) -> Evaluator:
        return self.evaluators[self.config.deck == 32]

    def validate(self) -> None:
        cfg = self.config
        if cfg.jackpots:
            if not cfg.ante:
                raise ConfigError(_("jackpots need an ante from every player (--ante N)"))
            if cfg.small_blind or cfg.big_blind:
                raise ConfigError(_("jackpots have no blinds: an ante from every player"))
        elif cfg.small_blind or cfg.big_blind:
            check_blinds(cfg)
        elif not cfg.ante:
            raise ConfigError(_("draw needs an ante (--ante N), blinds (--blinds 1/2), or both"))
        if cfg.bb_ante and not cfg.big_blind:
            raise ConfigError(_("a big-blind ante needs blinds"))

    def start(self, hand: Dealing) -> int | str:
        big = post_antes_and_blinds(hand, self.config)
        hand.open_round(self.config.big_blind)
        return big + 1 if self.config.big_blind else hand.button_index + 1

    def street_start(self, hand: Dealing, street: int) -> int | str:
        opener = hand.opener
        if self.config.second_round == "opener" and opener is not None:
            return hand.index_of(opener)
        return hand.button_index + 1

    def false_open(self, hand: Dealing, i: int, action: Action) -> ActionEvent:
        if not self.config.jackpots:
            return super().false_open(hand, i, action)
        if hand.phase is Phase.COMPLETE:
            raise HandOver(_("the hand is over"))
        p = hand.player(i)
        if p.name != hand.opener or p.folded:
            raise IllegalAction(_("{name} did not open this pot").format(name=p.name))
        if _nobody_followed(hand, i):
            # `added` is negative: his opening comes back to his stack
            return ActionEvent(p.name, action, "withdraw", -p.bet, 0, False, hand.street)
        fine = min(hand.fine_ante, p.stack)
        return ActionEvent(p.name, action, "false-open", fine, p.bet, False, hand.street)

    def apply_announcement(self, hand: Dealing, event: ActionEvent) -> None:
        i = hand.index_of(event.player)
        if event.verb == "withdraw":
            # He owned up in time: no penalty, he may play on if another opens.
            hand.withdraw_opening(i)
            return
        # The false opener is out; his chips stay in the pot, the fine waits for the next.
        hand.fold_out(i, fine=event.added)


def _nobody_followed(hand: Dealing, i: int) -> bool:
    """Whether no other player has put chips in after player i's opening (still the first
    round: after it, the others have called or raised)."""
    if hand.street != Draw.streets[0]:
        return False
    return all(hand.player(j).bet == 0 for j in range(hand.size) if j != i)


def jackpots_side(table: Host) -> JackpotsSide:
    """The jackpots side of this table, or why another game has none."""
    side = getattr(table, "game", None)
    if not isinstance(side, JackpotsSide):
        raise IllegalAction(
            _("the pot à la clef is a jackpots deal (--game draw --open jacks --ante N)")
        )
    return side


class JackpotsSide(GameSide):
    """Jackpots' side of the table: the pot à la clef, whose ante is doubled."""

    own_commands = frozenset({"clef_event"})

    def __init__(self, table: Host) -> None:
        super().__init__(table)
        # the next deal is the pot à la clef: its ante is doubled
        self.clef_next = False

    def announced(self) -> bool:
        return self.clef_next

    def dealt(self) -> None:
        self.clef_next = False

    def snapshot(self) -> dict[str, Any]:
        return {"clef": True} if self.clef_next else {}  # (written only when announced)

    def restore(self, data: dict[str, Any]) -> None:
        super().restore(data)
        self.clef_next = bool(data.get("clef", False))

    def appliers(self) -> dict[type, Applier]:
        return {PotALaClef: self.apply_clef}

    def clef_event(self) -> PotALaClef:
        """Jackpots: the next deal is the pot à la clef. It falls with the regular pot (every
        deal of a jackpots session is one), so the ante of that deal is doubled ("la mise au
        pot est doublée"), between hands; the deal after it antes as before."""
        table = self.table
        if not table.config.jackpots:
            raise IllegalAction(
                _("the pot à la clef is a jackpots deal (--game draw --open jacks --ante N)")
            )
        table.between_hands(N_("announce the pot à la clef"))
        if self.clef_next:
            raise IllegalAction(_("the next deal is already the pot à la clef"))
        return PotALaClef()

    def apply_clef(self, event: PotALaClef) -> None:
        """Carry out a recorded announcement of the pot à la clef (checked again)."""
        self.clef_event()
        self.clef_next = True

    def deal_config(self, config: TableConfig) -> TableConfig:
        if not self.clef_next:
            return config
        return config.with_schedule(config.schedule._replace(ante=2 * config.ante))
