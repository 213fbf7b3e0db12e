"""The table in French words: the example evenings typed in French record the same events.

Each example evening (examples/*.txt, written in Marquoir's English commands) is typed again
with the words a French table says, chosen from the glossary (docs/glossary.md) by a mapping
written here by hand, not read from the program's vocabulary: every synonym, in upper and
lower case, with and without accents. The events it records must be exactly those of the
English evening, whether its lines go through `marquoir play` or one command at a time.
"""

from __future__ import annotations

import itertools
import shlex
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from marquoir.cli.play import strip_comment

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# What a French table says for each command (the glossary's words), in several spellings.
FRENCH = {
    "check": ["parole", "PAROLE", "Parole", "checker"],
    "call": ["suivre", "tenir", "voir", "Suis", "TIENS", "payer"],
    "bet": ["miser", "Mise", "misé"],
    "raise": ["relancer", "relance", "Relancé", "sur-relancer"],
    "allin": ["tapis", "va-tout", "Va Tout", "VA-TOUT", "faire tapis"],
    "fold": ["se coucher", "coucher", "s'en aller", "S’en va", "couché", "Se Coucher"],
    "deal": ["donner", "Donne"],
    "open": ["ouvrir", "Ouvre"],
    "showdown": ["abattage", "abattre"],
    "win": ["gagne"],
    "status": ["état", "etat", "ÉTAT"],
    "stacks": ["jetons"],
    "seat": ["asseoir", "s'asseoir"],
    "recave": ["se recaver", "recaver"],
    "leave": ["part", "partir"],
    "new": ["nouvelle", "nouvelle partie"],
    "bringin": ["apporter"],
    "first": ["premier"],
    "false-open": ["ouverture à faux", "ouvrir à faux"],
}
# In draw and Bouillotte, "je passe" is a check while nobody has bet and a fold after.
PASSE = ["passe", "je passe", "Passer"]


def french_lines(name: str) -> list[tuple[str, list[str]]]:
    """The evening's lines in French: (the line as `play` reads it, the words of a command)."""
    cycles = {command: itertools.cycle(words) for command, words in FRENCH.items()}
    passe = itertools.cycle(PASSE)
    passing = "--game draw" in (EXAMPLES / name).read_text() or "bouillotte" in name
    lines = []
    for number, line in enumerate((EXAMPLES / name).read_text().splitlines()):
        words = shlex.split(strip_comment(line))
        if not words:
            continue
        command, rest = words[0], words[1:]
        if passing and command in ("check", "fold") and number % 2:
            french = next(passe)
        else:
            french = next(cycles[command]) if command in cycles else command
        tail = strip_comment(line).strip()[len(command) :]
        lines.append((french + tail, [*french.split(), *rest]))
    return lines


def events(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT session_id, hand_no, kind, data, undone FROM events ORDER BY id"
        ).fetchall()


def two_tables(tmp_path: Path) -> tuple[Marquoir, Marquoir]:
    (tmp_path / "en").mkdir()
    (tmp_path / "fr").mkdir()
    return Marquoir(tmp_path / "en"), Marquoir(tmp_path / "fr")


EVENINGS = ["evening.txt", "jackpots.txt", "bouillotte.txt", "stud.txt"]


@pytest.mark.parametrize("name", EVENINGS)
def test_an_evening_typed_in_french_with_play_records_the_same_events(
    tmp_path: Path, name: str
) -> None:
    english, french = two_tables(tmp_path)
    assert english.run("play", str(EXAMPLES / name)).returncode == 0
    script = "\n".join(line for line, _words in french_lines(name)) + "\n"
    assert any(word in script for word in ("s'en", "S’en", "passe"))
    french.play(script)
    assert events(french.db) == events(english.db) != []


@pytest.mark.parametrize("name", EVENINGS)
def test_an_evening_typed_in_french_one_command_at_a_time_records_the_same_events(
    tmp_path: Path, name: str
) -> None:
    english, french = two_tables(tmp_path)
    assert english.run("play", str(EXAMPLES / name)).returncode == 0
    for _line, words in french_lines(name):
        french(*words)
    assert events(french.db) == events(english.db) != []


def test_pass_in_hold_em_is_refused_it_could_mean_check_or_fold(cli: Marquoir) -> None:
    cli("new", "t", "--blinds", "1/2", "--cave", "100")
    cli("seat", "a")
    cli("seat", "b")
    cli("deal")
    assert "check or fold" in cli.refused("passe")


def test_an_unknown_word_suggests_the_nearest_word(cli: Marquoir) -> None:
    done = cli.run("--lang", "fr", "relancr", "40")
    assert done.returncode == 2 and "relance" in done.stderr
    assert "'tapis'" in cli.run("tapsi").stderr
    assert "'raise'" in cli.run("rase", "40").stderr
