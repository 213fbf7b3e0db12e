"""One table of a room of several tables, as its scorekeeper and the director see it:
`status --table T` and `undo --table T`, the button of a table whose hands are not typed in
(what balancing reads), and when the entries of a room close (docs/rules.md, "Several
tables").

The worked club night of examples/club.txt is the room: its draw (written in the example,
checked against the rule by tests/test_tournament_room.py) puts at table 2 felix, nina,
yann, xavier, paul, karim, bruno, tina and hugo (seats 1 to 9), and at table 3 william,
emma, gaby, jules, alain, simon, rose, anne and marc. Hand 1 is dealt at table 3: the
button on seat 1 (william), emma and gaby post 100 and 200, jules speaks first.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest

from marquoir.cli import grammar

from .installed import Marquoir
from .test_tournament_room import _lines_up_to, _room, _sit, _table, _valid

TABLE_2 = ["felix", "nina", "yann", "xavier", "paul", "karim", "bruno", "tina", "hugo"]
TABLE_3 = ["william", "emma", "gaby", "jules", "alain", "simon", "rose", "anne", "marc"]
DRAWN = _lines_up_to("# Hand 1")


def _events(cli: Marquoir) -> list[tuple[str, str]]:
    with sqlite3.connect(cli.db) as conn:
        rows = conn.execute("SELECT kind, data FROM events WHERE undone = 0 ORDER BY id")
        return [(kind, data) for kind, data in rows]


def _table_json(cli: Marquoir, number: int) -> dict[str, Any]:
    data = _valid("status", json.loads(cli("status", "--table", str(number), "--json")))
    assert data["version"] == 1 and data["table"] == number
    return data


# -- status --table T ---------------------------------------------------------------------------


def test_status_of_the_table_whose_hand_is_in_play(cli: Marquoir) -> None:
    cli.play(DRAWN + "deal --table 3\nallin\n")  # jules all in: alain (seat 5) to act
    out = cli("status", "--table", "3")
    lines = out.splitlines()
    assert lines[0] == "session club | table 3 (9/9) | hand 1 preflop | level 1"
    rows = [line.split() for line in lines[2:11]]
    assert [row[1] for row in rows] == TABLE_3
    assert [row[0] for row in rows] == [str(seat) for seat in range(1, 10)]
    notes = {row[1]: " ".join(row[4:]) for row in rows}
    assert notes["william"] == "button" and notes["jules"] == "all-in"
    assert notes["alain"] == "to act"
    # the blinds 100 and 200 and jules's 5,000 are in the middle
    assert "pot 5300" in out
    data = _table_json(cli, 3)
    assert [p["name"] for p in data["players"]] == TABLE_3
    assert (data["in_hand"], data["to_act"], data["hand_at"], data["pot"]) == (
        True,
        "alain",
        3,
        5300,
    )
    bets = {p["name"]: p["bet"] for p in data["players"] if p["bet"]}
    assert bets == {"emma": 100, "gaby": 200, "jules": 5000}
    assert "room" not in data


def test_status_of_a_table_waiting_for_the_hand_of_another(cli: Marquoir) -> None:
    cli.play(DRAWN + "deal --table 3\n")
    out = cli("status", "--table", "2")
    lines = out.splitlines()
    assert lines[0] == "session club | table 2 (9/9) | level 1"
    rows = [line.split() for line in lines[2:11]]
    assert [row[1] for row in rows] == TABLE_2
    assert all(row[2:] == ["5000", "0"] for row in rows)
    assert lines[-1] == "the hand in play is at table 3: table 2 deals when it is over"
    data = _table_json(cli, 2)
    assert [p["name"] for p in data["players"]] == TABLE_2
    assert all(p["table"] == 2 for p in data["players"])
    # the hand in play is table 3's, not this table's
    assert (data["in_hand"], data["to_act"], data["pot"], data["legal"]) == (False, None, 0, None)
    assert data["hand_at"] == 3


def test_status_of_a_table_after_busts_and_with_no_hand_in_play(cli: Marquoir) -> None:
    cli.play(DRAWN + "out felix --by nina\nout hugo --by bruno\n")
    out = cli("status", "--table", "2")
    assert out.splitlines()[0] == "session club | table 2 (7/9) | level 1"
    names = [line.split()[1] for line in out.splitlines()[2:9]]
    assert names == TABLE_2[1:8]
    assert out.splitlines()[-1] == ("next at table 2: deal --table 2, or `out PLAYER` for a bust")
    # nina has felix's chips, bruno hugo's
    stacks = {p["name"]: p["stack"] for p in _table_json(cli, 2)["players"]}
    assert (stacks["nina"], stacks["bruno"], stacks["paul"]) == (10000, 10000, 5000)
    assert _table_json(cli, 2)["hand_at"] is None


def test_status_table_means_the_same_on_every_path(
    cli: Marquoir, monkeypatch: pytest.MonkeyPatch
) -> None:
    cli.play(DRAWN + "deal --table 3\n")
    fast = cli("status", "--table", "2")
    assert cli("status", "--table=2") == fast
    assert cli.play("status --table 2\n") == fast
    with monkeypatch.context() as patched:  # typer reads every line
        patched.setattr(grammar, "route", lambda args: None)
        assert cli("status", "--table", "2") == fast
        assert (
            cli("status", "--json", "--table", "3")
            == cli.run("status", "--table", "3", "--json").stdout
        )


@pytest.mark.parametrize(
    ("line", "code", "said"),
    [
        ("status --table 4", 1, "no table 4 in play (tables: 1, 2, 3)"),
        ("status --table 0", 2, "--table: a table number, 1 or more"),
        ("status --table x", 2, "--table: a table number, 1 or more"),
        ("status --clock --table 2", 2, "--clock goes without --table"),
        ("undo --table 0", 2, "--table: a table number, 1 or more"),
    ],
)
def test_a_table_that_is_not_one_is_refused(cli: Marquoir, line: str, code: int, said: str) -> None:
    cli.play(DRAWN)
    before = _events(cli)
    done = cli.run(*line.split())
    assert (done.returncode, done.stdout) == (code, "")
    assert said in done.stderr and "Traceback" not in done.stderr
    assert _events(cli) == before


def test_one_table_has_no_table_to_name(cli: Marquoir) -> None:
    cli.play("new t --tournament --buy-in 10 --stack 1000 --levels 10/20\nseat a\nseat b\n")
    for line in ("status --table 1", "undo --table 1"):
        assert "tournament of several tables" in cli.refused(*line.split())
    assert len(_events(cli)) == 2


# -- undo --table T -----------------------------------------------------------------------------


def test_undo_of_one_table_takes_back_its_hand_s_last_action(cli: Marquoir) -> None:
    cli.play(DRAWN + "deal --table 3\nallin\n")
    assert cli("undo", "--table", "3").startswith("undone: ")
    data = _table_json(cli, 3)
    assert (data["to_act"], data["pot"]) == ("jules", 300)
    # and the deal itself, the last event of table 3's hand: no hand in play now
    assert cli("undo", "--table", "3").startswith("undone: ")
    assert _table_json(cli, 3)["hand_at"] is None
    assert _events(cli)[-1][0] == "seat"


def test_undo_of_another_table_than_the_last_event_s_is_refused(cli: Marquoir) -> None:
    cli.play(DRAWN + "deal --table 3\nallin\n")
    before = _events(cli)
    said = cli.refused("undo", "--table", "2")
    assert said.startswith("Error: the last event is of the hand at table 3, not at table 2: ")
    assert "`undo` without --table takes it back" in said
    assert _events(cli) == before
    # a bust recorded with `out` at table 1 is the room's, no hand's
    cli("out", "oscar", "--by", "david")
    before = _events(cli)
    said = cli.refused("undo", "--table", "3")
    assert said.startswith("Error: the last event is the room's, not of the hand at table 3: ")
    assert "oscar" in said
    assert _events(cli) == before
    # `undo` alone takes it back, then table 3's scorekeeper his own action
    cli("undo")
    assert cli("undo", "--table", "3").startswith("undone: ")
    assert _table_json(cli, 3)["to_act"] == "jules"


def test_undo_of_one_table_checks_and_undoes_in_one_transaction(
    cli: Marquoir, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Another table's scorekeeper records an event the moment the last one has been found
    # to be table 3's: his write must wait for the undo, which takes back table 3's action
    # (checked, then undone in two transactions, the undo took his event instead).
    from marquoir.app import room
    from marquoir.app.books import Books

    cli.play(DRAWN + "deal --table 3\nallin\n")
    before = _events(cli)
    meanwhile: list[str] = []
    found = room.event_table

    def then_another_writes(table: Any, stored: Any) -> int | None:
        with sqlite3.connect(cli.db, timeout=0) as other:
            try:
                other.execute(
                    "INSERT INTO events (session_id, hand_no, kind, data, created_at) "
                    "SELECT session_id, NULL, kind, data, created_at FROM events "
                    "WHERE kind = 'seat' ORDER BY id LIMIT 1"
                )
                meanwhile.append("written")
            except sqlite3.OperationalError as error:  # (the undo's transaction holds it)
                meanwhile.append(str(error))
        return found(table, stored)

    monkeypatch.setattr(room, "event_table", then_another_writes)
    _session, stored, _table_now = room.undo_at(Books(str(cli.db)), 3, describe=str)
    assert (stored.kind, stored.data["player"]) == ("action", "jules")
    assert meanwhile == ["database is locked"]
    assert _events(cli) == before[:-1]


def test_undo_of_the_showdown_that_broke_the_table(cli: Marquoir) -> None:
    # hand 2 at table 3 ends with three busts: 18 left, table 3 breaks; its showdown is
    # still table 3's hand's event, though table 3 is no longer in play
    cli.play(_lines_up_to("balance"))
    assert [t["table"] for t in _room(cli)["tables"]] == [1, 2]
    before = _events(cli)
    assert "the hand at table 3, not at table 1" in cli.refused("undo", "--table", "1")
    assert _events(cli) == before
    assert cli("undo", "--table", "3").startswith("undone: ")
    assert [t["table"] for t in _room(cli)["tables"]] == [1, 2, 3]
    data = _table_json(cli, 3)
    assert (data["in_hand"], data["phase"], data["to_act"]) == (True, "showdown", None)


# -- the button of a table whose hands are not typed in ---------------------------------------


def test_the_button_set_at_an_untracked_table_names_the_next_big_blind() -> None:
    # table 1: a (1), b (2), c (4); table 2: e (1), f (2), g (3), h (4), i (5); no hand is
    # recorded at either. 3 against 5: table 2 gives a player to table 1, but neither
    # button is known, so neither the player nor the seat is named.
    table = _table()
    _sit(table, a="1:1", b="1:2", c="1:4", e="2:1", f="2:2", g="2:3", h="2:4", i="2:5")
    move = table.room.layout().balance()
    assert (move.source, move.table, move.player, move.seat) == (2, 1, None, None)
    # the director says table 2's next button is f (seat 2): g (3) posts the small blind,
    # h (4) the big blind: h is the player who moves
    table.apply(table.room.button_event("f"))
    move = table.room.layout().balance()
    assert (move.player, move.seat) == ("h", None)
    # and table 1's is a (seat 1): b (2) small blind, c (4) big blind; a newcomer in seat 3
    # would be big blind at once, the worst position (TDA 2024 rule 11 A)
    table.apply(table.room.button_event("a"))
    move = table.room.layout().balance()
    assert (move.source, move.table, move.player, move.seat) == (2, 1, "h", 3)


def test_the_button_set_at_a_table_survives_a_hand_at_another() -> None:
    table = _table()
    _sit(table, a="1:1", b="1:2", c="1:4", e="2:1", f="2:2", g="2:3", h="2:4", i="2:5")
    table.apply(table.room.button_event("g"))  # table 2's next button: g (3), so i (5) is BB
    from marquoir.domain.actions import Action

    table.apply(table.deal_event(1))  # a hand at table 1, its button a (its first deal)
    assert table.hand is not None and table.hand.button == "a"
    while table.hand is not None:
        table.apply(table.act_event(Action.fold(None)))
    assert table.room.layout().next_big_blind(2) == "i"
    # table 2's next deal puts the button where the director said: on g
    assert table.deal_event(2).button == 3


def test_button_in_a_room_while_another_table_plays_a_hand(cli: Marquoir) -> None:
    cli.play(DRAWN + "deal --table 3\n")
    # nina sits at table 2 (seat 2): its next hand puts the button on her
    assert cli("button", "nina") == "the next hand at table 2 puts the button on nina (seat 2)\n"
    # simon (table 3) is in the hand in play
    assert "simon is playing hand 1: set the button after it" in cli.refused("button", "simon")


def test_button_tells_balancing_who_moves_from_an_untracked_table(cli: Marquoir) -> None:
    # the club night up to "balance" at "# 7 at table 1": 7 at table 1, 9 at table 2, whose
    # hands nobody types; the example's comment says the director finds tina (seat 8)
    cli.play(_lines_up_to("# 7 at table 1"))
    (move,) = _room(cli)["moves"]
    assert (move["from_table"], move["player"]) == (2, None)
    seats = {row["name"]: (row["table"], row["seat"]) for row in _room(cli)["seats"]}
    assert seats["paul"] == (2, 5) and seats["bruno"] == (2, 7) and seats["tina"] == (2, 8)
    # table 2's next button on paul (seat 5): karim (6) posts the small blind, bruno (7)
    # the big blind: bruno moves
    out = cli("button", "paul")
    assert out.startswith("the next hand at table 2 puts the button on paul (seat 5)\n")
    assert "bruno (2:7), big blind next there" in out
    (move,) = _room(cli)["moves"]
    assert (move["from_table"], move["to_table"], move["player"]) == (2, 1, "bruno")


# -- entries close when play starts -------------------------------------------------------------

ROOM = (
    "new t --tournament --buy-in 10 --stack 1000 --levels 10/20 --tables 2 --seats 4 --seed 3\n"
    + "".join(f"seat {p}\n" for p in "abcdef")
)


def test_the_first_bust_closes_the_entries_of_a_room_whose_hands_are_not_typed(
    cli: Marquoir,
) -> None:
    cli.play(ROOM)
    # without late registration, a bust says play has started: 6 entries, a is 6th, for good
    out = cli("out", "a", "--by", "b")
    assert out.startswith("a is out in place 6\n")
    said = cli.refused("seat", "g")
    assert "registration closed at the first bust (no late registration" in said
    places = {row["name"]: row for row in json.loads(cli("places", "--json"))["places"]}
    assert places["a"]["place"] == 6


def test_starting_the_clock_closes_the_entries(cli: Marquoir) -> None:
    cli.play(ROOM + "resume\n")
    assert "registration closed when the clock was started" in cli.refused("seat", "g")
    assert cli("out", "a").startswith("a is out in place 6\n")


def test_with_late_registration_a_place_stays_provisional(cli: Marquoir) -> None:
    cli.play(ROOM.replace("--seed 3", "--seed 3 --late-until 2") + "resume\n")
    out = cli("out", "a", "--by", "b")
    assert out.startswith("a is out (place 6 for now: entries are still open)\n")
    assert cli("seat", "g").startswith("g: table ")
    # 7 entries now: a's place moves down to 7th
    places = {row["name"]: row for row in json.loads(cli("places", "--json"))["places"]}
    assert places["a"]["place"] == 7


# -- the seats a break or the final table drew, kept until the next bust ---------------------


def test_the_final_table_s_seats_are_read_back_from_the_file(cli: Marquoir) -> None:
    # 9 players left after karim's bust: everyone draws a seat at table 1 (TDA 2024 rule 7)
    cli.play(_lines_up_to("out alain"))
    final = ["david", "alain", "nina", "bruno", "tina", "william", "gaby", "simon", "marc"]
    drawn = _room(cli)["last_moves"]  # (a command of its own: the room read from the file)
    assert sorted(m["player"] for m in drawn) == sorted(final)
    assert {(m["why"], m["to_table"], m["rule"]) for m in drawn} == {
        ("final", 1, "TDA 2024 rule 7")
    }
    seats = {row["name"]: row["seat"] for row in _room(cli)["seats"]}
    assert {m["player"]: m["to_seat"] for m in drawn} == seats
    assert sorted(seats.values()) == list(range(1, 10))
    # the next bust draws nothing: the room says that instead
    cli("out", "alain", "--by", "simon")
    assert _room(cli)["last_moves"] == []


def test_the_seats_drawn_outlive_a_hand_without_a_bust_and_a_snapshot() -> None:
    from marquoir.domain.actions import Action
    from marquoir.domain.events import WentOut
    from marquoir.storage import codec

    # two tables of 3: a, b, c and d, e; two busts leave 3, the final table's size (as many
    # seats as the others): the three redraw at table 1
    table = _table(tables=2, seats=3)
    _sit(table, a="1:1", b="1:2", c="1:3", d="2:1", e="2:2")
    table.apply(WentOut("d", "e"))
    assert table.room.last_moves == []
    table.apply(WentOut("e", "a"))
    drawn = [(m.player, m.why, m.table) for m in table.room.last_moves]
    assert sorted(drawn) == [("a", "final", 1), ("b", "final", 1), ("c", "final", 1)]
    # a hand at the final table, won without a bust: the seats drawn are still the news
    table.apply(table.deal_event(1))
    while table.hand is not None:
        table.apply(table.act_event(Action.fold(None)))
    assert sorted((m.player, m.why, m.table) for m in table.room.last_moves) == sorted(drawn)
    # and a snapshot keeps them, as the screen reads the room from the file
    again = codec.table_from_snapshot(table.settings, codec.table_to_snapshot(table))
    assert again.room.last_moves == table.room.last_moves
    assert codec.table_to_snapshot(again) == codec.table_to_snapshot(table)


# -- in French: the rules cited in French ------------------------------------------------------


def test_a_french_room_cites_its_rules_in_french(cli: Marquoir) -> None:
    from .english_words import english_words

    french = _lines_up_to("balance").replace("--seed 2026", "--seed 2026 --lang fr")
    out = cli.play(french)
    # vera's bust: table 3 gives (TDA 2024 rule 11 A); hand 2: table 3 breaks (rule 10)
    assert "les tables diffèrent d'un joueur au plus (règle 11 A de la TDA 2024)" in out
    assert "ses joueurs tirent de nouveaux sièges (règle 10 de la TDA 2024)" in out
    room = [line for line in out.splitlines() if "TDA" in line or "table" in line]
    assert room and all(english_words(line) == [] for line in room), [
        (line, english_words(line)) for line in room if english_words(line)
    ]
    cli("button", "paul")
    table_2 = cli("status", "--table", "2")
    assert table_2.startswith("partie club | table 2 (9/9) | niveau 1\n")
    assert english_words(table_2) == [], english_words(table_2)
    said = cli.run("undo", "--table", "2").stderr
    assert said.startswith("Erreur : le dernier événement est celui de la salle")
    assert english_words(said) == [], english_words(said)
    final = cli.play(_lines_up_to("out alain")[len(_lines_up_to("balance")) :])
    assert "(règle 7 de la TDA 2024)" in final and "rule" not in final


def test_every_rule_is_cited_the_same_way_in_french(cli: Marquoir) -> None:
    cli.play(
        "new t --tournament --buy-in 10 --stack 1000 --levels 10/20 --lang fr\nseat a\nseat b\n"
    )
    said = cli.run("sitout", "a").stderr
    assert "(règle 30 de la TDA 2024)" in said and "TDA 2024 règle" not in said
    helped = " ".join(cli.run("--lang", "fr", "race", "--help").stdout.split())  # (unwrapped)
    assert "(règle 24 de la TDA 2024)" in helped and "n° 24" not in helped
