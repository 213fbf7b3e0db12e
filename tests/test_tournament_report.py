"""The tournament's report: its keys in `report --format json` (structure, entries, rebuys,
add-ons, places, prizes, bounties, deal, chip races, the level of each hand, the average
stack), the text report's lines and average column, and the chart's average line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from .installed import Marquoir
from .test_tournament_cli import REBUYS
from .test_tournament_race import SHORT

ROOT = Path(__file__).resolve().parent.parent
TOURNOI = (ROOT / "examples" / "tournoi.txt").read_text(encoding="utf-8")


def report_json(cli: Marquoir) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(cli("report", "--format", "json"))
    schema = json.loads((ROOT / "marquoir" / "schemas" / "report.json").read_text("utf-8"))
    assert [e.message for e in Draft202012Validator(schema).iter_errors(data)] == []
    return data


def test_the_example_tournament_in_json(cli: Marquoir) -> None:
    cli.play(TOURNOI)
    data = report_json(cli)
    tournament = data["tournament"]
    structure = tournament["structure"]
    assert (structure["buy_in"], structure["fee"], structure["stack"]) == ("20", "2", 1000)
    assert [(lv["small_blind"], lv["big_blind"]) for lv in structure["levels"]] == [
        (25, 50),
        (50, 100),
        (100, 200),
    ]
    # six players and david's re-entry: 7 entries x (20 - 5 bounty) = 105, paid 50/30/20 %
    # = 52.5, 31.5, 21 rounded down to 52, 31, 21, the remainder 1 to first place
    assert (tournament["entries"], tournament["rebuys"], tournament["add_ons"]) == (7, 0, 0)
    assert tournament["prize_pool"] == "105"
    assert tournament["payouts"] == ["53", "31", "21"] and tournament["remainder"] == "1"
    # hand 1 at level 1, then `level next`: hands 2 to 4 at level 2 (50/100)
    assert tournament["hand_levels"] == {"1": 1, "2": 2, "3": 2, "4": 2}
    assert [hand["level"] for hand in data["hands"]] == [1, 2, 2, 2]
    # the players with chips after each hand: 1: 6,000 among 5 (david out) = 1,200;
    # 2: 7,000 among 4 (emma and bruno out, david #2 in) = 1,750; 3: the same;
    # 4: 7,000 among 3 = 2,333.33 -> 2,333
    assert tournament["average_stacks"] == {"1": 1200, "2": 1750, "3": 1750, "4": 2333}
    assert tournament["deal"]["method"] == "icm" and tournament["deal"]["kept"] == "0"
    places = {row["name"]: row for row in tournament["places"]}
    # chloe busted david, emma, bruno and david #2: four bounties of 5, and her own head
    assert places["chloe"]["bounties"] == "25" and places["chloe"]["place"] is None
    assert (places["emma"]["place"], places["bruno"]["place"]) == (5, 6)
    assert places["david"]["out_hand"] == 1 and places["david #2"]["place"] == 4
    # the 25s raced after hand 1: bruno's 3 and chloe's 1 make one 100, chloe's card higher
    (race,) = tournament["races"]
    assert (race["after_hand"], race["odd"], race["won"]) == (
        1,
        [["bruno", 3], ["chloe", 1]],
        ["chloe"],
    )


def test_the_text_report_shows_the_levels_and_the_average_stack(cli: Marquoir) -> None:
    cli.play(TOURNOI)
    text = cli("report")
    assert "levels played: 1 (hand 1), 2 (hands 2-4)" in text
    stacks = text[text.index("Stacks after each hand") :]
    header = stacks.splitlines()[2].split()
    assert header[-1] == "average"
    last = stacks.splitlines()[-1].split()
    assert last[0] == "4" and last[-1] == "2333"
    markdown = cli("report", "--format", "md")
    table = markdown[markdown.index("## Stacks after each hand") :].splitlines()
    assert table[2].split("|")[-2].strip() == "average"
    assert table[-1].split("|")[-2].strip() == "2333"


def test_the_html_chart_draws_the_average_stack(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(TOURNOI)
    out = tmp_path / "r.html"
    cli("report", "--format", "html", "--output", str(out))
    page = out.read_text(encoding="utf-8")
    assert "average stack" in page[page.index("<svg") :]


def test_rebuys_add_ons_and_levels_of_a_rebuy_tournament(cli: Marquoir) -> None:
    cli.play(REBUYS)
    tournament = report_json(cli)["tournament"]
    # 5 entries (d's re-entry), 2 rebuys (d, b), 3 add-ons (a, b, c)
    assert (tournament["entries"], tournament["rebuys"], tournament["add_ons"]) == (5, 2, 3)
    assert tournament["prize_pool"] == "100"
    rows = {row["name"]: row for row in tournament["places"]}
    assert (rows["b"]["rebuys"], rows["b"]["add_on"]) == (1, True)
    assert (rows["d"]["rebuys"], rows["d #2"]["rebuys"]) == (1, 0)
    # hands 1-2 at level 1; `level 4` then `level 5` before hand 3: hands 3-5 at 100/200
    assert tournament["hand_levels"] == {"1": 1, "2": 1, "3": 5, "4": 5, "5": 5}


def test_a_chip_race_in_the_report(cli: Marquoir) -> None:
    cli.play(SHORT)
    cli("race", "25", "anne=3", "bruno=1", "chloe=2", "dora=1", "--draw", "chloe,anne,bruno,dora")
    (race,) = report_json(cli)["tournament"]["races"]
    assert race["after_hand"] == 1 and race["won"] == ["chloe", "anne"]
    assert race["protected"] == ["dora"]
    assert "chip race of the 25 chips after hand 1: a 100 to chloe, anne, dora" in cli("report")


def test_a_cash_game_report_has_no_tournament_keys(cli: Marquoir) -> None:
    cli.play((ROOT / "examples" / "evening.txt").read_text(encoding="utf-8"))
    data = report_json(cli)
    assert "tournament" not in data and all("level" not in hand for hand in data["hands"])
    assert "average" not in cli("report").split("Stacks after each hand")[1].splitlines()[2]
