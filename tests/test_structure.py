"""The structure proposed from the time, the players, the chips and the stack.

Checked against the rules of the method (docs/rules.md) on several chip sets, not against
the generator's own output: every blind a multiple of the smallest chip in play, the big
blind twice the small, blinds rising, the levels and breaks filling the time, a chip race at
a break after the last level that needs the chip, two denominations kept to the end.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from marquoir.domain import UsageError
from marquoir.domain.tournament.levels import Breaks
from marquoir.domain.tournament.structure import (
    Structure,
    parse_duration,
    planned_minutes,
    propose,
)

from .installed import NOT_INSTALLED, Marquoir

# (chips, stack, players, minutes)
KITS = [
    ((25, 100, 500, 1000), 5000, 9, 240),
    ((5, 25, 100, 500), 1500, 8, 180),
    ((1, 5, 25, 100), 200, 6, 150),
    ((25, 100, 500, 1000, 5000), 10000, 20, 300),
    ((100, 500, 1000), 20000, 10, 240),
    ((25, 100), 3000, 6, 120),
    ((50, 100, 500, 1000, 5000), 30000, 40, 360),
]


def in_play(structure: Structure, chips: tuple[int, ...], level: int) -> int:
    """The smallest chip still in play at `level` (a race after level N removes it from
    level N + 1)."""
    raced = {race.chip for race in structure.races if race.after < level}
    return min(chip for chip in chips if chip not in raced)


@pytest.mark.parametrize(("chips", "stack", "players", "minutes"), KITS)
def test_the_proposal_keeps_the_rules_of_the_method(
    chips: tuple[int, ...], stack: int, players: int, minutes: int
) -> None:
    structure = propose(duration=minutes, players=players, chips=chips, stack=stack)
    levels = structure.levels
    count = len(levels)
    # the time: as many levels as fit with their breaks, and no more
    assert structure.minutes() <= minutes
    assert planned_minutes(count + 1, structure.level_minutes, structure.breaks) > minutes
    assert structure.breaks == Breaks(every=4, minutes=10)
    for number, level in enumerate(levels, 1):
        chip = in_play(structure, chips, number)
        assert level.small_blind % chip == 0, (number, level, chip)
        assert level.big_blind == 2 * level.small_blind
        assert level.ante == 0
    # rising every level
    assert all(a.big_blind < b.big_blind for a, b in itertools.pairwise(levels))
    # a hundred big blinds deep at the start, within a round value (the smallest is 2 chips)
    first = levels[0].big_blind
    assert first == 2 * chips[0] or 1 / 1.5 <= first / (stack / 100) <= 1.5
    # at the planned end all the chips are about 20 big blinds (within the last rounding)
    assert 1 / 1.5 <= levels[-1].big_blind / (players * stack / 20) <= 1.5
    # the chip races: smallest first, each after the last level needing the chip, at a break
    # when one is left, and two denominations always stay
    raced = [race.chip for race in structure.races]
    assert raced == list(chips[: len(raced)])
    assert len(chips) - len(raced) >= 2
    for race in structure.races:
        assert race.next_chip == chips[chips.index(race.chip) + 1]
        later = levels[race.after :]
        assert all(level.small_blind % race.next_chip == 0 for level in later)
        needing = [n for n, level in enumerate(levels, 1) if level.small_blind % race.next_chip]
        assert race.after >= max(needing, default=1)
        if race.at_break:
            assert structure.breaks.after(race.after)
            # the first break after the last level needing it
            assert not any(
                structure.breaks.after(n) for n in range(max(needing, default=1), race.after)
            )
        else:
            assert race.after == max(needing)
            assert not any(structure.breaks.after(n) for n in range(race.after, count))


def test_the_worked_example_of_the_method() -> None:
    """9 players, 4 hours, 25/100/500/1000, 5,000 chips. Level length: 240 / 12 = 20
    minutes; 11 levels + 2 breaks = 220 + 20 = 240. First big blind 5,000 / 100 = 50, last
    about 45,000 / 20 = 2,250: a ratio of 45^(1/10) = 1.4633 a level; the ideal small blinds
    25, 36.6, 53.5, 78.3, 114.6, 167.7, 245.4, 359.1, 525.4, 768.8, 1125.0. Each goes to the
    nearest round value above the level before that the smallest chip in play makes: 25, 50
    (36.6 is nearer 50 than 25 in proportion), 75, 100 (above 75), 150, 200 (above 150);
    from 245.4 (twice 100 or more) the 25s are out of the blinds: 300, 400, 500, then 800
    (768.8: 750 is no multiple of 100), and 1000 (from 1125.0, twice 500 or more, the
    blinds are multiples of 500)."""
    structure = propose(duration=240, players=9, chips=(25, 100, 500, 1000), stack=5000)
    assert structure.level_minutes == 20
    assert [level.small_blind for level in structure.levels] == [
        25, 50, 75, 100, 150, 200, 300, 400, 500, 800, 1000,
    ]  # fmt: skip
    assert math.isclose((2250 / 50) ** (1 / 10), 1.4633, abs_tol=1e-4)
    # 150/300 at level 5 is the last to need 25s: the break after level 8; 800/1600 at level
    # 10 the last to need 100s, no break after it: at the end of level 10
    assert [(r.chip, r.after, r.at_break) for r in structure.races] == [
        (25, 8, True),
        (100, 10, False),
    ]
    assert structure.spec.startswith("25/50,50/100,75/150,100/200,")


def test_the_director_s_level_length_and_breaks_are_kept() -> None:
    structure = propose(
        duration=180,
        players=9,
        chips=(25, 100, 500, 1000),
        stack=5000,
        level_minutes=15,
        breaks=Breaks(every=3, minutes=15),
    )
    # 9 levels of 15 and 2 breaks of 15: 135 + 30 = 165; 10 levels: 150 + 45 = 195
    assert (len(structure.levels), structure.level_minutes) == (9, 15)
    assert structure.breaks_spec == "3:15"


@pytest.mark.parametrize(
    ("text", "minutes"), [("4h", 240), ("3h30", 210), ("3h30m", 210), ("90m", 90), ("90", 90)]
)
def test_durations(text: str, minutes: int) -> None:
    assert parse_duration(text) == minutes


@pytest.mark.parametrize("text", ["", "4x", "h", "10m", "25h", "-3h"])
def test_durations_refused(text: str) -> None:
    with pytest.raises(UsageError):
        parse_duration(text)


def test_a_stack_the_chips_cannot_make_is_refused() -> None:
    with pytest.raises(UsageError, match="multiple of the smallest chip"):
        propose(duration=240, players=9, chips=(25, 100), stack=5010)


@NOT_INSTALLED
def test_new_prints_the_proposal_then_records_it(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    out = cli(
        "new", "t", "--tournament", "--buy-in", "20", "--duration", "4h", "--players", "9",
        "--chips", "25,100,500,1000", "--stack", "5000",
    )  # fmt: skip
    lines = out.splitlines()
    assert lines[0].startswith("proposed structure for 9 players in 4h: 11 levels of 20 minutes")
    assert "  level 11: 1,000/2,000" in lines
    assert lines.index("  break (10 minutes)") == lines.index("  level 4: 100/200") + 1
    race = "  chip race: the 25 chips leave, raced for 100 chips"
    assert lines.index(race) == lines.index("  level 8: 400/800") + 2
    # printed before it is recorded: the proposal, then the session's creation
    created = [n for n, line in enumerate(lines) if line.startswith("session t created")]
    assert created and created[0] > lines.index("  level 11: 1,000/2,000")
    assert cli("level").strip() == "level 1 of 11: 25/50"
    # --levels wins
    out = cli(
        "new", "u", "--tournament", "--buy-in", "20", "--duration", "4h", "--players", "9",
        "--chips", "25,100,500,1000", "--stack", "5000", "--levels", "10/20,20/40",
        "--level-minutes", "15",
    )  # fmt: skip
    assert "proposed" not in out
    assert cli("level").strip() == "level 1 of 2: 10/20"


@NOT_INSTALLED
def test_what_is_missing_is_one_error_line_and_nothing_recorded(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    base = ("new", "t", "--tournament", "--buy-in", "20", "--duration", "4h")
    for extra, said in (
        (("--chips", "25,100", "--stack", "5000"), "--players 9"),
        (("--players", "9", "--stack", "5000"), "--chips 25,100,500,1000"),
        (("--players", "9", "--chips", "25,100"), "--stack 5000"),
        (("--players", "9", "--chips", "25,100", "--stack", "5010"), "smallest chip"),
    ):
        done = cli.run(*base, *extra)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("Error: ") and said in done.stderr
        assert done.stdout == ""
    # the buy-in left out: a freeroll (places and league points), recorded as one
    done = cli.run("new", "f", "--tournament", "--duration", "4h", "--players", "9",
                   "--chips", "25,100", "--stack", "5000")  # fmt: skip
    assert done.returncode == 0 and "league points" in done.stdout, done.stderr
    done = cli.run(*base, "--players", "9", "--chips", "25,100", "--stack", "5000",
                   "--level-hands", "10")  # fmt: skip
    assert done.returncode == 2 and done.stdout == "" and "--level-hands" in done.stderr
    done = cli.run(*base[:3], "--players", "9", "--chips", "25,100", "--stack", "5000")
    assert done.returncode == 2 and "--duration 4h" in done.stderr
    done = cli.run(*base[:3], "--duration", "4x", "--levels", "10/20", "--stack", "500")
    assert done.returncode == 2 and "4x" in done.stderr
    done = cli.run("new", "c", "--blinds", "1/2", "--duration", "4h")
    assert done.returncode == 2 and "for a tournament" in done.stderr
    assert cli.run("sessions").stdout.count("\n") <= 1


README = Path(__file__).resolve().parents[1] / "README.md"
README_FR = README.with_name("README.fr.md")


@NOT_INSTALLED
@pytest.mark.parametrize("readme", [README, README_FR], ids=["en", "fr"])
def test_the_readme_shows_what_new_prints(tmp_path: Path, readme: Path) -> None:
    """The README's example (and the French one's) is what the command prints, line by line
    ("..." stands for lines left out)."""
    text = readme.read_text(encoding="utf-8")
    block = text.split("--duration 4h --players 9 \\\n", 1)[1].split("```", 1)[0]
    first, *shown = block.splitlines()
    args = ("--chips", "25,100,500,1000", "--stack", "5000", *first.split()[4:])
    assert first.split()[:4] == ["--chips", "25,100,500,1000", "--stack", "5000"]
    cli = Marquoir(tmp_path)
    out = cli(
        "new", "vendredi", "--tournament", "--buy-in", "20", "--duration", "4h",
        "--players", "9", *args,
    ).splitlines()  # fmt: skip
    for line in shown:
        assert line.strip() == "..." or line in out, line
    assert len([line for line in shown if line.strip() != "..."]) >= 3
