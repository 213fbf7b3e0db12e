"""How big the randomized runs are: sized for a quick default run (`python -m pytest`), at
their full size with `MARQUOIR_FULL=1` (what CI runs, `.ci/run`). Every test runs either
way; only the number of random cases changes."""

from __future__ import annotations

import os

FULL = os.environ.get("MARQUOIR_FULL", "") not in ("", "0")


def sized(default: int, full: int) -> int:
    """`full` with MARQUOIR_FULL=1, else `default`."""
    return full if FULL else default
