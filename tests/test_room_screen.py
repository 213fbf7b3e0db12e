"""The tournament screen of a room of several tables (`marquoir serve`): each table's
players, the moves to make with their rule, and the seat list a player looks up by name.

The room's data is checked first on a room written by hand (`room_view`), then on a room
the commands drew; the page is drawn by a headless Chromium at a phone's width and a TV's
size, in English and in French, and its search box is typed into.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from marquoir.domain.i18n import speaking
from marquoir.reports.room_screen import room_view, rule_text, search_key

from .english_words import english_words
from .installed import NOT_INSTALLED, Marquoir
from .screen_browser import Browser
from .test_serve import png_size, serving
from .test_tournament_screen import NEEDS_CHROMIUM, RIGHT_EDGE, read, screen_schema

pytest.importorskip("datasette")

from marquoir.cli.serve import datasette_app

# table 1 (hands recorded: its button at seat 3) has 3 players, table 2 (no hand recorded)
# has 1: table 1 must give a player, the one who would be big blind next (seat 5: after
# the button at 3 come 4, then 5) to the seat at table 2 that would be big blind next
HAND_MADE: dict[str, Any] = {
    "tables": [
        {
            "table": 1,
            "seats": 6,
            "button": 3,
            "players": [
                {"seat": 3, "name": "anne", "stack": 12500},
                {"seat": 4, "name": "Hélène", "stack": 800},
                {"seat": 5, "name": "bruno", "stack": 3000},
            ],
        },
        {"table": 2, "seats": 6, "button": None, "players": [{"seat": 2, "name": "chloe",
                                                              "stack": 5000}]},
    ],
    "seats": [
        {"name": "anne", "table": 1, "seat": 3},
        {"name": "bruno", "table": 1, "seat": 5},
        {"name": "chloe", "table": 2, "seat": 2},
        {"name": "Hélène", "table": 1, "seat": 4},
    ],
    "balanced": False,
    "moves": [
        {"player": "bruno", "from_table": 1, "to_table": 2, "to_seat": 4, "why": "balance",
         "rule": "TDA 2024 rule 11"},
    ],
    "last_moves": [
        {"player": "dora", "from_table": 3, "to_table": 1, "to_seat": 6, "why": "break",
         "rule": "TDA 2024 rule 10"},
    ],
}  # fmt: skip


def test_the_room_as_the_page_shows_it() -> None:
    with speaking("en"):
        view = room_view(HAND_MADE)
    one, two = view["tables"]
    # stacks where the hands are recorded, none where they are not
    assert (one["title"], one["count"], one["tracked"]) == ("Table 1", "3/6", True)
    assert [(p["seat"], p["name"], p["stack"]) for p in one["players"]] == [
        (3, "anne", "12,500"),
        (4, "Hélène", "800"),
        (5, "bruno", "3,000"),
    ]
    assert (two["count"], two["tracked"], two["players"][0]["stack"]) == ("1/6", False, None)
    assert view["moves"] == [
        {
            "why": "balance",
            "text": "Table 1 gives a player to table 2: bruno (seat 5, big blind next) moves"
            " to table 2, seat 4",
            "rule": "TDA 2024 rule 11",
        }
    ]
    assert view["drawn"][0]["text"] == "Table 3 broken: dora goes to table 1, seat 6"
    assert view["drawn_groups"] == [
        {
            "why": "break",
            "title": "Table 3 broken: its players' new seats",
            "rule": "TDA 2024 rule 10",
            "seats": [{"name": "dora", "text": "table 1, seat 6", "key": "dora"}],
        }
    ]
    # the seat list by name, each with a key the search folds to (no case, no accents)
    assert [(s["name"], s["text"], s["key"]) for s in view["seats"]][-1] == (
        "Hélène",
        "table 1, seat 4",
        "helene",
    )


def test_the_seats_drawn_are_grouped_by_table_broken_and_listed_by_name() -> None:
    def drawn(player: str, source: int, table: int, seat: int, why: str) -> dict[str, Any]:
        rule = "TDA 2024 rule 7" if why == "final" else "TDA 2024 rule 10"
        return {"player": player, "from_table": source, "to_table": table, "to_seat": seat,
                "why": why, "rule": rule}  # fmt: skip

    # two tables broken by one bust (4 then 3), their players drawn at tables 1 and 2
    room = dict(
        HAND_MADE,
        last_moves=[
            drawn("Zoé", 4, 1, 2, "break"),
            drawn("émile", 3, 2, 5, "break"),
            drawn("bruno", 4, 2, 1, "break"),
            drawn("Anne", 3, 1, 9, "break"),
        ],
    )
    with speaking("en"):
        groups = room_view(room)["drawn_groups"]
    assert [g["title"] for g in groups] == [
        "Table 3 broken: its players' new seats",
        "Table 4 broken: its players' new seats",
    ]
    # by name, case and accents left out: Anne before émile, bruno before Zoé
    assert [[(s["name"], s["text"]) for s in g["seats"]] for g in groups] == [
        [("Anne", "table 1, seat 9"), ("émile", "table 2, seat 5")],
        [("bruno", "table 2, seat 1"), ("Zoé", "table 1, seat 2")],
    ]
    # the final table: one group, whichever table each came from
    final = dict(
        HAND_MADE,
        last_moves=[drawn("bruno", 2, 1, 4, "final"), drawn("anne", 1, 1, 7, "final")],
    )
    with speaking("fr"):
        (group,) = room_view(final)["drawn_groups"]
    assert (group["title"], group["rule"]) == (
        "Table finale\u202f: la place de chacun",
        "règle 7 de la TDA 2024",
    )
    assert [(s["name"], s["text"]) for s in group["seats"]] == [
        ("anne", "table 1, siège 7"),
        ("bruno", "table 1, siège 4"),
    ]


def test_a_move_whose_player_is_not_known_says_how_to_find_him() -> None:
    room = dict(HAND_MADE, moves=[dict(HAND_MADE["moves"][0], player=None, to_seat=None)])
    with speaking("en"):
        (move,) = room_view(room)["moves"]
    assert move["text"].startswith("Table 1 gives a player to table 2: the one who would be")
    assert "never the small blind" in move["text"]


def test_the_room_in_french() -> None:
    with speaking("fr"):
        view = room_view(HAND_MADE)
        assert rule_text("TDA 2024 rule 10") == "règle 10 de la TDA 2024"
    assert view["tables"][0]["title"] == "Table 1"
    assert view["tables"][0]["players"][0]["stack"] == "12\u202f500"
    assert view["moves"][0]["rule"] == "règle 11 de la TDA 2024"
    assert view["moves"][0]["text"] == (
        "La table 1 donne un joueur à la table 2\u202f: bruno (siège 5, grosse blinde au prochain"
        " coup) va à la table 2, siège 4"
    )
    assert view["seats"][0]["text"] == "table 1, siège 3"


def test_the_search_key_leaves_out_case_and_accents() -> None:
    assert [search_key(n) for n in ("Hélène", "ÉLODIE", "françois", "Zoë")] == [
        "helene",
        "elodie",
        "francois",
        "zoe",
    ]


# -- a room drawn by the commands ----------------------------------------------------------

# 3 tables of 9; 24 entries fill them evenly (8, 8, 8); two busts at one table leave it 2
# short of the others (6, 8, 8), 22 players who do not fit on 2 tables: no table breaks,
# one must give a player (the largest, the first after the short table in table order)
NEW_ROOM = (
    "new club --tournament --buy-in 20 --stack 10000 --levels 50/100,100/200 --tables 3"
    " --seats 9 --final-table 9 --seed 11"
)
NAMES = [
    *("anne", "bruno", "chloe", "dora", "emile", "felix", "gaston", "hélène", "ines"),
    *("jules", "karim", "lea", "marc", "nina", "oscar", "paul", "quentin", "rose"),
    *("simon", "tina", "ugo", "vera", "william", "xavier"),
]


def drawn_room(cli: Marquoir, *, lang: str = "") -> dict[str, tuple[int, int]]:
    """The 24 entries drawn; where each `seat` said he sits."""
    cli.play(NEW_ROOM + (f" --lang {lang}" if lang else "") + "\n")
    where = {}
    for name in NAMES:
        said = cli("seat", name).strip().splitlines()[0]
        found = re.fullmatch(rf"{name}\u202f?: table (\d+), (?:seat|siège) (\d+)", said)
        assert found is not None, said
        where[name] = (int(found[1]), int(found[2]))
    return where


def short_table(cli: Marquoir, where: dict[str, tuple[int, int]], table: int) -> list[str]:
    """Two busts at `table`: the first two players seated there, knocked out by the first
    player of the next table."""
    here = sorted((n for n in NAMES if where[n][0] == table), key=lambda n: where[n][1])
    killer = next(n for n in NAMES if where[n][0] != table)
    for name in here[:2]:
        cli("out", name, "--by", killer)
    return here[:2]


@NOT_INSTALLED
def test_the_screen_shows_the_room_the_commands_drew(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    where = drawn_room(cli)
    ds = datasette_app(str(cli.db))
    data = json.loads(read(ds, "/tournament/club.json")[1])
    screen_schema().validate(data)
    room = data["room"]
    # every entry where `seat` said, 8 at each table, by name in the seat list
    assert {(s["name"], s["table"], s["seat"]) for s in room["seats"]} == {
        (name, *place) for name, place in where.items()
    }
    assert [s["name"] for s in room["seats"]] == sorted(NAMES)
    assert [(t["title"], t["count"]) for t in room["tables"]] == [
        ("Table 1", "8/9"), ("Table 2", "8/9"), ("Table 3", "8/9"),
    ]  # fmt: skip
    # no hand recorded anywhere: no stacks shown, no move to make
    assert all(p["stack"] is None for t in room["tables"] for p in t["players"])
    assert room["moves"] == [] and room["drawn"] == []
    # two busts at table 1: 6, 8, 8; table 2 (the first largest after table 1) gives
    gone = short_table(cli, where, 1)
    room = json.loads(read(ds, "/tournament/club.json")[1])["room"]
    assert [t["count"] for t in room["tables"]] == ["6/9", "8/9", "8/9"]
    assert not {s["name"] for s in room["seats"]} & set(gone)
    (move,) = room["moves"]
    assert (move["why"], move["rule"]) == ("balance", "TDA 2024 rule 11")
    assert move["text"].startswith("Table 2 gives a player to table 1:")
    # the director moves someone from table 2 to a free seat of table 1: balanced again
    mover = next(n for n in NAMES if where[n][0] == 2)
    free = next(
        s for s in range(1, 10) if (1, s) not in where.values() or s in {where[g][1] for g in gone}
    )
    cli("move", mover, f"1:{free}")
    room = json.loads(read(ds, "/tournament/club.json")[1])["room"]
    assert room["moves"] == []
    assert [t["count"] for t in room["tables"]] == ["7/9", "7/9", "8/9"]
    # 4 more busts at table 1: 18 left fit on 2 tables, table 3 (the highest) breaks and
    # its 8 players are drawn at tables 1 and 2, which the seat list shows
    left = [n for n in NAMES if n not in gone]
    busted = [n for n in left if n != mover and where[n][0] == 1][:4]
    for loser in busted:
        cli("out", loser, "--by", mover)
    room = json.loads(read(ds, "/tournament/club.json")[1])["room"]
    assert [t["title"] for t in room["tables"]] == ["Table 1", "Table 2"]
    assert [t["count"] for t in room["tables"]] == ["9/9", "9/9"]
    seats = {s["name"]: s["table"] for s in room["seats"]}
    assert set(seats) == set(left) - set(busted)
    assert {seats[n] for n in NAMES if where[n][0] == 3} <= {1, 2}
    # the page, read afresh from the file, says where table 3's eight players go, by table
    # and seat, each with its rule (TDA 2024 rule 10): the seats the list gives them
    places = {s["name"]: (s["table"], s["seat"]) for s in room["seats"]}
    from_3 = sorted((places[n], n) for n in NAMES if where[n][0] == 3)
    assert [(d["why"], d["text"], d["rule"]) for d in room["drawn"]] == [
        ("break", f"Table 3 broken: {name} goes to table {table}, seat {seat}", "TDA 2024 rule 10")
        for (table, seat), name in from_3
    ]
    # the next bust draws nothing: what it says replaces them
    cli("out", next(n for n in sorted(seats) if n != mover), "--by", mover)
    assert json.loads(read(ds, "/tournament/club.json")[1])["room"]["drawn"] == []
    # a one-table tournament has no room
    cli("new", "solo", "--tournament", "--buy-in", "20", "--stack", "1000", "--levels", "25/50")
    assert json.loads(read(ds, "/tournament/solo.json")[1])["room"] is None


@pytest.fixture
def served_room(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[Marquoir, str]]:
    """The room of 24 with table 1 two short (a move to make), served on a free port."""
    cli = Marquoir(tmp_path)
    where = drawn_room(cli, lang=getattr(request, "param", ""))
    short_table(cli, where, 1)
    with serving(cli) as (base, _process):
        yield cli, base


FILLED = "document.querySelectorAll('#seat-list li').length > 0"
VISIBLE = "Array.from(document.querySelectorAll('#seat-list li')).filter(li => !li.hidden)"


def typed(browser: Browser, text: str) -> list[str]:
    """Type `text` into the search box: the names left in the seat list."""
    browser.run(
        f"var box = document.getElementById('seat-search'); box.value = {json.dumps(text)};"
        " box.dispatchEvent(new Event('input'))"
    )
    return list(browser.run(f"{VISIBLE}.map(li => li.querySelector('b').textContent)"))


@NEEDS_CHROMIUM
def test_a_player_finds_his_seat_on_a_phone_and_the_room_fits_a_tv(
    served_room: tuple[Marquoir, str], tmp_path: Path
) -> None:
    _cli, base = served_room
    with Browser(tmp_path / "profile") as browser:
        browser.size(390, 844, mobile=True)
        browser.open(base + "/tournament/club", ready=FILLED)
        assert browser.run("document.documentElement.scrollWidth") <= 390
        assert browser.run(RIGHT_EDGE) <= 390
        text = browser.run("document.getElementById('room').textContent")
        for seen in ("Find your seat", "Moves to make", "Table 2 gives a player to table 1",
                     "TDA 2024 rule 11", "Table 3"):  # fmt: skip
            assert seen in text, seen
        # a link at the top leads a phone to the search, below the clock
        assert browser.run("document.getElementById('find-link').hidden") is False
        # busts recorded without their hand: no hand number beside them
        out = browser.run("document.getElementById('out').textContent")
        assert "(by " in out and "hand" not in out
        everyone = typed(browser, "")
        assert len(everyone) == 22
        # part of a name, any case, with or without its accents
        assert typed(browser, "HELE") == ["hélène"]
        folded = {n: n.replace("é", "e").replace("è", "e") for n in everyone}
        assert typed(browser, "NE") == [n for n in everyone if "ne" in folded[n]]
        assert typed(browser, "ène") == [n for n in everyone if "ène" in n]
        assert browser.run("document.getElementById('seat-none').hidden") is True
        assert typed(browser, "zzz") == []
        assert browser.run("document.getElementById('seat-none').hidden") is False
        # the search stays as typed when the page fetches the room again
        typed(browser, "hél")
        browser.run("marquoirScreen.reload()")
        time.sleep(1)
        assert browser.run(f"{VISIBLE}.length") == 1
        browser.screenshot(tmp_path / "room-390.png")
        # a TV: nothing wider than the screen, the tables side by side
        browser.size(1920, 1080, mobile=False)
        assert browser.run("document.documentElement.scrollWidth") <= 1920
        assert browser.run(RIGHT_EDGE) <= 1920
        tops = browser.run(
            "Array.from(document.querySelectorAll('#tables article'))"
            ".map(a => a.getBoundingClientRect().top)"
        )
        assert len(tops) == 3 and tops[0] == tops[1] == tops[2]
        # the names on the TV are large enough to read across a room: at least 16 px
        size = browser.run(
            "parseFloat(getComputedStyle(document.querySelector('#tables li')).fontSize)"
        )
        assert size >= 16
        assert png_size(browser.screenshot(tmp_path / "room-1920.png")) == (1920, 1080)


@NEEDS_CHROMIUM
@pytest.mark.parametrize("served_room", ["fr"], indirect=True)
def test_the_room_speaks_french_on_a_french_session(
    served_room: tuple[Marquoir, str], tmp_path: Path
) -> None:
    _cli, base = served_room
    with Browser(tmp_path / "profile") as browser:
        for width, height, mobile in ((390, 844, True), (1920, 1080, False)):
            browser.size(width, height, mobile=mobile)
            browser.open(base + "/tournament/club", ready=FILLED)
            assert browser.run("document.documentElement.lang") == "fr"
            assert browser.run("document.documentElement.scrollWidth") <= width
            assert browser.run(RIGHT_EDGE) <= width
            text = browser.run("document.getElementById('room').textContent")
            for seen in ("Trouver sa place", "Déplacements à faire", "Tables",
                         "La table 2 donne un joueur à la table 1",
                         "règle 11 de la TDA 2024"):  # fmt: skip
                assert seen in text, seen
            assert "Find your seat" not in text and "rule" not in text
            assert browser.run("document.getElementById('seat-search').placeholder") == "Votre nom"
            assert typed(browser, "helene") == ["hélène"]
            browser.screenshot(tmp_path / f"room-{width}-fr.png")


def broken_room(cli: Marquoir, *, lang: str = "") -> dict[str, tuple[int, int]]:
    """The room of 24 taken to its first break: two busts at table 1, a player moved there
    from table 2, four more busts at table 1; 18 players fit on 2 tables, table 3 breaks.
    Where each player sat before the break."""
    where = drawn_room(cli, lang=lang)
    gone = short_table(cli, where, 1)
    mover = next(n for n in NAMES if where[n][0] == 2)
    taken = {seat for table, seat in where.values() if table == 1}
    free = next(s for s in range(1, 10) if s not in taken or s in {where[g][1] for g in gone})
    cli("move", mover, f"1:{free}")
    left = [n for n in NAMES if n not in gone and n != mover and where[n][0] == 1]
    for loser in left[:4]:
        cli("out", loser, "--by", mover)
    return where


@pytest.fixture
def served_break(
    tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[tuple[Marquoir, str, list[str]]]:
    """The room of 24 just after table 3 broke, served on a free port; table 3's players."""
    cli = Marquoir(tmp_path)
    where = broken_room(cli, lang=getattr(request, "param", ""))
    with serving(cli) as (base, _process):
        yield cli, base, [n for n in NAMES if where[n][0] == 3]


DRAWN = "Array.from(document.querySelectorAll('#drawn li')).map(li => li.textContent)"


@NEEDS_CHROMIUM
@pytest.mark.parametrize("served_break", ["", "fr"], indirect=True)
def test_the_screen_says_where_the_players_of_a_broken_table_go(
    served_break: tuple[Marquoir, str, list[str]], tmp_path: Path
) -> None:
    cli, base, from_3 = served_break
    french = _french(cli)
    seats = {
        s["name"]: (s["table"], s["seat"]) for s in json.loads(cli("balance", "--json"))["seats"]
    }
    with Browser(tmp_path / "profile") as browser:
        for width, height, mobile in ((390, 844, True), (1920, 1080, False)):
            browser.size(width, height, mobile=mobile)
            browser.open(base + "/tournament/club", ready=FILLED)
            assert browser.run("document.getElementById('drawn-box').hidden") is False
            # one group, table 3's: its title, its rule, then each of its 8 players by name
            # (accents folded: hélène among the h) with his new table and seat
            title, rule = browser.run(
                "['#drawn h3', '#drawn small'].map(q => document.querySelector(q).textContent)"
            )
            if french:
                assert title == "Table 3 cassée\u202f: les nouvelles places de ses joueurs"
                assert rule == "règle 10 de la TDA 2024"
            else:
                assert (title, rule) == (
                    "Table 3 broken: its players' new seats",
                    "TDA 2024 rule 10",
                )
            seat_word = "siège" if french else "seat"
            assert browser.run(DRAWN) == [
                f"{name} · table {seats[name][0]}, {seat_word} {seats[name][1]}"
                for name in sorted(from_3, key=lambda n: n.replace("é", "e"))
            ]
            assert browser.run("document.querySelectorAll('#drawn section').length") == 1
            heading = "Places tout juste tirées" if french else "Seats just drawn"
            assert heading in browser.run("document.getElementById('drawn-box').textContent")
            assert browser.run("document.documentElement.scrollWidth") <= width
            assert browser.run(RIGHT_EDGE) <= width
            if french:
                text = browser.run("document.getElementById('room').textContent")
                assert english_words(text) == [], english_words(text)
            browser.screenshot(tmp_path / f"drawn-{width}{'-fr' if french else ''}.png")


def _french(cli: Marquoir) -> bool:
    """Whether the session speaks French (`new ... --lang fr`)."""
    (session,) = json.loads(cli("sessions", "--json"))["sessions"]
    return bool(session["settings"].get("lang") == "fr")


@NOT_INSTALLED
def test_a_room_of_70_entries_is_paid_by_the_default_table(tmp_path: Path) -> None:
    """70 entries without `--payouts` pay 11 places (15 %, half up: 10.5 -> 11); the default
    table used to stop at 69 entries, and the screen said "give --payouts" instead."""
    cli = Marquoir(tmp_path)
    seats = "".join(f"seat p{number}\n" for number in range(1, 71))
    cli.play(NEW_ROOM.replace("--tables 3", "--tables 8") + "\n" + seats)
    places = json.loads(cli("places", "--json"))
    assert len(places["payouts"]) == 11
    ds = datasette_app(str(cli.db))
    for path in ("/tournament/club", "/tournament/club.json"):
        status, page = read(ds, path)
        assert status == 200, page
        assert "Traceback" not in page and "give --payouts" not in page
