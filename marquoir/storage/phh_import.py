"""Import PHH hand histories: every hand replayed through the table's own rules.

Each PHH hand has its own players and stacks. Marquoir plays it as a table would: the players
sit down in seats 1..n in PHH order (p1 the small blind ... pn the button) with a cave of their
starting stack, the button goes to pn, the hand is dealt, the actions are applied one by one
(`pN cbr X` is `bet X`, X the player's total for the round; `cc` call or check; `f` fold),
the showdown is read from the cards (`d db`, `d dh`, `pN sm`; a player who mucks, or whose
cards are unknown, is not named: he loses every pot contested by a player who showed, as in
PokerKit), and everyone leaves. A check PokerKit asks of a lone player when all the others
are all-in, and Marquoir does not, is passed over. Names are the PHH names with spaces made
`_` (p1..pn when the file has none). Fixed-limit tables allow 4 raises after the big blind
pre-flop, as PokerKit does (Marquoir's `cap`).

Marquoir's own export (`marquoir export phh`) comes back as it was: hands with the same
`table` go to one session (NAME, NAME-2, ... in the order met), the players sit in their
`seats` when those follow the order of play, the chip value is the user field
`_chip_value` (amounts stay whole chips) and the session takes the exported `_settings` (the
fixed-limit cap, a straddle, the caves: what PHH cannot say) when they agree with the hand's
blinds. A showdown whose cards are unknown (a showdown given
as a ranking, `pN sm ????`) takes its result from `finishing_stacks` (else `winnings`): the
winners of each pot, from the last side pot to the main pot, are the players the result
says took chips; the report says how many hands were settled that way.

What is not imported, with a message in the report (the import goes on):
- variants other than NT (no-limit hold'em), FT (fixed-limit hold'em) and PO (pot-limit
  Omaha), and forced bets Marquoir does not play (button antes, several straddles, a min_bet
  that is not the big blind), more than 10 players, unknown stacks;
- hands whose actions stop before the end, or whose showdown cannot be read (a pot that only
  players with unknown cards contest, an unknown board) and that carry neither
  `finishing_stacks` nor `winnings` to take the result from.

A hand Marquoir's rules refuse, or a malformed file, stops the import: nothing is recorded
(one transaction) and the error names the file, the hand and the action.

A session has one table configuration, so hands at different stakes or games (or tables)
go to several new sessions: NAME for the first one met, then NAME-2, NAME-3... Amounts with
decimals are multiplied by the smallest power of 10 that makes every amount of the session
whole chips (its chip value is then 1/scale); a hand's `currency` becomes its session's.
When a hand has `finishing_stacks`, the report compares them with Marquoir's and explains
each difference.
"""

from __future__ import annotations

import gc
import os
import time
from decimal import Decimal
from operator import attrgetter

from ..domain import Action, IllegalAction, MarquoirError, Phase, SeatInfo
from ..domain.events import Acted, ButtonSet, Dealt, Left, Seated
from ..domain.hand import Hand
from ..domain.i18n import _
from ..domain.phh import (
    PLAYED,
    NotSupported,
    PHHAction,
    PHHError,
    PHHHand,
    decimals_of,
    from_chips,
    hand_amounts,
    known,
    loads,
    parse_action,
    scale_for,
    split_cards,
    table_config,
    to_chips,
)
from ..domain.records import Record
from ..domain.table import (
    SessionSettings,
    ShowedDown,
    Table,
    TableEvent,
    check_name,
)
from . import codec, summaries
from .ledger import NoSession
from .phh_history import exported_config, ranking_from_result, seats_of, session_settings
from .phh_report import HandImport, ImportReport

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable
    from typing import Any

    from ..domain.config import TableConfig
    from .ledger import Ledger

    # What one hand writes: its events as (id, hand number, kind, stored text), and the
    # summary of the hand with the id of the event that ended it.
    _Rows = list[tuple[int, int | None, str, str]]
    _Summary = tuple[int, list[Any]] | None

_SEAT = attrgetter("seat")
# A snapshot of the table every so many hands, and after the last one: loading a session
# replays at most that many hands (the table commands write one after every hand).
SNAPSHOT_EVERY = 100
# Scaling beyond a millionth of a chip is refused: such amounts are not chips.
MAX_DECIMALS = 6


class PHHImportError(MarquoirError):
    """A hand the rules refuse or a file that cannot be read: nothing was imported."""


class PHHSource(Record):
    """A PHH text to import, and the name messages give it."""

    name: str
    text: str


class _Skip(Exception):
    """A hand that can be read but not settled: skipped with a message."""


class _Plan(Record):
    label: str
    hand: PHHHand
    actions: tuple[PHHAction, ...]
    config: TableConfig | None
    scale: int
    skip: str

    @property
    def fields(self) -> dict[str, Any]:
        """The hand's other fields (`table`, `seats`, `currency`, `_chip_value`...)."""
        return dict(self.hand.extra)

    @property
    def table_name(self) -> str | None:
        """The table the hand was played at (Marquoir's export writes its session's name)."""
        table = self.fields.get("table")
        return str(table) if isinstance(table, str | int) and not isinstance(table, bool) else None


def read_sources(sources: Iterable[str | os.PathLike[str] | PHHSource]) -> list[PHHSource]:
    """The texts to import: a `PHHSource`, a path, or a `str` with a newline (a text)."""
    read = []
    for number, source in enumerate(sources, start=1):
        if isinstance(source, PHHSource):
            read.append(source)
        elif isinstance(source, str) and "\n" in source:
            read.append(PHHSource(f"text {number}", source))
        else:
            path = os.fspath(source)
            try:
                with open(path, encoding="utf-8") as file:
                    read.append(PHHSource(path, file.read()))
            except (OSError, UnicodeDecodeError) as error:
                reason = getattr(error, "strerror", None) or str(error)
                raise PHHImportError(
                    _("cannot read {path}: {reason}").format(path=path, reason=reason)
                ) from error
    return read


def _plans(sources: list[PHHSource]) -> list[_Plan]:
    read: list[tuple[str, PHHHand, tuple[PHHAction, ...]]] = []
    parse = _Said().__getitem__  # (the same actions come back hand after hand)
    for source in sources:
        try:
            hands = loads(source.text)
        except PHHError as error:
            raise PHHImportError(f"{source.name}: {error}") from error
        for hand in hands:
            label = f"{source.name} hand {hand.key}" if hand.key else source.name
            try:
                actions = tuple(map(parse, hand.actions))
            except PHHError as error:
                raise PHHImportError(f"{label}: {error}") from error
            read.append((label, hand, actions))
    amounts = {id(h): hand_amounts(h, acts) for _, h, acts in read if h.variant in PLAYED}
    places = max(
        (decimals_of(a) for each in amounts.values() for a in each if type(a) is not int),
        default=0,
    )
    if places > MAX_DECIMALS:
        raise PHHImportError(
            f"amounts with {places} decimals cannot be made whole chips (at most {MAX_DECIMALS})"
        )
    # Hands at the same table (same forced bets and limits) share a session and its scale.
    finest = 10**places
    tables: dict[int, TableConfig | str] = {}
    scales: dict[TableConfig, int] = {}
    config_of = _memo_table_config()
    for label, hand, _actions in read:
        try:
            config = tables[id(hand)] = config_of(hand, finest)
        except NotSupported as why:
            tables[id(hand)] = str(why)
            continue
        except PHHError as error:
            raise PHHImportError(f"{label}: {error}") from error
        scales[config] = max(scales.get(config, 1), scale_for(amounts[id(hand)]))
    plans = []
    for label, hand, actions in read:
        table = tables[id(hand)]
        if isinstance(table, str):
            plans.append(_Plan(label, hand, actions, None, 1, table))
            continue
        scale = scales[table]
        derived = config_of(hand, scale)
        exported = exported_config(hand, derived) if scale == 1 else None
        plans.append(_Plan(label, hand, actions, exported or derived, scale, ""))
    return plans


class _Said(dict[str, PHHAction]):
    """Each action text read once."""

    def __missing__(self, text: str) -> PHHAction:
        action = self[text] = parse_action(text)
        return action


def _memo_table_config() -> Callable[[PHHHand, int], TableConfig]:
    """`table_config`, computed once for each table met (the 10,000 hands of a file are
    mostly at one table); a hand it refuses is refused again, with its own label."""
    known: dict[tuple[Any, ...], TableConfig] = {}

    def config_of(hand: PHHHand, scale: int) -> TableConfig:
        stacks = hand.starting_stacks
        key = (
            hand.variant,
            len(stacks),
            all(not isinstance(s, Decimal) or s.is_finite() for s in stacks),
            hand.blinds_or_straddles,
            hand.antes,
            hand.ante_trimming_status,
            hand.min_bet,
            hand.small_bet,
            hand.big_bet,
            hand.bring_in,
            scale,
        )
        config = known.get(key)
        if config is None:
            config = known[key] = table_config(hand, scale)
        return config

    return config_of


def player_names(hand: PHHHand) -> list[str]:
    """The PHH names made one word (spaces, '>' and '=' become '_'); p1..pn without them."""
    count = len(hand.starting_stacks)
    if hand.players:
        names = ["_".join(p.replace(">", " ").replace("=", " ").split()) for p in hand.players]
        if all(names) and len(set(names)) == count:
            return names
    return [f"p{i}" for i in range(1, count + 1)]


class _Group:
    """A session being written (its row is made with its first hand): its table, and the
    table's state before the hand in play."""

    def __init__(self, settings: SessionSettings, scale: int) -> None:
        self.scale = scale
        self.session_id = 0
        self.name = ""
        self.settings = settings
        self.table = Table(settings)
        # the table after the last hand written, as a snapshot (when one is wanted)
        self.before = codec.snapshot_later(self.table)
        self.streets = codec.streets_of(settings.table)
        # the names of the players met, as the table knows them (see `_replay`)
        self.known: dict[str, str] = {}
        # the players' names of each list of players met (`player_names`; not changed)
        self.names: dict[tuple[tuple[str, ...] | None, int], list[str]] = {}
        # the stored text of what each action did, each seat and departure made (`_replay`)
        self.done: dict[object, str] = {}
        self.seated: dict[tuple[str, int, int], tuple[Seated, str, str]] = {}
        self.left: dict[tuple[str, int], tuple[Left, str, str]] = {}
        # the actions made, by what the history says and who says it (see `_act`)
        self.said: dict[tuple[int, str], Acted] = {}
        # the last event written, and whether the snapshot after it is written too
        self.last_event = 0
        self.saved = True


def import_phh(
    ledger: Ledger,
    sources: Iterable[str | os.PathLike[str] | PHHSource],
    *,
    session: str,
) -> ImportReport:
    """Import every hand of these PHH files or texts into new sessions named after
    `session`, in one transaction; the first becomes the current session."""
    # The import makes millions of small objects that live on (the hands read) or die young
    # without cycles (events, rows): the cycle collector, run every 700 of them, would only
    # walk them again and again (a tenth of the time). It runs again once the import is done.
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _import(ledger, sources, session=session)
    finally:
        if collecting:
            gc.enable()


def _import(
    ledger: Ledger,
    sources: Iterable[str | os.PathLike[str] | PHHSource],
    *,
    session: str,
) -> ImportReport:
    session = check_name(session, what="session")
    try:  # (Vendredi is vendredi)
        taken = ledger.session_named(session).name
    except NoSession:
        taken = None
    if taken is not None:
        raise IllegalAction(
            _("a session named {name} already exists: import under a new name").format(name=taken)
        )
    plans = _plans(read_sources(sources))
    if all(plan.config is None for plan in plans):
        reasons = sorted({plan.skip for plan in plans})
        raise PHHImportError(
            _("no hand can be imported: {reasons}").format(reasons="; ".join(reasons[:3]))
        )
    now = int(time.time())  # (one time for the import: the sessions' and the events')
    results: list[HandImport] = []
    groups: dict[tuple[str | None, TableConfig, int], _Group] = {}
    with ledger.transaction() as conn:
        row = conn.execute("SELECT coalesce(max(id), 0) FROM events").fetchone()
        writer = _Writer(conn, int(row[0]) + 1, now, session)
        for plan in plans:
            if plan.config is None:
                results.append(HandImport(plan.label, plan.hand.variant, message=plan.skip))
                continue
            key = (plan.table_name, plan.config, plan.scale)
            group = groups.get(key)
            if group is None:
                assert plan.config is not None
                settings = session_settings(plan.hand, plan.config, plan.scale)
                group = groups[key] = _Group(settings, plan.scale)
            results.append(_import_hand(group, plan, writer))
        for group in writer.made:
            writer.snapshot(group)
        writer.flush()
        if not writer.made:
            reasons = sorted({r.message for r in results})
            raise PHHImportError(
                _("no hand can be imported: {reasons}").format(reasons="; ".join(reasons[:3]))
            )
        conn.execute(
            "INSERT INTO meta (key, value) VALUES ('current_session', ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (writer.made[0].session_id,),
        )
    made = writer.made
    scales = {g.name: g.scale for g in made if g.scale != 1}
    return ImportReport(tuple(g.name for g in made), scales, tuple(results))


class _Writer:
    """Writes the sessions' rows: events with their ids, snapshots, hand summaries. Events
    and summaries wait in memory and go in by the thousand (one `executemany` each); a
    snapshot writes them first."""

    # how many events wait before they are written
    BATCH = 5000

    def __init__(self, conn: sqlite3.Connection, next_id: int, now: int, base: str) -> None:
        self.conn = conn
        self.next_id = next_id
        self.now = time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime(now))  # (sessions)
        self.seconds = now  # (events: seconds since 1970)
        self.base = base
        self.made: list[_Group] = []
        # the rows waiting: events (id, hand number, kind, text) by session, summaries
        self.events: dict[int, list[tuple[int, int | None, str, str]]] = {}
        self.waiting = 0
        self.hands: list[tuple[int, int, int, str]] = []

    def _session(self, group: _Group) -> None:
        name = self.base if not self.made else f"{self.base}-{len(self.made) + 1}"
        check_name(name, what="session")
        if self.conn.execute("SELECT 1 FROM sessions WHERE name = ?", (name,)).fetchone():
            raise IllegalAction(
                _("a session named {name} already exists: import under a new name").format(
                    name=name
                )
            )
        cursor = self.conn.execute(
            "INSERT INTO sessions (name, settings, created_at) VALUES (?, ?, ?)",
            (name, codec.dumps(codec.settings_to_dict(group.settings)), self.now),
        )
        group.session_id, group.name = int(cursor.lastrowid or 0), name
        self.made.append(group)

    def flush(self) -> None:
        """Write the events and hand summaries waiting."""
        for session_id, events in self.events.items():
            # (the session and the time written in the statement: four values a row to bind)
            self.conn.executemany(
                "INSERT INTO events (id, session_id, hand_no, kind, data, created_at) "
                f"VALUES (?, {session_id:d}, ?, ?, ?, {self.seconds:d})",
                events,
            )
        self.events, self.waiting = {}, 0
        if self.hands:
            self.conn.executemany(
                "INSERT INTO hands (session_id, hand_no, event_id, summary) VALUES (?, ?, ?, ?)",
                self.hands,
            )
            self.hands = []

    def snapshot(self, group: _Group) -> None:
        """Save the table after the group's last hand (loading starts from there)."""
        if not group.saved:
            self.flush()
            self.conn.execute(
                "INSERT INTO snapshots (session_id, event_id, state) VALUES (?, ?, ?)",
                (group.session_id, group.last_event, codec.dumps(group.before())),
            )
            group.saved = True

    def hand(
        self,
        group: _Group,
        rows: _Rows,
        summary: _Summary,
    ) -> None:
        if not group.session_id:
            self._session(group)
        sid = group.session_id
        self.events.setdefault(sid, []).extend(rows)
        self.next_id += len(rows)
        self.waiting += len(rows)
        group.before = codec.snapshot_later(group.table)
        group.last_event, group.saved = self.next_id - 1, False
        if summary is not None:
            at, stored = summary
            self.hands.append((sid, group.table.hand_no, at, codec.dumps(stored)))
        if group.table.hand_no % SNAPSHOT_EVERY == 0:
            self.snapshot(group)
        elif self.waiting >= self.BATCH:
            self.flush()


def _import_hand(group: _Group, plan: _Plan, writer: _Writer) -> HandImport:
    key = (plan.hand.players, len(plan.hand.starting_stacks))
    names = group.names.get(key) or group.names.setdefault(key, player_names(plan.hand))
    try:
        rows, summary, from_result = _replay(group, plan, names, writer.next_id)
    except _Skip as why:
        group.table = codec.table_from_snapshot(group.settings, group.before())
        group.known.clear()  # (names first met in the skipped hand are unknown again)
        return HandImport(plan.label, plan.hand.variant, message=str(why))
    except MarquoirError as error:
        raise PHHImportError(f"{plan.label}: {error}") from error
    writer.hand(group, rows, summary)
    table, scale = group.table, plan.scale
    played = table.last_hand
    assert played is not None and played.result is not None
    done = HandImport(plan.label, plan.hand.variant, group.name, table.hand_no)
    finishing = plan.hand.finishing_stacks
    if finishing is None:
        return done._replace(from_result=from_result)
    final = played.result.final
    # (whole chips are the file's amounts: compared as they are)
    ours = [final[name] for name in names] if scale == 1 else None
    compared = done._replace(compared=True, from_result=from_result)
    if ours == list(finishing) or all(
        from_chips(final[n], scale) == t for n, t in zip(names, finishing, strict=True)
    ):
        return compared
    reason = explain_difference(plan.hand, played, names, scale)
    return compared._replace(differs=True, message=reason)


def _replay(
    group: _Group, plan: _Plan, names: list[str], first: int
) -> tuple[_Rows, _Summary, bool]:
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
    replay.deal(replay.seat_everyone())
    board = replay.actions()
    from_result = replay.showdown(board)
    replay.cash_out()
    return replay.rows, replay.summary, from_result


class _HandReplay:
    """One hand being played at the group's table (`_replay`): the rows of its events so
    far, and its summary once the hand is over."""

    def __init__(self, group: _Group, plan: _Plan, names: list[str], first: int) -> None:
        self.group, self.plan, self.names, self.first = group, plan, names, first
        self.table = group.table
        self.rows: _Rows = []
        self.summary: _Summary = None
        self.seats = seats_of(plan.fields.get("seats"), len(names))
        # what the players showed and mucked, read from the history's actions
        self.cards: dict[str, str] = {}
        self.mucked: set[str] = set()

    def record(self, hand_no: int | None, kind: str, text: str) -> None:
        """An event applied: its row, and the hand's summary if it ended the hand."""
        self.rows.append((self.first + len(self.rows), hand_no, kind, text))
        if hand_no is not None and self.table.hand is None:
            self.summary = _summary(self.group, self.rows)

    def seat_everyone(self) -> list[SeatInfo]:
        """Each player sat down with his starting stack (everyone left after the hand
        before, so the seat is no re-buy, whatever recave limit the session's settings
        keep); the players dealt in, in the order they sat."""
        group, table, scale = self.group, self.table, self.plan.scale
        dealt_in: list[SeatInfo] = []
        stacks = self.plan.hand.starting_stacks
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
            self.record(None, kind, text)
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
        button = ButtonSet(dealt_in[-1].name)
        table.apply(button)
        self.record(None, *codec.event_text(button))
        dealt_in.sort(key=_SEAT)
        dealt = Dealt(table.hand_no + 1, self.seats[-1], tuple(dealt_in), table.carry)
        table.apply(dealt)
        self.record(dealt.hand_no, *codec.event_text(dealt))

    def actions(self) -> list[str]:
        """The history's actions: the players' applied at the table, the cards noted; the
        board's cards."""
        names, table, hand = self.names, self.table, self.plan.hand
        board: list[str] = []
        for number, action in enumerate(self.plan.actions, start=1):
            verb = action.verb
            if not verb:
                continue
            if action.player is not None and action.player > len(names):
                raise PHHError(f"{_where(hand, number)}: the hand has {len(names)} players")
            name = names[action.player - 1] if action.player is not None else ""
            if verb == "db":
                board.extend(split_cards(action.cards or ""))
            elif verb == "dh":
                if known(action.cards):
                    self.cards[name] = action.cards or ""
            elif verb == "sm":
                if action.cards is None:
                    self.mucked.add(name)
                elif known(action.cards):
                    self.cards[name] = action.cards
            elif verb in ("sd", "pb"):
                raise PHHError(f"{_where(hand, number)}: {hand.variant} has no draw or bring-in")
            elif verb == "cc" and table.hand is not None and table.hand.to_act is None:
                # PokerKit asks a lone player with chips to check when all the others are
                # all-in; Marquoir's rules ask him nothing (docs/rules.md: who acts).
                continue
            else:
                self.act(number, action, name)
        return board

    def act(self, number: int, action: PHHAction, name: str) -> None:
        """A player's action applied; what it did is a value too: the same text again."""
        group, table = self.group, self.table
        try:
            acted = _act(group, action, name, self.plan.scale)
            detail = table.apply(acted)
        except MarquoirError as error:
            raise type(error)(f"{_where(self.plan.hand, number)}: {error}") from error
        stored = group.done.get(detail)
        if stored is None:
            stored = group.done[detail] = codec.event_text(acted, detail, streets=group.streets)[1]
        self.record(table.hand_no, "action", stored)

    def showdown(self, board: list[str]) -> bool:
        """The showdown of a hand still in play, read from the cards (or, when they are not
        all known, from the history's result: True then)."""
        table, plan, played = self.table, self.plan, self.table.hand
        if played is None:
            return False
        if played.phase is Phase.BETTING:
            raise _Skip(f"the actions stop before the end of the hand ({played.to_act} to act)")
        from_result = False
        try:
            shown = _showdown(table, played, self.cards, self.mucked, board)
        except _Skip:
            ranking = ranking_from_result(plan.hand, self.names, plan.scale, played)
            if ranking is None:
                raise
            from_result = True
            shown = table.showdown_event(ranking)
        detail = table.apply(shown)
        self.record(table.hand_no, *codec.event_text(shown, detail, streets=self.group.streets))
        return from_result

    def cash_out(self) -> None:
        """Everyone leaves with his stack (the same departure met before: the same event)."""
        table, made = self.table, self.group.left
        for account in table.present():
            gone = made.get((account.name, account.stack))
            if gone is None:
                left = Left(account.name, account.stack)
                gone = made[account.name, account.stack] = (left, *codec.event_text(left))
            table.apply(gone[0])
            self.record(None, gone[1], gone[2])


def _summary(group: _Group, rows: _Rows) -> _Summary:
    """The stored summary of the hand the last event ended, with that event's id."""
    table = group.table
    assert table.last_hand is not None
    return rows[-1][0], summaries.compact_hand_summary(table, table.last_hand, group.settings)


def _where(hand: PHHHand, number: int) -> str:
    return f"action {number} ({hand.actions[number - 1].strip()!r})"


def _act(group: _Group, action: PHHAction, name: str, scale: int) -> TableEvent:
    hand = group.table.hand
    if hand is None or hand.to_act is None:
        raise IllegalAction(_("nobody is to act, the betting is over"))
    # (an event is a value: the same action of the same player is made once; an action read
    # is one object for the whole import, see `_Said`)
    key = (id(action), name)
    acted = group.said.get(key)
    if acted is None:
        if action.verb == "f":
            said = Action.fold(player=name)
        elif action.verb == "cc":
            said = Action.call(player=name)
        else:
            assert action.amount is not None
            said = Action.bet(to_chips(action.amount, scale), player=name)
        acted = group.said[key] = Acted(said)  # (checked when applied: see `_replay`)
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
    event, _values = table.cards_showdown_event("".join(board), shown)
    return event


def explain_difference(hand: PHHHand, played: Hand, names: list[str], scale: int) -> str:
    """Why Marquoir's final stacks differ from the hand's `finishing_stacks`."""
    assert played.result is not None and hand.finishing_stacks is not None
    ours = {name: played.result.final[name] for name in names}
    theirs = dict(zip(names, hand.finishing_stacks, strict=True))
    differ = [n for n in names if from_chips(ours[n], scale) != theirs[n]]
    odd = [a for a in played.result.awards if len({amount for _, amount in a.shares}) > 1]
    splits = "; ".join(
        f"the {a.name} of {from_chips(a.pot.amount, scale)} is split between "
        f"{' and '.join(a.winners)}: Marquoir gives the odd chip to {a.winners[0]}, the first "
        "winner left of the button"
        for a in odd
    )
    fractions = [t for t in theirs.values() if decimals_of(t * scale)]
    if fractions and odd:
        shown = ", ".join(str(t) for t in fractions)
        return f"the finishing_stacks carry fractions of a chip ({shown}): {splits}"
    winners = {name for a in odd for name in a.winners}
    if odd and set(differ) <= winners:
        taker = ", ".join(n for n in differ if from_chips(ours[n], scale) < theirs[n])
        return f"odd chip: {splits}; the history gives it to {taker}"
    started = sum(hand.starting_stacks)
    if sum(theirs.values()) != started:
        return (
            f"the finishing_stacks add up to {sum(theirs.values())}, the starting stacks to "
            f"{started}"
        )
    return "unexplained: " + "; ".join(
        f"{n} {from_chips(ours[n], scale)} here, {theirs[n]} in the history" for n in differ
    )


__all__ = [
    "HandImport",
    "ImportReport",
    "PHHImportError",
    "PHHSource",
    "explain_difference",
    "import_phh",
    "player_names",
    "read_sources",
]
