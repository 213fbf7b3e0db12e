"""Rebuild `m005-file.db.gz` and `m005-file-outputs.json.gz` (tests/data/README.md).

    python tests/data/make_m005_file.py OUTPUT_FOLDER

Run with the Marquoir whose files have five migrations (up to m005, before the storage of
migration m006) installed beside this Python: it plays the examples, a random no-limit
hold'em script, an Omaha hi-lo hand with a low half and imports the WSOP sample into one
file, then writes what that version prints from it (reports, exports, stacks, status,
standings) and the rows of its readable views. Standard library only.
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
COMMANDS = (
    "report",
    "report --format json",
    "report --format md",
    "report --format html",
    "export json",
    "export csv --what hands",
    "export csv",
    "export phh",
)
HILO = """
new hilo --game omaha-hilo --betting pl --blinds 1/2 --cave 100
seat ana
seat ben
seat cy
deal
call
call
check
check
bet 4
call
call
check
check
check
check
check
check
showdown "ana > ben = cy" --low "cy > ben"
deal
fold
fold
"""


def run(env: dict[str, str], *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    done = subprocess.run(
        [MARQUOIR, *args], input=stdin, capture_output=True, text=True, env=env, check=False
    )
    return done.returncode, done.stdout, done.stderr


def must(env: dict[str, str], *args: str, stdin: str | None = None) -> str:
    code, out, err = run(env, *args, stdin=stdin)
    assert code == 0, (args, out[-500:], err)
    return out


def holdem(seed: int, hands: int) -> str:
    """A script of random legal no-limit hold'em hands (bench/bench_play.py's generator)."""
    sys.path.insert(0, str(ROOT / "bench"))
    sys.path.insert(0, str(ROOT))
    from bench_play import _settings, script

    folder = Path(os.environ["M005_TMP"])
    lines = script(hands * 14, seed, _settings(MARQUOIR, folder))
    text = "\n".join(lines).replace("new bench", "new mardi", 1)
    end = ["blinds 2/4 --ante 1", "sitout dave", "deal", "fold", "fold", "back dave", "deal"]
    return text + "\n" + "\n".join([*end, "call", "undo"]) + "\n"


def main() -> None:
    out = Path(sys.argv[1])
    tmp = out / "work"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    os.environ["M005_TMP"] = str(tmp)
    os.chdir(tmp)  # (closing.txt writes its reports in the current folder)
    db = tmp / "m005.db"
    env = dict(os.environ, MARQUOIR_DB=str(db), HOME=str(tmp), XDG_CONFIG_HOME=str(tmp))
    env["PYTHONIOENCODING"] = "utf-8"
    for example in ("evening", "closing", "bouillotte", "jackpots", "stud", "tournoi"):
        must(env, "play", str(ROOT / "examples" / f"{example}.txt"))
    wsop = str(ROOT / "tests" / "data" / "wsop-sample.phhs")
    must(env, "import", "phh", wsop, "--session", "wsop")
    must(env, "play", stdin=HILO)
    must(env, "play", stdin=holdem(7, 80))
    # the recorded outputs: every session's reports and exports, the current session's
    # table, the standings, the views
    sessions = [s["session"] for s in json.loads(must(env, "sessions", "--json"))["sessions"]]
    outputs: dict[str, object] = {}
    for session in sessions:
        for command in COMMANDS:
            outputs[f"{session} {command}"] = run(env, *command.split(), "--session", session)
    for command in ("stacks --json", "status --json", "standings", "standings --json"):
        outputs[command] = run(env, *command.split())
    conn = sqlite3.connect(db)
    outputs["views"] = {
        view: [list(row) for row in conn.execute(f"SELECT * FROM {view}")]
        for view in (*VIEWS, "players_now")
    }
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    with open(db, "rb") as source, gzip.open(out / "m005-file.db.gz", "wb", 9) as target:
        shutil.copyfileobj(source, target)
    with gzip.open(out / "m005-file-outputs.json.gz", "wt", encoding="utf-8") as target:
        json.dump(outputs, target, ensure_ascii=False, sort_keys=True)
    print(f"{len(sessions)} sessions, {len(outputs) - 1} outputs, views and file in {out}")


if __name__ == "__main__":
    main()
