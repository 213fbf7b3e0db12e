"""The `marquoir` command on a temporary database: the installed one, run as a user would,
or the same command line run in the test's own process (`in_process`, much cheaper).

In process, `marquoir.cli.main` runs the arguments with the same environment (this
object's `env`, put in `os.environ` for the run), an empty standard input unless one is
given, the warnings a fresh Python shows, and its standard output and error read back as a
pipe would give them (UTF-8, the line endings translated as `subprocess`'s text mode does);
an exception that escapes is a traceback on standard error and exit code 1, as the
installed command gives it. A line that speaks French from its start (`--lang fr`, a French
locale) runs as a process even then: French help translates the parser for the rest of the
process. Tests about the installed command itself (its script, a real process, signals)
keep running it.
"""

from __future__ import annotations

import io
import itertools
import json
import os
import shutil
import subprocess
import sys
import traceback
import warnings
from pathlib import Path
from typing import Any

import pytest


def _installed() -> str | None:
    beside = Path(sys.executable).with_name("marquoir")
    if beside.exists():
        return str(beside)
    return shutil.which("marquoir")


MARQUOIR = _installed()
NOT_INSTALLED = pytest.mark.skipif(MARQUOIR is None, reason="the marquoir command is not installed")


class Marquoir:
    """The command on one database file: the installed one, or `main` in this process."""

    def __init__(self, tmp_path: Path, *, in_process: bool = False) -> None:
        self.in_process = in_process
        self.db = tmp_path / "marquoir.db"
        self.env = dict(os.environ)
        self.env.update(
            MARQUOIR_DB=str(self.db),
            HOME=str(tmp_path / "home"),
            XDG_CONFIG_HOME=str(tmp_path / "config"),
            PYTHONIOENCODING="utf-8",
            # the tests read English output whatever the machine's locale (--lang fr: French)
            LANGUAGE="en",
        )

    def run(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
        if self.in_process and not in_french(list(args), self.env):
            return run_in_process(list(args), self.env, stdin)
        assert MARQUOIR is not None
        return subprocess.run(
            [MARQUOIR, *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=self.env,
            timeout=60,
            check=False,
        )

    def __call__(self, *args: str) -> str:
        """A command that must succeed: its standard output."""
        done = self.run(*args)
        assert (done.returncode, done.stderr) == (0, ""), (args, done.stderr)
        return done.stdout

    def play(self, script: str) -> str:
        """`marquoir play` reading the script from stdin; it must succeed."""
        done = self.run("play", stdin=script)
        assert (done.returncode, done.stderr) == (0, ""), done.stderr
        return done.stdout

    def refused(self, *args: str) -> str:
        """A command the rules refuse: exit 1, nothing on stdout, one `Error:` line."""
        done = self.run(*args)
        assert (done.returncode, done.stdout) == (1, ""), (args, done)
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: "), done.stderr
        return lines[0]

    def stacks_json(self) -> dict[str, Any]:
        """`stacks --json`, its `version` checked and taken out."""
        data: dict[str, Any] = json.loads(self("stacks", "--json"))
        assert data.pop("version") == 1
        return data

    def stacks(self) -> dict[str, int]:
        """Each player's chips behind, checking that the chips are conserved between hands."""
        data = self.stacks_json()
        players = data["players"]
        if not data["in_hand"]:  # (during a hand, `result` is as of the last hand)
            # the chips of a void deal wait in the middle: `carry`
            held = sum(p["stack"] + p["cashed_out"] for p in players) + data.get("carry", 0)
            assert held == sum(p["bought"] for p in players), players
            for p in players:
                assert p["result"] == p["stack"] + p["cashed_out"] - p["bought"]
        for p in players:
            if p["left"]:
                assert p["stack"] == 0
        return {p["name"]: p["stack"] for p in players}


def in_french(args: list[str], env: dict[str, str]) -> bool:
    """Whether the command line speaks French from its start (`--lang fr`, or a French
    locale): then it runs as a process of its own even `in_process`, because French help
    translates the parser (click) for the rest of the process, as a command does once."""
    if "--lang=fr" in args or any(
        word == "--lang" and after == "fr" for word, after in itertools.pairwise(args)
    ):
        return True
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(variable)
        if value:  # POSIX: the first one set decides (marquoir.domain.i18n)
            return value.lower().startswith("fr")
    return False


def _piped(stream: io.BytesIO) -> str:
    """What `subprocess.run(text=True)` reads from a pipe: UTF-8, universal newlines."""
    return stream.getvalue().decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")


def _warn_as_a_fresh_python() -> None:
    """The warnings a fresh `python` shows (the interpreter's default filters), written on
    standard error as it writes them (not recorded by pytest)."""
    warnings.resetwarnings()
    warnings.filterwarnings("default", category=DeprecationWarning, module="__main__")
    for category in (DeprecationWarning, PendingDeprecationWarning, ImportWarning):
        warnings.filterwarnings("ignore", category=category)
    warnings.filterwarnings("ignore", category=ResourceWarning)
    warnings.showwarning = _show_warning


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: Any = None,
    line: str | None = None,
) -> None:
    sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))


def run_in_process(
    args: list[str], env: dict[str, str], stdin: str | None
) -> subprocess.CompletedProcess[str]:
    """`marquoir ARGS` through `main` in this process, as the installed command runs it."""
    from marquoir.cli import main
    from marquoir.domain import i18n

    out, err = io.BytesIO(), io.BytesIO()
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    saved_env = dict(os.environ)
    streams = (
        io.TextIOWrapper(io.BytesIO((stdin or "").encode("utf-8")), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", write_through=True),
    )
    sys.stdin, sys.stdout, sys.stderr = streams
    os.environ.clear()
    os.environ.update(env)
    try:
        try:
            with warnings.catch_warnings():
                _warn_as_a_fresh_python()
                code = main(args)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else 0 if stop.code is None else 1
            if isinstance(stop.code, str):
                print(stop.code, file=sys.stderr)
        except Exception:
            traceback.print_exc()
            code = 1
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.environ.clear()
        os.environ.update(saved_env)
        # a French session's command left its language behind (follow_session): the tests
        # that call the domain next in this process read the locale's again, as a new
        # process would
        i18n.set_language(None)
        for stream in streams:  # flushed, and left without closing the bytes read below
            stream.flush()
            stream.detach()
    return subprocess.CompletedProcess(["marquoir", *args], code, _piped(out), _piped(err))
