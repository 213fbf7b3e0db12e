"""Replay one PHH hand at a session's table, through the table's own rules: the players sit
down, the button is set, the hand is dealt, the history's actions are applied, the showdown
is read from the cards (or from the history's result), and everyone leaves. What `import
phh` writes of each hand: its events as stored text, with their ids, and its summary.

See `phh_import` for the rules of the import as a whole (which hands, which sessions)."""

from __future__ import annotations

import json
from operator import gt, itemgetter

from ..domain import Action, ActionKind, IllegalAction, MarquoirError, Phase, SeatInfo
from ..domain.events import (
    Acted,
    ButtonSet,
    Corrected,
    Dealt,
    Left,
    Recaved,
    Seated,
    ShowedDown,
)
from ..domain.hand import Hand
from ..domain.i18n import _
from ..domain.inputs import MAX_CHIPS
from ..domain.phh import (
    PHHAction,
    PHHError,
    PHHHand,
    from_chips,
    known,
    split_cards,
    to_chips,
)
from ..domain.records import Record
from ..domain.table import SessionSettings, Table, TableEvent, check_name
from . import codec, summaries
from .ledger import SNAPSHOT_BLOCK
from .phh_bets import UNWRITTEN, Bet
from .phh_history import ranking_from_result, same_stakes, seats_of
from .phh_report import HandImport, explain_difference

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol

    from ..domain.config import TableConfig
    from .phh_bets import Rows, Summary

    class Sink(Protocol):
        """Where the hands replayed go: the id of the next event, and each hand's rows
        (each action's row without its text: what the action did is in `bets`, in order)."""

        next_id: int

        def hand(self, group: Group, rows: Rows, bets: list[Bet], summary: Summary) -> None: ...


# (a seat's number, by its place in the record: `attrgetter("seat")` costs more)
_SEAT = itemgetter(1)
# A record made from a tuple of all its fields, in order (what its constructor does, without
# the call: six players kept seated a hand)
_new = tuple.__new__
# A snapshot of the table every so many hands, and after the last one (loading starts from
# that one): those between are kept for `verify` only, as the table commands keep the last
# one of every block of as many hands (`ledger.SNAPSHOT_BLOCK`).
SNAPSHOT_EVERY = SNAPSHOT_BLOCK

# What Marquoir's own fields may carry: the events of a session between its hands, those
# recorded during a hand (not a betting action: those are the hand's actions), a showdown.
SHOWDOWN_KINDS = frozenset({"showdown"})
_HAND_KINDS = frozenset({"deal", "action", "showdown", "brelans", "carry-split"})
BETWEEN_KINDS = frozenset(codec.KINDS.values()) - _HAND_KINDS
DURING_KINDS = BETWEEN_KINDS
# The verbs of the players' betting actions (the others deal or show cards, or are refused).
_BETTING = frozenset({"f", "cc", "cbr"})
# the most nesting an event's data has (a race's odd chips: an object of arrays of arrays)
_DEPTH = 4


class PHHImportError(MarquoirError):
    """A hand the rules refuse or a file that cannot be read: nothing was imported."""


class _Skip(Exception):
    """A hand that can be read but not settled: skipped with a message."""


class PHHSource(Record):
    """A PHH text to import, and the name messages give it."""

    name: str
    text: str


class Plan(Record):
    label: str
    hand: PHHHand
    actions: tuple[PHHAction, ...]
    config: TableConfig | None
    scale: int
    skip: str
    # Marquoir's own export (`_marquoir`): the hand is replayed at its session's table as
    # the session recorded it (`_before`, `_during`, `_showdown`, `_after`); `source` the
    # number of the file it comes from (each file, its own sessions)
    exact: bool = False
    source: int = 0

    @property
    def fields(self) -> dict[str, Any]:
        """The hand's other fields (`table`, `seats`, `currency`, `_chip_value`...)."""
        extra = self.hand.extra
        return dict(extra) if extra else {}  # (most histories have none: no copy made)

    @property
    def table_name(self) -> str | None:
        """The table the hand was played at (Marquoir's export writes its session's name)."""
        table = self.fields.get("table")
        return str(table) if isinstance(table, str | int) and not isinstance(table, bool) else None

    @property
    def group_key(self) -> tuple[str | None, TableConfig | None, int]:
        """Hands with the same key go to the same session: same table, same game, same
        chip scale; Marquoir's own hands, same file and same table (their stakes may change
        from hand to hand, as `blinds` changes them)."""
        if self.exact:
            return (f"{self.source} {self.table_name}", None, 1)
        return (self.table_name, self.config, self.scale)

    def unplayable(self) -> HandImport | None:
        """The report of a hand that cannot be played at all (a game Marquoir does not
        play...): skipped, with the reason; None for a hand to replay."""
        if self.config is None:
            return HandImport(self.label, self.hand.variant, message=self.skip)
        return None


def player_names(hand: PHHHand) -> list[str]:
    """The PHH names made one word (spaces, '>' and '=' become '_'); p1..pn without them."""
    count = len(hand.starting_stacks)
    if hand.players:
        names = ["_".join(p.replace(">", " ").replace("=", " ").split()) for p in hand.players]
        if all(names) and len(set(names)) == count:
            return names
    return [f"p{i}" for i in range(1, count + 1)]


class Group:
    """A session being written (its row is made with its first hand): its table, and the
    table's state before the hand in play."""

    def __init__(self, settings: SessionSettings, scale: int, *, exact: bool = False) -> None:
        self.scale = scale
        # the hands are replayed as their session recorded them (`Plan.exact`)
        self.exact = exact
        self.session_id = 0
        self.name = ""
        self.settings = settings
        self.table = Table(settings)
        # the table after the last hand written, for a snapshot (`before`): its state but
        # the accounts, and each account's values (`codec.ACCOUNT_FIELDS`) in its order
        self.state: dict[str, Any] = {}
        self.values: dict[str, tuple[Any, ...]] = {}
        self.keep()
        self.streets = codec.streets_of(settings.table)
        # the names of the players met, as the table knows them (see `_replay`)
        self.known: dict[str, str] = {}
        # the players' names of each list of players met (`player_names`; not changed)
        self.names: dict[tuple[tuple[str, ...] | None, int], list[str]] = {}
        # what each action did (`Bet`), the stored text of each seat and departure made
        # (`_replay`)
        self.done: dict[object, Bet] = {}
        self.seated: dict[tuple[str, int, int], tuple[Seated, str, str]] = {}
        self.left: dict[tuple[str, int], tuple[Left, str, str]] = {}
        self.returned: dict[tuple[str, int, int], tuple[Seated, str, str]] = {}
        self.recaved: dict[tuple[str, int], tuple[Recaved, str, str]] = {}
        # the stored text of each deal met, by its button's seat (`deal`)
        self.dealt: dict[int, str] = {}
        # the players stay seated from hand to hand when the caves allow it (`keep_seats`)
        caves = settings.caves
        self.stay = caves.minimum is None and caves.maximum is None and caves.recaves is None
        # the accounts the hand in play changed, and those it put last (a seat puts its
        # player's account last), in that order: what `written` reads again
        self.changed: set[str] = set()
        self.moved: list[str] = []
        # the actions made, by what the history says and who says it (see `_act`)
        self.said: dict[tuple[int, str], Acted] = {}
        # the last event written, and whether the snapshot after it is written too
        self.last_event = 0
        self.saved = True

    def keep(self, state: dict[str, Any] | None = None) -> None:
        """The table as it is now, or as `state` (a snapshot of it) says, kept for `before`:
        every account read."""
        if state is None:
            state = codec.table_to_snapshot(self.table)
        self.state = {key: value for key, value in state.items() if key != "accounts"}
        self.values = {
            account["name"]: tuple(account[field] for field in codec.ACCOUNT_FIELDS)
            for account in state["accounts"]
        }

    def before(self) -> dict[str, Any]:
        """The snapshot of the table after the last hand written (`codec.table_to_snapshot`)."""
        accounts = [dict(zip(codec.ACCOUNT_FIELDS, v, strict=True)) for v in self.values.values()]
        return {**self.state, "accounts": accounts}

    def written(self, last_event: int) -> bool:
        """Note the hand just played as written up to this event: whether a snapshot of the
        table is due after it (one every `SNAPSHOT_EVERY` hands).

        Only the accounts the hand changed are read again, those it seated put last as the
        table puts them (reading everyone's after every hand made a file of thousands of
        players slow down with each new one)."""
        table = self.table
        self.state = codec.table_to_snapshot(table, accounts=False)
        if self.exact:  # (a session's own hands: everyone read)
            self.keep()
        else:
            values, accounts, moved = self.values, table.accounts, self.moved
            for name in moved:  # (put last; read below)
                values.pop(name, None)
                values[name] = ()
            changed = self.changed  # (cleared below: the players dealt in added to it)
            changed.update(table.last_dealt)
            changed.update(moved)
            for name in changed:
                # (`codec.ACCOUNT_FIELDS`, in order: read as attributes, which costs less
                # than an `attrgetter` of them)
                a = accounts[name]
                values[name] = (
                    a.name,
                    a.seat,
                    a.stack,
                    a.bought,
                    a.recaves,
                    a.cashed_out,
                    a.left,
                    a.sitting_out,
                    a.adjusted,
                )
        self.changed.clear()
        self.moved.clear()
        self.last_event, self.saved = last_event, False
        return table.hand_no % SNAPSHOT_EVERY == 0

    def finished(self, last_event: int) -> None:
        """Note the departures after the session's last hand as written up to this event."""
        self.keep()
        self.changed.clear()
        self.moved.clear()
        self.last_event, self.saved = last_event, False


def import_hand(group: Group, plan: Plan, writer: Sink) -> HandImport:
    """Replay one hand at the group's table and give its rows to `writer`: what became of
    it (imported, or skipped with the reason; its finishing stacks compared)."""
    label, hand, _actions, _config, scale, _skip, _exact, _source = plan  # (read once)
    key = (hand.players, len(hand.starting_stacks))
    names = group.names.get(key) or group.names.setdefault(key, player_names(hand))
    try:
        rows, bets, summary, from_result = _replay(group, plan, names, writer.next_id)
    except _Skip as why:
        if group.exact:  # (the session's later hands follow from this one)
            raise PHHImportError(f"{label}: {why}") from None
        group.table = codec.table_from_snapshot(group.settings, group.before())
        group.changed.clear()
        group.moved.clear()
        group.known.clear()  # (names first met in the skipped hand are unknown again)
        return HandImport(label, hand.variant, message=str(why))
    except MarquoirError as error:
        raise PHHImportError(f"{label}: {error}") from error
    writer.hand(group, rows, bets, summary)
    table = group.table
    played = table.last_hand
    assert played is not None and played.result is not None
    variant, session, hand_no = hand.variant, group.name, table.hand_no
    # (every field given, in order: a record made from all its fields is made fastest)
    finishing = hand.finishing_stacks
    if finishing is None:
        return _new(HandImport, (label, variant, session, hand_no, False, False, "", from_result))
    final = played.result.final
    # (whole chips are the file's amounts: compared as they are)
    if (scale == 1 and list(map(final.__getitem__, names)) == list(finishing)) or all(
        from_chips(final[n], scale) == t for n, t in zip(names, finishing, strict=True)
    ):
        return _new(HandImport, (label, variant, session, hand_no, True, False, "", from_result))
    reason = explain_difference(hand, played, names, scale)
    return HandImport(label, variant, session, hand_no, True, True, reason, from_result)


def _replay(
    group: Group, plan: Plan, names: list[str], first: int
) -> tuple[Rows, list[Bet], Summary, bool]:
    """Play one hand at the group's table: its events, each applied as soon as it is made
    (the table checks it then), with their stored text and their ids from `first` on; the
    hand's summary; and whether the showdown was taken from the history's result. A `_Skip`
    when the hand cannot be settled; an error of the rules names the action that broke them.

    The engine's fast path: an event the table checks when it applies it (a seat, the
    button, the deal, an action, a departure) is made without checking it first, so that
    each rule is checked once (applying is what records the event), and an event met
    before is not made again (events are values). A player's first seat goes through
    `seat_event` (his name is checked, and resolved against the names met before)."""
    replay = _HandReplay(group, plan, names, first)
    if group.exact:
        replay.exactly()
        return replay.rows, replay.bets, replay.summary, False
    replay.deal(replay.seat_everyone())
    replay.actions()
    from_result = replay.showdown()
    return replay.rows, replay.bets, replay.summary, from_result


class _HandReplay:
    """One hand being played at the group's table (`_replay`): the rows of its events so
    far, and its summary once the hand is over."""

    def __init__(self, group: Group, plan: Plan, names: list[str], first: int) -> None:
        self.group, self.plan, self.names, self.first = group, plan, names, first
        self.table = group.table
        self.rows: Rows = []
        self.bets: list[Bet] = []  # (what each action did, in order: see `UNWRITTEN`)
        self.summary: Summary = None
        given = plan.fields.get("seats") if plan.hand.extra else None  # (most have none)
        self.seats = seats_of(given, len(names))
        self.seats_given = given is not None  # (else the players' seats are Marquoir's)
        # the actions applied so far, and the events of the session recorded during the
        # hand that wait for their turn (`_during`: after so many actions)
        self.acted = 0
        self.during: list[tuple[int, str]] = []

    def record(self, hand_no: int | None, kind: str, text: str) -> None:
        """An event applied: its row, and the hand's summary if it ended the hand."""
        self.rows.append((self.first + len(self.rows), hand_no, kind, text))
        if hand_no is not None and self.table.hand is None:
            self.summary = _summary(self.group, self.rows)

    def seat_everyone(self) -> list[SeatInfo]:
        """The hand's players at the table with their starting stacks; the players dealt
        in, in the order of play. The players of the hand before stay in their seats when
        the hand is theirs in the same order round the table (`keep_seats`); else everyone
        leaves and the hand's players sit down."""
        kept = self.keep_seats() if self.group.stay else None
        if kept is not None:
            return kept
        self.leave_all()
        return self.sit_down()

    def keep_seats(self) -> list[SeatInfo] | None:
        """The players at the table stay seated when they are the hand's players, in its
        order of play round the table (its `seats`, when it gives them): each stack made the
        hand's starting stack by a recave of what it lacks, or by cashing out and sitting
        down again with it (a winner's chips go back to the bank as at the end of a hand
        of the history). None when the hand's players are not those seated, in that order."""
        group, table, scale = self.group, self.table, self.plan.scale
        known, present = group.known, table.present_by_name()
        if len(present) != len(self.names):
            return None
        accounts = []
        for name in self.names:
            account = present.get(known.get(name, ""))  # (no player is named "")
            if account is None:
                return None
            accounts.append(account)
        seats = [account.seat for account in accounts]
        if self.seats_given:
            if seats != self.seats:
                return None
        elif sum(map(gt, seats, [*seats[1:], seats[0]])) != 1:
            return None  # (not in the order of play from the small blind to the button)
        self.seats = seats
        dealt_in: list[SeatInfo] = []
        whole = scale == 1
        stacks = self.plan.hand.starting_stacks
        # (`restack` of `recave`, `departure` and `sit_again`, written out: a few times a
        # hand, the same events met again most times)
        recaved, left, returned = group.recaved, group.left, group.returned
        apply, rows, first = table.apply, self.rows, self.first
        for number, account in enumerate(accounts):
            stack = stacks[number]
            # (a whole number of the file is as many chips at scale 1: `to_chips` otherwise)
            cave = stack if whole and type(stack) is int else to_chips(stack, scale)
            name, chips, seat = account.name, account.stack, account.seat
            if chips < cave:
                made = recaved.get((name, cave - chips)) or self.recave(name, cave - chips)
                apply(made[0])
                rows.append((first + len(rows), None, made[1], made[2]))
            elif chips > cave:
                made = left.get((name, chips)) or self.departure(name, chips)
                apply(made[0])
                rows.append((first + len(rows), None, made[1], made[2]))
                made = returned.get((name, seat, cave)) or self.sit_again(name, seat, cave)
                apply(made[0])
                rows.append((first + len(rows), None, made[1], made[2]))
                group.moved.append(name)
            dealt_in.append(_new(SeatInfo, (name, seat, cave)))
        # (the players' names as the table knows them: `present`'s keys)
        known_names = [account.name for account in accounts]
        group.changed.update(known_names)
        self.names[:] = known_names
        return dealt_in

    def restack(self, made: tuple[TableEvent, str, str]) -> None:
        """An event between hands applied, and its row (it ends no hand)."""
        self.table.apply(made[0])
        self.rows.append((self.first + len(self.rows), None, made[1], made[2]))

    def recave(self, name: str, chips: int) -> tuple[TableEvent, str, str]:
        made = self.group.recaved.get((name, chips))
        if made is None:
            event = Recaved(name, chips)
            made = self.group.recaved[name, chips] = (event, *codec.event_text(event))
        return made

    def sit_again(self, name: str, seat: int, chips: int) -> tuple[TableEvent, str, str]:
        made = self.group.returned.get((name, seat, chips))
        if made is None:
            event = Seated(name, seat, chips, returning=True)
            made = self.group.returned[name, seat, chips] = (event, *codec.event_text(event))
        return made

    def departure(self, name: str, chips: int) -> tuple[TableEvent, str, str]:
        made = self.group.left.get((name, chips))
        if made is None:
            left = Left(name, chips)
            made = self.group.left[name, chips] = (left, *codec.event_text(left))
        return made

    def leave_all(self) -> None:
        """Everyone at the table cashes out (the same departure met before: the same event)."""
        for account in self.table.present():
            self.restack(self.departure(account.name, account.stack))
            self.group.changed.add(account.name)

    def sit_down(self) -> list[SeatInfo]:
        """Each player sat down with his starting stack (everyone left after the hand
        before, so the seat is no re-buy, whatever recave limit the session's settings
        keep); the players dealt in, in the order they sat."""
        group, table, scale = self.group, self.table, self.plan.scale
        dealt_in: list[SeatInfo] = []
        stacks = self.plan.hand.starting_stacks
        rows, first = self.rows, self.first  # (a seat ends no hand: its row alone, below)
        for seat, name, stack in zip(self.seats, self.names, stacks, strict=True):
            cave = to_chips(stack, scale)
            met = group.known.get(name)
            if met is None:
                seated = table.seat_event(name, seat=seat, cave=cave, recave=False)
                group.known[name] = seated.player
                kind, text = codec.event_text(seated)
            else:  # (the same seat of the same player with the same cave: the same event)
                made = group.seated.get((met, seat, cave))
                if made is None:
                    seated = Seated(met, seat, cave)
                    made = group.seated[met, seat, cave] = (seated, *codec.event_text(seated))
                seated, kind, text = made
            table.apply(seated)
            rows.append((first + len(rows), None, kind, text))
            group.moved.append(seated.player)
            dealt_in.append(SeatInfo(seated.player, seat, cave))
        if any(info.name != name for info, name in zip(dealt_in, self.names, strict=True)):
            # a name written in another case is the same player (`Ann` is `ann`): the hand's
            # actions, showdown and stacks name him as the table does. (The list is the
            # group's, kept for the next hands of the same players: they resolve the same.)
            self.names[:] = [info.name for info in dealt_in]
        return dealt_in

    def deal(self, dealt_in: list[SeatInfo]) -> None:
        """The button on the last player, and the deal of the players just seated, in the
        order of their seats: made as the table would make them, which it checks when it
        applies them."""
        table = self.table
        dealt_in.sort(key=_SEAT)
        # (the button the table would move to, asked of the seating as the deal will ask it
        # of the players dealt in, without making the whole deal a second time)
        if table.seating.button_seat(dealt_in) != self.seats[-1]:
            # (only when the table would not move the button there itself: a history of a
            # table's consecutive hands moves it as the table does, and records no event)
            button = ButtonSet(self.names[-1])
            table.apply(button)
            self.record(None, *codec.event_text(button))
        hand_no, seat, dead = table.hand_no + 1, self.seats[-1], table.house.carry
        dealt = _new(Dealt, (hand_no, seat, tuple(dealt_in), dead, 0))  # (at the only table)
        table.apply(dealt)
        # (the text names the button's seat, and the chips in the middle when there are any)
        text = self.group.dealt.get(seat) if not dead else None
        if text is None:
            text = codec.event_text(dealt)[1]
            if not dead:
                self.group.dealt[seat] = text
        self.record(hand_no, "deal", text)

    def actions(self) -> None:
        """The history's players' actions applied at the table (the cards dealt and shown
        are read when a showdown needs them: `seen`).

        A player's action is applied after the events of the session recorded before it
        (`_during`); the event of an action is made once for each action read and player
        (`_Said`: an action read is one object for the whole import), and what it did once
        for each thing an action did (`Bet`: its text only if the writer asks for it). The
        loop is written out, its look-ups taken once a hand: it runs a hundred thousand
        times an import."""
        names, table, hand, group = self.names, self.table, self.plan.hand, self.group
        count, scale = len(names), self.plan.scale
        said, done, streets = group.said, group.done, group.streets
        rows, bets, first, during = self.rows, self.bets, self.first, self.during
        acted = self.acted
        for number, action in enumerate(self.plan.actions, start=1):
            # (the fields at once: cheaper than reading them one by one)
            _actor, verb, player, _shown, _amount, _comment = action
            if not verb:
                continue
            if player is not None and player > count:
                raise PHHError(f"{_where(hand, number)}: the hand has {count} players")
            if verb not in _BETTING:  # (the cards dealt and shown, the most frequent)
                if verb == "sd" or verb == "pb":
                    where = _where(hand, number)
                    raise PHHError(f"{where}: {hand.variant} has no draw or bring-in")
                continue
            name = names[player - 1] if player is not None else ""
            if verb == "cc" and table.hand is not None and table.hand.to_act is None:
                # PokerKit asks a lone player with chips to check when all the others are
                # all-in; Marquoir's rules ask him nothing (docs/rules.md: who acts).
                continue
            if during:
                self.acted = acted
                self.recorded_during()
            try:
                event = said.get((id(action), name)) or _act(group, action, name, scale)
                detail = table.apply(event)
            except MarquoirError as error:
                raise self.refused(number, error) from error
            bet = done.get(detail)
            if bet is None:
                bet = done[detail] = Bet(event, detail, streets)
            # (`record`, written out: the row, and the summary if it ended the hand)
            rows.append((first + len(rows), table.hand_no, "action", UNWRITTEN))
            bets.append(bet)
            if table.hand is None:
                self.summary = _summary(group, rows)
            acted += 1
        self.acted = acted

    def seen(self) -> tuple[dict[str, str], set[str], list[str]]:
        """What the history says of the cards, read when a showdown needs them (most hands
        end before one; `actions` checked the players): the players' cards dealt or shown
        (the last said), those who mucked, the board's cards."""
        names = self.names
        cards: dict[str, str] = {}
        mucked: set[str] = set()
        board: list[str] = []
        for _actor, verb, player, shown, _amount, _comment in self.plan.actions:
            name = names[player - 1] if player is not None else ""
            if verb == "dh":
                if shown and shown != "-" and "?" not in shown:  # (`known`)
                    cards[name] = shown
            elif verb == "db":
                board.extend(split_cards(shown or ""))
            elif verb == "sm":
                if shown is None:
                    mucked.add(name)
                elif known(shown):
                    cards[name] = shown
        return cards, mucked, board

    def refused(self, number: int, error: MarquoirError) -> MarquoirError:
        """The error of an action the table refused, naming the action (when nobody is to
        act, said so)."""
        table = self.table
        if table.hand is None or table.hand.to_act is None:
            error = IllegalAction(_("nobody is to act, the betting is over"))
        return type(error)(f"{_where(self.plan.hand, number)}: {error}")

    def showdown(self) -> bool:
        """The showdown of a hand still in play, read from the cards (or, when they are not
        all known, from the history's result: True then)."""
        table, plan, played = self.table, self.plan, self.table.hand
        if played is None:
            return False
        if played.phase is Phase.BETTING:
            raise _Skip(f"the actions stop before the end of the hand ({played.to_act} to act)")
        from_result = False
        try:
            shown = _showdown(table, played, *self.seen())
        except _Skip:
            ranking = ranking_from_result(plan.hand, self.names, plan.scale, played)
            if ranking is None:
                raise
            from_result = True
            shown = table.showdown_event(ranking)
        detail = table.apply(shown)
        self.record(table.hand_no, *codec.event_text(shown, detail, streets=self.group.streets))
        return from_result

    def exactly(self) -> None:
        """The hand as its session recorded it (Marquoir's own export): the events before
        the deal, the deal the table makes (it must deal the hand's players, in its order,
        with its stacks and forced bets), the actions with the events recorded between them,
        the recorded showdown (or the one the cards make), the events after the last hand."""
        fields = self.plan.fields
        for text in recorded_texts(fields.get("_during", []), "_during"):
            count, _space, rest = text.partition(" ")
            if not (count.isascii() and count.isdigit() and len(count) < 7):
                raise PHHError(f"_during: {text[:40]!r} does not start with a count of actions")
            self.during.append((int(count), rest))
        for text in recorded_texts(fields.get("_before", []), "_before"):
            self.recorded(text)
        self.deal_at_table()
        self.actions()
        self.recorded_during()
        if self.during:
            raise PHHError(f"_during: {self.during[0][1][:40]!r} comes after the last action")
        showdown = fields.get("_showdown")
        if showdown is not None:
            (text,) = recorded_texts([showdown], "_showdown")
            if self.table.hand is None:
                raise PHHError("_showdown: the hand is over before its showdown")
            self.recorded(text, kinds=SHOWDOWN_KINDS)
        else:
            self.showdown()
        if self.table.hand is not None:
            raise _Skip(f"the hand is not over ({self.table.hand.to_act} to act)")
        for text in recorded_texts(fields.get("_after", []), "_after"):
            self.recorded(text)

    def deal_at_table(self) -> None:
        """The deal the table makes, which must be the hand's: its players in its order
        (p1 first left of the button), its starting stacks and its forced bets."""
        table, plan = self.table, self.plan
        dealt = table.deal_event()
        table.apply(dealt)
        assert table.hand is not None
        self.record(dealt.hand_no, *codec.event_text(dealt))
        hand = table.hand
        order = hand.order_of_play()
        stacks = [to_chips(stack, 1) for stack in plan.hand.starting_stacks]
        theirs = [hand.start_stacks[name] for name in order]
        if order != self.names or theirs != stacks:
            raise PHHError(
                f"the table deals {order} with {theirs}; the hand has {self.names} with {stacks}"
            )
        if plan.config is None or not same_stakes(plan.config, hand.config):
            raise PHHError(
                f"the table deals at {hand.config.stakes()}, the hand's forced bets differ"
            )

    def recorded_during(self) -> None:
        """The events recorded during the hand after as many actions as applied so far."""
        while self.during and self.during[0][0] <= self.acted:
            self.recorded(self.during.pop(0)[1], kinds=DURING_KINDS)

    def recorded(self, text: str, *, kinds: frozenset[str] = BETWEEN_KINDS) -> None:
        """One event of Marquoir's own fields (`kind JSON`) applied: the table checks it as
        it checks the same command, and it is written as the database writes it."""
        table = self.table
        kind, _space, data = text.partition(" ")
        if kind not in kinds:
            raise PHHError(f"{kind[:20]!r} is not an event this field may carry")
        try:
            event = codec.event_from_record(kind, plain_data(data))
            if isinstance(event, Seated):
                check_name(event.player)
            was = table.account(event.player).stack if isinstance(event, Corrected) else None
            detail = table.apply(event)
            if isinstance(event, ShowedDown):
                detail_text = codec.event_text(event, detail, streets=self.group.streets)
            else:
                detail_text = codec.event_text(event, detail if was is None else was)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
            raise PHHError(f"the event {text[:60]!r} cannot be read ({error})") from None
        hand_no = table.hand_no if kind in SHOWDOWN_KINDS else None
        self.record(hand_no, *detail_text)


def departures(group: Group, first: int) -> Rows:
    """After a session's last hand, everyone still at the table cashes out (the players of
    a history's hand stay seated from one hand to the next): the rows, ids from `first`."""
    table = group.table
    rows: Rows = []
    for account in table.present():
        left = Left(account.name, account.stack)
        table.apply(left)
        kind, text = codec.event_text(left)
        rows.append((first + len(rows), None, kind, text))
    return rows


def recorded_texts(value: object, name: str) -> list[str]:
    """A field of Marquoir's own export: a list of `kind JSON` texts."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise PHHError(f"{name} must be a list of texts")
    return value


def plain_data(text: str) -> Any:
    """The data of an event as the database keeps it: JSON objects, arrays, strings, whole
    numbers within `MAX_CHIPS` (money is written as text), booleans and null; a `PHHError`
    for anything else (a float, a number out of bounds, nesting no event has)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise PHHError(f"not an event's data: {text[:40]!r}") from None

    def check(value: object, depth: int) -> None:
        if depth > _DEPTH:
            raise PHHError(f"an event's data is nested too deeply: {text[:40]!r}")
        if isinstance(value, dict):
            for item in value.values():
                check(item, depth + 1)
        elif isinstance(value, list):
            for item in value:
                check(item, depth + 1)
        elif isinstance(value, float) or (
            isinstance(value, int) and not -MAX_CHIPS <= value <= MAX_CHIPS
        ):
            raise PHHError(f"an event's number is out of bounds: {text[:40]!r}")

    check(data, 0)
    return data


def _summary(group: Group, rows: Rows) -> Summary:
    """The stored summary of the hand the last event ended, with that event's id."""
    table = group.table
    assert table.last_hand is not None
    return rows[-1][0], summaries.compact_hand_summary(table, table.last_hand, group.settings)


def _where(hand: PHHHand, number: int) -> str:
    return f"action {number} ({hand.actions[number - 1].strip()!r})"


def _act(group: Group, action: PHHAction, name: str, scale: int) -> Acted:
    """The event of a player's action, made once for each action read and player (`act`
    looks it up first); checked when applied (see `_replay`)."""
    # (every field given, in order: a record made from all its fields is made fastest)
    if action.verb == "f":
        said = Action(ActionKind.FOLD, None, name)
    elif action.verb == "cc":
        said = Action(ActionKind.CALL, None, name)
    else:
        assert action.amount is not None
        said = Action(ActionKind.BET, to_chips(action.amount, scale), name)
    acted = group.said[id(action), name] = Acted(said)
    return acted


def _showdown(
    table: Table,
    played: Hand,
    cards: dict[str, str],
    mucked: set[str],
    board: list[str],
) -> ShowedDown:
    """The showdown from the cards: players who mucked, or whose cards are unknown, are not
    named (they lose every pot contested by a player who showed, as in PokerKit)."""
    standing = [p.name for p in played.players if not p.folded and p.name not in mucked]
    board_known = len(board) == 5 and all(known(card) for card in board)
    if len(standing) == 1 and (standing[0] not in cards or not board_known):
        return table.showdown_event(((standing[0],),))  # the others mucked
    shown = {name: cards[name] for name in standing if name in cards}
    for pot in played.pots():
        if len(pot.eligible) > 1 and not shown.keys() & set(pot.eligible):
            unknown = [name for name in pot.eligible if name in standing]
            raise _Skip(f"the showdown cards of {', '.join(unknown)} are not known")
    if not board_known:
        raise _Skip(f"the board is not known ({''.join(board) or 'no card'})")
    # (checked when applied, at once: see `_replay`)
    event, _values = table.game.cards_showdown_event("".join(board), shown, verify=False)
    return event


__all__ = [
    "Group",
    "PHHImportError",
    "PHHSource",
    "Plan",
    "departures",
    "explain_difference",
    "import_hand",
    "player_names",
]
