"""`new --tournament --duration 4h --players 9 --chips ... --stack ...`: the proposed
structure, printed before the session is recorded (the method: domain/tournament/structure).
"""

from __future__ import annotations

from ..domain import UsageError
from ..domain.i18n import _, grouped, ngettext
from ..domain.tournament.structure import Structure, parse_duration, propose


def planned_levels(
    *,
    tournament: bool,
    duration: str | None,
    players: int | None,
    chips: str,
    stack: int | None,
    levels: str | None,
    level_minutes: int | None,
    level_hands: int | None,
    breaks: str | None,
    lang: str,
) -> tuple[str | None, int | None, str | None, list[str]]:
    """`new`'s `--levels`, `--level-minutes` and `--breaks` once `--duration` and
    `--players` are read, and the lines that show the proposal (none when `--levels` was
    given: it wins)."""
    if not tournament:
        raise UsageError(_("--duration and --players are for a tournament (--tournament)"))
    if level_hands is not None:
        raise UsageError(_("--duration plans levels by minutes: leave out --level-hands"))
    if duration is not None:
        parse_duration(duration)  # refused even when --levels wins
    if levels is not None:
        return levels, level_minutes, breaks, []
    from ..domain.i18n import follow_session

    follow_session(lang)  # the proposal in the session's language
    if duration is None:
        raise UsageError(_("--players goes with the planned time: --duration 4h"))
    proposal = proposed_structure(
        duration=duration,
        players=players,
        chips=chips,
        stack=stack,
        level_minutes=level_minutes,
        breaks=breaks,
    )
    lines = structure_lines(proposal, players=players or 0, duration=duration)
    return proposal.spec, proposal.level_minutes, proposal.breaks_spec, lines


def proposed_structure(
    *,
    duration: str,
    players: int | None,
    chips: str,
    stack: int | None,
    level_minutes: int | None,
    breaks: str | None,
) -> Structure:
    """The structure for what the director has, or a `UsageError` saying what is missing."""
    from ..domain.tournament.chips import parse_denominations
    from ..domain.tournament.levels import parse_breaks

    minutes = parse_duration(duration)
    if players is None:
        raise UsageError(_("--duration needs the number of players: --players 9"))
    if not chips:
        raise UsageError(_("--duration needs the chip set: --chips 25,100,500,1000"))
    if stack is None:
        raise UsageError(_("--duration needs the starting stack: --stack 5000"))
    return propose(
        duration=minutes,
        players=players,
        chips=parse_denominations(chips),
        stack=stack,
        level_minutes=level_minutes,
        breaks=parse_breaks(breaks) if breaks else None,
    )


def structure_lines(structure: Structure, *, players: int, duration: str) -> list[str]:
    """The proposal in words: the plan, each level, the breaks and the chip races."""
    count, breaks = len(structure.levels), structure.breaks
    lines = [
        _(
            "proposed structure for {players} players in {duration}: {levels} of {minutes}"
            " minutes, a {pause}-minute break every {every} levels ({total} minutes)"
        ).format(
            players=players,
            duration=duration,
            levels=ngettext("{count} level", "{count} levels", count).format(count=count),
            minutes=structure.level_minutes,
            pause=breaks.minutes,
            every=breaks.every,
            total=structure.minutes(),
        )
    ]
    for number, level in enumerate(structure.levels, 1):
        blinds = f"{grouped(level.small_blind)}/{grouped(level.big_blind)}"
        lines.append(_("  level {number}: {blinds}").format(number=number, blinds=blinds))
        pause = number < count and breaks.after(number)
        if pause:
            lines.append(_("  break ({minutes} minutes)").format(minutes=breaks.minutes))
        for race in (r for r in structure.races if r.after == number):
            lines.append(
                _("  chip race: the {chip} chips leave, raced for {next_chip} chips").format(
                    chip=grouped(race.chip), next_chip=grouped(race.next_chip)
                )
            )
    lines.append(_("levels: {spec}").format(spec=structure.spec))
    return lines
