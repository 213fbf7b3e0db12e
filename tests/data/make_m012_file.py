"""Rebuild `m012-file.db.gz` and `m012-file-outputs.json.gz` (tests/data/README.md).

    python tests/data/make_m012_file.py OUTPUT_FOLDER

Run with the Marquoir whose files have twelve migrations (up to m012, before a hand's
betting actions could be one row, m013) installed beside this Python: it plays the examples
(hold'em with players sitting out, jackpots' void deals, Bouillotte, stud, a tournament)
and imports the PHH samples (the Pluribus sample: players cashed out and seated again
between hands) into one file, then writes what that version prints from it (reports,
exports, status, verify) and the rows of its readable views. Standard library only.
"""

from __future__ import annotations

import gzip
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
MARQUOIR = str(Path(sys.executable).with_name("marquoir"))
VIEWS = ("session_settings", "ledger", "actions", "hand_results", "stacks_after_hand")
EXAMPLES = ("evening", "bouillotte", "jackpots", "stud", "tournoi")
# each session's outputs, and the file's
COMMANDS = (
    "report",
    "report --format json",
    "export csv --what hands",
    "export csv",
    "export phh",
    "status --json",
)


def run(env: dict[str, str], *args: str) -> tuple[int, str, str]:
    done = subprocess.run([MARQUOIR, *args], capture_output=True, text=True, env=env, check=False)
    return done.returncode, done.stdout, done.stderr


def must(env: dict[str, str], *args: str) -> str:
    code, out, err = run(env, *args)
    assert code == 0, (args, out[-500:], err)
    return out


def main() -> None:
    out = Path(sys.argv[1])
    tmp = out / "work"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    os.chdir(tmp)
    db = tmp / "m012.db"
    env = dict(os.environ, MARQUOIR_DB=str(db), HOME=str(tmp), XDG_CONFIG_HOME=str(tmp))
    env["PYTHONIOENCODING"] = "utf-8"
    for example in EXAMPLES:
        must(env, "play", str(ROOT / "examples" / f"{example}.txt"))
    for name in ("wsop-sample", "famous", "pluribus-sample"):
        must(env, "import", "phh", str(HERE / f"{name}.phhs"), "--session", name)
    conn = sqlite3.connect(db)
    views = {view: [list(row) for row in conn.execute(f"SELECT * FROM {view}")] for view in VIEWS}
    views["players_now"] = [list(row) for row in conn.execute("SELECT * FROM players_now")]
    sessions = [row[0] for row in conn.execute("SELECT name FROM sessions ORDER BY id")]
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    with open(db, "rb") as source, gzip.open(out / "m012-file.db.gz", "wb", 9) as target:
        shutil.copyfileobj(source, target)
    outputs: dict[str, object] = {"views": views}
    for session in sessions:
        for command in COMMANDS:
            outputs[f"{session} {command}"] = run(env, *command.split(" "), "--session", session)
    outputs["verify"] = run(env, "verify")
    with gzip.open(out / "m012-file-outputs.json.gz", "wt", 9, encoding="utf-8") as target:
        json.dump(outputs, target, ensure_ascii=False, sort_keys=True)


if __name__ == "__main__":
    main()
