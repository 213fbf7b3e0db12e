"""The language a line of the typer app speaks, before it is parsed: its usage errors and
its help are written before any table is read."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..app.books import Books


def line_language(args: list[str], books: Books) -> str:
    """The session's language for this line: the one a `new ... --lang fr` line creates, else
    the current session's ("" when there is none; `--lang`, when given, wins over both)."""
    return created_language(args) or current_language(books)


def current_language(books: Books) -> str:
    """The current session's language ("" when it has none, or there is no session)."""
    from ..app.table import current_settings

    settings = current_settings(books)
    return "" if settings is None else settings.lang


def created_language(args: list[str]) -> str:
    """The language of the session a `new ... --lang fr` line creates ("" for any other
    line): that line's own refusals speak it, as every later line on the session will."""
    if not args or args[0] != "new":
        return ""
    for at, word in enumerate(args):
        if word == "--lang" and at + 1 < len(args):
            return args[at + 1]
        if word.startswith("--lang="):
            return word.removeprefix("--lang=")
    return ""
