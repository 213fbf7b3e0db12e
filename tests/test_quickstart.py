"""The README's quick start: what .ci/run runs, and what a new user meets right after it."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

from .installed import MARQUOIR, NOT_INSTALLED, Marquoir

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def _blocks(after: str) -> list[str]:
    """The code blocks of the README section that starts with the heading `after`."""
    section = README.split(after, 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```[a-z]*\n(.*?)```", section, flags=re.DOTALL)


def quick_start_command() -> str:
    """The quick start's first command, after `pip install . && ` (its comment removed)."""
    first = _blocks("## Quick start")[0].splitlines()[0]
    command = first.split("#", 1)[0].strip()
    assert command.startswith("pip install . && "), command
    return command.removeprefix("pip install . && ")


def test_ci_runs_the_quick_start_exactly() -> None:
    """Both lines of the quick start, word for word, in CI's first virtual environment."""
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    first_venv = ci.split("# -- the newest Python", 1)[0]
    lines = [line.split("#", 1)[0].strip() for line in _blocks("## Quick start")[0].splitlines()]
    assert lines[0] == f"pip install . && {quick_start_command()}"
    for line in lines:
        assert f"\n{line}\n" in first_venv, line


@NOT_INSTALLED
def test_the_quick_start_leaves_the_next_section_working(tmp_path: Path) -> None:
    # the example in its own file: the README's next command, on the default database, works
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    user = Marquoir(tmp_path)
    words = shlex.split(quick_start_command())
    assert words[0] == "marquoir" and MARQUOIR is not None
    done = subprocess.run(
        [MARQUOIR, *words[1:]], cwd=tmp_path, env=user.env, capture_output=True, text=True
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert not user.db.exists()  # the default database is untouched
    console = _blocks("## An evening at the table")[0]
    first = next(line for line in console.splitlines() if line.startswith("$ marquoir "))
    assert user(*shlex.split(first.removeprefix("$ marquoir "))).startswith(
        "session vendredi created"
    )


def test_a_taken_session_name_says_the_command_to_use_it(cli: Marquoir) -> None:
    cli("new", "vendredi", "--blinds", "1/2")
    assert cli.refused("new", "vendredi", "--blinds", "1/2") == (
        "Error: a session named vendredi already exists: `marquoir use vendredi` makes it "
        "current, or choose another name"
    )
