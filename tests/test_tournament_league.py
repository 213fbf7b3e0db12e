"""League points over tournaments (`standings --points`): the formulas' worked examples,
and the standings of a file with tournaments in it."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from marquoir.domain.errors import UsageError
from marquoir.domain.tournament.league import (
    parse_points,
    place_points,
    shared_points,
    tournament_points,
)

from .installed import Marquoir
from .test_input import usage_error
from .test_tournament_cli import FREEZEOUT
from .test_tournament_deals import THREE_LEFT


def test_the_default_formula_field() -> None:
    # n - p + 1 in a field of 9
    assert [place_points("field", 9, p) for p in (1, 2, 4, 9)] == [9, 8, 6, 1]


def test_the_square_root_formula() -> None:
    # 10 x sqrt(9 / p): 30, 10 x 2.12132... = 21.21, 10 x 1.5 = 15, 10
    assert [place_points("sqrt", 9, p) for p in (1, 2, 4, 9)] == [
        Decimal(30),
        Decimal("21.21"),
        Decimal(15),
        Decimal(10),
    ]


def test_points_by_place() -> None:
    table = parse_points("10/7/5/3/1")
    assert [place_points(table, 9, p) for p in (1, 3, 5, 6, 9)] == [10, 5, 1, 0, 0]


def test_shared_places_share_their_points() -> None:
    # 7th and 8th of 9 shared: (3 + 2) / 2; 2nd and 3rd by sqrt: (21.21 + 17.32) / 2 = 19.265
    assert shared_points("field", 9, 7, 2) == Decimal("2.5")
    assert shared_points("sqrt", 9, 2, 2) == Decimal("19.27")


def test_a_deal_shares_the_places_left_and_the_best_entry_counts() -> None:
    places = [("ann", None, 1), ("bob", None, 1), ("cid", None, 1), ("dan", 4, 1)]
    places += [("ann", 6, 1), ("eve", 5, 1)]  # ann's first entry finished 6th
    scored = tournament_points("field", 6, places, ended_by_deal=True)
    # places 1-3 of 6 shared by the three in the deal: (6 + 5 + 4) / 3 = 5
    assert scored == {"ann": 5, "bob": 5, "cid": 5, "dan": 3, "eve": 2}
    # still played: only the places decided score
    assert tournament_points("field", 6, places, ended_by_deal=False) == {
        "dan": 3,
        "ann": 1,
        "eve": 2,
    }


@pytest.mark.parametrize("spec", ["", "bogus", "10/x", "10/-1", "nan"])
def test_bad_formulas_are_refused(spec: str) -> None:
    with pytest.raises(UsageError):
        parse_points(spec)


def _players(data: dict[str, object]) -> dict[str, tuple[int, str, str]]:
    rows = data["players"]
    assert isinstance(rows, list)
    return {r["player"]: (r["tournaments"], r["points"], r["net"]) for r in rows}


def test_standings_add_the_league_points_of_two_tournaments(cli: Marquoir) -> None:
    cli.play(FREEZEOUT)
    cli.play(FREEZEOUT.replace("new f9 ", "new f9b ", 1))
    # each played to the end: p3 1st, p8 2nd, p9 3rd, p5 4th, p1 5th, p7 6th, p6 7th,
    # p2 8th, p4 9th; field: 9 - p + 1 a tournament, twice
    data = json.loads(cli("standings", "--json"))
    assert data["points"] == "field"
    got = _players(data)
    assert got["p3"] == (2, "18", "136.00")  # 2 x (90 won - 22 paid)
    assert got["p8"][:2] == (2, "16") and got["p4"] == (2, "2", "-44.00")
    assert [r["player"] for r in data["players"]][:3] == ["p3", "p8", "p9"]
    # sqrt: p3 2 x 30; p8 2 x 21.21; p4 2 x 10
    got = _players(json.loads(cli("standings", "--points", "sqrt", "--json")))
    assert (got["p3"][1], got["p8"][1], got["p4"][1]) == ("60", "42.42", "20")
    out = cli("standings", "--points", "10/7/5")
    assert "league points: 10/7/5 by place" in out
    got = _players(json.loads(cli("standings", "--points", "10/7/5", "--json")))
    assert (got["p3"][1], got["p9"][1], got["p5"][1]) == ("20", "10", "0")


def test_standings_after_a_deal_and_without_tournaments(cli: Marquoir) -> None:
    cli("new", "club", "--blinds", "1/2", "--cave", "100")
    cli("seat", "ann")
    data = json.loads(cli("standings", "--json"))
    assert "points" not in data and "points" not in data["players"][0]
    cli.play(THREE_LEFT)
    cli("chop", "--even")
    # the three in the deal share places 1 to 3 of 9: (9 + 8 + 7) / 3 = 8
    got = _players(json.loads(cli("standings", "--json")))
    assert got["p3"][:2] == got["p8"][:2] == got["p9"][:2] == (1, "8")
    assert got["ann"][:2] == (0, "0")
    assert "--points is field, sqrt" in usage_error(cli, "standings", "--points", "most")


def test_a_season_over_several_files(tmp_path: Path) -> None:
    """Two clubs' evenings, each in its own file: `standings A B` adds their points; the
    same tournament given twice (the file, or a copy of it) is refused, nothing printed."""
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    club_a, club_b = Marquoir(tmp_path / "a"), Marquoir(tmp_path / "b")
    club_a.play(FREEZEOUT)
    club_b.play(FREEZEOUT.replace("new f9 ", "new f9b ", 1))
    a, b = str(club_a.db), str(club_b.db)
    data = json.loads(club_a("standings", a, b, "--json"))
    # the same worked tournament in each file: p3 1st twice, 9 points each; p4 9th twice
    got = _players(data)
    assert got["p3"] == (2, "18", "136.00") and got["p4"] == (2, "2", "-44.00")
    # a session is named by its file when several are read (by its path: both files are
    # called marquoir.db)
    assert data["sessions"] == [f"{a}/f9", f"{b}/f9b"]
    copy = tmp_path / "copy.db"
    copy.write_bytes(club_a.db.read_bytes())
    line = club_a.refused("standings", a, str(copy))
    assert "f9" in line and "already counted" in line
    assert "no such file" in club_a.refused("standings", a, str(tmp_path / "none.db"))
