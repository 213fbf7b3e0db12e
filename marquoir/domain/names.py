"""Player and session names: what a name may be, and when two names are the same player.

A name is shown in every terminal, report and export, and written in showdown rankings, so
it must be visible text that prints as it is kept. Standard library only; `unicodedata` (a C
module) is imported when a name is checked, off the path of the table commands.
"""

from __future__ import annotations

from .errors import ShowdownError, UsageError
from .i18n import _
from .inputs import MAX_NAME

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from .ranking import Ranking

# Format characters that may sit inside a visible name: the zero-width joiner and non-joiner
# (emoji sequences, Persian, Indic scripts). Every other format character is refused: they are
# invisible (U+200B), or reorder what the terminal shows (U+202E).
_JOINERS = frozenset("\u200c\u200d")
# Categories of characters that show nothing on their own: a name needs one of something else.
_INVISIBLE = frozenset(("Cf", "Mn", "Me", "Zs", "Zl", "Zp"))


def check_name(name: str, *, what: str = "player") -> str:
    """The name as Marquoir keeps it (NFC), or `UsageError` (exit 2) saying why not.

    A name is one word without '>' or '=' (player names write showdown rankings), at most
    `MAX_NAME` characters, valid UTF-8 (bytes that are not, from the command line, are
    refused), with no control or hidden format character, and with something visible.
    """
    import unicodedata

    label = f"{what} name"
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8, kept as surrogates by argv
        raise UsageError(
            _("'{bytes_shown}' is not a valid {label}: it is not UTF-8 text").format(
                bytes_shown=_bytes_shown(name), label=label
            )
        ) from None
    name = unicodedata.normalize("NFC", name)
    for char in name:
        category = unicodedata.category(char)
        if category in ("Cc", "Cs", "Co", "Cn") or (category == "Cf" and char not in _JOINERS):
            raise UsageError(
                _(
                    "{value!r} is not a valid {label}: it holds the invisible or control "
                    "character U+{ord:04X}"
                ).format(value=name[:60], label=label, ord=ord(char))
            )
    if not name or len(name.split()) != 1 or name != name.strip() or ">" in name or "=" in name:
        raise UsageError(
            _("{value!r} is not a valid {label}: one word, without '>' or '='").format(
                value=name[:60], label=label
            )
        )
    if all(unicodedata.category(char) in _INVISIBLE for char in name):
        raise UsageError(
            _("{name!r} is not a valid {label}: nothing in it is visible").format(
                name=name, label=label
            )
        )
    if len(name) > MAX_NAME:
        raise UsageError(
            _(
                "{value}... is not a valid {label}: at most {MAX_NAME} characters (got {len})"
            ).format(value=name[:MAX_NAME], label=label, MAX_NAME=MAX_NAME, len=len(name))
        )
    return name


def _bytes_shown(name: str) -> str:
    """A name with bytes that are not UTF-8 (kept as surrogates), written as \\xff escapes."""
    try:
        raw = name.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = name.encode("utf-8", "backslashreplace")
    return raw.decode("utf-8", "backslashreplace")[:60]


def name_key(name: str) -> str:
    """What makes two names the same player: Alice, alice and ALICE are one (NFC, casefold)."""
    if name.isascii():
        return name.lower()
    import unicodedata

    # upper() first: casefold alone keeps the dotless ı apart from I, its own upper case
    folded = unicodedata.normalize("NFC", name).upper().casefold()
    return unicodedata.normalize("NFC", folded)


def resolve_ranking(ranking: Ranking, resolve: Callable[[str], str]) -> Ranking:
    """The ranking with the recorded names (`win ALICE` is alice's); a player named twice
    under two spellings is refused."""
    resolved = tuple(tuple(resolve(name) for name in group) for group in ranking)
    names = [name for group in resolved for name in group]
    for name in names:
        if names.count(name) > 1:
            raise ShowdownError(_("{name} appears twice in the ranking").format(name=name))
    return resolved


__all__ = ["check_name", "name_key", "resolve_ranking"]
