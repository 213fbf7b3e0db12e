"""What the scorekeeper says rather than the player to act: the stud bring-in, who speaks
first on a later stud street, and a jackpot's false opener."""

from __future__ import annotations

from .actions import Action, ActionEvent, ActionKind
from .errors import HandOver, IllegalAction
from .games import AWAIT_BRING_IN, AWAIT_FIRST
from .outcome import Phase
from .pots import award_pots

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .hand import Hand

SAID_BY_SCOREKEEPER = (ActionKind.BRING_IN, ActionKind.FIRST, ActionKind.FALSE_OPEN)


def verify_named(hand: Hand, action: Action) -> ActionEvent:
    """The event of something the scorekeeper says, or why it is refused."""
    name = action.player or ""
    if name not in hand._index:
        raise IllegalAction(f"{name or 'nobody'} is not playing this hand")
    p = hand._players[hand._index[name]]
    kind, street = action.kind, hand.street
    if kind is ActionKind.FALSE_OPEN:
        if not hand.config.jackpots:
            raise IllegalAction("a false opening is a jackpots matter")
        if hand.phase is Phase.COMPLETE:
            raise HandOver("the hand is over")
        if name != hand.opener or p.folded:
            raise IllegalAction(f"{name} did not open this pot")
        fine = min(hand.config.ante, p.stack)
        return ActionEvent(name, action, "false-open", fine, p.bet, False, street)
    if p.folded or p.stack == 0:
        raise IllegalAction(f"{name} cannot speak: he is {'out' if p.folded else 'all-in'}")
    if kind is ActionKind.FIRST:
        if hand.awaiting != AWAIT_FIRST:
            raise IllegalAction("nobody is to be named first now")
        return ActionEvent(name, action, "first", 0, p.bet, False, street)
    if hand.awaiting != AWAIT_BRING_IN:
        raise IllegalAction("the bring-in is posted once, at the start of the hand")
    if action.amount is None:
        added = min(hand.config.bring_in, p.stack)
        return ActionEvent(name, action, "bring-in", added, added, added == p.stack, street)
    small = hand.config.limits[0]
    if action.amount != small:
        raise IllegalAction(f"completing the bring-in makes the bet {small}, the small bet")
    added = min(small, p.stack)
    return ActionEvent(name, action, "complete", added, added, added == p.stack, street)


def apply_named(hand: Hand, event: ActionEvent) -> None:
    """Carry out a bring-in, a completion, who speaks first, or a false opening."""
    i = hand._index[event.player]
    p = hand._players[i]
    if event.verb == "first":
        hand.awaiting = None
        hand._to_act = i
        return
    if event.verb == "false-open":
        false_open(hand, i, event.added)
        return
    hand.awaiting = None
    p.stack -= event.added
    p.bet += event.added
    p.live += event.added
    hand._with_chips -= p.stack == 0
    if event.verb == "bring-in":  # an incomplete opening: a call or a completion follows
        hand._open_round(event.total)
        hand._rnd.opened, hand._rnd.full_level = False, 0
    else:
        hand._open_round(0)
        hand._structure.record(hand._rnd, event.total)
    p.acted, p.acted_level = True, hand._rnd.current_bet
    hand._set_turn(i + 1)


def false_open(hand: Hand, i: int, fine: int) -> None:
    """The opener had no jacks: out of the hand, his chips stay, a fine for the next pot."""
    p = hand._players[i]
    hand._with_chips -= p.stack > 0
    p.stack -= fine
    hand.fines[p.name] = fine
    p.folded = True
    hand._in_hand -= 1
    if hand.phase is Phase.SHOWDOWN:
        if hand._in_hand == 1:
            winner = next(q.name for q in hand._players if not q.folded)
            hand._finish(tuple(award_pots(hand.pots(), ((winner,),))), by_fold=True)
        return
    if hand._in_hand == 1:
        hand._close_round()
    elif hand._to_act == i or hand._to_act is None:
        hand._set_turn(i + 1)
