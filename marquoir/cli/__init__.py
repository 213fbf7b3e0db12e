"""The command line: `main` runs one `marquoir` command line (`console.py`), `script` is
the console script.

Nothing is imported here at module level: `script` must turn the cyclic garbage collector
off before the modules of the table commands load.
"""

from __future__ import annotations

import gc
import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Run one `marquoir` command line (`sys.argv[1:]` by default); return its exit code."""
    from .console import main as run

    return run(argv)


def script() -> None:
    """The `marquoir` console script: `main` in a process that lives for one command.

    A table command is over in a few milliseconds, and most of its time is Python loading
    modules (docs/design.md, "The hot path"). Two costs of a long-lived program are left out
    for it. The cyclic garbage collector is off while the modules load and the command runs:
    it would walk the thousands of objects the imports create, several times, to free none
    (reference counting frees what a command makes). And once the command is done, its
    database closed and its output flushed, the process ends without the interpreter's
    teardown (`os._exit`), which would free every module one by one. A command that typer
    reads (play, serve, reports, the evening's commands) turns the collector back on and
    ends the ordinary way.
    """
    gc.disable()
    from . import console  # (the hot path's modules, loaded with the collector off)

    console.pause_collector()
    code = console.main(None)
    if not console.collector_paused():  # typer read the line: an ordinary exit (atexit, threads)
        sys.exit(code)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # (None: started with that stream closed, `2>&-`)
                stream.flush()
        except BrokenPipeError:  # `marquoir status | head`: the reader went away
            pass
    os._exit(code)
