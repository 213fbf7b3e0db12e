"""The fast path: the table commands parsed by hand, without importing typer.

A command typed hundreds of times an evening must answer at once (DESIGN section 5). This
parser knows only the simple forms of the hot verbs; anything else (help, an unknown option,
an amount that is not a whole number) returns False and goes to the typer app, which prints
the proper usage error.
"""

from __future__ import annotations

from collections.abc import Callable

from ..domain import Action
from . import commands


def is_chips(text: str) -> bool:
    """A whole number of chips written in ASCII digits ('²'.isdigit() is True too)."""
    return text.isascii() and text.isdigit()


SIMPLE_ACTIONS: dict[str, Callable[[str | None], Action]] = {
    "check": Action.check,
    "call": Action.call,
    "fold": Action.fold,
    "allin": Action.allin,
}


def _split_as(rest: list[str]) -> tuple[list[str], str | None] | None:
    """Positional words and the --as PLAYER value; None when anything else is there."""
    words: list[str] = []
    player = None
    i = 0
    while i < len(rest):
        token = rest[i]
        if token == "--as" and i + 1 < len(rest) and not rest[i + 1].startswith("-"):
            player, i = rest[i + 1], i + 2
            continue
        if token.startswith("--as=") and len(token) > 5:
            player, i = token[5:], i + 1
            continue
        if token.startswith("-"):
            return None
        words.append(token)
        i += 1
    return words, player


def _is_ranking(text: str) -> bool:
    """A ranking ("alice > bob = carol"), not shown cards ("alice=As Ks")."""
    if text.startswith("-"):
        return False
    return "=" not in text or (all(part.strip() for part in text.split("=")) and " =" in text)


def run(args: list[str], db: str | None) -> bool:
    """Carry out a hot command; False when the arguments need the full parser."""
    if not args:
        return False
    verb, rest = args[0], args[1:]
    if verb in SIMPLE_ACTIONS or verb in ("bet", "raise", "open"):
        parsed = _split_as(rest)
        if parsed is None:
            return False
        words, player = parsed
        if verb in SIMPLE_ACTIONS and not words:
            commands.act(db, SIMPLE_ACTIONS[verb](player))
            return True
        if verb in ("bet", "raise", "open") and len(words) == 1 and is_chips(words[0]):
            make = Action.open if verb == "open" else Action.bet
            commands.act(db, make(int(words[0]), player))
            return True
        return False
    if verb in ("deal", "undo") and not rest:
        (commands.deal if verb == "deal" else commands.undo)(db)
        return True
    if verb in ("status", "stacks") and rest in ([], ["--json"]):
        show = commands.status if verb == "status" else commands.stacks
        show(db, as_json=bool(rest))
        return True
    if verb == "win" and rest and not any(t.startswith("-") for t in rest):
        commands.win(db, rest)
        return True
    if verb == "showdown" and rest and _is_ranking(rest[0]):
        if len(rest) == 1:
            commands.showdown(db, rest[0])
            return True
        low = _low_option(rest[1:])
        if low is None:
            return False
        commands.showdown(db, rest[0], low=low)
        return True
    return False


def _low_option(rest: list[str]) -> str | None:
    """The ranking of `--low RANKING` (hi-lo games), or None when the words are anything
    else: the typer app then reads them (and reports what is wrong)."""
    if len(rest) == 2 and rest[0] == "--low":
        low = rest[1]
    elif len(rest) == 1 and rest[0].startswith("--low="):
        low = rest[0][6:]
    else:
        return None
    return low if low.strip() and _is_ranking(low) else None
