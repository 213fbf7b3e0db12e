"""The HTML report read on a phone: the page never scrolls sideways (the players' table
becomes one card per player, the long tables scroll inside their own box), in English and
in French, and still reads as a table on a desktop screen. Drawn by a real headless
Chromium (see tests/browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

from .browser import DESKTOP, LANG, NEEDS_CHROMIUM, PHONE, WIDTH, Browser
from .installed import Marquoir
from .test_serve import evening_until_hand_three, french_evening

# the players' table as a desktop shows it: its header row's cells, laid out side by side
HEADER_TOPS = "[...document.querySelector('table').rows[0].cells].map(c => c.offsetTop)"
# the players' table as a phone shows it: how many of its header cells take any room
HEADER_SHOWN = (
    "[...document.querySelector('table').rows[0].cells].filter(c => c.offsetWidth > 0).length"
)


def card_of(name: str) -> str:
    """A player's row of the players' table as drawn: for each cell that takes room, the
    label drawn before it (CSS `content`, "none" when none), its text, and its right edge."""
    return (
        "[...[...document.querySelector('table').rows]"
        f".find(r => r.cells[1].innerText === {name!r}).cells]"
        ".filter(c => c.offsetWidth > 0)"
        ".map(c => [getComputedStyle(c, '::before').content, c.innerText,"
        " Math.ceil(c.getBoundingClientRect().right)])"
    )


def report_file(cli: Marquoir, tmp_path: Path) -> str:
    page = tmp_path / "report.html"
    page.write_text(cli("report", "--format", "html"), encoding="utf-8")
    return page.as_uri()


@NEEDS_CHROMIUM
def test_the_html_report_fits_a_phone(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path, in_process=True)
    evening_until_hand_three(cli)
    url = report_file(cli, tmp_path)
    with Browser(tmp_path) as browser:
        width, shown, card = browser.measure(
            url, [WIDTH, HEADER_SHOWN, card_of("carol")], screen=PHONE
        )
        assert width <= PHONE[0]  # 1,036 px before
        assert shown == 0  # one card per player: each number under its column's name
        # carol's card, every line on the phone's screen: her seat, what she bought, her net
        labels = {label: value for label, value, right in card if right <= PHONE[0]}
        assert len(labels) == len(card) == 11
        assert labels['"seat"'] == "3" and labels["none"] == "carol"
        assert (labels['"bought"'], labels['"net money"']) == ("200", "+19.00 EUR")
        wide, tops = browser.measure(url, [WIDTH, HEADER_TOPS], screen=DESKTOP)
        assert wide <= DESKTOP[0] and len(set(tops)) == 1  # a table again: one header row


@NEEDS_CHROMIUM
def test_a_french_html_report_fits_a_phone(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    french_evening(cli)
    url = report_file(cli, tmp_path)
    with Browser(tmp_path) as browser:
        width, lang, card = browser.measure(url, [WIDTH, LANG, card_of("Clémentine")])
        assert (width <= PHONE[0], lang) == (True, "fr")
        labels = {label: value for label, value, right in card if right <= PHONE[0]}
        assert len(labels) == len(card) == 11
        assert (labels['"siège"'], labels['"acheté"']) == ("3", "200")
        assert re.fullmatch(r"\+19,00\s€", labels['"argent net"'])
