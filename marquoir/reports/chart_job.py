"""The stacks chart of a long cash game, drawn in a process of its own beside the report.

Importing matplotlib takes 0.45 s of CPU and reading the chip moves of a session of 100,000
hands 0.3 s: together about as long as the report's pass over the hands, and neither needs that
pass. So the HTML report of a long session starts `python -m marquoir.reports.chart_job`
before the pass; on the machine's other core, it imports matplotlib, reads the moves and
plans the chart (`chart.ChartPlan`). Once the pass is done it is sent the stacks the chart
samples, draws the chart with the report's own code (`chart.draw_chart`) while the report
writes its hand log, and sends back the SVG: the bytes the report's process would have
drawn. If the process cannot start or fails, the report's process draws the chart itself.

The exchange, a line of JSON each way, then the SVG:

    -> {"db", "session", "language", "points", "stretches", "marker"}
    <- {"last", "step", "wanted"}: the last hand, every how many hands a point, the hands
       after which a marked move came
    -> {"last", "columns", "samples": [[hand, [stack or NaN, ...]], ...]}
    <- the SVG
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from ..domain.i18n import language, set_language
from ..storage import aggregates
from ..storage.db import READ, connect
from .chart import ChartPlan, draw_chart, sample_stacks
from .model import ChipMove, HandLog, SessionReport
from .scan import HandScan

# The folder `marquoir` is in, on the child's path whatever the report's process was run as.
_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent.parent)


class ChartJob:
    """The chart of a report being drawn in a process of its own (`start`)."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.process = process

    def send_samples(self, scan: HandScan) -> None:
        """Send the stacks the chart samples, once the pass over the hands is done."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        line = _within_patience(stdout.readline)
        if line is None:  # stuck: the report draws the chart itself
            self.close()
            return
        try:
            plan = json.loads(line or "null")
            if not plan or plan["last"] != scan.last:  # (failed, or the file changed)
                self.close()
                return
            samples = sample_stacks(
                scan.stack_table, last=scan.last, step=plan["step"], wanted=set(plan["wanted"])
            )
            reply = {"last": scan.last, "columns": scan.columns, "samples": samples}
            stdin.write(json.dumps(reply) + "\n")
            stdin.close()
        except (OSError, ValueError, KeyError, TypeError):
            self.close()

    def svg(self) -> str | None:
        """The chart, or None when its process failed."""
        stdout = self.process.stdout
        assert stdout is not None
        text = _within_patience(stdout.read)
        try:
            ok = text is not None and self.process.wait(PATIENCE) == 0
        except subprocess.TimeoutExpired:
            ok = False
        if not ok:
            self.close()
        return text if ok and text is not None and text.startswith("<svg") else None

    def close(self) -> None:
        """Stop the process if it still runs."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        for pipe in (self.process.stdin, self.process.stdout):
            if pipe is not None and not pipe.closed:
                with contextlib.suppress(OSError):
                    pipe.close()


# Seconds the report waits for each answer of the chart's process: one stuck (a font cache
# being built, a lock) must not stall the report, which then draws the chart itself.
PATIENCE = 60.0


def _within_patience(read: Callable[[], str]) -> str | None:
    """What `read()` returns (a line, or the rest of the output; "" when the pipe failed),
    or None when it has not come within `PATIENCE` seconds. (A thread: the one way to give
    up on a pipe that works on every system; killing the process then ends the read.)"""
    got: list[str] = []

    def reading() -> None:
        try:
            got.append(read())
        except (OSError, ValueError):
            got.append("")

    reader = threading.Thread(target=reading, daemon=True)
    reader.start()
    reader.join(PATIENCE)
    return got[0] if got else None


def _child_path() -> str:
    """PYTHONPATH for the chart's process: the folder `marquoir` is in when it is not one the
    child searches anyway (a source checkout), ahead of the caller's own PYTHONPATH. An
    installed package's site-packages is not added: it would come before the standard library."""
    import site

    own = os.environ.get("PYTHONPATH")
    searched = {*site.getsitepackages(), site.getusersitepackages()}
    paths = [] if _PACKAGE_ROOT in searched else [_PACKAGE_ROOT]
    return os.pathsep.join([*paths, *filter(None, [own])])


def start(report: SessionReport, *, points: int, stretches: int, marker: str) -> ChartJob | None:
    """The chart of `report` (a long cash game's, read from its file) started in a process
    of its own; None when it cannot start."""
    log = report.hands
    assert isinstance(log, HandLog)
    if getattr(sys, "frozen", False):  # (a bundled program: no Python to run a module with)
        return None
    # (the exchange is UTF-8 whatever the locale: names and the chart's words are not ASCII)
    env = {**os.environ, "PYTHONPATH": _child_path(), "PYTHONIOENCODING": "utf-8"}
    request = {
        "db": log.book().path,
        "session": log.session.id,
        "language": language(),
        "points": points,
        "stretches": stretches,
        "marker": marker,
    }
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", __name__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=env,
            text=True,
            encoding="utf-8",
        )
        assert process.stdin is not None
        process.stdin.write(json.dumps(request) + "\n")
        process.stdin.flush()
    except OSError:
        return None
    return ChartJob(process)


def draw(request: dict[str, Any], stdin: IO[str], stdout: IO[str]) -> int:
    """The child's side of the exchange (see the module)."""
    set_language(request["language"])
    conn = connect(request["db"], mode=READ)
    try:
        rows = aggregates.chip_moves(conn, request["session"])
        last = aggregates.last_hand(conn, request["session"])
    finally:
        conn.close()
    moves = [ChipMove(*row) for row in rows]
    plan = ChartPlan(moves, last, points=request["points"], stretches=request["stretches"])
    stdout.write(json.dumps({"last": last, "step": plan.step, "wanted": sorted(plan.wanted)}))
    stdout.write("\n")
    stdout.flush()
    reply = json.loads(stdin.readline())
    if reply["last"] != last:
        return 1
    samples = [(int(hand), stacks) for hand, stacks in reply["samples"]]
    lines = plan.series(reply["columns"], samples)
    stdout.write(draw_chart(lines, marker=request["marker"], sampled=True, last=last))
    return 0


def _warm() -> None:
    """matplotlib imported first, while the report's process reads the hands."""
    import matplotlib.backends.backend_agg
    import matplotlib.figure  # noqa: F401


if __name__ == "__main__":
    _warm()
    raise SystemExit(draw(json.loads(sys.stdin.readline()), sys.stdin, sys.stdout))
