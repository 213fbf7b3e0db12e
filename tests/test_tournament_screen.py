"""The tournament's screen on `marquoir serve`: its data, and the page in a real browser.

The data is checked against the tournament worked by hand (4 players at 20 EUR with a 5 EUR
bounty: a pool of 4 x 15 = 60 EUR paid 60/40 = 36 and 24; d busted by c, 4th). The page is
drawn by a headless Chromium at a phone's width and a TV's size; its clock is moved on by
replacing the page's one reading of the browser's clock, so no test waits for a level.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from marquoir.domain.tournament.levels import ClockState
from marquoir.domain.tournament.session import TournamentSettings

from .installed import MARQUOIR, NOT_INSTALLED, Marquoir
from .screen_browser import CHROMIUM, Browser

pytest.importorskip("datasette")

from marquoir.cli.serve import datasette_app
from marquoir.reports.tournament_screen import segments

from .test_serve import free_port, get, png_size, wait_until_up

IN_CI = os.environ.get("CI") == "true"
NEEDS_CHROMIUM = pytest.mark.skipif(
    CHROMIUM is None and not IN_CI, reason="Chromium is not installed (CI installs it)"
)
# 4 entries at 20 EUR, 5 of it on each head; 1-minute levels, a 5-minute break after level 2
NEW = (
    "new t9 --tournament --buy-in 20 --stack 1000 --bounty 5 --payouts 60/40"
    " --levels 25/50,50/100,100/200:25,200/400 --level-minutes 1 --breaks 2:5"
)
# d goes all-in first to act, a and b fold, c (big blind) calls and wins: d is out, 4th
FIRST_HAND = """seat a
seat b
seat c
seat d
deal
allin
fold
fold
call
win c
"""


def tournament(cli: Marquoir, *, lang: str = "") -> None:
    cli.play(NEW + (f" --lang {lang}" if lang else "") + "\n" + FIRST_HAND)


def test_the_schedule_ahead_from_the_clock() -> None:
    """Level 1 with 30 s left, 1-minute levels, a 5-minute break after level 2: then level
    2 (60 s), the break (300 s, before level 3), level 3 (60 s), and level 4, the last, which
    lasts to the end."""
    settings = TournamentSettings(
        buy_in="20", stack=1000, levels="25/50,50/100,100/200:25,200/400", level_minutes=1,
        breaks="2:5",
    )  # fmt: skip
    clock = ClockState(1, False, 30.0, 2, False, True)
    found = [
        (s["kind"], s["level"], s["blinds"], s["seconds"]) for s in segments(settings, clock, 1)
    ]
    assert found == [
        ("level", 1, "25/50", 30.0),
        ("level", 2, "50/100", 60),
        ("break", 3, "100/200 ante 25", 300),
        ("level", 3, "100/200 ante 25", 60),
        ("level", 4, "200/400", None),
    ]
    # in the break: the break's seconds left, then level 3
    clock = ClockState(3, True, 120.0, 3, False, True)
    assert [(s["kind"], s["level"], s["seconds"]) for s in segments(settings, clock, 2)][:2] == [
        ("break", 3, 120.0),
        ("level", 3, 60),
    ]
    # before the first deal: the schedule from the level in play at its full length
    clock = ClockState(1, False, 60.0, 2, True, False)
    assert [(s["kind"], s["level"], s["seconds"]) for s in segments(settings, clock, 2)] == [
        ("level", 2, 60),
        ("break", 3, 300),
        ("level", 3, 60),
        ("level", 4, None),
    ]
    # no clock (levels by hands, or moved by the director): the level in play and the next
    # one, neither with a length; the last level alone
    assert segments(settings, None, 3) == [
        {
            "kind": "level",
            "level": 3,
            "blinds": "100/200 ante 25",
            "stakes": "100/200",
            "ante": "ante 25",
            "seconds": None,
        },
        {
            "kind": "level",
            "level": 4,
            "blinds": "200/400",
            "stakes": "200/400",
            "ante": "",
            "seconds": None,
        },
    ]
    assert [s["level"] for s in segments(settings, None, 4)] == [4]


def screen_schema() -> Any:
    """The data's JSON Schema (marquoir/schemas/tournament-screen.json), checked itself."""
    from jsonschema import Draft202012Validator

    path = Path(__file__).resolve().parents[1] / "marquoir" / "schemas" / "tournament-screen.json"
    loaded = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(loaded)
    return Draft202012Validator(loaded)


def test_the_schema_refuses_a_broken_document() -> None:
    broken = {"version": 1, "session": "t", "segments": []}
    assert not screen_schema().is_valid(broken)


def read(ds: Any, path: str) -> tuple[int, str]:
    async def fetch() -> tuple[int, str]:
        response = await ds.client.get(path)
        return int(response.status_code), str(response.text)

    return asyncio.run(fetch())


@NOT_INSTALLED
def test_the_data_is_the_tournament_worked_by_hand(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    tournament(cli)
    cli("new", "cash", "--blinds", "1/2")
    ds = datasette_app(str(cli.db))
    status, text = read(ds, "/tournament/t9.json")
    assert status == 200
    data = json.loads(text)
    screen_schema().validate(data)
    assert data["version"] == 1 and data["session"] == "t9"
    assert (data["players_left"], data["entries"], data["rebuys"], data["add_ons"]) == (3, 4, 0, 0)
    # 4 x (20 - 5) = 60 EUR, paid 60/40
    assert data["prize_pool"] == "60 EUR"
    assert data["payouts"] == ["36 EUR", "24 EUR"]
    # 4,000 chips among 3 players: 1,333 each, 26.7 big blinds of 50
    assert (data["average_stack"], data["average_big_blinds"]) == ("1,333", "26.7")
    assert data["heads"] == [{"name": n, "bounty": "5 EUR"} for n in ("a", "b", "c")]
    assert data["eliminations"] == [{"place": 4, "name": "d", "hand": 1, "by": ["c"]}]
    # the clock started with the deal: level 1 of 1 minute, running
    assert data["running"] and data["started"] and not data["paused"]
    first = data["segments"][0]
    assert (first["kind"], first["level"], first["blinds"]) == ("level", 1, "25/50")
    assert 0 < first["seconds"] <= 60
    assert abs(data["now"] - time.time()) < 30
    assert data["seconds_to_break"] == pytest.approx(first["seconds"] + 60)
    # a hand in play: the field and the average are those of the deal, not moving with bets
    cli("use", "t9")
    cli("deal")
    cli("allin")
    during = json.loads(read(ds, "/tournament/t9.json")[1])
    assert (during["players_left"], during["average_stack"]) == (3, "1,333")
    cli("undo")
    cli("undo")
    # the page links to its data and carries the first draw's data inside
    status, page = read(ds, "/tournament/t9")
    assert status == 200 and '<script id="data" type="application/json">' in page
    # the index links to the screen of a tournament, not of a cash game
    _status, index = read(ds, "/")
    assert '<a href="/tournament/t9">tournament screen</a>' in index
    assert "/tournament/cash" not in index
    assert read(ds, "/tournament/cash")[0] == 404
    # the table's page of a tournament links to its screen too
    assert '<a href="/tournament/t9">tournament screen</a>' in read(ds, "/table/t9")[1]
    assert "/tournament/" not in read(ds, "/table/cash")[1]
    assert read(ds, "/tournament/nobody.json")[0] == 404


@NOT_INSTALLED
def test_a_paused_clock_is_frozen_in_the_data(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    tournament(cli)
    cli("pause")
    ds = datasette_app(str(cli.db))
    first = json.loads(read(ds, "/tournament/t9.json")[1])
    time.sleep(1.1)
    second = json.loads(read(ds, "/tournament/t9.json")[1])
    assert first["paused"] and not first["running"]
    assert first["segments"][0]["seconds"] == second["segments"][0]["seconds"]


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Marquoir, str]]:
    """The tournament after its first hand, served on a free port."""
    if MARQUOIR is None:
        pytest.skip("the marquoir command is not installed")
    cli = Marquoir(tmp_path)
    tournament(cli, lang=getattr(request, "param", ""))
    port = free_port()
    with open(tmp_path / "serve.log", "w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [MARQUOIR, "serve", "--port", str(port)], env=cli.env, stdout=log, stderr=log
        )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(base + "/", process)
        yield cli, base
    finally:
        process.terminate()
        process.wait(timeout=10)


def seconds(text: str) -> int:
    minutes, secs = text.split(":")
    return int(minutes) * 60 + int(secs)


TIME = "document.getElementById('time').textContent"
# the right edge of the widest thing drawn: nothing is cut off when it is within the window
RIGHT_EDGE = (
    "Math.max(...Array.from(document.querySelectorAll('body *'))"
    ".map(e => e.getBoundingClientRect().right))"
)
DRAWN = f"{TIME} !== ''"


@NEEDS_CHROMIUM
def test_the_page_counts_down_and_alerts_at_the_level_change(
    served: tuple[Marquoir, str], tmp_path: Path
) -> None:
    cli, base = served
    with Browser(tmp_path / "profile") as browser:
        browser.size(390, 844, mobile=True)
        browser.open(base + "/tournament/t9", ready=DRAWN)
        # nothing wider than the phone: no scrolling sideways, nothing cut off
        assert browser.run("document.documentElement.scrollWidth") <= 390
        assert browser.run(RIGHT_EDGE) <= 390
        data = png_size(browser.screenshot(tmp_path / "tournament-390.png"))
        assert data == (390, 844)
        text = browser.run("document.body.innerText")
        for seen in ("Level 1 / 4", "25/50", "Level 2: 50/100", "3 / 4", "60 EUR", "36 EUR"):
            assert seen in text, seen
        assert "4. d (by c) · hand 1" in text
        # the real clock moves the count
        before = seconds(browser.run(TIME))
        time.sleep(1.2)
        assert seconds(browser.run(TIME)) < before
        # then the page's clock is moved on: 5 s, then past the end of level 1
        moved = browser.run(
            "marquoirScreen.now = function () { return Date.now() / 1000 + 5; };"
            f" marquoirScreen.tick(); {TIME}"
        )
        assert before - 8 <= seconds(moved) <= before - 5
        assert browser.run("marquoirScreen.alerts") == []
        browser.run(
            "marquoirScreen.now = function () { return Date.now() / 1000 + 61; };"
            " marquoirScreen.tick()"
        )
        assert browser.run("marquoirScreen.alerts") == ["Level 2: 50/100"]
        assert browser.run("document.getElementById('alert').hidden") is False
        assert browser.run("document.getElementById('level').textContent") == "Level 2 / 4"
        # a minute later, the break after level 2 (5 minutes): its own alert
        browser.run(
            "marquoirScreen.now = function () { return Date.now() / 1000 + 121; };"
            " marquoirScreen.tick()"
        )
        assert browser.run("marquoirScreen.alerts")[-1] == "Break: 5 min"
        # a bust recorded at the table shows at the next fetch
        cli("deal")
        cli("allin")
        cli("fold")
        cli("call")
        cli("win", "a")
        browser.run("marquoirScreen.reload()")
        deadline = time.monotonic() + 10
        while "3. " not in browser.run("document.getElementById('out').innerText"):
            assert time.monotonic() < deadline, "the page did not fetch the bust"
            time.sleep(0.2)
        # the clock stopped at the table: the count freezes, whatever the time
        cli("pause")
        browser.run("marquoirScreen.reload()")
        deadline = time.monotonic() + 10
        while browser.run("document.getElementById('state').textContent") == "":
            assert time.monotonic() < deadline, "the page did not fetch the pause"
            time.sleep(0.2)
        assert browser.run("document.getElementById('state').textContent") == (
            "The clock is stopped"
        )
        frozen = browser.run(TIME)
        browser.run(
            "marquoirScreen.now = function () { return Date.now() / 1000 + 500; };"
            " marquoirScreen.tick()"
        )
        assert browser.run(TIME) == frozen
        # the sound's switch
        assert browser.run("document.getElementById('sound').textContent") == "Sound: on"
        browser.click("sound")
        assert browser.run("document.getElementById('sound').textContent") == "Sound: off"
        assert browser.run("localStorage.getItem('marquoir-sound')") == "off"
        # a TV
        browser.size(1920, 1080, mobile=False)
        assert browser.run("document.documentElement.scrollWidth") <= 1920
        assert png_size(browser.screenshot(tmp_path / "tournament-1920.png")) == (1920, 1080)
        # the clock's digits are large on the TV: more than a tenth of the screen's height
        height = browser.run("document.getElementById('time').getBoundingClientRect().height")
        assert height > 108
        # the fullscreen button fills the screen with the page
        assert browser.run("document.fullscreenElement") is None
        browser.click("fullscreen")
        deadline = time.monotonic() + 5
        while browser.run("document.fullscreenElement === document.documentElement") is not True:
            assert time.monotonic() < deadline, "the page did not go fullscreen"
            time.sleep(0.1)


@NEEDS_CHROMIUM
@pytest.mark.parametrize("served", ["fr"], indirect=True)
def test_the_page_speaks_french_on_a_french_session(
    served: tuple[Marquoir, str], tmp_path: Path
) -> None:
    _cli, base = served
    with Browser(tmp_path / "profile") as browser:
        browser.size(390, 844, mobile=True)
        browser.open(base + "/tournament/t9", ready=DRAWN)
        assert browser.run("document.documentElement.lang") == "fr"
        assert browser.run("document.documentElement.scrollWidth") <= 390
        assert browser.run(RIGHT_EDGE) <= 390
        text = browser.run("document.body.innerText")
        for seen in ("Niveau 1 / 4", "Joueurs restants", "Dotation", "60\u00a0€", "36\u00a0€"):
            assert seen in text, seen
        # a hand by its number is a *coup* at a French table (docs/glossary.md), never *main*
        assert re.search(r"4\. d \(par c\) · coup 1", text), text
        browser.screenshot(tmp_path / "tournament-390-fr.png")
        browser.run(
            "marquoirScreen.now = function () { return Date.now() / 1000 + 61; };"
            " marquoirScreen.tick()"
        )
        assert browser.run("marquoirScreen.alerts") == ["Niveau 2\u202f: 50/100"]
    index = get(base + "/")
    assert '<a href="/tournament/t9">' in index


@NOT_INSTALLED
def test_the_count_stops_with_the_winner(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    cli.play(
        "new duel --tournament --buy-in 10 --stack 500 --levels 25/50,50/100 --level-minutes 5\n"
        "seat a\nseat b\ndeal\nallin\ncall\nwin a\n"
    )
    data = json.loads(read(datasette_app(str(cli.db)), "/tournament/duel.json")[1])
    screen_schema().validate(data)
    assert data["over"] and data["winner"] == "a"
    assert not data["running"]  # the page shows the time as it was, frozen
    assert data["eliminations"] == [{"place": 2, "name": "b", "hand": 1, "by": ["a"]}]
    assert data["players_left"] == 1


@NEEDS_CHROMIUM
@NOT_INSTALLED
def test_big_blinds_and_long_names_fit_a_phone(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    cli.play(
        "new grosse-soiree-du-vendredi-soir --tournament --buy-in 1000 --stack 2000000"
        " --levels 100000/200000:bb,150000/300000:bb --level-minutes 60 --bounty 250"
        " --progressive --lang fr\n"
        "seat anne-marie-louise\nseat bruno-christophe\nseat chloe-elisabeth\ndeal\n"
    )
    port = free_port()
    assert MARQUOIR is not None
    with open(tmp_path / "serve.log", "w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [MARQUOIR, "serve", "--port", str(port)], env=cli.env, stdout=log, stderr=log
        )
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_up(base + "/", process)
        with Browser(tmp_path / "profile") as browser:
            browser.size(390, 844, mobile=True)
            browser.open(base + "/tournament/grosse-soiree-du-vendredi-soir", ready=DRAWN)
            assert browser.run("document.documentElement.scrollWidth") <= 390
            assert browser.run(RIGHT_EDGE) <= 390
            # the blinds on one line each side of the slash, the ante below
            assert browser.run("document.getElementById('blinds').textContent") == (
                "100\u202f000/200\u202f000"
            )
            assert browser.run("document.getElementById('ante').textContent") == (
                "ante grosse blinde 200\u202f000"
            )
            browser.screenshot(tmp_path / "tournament-390-big.png")
            browser.size(1920, 1080, mobile=False)
            assert browser.run(RIGHT_EDGE) <= 1920
            browser.screenshot(tmp_path / "tournament-1920-big.png")
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_data_inside_the_page_cannot_close_its_script() -> None:
    from marquoir.reports.tournament_screen import script_text

    text = script_text({"name": "</script><!--x"})
    assert "<" not in text
    assert json.loads(text) == {"name": "</script><!--x"}


# Levels with no clock: 25/50 then 50/100, moved by the director (`level next`) or every 10
# hands; one hand played (d busted), so level 1 is in play and level 2 comes next.
BY_DIRECTOR = (
    "new nc --tournament --buy-in 20 --stack 1000 --payouts 60/40 --levels 25/50,50/100,100/200"
)


@NOT_INSTALLED
@pytest.mark.parametrize("timing", ["", " --level-hands 10"])
def test_without_a_clock_the_screen_names_the_next_level(tmp_path: Path, timing: str) -> None:
    """A tournament whose levels are moved by hand said "Levels go by hands" and "Next level:
    none": its data says who moves the levels, and the next level is in the schedule (25/50
    now, 50/100 next), without a length; levels by hands too."""
    cli = Marquoir(tmp_path)
    cli.play(BY_DIRECTOR + timing + "\n" + FIRST_HAND)
    data = json.loads(read(datasette_app(str(cli.db)), "/tournament/nc.json")[1])
    screen_schema().validate(data)
    assert (data["by_hands"], data["by_director"]) == (
        (False, True) if not timing else (True, False)
    )
    assert [(s["level"], s["blinds"], s["seconds"]) for s in data["segments"]] == [
        (1, "25/50", None),
        (2, "50/100", None),
    ]
    assert not data["running"] and data["seconds_to_break"] is None
    cli("level", "3")
    data = json.loads(read(datasette_app(str(cli.db)), "/tournament/nc.json")[1])
    assert [s["level"] for s in data["segments"]] == [3]  # the last level: nothing after it


@NEEDS_CHROMIUM
@NOT_INSTALLED
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_page_of_levels_moved_by_the_director(tmp_path: Path, lang: str) -> None:
    cli = Marquoir(tmp_path)
    cli.play(BY_DIRECTOR + f" --lang {lang}\n" + FIRST_HAND)
    port = free_port()
    with open(tmp_path / "serve.log", "w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [MARQUOIR, "serve", "--port", str(port)], env=cli.env, stdout=log, stderr=log
        )
    base = f"http://127.0.0.1:{port}"
    said = {
        "en": ("The director moves the levels (level next)", "Level 2: 50/100"),
        "fr": ("Le directeur change les niveaux (niveau suivant)", "Niveau 2\u202f: 50/100"),
    }[lang]
    try:
        wait_until_up(base + "/", process)
        with Browser(tmp_path / "profile") as browser:
            for width, height, mobile in ((390, 844, True), (1920, 1080, False)):
                browser.size(width, height, mobile=mobile)
                browser.open(base + "/tournament/nc", ready=DRAWN)
                assert browser.run("document.getElementById('state').textContent") == said[0]
                assert browser.run("document.getElementById('next').textContent") == said[1]
                assert browser.run(TIME) == "—"
                assert browser.run(RIGHT_EDGE) <= width
    finally:
        process.terminate()
        process.wait(timeout=10)
