"""`marquoir clock`: the tournament's clock on the whole terminal, refreshed every second.

Plain ANSI sequences (no curses): the alternate screen, the cursor hidden, the screen redrawn
from the file each second; Ctrl-C (or SIGTERM) puts the terminal back as it was.
"""

from __future__ import annotations

import signal
import sys
import time
from decimal import Decimal

from ..domain import IllegalAction
from ..domain.i18n import _, follow_session, grouped, money, ngettext
from ..domain.now import now as clock_now
from ..domain.table import Table
from ..domain.tournament.state import payout_table, prize_pool
from ..reports.tournament import payouts_line
from ..storage.db import READ
from ..storage.ledger import Ledger, SessionInfo
from .tournament import clock_line, ledger

ENTER = "\x1b[?1049h\x1b[?25l"  # the alternate screen, the cursor hidden
LEAVE = "\x1b[?25h\x1b[?1049l"  # the cursor shown, the normal screen back
HOME = "\x1b[H\x1b[2J"


def screen_lines(session: SessionInfo, table: Table, now: float, book: Ledger) -> list[str]:
    """What the clock shows: level, time left, blinds now and next, break, players left,
    entries, average stack (chips and big blinds), prize pool and payouts."""
    settings, state = table.settings.tournament, table.director.state
    assert settings is not None and state is not None
    from ..app.tournament import tournament_clock

    clock = tournament_clock(book, session, table, now)
    count = len(settings.level_list())
    # the clock's level, never the table's alone: one level on the screen at a time
    level = clock.level if clock is not None else table.director.level
    upcoming = str(settings.level(level + 1)) if level < count else _("(last level)")
    alive = [a for a in table.present() if a.stack > 0]
    chips = sum(a.stack for a in alive)
    average = chips // len(alive) if alive else 0
    big_blind = table.config.big_blind or 1
    pool = prize_pool(settings, state)
    paid = payout_table(settings, state).amounts if state.entries else ()
    currency = table.settings.currency
    lines = [
        f"  {session.name.upper()}",
        "",
        _("  LEVEL {level} of {count}     {stakes}").format(
            level=level, count=count, stakes=settings.level(level)
        ),
        f"  {clock_line(clock, table)}",
        _("  next level: {upcoming}").format(upcoming=upcoming),
    ]
    if settings.breaks:
        every, _colon, minutes = settings.breaks.partition(":")
        lines.append(
            ngettext(
                "  a {minutes}-minute break after every level",
                "  a {minutes}-minute break every {every} levels",
                int(every),
            ).format(minutes=minutes, every=every)
        )
    lines += [
        "",
        _(
            "  players left {count}     entries {entries}     rebuys {rebuys}     add-ons {add_ons}"
        ).format(
            count=len(alive), entries=len(state.entries), rebuys=state.rebuys, add_ons=state.add_ons
        ),
        _("  average stack {average} chips ({blinds} BB)").format(
            average=grouped(average), blinds=f"{Decimal(average) / big_blind:.1f}"
        ),
        _("  prize pool {pool}").format(pool=money(f"{pool}", currency)),
        "  " + payouts_line(paid, currency, sep="  "),
        "",
        _("  Ctrl-C to leave"),
    ]
    return lines


def run_clock(db: str | None, *, interval: float = 1.0) -> None:
    """Draw the clock until Ctrl-C, then leave the terminal clean."""
    with ledger(db, READ) as book:
        _session, table = book.read()
        follow_session(table.settings.lang)
    if table.settings.tournament is None:
        raise IllegalAction(_("the clock is for tournaments: this session is a cash game"))

    def stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    out = sys.stdout
    out.write(ENTER)
    try:
        while True:
            with ledger(db, READ) as book:
                session, table = book.read()
                follow_session(table.settings.lang)
                lines = screen_lines(session, table, clock_now(), book)
            out.write(HOME + "\n".join(lines) + "\n")
            out.flush()
            time.sleep(interval)
    except KeyboardInterrupt:
        pass
    finally:
        out.write(LEAVE)
        out.flush()
