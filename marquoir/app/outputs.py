"""What the evening's outputs read from the file: a session's report, its exports, the
standings over sessions and files. Each returns the text (or its chunks) or the figures;
the command line writes and prints them, `serve` may call the same.

Off the table commands' path: these import the report model and its renderers.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from datetime import date

from ..domain import IllegalAction, UsageError
from ..domain.i18n import _, speaking
from ..reports.standings import Standings, standings_of
from ..reports.standings import standings as standings_in
from ..storage.db import READ
from ..storage.ledger import Ledger
from .books import Books
from .evening import report_of


def check_excel(fmt: str, excel: bool) -> None:
    """`--excel` (a byte-order mark and `;` for a spreadsheet) suits CSV files only."""
    if excel and fmt not in ("csv", "pokernow"):
        raise UsageError(_("--excel is for CSV files, not {fmt}").format(fmt=fmt))


@contextmanager
def report_chunks(
    books: Books, *, fmt: str, session: str | None, excel: bool = False
) -> Iterator[Iterator[str]]:
    """The session's report in `fmt`, piece by piece: the file stays open while the caller
    writes them (the hands are read as they go, a long session is never held whole)."""
    from ..reports.exports import excel as to_excel
    from ..reports.render import render_chunks

    check_excel(fmt, excel)
    with books.own(READ) as book:
        chunks = render_chunks(report_of(book, session, fmt=fmt), fmt)
        yield _excel_chunks(chunks, to_excel) if excel else chunks


def _excel_chunks(chunks: Iterator[str], to_excel: Callable[[str], str]) -> Iterator[str]:
    """The report as a spreadsheet's CSV: whole, made when the writer asks for it (after
    the target was checked)."""
    yield to_excel("".join(chunks))


@dataclass(frozen=True)
class PhhExport:
    """The session's hands as PHH text (empty: no hand could be written), the hands left out
    and why, and how many hands have no hole cards known."""

    text: str
    hands: int
    skipped: list[str]
    unknown_cards: int


def export_phh(books: Books, session: str | None) -> PhhExport:
    """The session's hands in the PHH format."""
    from ..domain.phh import dumps
    from ..reports.phh_export import phh_hands, unknown_cards

    with books.own(READ) as book:
        hands, skipped = phh_hands(book, session)
    return PhhExport(dumps(hands) if hands else "", len(hands), skipped, unknown_cards(hands))


def export_text(
    books: Books, *, what: str, fmt: str, session: str | None, excel: bool = False
) -> str:
    """The session's hands or ledger in a data format (CSV, JSON, PokerNow's CSV), in
    English whatever the session's language."""
    from ..reports import exports

    check_excel(fmt, excel)
    # (open while written: the hands are read as they go; data, in English)
    with books.own(READ) as book, speaking("en"):
        data = report_of(book, session)
        times = book.player_times(book.session_named(data.name))
        if fmt == "pokernow":
            text = exports.pokernow_csv(data, times)
        else:
            text = exports.export(data, what, fmt)
    return exports.excel(text) if excel else text


def standings(
    books: Books,
    *,
    files: Sequence[str] = (),
    since: date | None,
    until: date | None,
    points: str | None = None,
) -> Standings:
    """The players over the sessions from `since` to `until`, of the file or of several
    `files` read together; `points`: the league's formula (`domain.tournament.league`)."""
    if points is not None:
        from ..domain.tournament.league import parse_points

        points = parse_points(points)  # (a usage error before the file is read)
    if files:
        return _standings_of_files(files, since=since, until=until, points=points)
    with books.own(READ) as book:
        return standings_in(book, since=since, until=until, points=points)


def _standings_of_files(
    files: Sequence[str], *, since: date | None, until: date | None, points: str | None
) -> Standings:
    """The standings of several files read together, each labelled by its name (without
    `.db`), or by its path when two files share a name."""
    stems = [os.path.splitext(os.path.basename(path))[0] for path in files]
    labels = stems if len(set(stems)) == len(stems) else list(files)
    with ExitStack() as stack:
        books = []
        for label, path in zip(labels, files, strict=True):
            if not os.path.isfile(path):
                raise IllegalAction(_("{path}: no such file").format(path=path))
            books.append((label, stack.enter_context(Ledger(path, mode=READ))))
        return standings_of(books, since=since, until=until, points=points)
