"""Tournament levels and the clock (domain/tournament/levels.py): the spec, CSV and TOML
files, the presets, breaks, and the clock worked from recorded events by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain.errors import UsageError
from marquoir.domain.tournament.levels import (
    PRESETS,
    Breaks,
    ClockEvent,
    ClockState,
    Level,
    clock_state,
    level_for_hand,
    parse_breaks,
    parse_level,
    parse_levels,
    parse_levels_csv,
    parse_levels_toml,
    preset,
)


def test_the_spec_reads_blinds_antes_and_big_blind_antes() -> None:
    assert parse_levels("25/50, 50/100,100/200:25,200/400:bb,300/600:bb50") == (
        Level(25, 50),
        Level(50, 100),
        Level(100, 200, 25),
        Level(200, 400, 400, big_blind_ante=True),
        Level(300, 600, 50, big_blind_ante=True),
    )


def test_a_level_prints_back_as_its_spec() -> None:
    for item in ("25/50", "100/200:25", "200/400:bb", "300/600:bb50"):
        assert str(parse_level(item)) == item


@pytest.mark.parametrize(
    "spec",
    ["", "25", "25/", "0/50", "50/25", "25/50:x", "25/50:bb0", "25/50:-5", "2.5/5", "25/٥٠"],
)
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(UsageError):
        parse_levels(spec)


def test_csv_with_or_without_a_header() -> None:
    expected = (Level(25, 50), Level(100, 200, 25), Level(200, 400, 400, big_blind_ante=True))
    text = "small,big,ante\n25,50,\n\n# the antes start\n100,200,25\n200,400,bb\n"
    assert parse_levels_csv(text) == expected
    assert parse_levels_csv("25,50\n100,200,25\n200,400,bb\n") == expected
    with pytest.raises(UsageError, match="level 2"):
        parse_levels_csv("25,50\n100\n")


def test_toml_levels() -> None:
    text = """
[[level]]
small = 25
big = 50

[[level]]
small = 200
big = 400
ante = "bb50"
"""
    assert parse_levels_toml(text) == (Level(25, 50), Level(200, 400, 50, big_blind_ante=True))
    for bad in (
        "level = 3",
        "[[level]]\nsmall = 25\nbig = true",
        "[[level]]\nsmall=1\nbig=2\nx=1",
        "=",
        "[[level]]\nsmall = 2.5\nbig = 5",
    ):
        with pytest.raises(UsageError):
            parse_levels_toml(bad)


def test_presets_are_consistent() -> None:
    assert set(PRESETS) == {"home-20", "home-15", "home-30"}
    home = preset("Home-20")
    assert home.levels[0] == Level(25, 50) and home.starting_stack == 5000
    assert home.starting_stack // home.levels[0].big_blind == 100  # 100 big blinds deep
    for p in PRESETS.values():
        # every level costs more than the one before: bigger blinds, or the ante added
        keys = [(level.big_blind, level.ante) for level in p.levels]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
        parse_breaks(p.breaks)
    with pytest.raises(UsageError, match="home-20"):
        preset("home-99")


def test_breaks() -> None:
    assert parse_breaks("4:10") == Breaks(4, 10)
    assert [n for n in range(1, 13) if Breaks(4, 10).after(n)] == [4, 8, 12]
    for bad in ("4", "0:10", "4:0", "a:b"):
        with pytest.raises(UsageError):
            parse_breaks(bad)


def clock(events: list[ClockEvent], now: float, breaks: Breaks | None = None) -> ClockState:
    return clock_state(events, now, level_count=5, level_minutes=20, breaks=breaks)


def test_the_clock_from_start_pause_resume() -> None:
    events = [ClockEvent(0, "start"), ClockEvent(600, "pause"), ClockEvent(900, "resume")]
    # By hand: at 1000 s the clock ran 600 + 100 = 700 s of level 1's 1200: 500 s left.
    assert clock(events, 1000) == ClockState(1, False, 500, 2, False, True)
    # Paused at 700: it ran 600 s; still 600 s left however long the pause.
    assert clock(events[:2], 5000) == ClockState(1, False, 600, 2, True, True)
    # 3000 s with the 300 s pause: ran 2700 = 1200 + 1200 + 300 into the break after level 2.
    assert clock(events, 3000, Breaks(2, 10)) == ClockState(3, True, 300, 3, False, True)
    # Without breaks: level 3 with 1200 - 300 = 900 s left.
    assert clock(events, 3000) == ClockState(3, False, 900, 4, False, True)


def test_the_clock_before_start_and_on_the_last_level() -> None:
    assert clock([], 100) == ClockState(1, False, 1200, 2, True, False)
    # 4 levels of 1200 s run out at 4800: level 5 is the last and never ends.
    assert clock([ClockEvent(0, "start")], 99_999) == ClockState(5, False, None, None, False, True)
    assert clock([ClockEvent(0, "start")], 4799).level == 4


def test_a_level_move_restarts_that_level() -> None:
    events = [ClockEvent(0, "start"), ClockEvent(300, "level", 3)]
    # Moved to level 3 at 300 s: at 500 s, 1200 - 200 = 1000 s left of level 3.
    assert clock(events, 500) == ClockState(3, False, 1000, 4, False, True)
    # Back to level 2 while paused: full 1200 s, the clock still stopped.
    paused = [ClockEvent(0, "start"), ClockEvent(100, "pause"), ClockEvent(200, "level", 2)]
    assert clock(paused, 900) == ClockState(2, False, 1200, 3, True, True)
    # Events after "now" are not seen yet.
    assert clock(events, 200).level == 1


@pytest.mark.parametrize(
    "events",
    [
        [ClockEvent(5, "pause")],
        [ClockEvent(0, "start"), ClockEvent(1, "start")],
        [ClockEvent(0, "start"), ClockEvent(1, "level", 6)],
        [ClockEvent(10, "start"), ClockEvent(5, "pause")],
    ],
)
def test_impossible_clock_events_are_refused(events: list[ClockEvent]) -> None:
    with pytest.raises(UsageError):
        clock(events, 100)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=2000), min_size=1, max_size=8))
def test_pauses_only_shift_the_clock(gaps: list[int]) -> None:
    """Property: a clock paused for a while reads like an unpaused clock started that much
    later (pause/resume pairs of known lengths)."""
    events, t, paused_total = [ClockEvent(0, "start")], 0, 0
    for i, gap in enumerate(gaps):
        t += gap
        events.append(ClockEvent(t, "pause" if i % 2 == 0 else "resume"))
        if i % 2 == 1:
            paused_total += gap
    now = t + 500
    got = clock(events, now, Breaks(2, 10))
    if len(gaps) % 2 == 1:  # ends paused: the clock reads what it read at the pause
        expected = clock([ClockEvent(paused_total, "start")], t, Breaks(2, 10))
        assert got.paused
        assert (got.level, got.on_break, got.seconds_left) == (
            expected.level,
            expected.on_break,
            expected.seconds_left,
        )
    else:
        assert got == clock([ClockEvent(paused_total, "start")], now, Breaks(2, 10))


def test_levels_by_hands() -> None:
    # 10-hand levels: hands 1-10 level 1, 11-20 level 2.
    assert level_for_hand(10, level_count=5, level_hands=10).level == 1
    assert level_for_hand(10, level_count=5, level_hands=10).hands_left == 0
    assert level_for_hand(11, level_count=5, level_hands=10).level == 2
    # Moved to level 4 before hand 25: hand 24 is level 3, hands 25-34 level 4, 35 level 5.
    moves = [(25, 4)]
    assert level_for_hand(24, level_count=9, level_hands=10, moves=moves).level == 3
    assert level_for_hand(25, level_count=9, level_hands=10, moves=moves).hands_left == 9
    assert level_for_hand(35, level_count=9, level_hands=10, moves=moves).level == 5
    # A break follows level 2 (breaks 2:10): hand 20 ends it.
    assert level_for_hand(20, level_count=5, level_hands=10, breaks=Breaks(2, 10)).break_after
    assert not level_for_hand(10, level_count=5, level_hands=10, breaks=Breaks(2, 10)).break_after
    assert level_for_hand(999, level_count=5, level_hands=10).hands_left is None
    with pytest.raises(UsageError):
        level_for_hand(0, level_count=5, level_hands=10)
