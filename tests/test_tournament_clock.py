"""`marquoir clock` in a real terminal (tmux): it draws the clock, refreshes it, and leaves
the terminal clean on Ctrl-C."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
import uuid

import pytest

from .installed import MARQUOIR, Marquoir

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def _tmux(*args: str) -> str:
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, check=True)
    return done.stdout


def _wait_for(name: str, text: str, seconds: float = 15) -> str:
    deadline = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < deadline:
        screen = _tmux("capture-pane", "-p", "-t", name)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never showed:\n{screen}")


def test_the_clock_draws_refreshes_and_leaves_cleanly(cli: Marquoir) -> None:
    cli.play(
        "new cup --tournament --buy-in 20 --stack 1000 --levels 10/20,20/40 --level-minutes 20\n"
        "seat ann\nseat bob\nseat cid\ndeal\n"
    )
    name = f"marquoir-{uuid.uuid4().hex[:8]}"
    command = (
        f"MARQUOIR_DB={shlex.quote(str(cli.db))} {shlex.quote(str(MARQUOIR))} clock; "
        "echo CLOCK-EXITED-$?; sleep 30"
    )
    _tmux("new-session", "-d", "-s", name, "-x", "100", "-y", "30", command)
    try:
        screen = _wait_for(name, "LEVEL 1 of 2")
        assert "10/20" in screen and "next level: 20/40" in screen
        assert "players left 3" in screen and "entries 3" in screen
        assert "prize pool 60 EUR" in screen
        assert "average stack 1,000 chips (50.0 BB)" in screen
        first = _wait_for(name, " left, next 20/40")
        # it refreshes itself: the seconds left go down
        time.sleep(2.2)
        later = _tmux("capture-pane", "-p", "-t", name)
        assert later != first
        _tmux("send-keys", "-t", name, "C-c")
        screen = _wait_for(name, "CLOCK-EXITED-0")
        assert "LEVEL" not in screen  # the alternate screen is gone: the terminal is clean
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, check=False)


def test_the_clock_of_a_cash_game_is_refused(cli: Marquoir) -> None:
    cli("new", "club", "--blinds", "1/2", "--cave", "100")
    assert "for tournaments" in cli.refused("clock")
