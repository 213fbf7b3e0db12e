"""docs/glossary.md says, for each word of the table, what to type: every such command is
one Marquoir reads (a French word of the vocabulary or a command's name), with options the
command has. A glossary that tells a host to type what Marquoir refuses is a wrong glossary."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import typer

from marquoir.cli import vocabulary
from marquoir.cli.app import app

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"


def typed_commands() -> list[str]:
    """The code spans of the glossary's "Ce qu'on tape" column."""
    found = []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and line.startswith("|") and not set(cells[0]) <= {"-", " "}:
            found += re.findall(r"`([^`]+)`", cells[2])
    return found


def test_the_glossary_lists_what_to_type() -> None:
    assert len(typed_commands()) > 60


def test_every_command_the_glossary_gives_is_read() -> None:
    command = typer.main.get_command(app)
    commands = command.commands  # type: ignore[attr-defined]
    wrong = []
    for typed in typed_commands():
        if typed.startswith("-") or not re.search("[a-z]", typed):
            continue  # an option alone (`--ante N`, said of the command before), or `=`
        words = shlex.split(typed) if '"' in typed else typed.split()  # (`s'en aller`)
        english = vocabulary.to_english(words)
        name = english[0]
        if name not in commands:
            wrong.append((typed, "no such command"))
            continue
        known = {opt for p in commands[name].params for opt in p.opts}
        unknown = [w.split("=")[0] for w in english[1:] if w.startswith("--")]
        wrong += [(typed, option) for option in unknown if option not in known]
    assert wrong == []
