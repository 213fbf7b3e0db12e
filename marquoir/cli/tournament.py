"""Tournament commands: the session's structure from the options of `new`, the levels.

Imported only by the tournament's commands: a cash game's table verbs never load it.
"""

from __future__ import annotations

from pathlib import Path

from ..domain import UsageError
from ..domain.table import Table
from ..domain.tournament.levels import (
    parse_breaks,
    parse_levels,
    parse_levels_csv,
    parse_levels_toml,
    preset,
)
from ..domain.tournament.payouts import parse_payouts
from ..domain.tournament.session import TournamentSettings
from ..storage.db import READ
from .commands import execute, ledger

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def read_levels(text: str) -> tuple[str, int | None, str | None]:
    """The level spec of `--levels` (a spec, a .csv or .toml file, or a preset name), with
    the preset's level minutes and breaks (None from a spec or a file)."""
    path = Path(text)
    if text.endswith((".csv", ".toml")):
        try:
            content = path.read_text(encoding="utf-8")
        except OSError as failure:
            raise UsageError(f"cannot read the levels file {text}: {failure.strerror}") from None
        read = parse_levels_csv if text.endswith(".csv") else parse_levels_toml
        return ",".join(str(level) for level in read(content)), None, None
    if "/" not in text:
        named = preset(text)
        levels = ",".join(str(level) for level in named.levels)
        return levels, named.level_minutes, named.breaks
    return ",".join(str(level) for level in parse_levels(text)), None, None


def tournament_settings(
    *, buy_in: str | None, stack: int | None, levels: str | None, **options: Any
) -> TournamentSettings:
    """The tournament structure of `new --tournament`, checked (`UsageError`)."""
    if buy_in is None:
        raise UsageError("a tournament needs its buy-in: --buy-in 20")
    if levels is None:
        raise UsageError("a tournament needs its levels: --levels 25/50,50/100,... or a preset")
    spec, minutes, breaks = read_levels(levels)
    if stack is None:
        if "/" in levels or levels.endswith((".csv", ".toml")):
            raise UsageError("a tournament needs its starting stack: --stack 5000")
        stack = preset(levels).starting_stack
    if options.get("level_minutes") is None and options.get("level_hands") is None:
        options["level_minutes"] = minutes
    if options.get("breaks") is None:
        options["breaks"] = breaks
    if options["breaks"] is not None:
        parse_breaks(options["breaks"])
    if options["payouts"]:
        parse_payouts(options["payouts"])
    settings = TournamentSettings(buy_in=buy_in, stack=stack, levels=spec, **options)
    settings.validate()
    return settings


def level_number(table: Table, where: str) -> int:
    """`next`, `prev` or a level number, from the level now in force."""
    if where == "next":
        return table.level + 1
    if where in ("prev", "previous"):
        return table.level - 1
    if not where.isdigit() or not where.isascii():
        raise UsageError(f"level next, level prev or level N (got {where!r})")
    return int(where)


def level_line(table: Table) -> str:
    """ "level 3: 75/150" and, when levels go by time, its length."""
    tournament = table.settings.tournament
    assert tournament is not None
    count = len(tournament.level_list())
    return f"level {table.level} of {count}: {table.config.stakes()}"


def level(db: str | None, where: str) -> None:
    """`level next|prev|N`: the level of the next deals."""
    outcome = execute(db, lambda table: table.level_event(level_number(table, where)))
    print(f"from the next deal: {level_line(outcome.table)}")


def show_level(db: str | None) -> None:
    """`level` alone: the level now in force."""
    with ledger(db, READ) as book:
        _session, table = book.read()
    if table.settings.tournament is None:
        raise UsageError("levels are for tournaments: this session is a cash game")
    print(level_line(table))
