"""`marquoir import phh` and `marquoir export phh` through the installed command."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PHH_DIR = Path(__file__).resolve().parent.parent.parent / "shared" / "phh"


def _installed() -> str | None:
    beside = Path(sys.executable).with_name("marquoir")
    return str(beside) if beside.exists() else shutil.which("marquoir")


MARQUOIR = _installed()
pytestmark = pytest.mark.skipif(
    MARQUOIR is None or not PHH_DIR.exists(), reason="needs the installed command and ../shared"
)


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    assert MARQUOIR is not None
    env = dict(os.environ, MARQUOIR_DB=str(tmp_path / "h.db"))
    return subprocess.run(
        [MARQUOIR, *args], capture_output=True, text=True, env=env, timeout=120, check=False
    )


def test_import_the_wsop_hands_then_export_them(tmp_path: Path) -> None:
    done = run(tmp_path, "import", "phh", str(PHH_DIR / "wsop.phhs"))
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    assert lines[:2] == [
        "25 hands imported into sessions wsop, wsop-2, wsop-3, wsop-4, wsop-5, 58 skipped",
        "finishing stacks: 25 of 25 hands match",
    ]
    assert all(line.startswith("skipped ") for line in lines[2:]) and len(lines) == 60
    out = tmp_path / "wsop.phhs"
    done = run(tmp_path, "export", "phh", "-o", str(out))
    assert (done.returncode, done.stdout) == (0, f"written to {out}\n")
    text = out.read_text(encoding="utf-8")
    assert text.startswith('[1]\nvariant = "NT"\n')
    # the import again from our own export: every hand matches its finishing stacks
    done = run(tmp_path, "import", "phh", str(out), "--session", "again")
    assert done.returncode == 0
    assert done.stdout.splitlines()[1].startswith("finishing stacks: ")
    assert done.stdout.splitlines()[1].endswith("hands match")


def test_import_refuses_clearly(tmp_path: Path) -> None:
    bad = tmp_path / "bad.phh"
    bad.write_text('variant = "NT"\nactions = [\n', encoding="utf-8")
    done = run(tmp_path, "import", "phh", str(bad))
    assert done.returncode == 1
    assert done.stderr.startswith("Error: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr
    done = run(tmp_path, "import", "phh", str(PHH_DIR / "famous.phhs"), "--session", "a b")
    assert (done.returncode, done.stderr) == (
        2,
        "Error: 'a b' is not a valid session name: one word, without '>' or '='\n",
    )
