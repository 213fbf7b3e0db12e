"""The director's clock commands, checked: a pause, a break called now.

What the clock reads from them is `levels.clock_state`; this module only says which
commands the table accepts.
"""

from __future__ import annotations

from ..errors import IllegalAction, UsageError
from ..i18n import _
from .session import TournamentSettings

MAX_BREAK_MINUTES = 24 * 60


def check_pause(settings: TournamentSettings, *, paused: bool, minutes: int | None) -> None:
    """A pause while the clock runs; a break (`minutes`) of 1 minute to a day, only where
    levels go by time (`IllegalAction`, `UsageError`)."""
    if paused:
        raise IllegalAction(_("the clock is already stopped: `resume` starts it again"))
    if minutes is None:
        return
    if settings.level_minutes is None:
        raise IllegalAction(_("a break needs a clock: this tournament's levels go by hands"))
    if not 1 <= minutes <= MAX_BREAK_MINUTES:
        raise UsageError(
            _("a break lasts 1 to {most} minutes (got {minutes})").format(
                most=MAX_BREAK_MINUTES, minutes=minutes
            )
        )
