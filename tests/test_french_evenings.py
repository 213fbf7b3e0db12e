"""Whole French evenings, every game and a tournament: no English word in anything a person
reads.

Each evening is a session created in French (`new ... --lang fr`, nothing else says French)
and played from commands: the example evenings (examples/*.txt), Omaha hi-lo and razz. Every
output is searched for the English words of tests/english_words.py and for numbers written
the English way: what each command answers, `status`, `stacks`, `places`, `count`,
`part --all`, `settle`, the reports meant for people (text, Markdown, HTML with its hand
log) and the pages of `serve`. JSON and CSV are data, the same in every language: not
searched.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .english_words import english_numbers, english_words, visible_text
from .installed import NOT_INSTALLED, Marquoir
from .test_serve import get, serving

pytestmark = NOT_INSTALLED

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

OMAHA_HILO = (
    """new h --game omaha-hilo --blinds 1/2 --cave 1500 --chip-value 0.05
seat alice
seat bob
seat carol
seat dave
deal
call
call
fold
check
"""
    + "check\n" * 9
    + """showdown "alice > dave" --low "carol > alice"
deal
fold
fold
fold
"""
)

RAZZ = (
    """new r --game razz --limits 4/8 --bring-in 1 --ante 1 --cave 100
seat alice
seat bob
seat carol
deal
bringin carol
call
call
first bob
check
check
check
"""
    + "first alice\ncheck\ncheck\ncheck\n" * 3
    + 'showdown alice="As 2c 3d 4h 6s Kd Kc" bob="7s 5c 4d 3h 2s Qd Qc"'
    + ' carol="Ah 2d 3c 4s 6d Jd Jc"\n'
)


def in_french(script: str) -> str:
    """The script with its session created in French (`new ... --lang fr`); its cards,
    written the English way, read with `--english` (a French session reads French cards)."""
    script = re.sub(r"^(new [^#\n]*?)\s*(#.*)?$", r"\1 --lang fr", script, count=1, flags=re.M)
    return re.sub(r"^(showdown [^#\n]*=[^#\n]*?)\s*(#.*)?$", r"\1 --english", script, flags=re.M)


def evenings() -> dict[str, str]:
    """Each evening's script, from the first command to the last hand."""
    scripts = {
        name: (EXAMPLES / f"{name}.txt").read_text(encoding="utf-8")
        for name in ("evening", "jackpots", "bouillotte", "stud", "tournoi")
    }
    scripts["omaha-hilo"], scripts["razz"] = OMAHA_HILO, RAZZ
    return {name: in_french(script) for name, script in scripts.items()}


# After the last hand: what the host asks (the tournament's chips are not money to cash out)
CASH_END = ["status", "stacks", "count", "part --all", "status", "settle --why", "settle"]
TOURNAMENT_END = ["status", "stacks", "places", "settle --why", "settle"]
REPORTS = [["report"], ["report", "--format", "md"], ["report", "--format", "html"]]


def play_evening(cli: Marquoir, name: str, script: str) -> list[tuple[str, str]]:
    """Play the evening and ask for everything a person reads: (what was asked, the text)."""
    shown = [(f"{name}: play", cli.play(script))]
    ending = TOURNAMENT_END if "--tournament" in script else CASH_END
    for line in ending:
        words = line.split()
        if words[0] == "count":  # the chips on the table are the books' (a full count)
            words += [
                f"{p['name']}={p['stack']}" for p in cli.stacks_json()["players"] if not p["left"]
            ]
        done = cli.run(*words)
        assert done.returncode == 0, (name, line, done.stderr)
        shown.append((f"{name}: {line}", done.stdout))
    for report in REPORTS:
        text = cli(*report)
        shown.append(
            (f"{name}: {' '.join(report)}", visible_text(text) if "html" in report else text)
        )
    return shown


def leaks(shown: list[tuple[str, str]]) -> list[str]:
    """Each line with English in it: what was asked, the English found, the line."""
    found = []
    for what, text in shown:
        for line in text.splitlines():
            english = english_words(line) + english_numbers(line)
            if english:
                found.append(f"{what}: {english}: {line.strip()}")
    return found


@pytest.mark.parametrize("name", sorted(evenings()))
def test_a_french_evening_shows_no_english(tmp_path: Path, name: str) -> None:
    cli = Marquoir(tmp_path, in_process=True)
    shown = play_evening(cli, name, evenings()[name])
    assert leaks(shown) == []


def test_the_served_pages_of_french_sessions_show_no_english(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    for name in ("evening", "tournoi"):
        cli.play(evenings()[name])
    cli.env["LANGUAGE"] = "fr"  # the index page speaks the locale's language
    with serving(cli) as (base, _process):
        pages = {path: get(base + path) for path in ("/", "/table/vendredi", "/tournament/tournoi")}
    shown = [(f"serve {path}", visible_text(page)) for path, page in pages.items()]
    assert all('<html lang="fr">' in page for page in pages.values())
    assert leaks(shown) == []


def test_the_finder_finds_the_leaks_the_issue_names() -> None:
    """The list catches each English word seen in French output, and lets French be."""
    seen = [
        "un montant entier de jetons (an amount)",
        "parole ou se coucher (check or fold)",
        "berthe parle, the round",
        "bruno paie 14,00 € à house",
        "1 jeton = 0.05 EUR",
        "15.0 GB",
        "`rebuy paul`",
        "-- preflop --",
    ]
    assert all(english_words(line) or english_numbers(line) for line in seen), seen
    french = "alice fait tapis (all-in) au flop : pot 1\u202f320, +5\u202f000,00\u00a0€, 9 h 23"
    assert english_words(french) == english_numbers(french) == []
    # options are the same in every language; the command before them is not
    assert english_words("`part --all` puis `régler`") == []
    assert english_words("`leave --all`") == ["leave"]
