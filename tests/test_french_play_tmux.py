"""A French evening typed at the `marquoir play` prompt, in a real terminal (tmux), on a
machine whose locale is English: from the banner on, not one English word on the screen.

The session alone asks for French (`nouvelle ... --lang fr`); the lines are what a French
table says, mistakes included (a misspelt verb, a missing name, an amount that is not one).
The English words looked for are listed here by hand: the parser's, the prompt's and the
table's words that leaked before the session's language ruled every line.
"""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from .installed import MARQUOIR, NOT_INSTALLED, Marquoir

pytestmark = [
    NOT_INSTALLED,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

# English words that have no business on a French screen (none of them is also French).
ENGLISH = (
    "error",
    "usage",
    "line",
    "such",
    "command",
    "did",
    "mean",
    "missing",
    "invalid",
    "value",
    "quit",
    "next",
    "hand",
    "yet",
    "call",
    "calls",
    "check",
    "checks",
    "fold",
    "folds",
    "raise",
    "raises",
    "bet",
    "bets",
    "deal",
    "undo",
    "status",
    "win",
    "wins",
    "stack",
    "chips",
    "player",
    "players",
    "seat",
    "showdown",
    "main",
    "side",
    "small",
    "big",
    "blind",
    "the",
    "and",
    "of",
    "is",
    "with",
    "to",
    "Examples",
    "Show",
    "PLAYER",
    "NAME",
)
WORDS = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b", re.IGNORECASE)

EVENING = [
    "donner",
    "je relance à 6",
    "relancr 20",  # a misspelt verb: refused, with the word meant
    "je relance de 10",
    "relance abc",  # not an amount
    "je paie",
    "asseoir",  # no name
    "je me couche",
    "s",
    "je mise 10",
    "je suis",
    "je passe",
    "checke",
    "je fais tapis",
    "paye",
    'abattage --board "Ac Rk 7t 2p 9c" bob="Ap Rp" carol="Dc Dk"',
    "relance --help",
    "jetons",
]


def _tmux(*args: str) -> str:
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, check=True)
    return done.stdout


def _screen(name: str) -> str:
    """Everything the terminal showed, its scrollback included."""
    return _tmux("capture-pane", "-p", "-J", "-S", "-", "-t", name)


def _wait_for(name: str, text: str, seconds: float = 20) -> str:
    deadline = time.monotonic() + seconds
    screen = ""
    while time.monotonic() < deadline:
        screen = _screen(name)
        if text in screen:
            return screen
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never showed:\n{screen}")


def test_a_french_evening_at_the_prompt_shows_no_english(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path, in_process=True)
    cli.env.update(LANGUAGE="", LC_ALL="", LC_MESSAGES="", LANG="C")
    cli.play(
        "nouvelle vendredi --blinds 1/2 --cave 200 --chip-value 0,10 --lang fr\n"
        "asseoir alice\nasseoir bob\nasseoir carol\n"
    )
    name = f"marquoir-{uuid.uuid4().hex[:8]}"
    environment = (
        f"env LANG=C LANGUAGE= LC_ALL= LC_MESSAGES= MARQUOIR_DB={shlex.quote(str(cli.db))}"
    )
    command = f"{environment} {shlex.quote(str(MARQUOIR))} play; echo PLAY-EXITED-$?; sleep 30"
    _tmux("new-session", "-d", "-s", name, "-x", "200", "-y", "50", command)
    try:
        _tmux("set-option", "-t", name, "history-limit", "5000")
        prompts = _wait_for(name, "] > ").count("] > ")
        for line in EVENING:
            _tmux("send-keys", "-t", name, "-l", line)
            _tmux("send-keys", "-t", name, "Enter")
            deadline = time.monotonic() + 20
            while _screen(name).count("] > ") <= prompts and time.monotonic() < deadline:
                time.sleep(0.1)
            prompts = _screen(name).count("] > ")
        _tmux("send-keys", "-t", name, "q", "Enter")
        screen = _wait_for(name, "PLAY-EXITED-0")
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, check=False)
    shown = screen.split("PLAY-EXITED-0")[0]
    # from the first line: the banner
    assert shown.lstrip().startswith("Marquoir\u202f: une commande par ligne"), shown
    # the evening did happen, mistakes and all
    unknown = "Erreur : Commande inconnue\u202f: 'relancr'. Vouliez-vous dire 'relancer'\u202f?"
    assert unknown in shown
    assert "Erreur : Argument manquant\u202f: 'JOUEUR'." in shown
    assert "bob relance à 16" in shown  # de 10 over alice's 6
    assert "Utilisation\u202f: marquoir relancer [OPTIONS] JETONS" in shown
    assert "bob\u202f: deux paires, as et rois (Ap Rp Ac Rk 9c)" in shown
    # the prompt names who speaks with French typography too: `| alice : suivre 2 ...] >`
    assert re.search(r"\| [a-z]+\u202f: (suivre|parole)", shown), shown
    typed = {f"] > {line}" for line in EVENING}
    said = [
        line.split("] > ")[0] if any(t in line for t in typed) else line
        for line in shown.splitlines()
    ]
    english = [(line, WORDS.findall(line)) for line in said if WORDS.search(line)]
    assert english == [], english
