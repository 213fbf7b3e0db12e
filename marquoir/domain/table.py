"""The table over a session: its seats and accounts, and the hand in play (the rest is in
its parts: `table_seating.py`, `table_house.py`, `table_tournament.py`, the game's side).

Every command the table accepts is an event: the `*_event` methods check the command against
the rules and return the frozen event; `Table.apply` carries out an event (checking it again,
so a replay from the log obeys the same rules).
"""

from __future__ import annotations

from operator import attrgetter
from types import MappingProxyType

from .accounts import Account, SessionSettings
from .actions import Action, ActionEvent
from .caves import CavePolicy
from .config import TableConfig
from .errors import IllegalAction, MarquoirError
from .events import Acted, Dealt, Left, Reopened, Seated, ShowedDown, TableEvent
from .extension import GameSide
from .hand import Hand, Phase, SeatInfo, ShowdownEvent
from .i18n import N_, _
from .names import check_name, name_key, resolve_ranking
from .table_house import House
from .table_room import TableRoom
from .table_seating import MAX_SEATS, Seating
from .table_tournament import TournamentDirector

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

    from .extension import Applier
    from .ranking import Ranking

_SEAT = attrgetter("seat")
# (read once: a class's attribute is looked up again at each action otherwise)
_COMPLETE = Phase.COMPLETE


class Table:
    """The state of a session's table, built by applying its events in order.

    The core keeps the seats, the accounts and the hand in play; its parts keep the rest:
    `house` (the money between hands), `director` (the tournament) and `game` (the game's
    own side, `GameRules.table_side`). Each part's events are carried out by the part,
    found by the event's type (`apply`)."""

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
        self._present_view = MappingProxyType(self._present)  # (read only: `present_by_name`)
        self.hand_no = 0
        self.hand: Hand | None = None
        self.last_hand: Hand | None = None
        # who was dealt in the last hand, in seat order
        self.last_dealt: tuple[str, ...] = ()
        self.seating = Seating(self)
        self.house = House(self)
        self.director = TournamentDirector(self)
        self.room = self.director.room = TableRoom(self, self.director)
        self.game = _game_side(self)
        # the method that carries out each kind of event (`Acted` and `Reopened` are carried
        # out before the session is checked open: see `apply`), the parts' included
        self._appliers: dict[type, Applier] = {
            Seated: self._apply_seat,
            Left: self._apply_leave,
            Dealt: self._apply_deal,
            ShowedDown: self._apply_showdown,
            **self.seating.appliers(),
            **self.house.appliers(),
            **self.director.appliers(),
            **self.room.appliers(),
            **self.game.appliers(),
        }

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

    def present_by_name(self) -> Mapping[str, Account]:
        """The players at the table by name, in no order: a read-only view that follows the
        table (no copy at each seat of a replay; copied first by a caller changing it)."""
        return self._present_view

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
            return self.director.entry_event(known, previous, seat, cave, tournament)
        seat = self.free_seat(seat)
        if previous is None or not recave:
            return Seated(known, seat, self.settings.caves.amount(cave, what="cave"))
        self.settings.caves.check_recaves(previous.name, previous.recaves, what="returns")
        return Seated(known, seat, self.settings.caves.amount(cave, what="recave"), returning=True)

    def free_seat(self, seat: int | None) -> int:
        """The seat asked for if it is free, or the first free seat (a room draws its own)."""
        return self.room.free_seat(seat) if self.room.active else self.seating.free_seat(seat)

    def leave_event(self, name: str) -> Left:
        """A player cashes out his stack, between hands only."""
        account = self._leaving(name)
        return Left(account.name, account.stack)

    def _leaving(self, name: str) -> Account:
        # (what a recorded departure needs: a player at the table, between hands)
        account = self.account(name)
        if self.hand is not None:  # (refused: asked before the call, six times a replayed hand)
            self.between_hands(N_("leave"))
        return account

    def deal_config(self) -> TableConfig:
        """The rules the next deal is dealt with: the table's, as its game changes them (the
        pot à la clef's doubled ante)."""
        return self.game.deal_config(self.config)

    def deal_event(self, table: int = 0) -> Dealt:
        """Start a hand: the players with chips who are not sitting out, and the button
        (`table`: which of a tournament's tables)."""
        if self.hand is not None:
            raise IllegalAction(self._hand_pending())
        self.director.check_deal()
        if self.room.active:
            return self.room.deal_event(table, self.house.carry)
        players = self.seating.dealt_in()
        seats = tuple([SeatInfo(a.name, a.seat, a.stack) for a in players])
        return Dealt(self.hand_no + 1, self.seating.button_seat(players), seats, self.house.carry)

    def _deals(self, event: Dealt) -> bool:
        """Whether the table deals `event` now, refused as `deal_event` refuses: the deal it
        would make compared with it fact by fact, without making its records (once a hand)."""
        if self.room.active or self.hand is not None:
            return self.deal_event(event.table) == event
        self.director.check_deal()
        players = self.seating.dealt_in()
        facts = (self.hand_no + 1, self.seating.button_seat(players))
        seats = tuple([(a.name, a.seat, a.stack) for a in players])  # (equal to SeatInfo's)
        return event[:2] == facts and event[2] == seats and event[3:] == (self.house.carry, 0)

    def act_event(self, action: Action) -> Acted:
        """A betting action of the hand in play (checked by the hand's rules)."""
        if action.player is not None:  # `--as ALICE` is alice
            action = action._replace(player=self.resolve(action.player))
        self.hand_in_play().verify(action)
        return Acted(action)

    def showdown_event(
        self, ranking: Ranking, odd_chip: str | None = None, *, low: Ranking | None = None
    ) -> ShowedDown:
        """The showdown result of the hand in play (`low`: the low half of a hi-lo game)."""
        ranking = resolve_ranking(ranking, self.resolve)
        low = None if low is None else resolve_ranking(low, self.resolve)
        odd_chip = None if odd_chip is None else self.resolve(odd_chip)
        self.hand_in_play().verify_showdown(ranking, odd_chip, low=low)
        return ShowedDown(ranking, odd_chip, low=low)

    # -- applying events -------------------------------------------------------------------

    def apply(self, event: TableEvent) -> ActionEvent | ShowdownEvent | None:
        """Carry out an event; betting and showdown events return what the hand made of them."""
        if type(event) is Acted:  # (the most frequent, first)
            if self.house.closed:
                self.house.check_open()  # (refused)
            hand = self.hand
            if hand is None:
                hand = self.hand_in_play()  # (refused)
            done = hand.apply(event[0])  # (its one field, `action`: no property to call)
            if hand.phase is _COMPLETE:
                self.after_hand_step(hand)
            return done
        kind = type(event)
        if kind is Reopened:
            self.house.apply_reopen(Reopened())
            return None
        if self.house.closed:
            self.house.check_open()  # (refused)
        # (events are records of exactly these classes: one look-up finds the method that
        # carries each out, where a chain of `isinstance` would try them in turn)
        applier = self._appliers.get(kind)
        if applier is None:
            raise MarquoirError(_("not an event of the table: {event!r}").format(event=event))
        return applier(event)

    def _apply_showdown(self, event: ShowedDown) -> ShowdownEvent:
        hand = self.hand_in_play()
        read = self.game.showdown(hand, event)  # (Bouillotte reads the retourne itself)
        if read is not None:
            return read
        shown = hand.showdown(event.ranking, event.odd_chip, low=event.low)
        self.after_hand_step(hand)
        return shown

    def _apply_leave(self, event: Left) -> None:
        player = event[0]  # (a field read by name is a call: once a replayed hand)
        self._leaving(player)
        account = self.accounts[player]
        account.cashed_out += account.stack
        account.stack = 0
        account.left = True
        del self._present[player]

    def _apply_seat(self, event: Seated) -> None:
        player, seat, chips, returning = event[:4]
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
        self.free_seat(seat)
        caves = self.settings.caves
        if returning:
            assert previous is not None
            caves.check_recaves(previous.name, previous.recaves, what="returns")
        # (a return recorded before returns were recaves is replayed as it was: no recave)
        caves.amount(chips, what="recave" if returning else "cave")
        if previous is not None:  # a player who left and comes back keeps his history: his
            account = previous  # account, seated again (cash-out and corrections kept)
            account.seat, account.stack = seat, chips
            account.left = account.sitting_out = False
            account.bought += chips
            account.recaves += 1 if returning else 0
            del self.accounts[player]  # (put last below, as the players met are in order)
        else:
            account = Account(player, seat, chips)
            account.bought = chips
            self._by_key.setdefault(name_key(player), []).append(player)
        self.accounts[player] = self._present[player] = account
        self.director.seated(event)

    def _apply_deal(self, event: Dealt) -> None:
        if not self._deals(event):
            raise MarquoirError(_("the recorded deal does not match the table"))
        self.director.deal()
        hand_no, button, seats, dead = event[:4]  # (a field read by name is a call)
        config = self.config
        hand = self.hand = Hand(
            self.game.deal_config(config), seats, button, dead=dead, fine_ante=config.ante
        )
        self.game.dealt()
        self.house.carry = 0
        self.hand_no = hand_no
        self.seating.dealt(button)
        if hand.phase is _COMPLETE:  # (everyone all-in on the blinds: no action comes)
            self.after_hand_step(hand)

    def after_hand_step(self, hand: Hand) -> None:
        result = hand.result
        if hand.phase is not _COMPLETE or result is None:
            return
        # the stacks settled, what stays in the middle (a void deal) kept for the next deal
        start, final, _awards, _returned, _by_fold, carry, _void = result  # (at once)
        accounts = self.accounts
        for name, chips in final.items():
            accounts[name].stack = chips
        self.house.carry += carry
        self.director.busts(hand, result)
        self.last_hand = hand
        self.last_dealt = tuple(start)  # (the players dealt in, in seat order)
        self.hand = None

    def stacks_in_play(self) -> dict[str, int]:
        """Each present player's chips behind, counting a hand in play at its current point."""
        stacks = {a.name: a.stack for a in self.present()}
        if self.hand is not None:
            for p in self.hand.players:
                stacks[p.name] = p.stack
        return stacks

    # -- rules -----------------------------------------------------------------------------

    def between_hands(self, what: str) -> None:
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

    def hand_in_play(self) -> Hand:
        if self.hand is None:
            raise IllegalAction(_("no hand in play: deal first"))
        return self.hand


def _game_side(table: Table) -> GameSide:
    """The side of the table's game (`GameRules.table_side`, "module:Class"), imported when
    its game is played: a hold'em table loads no Bouillotte."""
    where = table.config.rules.table_side
    if not where:
        return GameSide(table)
    module, name = where.split(":")
    side: type[GameSide] = getattr(__import__(module, None, None, [name]), name)
    return side(table)


__all__ = [
    "MAX_SEATS",
    "Account",
    "CavePolicy",
    "SessionSettings",
    "ShowedDown",
    "Table",
    "TableConfig",
    "TableEvent",
    "check_name",
    "name_key",
]
