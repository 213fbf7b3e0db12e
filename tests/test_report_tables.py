"""The report's own table writer against tabulate (the oracle) on random tables."""

from __future__ import annotations

import random
import string

import pytest
from tabulate import tabulate

from marquoir.reports import render
from marquoir.reports.render import Section

ALPHABET = string.ascii_letters + string.digits + " ,()-.>=|\\*_"


def _word(rng: random.Random) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.choice([0, 0, 1, 3, 8, 15])))


@pytest.mark.parametrize("style", ["simple", "github"])
def test_the_fast_tables_are_tabulates_tables(style: str) -> None:
    rng = random.Random(style)
    for _ in range(1500):
        columns = rng.randint(1, 6)
        headers = tuple(_word(rng) or "h" for _ in range(columns))
        rows = tuple(tuple(_word(rng) for _ in range(columns)) for _ in range(rng.randint(0, 8)))
        numeric = tuple(rng.random() < 0.5 for _ in range(columns))
        section = Section("t", headers=headers, rows=rows, numeric=numeric)
        expected = tabulate(
            [list(row) for row in rows],
            headers=list(headers),
            tablefmt=style,
            colalign=["right" if right else "left" for right in numeric],
            disable_numparse=True,
        )
        assert render._table(section, style) == expected, (headers, rows, numeric)


def test_cells_beyond_ascii_go_to_tabulate() -> None:
    """A wide character is two columns on a terminal: tabulate knows it, len() does not."""
    section = Section(
        "t", headers=("player", "n"), rows=(("李", "1"), ("é", "22")), numeric=(False, True)
    )
    expected = tabulate(
        [["李", "1"], ["é", "22"]],
        headers=["player", "n"],
        tablefmt="simple",
        colalign=["left", "right"],
        disable_numparse=True,
    )
    assert render._table(section, "simple") == expected
