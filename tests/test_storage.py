"""The SQLite file: schema, location, the event log, snapshots, undo, two writers."""

from __future__ import annotations

import multiprocessing
import sqlite3
from pathlib import Path

import pytest
import typer
from sqlite_utils import Database

from marquoir.domain import Action, IllegalAction, TableConfig
from marquoir.domain.table import CavePolicy, SessionSettings, Table
from marquoir.storage import codec, db, migrations
from marquoir.storage.ledger import Ledger, NoSession
from marquoir.storage.migrations import m003_readable_views
from marquoir.storage.paths import app_dir, database_path

SETTINGS = SessionSettings(TableConfig(1, 2), CavePolicy(default=100))

EXPECTED_SCHEMA = [
    # m008: the deals alone, for `players_now` to find a hand in play without reading the file
    (
        "index",
        "events_deals",
        "CREATE INDEX events_deals ON events (session_id, id) WHERE kind = 'deal'",
    ),
    (
        "table",
        "events",
        'CREATE TABLE "events" (\n            id INTEGER PRIMARY KEY,\n'
        "            session_id INTEGER NOT NULL REFERENCES sessions(id),\n"
        "            hand_no INTEGER,\n            kind TEXT NOT NULL,\n"
        "            data TEXT NOT NULL,\n            undone INTEGER NOT NULL DEFAULT 0,\n"
        "            created_at INTEGER NOT NULL\n        )",
    ),
    (
        "table",
        "hands",
        'CREATE TABLE "hands" (\n'
        "            session_id INTEGER NOT NULL REFERENCES sessions(id),\n"
        "            hand_no INTEGER NOT NULL,\n"
        "            event_id INTEGER NOT NULL REFERENCES events(id),\n"
        "            summary TEXT NOT NULL,\n"
        "            PRIMARY KEY (session_id, hand_no)\n"
        "        ) WITHOUT ROWID\n        ",
    ),
    ("table", "meta", "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)"),
    (
        "table",
        "sessions",
        "CREATE TABLE sessions (\n            id INTEGER PRIMARY KEY,\n"
        "            name TEXT NOT NULL UNIQUE,\n            settings TEXT NOT NULL,\n"
        "            created_at TEXT NOT NULL\n        )",
    ),
    (
        "table",
        "snapshots",
        "CREATE TABLE snapshots (\n"
        "            session_id INTEGER NOT NULL REFERENCES sessions(id),\n"
        "            event_id INTEGER NOT NULL REFERENCES events(id),\n"
        "            state TEXT NOT NULL,\n            PRIMARY KEY (session_id, event_id)\n"
        "        )",
    ),
    (
        "table",
        "streets",
        "CREATE TABLE streets (game TEXT NOT NULL, number INTEGER NOT NULL, name TEXT NOT NULL,"
        " PRIMARY KEY (game, number)) WITHOUT ROWID",
    ),
]


def test_a_new_database_has_exactly_this_schema(tmp_path: Path) -> None:
    Ledger(tmp_path / "m.db").close()
    conn = sqlite3.connect(tmp_path / "m.db")
    rows = conn.execute(
        "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY type, name"
    ).fetchall()
    # sqlite-utils' own bookkeeping table is its business; ours must be exactly this
    schema = [row for row in rows if "_sqlite_migrations" not in row[1] and row[0] != "view"]
    assert schema == EXPECTED_SCHEMA
    views = [row[1] for row in rows if row[0] == "view"]
    assert views == sorted(m003_readable_views.VIEWS)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    names = [r[0] for r in conn.execute("SELECT name FROM _sqlite_migrations ORDER BY id")]
    assert names == [
        "m001_sessions_events_snapshots",
        "m002_hands",
        "m003_readable_views",
        "m004_compact_storage",
        "m005_ledger_reads_leave_all",
        "m006_brelans_from_the_cards",
        "m007_storage_by_the_byte",
        "m008_players_now_by_the_deals",
        "m009_ledger_reads_the_count_difference",
        "m010_seats_and_departures_as_arrays",
        "m011_tournament_chips_are_not_money",
        "m012_deals_by_their_button_recaves_as_arrays",
        "m013_a_hands_bets_in_one_row",
    ]


def test_the_streets_table_names_every_game_s_streets(tmp_path: Path) -> None:
    """An action keeps its street by number; the `actions` view names it from `streets`,
    whose rows come from the games' registry (no migration holds them): a session's game
    has its streets, in order, from the session's start."""
    from marquoir.domain.games import GAMES
    from marquoir.storage.game_data import ensure_streets

    with Ledger(tmp_path / "m.db") as book:
        book.create_session("t", SETTINGS)
        first = book.conn.execute("SELECT game, name FROM streets ORDER BY number").fetchall()
        for game in GAMES:
            ensure_streets(book.conn, game)
        rows = book.conn.execute("SELECT game, name FROM streets ORDER BY game, number")
        kept: dict[str, tuple[str, ...]] = {}
        for game, name in rows.fetchall():
            kept[game] = (*kept.get(game, ()), name)
    assert first == [
        ("holdem", "preflop"),
        ("holdem", "flop"),
        ("holdem", "turn"),
        ("holdem", "river"),
    ]
    assert kept == {game.value: rules.streets for game, rules in GAMES.items()}
    assert kept["razz"] == (
        "third street",
        "fourth street",
        "fifth street",
        "sixth street",
        "seventh street",
    )


def test_the_fast_schema_check_counts_every_migration() -> None:
    assert len(migrations.registry().pending(Database(memory=True))) == migrations.LATEST
    numbers = [int(name[1:4]) for name in migrations.names()]
    assert numbers == list(range(1, len(numbers) + 1))  # no number skipped or taken twice


def test_a_database_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    Ledger(path).close()
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO _sqlite_migrations (migration_set, name, applied_at) "
        "VALUES ('marquoir', 'm999_future', 'x')"
    )
    conn.commit()
    with pytest.raises(db.DatabaseError, match="written by a newer version of Marquoir"):
        Ledger(path)


def test_app_dir_is_typers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert app_dir() == typer.get_app_dir("marquoir")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert app_dir() == typer.get_app_dir("marquoir")


def test_the_table_commands_import_nothing_heavy(tmp_path: Path) -> None:
    """typer, sqlite-utils, typing, pathlib, json, re, enum... cost milliseconds each on every
    command (`status --json` alone imports json: a script's command, not the table's)."""
    import subprocess
    import sys

    setup = (
        "from marquoir.cli import main\n"
        "for line in (['new', 's', '--blinds', '1/2', '--cave', '50'], ['seat', 'a'],"
        " ['seat', 'b'], ['seat', 'c'], ['deal']):\n"
        "    assert main(line) == 0\n"
    )
    probe = (  # a fresh process, as at the table
        "import sys\n"
        f"OTHER_GAMES = {OTHER_GAMES!r}\n"
        f"COLD = {COLD_MODULES!r}\n"
        "start = set(sys.modules)\n"  # what the interpreter loaded
        "from marquoir.cli import main\n"
        "for line in (['call'], ['raise', '6'], ['call'], ['call'], ['check'], ['status'],"
        " ['stacks'], ['undo'], ['fold']):\n"
        "    assert main(line) == 0, line\n"
        "heavy = ('typer', 'click', 'sqlite_utils', 'tabulate', 'typing', 'pathlib',"
        " 'dataclasses', 'inspect', 'contextlib', 'decimal', 'pydantic', 'rich', 'gettext',"
        " 'unicodedata', 'json', 're', 'enum')\n"
        "print(sorted(m for m in set(sys.modules) - start if m.split('.')[0] in heavy))\n"
        # a hold'em table loads its own game only, and none of the cold parts of marquoir
        "print(sorted(m for m in set(sys.modules) - start if m in OTHER_GAMES"
        " or m.startswith(COLD)))\n"
    )
    env = {"MARQUOIR_DB": str(tmp_path / "h.db"), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", setup], capture_output=True, env=env, check=True)
    # The probe without `site` (-S), marquoir found through PYTHONPATH: an editable install's
    # finder, run by `site`, would load `re` and `enum` before the probe starts counting; and
    # no third-party package can be imported at all, so a line that left the fast path fails.
    import marquoir

    env["PYTHONPATH"] = str(Path(marquoir.__file__).resolve().parent.parent)
    done = subprocess.run(
        [sys.executable, "-S", "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.splitlines()[-2:] == ["[]", "[]"]


# Off the path of a hold'em table's commands: the other games (imported on first use), the
# readers of cards, the tournaments, the reports, the typer app, the migrations, PHH.
OTHER_GAMES = tuple(
    f"marquoir.domain.games.{name}"
    for name in ("bouillotte", "draw", "omaha", "omaha_hilo", "razz", "stud", "stud_hilo")
)
COLD_MODULES = (
    "marquoir.cli.vocabulary",  # the French words: read when the first word is not a verb
    "marquoir.domain.cards",
    "marquoir.domain.games.bouillotte.cards",
    "marquoir.domain.tournament",
    "marquoir.domain.settlement",
    "marquoir.domain.phh",
    "marquoir.reports",
    "marquoir.cli.app",
    "marquoir.cli.play",
    "marquoir.cli.tournament",
    "marquoir.storage.migrations.m001_sessions_events_snapshots",
    "marquoir.storage.verify",
    "marquoir.storage.phh",
)


def test_a_stud_table_loads_its_game_on_first_use(tmp_path: Path) -> None:
    """The games' modules load when a table plays them: stud's table names its bring-in."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from marquoir.cli import main\n"
        "for line in (['new', 's', '--game', 'stud', '--limits', '2/4', '--bring-in', '1',"
        " '--ante', '1', '--cave', '50'], ['seat', 'a'], ['seat', 'b'], ['deal']):\n"
        "    assert main(line) == 0, line\n"
        "print('marquoir.domain.games.stud' in sys.modules,"
        " 'marquoir.domain.games.bouillotte' in sys.modules)\n"
    )
    env = {"MARQUOIR_DB": str(tmp_path / "s.db"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    assert "who brings in?" in done.stdout
    assert done.stdout.splitlines()[-1] == "True False"


def test_database_path_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("MARQUOIR_DB", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert database_path() == str(tmp_path / "marquoir" / "marquoir.db")
    monkeypatch.setenv("MARQUOIR_DB", str(tmp_path / "env.db"))
    assert database_path() == str(tmp_path / "env.db")
    assert database_path(str(tmp_path / "flag.db")) == str(tmp_path / "flag.db")


def seated(path: Path, names: tuple[str, ...] = ("alice", "bob", "carol")) -> Ledger:
    book = Ledger(path)
    book.create_session("s", SETTINGS)
    for name in names:
        book.execute(lambda t, n=name: t.seat_event(n))
    return book


def test_no_session_yet(tmp_path: Path) -> None:
    with Ledger(tmp_path / "m.db") as book, pytest.raises(NoSession, match="^no session yet"):
        book.execute(lambda t: t.deal_event())


def test_loading_costs_one_snapshot_plus_the_hand_in_play(tmp_path: Path) -> None:
    book = seated(tmp_path / "m.db")
    for _ in range(30):  # thirty hands folded to the big blind
        book.execute(lambda t: t.deal_event())
        book.execute(lambda t: t.act_event(Action.fold()))
        book.execute(lambda t: t.act_event(Action.fold()))
    book.execute(lambda t: t.deal_event())
    book.execute(lambda t: t.act_event(Action.call()))
    session = book.current()
    loaded: list[int] = []
    original = book.rows  # (the rows of the log loading reads)

    def counting(session_arg, *, after=0):  # type: ignore[no-untyped-def]
        rows = original(session_arg, after=after)
        loaded.append(len(rows))
        return rows

    book.rows = counting  # type: ignore[method-assign]
    table = book.load(session)
    assert loaded == [2]  # the deal and the call: nothing of the thirty hands before
    assert table.hand_no == 31
    assert sum(table.stacks_in_play().values()) + table.hand.total_in_middle() == 300  # type: ignore[union-attr]


def test_a_refused_command_records_nothing(tmp_path: Path) -> None:
    book = seated(tmp_path / "m.db")
    book.execute(lambda t: t.deal_event())
    before = book.events(book.current())
    with pytest.raises(IllegalAction, match="^alice cannot check: 2 to call$"):
        book.execute(lambda t: t.act_event(Action.check()))
    with pytest.raises(IllegalAction, match="^cannot recave during a hand"):
        book.execute(lambda t: t.house.recave_event("bob", 50))
    assert book.events(book.current()) == before


def snapshot(table: Table) -> dict[str, object]:
    return codec.table_to_snapshot(table)


def test_undo_goes_back_across_a_showdown_and_a_deal(tmp_path: Path) -> None:
    book = seated(tmp_path / "m.db")
    states = [snapshot(book.read()[1])]
    book.execute(lambda t: t.deal_event())
    book.execute(lambda t: t.act_event(Action.bet(10)))
    book.execute(lambda t: t.act_event(Action.call()))
    book.execute(lambda t: t.act_event(Action.call()))
    for _ in range(9):
        book.execute(lambda t: t.act_event(Action.check()))
    from marquoir.domain import parse_ranking

    book.execute(lambda t: t.showdown_event(parse_ranking("alice > bob")))
    after = book.read()[1]
    assert {a.name: a.stack for a in after.accounts.values()} == {
        "alice": 120,
        "bob": 90,
        "carol": 90,
    }
    for _ in range(14):
        book.undo()
    assert snapshot(book.read()[1]) == states[0]
    with pytest.raises(IllegalAction, match="^nothing to undo in this session$"):
        for _ in range(4):
            book.undo()
    assert book.read()[1].accounts == {}


def _writer(path: str, player: str, times: int) -> None:
    with Ledger(Path(path)) as book:
        for _ in range(times):
            book.execute(lambda t: t.seating.sitout_event(player))
            book.execute(lambda t: t.seating.back_event(player))


def test_two_writers_on_one_file_lose_no_event(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    seated(path).close()
    context = multiprocessing.get_context("spawn")
    workers = [
        context.Process(target=_writer, args=(str(path), name, 25)) for name in ("alice", "bob")
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(60)
        assert worker.exitcode == 0
    with Ledger(path) as book:
        kinds = [e.kind for e in book.events(book.current())]
    assert kinds.count("sitout") == 50
    assert kinds.count("back") == 50


def play_hands(book: Ledger, count: int) -> None:
    """Hands where the button raises, the small blind calls and the big blind folds."""
    from marquoir.domain import parse_ranking

    for _ in range(count):
        table = book.execute(lambda t: t.deal_event()).table
        assert table.hand is not None
        book.execute(lambda t: t.act_event(Action.bet(6)))
        book.execute(lambda t: t.act_event(Action.call()))
        book.execute(lambda t: t.act_event(Action.fold()))
        for _ in range(6):
            book.execute(lambda t: t.act_event(Action.check()))
        winner = book.read()[1].hand.order_of_play()[0]  # type: ignore[union-attr]
        book.execute(lambda t, w=winner: t.showdown_event(parse_ranking(w)))


def test_each_finished_hand_leaves_a_summary_and_undo_removes_it(tmp_path: Path) -> None:
    book = seated(tmp_path / "m.db")
    play_hands(book, 3)
    hands = book.hands(book.current())
    assert [h["hand"] for h in hands] == [1, 2, 3]
    first = hands[0]
    assert first["button"] == "alice"
    assert first["pots"] == [
        {"name": "main pot", "amount": 14, "eligible": ["bob", "alice"], "shares": [["bob", 14]]}
    ]
    assert first["stacks"] == {"alice": 94, "bob": 108, "carol": 98}
    assert first["by_fold"] is False and first["ranking"] == [["bob"]]
    book.undo()  # the showdown of hand 3
    assert [h["hand"] for h in book.hands(book.current())] == [1, 2]


def test_migration_2_rebuilds_the_summaries_of_an_older_file(tmp_path: Path) -> None:
    path = tmp_path / "m.db"
    book = seated(path)
    play_hands(book, 4)
    book.undo()
    book.undo()
    expected = book.hands(book.current())
    book.close()
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE hands")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm002_hands'")
    conn.commit()
    conn.close()
    with Ledger(path) as reopened:
        assert reopened.hands(reopened.current()) == expected
    assert [h["hand"] for h in expected] == [1, 2, 3]


def test_a_player_s_last_event_may_be_leave_all(tmp_path: Path) -> None:
    """The PokerNow export's session_end is a player's last event: `leave --all` is one
    event naming everyone it cashed out, and counts for each of them."""
    with Ledger(tmp_path / "t.db") as book:
        book.create_session("t", SETTINGS)
        book.execute(lambda table: table.seat_event("ann"))
        book.execute(lambda table: table.seat_event("bob"))
        book.execute(lambda table: table.house.leave_all_event())
        book.conn.execute(
            "UPDATE events SET created_at = 4070908800 WHERE kind = 'leave-all'"  # 2099-01-01
        )
        times = book.player_times(book.current())
    assert {name: end for name, (_, end) in times.items()} == {
        "ann": "2099-01-01T00:00:00+00:00",
        "bob": "2099-01-01T00:00:00+00:00",
    }


def test_a_player_s_last_event_may_be_an_action(tmp_path: Path) -> None:
    """An action keeps its player as the second item of its array: still his event."""
    with Ledger(tmp_path / "t.db") as book:
        book.create_session("t", SETTINGS)
        book.execute(lambda table: table.seat_event("ann"))
        book.execute(lambda table: table.seat_event("bob"))
        book.execute(lambda table: table.deal_event())
        book.execute(lambda table: table.act_event(Action.call()))
        book.conn.execute(
            "UPDATE events SET created_at = 4070908800 WHERE kind = 'action'"  # 2099-01-01
        )
        times = book.player_times(book.current())
    ends = {name: end for name, (_, end) in times.items()}
    assert ends["ann"] == "2099-01-01T00:00:00+00:00"  # ann is on the button: she acts first
    assert ends["bob"] != ends["ann"]


def test_a_player_s_last_event_may_be_a_recave(tmp_path: Path) -> None:
    """A recave is stored as `[player, chips]` since m012: still its player's event (it was
    read as nobody's, so a recave after a player's last hand did not end his time)."""
    with Ledger(tmp_path / "t.db") as book:
        book.create_session("t", SETTINGS)
        book.execute(lambda table: table.seat_event("ann"))
        book.execute(lambda table: table.seat_event("bob"))
        book.execute(lambda table: table.house.recave_event("bob", 50))
        book.conn.execute(
            "UPDATE events SET created_at = 4070908800 WHERE kind = 'recave'"  # 2099-01-01
        )
        times = book.player_times(book.current())
    ends = {name: end for name, (_, end) in times.items()}
    assert ends["bob"] == "2099-01-01T00:00:00+00:00"
    assert ends["ann"] != ends["bob"]


def test_who_is_at_the_table_follows_seats_departures_returns_and_snapshots() -> None:
    # Who is at the table is kept as the players sit down and leave, not read from everyone
    # met: after each step it must be the accounts that have not left, in seat order, and a
    # table read back from its snapshot must say the same.
    table = Table(SETTINGS)

    def at_the_table(t: Table) -> list[tuple[str, int]]:
        return [(a.name, a.seat) for a in t.present()]

    def not_left(t: Table) -> list[tuple[str, int]]:
        return sorted(
            ((a.name, a.seat) for a in t.accounts.values() if not a.left), key=lambda p: p[1]
        )

    steps = [
        ("seat", "alice", 4),
        ("seat", "bob", 2),
        ("seat", "carol", None),  # the first free seat: 1
        ("leave", "bob", None),
        ("seat", "dave", 2),  # bob's seat is free again
        ("leave", "alice", None),
        ("seat", "alice", 3),  # alice returns
    ]
    for verb, name, seat in steps:
        if verb == "seat":
            table.apply(table.seat_event(name, seat=seat))
        else:
            table.apply(table.leave_event(name))
        assert at_the_table(table) == not_left(table)
        restored = codec.table_from_snapshot(SETTINGS, codec.table_to_snapshot(table))
        assert at_the_table(restored) == at_the_table(table)
    assert at_the_table(table) == [("carol", 1), ("dave", 2), ("alice", 3)]
    # a name written in another case is the player met under it, on the table read back too
    restored = codec.table_from_snapshot(SETTINGS, codec.table_to_snapshot(table))
    for t in (table, restored):
        assert [t.resolve(name) for name in ("ALICE", "Bob", "zoe")] == ["alice", "bob", "zoe"]
    with pytest.raises(IllegalAction, match="^seat 2 is taken by dave$"):
        table.seat_event("erin", seat=2)
    with pytest.raises(IllegalAction, match="^bob has left the table$"):
        table.leave_event("bob")
