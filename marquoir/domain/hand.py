"""The hand state machine: forced bets, who acts, legal actions, rounds, pots, showdown.

The hand drives and the game decides: the hand keeps the players, the turn, the bets and the
pots for every game; what is particular to a game (streets, forced bets, who speaks first,
what the scorekeeper announces) is asked of its rules object (`games/`), which acts on the
hand only through the public methods of the "for the game" section below.

A `Hand` starts from the seats (name, seat number, stack) of the players dealt in and the
button. Each action is first verified (a refusal raises an `IllegalAction` a player
understands), then applied; applying returns the frozen `ActionEvent` that the log keeps.
Replaying the same actions over the same start gives the same hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .actions import Action, ActionEvent, ActionKind, LegalActions
from .betting import RaiseContext, RoundState, structure_for
from .config import TableConfig
from .errors import HandOver, IllegalAction, NotYourTurn, ShowdownError, UsageError
from .games import SAID_BY_SCOREKEEPER, rules_for
from .hand_seats import Position, seated
from .i18n import N_, _
from .outcome import (
    ForcedBet,
    HandResult,
    Phase,
    PlayerView,
    SeatInfo,
    ShowdownEvent,
)
from .pots import (
    Contribution,
    Pot,
    PotAward,
    award_each,
    award_pots,
    build_pots,
    lone_award,
)
from .ranking import Ranking

STREETS = ("preflop", "flop", "turn", "river")  # hold'em's; each game has its own

# The refusal of a bet below the minimum, by what the bet is (one sentence each, to translate)
MINIMUM_WORDS = {
    "raise": N_("the minimum raise is to {low}"),
    "complete": N_("the minimum complete is to {low}"),
    "bet": N_("the minimum bet is {low}"),
}


# The verbs of the bets and raises the betting structure counts.
_BETS = frozenset({"bet", "raise", "open", "complete"})

# The words `Hand._resolve` tells apart at every action, as names of this module: a member
# read from the enum class is a look-up through its type at each comparison.
_FOLD, _CHECK, _CALL, _ALLIN = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.ALLIN
_ABATTRE, _OPEN = ActionKind.ABATTRE, ActionKind.OPEN

# A record of these fields made from a tuple of all of them (what its constructor does, without
# the call): the events made at every action, the forced bets, raise bounds, views and
# results of every hand.
_new_event = tuple.__new__

# What an action resolves to: its verb (fold, check, call, bet, raise...), the chips it adds
# and the player's total for the round after it. (A plain tuple: one is made per action.)
_Resolved = tuple[str, int, int]


class Hand:
    """One hand of the table's game, from the forced bets to the last chip awarded."""

    # Its fields in slots: each read at every action is a slot's (no dictionary of its own,
    # whose keys an instance shares with the others only up to thirty fields)
    __slots__ = (
        "_button",
        "_in_hand",
        "_index",
        "_kept_pots",
        "_n",
        "_players",
        "_ring",
        "_rnd",
        "_speaks_in_turns",
        "_streets",
        "_structure",
        "_to_act",
        "_turn_verbs",
        "_with_chips",
        "awaiting",
        "button_index",
        "config",
        "dead_in",
        "events",
        "fine_ante",
        "fines",
        "forced",
        "opener",
        "phase",
        "result",
        "returned",
        "returns",
        "rules",
        "showdown_event",
        "size",
        "street",
    )

    def __init__(
        self,
        config: TableConfig,
        seats: Sequence[SeatInfo],
        button: int,
        *,
        dead: int = 0,
        fine_ante: int | None = None,
    ) -> None:
        self.config = config
        self.rules = rules = rules_for(config)
        # What the game says of its turns and rounds, read once a deal: the hand reads it at
        # every action or round, where a class attribute read through an instance is a full
        # look-up each time (its type's attributes, then the instance's)
        self._speaks_in_turns = rules.speaks_in_turns
        self._turn_verbs = rules.turn_verbs
        self._streets = rules.streets
        # chips left in the middle by a void deal before (and fines), for this hand's pot
        self.dead_in = dead
        # a jackpots false opener's fine: one ante of the table, even when this deal doubled
        # the ante (the pot à la clef: the stake is doubled, not the fine of "un chip")
        self.fine_ante = config.ante if fine_ante is None else fine_ante
        self.opener: str | None = None
        # what the scorekeeper must say before anyone acts (a waiting state of the game:
        # stud's bring-in, who speaks first)
        self.awaiting: str | None = None
        self.fines: dict[str, int] = {}
        self._structure = structure_for(config)
        self._players, self._index, self._button = seated(seats, button)
        # For the game (`Dealing`): how many players were dealt in, and the button's index in
        # seat order (seat indexes count from 0, clockwise). Fields, not properties: the game
        # reads them at every deal and round.
        self.size = self._n = len(self._players)
        self.button_index = self._button
        # (index, player) of each seat, twice round the table: the seats in order from any
        # seat index are one slice of it, which `_scan` walks without a `% n` at each seat
        self._ring = (*enumerate(self._players),) * 2
        self.forced: list[ForcedBet] = []
        self.events: list[ActionEvent] = []
        self.showdown_event: ShowdownEvent | None = None
        self._kept_pots: list[Pot] | None = None  # (`pots`, once the betting is over)
        self.returned: dict[str, int] = {}
        # (street, player, chips) of each uncalled bet given back, as the rounds closed
        self.returns: list[tuple[str, str, int]] = []
        self.phase = Phase.BETTING
        self.result: HandResult | None = None
        self._rnd = RoundState(0)
        # the name of the round being played (a field, not a property: each action's event
        # and the table read it)
        self.street: str = self._streets[0]
        self._to_act: int | None = None
        # The players still in the hand, and those of them with chips behind, kept up to date
        # at every change of stacks or folds (the turn logic asks for them at each step): at
        # the deal, everyone (`seated` refuses a player without chips); a forced bet that
        # puts a player all in counts him out of the second (`post`).
        self._in_hand = self._with_chips = len(self._players)
        self.set_turn(self.rules.start(self))

    @classmethod
    def replay(
        cls,
        config: TableConfig,
        seats: Sequence[SeatInfo],
        button: int,
        actions: Iterable[Action],
        ranking: Ranking | None = None,
        *,
        low: Ranking | None = None,
    ) -> Hand:
        """Rebuild a hand from its start and its actions (and showdown ranking, if any)."""
        hand = cls(config, seats, button)
        for action in actions:
            hand.apply(action)
        if ranking is not None:
            hand.showdown(ranking, low=low)
        return hand

    # -- what the table sees -------------------------------------------------------------

    @property
    def button(self) -> str:
        return self._players[self._button].name

    @property
    def to_act(self) -> str | None:
        """The player whose turn it is, or None when no betting is pending."""
        return None if self._to_act is None else self._players[self._to_act].name

    @property
    def start_stacks(self) -> dict[str, int]:
        """Each player's chips behind when the hand was dealt."""
        return {p.name: p.start for p in self._players}

    @property
    def current_bet(self) -> int:
        return self._rnd.current_bet

    @property
    def players(self) -> list[PlayerView]:
        """The players in seat order."""
        return [
            _new_event(PlayerView, (p.name, p.seat, p.stack, p.bet, p.live, p.dead, p.folded))
            for p in self._players
        ]

    def order_of_play(self) -> list[str]:
        """Player names from the first seat left of the button round to the button."""
        n = len(self._players)
        return [self._players[(self._button + k) % n].name for k in range(1, n + 1)]

    def pots(self, *, include_bets: bool = False) -> list[Pot]:
        """The pots in the middle (main first); with `include_bets`, as if bets were collected."""
        if self.phase is Phase.SHOWDOWN and not include_bets:
            # The betting is over: the pots are built once and kept (the showdown asks for
            # them, and its caller before it), until a game changes a player's chips or fold
            # again (`post`, `put_in`, `fold_out`, `withdraw_opening`, a round closed).
            kept = self._kept_pots
            if kept is None:
                kept = self._kept_pots = self._built_pots(include_bets)
            return list(kept)
        return self._built_pots(include_bets)

    def _built_pots(self, include_bets: bool) -> list[Pot]:
        # (in order of play: from the first seat left of the button round to the button)
        after = self._button + 1
        ordered = self._players[after:] + self._players[:after]
        return build_pots(
            [
                _new_event(
                    Contribution,
                    (p.name, p.live - (0 if include_bets else p.bet), p.dead, p.folded),
                )
                for p in ordered
            ],
            dead=self.dead_in,
        )

    def total_in_middle(self) -> int:
        """Every chip in the middle (pots and bets in front, a void deal's chips included)."""
        return self.dead_in + sum(p.live + p.dead for p in self._players)

    def legal(self) -> LegalActions:
        """The legal actions of the player to act, with their amounts."""
        i = self._require_turn()
        p = self._players[i]
        rnd = self._rnd
        to_call = max(rnd.current_bet - p.bet, 0)
        allin_to = p.bet + p.stack
        window = self._raise_window(i)
        min_to = max_to = None
        allin_ok = allin_to <= rnd.current_bet
        if not isinstance(window, str):
            low, high = window
            allin_ok = high is None or allin_to <= high
            if allin_to >= low:
                min_to, max_to = low, allin_to if high is None else min(high, allin_to)
            elif self._opens_jackpot():  # a short stack opens with all his chips
                min_to = max_to = allin_to
        legal = LegalActions(
            player=p.name,
            current_bet=rnd.current_bet,
            to_call=to_call,
            call_amount=min(to_call, p.stack),
            can_check=to_call == 0,
            min_to=min_to,
            max_to=max_to,
            allin_to=allin_to,
            allin_ok=allin_ok and not self._opens_jackpot(),
            opens=self._opens_jackpot(),
            can_fold=not self._before_opening(),
        )
        speech = self.rules.speech(self, i, legal)
        return legal._replace(speech=speech) if speech else legal

    def _opens_jackpot(self) -> bool:
        """The first bet of the hand, in a game where it is said `open N` (jackpots)."""
        rnd = self._rnd
        return self.rules.opens_by_declaration and rnd.street == 0 and rnd.current_bet == 0

    def _before_opening(self) -> bool:
        """No bet yet in the first round of a game where an unopened deal is void."""
        return self.rules.voids_unopened and self._rnd.street == 0 and self._rnd.current_bet == 0

    # -- actions -------------------------------------------------------------------------

    def verify(self, action: Action) -> ActionEvent:
        """The event `action` would make, or an `IllegalAction` saying why it is refused."""
        if action.kind in SAID_BY_SCOREKEEPER:
            return self.rules.verify_announcement(self, action)
        return self._verify_turn(action)[3]

    def _verify_turn(self, action: Action) -> tuple[int, str, int, ActionEvent]:
        """`verify` of an action of the player to act: his seat index, the verb, the chips
        added and the event (the fields `apply` reads, given as they are known)."""
        i = self._to_act
        if i is None:
            i = self._require_turn()  # (refused)
        p = self._players[i]
        kind, amount, player = action  # (its fields at once: read at every action)
        if player is not None and player != p.name:
            if not player:
                raise UsageError(_("--as needs the name of the player to act"))
            if player not in self._index:
                raise IllegalAction(_("{player} is not playing this hand").format(player=player))
            raise NotYourTurn(
                _("it is {name}'s turn, not {player}'s").format(name=p.name, player=player)
            )
        verb, added, total = self._resolve(i, action, kind, amount)
        if verb in self._turn_verbs:
            self.rules.check_turn(self, i, verb)
        all_in = verb != "fold" and added == p.stack
        # (every field, in order, as one tuple: the record made without a call of its own,
        # once per action)
        event = _new_event(ActionEvent, (p.name, action, verb, added, total, all_in, self.street))
        return i, verb, added, event

    def apply(self, action: Action) -> ActionEvent:
        """Verify `action`, carry it out, move the hand on, and return its event."""
        # (`action.kind`, its first field, read by index: a record's field is a property,
        # a call at every action)
        if action[0] in SAID_BY_SCOREKEEPER:
            event = self.rules.verify_announcement(self, action)
            self.rules.apply_announcement(self, event)
            self.events.append(event)
            return event
        i, verb, added, event = self._verify_turn(action)
        p = self._players[i]
        stack = p.stack  # (before the action)
        if verb == "fold":
            p.folded = True
            self._in_hand -= 1
            self._with_chips -= stack > 0
        elif added:  # (a check moves no chips; a bet or raise always adds some)
            p.stack = stack - added
            p.bet += added
            p.live += added
            if added == stack:  # all in now
                self._with_chips -= 1
            if verb in _BETS:
                if self.opener is None and verb != "raise":
                    self.opener = p.name
                self._structure.record(self._rnd, p.bet)  # (his total now: the event's)
        p.acted = True
        p.acted_level = self._rnd.current_bet
        self.events.append(event)
        if self._in_hand == 1:
            self._close_round()
            return event
        self._to_act = to_act = self._scan(i + 1)
        if self._speaks_in_turns:
            self._to_act = to_act = self.rules.next_speaker(self, i, verb, to_act)
        if to_act is None:
            self._close_round()
        return event

    def verify_showdown(
        self,
        ranking: Ranking,
        odd_chip: str | None = None,
        *,
        low: Ranking | None = None,
        by_pot: Sequence[Ranking] | None = None,
    ) -> ShowdownEvent:
        """How the pots would go with this ranking, or a `ShowdownError` saying why not.

        `by_pot`: a ranking for each pot, main pot first (Bouillotte from the cards)."""
        if self.phase is not Phase.SHOWDOWN:
            if self.phase is Phase.BETTING:
                raise ShowdownError(
                    _("the betting is not over: {to_act} is to act").format(to_act=self.to_act)
                )
            raise ShowdownError(_("this hand is over"))
        if low is not None and not self.rules.low_half:
            raise ShowdownError(
                _("{value} is not a hi-lo game: the pot has no low half").format(
                    value=self.config.game
                )
            )
        groups = ranking  # (the usual showdown: one ranking; else the groups of each)
        if low is not None or by_pot is not None:
            every = (ranking, low or (), *(by_pot or ()))
            groups = tuple([group for each in every for group in each])
        for group in groups:
            for name in group:
                if name not in self._index:
                    raise ShowdownError(_("{name} is not playing this hand").format(name=name))
                if self._players[self._index[name]].folded:
                    raise ShowdownError(_("{name} folded and cannot win a pot").format(name=name))
        if odd_chip is not None and (
            odd_chip not in self._index or self._players[self._index[odd_chip]].folded
        ):
            raise ShowdownError(
                _("the odd chip goes to a winner: {odd_chip} cannot win").format(odd_chip=odd_chip)
            )
        settled = self.rules.break_ties(self, ranking)
        unit = self.config.chip_unit
        if by_pot is not None:
            awards = award_each(self.pots(), by_pot, chip_unit=unit)
        else:
            awards = award_pots(self.pots(), settled, low=low, chip_unit=unit, first=odd_chip)
        if odd_chip is not None and not any(
            odd_chip in (name for name, _ in half) and len(half) > 1
            for award in awards
            for half in ((award.high, award.low) if award.low else (award.shares,))
        ):
            raise ShowdownError(
                _("{odd_chip} does not share a split pot: no odd chip for him").format(
                    odd_chip=odd_chip
                )
            )
        # (every field, in order: the record made from all its fields at once)
        return _new_event(ShowdownEvent, (ranking, tuple(awards), odd_chip, low))

    def showdown(
        self,
        ranking: Ranking,
        odd_chip: str | None = None,
        *,
        low: Ranking | None = None,
        by_pot: Sequence[Ranking] | None = None,
    ) -> ShowdownEvent:
        """Settle every pot from the showdown ranking; the hand is then complete.

        `odd_chip` names the winner who takes the odd chips of a split first (stud: the
        highest card by suit); by default they go in order from the left of the button. `low`
        (hi-lo games) ranks the players with a qualifying low, best first.
        """
        event = self.verify_showdown(ranking, odd_chip, low=low, by_pot=by_pot)
        self.showdown_event = event
        self._finish(event.awards, by_fold=False)
        return event

    # -- for the game: what a game's rules may ask of the hand -----------------------------

    def index_of(self, name: str) -> int:
        """The seat index of a player dealt in (`KeyError` for anybody else)."""
        return self._index[name]

    def player(self, i: int) -> PlayerView:
        """The player at seat index i."""
        p = self._players[i]
        return PlayerView(p.name, p.seat, p.stack, p.bet, p.live, p.dead, p.folded)

    def post(
        self, i: int, amount: int, kind: str, *, live: bool = True, nominal: bool = False
    ) -> None:
        """A forced bet (as much of it as the stack allows): live in the bet in front, or
        dead (antes, a passe). A `nominal` blind counts as full for the pot-limit maximum
        even when short (TDA 54-B)."""
        self._kept_pots = None  # (what a player put in changes: see `pots`)
        p = self._players[i]
        put = amount if amount < p.stack else p.stack  # (at most his stack)
        p.stack -= put
        if put and not p.stack:  # (all in now: he had chips before)
            self._with_chips -= 1
        if live:
            p.bet += put
            p.live += put
        else:
            p.dead += put
        if nominal:
            p.nominal = amount
        self.forced.append(_new_event(ForcedBet, (p.name, kind, put, p.stack == 0)))

    def open_round(
        self, opening: int, *, min_bet: int | None = None, incomplete: bool = False
    ) -> None:
        """Set up the betting round: `opening` is the price to call (the big blind or a
        straddle; 0 on later rounds); `min_bet` overrides the smallest opening bet
        (Bouillotte's passes); an `incomplete` opening (stud's bring-in) is less than a full
        bet, so a completion follows it."""
        self._structure.start_round(self._rnd, opening, min_bet=min_bet)
        if incomplete:
            self._rnd.opened, self._rnd.full_level = False, 0

    def put_in(self, i: int, chips: int) -> None:
        """A player puts chips of his stack into his bet (an announced bring-in)."""
        self._kept_pots = None
        p = self._players[i]
        p.stack -= chips
        p.bet += chips
        p.live += chips
        self._with_chips -= p.stack == 0

    def record_bet(self, total: int) -> None:
        """A bet or raise to `total` was made this round (the structure counts it)."""
        self._structure.record(self._rnd, total)

    def mark_acted(self, i: int) -> None:
        """The player has acted at the current level of the round."""
        p = self._players[i]
        p.acted, p.acted_level = True, self._rnd.current_bet

    def set_turn(self, start: int | str) -> None:
        """Find who acts from seat index `start`, or wait for the scorekeeper to name him
        (`start` is then the game's waiting state, kept in `awaiting`)."""
        if isinstance(start, str):
            if self._scan(0) is None:  # nobody could act anyway
                self._close_round()
            else:
                self.awaiting, self._to_act = start, None
            return
        self._to_act = self._scan(start % self._n)  # (a game may count past the last seat)
        if self._to_act is None:
            self._close_round()

    def fold_out(self, i: int, *, fine: int = 0) -> None:
        """A player is out of the hand out of turn (a false opener): his chips stay in the
        pot, and `fine` chips of his stack wait in the middle for the next hand."""
        self._kept_pots = None  # (he can win no pot now)
        p = self._players[i]
        self._with_chips -= p.stack > 0
        p.stack -= fine
        self.fines[p.name] = fine
        p.folded = True
        self._in_hand -= 1
        if self.phase is Phase.SHOWDOWN:
            if self._in_hand == 1:
                self._finish(_fold_awards(self), by_fold=True)
            return
        if self._in_hand == 1:
            self._close_round()
        elif self._to_act == i or self._to_act is None:
            self.set_turn(i + 1)

    def withdraw_opening(self, i: int) -> None:
        """The opener takes his opening back (a jackpots false opener who owns up before
        anyone else put chips in): his bet returns to his stack, the round is unopened again
        and the turn stays where it was."""
        self._kept_pots = None
        p = self._players[i]
        self._with_chips += p.stack == 0 and p.bet > 0
        p.stack += p.bet
        p.live -= p.bet
        p.bet = 0
        self.opener = None
        self._structure.start_round(self._rnd, 0)

    # -- the machinery -------------------------------------------------------------------

    def _require_turn(self) -> int:
        if self._to_act is None:
            if self.awaiting is not None:
                raise IllegalAction(self.rules.waiting_message(self))
            if self.phase is Phase.SHOWDOWN:
                raise HandOver(_("the betting is over: give the showdown result"))
            raise HandOver(_("the hand is over: deal the next one"))
        return self._to_act

    def _scan(self, start: int) -> int | None:
        """The first player from `start` on (clockwise) who must act now."""
        current = self._rnd.current_bet
        for j, p in self._ring[start : start + self._n]:
            if p.folded or not p.stack:
                continue
            if p.bet < current:
                return j
            # He owes nothing: asked only if he has not acted and someone could call a bet.
            if not p.acted and self._with_chips > 1:
                return j
        return None

    def _raise_window(self, i: int) -> tuple[int, int | None] | str:
        """The bounds of a bet or raise for player i, or why he may not make one."""
        p, rnd = self._players[i], self._rnd
        if p.stack <= rnd.current_bet - p.bet:
            return _("{player} has no chips beyond the call").format(player=p.name)
        if self._with_chips - (p.stack > 0 and not p.folded) <= 0:  # (the others: none)
            return _("nobody left in the hand could call a raise: call or fold")
        if self.rules.bounds_bets:  # (the game's own bounds: asked only of a game with them)
            ruled = self.rules.raise_window(self, i)
            if ruled is not None:
                return ruled
        if p.acted and not self._structure.reopens(rnd, rnd.current_bet - p.acted_level):
            return _(
                "the betting is not reopened for {player} (the all-in since he acted was "
                "less than a full raise): call or fold"
            ).format(player=p.name)
        bounds = self._structure.bounds(rnd, _raise_context(self, p))
        if bounds is None:
            return _("the betting is capped ({cap} raises): call or fold").format(
                cap=self.config.cap
            )
        return bounds

    def _resolve(self, i: int, action: Action, kind: ActionKind, amount: int | None) -> _Resolved:
        """What player i's `action` (of this `kind` and `amount`) does, or why it is refused."""
        p = self._players[i]
        if kind is _FOLD:  # (the most frequent: first, before the price to call)
            # (asked only in the games where it may refuse: a call saved at every fold)
            if self.rules.voids_unopened and self._before_opening():
                # French draw rules (docs/rules.md, jackpots): no folding before the opening
                raise IllegalAction(_("nobody has opened yet: one passes with check (parole)"))
            return ("fold", 0, p.bet)
        rnd = self._rnd
        # (once per action: a comparison rather than a call of `max` and `min`)
        to_call = rnd.current_bet - p.bet if rnd.current_bet > p.bet else 0
        if kind is _CHECK:
            if to_call:
                raise IllegalAction(
                    _("{name} cannot check: {to_call} to call").format(name=p.name, to_call=to_call)
                )
            return ("check", 0, p.bet)
        if kind is _CALL or (kind is _ALLIN and p.bet + p.stack <= rnd.current_bet):
            if not to_call:
                return ("check", 0, p.bet)
            added = to_call if to_call < p.stack else p.stack
            return ("call", added, p.bet + added)
        if kind is _ABATTRE:  # (Bouillotte's, after the usual words)
            added = min(to_call, p.stack)
            return ("abattre", added, p.bet + added)
        opening = rnd.street == 0 and rnd.current_bet == 0
        if kind is _ALLIN:
            if opening and self.rules.opens_by_declaration:
                raise IllegalAction(
                    _("{opening_rule}, say `open {value}` for all his chips").format(
                        opening_rule=self.rules.opening_rule, value=p.bet + p.stack
                    )
                )
            return _resolve_raise(self, i, p.bet + p.stack)
        if kind is _OPEN or (opening and self.rules.opens_by_declaration):
            return _resolve_open(self, i, action, opening=opening)
        if amount is None:
            raise UsageError(_("a bet or raise needs an amount: the total bet for this round"))
        return _resolve_raise(self, i, amount)

    def _close_round(self) -> None:
        self._to_act = self._kept_pots = None  # (bets go back or into the pots)
        _collect_bets(self)
        if self._in_hand == 1:
            self._finish(_fold_awards(self), by_fold=True)
            return
        rules, street = self.rules, self._rnd.street
        if rules.voids_unopened and street == 0 and self.opener is None:
            self._finish((), by_fold=False, void=True)
            return
        streets = self._streets
        if street == len(streets) - 1:
            self.phase = Phase.SHOWDOWN
            return
        rnd = self._rnd
        rnd.next_round()
        self.street = streets[street + 1]
        self._structure.start_round(rnd, 0)  # (`open_round(0)`)
        self.set_turn(rules.street_start(self, street + 1))

    def _finish(self, awards: tuple[PotAward, ...], *, by_fold: bool, void: bool = False) -> None:
        carry = sum(self.fines.values()) + (self.total_in_middle() if void else 0)
        players, index = self._players, self._index
        for award in awards:  # (each winner's share straight to his stack)
            for name, amount in award[2]:  # (`award.shares`, by index: a property's call)
                players[index[name]].stack += amount
        start: dict[str, int] = {}
        final: dict[str, int] = {}
        for p in players:
            p.live = p.dead = p.bet = 0
            start[p.name] = p.start
            final[p.name] = p.stack
        self.phase = Phase.COMPLETE
        self._to_act = None
        # (start, final, awards, returned, by_fold, carry, void: every field, in order)
        result = (start, final, awards, dict(self.returned), by_fold, carry, void)
        self.result = _new_event(HandResult, result)


def _fold_awards(hand: Hand) -> tuple[PotAward, ...]:
    """The pots of a hand everyone else folded, awarded to the one left (`pots.lone_award`:
    one pot of every chip in the middle, without building the layers; the pots built and
    awarded when he put nothing in and no dead money lies there, as then they may not hold
    every chip)."""
    winner: Position | None = None
    dead, live = hand.dead_in, 0
    for p in hand._players:  # (one pass: the one left, the dead chips and the live ones)
        if winner is None and not p.folded:
            winner = p
        dead += p.dead
        live += p.live - p.bet
    assert winner is not None  # (`_in_hand` is 1)
    if not (dead or winner.live - winner.bet):
        return tuple(award_pots(hand.pots(), ((winner.name,),)))
    return lone_award(winner.name, dead + live)


def _raise_context(hand: Hand, p: Position) -> RaiseContext:
    # (bet, pot, front, players_in_hand: every field, in order)
    if not hand._structure.needs_pot:
        return _new_event(RaiseContext, (p.bet, 0, 0, hand._in_hand))
    preflop = hand._rnd.street == 0
    front = sum(max(q.bet, q.nominal) if preflop else q.bet for q in hand._players)
    pot = hand.dead_in + sum(q.dead + q.live - q.bet for q in hand._players)
    return _new_event(RaiseContext, (p.bet, pot, front, hand._in_hand))


def _resolve_open(hand: Hand, i: int, action: Action, *, opening: bool) -> _Resolved:
    """The first bet of a jackpot (`open N`, jacks or better) or of a Bouillotte round."""
    rules = hand.rules
    if not opening or not (rules.opens_by_declaration or rules.voids_unopened):
        raise IllegalAction(_("there is nothing to open here: say bet or raise"))
    if action.kind is not ActionKind.OPEN:
        raise IllegalAction(
            _("{opening_rule}, say `open N`").format(opening_rule=rules.opening_rule)
        )
    if action.amount is None:
        raise UsageError(_("open needs an amount: the opening bet"))
    _verb, added, total = _resolve_raise(hand, i, action.amount)
    return ("open", added, total)


def _resolve_raise(hand: Hand, i: int, total: int) -> _Resolved:
    p, rnd = hand._players[i], hand._rnd
    verb = "raise" if rnd.current_bet else "bet"
    if hand._structure.completes and rnd.current_bet and not rnd.opened:
        verb = "complete"  # a full bet over an incomplete one (a bring-in, a short all-in)
    if total <= rnd.current_bet:
        if total == rnd.current_bet:
            raise IllegalAction(
                _("{total} is the current bet: say call to match it").format(total=total)
            )
        raise IllegalAction(
            _("a {verb} must make the total more than the current bet of {current_bet}").format(
                verb=verb, current_bet=rnd.current_bet
            )
        )
    if total > p.bet + p.stack:
        raise IllegalAction(
            _("{name} has only {stack} behind: the most is {value} (all-in)").format(
                name=p.name, stack=p.stack, value=p.bet + p.stack
            )
        )
    window = hand._raise_window(i)
    if isinstance(window, str):
        raise IllegalAction(window)
    low, high = window
    if high is not None and total > high:
        what = "fixed-limit" if low == high else "pot-limit"
        raise IllegalAction(
            _("the {what} maximum is a {verb} to {high}").format(what=what, verb=verb, high=high)
        )
    if total < low and total != p.bet + p.stack:
        # a raise (or a completion) is said "to" its total; a bet is its amount
        raise IllegalAction(_(MINIMUM_WORDS[verb]).format(low=low))
    return (verb, total - p.bet, total)


def _collect_bets(hand: Hand) -> None:
    """The bets of a round that closed go to the middle: the part of the highest one that
    nobody matched back to its maker first. (One pass over the players finds the two highest
    bets and resets each one's bet and what he did this round.)"""
    top: Position | None = None  # (the first with the highest bet)
    high = second = 0
    for p in hand._players:
        bet = p.bet
        if not bet and p.folded:
            # out of the hand with nothing in front: nothing to collect, and what he did
            # is read of nobody (the turn and the raises ask the players still in)
            continue
        if bet > high:
            top, second, high = p, high, bet
        elif bet > second:
            second = bet
        p.bet, p.acted, p.acted_level, p.nominal = 0, False, 0, 0
    excess = high - second  # (none when two bets tie for the highest)
    # a false opener's chips stay in the pot, even a bet nobody called
    if top is not None and excess and not top.folded:
        hand._with_chips += top.stack == 0
        top.stack += excess
        top.live -= excess
        hand.returned[top.name] = hand.returned.get(top.name, 0) + excess
        hand.returns.append((hand.street, top.name, excess))


__all__ = [
    "STREETS",
    "ForcedBet",
    "Hand",
    "HandResult",
    "Phase",
    "PlayerView",
    "SeatInfo",
    "ShowdownEvent",
]
