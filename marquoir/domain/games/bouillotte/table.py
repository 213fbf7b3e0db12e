"""Bouillotte's side of the table: the showdown read from the cards and the retourne, and
the brelans paid after a hand (or after a misdeal, as if the deal had been good). The table
holds it as its game's side (`Table.game`); the other games never reach it (docs/rules.md,
Bouillotte).
"""

from __future__ import annotations

from ...errors import IllegalAction, ShowdownError
from ...events import BrelansPaid, ShowedDown
from ...extension import GameSide
from ...i18n import N_, _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ...accounts import Account
    from ...extension import Applier, Host
    from ...hand import Hand, ShowdownEvent
    from ...ranking import Ranking
    from .cards import Reading


def bouillotte_side(
    table: Host, refusal: str = N_("brelans are paid at Bouillotte only")
) -> BouillotteSide:
    """The Bouillotte side of this table, or `refusal` (another game)."""
    side = getattr(table, "game", None)
    if not isinstance(side, BouillotteSide):
        raise IllegalAction(_(refusal))
    return side


class BouillotteSide(GameSide):
    """The Bouillotte commands and their effects, held by the table of a Bouillotte game."""

    own_commands = frozenset({"retourne_showdown", "brelans_event"})

    def retourne_showdown(
        self, retourne: str, shown: dict[str, str], *, english: bool = False
    ) -> tuple[ShowedDown, list[str]]:
        """The command `showdown --retourne`: its event, and the reading as the scorekeeper
        announces it (`retourne_showdown_event`). The cards are typed in the notation of the
        session's language (`english`: the English one) and stored the canonical way."""
        from ...cards import canonical
        from ...i18n import french
        from .cards import deck_ranks, describe

        in_french = french() and not english  # (the session's language, followed by now)
        deck = deck_ranks()
        turned = canonical(retourne, french=in_french, deck=deck)
        hands = {name: canonical(text, french=in_french, deck=deck) for name, text in shown.items()}
        event, reading = self.retourne_showdown_event(turned, hands)
        return event, describe(reading)

    def appliers(self) -> dict[type, Applier]:
        return {BrelansPaid: self.apply_brelans}

    def retourne_showdown_event(
        self, retourne: str, shown: dict[str, str]
    ) -> tuple[ShowedDown, Reading]:
        """Bouillotte's showdown read from the cards laid down and the retourne: each pot by
        its own ranking, and the reading the scorekeeper announces."""
        table = self.table
        shown = {table.resolve(name): text for name, text in shown.items()}
        hand = table.hand_in_play()
        event = ShowedDown((), None, retourne, tuple(shown.items()))
        rankings, reading = _read_retourne(hand, event)
        event = event._replace(
            ranking=rankings[0],
            board=str(reading.retourne),
            cards=tuple((name, text) for name, text in _canonical(event)),
        )
        hand.verify_showdown(rankings[0], by_pot=rankings)
        return event, reading

    def brelans_event(
        self, players: tuple[str, ...], carre: str | None = None, *, misdeal: bool = False
    ) -> BrelansPaid:
        """Bouillotte's brelan payments for the last hand, between hands; with `misdeal`,
        those of a misdeal whose deal was undone, paid by the players it dealt in (those
        the next deal deals in), as if the deal had been good."""
        table = self.table
        table.between_hands(N_("pay the brelans"))
        if misdeal:
            return self._misdeal_brelans(players, carre)
        if not table.last_dealt or self.paid_hand == table.hand_no:
            raise IllegalAction(_("the brelans of the last hand are paid once, after the hand"))
        named = (*players, carre) if carre else players
        if not named:
            raise IllegalAction(_("name the players who showed a brelan"))
        if len(set(named)) != len(named):
            raise IllegalAction(_("a player shows one brelan"))
        dealt = set(table.last_dealt)
        for name in named:
            table.account(name)
            if name not in dealt:
                raise IllegalAction(_("{name} was not dealt in the last hand").format(name=name))
        return BrelansPaid(players, carre)

    def _misdeal_brelans(self, players: tuple[str, ...], carre: str | None) -> BrelansPaid:
        named = (*players, carre) if carre else players
        if not named:
            raise IllegalAction(_("name the players who showed a brelan"))
        if len(set(named)) != len(named):
            raise IllegalAction(_("a player shows one brelan"))
        dealt = {a.name for a in self._misdealt()}
        for name in named:
            self.table.account(name)
            if name not in dealt:
                raise IllegalAction(
                    _("{name} is not dealt in: the misdeal dealt the others").format(name=name)
                )
        return BrelansPaid(players, carre, misdeal=True)

    def _misdealt(self) -> list[Account]:
        """The players a misdeal dealt cards to: those the deal deals in."""
        return [a for a in self.table.present() if a.plays]

    def apply_brelans(self, event: BrelansPaid) -> None:
        """Carry out a recorded payment of brelans (checked again)."""
        self.brelans_event(event.players, event.carre, misdeal=event.misdeal)
        self.pay_brelans(event)

    def showdown(self, hand: Hand, event: ShowedDown) -> ShowdownEvent | None:
        if not event.cards:  # (the scorekeeper gave the ranking: the table applies it)
            return None
        return self._retourne_showdown(hand, event)

    def _retourne_showdown(self, hand: Hand, event: ShowedDown) -> ShowdownEvent:
        """Bouillotte from the cards: the pots by their rankings, then the brelans shown paid
        at once (the same event: `undo` takes both back)."""
        rankings, reading = _read_retourne(hand, event)
        shown = hand.showdown(rankings[0], by_pot=rankings)
        self.table.after_hand_step(hand)
        simple = tuple(b.player for b in reading.brelans if not b.carre)
        carre = next((b.player for b in reading.brelans if b.carre), None)
        if simple or carre:
            self.pay_brelans(BrelansPaid(simple, carre))
        return shown

    def pay_brelans(self, event: BrelansPaid) -> None:
        """The game's side payments: Bouillotte's brelans, paid by the players of the hand
        (not those who sat it out), in passes of the schedule in force."""
        # (the schedule in force, not the last hand's: a table read back from its snapshot
        # has no last hand, and must pay as the replay of the log does)
        table = self.table
        if event.misdeal:  # (no hand: the players the undone deal had dealt in)
            payers = [(a.name, a.stack) for a in self._misdealt()]
        else:
            payers = [(a.name, a.stack) for a in table.present() if a.name in table.last_dealt]
        moves = table.config.rules.brelan_payments(event.players, event.carre, payers)
        for name, delta in moves.items():
            table.accounts[name].stack += delta
        self.side_payments = moves
        if not event.misdeal:  # (a misdeal's brelans leave the last hand's to be paid)
            self.paid_hand = table.hand_no


def _canonical(event: ShowedDown) -> list[tuple[str, str]]:
    from ...cards import parse_cards

    return [(name, " ".join(map(str, parse_cards(text)))) for name, text in event.cards]


def _read_retourne(hand: Hand, event: ShowedDown) -> tuple[tuple[Ranking, ...], Reading]:
    """Each pot's ranking and the reading of a Bouillotte deal from its cards: the hands in
    order of cards (the first after the dealer is first in cards); every engaged player
    shows, those who passed may (their brelans are paid, their cards make the point)."""
    from .cards import parse_hands, pot_rankings, read_cards

    given = dict(event.cards)
    for name in given:
        if name not in hand.start_stacks:
            raise ShowdownError(_("{name} is not playing this hand").format(name=name))
    engaged = [p.name for p in hand.players if not p.folded]
    missing = [name for name in engaged if name not in given]
    if missing:
        raise ShowdownError(
            _("every engaged player lays down his cards: {value}").format(value=", ".join(missing))
        )
    ordered = {name: given[name] for name in hand.order_of_play() if name in given}
    hands, retourne = parse_hands(ordered, event.board)
    in_order = [name for name in hand.order_of_play() if name in engaged]
    pots = [pot.eligible for pot in hand.pots()]
    rankings = pot_rankings(hands, retourne, engaged=in_order, pots=pots)
    return rankings, read_cards(hands, retourne, engaged=in_order)
