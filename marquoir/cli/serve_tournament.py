"""The tournament's screen on `marquoir serve` (a Datasette plugin): the page at
`/tournament/NAME` and its data at `/tournament/NAME.json`.

The data is read by the server from the file (a read-only connection, as the table's live
page): the browser asks for nothing but this JSON, never for SQL.
"""

from __future__ import annotations

import json
import urllib.parse
from html import escape
from typing import Any

from datasette import hookimpl
from datasette.utils.asgi import Response

from ..domain import MarquoirError
from ..domain.i18n import _, session_language, speaking
from ..domain.now import now as clock_now
from ..domain.table import Table
from ..domain.tournament.levels import ClockState
from ..reports.tournament_screen import screen_data, screen_html
from ..storage.ledger import Ledger, SessionInfo
from .serve_page import ReadOnlyLedger, database_path, page


def register_routes() -> list[tuple[str, Any]]:
    """Datasette's hook: the screen and its data (the data's route first: it is longer)."""
    return [
        (r"^/tournament/(?P<session>[^/]+)\.json$", screen_document),
        (r"^/tournament/(?P<session>[^/]+)$", screen_page),
    ]


hookimpl(register_routes)  # marks it for pluggy (a plain call: datasette has no types)


def screen_clock(book: Ledger, session: SessionInfo, table: Table, now: float) -> ClockState | None:
    """The tournament's clock at `now`, from the recorded events (the one place the screen
    asks for it)."""
    from ..app.tournament import clock_of

    return clock_of(book, session, table, now)


def read_room(table: Table) -> dict[str, Any] | None:
    """The room of a tournament played at several tables, as the application reads it
    (None for one table)."""
    from ..app.room import is_room, room_data

    return room_data(table) if is_room(table) else None


def read_screen(datasette: Any, name: str) -> tuple[str, dict[str, Any]] | Response:
    """The session's name and the screen's data, or the page that says why not."""
    with ReadOnlyLedger(database_path(datasette)) as book:
        try:
            info = book.session_named(name)
        except MarquoirError as missing:
            return Response.html(page("Marquoir", f"<p>{escape(str(missing))}</p>"), status=404)
        with speaking(session_language(info.settings.lang)):
            table = book.load(info)
            if table.settings.tournament is None:
                text = _("{name} is a cash game: its page is the table's").format(name=name)
                link = f'<a href="/table/{urllib.parse.quote(name)}">{escape(text)}</a>'
                return Response.html(page("Marquoir", f"<p>{link}</p>", refresh=False), 404)
            now = clock_now()  # (MARQUOIR_NOW in tests, the time of day otherwise)
            clock = screen_clock(book, info, table, now)
            try:
                data = screen_data(info.name, table, clock, now=now, room=read_room(table))
            except MarquoirError as refused:  # (a tournament the rules cannot place yet:
                # its words, not a server error's traceback)
                text = _("Error: ") + str(refused)
                return Response.html(page("Marquoir", f"<p>{escape(text)}</p>"), status=500)
            return info.settings.lang, data


async def screen_document(request: Any, datasette: Any) -> Response:
    found = read_screen(datasette, urllib.parse.unquote(request.url_vars["session"]))
    if isinstance(found, Response):
        return found
    return Response(
        json.dumps(found[1], ensure_ascii=False),
        content_type="application/json; charset=utf-8",
        headers={"cache-control": "no-store"},
    )


async def screen_page(request: Any, datasette: Any) -> Response:
    name = urllib.parse.unquote(request.url_vars["session"])
    found = read_screen(datasette, name)
    if isinstance(found, Response):
        return found
    lang, data = found
    with speaking(session_language(lang)):
        return Response.html(screen_html(name, data))
