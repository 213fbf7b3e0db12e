"""The table over a session: seats, caves and recaves, the button, and the hand in play.

Every command the table accepts is an event: the `*_event` methods check the command against
the rules and return the frozen event; `Table.apply` carries out an event (checking it again,
so a replay from the log obeys the same rules).
"""

from __future__ import annotations

from operator import attrgetter

from .accounts import Account, SessionSettings
from .actions import Action, ActionEvent
from .caves import CavePolicy
from .config import ForcedBetSchedule, TableConfig
from .errors import IllegalAction, MarquoirError, UsageError
from .events import (
    Acted,
    AddedOn,
    Back,
    BlindsSet,
    BrelansPaid,
    ButtonSet,
    CarrySplit,
    Chopped,
    Corrected,
    CountLine,
    Dealt,
    Fined,
    Left,
    LeftAll,
    LevelSet,
    Paused,
    PotALaClef,
    Raced,
    Rebought,
    Recaved,
    Reentered,
    Reopened,
    Resumed,
    SatOut,
    Seated,
    Settled,
    ShowedDown,
    TableEvent,
)
from .hand import Hand, HandResult, Phase, SeatInfo, ShowdownEvent
from .i18n import N_, _
from .inputs import MAX_CHIPS
from .names import check_name, name_key, resolve_ranking
from .pots import split_amount
from .ranking import Ranking
from .table_bouillotte import BouillotteTable
from .table_tournament import TOURNAMENT_EVENTS, TournamentTable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from .cards import HandValue
    from .tournament.state import TournamentState

MAX_SEATS = 10
_SEAT = attrgetter("seat")


def _money_positive(text: str) -> bool:
    """Whether a money text is more than zero (without importing `decimal`: hot path)."""
    return any(c in "123456789" for c in text) and not text.startswith("-")


class Table(TournamentTable, BouillotteTable):
    """The state of a session's table, built by applying its events in order."""

    def __init__(self, settings: SessionSettings) -> None:
        # the session's settings, with the forced-bet schedule now in force (a `blinds`
        # event replaces it; each hand keeps the config it was dealt with)
        self.settings = settings
        # every player met in the session, those who left included (in the order they last
        # sat down); those at the table now; and the names met by what makes two names one
        # player (`name_key`). The seats and departures keep all three (a session's table is
        # read again through `restore`), so that who is at the table, or whom a name written
        # in another case is, is not searched for among everyone met
        self.accounts: dict[str, Account] = {}
        self._present: dict[str, Account] = {}
        self._by_key: dict[str, list[str]] = {}
        self.last_button: int | None = None
        self.next_button: str | None = None
        self.hand_no = 0
        self.hand: Hand | None = None
        self.last_hand: Hand | None = None
        # chips waiting in the middle for the next deal (a void deal, a false opener's fine)
        self.carry = 0
        # the last hand whose brelans were paid, and who was dealt in the last hand
        self.brelans_hand = 0
        self.last_dealt: tuple[str, ...] = ()
        # what the last side payment after a hand (the game's: Bouillotte's brelans) moved,
        # player by player
        self.last_side_payments: dict[str, int] = {}
        # the next deal is the pot à la clef: its ante is doubled (jackpots)
        self.clef_next = False
        # settled: the books are closed until the session is reopened; who absorbed a count
        # that did not balance, and the difference (chips cashed out minus chips bought)
        self.closed = False
        self.absorbed: tuple[str, int] | None = None
        # a tournament's level now in force (1 until the director moves it), the hands dealt
        # at it, and its entries (None: a cash game)
        self.level = 1
        self.level_hands = 0
        self.paused = False
        self.tournament: TournamentState | None = None
        if settings.tournament is not None:
            # imported here: a cash game never loads the tournament modules
            from .tournament.state import TournamentState

            self.tournament = TournamentState()

    @property
    def config(self) -> TableConfig:
        return self.settings.table

    @property
    def in_hand(self) -> bool:
        """Whether a hand is being played (betting or waiting for the showdown)."""
        return self.hand is not None

    def present(self) -> list[Account]:
        """The players at the table (not left), in seat order."""
        return sorted(self._present.values(), key=_SEAT)

    def restore(self, account: Account) -> None:
        """Put back a player's account as a snapshot of the table kept it."""
        if account.name not in self.accounts:
            self._by_key.setdefault(name_key(account.name), []).append(account.name)
        self.accounts[account.name] = account
        if not account.left:
            self._present[account.name] = account

    def resolve(self, name: str) -> str:
        """The recorded name of the player written `name`: the name itself, or the one that
        differs from it only by case or Unicode normalisation (`ALICE` finds alice)."""
        if name in self.accounts:
            return name
        found = self._by_key.get(name_key(name), [])
        present = [n for n in found if not self.accounts[n].left]
        for candidates in (found, present):
            if len(candidates) == 1:
                return candidates[0]
        return name

    def check_open(self) -> None:
        """Refuse to change a settled session: its books are closed until `reopen`."""
        if self.closed:
            raise IllegalAction(
                _("this session is settled, its books are closed: `marquoir reopen` reopens it")
            )

    def account(self, name: str) -> Account:
        """The account of a player at the table, or an error naming the player."""
        account = self.accounts.get(name)
        if account is None:  # (a name written in another case: resolved)
            account = self.accounts.get(self.resolve(name))
        if account is None:
            seated = ", ".join(a.name for a in self.present()) or _("nobody yet")
            raise IllegalAction(
                _("unknown player: {name} (at the table: {seated})").format(
                    name=name, seated=seated
                )
            )
        if account.left:
            raise IllegalAction(_("{name} has left the table").format(name=name))
        return account

    # -- commands: each returns the event it would record ----------------------------------

    def seat_event(
        self, name: str, *, seat: int | None = None, cave: int | None = None, recave: bool = True
    ) -> Seated:
        """Sit a player down with a cave (the session's default when not given).

        A player who left and sits down again returns: he keeps his history (caves, cash-out,
        count corrections), and his new cave is a recave, within the session's recave
        limits (`recave=False`: a return that is no re-buy, as a hand history's import sits
        each hand's players down and cashes them out after it). A name that differs only by
        case from a player's is that player.
        """
        name = check_name(name)
        known = self.resolve(name)
        previous = self.accounts.get(known)
        if previous is not None and not previous.left:
            same = "" if known == name else f" ({name} is {known}: names differ only by case)"
            raise IllegalAction(
                _("{known} is already seated (seat {seat}){same}").format(
                    known=known, seat=previous.seat, same=same
                )
            )
        tournament = self.settings.tournament
        if tournament is not None:
            return self._entry_event(known, previous, seat, cave, tournament)
        seat = self._free_seat(seat)
        if previous is None or not recave:
            return Seated(known, seat, self.settings.caves.amount(cave, what="cave"))
        self.settings.caves.check_recaves(previous.name, previous.recaves, what="returns")
        return Seated(known, seat, self.settings.caves.amount(cave, what="recave"), returning=True)

    def _free_seat(self, seat: int | None) -> int:
        """The seat asked for if it is free, or the first free seat."""
        taken = {a.seat for a in self._present.values()}
        if seat is None:
            free = [n for n in range(1, MAX_SEATS + 1) if n not in taken]
            if not free:
                raise IllegalAction(
                    _("the table is full ({MAX_SEATS} seats)").format(MAX_SEATS=MAX_SEATS)
                )
            seat = free[0]
        elif not 1 <= seat <= MAX_SEATS:
            raise IllegalAction(
                _("seats are numbered 1 to {MAX_SEATS} (got {seat})").format(
                    MAX_SEATS=MAX_SEATS, seat=seat
                )
            )
        elif seat in taken:
            holder = next(a.name for a in self.present() if a.seat == seat)
            raise IllegalAction(
                _("seat {seat} is taken by {holder}").format(seat=seat, holder=holder)
            )
        return seat

    def recave_event(self, name: str, chips: int | None = None) -> Recaved:
        """A re-buy, between hands only, within the session's recave limits."""
        account = self.account(name)
        if self.settings.tournament is not None:
            raise IllegalAction(
                _("a tournament has no recaves: `rebuy {name}` or `addon {name}`").format(
                    name=account.name
                )
            )
        self._between_hands(N_("recave"))
        self.settings.caves.check_recaves(account.name, account.recaves)
        return Recaved(account.name, self.settings.caves.amount(chips, what="recave"))

    def leave_event(self, name: str) -> Left:
        """A player cashes out his stack, between hands only."""
        account = self._leaving(name)
        return Left(account.name, account.stack)

    def _leaving(self, name: str) -> Account:
        # (what a recorded departure needs: a player at the table, between hands)
        account = self.account(name)
        if self.hand is not None:  # (refused: asked before the call, six times a replayed hand)
            self._between_hands(N_("leave"))
        return account

    def leave_all_event(self) -> LeftAll:
        """Everyone still at the table cashes out (end of night), a void deal's chips first
        shared out among them."""
        self._between_hands(N_("leave"))
        players = self.present()
        if not players:
            raise IllegalAction(_("nobody is at the table"))
        shares = self.carry_split_event().shares if self.carry else ()
        won = dict(shares)
        return LeftAll(tuple((a.name, a.stack + won.get(a.name, 0)) for a in players), shares)

    def button_event(self, name: str) -> ButtonSet:
        """Put the button on this player at the next deal: one who will be dealt in."""
        account = self._button_check(name)
        if account.busted:
            raise IllegalAction(
                _("{name} has no chips: the button goes to a player dealt in").format(
                    name=account.name
                )
            )
        if account.sitting_out:
            raise IllegalAction(
                _("{name} is sitting out: the button goes to a player dealt in").format(
                    name=account.name
                )
            )
        return ButtonSet(account.name)

    def _button_check(self, name: str) -> Account:
        # (what a recorded button event needs: older versions recorded it on any player)
        account = self.account(name)
        self._between_hands(N_("move the button"))
        return account

    def sitout_event(self, name: str) -> SatOut:
        """This player is not dealt in until he comes back."""
        account = self.account(name)
        if account.sitting_out:
            raise IllegalAction(_("{name} is already sitting out").format(name=account.name))
        return SatOut(account.name)

    def back_event(self, name: str) -> Back:
        """A player who sat out is dealt in again."""
        account = self.account(name)
        if not account.sitting_out:
            raise IllegalAction(_("{name} is not sitting out").format(name=account.name))
        return Back(account.name)

    def settle_event(self, missing: str | None = None) -> Settled:
        """Close the books: the session is settled (the money is computed by the caller).
        `missing`: who absorbs a count that does not balance (see `missing.py`)."""
        if self.closed:
            raise IllegalAction(_("this session is already settled"))
        self._between_hands(N_("settle"))
        if missing is None:
            return Settled()
        if self.tournament is not None:
            raise UsageError(_("--missing is for a cash game's count: a tournament pays prizes"))
        from .missing import missing_event

        return missing_event(self.accounts, missing, resolve=self.resolve(missing))

    def reopen_event(self) -> Reopened:
        """Reopen a settled session: table commands are accepted again."""
        if not self.closed:
            raise IllegalAction(_("this session is not settled: nothing to reopen"))
        return Reopened()

    def count(self, counted: dict[str, int]) -> list[CountLine]:
        """Compare counted stacks with the tracked ones (between hands; players not named
        are not compared)."""
        self._between_hands(N_("count the chips"))
        lines: list[CountLine] = []
        for name, chips in counted.items():
            if chips < 0:
                raise IllegalAction(
                    _("a counted stack cannot be negative ({name}={chips})").format(
                        name=name, chips=chips
                    )
                )
            if chips > MAX_CHIPS:
                raise IllegalAction(
                    _("a counted stack is at most {MAX_CHIPS:,} chips ({name})").format(
                        MAX_CHIPS=MAX_CHIPS, name=name
                    )
                )
            account = self.account(name)
            if any(line.player == account.name for line in lines):
                raise UsageError(_("{name} is counted twice").format(name=account.name))
            lines.append(CountLine(account.name, account.stack, chips))
        return sorted(lines, key=lambda line: self.accounts[line.player].seat)

    def correct_event(self, name: str, stack: int) -> Corrected:
        """Replace a player's tracked stack by the counted one, between hands."""
        account = self.account(name)
        self._between_hands(N_("correct a stack"))
        if not 0 <= stack <= MAX_CHIPS:
            raise IllegalAction(
                _("a stack is 0 to {MAX_CHIPS:,} chips ({name}={stack})").format(
                    MAX_CHIPS=MAX_CHIPS, name=name, stack=stack
                )
            )
        if stack == account.stack:
            raise IllegalAction(
                _("{name} already has {stack}: nothing to correct").format(
                    name=account.name, stack=stack
                )
            )
        return Corrected(account.name, stack)

    def fine_event(self, name: str, chips: int | None = None) -> Fined:
        """A house fine to the next pot (the French jackpots rules: the dealer who forgets
        to announce the pot pays one chip to the next), between hands."""
        account = self.account(name)
        self._between_hands(N_("record a fine"))
        chips = self.config.chip_unit if chips is None else chips
        if chips <= 0:
            raise IllegalAction(_("a fine is at least 1 chip (got {chips})").format(chips=chips))
        if chips > account.stack:
            raise IllegalAction(
                _("{name} has only {stack} chips for a fine").format(
                    name=account.name, stack=account.stack
                )
            )
        return Fined(account.name, chips)

    def clef_event(self) -> PotALaClef:
        """Jackpots: the next deal is the pot à la clef. It falls with the regular pot (every
        deal of a jackpots session is one), so the ante of that deal is doubled ("la mise au
        pot est doublée"), between hands; the deal after it antes as before."""
        if not self.config.jackpots:
            raise IllegalAction(
                _("the pot à la clef is a jackpots deal (--game draw --open jacks --ante N)")
            )
        self._between_hands(N_("announce the pot à la clef"))
        if self.clef_next:
            raise IllegalAction(_("the next deal is already the pot à la clef"))
        return PotALaClef()

    def deal_config(self) -> TableConfig:
        """The rules the next deal is dealt with: the table's, the ante doubled when it is
        the pot à la clef."""
        if not self.clef_next:
            return self.config
        return self.config.with_schedule(self.config.schedule._replace(ante=2 * self.config.ante))

    def blinds_event(self, schedule: ForcedBetSchedule) -> BlindsSet:
        """Change the forced-bet schedule between hands: the next deal posts these bets.

        The new schedule must suit the session's game, as the settings of a new session must
        (`ConfigError` otherwise); changing to the schedule already in force is refused.
        """
        self._between_hands(N_("change the blinds"))
        # compared in effect: explicit limits equal to the default ones change nothing
        if self.config.with_schedule(schedule).stakes() == self.config.stakes():
            raise IllegalAction(
                _("the forced bets are already {stakes}").format(stakes=self.config.stakes())
            )
        return BlindsSet(schedule)

    def deal_event(self) -> Dealt:
        """Start a hand: the players with chips who are not sitting out, and the button."""
        if self.hand is not None:
            raise IllegalAction(self._hand_pending())
        chop = self.tournament.chop if self.tournament is not None else None
        if chop is not None and not _money_positive(chop["kept"]):
            raise IllegalAction(_("the tournament ended with a deal: nothing is left to play for"))
        players = [a for a in self.present() if a.plays]
        if len(players) < 2:
            raise IllegalAction(
                _("a hand needs at least two players with chips who are not sitting out")
            )
        rules = self.config.rules
        if len(players) < rules.min_players:
            raise IllegalAction(
                _("{game} is played by {min_players} players at least").format(
                    game=self.config.game.value, min_players=rules.min_players
                )
            )
        if len(players) > rules.max_players:
            raise IllegalAction(
                _("{game} is played by {max_players} players at most").format(
                    game=self.config.game.value, max_players=rules.max_players
                )
            )
        seats = tuple([SeatInfo(a.name, a.seat, a.stack) for a in players])
        return Dealt(self.hand_no + 1, self._button_seat(players), seats, self.carry)

    def act_event(self, action: Action) -> Acted:
        """A betting action of the hand in play (checked by the hand's rules)."""
        if action.player is not None:  # `--as ALICE` is alice
            action = action._replace(player=self.resolve(action.player))
        self._hand_in_play().verify(action)
        return Acted(action)

    def showdown_event(
        self, ranking: Ranking, odd_chip: str | None = None, *, low: Ranking | None = None
    ) -> ShowedDown:
        """The showdown result of the hand in play (`low`: the low half of a hi-lo game)."""
        ranking = resolve_ranking(ranking, self.resolve)
        low = None if low is None else resolve_ranking(low, self.resolve)
        odd_chip = None if odd_chip is None else self.resolve(odd_chip)
        self._hand_in_play().verify_showdown(ranking, odd_chip, low=low)
        return ShowedDown(ranking, odd_chip, low=low)

    def carry_split_event(self) -> CarrySplit:
        """Give the chips of a void deal back to the players at the table (end of night)."""
        self._between_hands(N_("split the pot"))
        players = self.present()
        if not self.carry or not players:
            raise IllegalAction(_("no chips wait in the middle"))
        seats = [a.seat for a in players]
        start = next((i for i, s in enumerate(seats) if s > (self.last_button or 0)), 0)
        order = [a.name for a in players[start:] + players[:start]]
        shares = split_amount(self.carry, order, chip_unit=self.config.chip_unit)
        return CarrySplit(tuple(zip(order, shares, strict=True)))

    def cards_showdown_event(
        self, board: str, shown: dict[str, str], odd_chip: str | None = None
    ) -> tuple[ShowedDown, dict[str, HandValue]]:
        """The showdown the cards make (both halves in hi-lo), and each player's hand."""
        # cards are read only on this path: the table commands need not load them
        from .cards import read_showdown

        variant = self.config.card_variant
        if variant is None:
            raise IllegalAction(
                _("{value}: the scorekeeper names the winner (win PLAYER)").format(
                    value=self.config.game.value
                )
            )
        shown = {self.resolve(name): text for name, text in shown.items()}
        odd_chip = None if odd_chip is None else self.resolve(odd_chip)
        read = read_showdown(variant, shown, board)
        event = ShowedDown(read.ranking, odd_chip, read.board, read.cards, read.low)
        self._hand_in_play().verify_showdown(read.ranking, odd_chip, low=read.low)
        return event, read.values

    # -- applying events -------------------------------------------------------------------

    def apply(self, event: TableEvent) -> ActionEvent | ShowdownEvent | None:
        """Carry out an event; betting and showdown events return what the hand made of them."""
        if type(event) is Acted:  # (the most frequent, first)
            if self.closed:
                self.check_open()  # (refused)
            hand = self.hand
            if hand is None:
                hand = self._hand_in_play()  # (refused)
            done = hand.apply(event.action)
            if hand.phase is Phase.COMPLETE:
                self._after_hand_step(hand)
            return done
        kind = type(event)
        if kind is Reopened:
            self.reopen_event()
            self.closed = False
            self.absorbed = None
            return None
        if self.closed:
            self.check_open()  # (refused)
        # (events are records of exactly these classes: one look-up finds the method that
        # carries each out, where a chain of `isinstance` would try them in turn)
        applier = _APPLIERS.get(kind)
        if applier is None:
            raise MarquoirError(_("not an event of the table: {event!r}").format(event=event))
        return applier(self, event)

    def _apply_settle(self, event: Settled) -> None:
        self.settle_event()
        if event.missing:
            from .missing import check_missing

            check_missing(event, self.accounts)
        self.closed = True
        self.absorbed = (event.missing, event.difference) if event.missing else None

    def _apply_showdown(self, event: ShowedDown) -> ShowdownEvent:
        hand = self._hand_in_play()
        if event.cards and self.config.rules.pays_brelans:
            return self._retourne_showdown(hand, event)
        shown = hand.showdown(event.ranking, event.odd_chip, low=event.low)
        self._after_hand_step(hand)
        return shown

    def _apply_recave(self, event: Recaved) -> None:
        self.recave_event(event.player, event.chips)
        account = self.accounts[event.player]
        account.stack += event.chips
        account.bought += event.chips
        account.recaves += 1

    def _apply_leave_all(self, event: LeftAll) -> None:
        if event != self.leave_all_event():
            raise MarquoirError(_("the recorded departures do not match the table"))
        if event.shares:
            self._apply_carry_split(CarrySplit(event.shares))
        for name, chips in event.leaves:
            self._apply_leave(Left(name, chips))

    def _apply_button(self, event: ButtonSet) -> None:
        self._button_check(event.player)
        self.next_button = event.player

    def _apply_brelans(self, event: BrelansPaid) -> None:
        self.brelans_event(event.players, event.carre, misdeal=event.misdeal)
        self._pay_brelans(event)

    def _apply_fine(self, event: Fined) -> None:
        self.fine_event(event.player, event.chips)
        self.accounts[event.player].stack -= event.chips
        self.carry += event.chips

    def _apply_clef(self, event: PotALaClef) -> None:
        self.clef_event()
        self.clef_next = True

    def _apply_blinds(self, event: BlindsSet) -> None:
        self.blinds_event(event.schedule)
        table = self.config.with_schedule(event.schedule)
        self.settings = self.settings._replace(table=table)

    def _apply_correction(self, event: Corrected) -> None:
        self.correct_event(event.player, event.stack)
        account = self.accounts[event.player]
        account.adjusted += event.stack - account.stack
        account.stack = event.stack

    def _apply_sitout(self, event: SatOut) -> None:
        self.sitout_event(event.player)
        self.accounts[event.player].sitting_out = True

    def _apply_tournament_event(
        self,
        event: LevelSet | Rebought | AddedOn | Reentered | Paused | Resumed | Chopped | Raced,
    ) -> None:
        self._apply_tournament(event)  # (the tournament side's, in table_tournament.py)

    def _apply_back(self, event: Back) -> None:
        self.back_event(event.player)
        self.accounts[event.player].sitting_out = False

    def _apply_leave(self, event: Left) -> None:
        self._leaving(event.player)
        account = self.accounts[event.player]
        account.cashed_out += account.stack
        account.stack = 0
        account.left = True
        del self._present[event.player]

    def _apply_carry_split(self, event: CarrySplit) -> None:
        if event != self.carry_split_event():
            raise MarquoirError(_("the recorded split does not match the table"))
        for name, chips in event.shares:
            self.accounts[name].stack += chips
        self.carry = 0

    def _apply_seat(self, event: Seated) -> None:
        player, seat, chips, returning = event
        # Checked again by its exact recorded name: a file written before names were compared
        # without case may hold both alice and Alice.
        previous = self.accounts.get(player)
        if previous is not None and not previous.left:
            raise IllegalAction(
                _("{player} is already seated (seat {seat})").format(
                    player=player, seat=previous.seat
                )
            )
        if returning and previous is None:
            raise MarquoirError(
                _("the recorded return of {player} does not match the table").format(player=player)
            )
        self._free_seat(seat)
        caves = self.settings.caves
        if returning:
            assert previous is not None
            caves.check_recaves(previous.name, previous.recaves, what="returns")
        # (a return recorded before returns were recaves is replayed as it was: no recave)
        caves.amount(chips, what="recave" if returning else "cave")
        account = Account(player, seat, chips)
        account.bought = chips
        if previous is not None:  # a player who left and comes back keeps his history
            account.bought += previous.bought
            account.cashed_out = previous.cashed_out
            account.recaves = previous.recaves + (1 if returning else 0)
            account.adjusted = previous.adjusted
            del self.accounts[player]
        else:
            self._by_key.setdefault(name_key(player), []).append(player)
        self.accounts[player] = self._present[player] = account
        if self.tournament is not None:
            self.tournament.enter(player)

    def _apply_deal(self, event: Dealt) -> None:
        expected = self.deal_event()
        if expected != event:
            raise MarquoirError(_("the recorded deal does not match the table"))
        if self.tournament is not None:
            self._tournament_deal()
        self.hand = Hand(
            self.deal_config(),
            event.seats,
            event.button,
            dead=event.dead,
            fine_ante=self.config.ante,
        )
        self.clef_next = False
        self.carry = 0
        self.hand_no = event.hand_no
        self.last_button = event.button
        self.next_button = None
        self._after_hand_step(self.hand)

    def _after_hand_step(self, hand: Hand) -> None:
        if hand.phase is not Phase.COMPLETE or hand.result is None:
            return
        self._settle(hand.result)
        if self.tournament is not None:
            self._tournament_busts(hand, hand.result)
        self.last_hand = hand
        self.last_dealt = tuple(hand.result.start)  # (the players dealt in, in seat order)
        self.hand = None

    def _settle(self, result: HandResult) -> None:
        for name, chips in result.final.items():
            self.accounts[name].stack = chips
        self.carry += result.carry

    def stacks_in_play(self) -> dict[str, int]:
        """Each present player's chips behind, counting a hand in play at its current point."""
        stacks = {a.name: a.stack for a in self.present()}
        if self.hand is not None:
            for p in self.hand.players:
                stacks[p.name] = p.stack
        return stacks

    # -- rules -----------------------------------------------------------------------------

    def _between_hands(self, what: str) -> None:
        if self.hand is not None:
            raise IllegalAction(
                _("cannot {what} during a hand: {hand_pending}").format(
                    what=_(what), hand_pending=self._hand_pending()
                )
            )

    def _hand_pending(self) -> str:
        assert self.hand is not None
        if self.hand.phase is Phase.SHOWDOWN:
            return _("hand {number} waits for its showdown result").format(number=self.hand_no)
        return _("hand {number} is in play ({player} to act)").format(
            number=self.hand_no, player=self.hand.to_act
        )

    def _hand_in_play(self) -> Hand:
        if self.hand is None:
            raise IllegalAction(_("no hand in play: deal first"))
        return self.hand

    def _button_seat(self, players: list[Account]) -> int:
        if self.next_button is not None:
            chosen = self.accounts[self.next_button]
            if not chosen.plays:
                raise IllegalAction(
                    _(
                        "the button was set on {name}, who is not dealt in: set it on another "
                        "player"
                    ).format(name=chosen.name)
                )
            return chosen.seat
        seats = [a.seat for a in players]
        if self.last_button is None:
            return seats[0]
        # The button moves to the next seat with chips after the seat that last had it, even
        # if that player has left.
        later = [s for s in seats if s > self.last_button]
        return later[0] if later else seats[0]


# The method of `Table` that carries out each kind of event (`Acted` and `Reopened` are
# carried out before the session is checked open: see `Table.apply`).
_APPLIERS: dict[type, Callable[[Table, Any], ActionEvent | ShowdownEvent | None]] = {
    Seated: Table._apply_seat,
    Left: Table._apply_leave,
    Dealt: Table._apply_deal,
    ButtonSet: Table._apply_button,
    ShowedDown: Table._apply_showdown,
    Settled: Table._apply_settle,
    Recaved: Table._apply_recave,
    LeftAll: Table._apply_leave_all,
    CarrySplit: Table._apply_carry_split,
    BrelansPaid: Table._apply_brelans,
    Fined: Table._apply_fine,
    PotALaClef: Table._apply_clef,
    BlindsSet: Table._apply_blinds,
    Corrected: Table._apply_correction,
    SatOut: Table._apply_sitout,
    Back: Table._apply_back,
    **dict.fromkeys(TOURNAMENT_EVENTS, Table._apply_tournament_event),
}


__all__ = [
    "MAX_SEATS",
    "Account",
    "Acted",
    "AddedOn",
    "Back",
    "BlindsSet",
    "BrelansPaid",
    "ButtonSet",
    "CarrySplit",
    "CavePolicy",
    "Chopped",
    "Corrected",
    "CountLine",
    "Dealt",
    "Fined",
    "ForcedBetSchedule",
    "Left",
    "LeftAll",
    "LevelSet",
    "Paused",
    "PotALaClef",
    "Raced",
    "Rebought",
    "Recaved",
    "Reentered",
    "Reopened",
    "Resumed",
    "SatOut",
    "Seated",
    "SessionSettings",
    "Settled",
    "ShowedDown",
    "Table",
    "TableEvent",
    "check_name",
    "name_key",
]
