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

Marquoir's own export (`marquoir export phh`, hands with `_marquoir`) comes back as it was
recorded: the hands of one file with the same `table` make one session, with the exported
`_settings` (a tournament's included), whatever their stakes (`blinds` changes them between
hands); each hand replays the session's events around it (`_before`, `_during`,
`_showdown`, `_after`: `phh_replay`), each checked by the table as its command was, and the
deal is the one the table makes, which must be the hand's. Hands without those fields (any
other tool's history, or an older export) are played as above; `seats`, `_chip_value` and
`_settings` (when they agree with the hand's blinds) still give their seats, chip value and
caves. A showdown whose cards are unknown (a showdown given as a ranking, `pN sm ????`)
takes its result from `finishing_stacks` (else `winnings`): the winners of each pot, from
the last side pot to the main pot, are the players the result says took chips; the report
says how many hands were settled that way. Every field of a file is held to the bounds the
command line puts on the same value (`phh_history.checked_settings`).

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

from ..domain import IllegalAction
from ..domain.i18n import _
from ..domain.phh import (
    PLAYED,
    Amount,
    NotSupported,
    PHHAction,
    PHHError,
    PHHHand,
    decimals_of,
    hand_amounts,
    loads,
    parse_action,
    scale_for,
    table_config,
)
from ..domain.table import check_name
from . import codec, game_data
from .ledger import NoSession
from .phh_bets import Bet, pack_hand, with_texts
from .phh_history import exported_settings, same_stakes, session_settings
from .phh_replay import (
    Group,
    PHHImportError,
    PHHSource,
    Plan,
    departures,
    explain_difference,
    import_hand,
    player_names,
)
from .phh_report import HandImport, ImportReport

TYPE_CHECKING = False
if TYPE_CHECKING:
    import sqlite3
    from collections.abc import Callable, Iterable
    from typing import Any

    from ..domain.config import TableConfig
    from .ledger import Ledger
    from .phh_bets import Rows, Summary

# Scaling beyond a millionth of a chip is refused: such amounts are not chips.
MAX_DECIMALS = 6


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


def _plans(sources: list[PHHSource]) -> list[Plan]:
    """Each hand read, with its session's table and chip scale (or why it is skipped)."""
    # (label, hand, its actions read, its file's number, the amounts its play uses: None
    # when they are all whole numbers, the usual hand; its table)
    read: list[tuple[str, PHHHand, tuple[PHHAction, ...], int, list[Amount] | None, _Table]] = []
    said = _Said()
    parse = said.__getitem__  # (the same actions come back hand after hand)
    tables = _Tables()
    places = 0
    for number, source in enumerate(sources):
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
            table, whole_stacks = tables.table(hand)
            amounts = None
            if hand.variant in PLAYED and not (
                whole_stacks
                and not table.places
                and (not said.fractional or said.fractional.isdisjoint(hand.actions))
            ):
                amounts = hand_amounts(hand, actions)
                places = max(places, _places(amounts))
            read.append((label, hand, actions, number, amounts, table))
    if places > MAX_DECIMALS:
        raise PHHImportError(
            f"amounts with {places} decimals cannot be made whole chips (at most {MAX_DECIMALS})"
        )
    # Hands at the same table (same forced bets and limits) share a session and its scale.
    finest = 10**places
    configs: list[TableConfig | str] = []  # (each hand's, in the order read)
    scales: dict[TableConfig, int] = {}
    for label, hand, _actions, _number, amounts, table in read:
        try:
            made = table.config(hand, finest)
        except NotSupported as why:
            configs.append(str(why))
            continue
        except PHHError as error:
            raise PHHImportError(f"{label}: {error}") from error
        configs.append(made)
        scale = 1 if amounts is None else scale_for(amounts)
        if scale > 1 and scale > scales.get(made, 1):
            scales[made] = scale
    plans = []
    for (label, hand, actions, number, _amounts, table), config in zip(read, configs, strict=True):
        if isinstance(config, str):
            plans.append(Plan(label, hand, actions, None, 1, config))
            continue
        # (`scales` holds the scales over 1: none when every amount is whole)
        scale = scales.get(config, 1) if scales else 1
        # (the table just made when the session's scale is the finest: the same record)
        derived = config if scale == finest else table.config(hand, scale)
        try:
            settings = exported_settings(hand) if scale == 1 and hand.extra else None
        except PHHError as error:
            raise PHHImportError(f"{label}: {error}") from error
        if settings is not None and _MARQUOIR in dict(hand.extra):
            # Marquoir's own hand: replayed at its session's table as it was recorded
            plans.append(Plan(label, hand, actions, derived, 1, "", True, number))
            continue
        # (the table of Marquoir's export by an older version, when it agrees with the hand)
        exported = settings.table if settings and same_stakes(derived, settings.table) else None
        plan = (label, hand, actions, exported or derived, scale, "", False, 0)
        plans.append(_new(Plan, plan))  # (every field given: made as its constructor would)
    return plans


def _places(amounts: list[Amount]) -> int:
    """The most decimals an amount of these has."""
    return max((decimals_of(a) for a in amounts if type(a) is not int), default=0)


# The field that says a hand comes from Marquoir's own export (with its version).
_MARQUOIR = "_marquoir"


_WHOLE = frozenset({int})
# A record made from a tuple of all its fields (what its constructor does, without the call):
# a plan for each hand read.
_new = tuple.__new__


class _Said(dict[str, PHHAction]):
    """Each action text read once; `fractional`, the texts read whose amount has decimals."""

    def __init__(self) -> None:
        super().__init__()
        self.fractional: set[str] = set()

    def __missing__(self, text: str) -> PHHAction:
        action = self[text] = parse_action(text)
        if type(action.amount) is Decimal:  # (a whole amount is an int)
            self.fractional.add(text)
        return action


class _Tables:
    """The tables met (the 10,000 hands of a file are mostly at one): a hand's table is
    known by its key, the fields of the hand that set it up (`table`)."""

    def __init__(self) -> None:
        self.tables: dict[tuple[Any, ...], _Table] = {}
        # the starting stacks seen to be whole numbers, by their id (the hands of a file
        # share the tuple of a line written again: each is looked at once)
        self.whole: dict[int, tuple[Amount, ...]] = {}

    def table(self, hand: PHHHand) -> tuple[_Table, bool]:
        """The hand's table, and whether its starting stacks are whole numbers."""
        stacks = hand.starting_stacks
        whole = self.whole.get(id(stacks)) is stacks
        if not whole and set(map(type, stacks)) <= _WHOLE:
            whole, self.whole[id(stacks)] = True, stacks
        key = (
            hand.variant,
            len(stacks),
            # (whole numbers are finite: the other amounts are looked at one by one)
            whole or all(not isinstance(s, Decimal) or s.is_finite() for s in stacks),
            hand.blinds_or_straddles,
            hand.antes,
            hand.ante_trimming_status,
            hand.min_bet,
            hand.small_bet,
            hand.big_bet,
            hand.bring_in,
        )
        table = self.tables.get(key)
        if table is None:
            table = self.tables[key] = _Table(hand)
        return table, whole


class _Table:
    """A table met: the decimals of its forced bets and limits, and `table_config`
    computed once for each chip scale (a hand it refuses is refused again, with its own
    label)."""

    def __init__(self, hand: PHHHand) -> None:
        singles = (hand.min_bet, hand.small_bet, hand.big_bet, hand.bring_in)
        fixed = [*hand.antes, *hand.blinds_or_straddles, *(a for a in singles if a is not None)]
        # (the hands with the same key have as many: Decimal("0.50") is 0.5)
        self.places = _places(fixed)
        self.configs: dict[int, TableConfig] = {}

    def config(self, hand: PHHHand, scale: int) -> TableConfig:
        """The table of the hand (one of this table's), in chips of 1/`scale`."""
        config = self.configs.get(scale)
        if config is None:
            config = self.configs[scale] = table_config(hand, scale)
        return config


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
    # walk them again and again (a tenth of the time). `gc.disable`/`gc.enable` are the `gc`
    # module's documented API; reference counting still frees what dies young, and the
    # collector runs again once the import is done.
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
    read = read_sources(sources)
    plans = _plans(read)
    if all(plan.config is None for plan in plans):
        reasons = sorted({plan.skip for plan in plans})
        raise PHHImportError(
            _("no hand can be imported: {reasons}").format(reasons="; ".join(reasons[:3]))
        )
    return _write(ledger, session, lambda writer: _Groups().replay(plans, writer))


def _write(
    ledger: Ledger, session: str, replay: Callable[[_Writer], list[HandImport]]
) -> ImportReport:
    """The sessions written in one transaction, the hands given to the writer by `replay`;
    the first session made becomes the current one."""
    now = int(time.time())  # (one time for the import: the sessions' and the events')
    with ledger.transaction() as conn:
        row = conn.execute("SELECT coalesce(max(id), 0) FROM events").fetchone()
        writer = _Writer(conn, int(row[0]) + 1, now, session)
        results = replay(writer)
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


class _Groups:
    """The sessions' tables met so far, by their key (`Plan.group_key`)."""

    def __init__(self) -> None:
        self.groups: dict[tuple[str | None, TableConfig | None, int], Group] = {}
        # the table, scale and group of the last hand without fields of its own (a file's
        # hands mostly follow each other at one table: its key is not made and hashed again)
        self.last: tuple[TableConfig | None, int, Group] | None = None

    def group(self, plan: Plan) -> Group:
        plain = not plan.exact and not plan.hand.extra  # (its key: no table name)
        last = self.last
        if plain and last is not None and last[0] is plan.config and last[1] == plan.scale:
            return last[2]
        group = self.groups.get(plan.group_key)
        if group is None:
            assert plan.config is not None
            try:
                exact = exported_settings(plan.hand) if plan.exact else None
                settings = exact or session_settings(plan.hand, plan.config, plan.scale)
            except PHHError as error:
                raise PHHImportError(f"{plan.label}: {error}") from error
            group = Group(settings, plan.scale, exact=exact is not None)
            self.groups[plan.group_key] = group
        if plain:
            self.last = (plan.config, plan.scale, group)
        return group

    def replay(self, plans: list[Plan], writer: _Writer) -> list[HandImport]:
        """Every hand replayed and given to the writer, in order; what became of each."""
        done = [plan.unplayable() or import_hand(self.group(plan), plan, writer) for plan in plans]
        for group in self.groups.values():
            if group.session_id and not group.exact:
                writer.rows(group, departures(group, writer.next_id))
        return done


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
        self.made: list[Group] = []
        # the rows waiting: events (id, hand number, kind, text) by session, summaries
        self.events: dict[int, list[tuple[int, int | None, str, str]]] = {}
        self.waiting = 0
        self.hands: list[tuple[int, int, int, str]] = []

    def next_name(self) -> str:
        """The name of the next session made: the name asked for, then NAME-2, NAME-3..."""
        return self.base if not self.made else f"{self.base}-{len(self.made) + 1}"

    def _session(self, group: Group) -> None:
        name = self.next_name()
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
        # (the `actions` view names each action's street from these rows, as for a session
        # made by `new`)
        game_data.ensure_streets(self.conn, str(group.settings.table.game))

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

    def snapshot(self, group: Group) -> None:
        """Save the table after the group's last hand (loading starts from there)."""
        if not group.saved:
            self.flush()
            self.conn.execute(
                "INSERT INTO snapshots (session_id, event_id, state) VALUES (?, ?, ?)",
                (group.session_id, group.last_event, codec.dumps(group.before())),
            )
            group.saved = True

    def rows(self, group: Group, rows: Rows) -> None:
        """Events after the group's last hand (its players' departures)."""
        if rows:
            self.events.setdefault(group.session_id, []).extend(rows)
            self.next_id += len(rows)
            self.waiting += len(rows)
            group.finished(self.next_id - 1)

    def hand(self, group: Group, rows: Rows, bets: list[Bet], summary: Summary) -> None:
        if not group.session_id:
            self._session(group)
        if summary is None:
            written = with_texts(rows, bets)
        else:
            written, summary = pack_hand(rows, bets, summary)
        sid = group.session_id
        self.events.setdefault(sid, []).extend(written)
        self.next_id += len(written)
        self.waiting += len(written)
        if summary is not None:
            at, stored = summary
            self.hands.append((sid, group.table.hand_no, at, codec.dumps(stored)))
        if group.written(self.next_id - 1):
            self.snapshot(group)
        elif self.waiting >= self.BATCH:
            self.flush()


# -- the replay alone ----------------------------------------------------------------------


class _Unwritten:
    """A writer that keeps nothing: each hand's rows counted, the group told it is written
    (`replay_phh`)."""

    def __init__(self) -> None:
        self.next_id = 1

    def hand(self, group: Group, rows: Rows, bets: list[Bet], summary: Summary) -> None:
        if not group.session_id:
            group.session_id = 1  # (as if its session were made)
        self.next_id += len(rows)
        group.written(self.next_id - 1)


def replay_phh(sources: Iterable[str | os.PathLike[str] | PHHSource]) -> list[HandImport]:
    """Every hand read and replayed as `import_phh` does, its rows and summary made, nothing
    written: what an import costs before the database (`bench/bench_phh.py` measures it
    apart); what became of each hand."""
    collecting = gc.isenabled()
    gc.disable()  # (as `import_phh` does, for the same reason)
    try:
        groups, sink = _Groups(), _Unwritten()
        done = [
            plan.unplayable() or import_hand(groups.group(plan), plan, sink)
            for plan in _plans(read_sources(sources))
        ]
        for group in groups.groups.values():  # (everyone leaves, as `_Groups.replay` says)
            if group.session_id and not group.exact:
                departures(group, sink.next_id)
        return done
    finally:
        if collecting:
            gc.enable()


__all__ = [
    "HandImport",
    "ImportReport",
    "PHHImportError",
    "PHHSource",
    "explain_difference",
    "import_phh",
    "player_names",
    "read_sources",
    "replay_phh",
]
