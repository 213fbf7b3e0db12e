"""The command line: `main` runs one `marquoir` command line (`console.py`), `script` is
the console script.

Nothing of the package is imported here at module level: `script` must turn the cyclic
garbage collector off before the modules of the table commands load.
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
    modules (docs/design.md, "The hot path"). The cyclic garbage collector is off while the
    modules load and the command runs (`gc.disable`): it would walk the thousands of objects
    the imports create, several times, to free none (reference counting frees what a command
    makes). Once the command is done, those objects are frozen (`gc.freeze`): the
    collections of the interpreter's ordinary teardown skip them. A command that typer reads
    (play, serve, reports, the evening's commands) turns the collector back on.
    """
    gc.disable()
    from . import console  # (the hot path's modules, loaded with the collector off)

    console.pause_collector()
    code = console.main(None)
    if console.collector_paused():  # only the fast path ran: nothing of its objects to collect
        gc.freeze()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # (None: started with that stream closed, `2>&-`)
                stream.flush()
        except BrokenPipeError:  # `marquoir status | head`: the reader went away
            # (what is left unwritten goes nowhere, not into a second error at the exit)
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    sys.exit(code)
