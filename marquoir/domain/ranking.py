"""Showdown results as a ranking: ``alice > bob = carol``."""

from __future__ import annotations

from .errors import ShowdownError, UsageError
from .i18n import _

Ranking = tuple[tuple[str, ...], ...]
"""Groups of player names, best first; the names in one group tie."""


def parse_ranking(text: str) -> Ranking:
    """Parse ``"alice > bob = carol"``: alice beats bob and carol, who tie.

    Raises `UsageError` when the text does not parse and `ShowdownError` when a name appears
    twice.
    """
    groups: list[tuple[str, ...]] = []
    seen: set[str] = set()
    for chunk in text.split(">"):
        names = tuple(name.strip() for name in chunk.split("="))
        if any(not name or len(name.split()) != 1 for name in names):
            raise UsageError(
                _(
                    "cannot read the ranking {text!r}: write it like 'alice > bob = carol' "
                    "(one-word names, '>' beats, '=' ties)"
                ).format(text=text)
            )
        for name in names:
            if name in seen:
                raise ShowdownError(_("{name} appears twice in the ranking").format(name=name))
            seen.add(name)
        groups.append(names)
    return tuple(groups)


def tie(names: list[str] | tuple[str, ...]) -> Ranking:
    """The ranking of `win A B ...`: these players tie for the best hand."""
    if not names:
        raise UsageError(_("name at least one winner"))
    for name in names:
        if not name or len(name.split()) != 1 or ">" in name or "=" in name:
            raise UsageError(
                _("{name!r} is not a player name: one word, without '>' or '='").format(name=name)
            )
    return parse_ranking(" = ".join(names))


def format_ranking(ranking: Ranking) -> str:
    """The ranking written back the way a user types it."""
    return " > ".join(" = ".join(group) for group in ranking)
