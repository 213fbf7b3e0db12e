"""Bouillotte: the dealer's passe, one betting round with several turns of speaking, and
the brelans paid after the hand.

The turns of speaking (docs/rules.md, Bouillotte): in the first turn each player opens,
holds (`call`) an opening, or passes; nobody raises. Then the word goes to the engaged
players in turn from the right of the one who last put money in (the opener, then the last
to raise): each may raise any amount more, pass the word (`check` / `parole`) or go (`fold`);
the last of them, once those before him have passed the word, may `abattre` instead (his
`check` holds without more: abattre too). After
a raise the others hold or go, in turn; two players alone may also raise again, and holding
the last raise between two is abattre. Without abattre the betting goes on until the caves
are in.

To play one must put in as many chips as the passes waiting in the pot: one, or two after a
deal where everybody passed ("la passe est double"); a deal nobody opens is void. After the
hand each player who showed a brelan gets one passe from every other player of the hand
(two for a brelan carré); see docs/rules.md.
"""

from __future__ import annotations

from ...actions import BOUILLOTTE_ROUND
from ...errors import ConfigError, IllegalAction
from ...i18n import N_, _, number
from ...kinds import BettingKind
from ..base import GameRules, check_no_blinds

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence
    from typing import ClassVar

    from ...actions import LegalActions
    from ...ranking import Ranking
    from ..base import Dealing, Settings

# The moments of the round: the first turn; answering a raise (hold or go); the word.
FIRST, HOLD, WORD = "first", "hold", "word"


class Bouillotte(GameRules):
    """Bouillotte, three to five players."""

    name = "Bouillotte"
    streets = (BOUILLOTTE_ROUND,)
    # its dealer puts in the passe: "le donneur", never "le bouton"
    own_words: ClassVar[Mapping[str, str]] = {
        "button": N_("button, at Bouillotte"),
        "hand {number}: button {button} | ": N_("hand {number}: button {button} | , at Bouillotte"),
    }
    min_players, max_players = 3, 5
    defaults = (("passe", 1),)
    options = frozenset({"passe"})
    names_betting = False  # always played with bets limited only by the caves
    pays_brelans = True
    says_pass = True
    table_side = "marquoir.domain.games.bouillotte.table:BouillotteSide"  # brelans, retourne

    speaks_in_turns = True

    def __init__(self, config: Settings) -> None:
        super().__init__(config)
        self.voids_unopened = True
        self._moment = FIRST
        self._maker: int | None = None  # who last put money in
        self._queue: list[int] = []  # who still speaks in this turn, in order

    def validate(self) -> None:
        cfg = self.config
        check_no_blinds(cfg, "bouillotte")
        if cfg.ante:
            raise ConfigError(_("Bouillotte has no ante: the dealer puts in the passe"))
        if cfg.passe <= 0:
            raise ConfigError(_("Bouillotte needs a passe of at least 1 chip (--passe N)"))
        if cfg.betting is not BettingKind.NO_LIMIT:
            raise ConfigError(_("Bouillotte is played with bets limited only by the caves (nl)"))

    def start(self, hand: Dealing) -> int | str:
        passe = self.config.passe
        hand.post(hand.button_index, passe, "passe", live=False)
        hand.open_round(0, min_bet=hand.dead_in + passe)
        self._moment, self._maker, self._queue = FIRST, None, []
        return hand.button_index + 1

    # -- the turns of speaking -------------------------------------------------------------

    def raise_window(self, hand: Dealing, i: int) -> tuple[int, int | None] | str | None:
        if self._moment == FIRST:
            if hand.current_bet == 0:
                return None  # the opening: at least the passes waiting, no maximum
            return _("nobody raises in the first turn: hold (call) or pass (fold)")
        if self._moment == HOLD and _engaged(hand) > 2:
            return _("facing a raise one holds (call) or goes (fold); the word comes after")
        # any amount more, limited by the caves (no minimum raise)
        return hand.current_bet + self.config.chip_unit, None

    turn_verbs = frozenset({"abattre"})  # (the one word `check_turn` may refuse)

    def check_turn(self, hand: Dealing, i: int, verb: str) -> None:
        # The last to hold who says check holds without more: that is abattre too.
        if verb == "abattre" and not self._may_abattre(hand, i):
            raise IllegalAction(self._why_not_abattre(hand, i))

    def _may_abattre(self, hand: Dealing, i: int) -> bool:
        if self._moment == HOLD:
            return _engaged(hand) == 2
        return self._moment == WORD and self._queue == [i]

    def _why_not_abattre(self, hand: Dealing, i: int) -> str:
        name = hand.player(i).name
        if self._moment == FIRST:
            return _("nobody abats in the first turn: open, hold (call) or pass")
        if self._moment == HOLD:
            return _(
                "{name} may not abattre with more than two engaged: hold (call) or go (fold)"
            ).format(name=name)
        after = ", ".join(hand.player(j).name for j in self._queue if j != i)
        return _(
            "{name} may not abattre yet: {after} must speak after him; "
            "he raises, passes the word (parole) or goes (fold)"
        ).format(name=name, after=after)

    def next_speaker(self, hand: Dealing, i: int, verb: str, usual: int | None) -> int | None:
        if verb == "abattre":
            return None
        if self._moment == FIRST:
            if usual is not None or hand.opener is None:
                return usual  # the first turn goes on (or nobody opened: a void deal)
            return self._give_word(hand, hand.index_of(hand.opener))
        if verb in ("raise", "bet", "complete"):
            self._moment, self._maker = HOLD, i
            self._queue = [j for j in _after(hand, i) if _can_speak(hand, j)]
            return self._queue[0] if self._queue else None
        if i in self._queue:
            self._queue.remove(i)
        if self._moment == HOLD and verb == "call" and _engaged(hand) == 2:
            return None  # between two, holding the last raise is abattre
        if self._queue:
            return self._queue[0]
        if self._moment == HOLD and self._maker is not None:
            return self._give_word(hand, self._maker)
        return None  # the word went round without a raise: the cards are shown

    def _give_word(self, hand: Dealing, maker: int) -> int | None:
        """The word to the engaged players from the right of the one who last put money in."""
        self._moment, self._maker = WORD, maker
        self._queue = [j for j in _after(hand, maker) if _can_speak(hand, j)]
        if len([j for j in range(hand.size) if _can_speak(hand, j)]) < 2:
            self._queue = []  # nobody left to raise against: the cards are shown
        return self._queue[0] if self._queue else None

    def speech(self, hand: Dealing, i: int, legal: LegalActions) -> str:
        name, parts = legal.player, []
        low, high = number(legal.min_to or 0), number(legal.max_to or 0)
        raise_span = f"{low}-{high}" if legal.min_to != legal.max_to else low
        raising = _("raise {span}").format(span=raise_span)
        hold_words = _("hold {call_amount} (call)").format(call_amount=number(legal.call_amount))
        if self._moment == FIRST:
            if legal.current_bet == 0:
                if legal.can_raise:
                    parts.append(_("open {span}").format(span=raise_span))
                parts.append(_("pass (check)"))
            else:
                parts += [hold_words, _("pass (fold)")]
            return _("{name} to speak, first turn: ").format(name=name) + " | ".join(parts)
        if self._moment == HOLD:
            heads_up = _engaged(hand) == 2
            parts.append(hold_words + (_(" and abattre") if heads_up else ""))
            if legal.can_raise:
                parts.append(raising)
            parts.append(_("go (fold)"))
            return _("{name} to speak: ").format(name=name) + " | ".join(parts)
        if legal.can_raise:
            parts.append(raising)
        parts.append(_("abattre") if self._queue == [i] else _("pass the word (parole)"))
        parts.append(_("go (fold)"))
        return _("{name} has the word: ").format(name=name) + " | ".join(parts)

    tie_rule = N_("at Bouillotte a tie does not split: the first in cards wins")

    def break_ties(self, hand: Dealing, ranking: Ranking) -> Ranking:
        """Equal points go to the player first in cards, the first dealt from the dealer's
        right (docs/rules.md): each tie is broken in the order of the deal."""
        n, b = hand.size, hand.button_index
        order = {hand.player((b + k) % n).name: k for k in range(1, n + 1)}
        return tuple(
            (name,) for group in ranking for name in sorted(group, key=lambda who: order[who])
        )

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


def _engaged(hand: Dealing) -> int:
    """How many players are still in the hand."""
    return sum(not hand.player(j).folded for j in range(hand.size))


def _can_speak(hand: Dealing, j: int) -> bool:
    p = hand.player(j)
    return not p.folded and p.stack > 0


def _after(hand: Dealing, i: int) -> list[int]:
    """The other seats in the order of speaking, from the one after seat i."""
    return [(i + k) % hand.size for k in range(1, hand.size)]
