"""Bytes a hand in the database file, next to what the previous storage format took.

    python bench/bench_storage.py [--lines 50000] [--fold-hands 20000] [--phh FILE]
                                  [--only random|folds|phh ...]

With `--phh FILE` a third workload: the hands of a PHH file (`marquoir import phh FILE`),
weighed against the PHH text itself (bytes a hand of the file) and against the same file
with each betting action in its own row (the format before m013: a hand's actions are one
`bets` row since). Every workload's bytes are
also given by part (SQLite's `dbstat` table: events, snapshots, hand summaries, each index),
by hand, and the log's rows a hand by kind of event.

Two workloads: the random legal no-limit hold'em script of `bench_play.py` (`marquoir play`,
about 15 lines a hand), and hands that fold to the big blind (a deal and three folds,
recorded in-process as `bench_latency.py` builds its file). Each file is vacuumed, then
weighed; the reference is the same hands in the previous version's format (migrations m004
and m006, before m007), rewritten from the file: times as ISO text, actions as JSON objects,
the events' index, summaries naming the players in every field in a rowid table with an
index (the snapshots and the other events, deals included, are the same). Standard library
only (plus marquoir).
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_play import _settings, marquoir_script, script

try:
    from marquoir.domain import Action
    from marquoir.storage import codec
    from marquoir.storage.ledger import Ledger
    from marquoir.storage.migrations import m004_compact_storage as m004
    from marquoir.storage.migrations import m007_storage_by_the_byte as m007
except ImportError:  # run from a checkout that is not installed: use the repository's copy
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from marquoir.domain import Action
    from marquoir.storage import codec
    from marquoir.storage.ledger import Ledger
    from marquoir.storage.migrations import m004_compact_storage as m004
    from marquoir.storage.migrations import m007_storage_by_the_byte as m007

TARGET = 1024


def weigh(path: Path) -> int:
    """The file's size once vacuumed (no free pages, no WAL)."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.execute("VACUUM")
    conn.close()
    return path.stat().st_size


def previous_format(path: Path, copy: Path) -> int:
    """`path`'s hands in the previous version's format (migrations m004-m006, before m007),
    in `copy`; returns its vacuumed size. Times as ISO text, actions as JSON objects without
    their defaults, the index on (session, undone, id), hand summaries naming the players in
    each field, in a rowid table with an index on (session, event)."""
    conn = sqlite3.connect(path)
    conn.execute(f"VACUUM INTO '{copy}'")
    conn.close()
    with Ledger(copy) as book:
        conn = book.conn
        conn.execute("BEGIN")
        conn.execute(
            "CREATE TABLE old_events (id INTEGER PRIMARY KEY, session_id INTEGER NOT NULL"
            " REFERENCES sessions(id), hand_no INTEGER, kind TEXT NOT NULL, data TEXT NOT NULL,"
            " undone INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL)"
        )
        conn.execute(
            "CREATE TABLE old_hands (session_id INTEGER NOT NULL REFERENCES sessions(id),"
            " hand_no INTEGER NOT NULL, event_id INTEGER NOT NULL REFERENCES events(id),"
            " summary TEXT NOT NULL, PRIMARY KEY (session_id, hand_no))"
        )
        for info, _created in book.sessions():
            streets = codec.streets_of(info.settings.table)
            table = info.settings.table._asdict()
            table["game"], table["betting"] = table["game"].value, table["betting"].value
            rows = conn.execute(
                "SELECT id, session_id, hand_no, kind, data, undone,"
                " strftime('%Y-%m-%dT%H:%M:%S+00:00', created_at, 'unixepoch')"
                " FROM events WHERE session_id = ? ORDER BY id",
                (info.id,),
            ).fetchall()
            conn.executemany(
                "INSERT INTO old_events VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(*row[:4], _old_data(row[3], row[4], streets), *row[5:]) for row in rows],
            )
            hands = conn.execute(
                "SELECT hand_no, event_id FROM hands WHERE session_id = ?", (info.id,)
            ).fetchall()
            for summary, (hand_no, event_id) in zip(book.hands(info), hands, strict=True):
                conn.execute(
                    "INSERT INTO old_hands VALUES (?, ?, ?, ?)",
                    (info.id, hand_no, event_id, m004.compact_summary(summary, table)),
                )
        for name in m007.VIEWS:
            conn.execute(f"DROP VIEW {name}")
        conn.execute("DROP TABLE events")
        conn.execute("DROP TABLE hands")
        conn.execute("DROP TABLE streets")
        conn.execute("ALTER TABLE old_events RENAME TO events")
        conn.execute("ALTER TABLE old_hands RENAME TO hands")
        conn.execute("CREATE INDEX events_session ON events (session_id, undone, id)")
        conn.execute("CREATE INDEX hands_event ON hands (session_id, event_id)")
        conn.execute("COMMIT")
    return weigh(copy)


def _old_data(kind: str, data: str, streets: tuple[str, ...]) -> str:
    if kind != "action":
        return data
    return m004.compact_action(codec.expand_event(kind, json.loads(data), streets=streets))


def unpacked_format(path: Path, copy: Path) -> int:
    """`path`'s hands as the version before m013 kept them, in `copy`: each betting action
    its own row (a `bets` row's actions written back one a row, their players named), a
    returning player's seat as an object; returns its vacuumed size."""
    conn = sqlite3.connect(path)
    conn.execute(f"VACUUM INTO '{copy}'")
    conn.close()
    conn = sqlite3.connect(copy, isolation_level=None)
    conn.execute("BEGIN")
    rows = conn.execute(
        "SELECT e.id, e.session_id, e.hand_no, e.data, e.created_at, h.summary FROM events e"
        " JOIN hands h ON h.session_id = e.session_id AND h.hand_no = e.hand_no"
        " WHERE e.kind = 'bets'"
    ).fetchall()
    for event_id, session_id, hand_no, data, at, summary in rows:
        players = json.loads(summary)[0]
        actions = codec.unpack_bets(json.loads(data), players)
        conn.execute("DELETE FROM events WHERE id = ?", (event_id,))
        conn.executemany(
            "INSERT INTO events (session_id, hand_no, kind, data, created_at)"
            " VALUES (?, ?, 'action', ?, ?)",
            [(session_id, hand_no, codec.dumps(action), at) for action in actions],
        )
    conn.execute(
        "UPDATE events SET data = json_object('chips', json_extract(data, '$[3]'),"
        " 'player', json_extract(data, '$[0]'), 'returning', json('true'),"
        " 'seat', json_extract(data, '$[1]'))"
        " WHERE kind = 'seat' AND json_type(data) = 'array' AND json_array_length(data) = 4"
    )
    conn.execute("COMMIT")
    conn.close()
    return weigh(copy)


PARTS = {
    "events": "events (the log)",
    "snapshots": "snapshots",
    "hands": "hand summaries",
}


def parts(path: Path) -> dict[str, int]:
    """The vacuumed file's bytes by part: the log, the snapshots, the summaries, each index
    by name, and the rest (schema, sessions, settings, streets, bookkeeping)."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name").fetchall()
        indexes = {
            name: table
            for name, table in conn.execute(
                "SELECT name, tbl_name FROM sqlite_master WHERE type = 'index'"
            )
        }
    finally:
        conn.close()
    found: dict[str, int] = {}
    for name, size in rows:
        if name in PARTS:
            key = PARTS[name]
        elif name in indexes and not name.startswith("sqlite_autoindex") and indexes[name] in PARTS:
            key = f"index {name}"
        else:
            key = "the rest"
        found[key] = found.get(key, 0) + int(size)
    return found


def rows_by_kind(path: Path) -> dict[str, int]:
    """The log's rows by kind of event."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute("SELECT kind, count(*) FROM events GROUP BY kind").fetchall()
    finally:
        conn.close()
    return {str(kind): int(count) for kind, count in rows}


def phh_import(folder: Path, source: Path) -> Path:
    db = folder / "phh.db"
    env = dict(os.environ, MARQUOIR_DB=str(db), XDG_CONFIG_HOME=str(folder))
    command = [marquoir_script(), "import", "phh", str(source)]
    subprocess.run(command, env=env, check=True, capture_output=True)
    return db


def hand_count(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])
    finally:
        conn.close()


def random_script(folder: Path, lines: int) -> Path:
    marquoir = marquoir_script()
    text = script(lines, 1, _settings(marquoir, folder))
    path = folder / "script.txt"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    db = folder / "random.db"
    env = dict(os.environ, MARQUOIR_DB=str(db), XDG_CONFIG_HOME=str(folder))
    subprocess.run([marquoir, "play", str(path)], env=env, check=True, capture_output=True)
    return db


def folds(folder: Path, hands: int) -> Path:
    db = folder / "folds.db"
    marquoir = marquoir_script()
    env = dict(os.environ, MARQUOIR_DB=str(db), XDG_CONFIG_HOME=str(folder))
    new = [marquoir, "new", "f", "--blinds", "1/2", "--cave", "200"]
    subprocess.run(new, env=env, check=True, capture_output=True)
    for name in ("alice", "bob", "carol", "dave"):
        subprocess.run([marquoir, "seat", name], env=env, check=True, capture_output=True)
    with Ledger(db) as book:
        book.conn.execute("PRAGMA synchronous = OFF")  # the build only
        for _ in range(hands):
            book.execute(lambda table: table.deal_event())
            for _fold in range(3):
                book.execute(lambda table: table.act_event(Action.fold()))
    return db


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=50_000)
    parser.add_argument("--fold-hands", type=int, default=20_000)
    parser.add_argument("--phh", type=Path, help="a PHH file to import and weigh as well")
    parser.add_argument(
        "--only",
        action="append",
        choices=("random", "folds", "phh"),
        help="weigh only these workloads (repeat the option); all of them by default",
    )
    options = parser.parse_args()
    only = set(options.only or ("random", "folds", "phh"))
    results = {}
    kinds = {}
    unpacked: dict[str, int] = {}  # (an import's file, each action its own row: before m013)
    with tempfile.TemporaryDirectory(prefix="marquoir-storage-") as tmp:
        folder = Path(tmp)
        workloads = {}
        if "random" in only:
            name = f"random hold'em ({options.lines:,}-line script)"
            workloads[name] = random_script(folder, options.lines)
        if "folds" in only:
            name = f"folds to the big blind ({options.fold_hands:,} hands)"
            workloads[name] = folds(folder, options.fold_hands)
        split = {}
        for name, db in workloads.items():
            hands = hand_count(db)
            before = previous_format(db, folder / f"{db.stem}-previous.db")
            now = weigh(db)
            results[name] = (hands, now, before, TARGET)
            split[name] = parts(db)
            kinds[name] = rows_by_kind(db)
        if options.phh is not None and "phh" in only:
            db = phh_import(folder, options.phh)
            hands = hand_count(db)
            text = options.phh.stat().st_size
            name = f"{options.phh.name} imported ({hands:,} hands)"
            results[name] = (hands, weigh(db), text, text / hands)
            unpacked[name] = unpacked_format(db, folder / "phh-unpacked.db")
            split[name] = parts(db)
            kinds[name] = rows_by_kind(db)
    print("bytes a hand (vacuumed file / finished hands):")
    for name, (hands, now, before, target) in results.items():
        verdict = "met" if now / hands <= target else "NOT met"
        reference = (
            "the PHH text"
            if name.endswith("hands)") and "imported" in name
            else ("previous format")
        )
        print(
            f"  {name}: {hands:,} hands, {now / hands:,.0f} B a hand "
            f"({reference}: {before / hands:,.0f} B, {before / now:.2f}x; "
            f"target <= {target:,.0f} B: {verdict})"
        )
        if name in unpacked:
            print(
                f"      each action its own row (the format before m013, from the same file):"
                f" {unpacked[name] / hands:,.0f} B a hand"
            )
        for part, size in sorted(split[name].items(), key=lambda item: -item[1]):
            print(f"      {part}: {size / hands:,.0f} B a hand")
        rows = sorted(kinds[name].items(), key=lambda item: -item[1])
        each = ", ".join(f"{kind} {count / hands:.2f}" for kind, count in rows)
        print(f"      rows of the log a hand: {sum(kinds[name].values()) / hands:.1f} ({each})")
    print(
        json.dumps(
            {
                k: {
                    "hands": h,
                    "bytes": n,
                    "reference": b,
                    "parts": split[k],
                    "rows": kinds[k],
                    **({"one_row_an_action": unpacked[k]} if k in unpacked else {}),
                }
                for k, (h, n, b, _t) in results.items()
            }
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
