"""Rebuild `m005-file.db.gz` and `m005-file-outputs.json.gz` (tests/data/README.md).

    python tests/data/make_m005_file.py OUTPUT_FOLDER
    python tests/data/make_m005_file.py --outputs OUTPUT_FOLDER

Run with the Marquoir whose files have five migrations (up to m005, before the storage of
migration m007) installed beside this Python: it plays the examples, a random no-limit
hold'em script, an Omaha hi-lo hand with a low half and imports the WSOP sample into one
file, then writes what that version prints from it (reports, exports, stacks, status,
standings) and the rows of its readable views. With `--outputs`, only the outputs, printed
from a copy of the `m005-file.db.gz` kept here by the Marquoir installed beside this Python
(the last version before m007, which migrates the copy to m006 first). Standard library
only.
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
    if sys.argv[1] == "--outputs":
        outputs_only(Path(sys.argv[2]))
        return
    out = Path(sys.argv[1])
    tmp = _work(out)
    db = tmp / "m005.db"
    env = _env(tmp, db)
    for example in ("evening", "closing", "bouillotte", "jackpots", "stud", "tournoi"):
        must(env, "play", str(ROOT / "examples" / f"{example}.txt"))
    wsop = str(ROOT / "tests" / "data" / "wsop-sample.phhs")
    must(env, "import", "phh", wsop, "--session", "wsop")
    must(env, "play", stdin=HILO)
    must(env, "play", stdin=holdem(7, 80))
    # the recorded outputs (the views read first: the file as this version wrote it)
    views = _views(db)
    with open(db, "rb") as source, gzip.open(out / "m005-file.db.gz", "wb", 9) as target:
        shutil.copyfileobj(source, target)
    _write_outputs(env, views, out)


def outputs_only(out: Path) -> None:
    """The outputs printed from a copy of the file kept here, and its views after them."""
    tmp = _work(out)
    db = tmp / "m005.db"
    with gzip.open(HERE / "m005-file.db.gz", "rb") as source, open(db, "wb") as target:
        shutil.copyfileobj(source, target)
    env = _env(tmp, db)
    must(env, "stacks")  # (any command brings the copy up to this version's migrations)
    _write_outputs(env, _views(db), out)


def _work(out: Path) -> Path:
    tmp = out / "work"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    os.environ["M005_TMP"] = str(tmp)
    os.chdir(tmp)  # (closing.txt writes its reports in the current folder)
    return tmp


def _env(tmp: Path, db: Path) -> dict[str, str]:
    env = dict(os.environ, MARQUOIR_DB=str(db), HOME=str(tmp), XDG_CONFIG_HOME=str(tmp))
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def _views(db: Path) -> dict[str, object]:
    conn = sqlite3.connect(db)
    views: dict[str, object] = {
        view: [list(row) for row in conn.execute(f"SELECT * FROM {view}")]
        for view in (*VIEWS, "players_now")
    }
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    return views


def _write_outputs(env: dict[str, str], views: dict[str, object], out: Path) -> None:
    """Every session's reports and exports, the current session's table, the standings."""
    sessions = [s["session"] for s in json.loads(must(env, "sessions", "--json"))["sessions"]]
    outputs: dict[str, object] = {}
    for session in sessions:
        for command in COMMANDS:
            outputs[f"{session} {command}"] = run(env, *command.split(), "--session", session)
    for command in ("stacks --json", "status --json", "standings", "standings --json"):
        outputs[command] = run(env, *command.split())
    outputs["views"] = views
    with gzip.open(out / "m005-file-outputs.json.gz", "wt", encoding="utf-8") as target:
        json.dump(outputs, target, ensure_ascii=False, sort_keys=True)
    print(f"{len(sessions)} sessions, {len(outputs) - 1} outputs, views and file in {out}")


if __name__ == "__main__":
    main()
