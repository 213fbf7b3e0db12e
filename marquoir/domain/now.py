"""The time of day the tournament's clock and the recorded events read.

`MARQUOIR_NOW` (seconds since 1970, UTC; a decimal number) sets it, for tests and
demonstrations only: a test plays a tournament across an hour without sleeping. In normal
use it is unset and the time is the system's.
"""

from __future__ import annotations

import os
import time

from .errors import UsageError
from .i18n import _

VARIABLE = "MARQUOIR_NOW"


def now() -> float:
    """Seconds since 1970 (UTC): `MARQUOIR_NOW` when set, else the system clock."""
    text = os.environ.get(VARIABLE)
    if not text:
        return time.time()
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value < 1e11:  # (also refuses nan and inf)
        raise UsageError(
            _("{variable} is seconds since 1970, e.g. 1767225600 (got {text!r})").format(
                variable=VARIABLE, text=text
            )
        )
    return value
