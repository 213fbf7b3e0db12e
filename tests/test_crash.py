"""A small run of the crash bench: `marquoir` killed inside its write transaction leaves no
half-written event (the full run, hundreds of kills: `python bench/bench_crash.py`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .installed import NOT_INSTALLED

BENCH = Path(__file__).resolve().parent.parent / "bench" / "bench_crash.py"


@NOT_INSTALLED
def test_kills_inside_the_write_transaction_leave_no_half_written_event() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--kills", "12", "--seed", "7", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["kills"] == 12
    assert figures["in_transaction"] >= 1  # killed while it held the write lock
    assert figures["killed_and_rolled_back"] + figures["killed_after_commit"] == 12
    assert (figures["half_written"], figures["integrity"], figures["verify_exit"]) == (0, "ok", 0)
    # `report -o` killed at random moments: whole or absent, never partial
    assert figures["report_kills"] >= 1 and figures["report_partial"] == 0
