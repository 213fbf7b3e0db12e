"""`standings` counts the hands in SQL; the report counts them in Python from the hand
summaries. Both must agree, on every player of every session."""

from __future__ import annotations

from pathlib import Path

from marquoir.reports.model import hand_lines, player_lines
from marquoir.reports.standings import standings
from marquoir.storage.ledger import Ledger
from tests.installed import NOT_INSTALLED, Marquoir

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@NOT_INSTALLED
def test_standings_count_the_hands_the_reports_count(cli: Marquoir) -> None:
    for script in ("evening.txt", "stud.txt", "bouillotte.txt"):
        cli.play((EXAMPLES / script).read_text(encoding="utf-8"))
    with Ledger(cli.db) as book:
        expected: dict[str, tuple[int, int]] = {}
        for info, _created in book.sessions():
            lines = player_lines(
                book.load(info), hand_lines(book.hands(info), book.side_payments(info))
            )
            for line in lines:
                sessions, hands = expected.get(line.name, (0, 0))
                expected[line.name] = (sessions + 1, hands + line.hands_played)
        got = {line.name: (line.sessions, line.hands) for line in standings(book).players}
    assert got == expected
    assert sum(hands for _sessions, hands in got.values()) > 20
