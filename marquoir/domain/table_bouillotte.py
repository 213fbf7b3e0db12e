"""Bouillotte's side of the table: the showdown read from the cards and the retourne, and
the brelans paid after a hand (or after a misdeal, as if the deal had been good). `Table`
inherits these; the other games never reach them (docs/rules.md, Bouillotte).
"""

from __future__ import annotations

from .errors import IllegalAction, ShowdownError
from .events import BrelansPaid, ShowedDown
from .i18n import N_, _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .accounts import Account
    from .bouillotte_cards import Reading
    from .config import TableConfig
    from .hand import Hand, ShowdownEvent
    from .ranking import Ranking


class BouillotteTable:
    """The Bouillotte commands and their effects, for `Table` to inherit."""

    accounts: dict[str, Account]
    hand_no: int
    # the last hand whose brelans were paid, and who was dealt in the last hand
    brelans_hand: int
    last_dealt: tuple[str, ...]
    # what the last side payment after a hand (the game's: Bouillotte's brelans) moved,
    # player by player
    last_side_payments: dict[str, int]

    if TYPE_CHECKING:

        @property
        def config(self) -> TableConfig: ...
        def account(self, name: str) -> Account: ...
        def present(self) -> list[Account]: ...
        def resolve(self, name: str) -> str: ...
        def _between_hands(self, what: str) -> None: ...
        def _hand_in_play(self) -> Hand: ...
        def _after_hand_step(self, hand: Hand) -> None: ...

    def retourne_showdown_event(
        self, retourne: str, shown: dict[str, str]
    ) -> tuple[ShowedDown, Reading]:
        """Bouillotte's showdown read from the cards laid down and the retourne: each pot by
        its own ranking, and the reading the scorekeeper announces."""
        if not self.config.rules.pays_brelans:
            raise IllegalAction(_("--retourne is Bouillotte's: the card the dealer turns up"))
        shown = {self.resolve(name): text for name, text in shown.items()}
        hand = self._hand_in_play()
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
        if not self.config.rules.pays_brelans:
            raise IllegalAction(_("brelans are paid at Bouillotte only"))
        self._between_hands(N_("pay the brelans"))
        if misdeal:
            return self._misdeal_brelans(players, carre)
        if not self.last_dealt or self.brelans_hand == self.hand_no:
            raise IllegalAction(_("the brelans of the last hand are paid once, after the hand"))
        named = (*players, carre) if carre else players
        if not named:
            raise IllegalAction(_("name the players who showed a brelan"))
        if len(set(named)) != len(named):
            raise IllegalAction(_("a player shows one brelan"))
        dealt = set(self.last_dealt)
        for name in named:
            self.account(name)
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
            self.account(name)
            if name not in dealt:
                raise IllegalAction(
                    _("{name} is not dealt in: the misdeal dealt the others").format(name=name)
                )
        return BrelansPaid(players, carre, misdeal=True)

    def _misdealt(self) -> list[Account]:
        """The players a misdeal dealt cards to: those the deal deals in."""
        return [a for a in self.present() if a.plays]

    def _retourne_showdown(self, hand: Hand, event: ShowedDown) -> ShowdownEvent:
        """Bouillotte from the cards: the pots by their rankings, then the brelans shown paid
        at once (the same event: `undo` takes both back)."""
        rankings, reading = _read_retourne(hand, event)
        shown = hand.showdown(rankings[0], by_pot=rankings)
        self._after_hand_step(hand)
        simple = tuple(b.player for b in reading.brelans if not b.carre)
        carre = next((b.player for b in reading.brelans if b.carre), None)
        if simple or carre:
            self._pay_brelans(BrelansPaid(simple, carre))
        return shown

    def _pay_brelans(self, event: BrelansPaid) -> None:
        """The game's side payments: Bouillotte's brelans, paid by the players of the hand
        (not those who sat it out), in passes of the schedule in force."""
        # (the schedule in force, not the last hand's: a table read back from its snapshot
        # has no last hand, and must pay as the replay of the log does)
        if event.misdeal:  # (no hand: the players the undone deal had dealt in)
            payers = [(a.name, a.stack) for a in self._misdealt()]
        else:
            payers = [(a.name, a.stack) for a in self.present() if a.name in self.last_dealt]
        moves = self.config.rules.brelan_payments(event.players, event.carre, payers)
        for name, delta in moves.items():
            self.accounts[name].stack += delta
        self.last_side_payments = moves
        if not event.misdeal:  # (a misdeal's brelans leave the last hand's to be paid)
            self.brelans_hand = self.hand_no


def _canonical(event: ShowedDown) -> list[tuple[str, str]]:
    from .cards import parse_cards

    return [(name, " ".join(map(str, parse_cards(text)))) for name, text in event.cards]


def _read_retourne(hand: Hand, event: ShowedDown) -> tuple[tuple[Ranking, ...], Reading]:
    """Each pot's ranking and the reading of a Bouillotte deal from its cards: the hands in
    order of cards (the first after the dealer is first in cards); every engaged player
    shows, those who passed may (their brelans are paid, their cards make the point)."""
    from .bouillotte_cards import parse_hands, pot_rankings, read_cards

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
