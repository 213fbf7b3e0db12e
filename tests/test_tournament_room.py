"""A tournament at several tables (docs/rules.md, "Several tables"): the worked 27-player
club night of examples/club.txt, then each rule and each refusal on its own.

The expected values are worked by hand from the rules: the places from the order of the
busts (players out on one hand by their stacks at its start), the prizes from 50/30/20 % of
27 x (20 - 5) = 405 EUR, the bounties from who busted whom, the league points from the
field (entries - place + 1). The seat draws are checked by an oracle written here from the
rule (a seat chosen with the draw's seed among the open seats of the tables with the fewest
players), not by the program's own draw.
"""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from .installed import Marquoir

ROOT = Path(__file__).resolve().parent.parent
CLUB = (ROOT / "examples" / "club.txt").read_text(encoding="utf-8")
NEW = (
    "new club --tournament --buy-in 20 --bounty 5 --stack 5000 --levels 100/200,200/400 "
    "--payouts 50/30/20 --tables 3 --seats 9 --final-table 9 --seed 2026"
)


def _lines_up_to(marker: str) -> str:
    """The club night's script up to (not including) the first line starting `marker`."""
    lines = CLUB.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith(marker))
    return "\n".join(lines[:end]) + "\n"


def _events(cli: Marquoir, kind: str) -> list[Any]:
    with sqlite3.connect(cli.db) as conn:
        rows = conn.execute(
            "SELECT data FROM events WHERE kind = ? AND undone = 0 ORDER BY id", (kind,)
        ).fetchall()
    return [json.loads(row[0]) for row in rows]


def _valid(name: str, data: dict[str, Any]) -> dict[str, Any]:
    from jsonschema import Draft202012Validator

    loaded = json.loads((ROOT / "marquoir" / "schemas" / f"{name}.json").read_text("utf-8"))
    assert [e.message for e in Draft202012Validator(loaded).iter_errors(data)] == []
    return data


def _room(cli: Marquoir) -> dict[str, Any]:
    data: dict[str, Any] = _valid("balance", json.loads(cli("balance", "--json")))
    assert data.pop("version") == 1
    return data


def _places(cli: Marquoir) -> dict[str, Any]:
    return _valid("places", json.loads(cli("places", "--json")))


def _seated(room: dict[str, Any]) -> dict[str, tuple[int, int]]:
    return {row["name"]: (row["table"], row["seat"]) for row in room["seats"]}


def _count_events(cli: Marquoir) -> int:
    with sqlite3.connect(cli.db) as conn:
        return int(conn.execute("SELECT count(*) FROM events WHERE undone = 0").fetchone()[0])


# -- the worked example: examples/club.txt ---------------------------------------------------


def test_the_seat_draw_follows_the_rule_with_the_seed_kept_with_each_draw(cli: Marquoir) -> None:
    cli.play(_lines_up_to("# Hand 1"))
    taken: dict[int, set[int]] = {1: set(), 2: set(), 3: set()}
    for drawn in _events(cli, "seat"):
        # the oracle: the open seats of the tables with the fewest players, table by table
        # and seat by seat, one of them chosen with the draw's own seed
        fewest = min(len(seats) for seats in taken.values())
        open_seats = [
            (table, seat)
            for table in (1, 2, 3)
            if len(taken[table]) == fewest
            for seat in range(1, 10)
            if seat not in taken[table]
        ]
        table, seat = random.Random(drawn["seed"]).choice(open_seats)
        assert drawn["seat"] == table * 100 + seat, drawn
        taken[table].add(seat)
    # 27 players: 9 at each table, every seat taken once
    assert [len(seats) for seats in taken.values()] == [9, 9, 9]
    room = _room(cli)
    assert [len(t["players"]) for t in room["tables"]] == [9, 9, 9]
    assert room["balanced"] is True


def test_the_same_seed_draws_the_same_seats_and_another_seed_others(tmp_path: Path) -> None:
    def draw(folder: str, seed: int) -> dict[str, tuple[int, int]]:
        cli = Marquoir(tmp_path / folder, in_process=True)
        (tmp_path / folder).mkdir()
        script = _lines_up_to("# Hand 1").replace("--seed 2026", f"--seed {seed}")
        cli.play(script)
        return _seated(_room(cli))

    first, again, other = draw("a", 2026), draw("b", 2026), draw("c", 7)
    assert first == again
    assert first != other


def test_seat_says_the_table_and_the_seat(cli: Marquoir) -> None:
    cli.play(NEW + "\n")
    out = cli("seat", "anne")
    (drawn,) = _events(cli, "seat")
    table, seat = divmod(drawn["seat"], 100)
    assert out == f"anne: table {table}, seat {seat}\n"
    # undone and drawn again: the same seed, the same seat
    cli("undo")
    assert cli("seat", "anne") == out


def test_the_next_big_blind_of_the_tracked_table_is_named_to_move(cli: Marquoir) -> None:
    # Hand 1 at table 3 put the button on seat 1 (william); jules (seat 4) is out. After
    # vera's bust, tables hold 6, 7 and 8: table 3 gives (the largest), table 1 takes (the
    # smallest). Table 3's next button is emma (seat 2), the small blind gaby (3), the big
    # blind the next player after seat 3: alain, seat 5 (seat 4 is empty).
    out = cli.play(_lines_up_to("move alain"))
    assert "table 3 must give a player to table 1 (table 1: 6, table 2: 7, table 3: 8)" in out
    assert "TDA 2024 rule 11" in out
    assert "alain (3:5), big blind next there" in out
    room = _room(cli)
    (move,) = room["moves"]
    assert (move["player"], move["from_table"], move["to_table"]) == ("alain", 3, 1)
    assert move["rule"] == "TDA 2024 rule 11" and move["why"] == "balance"
    # table 1 has no recorded hand: the worst seat there is for the director to find
    assert move["to_seat"] is None


def test_a_hand_with_three_busts_then_table_3_breaks(cli: Marquoir) -> None:
    out = cli.play(_lines_up_to("out quentin"))
    # emma began hand 2 with 4,900 (her small blind of hand 1), rose and anne with 5,000:
    # 21 players were left, so emma is 21st, rose and anne share 19th and 20th
    places = {row["name"]: row for row in _places(cli)["places"]}
    assert places["emma"]["place"] == 21
    assert (places["rose"]["place"], places["rose"]["shared"]) == (19, 2)
    assert (places["anne"]["place"], places["anne"]["shared"]) == (19, 2)
    # 18 players fit on two tables of 9: the highest-numbered table breaks (TDA 2024 rule 10)
    assert "table 3 breaks" in out and "TDA 2024 rule 10" in out
    room = _room(cli)
    assert [t["table"] for t in room["tables"]] == [1, 2]
    assert [len(t["players"]) for t in room["tables"]] == [9, 9]
    seated = _seated(room)
    # table 3's four players drew seats at tables 1 and 2; the others stayed where they were
    assert {seated[name][0] for name in ("william", "gaby", "simon", "marc")} <= {1, 2}
    assert seated["david"] == (1, 2) and seated["nina"] == (2, 2) and seated["alain"] == (1, 1)
    # places --json says where each player still playing sits, and nothing for the others
    assert (places["simon"]["table"], places["simon"]["seat"]) == seated["simon"]
    assert "table" not in places["emma"]


def test_the_untracked_table_gives_a_player_the_director_finds(cli: Marquoir) -> None:
    cli.play(_lines_up_to("# 7 at table 1"))
    room = _room(cli)
    (move,) = room["moves"]
    # 7 at table 1, 9 at table 2: table 2 gives; nobody tracks it, so nobody is named
    assert (move["from_table"], move["to_table"], move["player"], move["to_seat"]) == (
        2,
        1,
        None,
        None,
    )
    out = cli("balance")
    assert "`move PLAYER 1:SEAT`" in out


def test_the_final_table_is_drawn_when_nine_are_left(cli: Marquoir) -> None:
    out = cli.play(_lines_up_to("out alain"))
    assert "final table: everyone left draws a seat at table 1 (TDA 2024 rule 7)" in out
    room = _room(cli)
    assert [t["table"] for t in room["tables"]] == [1]
    seats = sorted(row["seat"] for row in room["seats"])
    assert seats == list(range(1, 10))
    names = {row["name"] for row in room["seats"]}
    assert names == {"david", "alain", "nina", "bruno", "tina", "william", "gaby", "simon", "marc"}


def test_the_club_night_to_the_last_euro(cli: Marquoir) -> None:
    cli.play(CLUB)
    data = _places(cli)
    # 27 x (20 - 5) = 405: 202.5, 121.5, 81 rounded down to 202, 121, 81; the remainder 1
    # to first place
    assert data["prize_pool"] == "405"
    assert data["payouts"] == ["203", "121", "81"] and data["remainder"] == "1"
    order = [row["name"] for row in data["places"]]
    assert order == [
        *("david", "simon", "nina", "bruno", "marc", "gaby", "william", "tina", "alain"),
        *("karim", "ines", "paul", "ugo", "xavier", "lea", "yann", "zoe", "quentin"),
        *("anne", "rose", "emma", "vera", "hugo", "chloe", "felix", "oscar", "jules"),
    ]
    places = {row["name"]: row for row in data["places"]}
    assert [places[n]["place"] for n in ("david", "simon", "nina", "karim", "jules")] == [
        1,
        2,
        3,
        10,
        27,
    ]
    # fixed bounties of 5: david busted oscar, chloe, quentin, zoe, ines, william, bruno,
    # nina and simon (45) and keeps his own head (5); simon busted jules, rose, anne, emma and
    # alain; nina felix, xavier and marc; bruno hugo and paul
    bounties = {name: places[name]["bounties"] for name in ("david", "simon", "nina", "bruno")}
    assert bounties == {"david": "50", "simon": "25", "nina": "15", "bruno": "10"}
    prizes = {name: places[name]["prize"] for name in ("david", "simon", "nina", "bruno")}
    assert prizes == {"david": "203", "simon": "121", "nina": "81", "bruno": "0"}
    assert places["simon"]["knocked_out_by"] == ["david"]
    assert all("table" not in row for row in data["places"])  # the game is over


def test_the_club_night_s_league_points(cli: Marquoir) -> None:
    cli.play(CLUB)
    data = json.loads(cli("standings", "--json"))
    points = {row["player"]: row["points"] for row in data["players"]}
    # field points: 27 - place + 1; rose and anne share 19th and 20th: (9 + 8) / 2
    assert (points["david"], points["simon"], points["nina"]) == ("27", "26", "25")
    assert (points["karim"], points["emma"], points["jules"]) == ("18", "7", "1")
    assert points["anne"] == points["rose"] == "8.5"
    # money: prizes and bounties less the 20 paid
    net = {row["player"]: row["net"] for row in data["players"]}
    assert (net["david"], net["simon"], net["nina"], net["bruno"]) == (
        "233.00",
        "126.00",
        "76.00",
        "-10.00",
    )


def test_the_club_night_replays_to_the_same_room(cli: Marquoir) -> None:
    cli.play(CLUB)
    assert "all match" in cli("verify")


# -- refusals: one Error line, nothing recorded ----------------------------------------------


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("move david 1:1", "seat 1:1 is taken by oscar"),
        ("move david 4:1", "no table 4 in play (tables: 1, 2, 3)"),
        ("move david 1:10", "table 1 has seats 1 to 9 (got 10)"),
        ("move nobody 1:1", "unknown player: nobody"),
        ("move david 1:2", "david sits at 1:2 already"),
        ("out nobody", "unknown player: nobody"),
        ("out david --by david", "david cannot knock himself out"),
        ("seat zed --seat 4", "seats are drawn at random"),
        ("deal", "several tables are in play: `deal --table T` (tables: 1, 2, 3)"),
        ("deal --table 5", "no table 5 in play"),
    ],
)
def test_a_refused_room_command_changes_nothing(cli: Marquoir, line: str, error: str) -> None:
    cli.play(_lines_up_to("# Hand 1"))
    before, room = _count_events(cli), _room(cli)
    assert error in cli.refused(*_split(line))
    assert (_count_events(cli), _room(cli)) == (before, room)


def test_a_player_who_is_out_cannot_move_nor_go_out_again(cli: Marquoir) -> None:
    cli.play(_lines_up_to("# Hand 1") + "out oscar --by david\n")
    before = _count_events(cli)
    assert "oscar is out of the tournament" in cli.refused("move", "oscar", "1:1")
    assert "oscar is out of the tournament" in cli.refused("out", "oscar")
    assert "oscar is out of the tournament" in cli.refused("out", "chloe", "--by", "oscar")
    assert _count_events(cli) == before


def test_a_seat_that_does_not_parse_is_a_usage_error(cli: Marquoir) -> None:
    cli.play(_lines_up_to("# Hand 1"))
    done = cli.run("move", "david", "1-2")
    assert done.returncode == 2 and "TABLE:SEAT" in done.stderr


def test_the_room_commands_are_refused_at_one_table(cli: Marquoir) -> None:
    cli.play("new t --tournament --buy-in 10 --stack 1000 --levels 10/20\nseat a\nseat b\n")
    for line in ("out a", "move a 1:2", "balance", "deal --table 1"):
        assert "tournament of several tables" in cli.refused(*_split(line))


def test_a_hand_at_one_table_refuses_another_table_s_word(cli: Marquoir) -> None:
    cli.play(_lines_up_to("# Hand 1") + "deal --table 3\n")
    assert "the hand in play is at table 3, not 2" in cli.refused("call", "--table", "2")
    # jules, first to act at table 3, is in the hand: his bust comes from it
    assert "jules is playing hand 1" in cli.refused("out", "jules")
    for word in ("allin", "fold", "call", "fold", "fold", "fold", "fold", "fold", "fold"):
        cli(word, "--table", "3")  # jules all in, simon calls him
    assert "the hand in play is at table 3, not 1" in cli.refused(
        "showdown", "simon > jules", "--table", "1"
    )
    assert "jules is out in place 27" in cli("showdown", "simon > jules", "--table", "3")


def _split(line: str) -> list[str]:
    return line.split()


# -- undo --------------------------------------------------------------------------------------


def test_undo_of_the_bust_that_broke_a_table_puts_it_back(cli: Marquoir) -> None:
    cli.play(_lines_up_to("balance"))
    broken = _room(cli)
    assert [t["table"] for t in broken["tables"]] == [1, 2]
    cli("undo")  # the showdown of hand 2
    back = _room(cli)
    assert [t["table"] for t in back["tables"]] == [1, 2, 3]
    assert _seated(back)["simon"][0] == 3
    cli("win", "simon")
    assert _room(cli) == broken  # the same seats drawn again


# -- places: the same with the hand or with `out` ----------------------------------------------


def test_places_are_the_same_from_a_hand_or_from_out(tmp_path: Path) -> None:
    setup = (
        "new t --tournament --buy-in 10 --bounty 2 --stack 1000 --levels 10/20 "
        "--tables 2 --seats 3 --seed 4\n" + "".join(f"seat {p}\n" for p in "abcdef")
    )
    tracked = Marquoir(tmp_path / "tracked", in_process=True)
    (tmp_path / "tracked").mkdir()
    tracked.play(setup)
    at = _seated(_room(tracked))
    # a hand at the table of `a`: everyone folds to an all-in of `a`'s neighbour, called by
    # `a`, who wins: that neighbour is out, knocked out by `a`
    table = at["a"][0]
    others = sorted((s, n) for n, (t, s) in at.items() if t == table and n != "a")
    victim = others[0][1]
    tracked("deal", "--table", str(table))
    for _ in range(6):
        hand = json.loads(tracked("status", "--json"))
        to_act = hand.get("to_act")
        if to_act is None:
            break
        if to_act == victim:
            tracked("allin")
        elif to_act == "a":
            tracked("call")
        else:
            tracked("fold")
    tracked("win", "a")
    recorded = Marquoir(tmp_path / "recorded", in_process=True)
    (tmp_path / "recorded").mkdir()
    recorded.play(setup + f"out {victim} --by a\n")

    def places(cli: Marquoir) -> list[tuple[Any, ...]]:
        rows = _places(cli)["places"]
        return [(r["name"], r["place"], r["bounties"], r["knocked_out_by"]) for r in rows]

    assert places(tracked) == places(recorded)
    assert (victim, 6, "0", ["a"]) in places(recorded)


# -- count at one table ------------------------------------------------------------------------


def test_count_one_table(cli: Marquoir) -> None:
    cli.play(_lines_up_to("# Hand 1"))
    out = cli("count", "--table", "2", "felix=4000", "nina=6000", "--record")
    assert out.startswith("2 corrections recorded")
    # those not counted are table 2's other seven, not the whole room
    assert out.count(",") == 6
    assert "david does not sit at table 2" in cli.refused("count", "--table", "2", "david=1")


# -- the room at the domain level: seats placed by hand ---------------------------------------


def _table(tables: int = 2, seats: int = 6) -> Any:
    from marquoir.domain.accounts import SessionSettings
    from marquoir.domain.config import TableConfig
    from marquoir.domain.table import Table
    from marquoir.domain.tournament.session import TournamentSettings

    tournament = TournamentSettings(
        buy_in="10", stack=1000, levels="10/20", late_until=2, tables=tables, seats=seats, seed=1
    )
    return Table(SessionSettings(TableConfig(10, 20), tournament=tournament))


def _sit(table: Any, **places: str) -> None:
    from marquoir.domain.events import Seated

    for name, where in places.items():
        number, seat = (int(part) for part in where.split(":"))
        table.apply(Seated(name, number * 100 + seat, 1000))


def _fold_to_the_big_blind(table: Any, number: int) -> Any:
    from marquoir.domain.actions import Action

    table.apply(table.deal_event(number))
    hand = table.hand
    while table.hand is not None:
        table.apply(table.act_event(Action.fold(None)))
    return hand


def test_a_newcomer_between_the_button_and_the_small_blind_waits_for_the_button() -> None:
    from marquoir.domain.events import Moved

    table = _table()
    _sit(table, a="1:1", b="1:2", c="1:4", d="1:5", e="2:1", f="2:2", g="2:3")
    first = _fold_to_the_big_blind(table, 1)
    assert first.button == "a"  # the first deal: the lowest seat
    # next hand: the button moves to b (seat 2), c posts the small blind (seat 4); a
    # newcomer in seat 3, between the button and the small blind, is not dealt in (TDA 2024
    # rules 8 A and 10 A) until the button has passed him
    table.apply(Moved("e", 103))
    deal = table.deal_event(1)
    assert deal.button == 2 and deal.table == 1
    assert [s.name for s in deal.seats] == ["a", "b", "c", "d"]
    table.apply(deal)
    while table.hand is not None:
        from marquoir.domain.actions import Action

        table.apply(table.act_event(Action.fold(None)))
    # the button has moved to c (seat 4): e (seat 3) is behind it now, and dealt in
    deal = table.deal_event(1)
    assert deal.button == 4
    assert [s.name for s in deal.seats] == ["a", "b", "e", "c", "d"]


def test_a_newcomer_after_the_small_blind_is_dealt_in_at_once() -> None:
    from marquoir.domain.events import Moved

    table = _table()
    _sit(table, a="1:1", b="1:2", c="1:4", d="1:5", e="2:1", f="2:2", g="2:3")
    _fold_to_the_big_blind(table, 1)
    table.apply(Moved("e", 106))  # after d (the big blind of the next hand): dealt in
    deal = table.deal_event(1)
    assert [s.name for s in deal.seats] == ["a", "b", "c", "d", "e"]


def test_the_worst_seat_at_a_tracked_short_table_is_named() -> None:
    # Table 1 (tracked, button a on seat 1 at its last hand) holds a, b, d: its next hand's
    # button is b (2), small blind d (4); a newcomer in seat 5 or 6 would be the big blind at
    # once (after the small blind, before a): the worst position, seat 5 the nearest.
    # Table 2 holds 5 players, its hand tracked too (button e on seat 1): its next button is
    # f (2), small blind g (3), big blind h (4): h moves to table 1, seat 5.
    table = _table()
    _sit(table, a="1:1", b="1:2", c="1:3", d="1:4")
    _sit(table, e="2:1", f="2:2", g="2:3", h="2:4", i="2:5")
    _fold_to_the_big_blind(table, 1)
    _fold_to_the_big_blind(table, 2)
    from marquoir.domain.events import WentOut

    table.apply(WentOut("c", "a"))  # 3 at table 1, 5 at table 2: table 2 gives
    move = table.room.layout().balance()
    assert (move.source, move.table, move.player, move.seat) == (2, 1, "h", 5)


def test_the_example_runs_from_its_file_with_the_installed_command(installed: Marquoir) -> None:
    out = installed("play", str(ROOT / "examples" / "club.txt"))
    assert "david wins the tournament" in out
    assert "1.       david        prize 203, bounties 50" in out


def test_a_re_entry_draws_a_seat_as_an_entry_does(cli: Marquoir) -> None:
    cli.play(
        "new t --tournament --buy-in 10 --stack 1000 --levels 10/20 --reentries 1 "
        "--late-until 2 --tables 2 --seats 4 --seed 9\n"
        + "".join(f"seat {p}\n" for p in "abcdefgh")
        + "out a --by b\n"
    )
    out = cli("reenter", "a")
    drawn = _events(cli, "reenter")[-1]
    table, seat = divmod(drawn["seat"], 100)
    assert out.endswith(f"a #2: table {table}, seat {seat}\n")
    # the oracle: 7 players hold 7 of the 8 seats; a's old seat is open again, at the table
    # with fewer players: the entry draws it (one of its open seats, with the seed kept)
    status = json.loads(cli("status", "--json"))
    taken: dict[int, set[int]] = {1: set(), 2: set()}
    for row in status["room"]["seats"]:
        if row["name"] != "a":
            taken[row["table"]].add(row["seat"])
    fewest = min(len(s) for s in taken.values())
    choices = [
        (t, s) for t in (1, 2) if len(taken[t]) == fewest for s in range(1, 5) if s not in taken[t]
    ]
    assert random.Random(drawn["seed"]).choice(choices) == (table, seat)
    places = {r["name"]: r for r in _places(cli)["places"]}
    assert (places["a #2"]["table"], places["a #2"]["seat"]) == (table, seat)
    assert places["a"]["place"] == 9 and "table" not in places["a"]


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ("--tables 3", "several tables need their seats: --seats 9"),
        ("--tables 3 --seats 11", "--seats: a table has 2 to 10 seats (got 11)"),
        ("--tables 3 --seats 9 --final-table 1", "--final-table: a table has 2 to 10 seats"),
        ("--seats 9", "--seats and --final-table go with --tables N"),
        ("--tables 100 --seats 9", "a tournament has 1 to 99 tables (got 100)"),
    ],
)
def test_new_refuses_tables_that_cannot_be(cli: Marquoir, options: str, said: str) -> None:
    done = cli.run(*f"new t --tournament --buy-in 10 --stack 1000 --levels 10/20 {options}".split())
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "no session yet" in cli.run("status").stderr


def test_tables_without_a_tournament_are_a_usage_error(cli: Marquoir) -> None:
    done = cli.run("new", "v", "--blinds", "1/2", "--tables", "2", "--seats", "9")
    assert done.returncode == 2 and "go with --tournament" in done.stderr


def test_places_says_where_each_player_still_playing_sits(cli: Marquoir) -> None:
    cli.play(_lines_up_to("# Hand 1") + "out oscar --by david\n")
    lines = {line.split()[1]: line for line in cli("places").splitlines() if line[:1] in "p2"}
    assert lines["david"].endswith(", at table 1, seat 2")
    assert "at table" not in lines["oscar"]


def test_a_page_reads_the_room_from_the_file(cli: Marquoir) -> None:
    from marquoir.app.room import read_room
    from marquoir.storage.db import READ
    from marquoir.storage.ledger import Ledger

    cli.play(_lines_up_to("# Hand 1"))
    with Ledger(cli.db, mode=READ) as book:
        data = read_room(book)
    assert data is not None and {**data, "session": "club"} == _room(cli)
    cli.play("new cash --blinds 1/2 --cave 100\n")
    with Ledger(cli.db, mode=READ) as book:
        assert read_room(book) is None
