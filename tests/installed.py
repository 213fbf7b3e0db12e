"""The installed `marquoir` command, run as a user would, on a temporary database."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
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
    """The installed command on one database file."""

    def __init__(self, tmp_path: Path) -> None:
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
