"""The room of a tournament played at several tables: who sits at which table and seat,
each table's button, the seats drawn, the moves, the busts recorded without the hand, the
tables broken and the final table drawn. The table holds this part as `Table.room`; in a
cash game or a one-table tournament it is inactive and its commands are refused.

Seats: in a room a player's seat (`Account.seat`, and the seat of his `Seated`, `Reentered`
and `Moved` events) is `table x 100 + seat`, 207 for table 2, seat 7, so that seats are
unique across the room and sort by table. A hand dealt at a table numbers its seats 1 to 10
as at a table of its own.

The rules (docs/rules.md, "Several tables") are pure functions of the room in
`tournament/seating.py`; this part keeps the state they read and carries out the events:

- a seat is drawn at random (a seed kept with the event) among the tables with the fewest
  players (TDA 2024 rules 7 and 8);
- after each bust Marquoir breaks the table with the highest number when the players left
  fit on one table fewer (TDA 2024 rule 10), or draws everyone's seat at the final table,
  at once, from a seed derived from the session's seed and the draws so far, so a replay
  draws the same seats and `undo` of the bust takes the draw back with it;
- balancing (TDA 2024 rule 11) is said, not done: the director moves the player (`move`).

Only one hand is played (tracked) at a time in the room; busts at the other tables are
recorded with `out`.
"""

from __future__ import annotations

from .errors import IllegalAction, MarquoirError
from .events import ButtonSet, Dealt, Moved, WentOut
from .extension import TablePart
from .i18n import _
from .outcome import SeatInfo
from .table_seating import check_dealt_in

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    from .accounts import Account
    from .extension import Applier, Host
    from .hand import Hand
    from .tournament.seating import Move, Room
    from .tournament.session import TournamentSettings
    from .tournament.state import TournamentState

    class Director(Protocol):
        """What the room reads of the tournament's part (`Table.director`)."""

        state: TournamentState | None

        def may_rebuy(self, name: str) -> bool: ...


# a room seat is table x ROOM_SEAT + the seat at the table
ROOM_SEAT = 100


def room_seat(table: int, seat: int) -> int:
    """The seat number of table `table`, seat `seat` in a room (207)."""
    return table * ROOM_SEAT + seat


def table_and_seat(seat: int) -> tuple[int, int]:
    """A room seat's table and seat at the table (207 -> (2, 7))."""
    return divmod(seat, ROOM_SEAT)


class TableRoom(TablePart):
    """The tables of a tournament, their seats and buttons, and the commands that change
    them (`move`, `out`)."""

    def __init__(self, table: Host, director: Director) -> None:
        super().__init__(table)
        # the tournament's entries, and whether a busted entry may still rebuy (then he is
        # not out yet): the director's
        self.director = director
        settings = table.settings.tournament
        count = settings.tables if settings is not None else 0
        self.active: bool = count > 0
        # the tables in play, in order (a broken table leaves)
        self.tables: list[int] = list(range(1, count + 1))
        # the seat of each table's button at its last hand (a table whose hands are not
        # recorded has none), and who was dealt in that hand (a newcomer is not dealt in
        # between the small blind and the button)
        self.buttons: dict[int, int] = {}
        self.dealt: dict[int, tuple[str, ...]] = {}
        # the seat the director put each table's next button on (`button PLAYER`), where he
        # said it: what balancing reads at a table whose hands are not recorded; spent by
        # the next hand recorded there
        self.set_buttons: dict[int, int] = {}
        # the seat draws made so far (each draw's seed is derived from the session's seed
        # and this count) and the moments players were knocked out (places: players out at
        # the same moment, one hand, are placed by their stacks at its start)
        self.draws = 0
        self.steps = 0
        # a break or the final table waits for the end of the hand in play
        self.pending = False
        # what the last bust made: the tables broken, the final table drawn (to be said,
        # and shown on the screen until the next bust)
        self.last_moves: list[Move] = []
        # the table of the last hand recorded to its end (0: none yet), what `undo --table`
        # reads once that hand is over
        self.last_hand_table = 0

    def appliers(self) -> dict[type, Applier]:
        appliers: dict[type, Applier] = {Moved: self.apply_move, WentOut: self.apply_out}
        if self.active:  # (a room's button is set table by table)
            appliers[ButtonSet] = self.apply_button
        return appliers

    # -- reading the room ----------------------------------------------------------------

    def settings(self) -> TournamentSettings:
        """The tournament's settings (refused outside a tournament of several tables)."""
        settings = self.table.settings.tournament
        if not self.active or settings is None:
            raise IllegalAction(
                _("this is for a tournament of several tables: `new ... --tournament --tables N`")
            )
        return settings

    def _state(self) -> TournamentState:
        state = self.director.state
        assert state is not None
        return state

    def seated(self, account: Account) -> bool:
        """Whether `account` holds a seat in the room (entered, not out)."""
        if account.left or account.seat < ROOM_SEAT:
            return False
        return not self._state().entry_of(account.name).out

    def layout(self, *, without: str = "") -> Room:
        """The room now, for the rules of `tournament/seating.py`: who sits where, and each
        table's button for its next hand where a hand was recorded there."""
        from .tournament.seating import Room, next_button

        settings = self.settings()
        room = Room(settings.seats, {t: {} for t in self.tables}, {}, settings.final_table)
        for account in self.table.present():
            if account.name != without and self.seated(account):
                table, seat = table_and_seat(account.seat)
                if table in room.tables:
                    room.tables[table][seat] = account.name
        for table, last in self.buttons.items():
            if room.tables.get(table):
                room.buttons[table] = next_button(room.tables[table], last)
        for table, seat in self.set_buttons.items():
            seated = room.tables.get(table)
            if seated:
                # the seat the director named; left since: the next player after it holds
                # the button (no dead button, as after a recorded hand)
                room.buttons[table] = seat if seat in seated else next_button(seated, seat)
        return room

    def where(self, name: str) -> tuple[int, int] | None:
        """The table and seat of a player in the room (None: not seated)."""
        account = self.table.accounts.get(name)
        if account is None or not self.seated(account):
            return None
        return table_and_seat(account.seat)

    def players_at(self, number: int) -> list[str]:
        """The players seated at table `number`, by seat (refused: a table not in play)."""
        layout = self.layout()
        if number not in layout.tables:
            raise IllegalAction(
                _("no table {table} in play (tables: {tables})").format(
                    table=number, tables=", ".join(map(str, layout.tables))
                )
            )
        return [name for _seat, name in sorted(layout.tables[number].items())]

    def check_counted(self, number: int, names: list[str]) -> None:
        """Refuse a count of table `number` that names a player seated elsewhere."""
        here = self.players_at(number)
        for name in names:
            if name not in here:
                raise IllegalAction(
                    _("{name} does not sit at table {table}").format(name=name, table=number)
                )

    def next_seed(self) -> int:
        """The seed of the next draw: from the session's seed and the draws so far."""
        import random

        return random.Random(f"{self.settings().seed}:{self.draws}").randrange(2**31)

    # -- entries and seats -----------------------------------------------------------------

    def draw_seat(self, name: str, seed: int) -> int:
        """The seat `name` draws with `seed` (TDA 2024 rules 7, 8 A)."""
        import random

        try:
            place = self.layout(without=name).draw(random.Random(seed))
        except ValueError:
            raise IllegalAction(_("every seat of the room is taken")) from None
        return room_seat(place.table, place.seat)

    def entered(self, name: str, seat: int, seed: int | None) -> None:
        """After an entry or a re-entry sat `name` at `seat`: check the draw, count it."""
        if seed is not None and self.draw_seat(name, seed) != seat:
            raise MarquoirError(_("the recorded seat draw does not match the room"))
        self.draws += 1

    def free_seat(self, seat: int | None) -> int:
        """A recorded room seat, checked free (a table in play, a seat it has)."""
        if seat is None:
            raise IllegalAction(_("seats are drawn: `seat NAME` draws one"))
        table, at = table_and_seat(seat)
        self.check_place(table, at, self.layout())
        return seat

    def check_place(self, table: int, seat: int, layout: Room) -> None:
        """Refuse a table not in play, a seat it does not have, a seat taken."""
        if table not in layout.tables:
            raise IllegalAction(
                _("no table {table} in play (tables: {tables})").format(
                    table=table, tables=", ".join(map(str, layout.tables))
                )
            )
        seats = layout.seats_at(table)
        if not 1 <= seat <= seats:
            raise IllegalAction(
                _("table {table} has seats 1 to {seats} (got {seat})").format(
                    table=table, seats=seats, seat=seat
                )
            )
        holder = layout.tables[table].get(seat)
        if holder is not None:
            raise IllegalAction(
                _("seat {table}:{seat} is taken by {holder}").format(
                    table=table, seat=seat, holder=holder
                )
            )

    # -- moves -------------------------------------------------------------------------------

    def _in_hand(self, name: str) -> bool:
        hand = self.table.hand
        return hand is not None and any(p.name == name for p in hand.players)

    def _outside_the_hand(self, name: str, refusal: str) -> None:
        """Refused while `name` plays the hand in play: `refusal` (translated, with `{name}`
        and `{number}`) says what to do instead."""
        if self._in_hand(name):
            raise IllegalAction(refusal.format(name=name, number=self.table.hand_no))

    def _in_room(self, name: str) -> Account:
        account = self.table.account(name)
        if not self.seated(account) or self._state().entry_of(account.name).busted:
            raise IllegalAction(
                _("{name} is out of the tournament").format(name=self._label(account.name))
            )
        return account

    def _label(self, name: str) -> str:
        return self._state().entry_of(name).label

    def move_event(self, name: str, table: int, seat: int) -> Moved:
        """`move PLAYER T:S`: the player takes that seat (balancing, or the director's
        choice); refused for a seat taken, a table not in play, a player out or in the hand
        in play."""
        self.settings()
        account = self._in_room(name)
        self._outside_the_hand(
            account.name, _("{name} is playing hand {number}: move him after it")
        )
        if account.seat == room_seat(table, seat):
            raise IllegalAction(
                _("{name} sits at {table}:{seat} already").format(
                    name=account.name, table=table, seat=seat
                )
            )
        self.check_place(table, seat, self.layout())
        return Moved(account.name, room_seat(table, seat))

    def apply_move(self, event: Moved) -> None:
        table, seat = table_and_seat(event.seat)
        self.move_event(event.player, table, seat)
        self.table.accounts[event.player].seat = event.seat

    # -- buttons -----------------------------------------------------------------------------

    def button_event(self, name: str) -> ButtonSet:
        """`button PLAYER` in a room: the next hand at the player's table puts the button on
        him, recorded or not: at a table whose hands are not recorded, it is what tells
        balancing who would be big blind next there (TDA 2024 rule 11 A). Refused for a
        player out, without chips, sitting out, or in the hand in play."""
        self.settings()
        account = self._in_room(name)
        check_dealt_in(account)
        self._outside_the_hand(
            account.name, _("{name} is playing hand {number}: set the button after it")
        )
        return ButtonSet(account.name)

    def apply_button(self, event: ButtonSet) -> None:
        self.button_event(event.player)
        table, seat = table_and_seat(self.table.accounts[event.player].seat)
        self.set_buttons[table] = seat

    # -- busts -------------------------------------------------------------------------------

    def out_event(self, name: str, by: str = "") -> WentOut:
        """`out PLAYER [--by PLAYER]`: a bust at a table whose hands are not recorded."""
        self.settings()
        account = self._in_room(name)
        self._outside_the_hand(
            account.name, _("{name} is playing hand {number}: his bust comes from its result")
        )
        if not by:
            return WentOut(account.name)
        other = self._in_room(by)
        if other.name == account.name:
            raise IllegalAction(_("{name} cannot knock himself out").format(name=account.name))
        if self._in_hand(other.name):
            raise IllegalAction(
                _("{name} is playing hand {number}: record the bust after it").format(
                    name=other.name, number=self.table.hand_no
                )
            )
        return WentOut(account.name, other.name)

    def apply_out(self, event: WentOut) -> None:
        if event != self.out_event(event.player, event.by):
            raise MarquoirError(_("the recorded bust does not match the room"))
        account = self.table.accounts[event.player]
        chips, account.stack = account.stack, 0
        if event.by:
            # his chips went to the player who busted him (a count corrects the rest)
            self.table.accounts[event.by].stack += chips
        else:
            # won by players not named: out of the tracked stacks until a count
            account.adjusted -= chips
        state = self._state()
        # the last hand dealt before the bust (a hand in play is another table's)
        after = self.table.hand_no - (1 if self.table.hand is not None else 0)
        state.bust(event.player, after, chips, {event.by: 1} if event.by else {})
        entry = state.entry_of(event.player)
        entry.out = not self.director.may_rebuy(event.player)
        self.steps += 1
        entry.step = self.steps
        if self.table.hand is not None:
            self.pending = True  # (the tables change when that hand is over)
            self.last_moves = []
        else:
            self.settle(busts=True)

    def hand_over(self, hand: Hand, busted: list[str]) -> None:
        """After a hand dealt at a table of the room: its button, who was dealt in, the
        busts' moment, then the tables broken or the final table drawn if due."""
        button = self.table.accounts[hand.button].seat
        table, seat = table_and_seat(button)
        self.buttons[table] = seat
        self.set_buttons.pop(table, None)  # (spent: the hand recorded its button)
        self.dealt[table] = tuple(p.name for p in hand.players)
        self.last_hand_table = table
        if busted:
            self.steps += 1
            for name in busted:
                self._state().entry_of(name).step = self.steps
        self.settle(busts=bool(busted))

    def settle(self, *, busts: bool) -> None:
        """Break the tables the players left no longer need (the highest numbered first),
        or draw the final table, each draw from the next seed (TDA 2024 rules 10, 7). The
        seats drawn are the room's last moves until the next bust (`busts`: one was just
        recorded) or the next draw."""
        import random

        moves: list[Move] = []
        while True:
            layout = self.layout()
            if layout.players < 2:
                break  # (the winner: nothing left to draw)
            rng = random.Random(self.next_seed())
            final = layout.final_due()
            broken = None if final else layout.table_to_break()
            if not final and broken is None:
                break
            made = layout.final_redraw(rng) if final else layout.break_table(broken or 0, rng)
            self.draws += 1
            for move in made:
                assert move.player is not None and move.seat is not None
                self.table.accounts[move.player].seat = room_seat(move.table, move.seat)
            self.tables = sorted(layout.tables)
            self.buttons = {t: s for t, s in self.buttons.items() if t in layout.tables}
            self.dealt = {t: d for t, d in self.dealt.items() if t in layout.tables}
            self.set_buttons = {t: s for t, s in self.set_buttons.items() if t in layout.tables}
            if final:
                self.buttons, self.dealt, self.set_buttons = {}, {}, {}
            moves.extend(made)
        if moves or busts:
            self.last_moves = moves
        self.pending = False

    # -- dealing at a table ------------------------------------------------------------------

    def hand_table(self) -> int | None:
        """The table of the hand in play (None: no hand in play)."""
        hand = self.table.hand
        if hand is None:
            return None
        return table_and_seat(self.table.accounts[hand.button].seat)[0]

    def check_hand_table(self, number: int) -> None:
        """Refuse a table command given `--table T` unless the hand in play is at T (one
        hand is played at a time in the room)."""
        self.settings()
        at = self.hand_table()
        if at is None:
            raise IllegalAction(_("no hand in play: deal first (`deal --table T`)"))
        if at != number:
            raise IllegalAction(
                _("the hand in play is at table {at}, not {table}: one hand at a time").format(
                    at=at, table=number
                )
            )

    def deal_event(self, table: int, carry: int = 0) -> Dealt:
        """A hand at `table` (the only table left when 0): its players with chips, its
        button moved on from its last hand; a newcomer between the button and the small
        blind waits for the button to pass (TDA 2024 rules 8 A, 10 A)."""
        self.settings()
        if not table:
            if len(self.tables) != 1:
                raise IllegalAction(
                    _("several tables are in play: `deal --table T` (tables: {tables})").format(
                        tables=", ".join(map(str, self.tables))
                    )
                )
            table = self.tables[0]
        layout = self.layout()
        if table not in layout.tables:
            raise IllegalAction(
                _("no table {table} in play (tables: {tables})").format(
                    table=table, tables=", ".join(map(str, layout.tables))
                )
            )
        accounts = self.table.accounts
        players = [accounts[n] for _s, n in sorted(layout.tables[table].items())]
        players = [a for a in players if a.plays]
        if len(players) < 2:
            raise IllegalAction(
                _("table {table} needs at least two players with chips to deal").format(table=table)
            )
        button = self._button(table, players)
        waiting = self._waiting(table, players, button)
        dealt = [a for a in players if a.name not in waiting]
        self.table.config.rules.check_players(len(dealt))
        seats = tuple([SeatInfo(a.name, a.seat % ROOM_SEAT, a.stack) for a in dealt])
        return Dealt(self.table.hand_no + 1, button, seats, carry, table)

    def _button(self, table: int, players: list[Account]) -> int:
        """The button's seat: on the player `button` named, else the next seat after the
        last button among the players dealt in there before (a newcomer never gets the
        button before he has played a hand at the table)."""
        chosen = self.set_buttons.get(table)
        if chosen is not None and any(a.seat % ROOM_SEAT == chosen for a in players):
            return chosen
        before = set(self.dealt.get(table, ()))
        seats = [a.seat % ROOM_SEAT for a in players if a.name in before]
        seats = seats or [a.seat % ROOM_SEAT for a in players]
        last = self.buttons.get(table)
        if last is None:
            return seats[0]
        later = [s for s in seats if s > last]
        return later[0] if later else seats[0]

    def _waiting(self, table: int, players: list[Account], button: int) -> set[str]:
        """Newcomers to `table` seated between the button and the small blind."""
        before = set(self.dealt.get(table, ()))
        if not before:
            return set()
        by_seat = {a.seat % ROOM_SEAT: a.name for a in players}
        ring = sorted(s for s in by_seat if s > button) + sorted(s for s in by_seat if s < button)
        waiting: set[str] = set()
        for seat in ring:
            if by_seat[seat] in before:
                break
            waiting.add(by_seat[seat])
        # heads-up the button posts the small blind: nobody waits before him
        return waiting if len(players) - len(waiting) >= 2 else set()

    # -- the snapshot ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The room's state for the table's snapshot (the seats are the accounts')."""
        return {
            "tables": self.tables,
            "buttons": [[t, s] for t, s in sorted(self.buttons.items())],
            "dealt": [[t, list(names)] for t, names in sorted(self.dealt.items())],
            "draws": self.draws,
            "steps": self.steps,
            **({"pending": True} if self.pending else {}),
            # (written when there is something to keep: older snapshots stay as they were)
            **({"set_buttons": sorted(self.set_buttons.items())} if self.set_buttons else {}),
            **({"last_hand_table": self.last_hand_table} if self.last_hand_table else {}),
            **({"last_moves": [_move_row(m) for m in self.last_moves]} if self.last_moves else {}),
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Put back the state `to_dict` wrote."""
        self.tables = list(data["tables"])
        self.buttons = {int(t): int(s) for t, s in data["buttons"]}
        self.dealt = {int(t): tuple(names) for t, names in data["dealt"]}
        self.draws = int(data["draws"])
        self.steps = int(data["steps"])
        self.pending = bool(data.get("pending", False))
        self.set_buttons = {int(t): int(s) for t, s in data.get("set_buttons", ())}
        self.last_hand_table = int(data.get("last_hand_table", 0))
        self.last_moves = [_move_of(row) for row in data.get("last_moves", ())]


def _move_row(move: Move) -> list[Any]:
    """A move as the snapshot keeps it: [from table, to table, player, seat, why]."""
    return [move.source, move.table, move.player, move.seat, move.why]


def _move_of(row: list[Any]) -> Move:
    """The move `_move_row` wrote."""
    from .tournament.seating import Move

    source, table, player, seat, why = row
    return Move(int(source), int(table), player, seat, str(why))


__all__ = ["ROOM_SEAT", "TableRoom", "room_seat", "table_and_seat"]
