"""The pages `marquoir serve` adds to Datasette (a plugin): the sessions, and the live page
of each table. Every request reads the file afresh through a read-only connection, so a
command recorded at the table shows at the next reload (the page reloads itself).
"""

from __future__ import annotations

import sqlite3
import urllib.parse
from decimal import Decimal
from html import escape
from typing import Any

from datasette import hookimpl
from datasette.utils.asgi import Response

from ..domain import MarquoirError
from ..domain.i18n import N_, _, language, ngettext, session_language, speaking
from ..domain.table import Table
from ..reports.html import STYLE, section_html
from ..reports.model import SessionReport, hand_lines, player_lines
from ..reports.story import Section, hands_section, money, signed
from ..storage.db import READ
from ..storage.ledger import Ledger, SessionInfo
from .render import describe_pot, status_dict

REFRESH_SECONDS = 3
READS = frozenset({"GET", "HEAD"})
RECENT_HANDS = 20  # the page lists the last hands; the report has them all
PAGE_STYLE = """
body { margin: 1em auto; }
.now { font-size: 1.15em; }
.turn { background: #fff3c4; font-weight: 600; }
.out { color: #999; }
nav a { margin-right: 1em; }
"""


class ReadOnlyLedger(Ledger):
    """The ledger on a connection that cannot write (`mode=ro`): a page never migrates,
    locks or records anything."""

    def __init__(self, path: str) -> None:
        uri = f"file:{urllib.parse.quote(path)}?mode=ro"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        super().__init__(path, mode=READ, conn=conn)


def database_path(datasette: Any) -> str:
    """The file Datasette serves (the first database with a file)."""
    for database in datasette.databases.values():
        if getattr(database, "path", None):
            return str(database.path)
    raise MarquoirError(_("no database file is served"))


def register_routes() -> list[tuple[str, Any]]:
    """Datasette's hook: the sessions at `/`, a table's live page at `/table/NAME`."""
    return [(r"^/$", index_page), (r"^/table/(?P<session>[^/]+)$", session_page)]


def asgi_wrapper() -> Any:
    """Datasette's hook: every request that is not a read (GET, HEAD) is refused with 405
    before Datasette sees it: no form, write API or plugin route can change anything."""

    def wrap(app: Any) -> Any:
        async def read_only(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] == "http" and scope["method"] not in READS:
                await send(
                    {
                        "type": "http.response.start",
                        "status": 405,
                        "headers": [(b"content-type", b"text/plain"), (b"allow", b"GET, HEAD")],
                    }
                )
                await send({"type": "http.response.body", "body": b"read-only\n"})
                return
            await app(scope, receive, send)

        return read_only

    return wrap


# marks them for pluggy (plain calls: datasette has no type information)
hookimpl(register_routes)
hookimpl(asgi_wrapper)


async def index_page(datasette: Any) -> Response:
    path = database_path(datasette)
    with ReadOnlyLedger(path) as book:
        rows = book.sessions()
        try:
            current = book.current().name
        except MarquoirError:
            current = None
    # the list of sessions speaks `--lang`'s language or the locale's
    current_mark = _(" (current)")
    screen = _("tournament screen")
    items = [
        f'<li><a href="/table/{urllib.parse.quote(info.name)}">{escape(info.name)}</a>'
        f" {escape(created[:10])}{current_mark if info.name == current else ''}"
        # a tournament's own page: the clock, the field and the money, for the room
        + (
            f' · <a href="/tournament/{urllib.parse.quote(info.name)}">{escape(screen)}</a>'
            if info.settings.tournament is not None
            else ""
        )
        + "</li>"
        for info, created in reversed(rows)
    ]
    browse = next(iter(datasette.databases))
    body = (
        "<h1>Marquoir</h1>"
        + (f"<ul>{''.join(items)}</ul>" if items else "<p>" + _("No session yet.") + "</p>")
        + _('<p><a href="/{browse}">Browse the file</a> (read-only)</p>').format(
            browse=escape(browse)
        )
    )
    return Response.html(page("Marquoir", body, refresh=False))


async def session_page(request: Any, datasette: Any) -> Response:
    name = urllib.parse.unquote(request.url_vars["session"])
    path = database_path(datasette)
    with ReadOnlyLedger(path) as book:
        try:
            info = book.session_named(name)
        except MarquoirError as missing:
            return Response.html(page("Marquoir", f"<p>{escape(str(missing))}</p>"), status=404)
        # a table's page speaks its session's language (unless `serve --lang` chose one)
        with speaking(session_language(info.settings.lang)):
            body = session_body(book, info)
            return Response.html(page(f"{name} - Marquoir", body))


def session_body(book: Ledger, info: SessionInfo) -> str:
    """The table now, then the standings and the last hands. Only the last hands are read,
    so a page costs the same on the first hand of the file as on the ten-thousandth."""
    table = book.load(info)
    hands = hand_lines(book.recent_hands(info, RECENT_HANDS), book.side_payments(info))
    report = SessionReport(
        name=info.name,
        created_at="",
        settings={},
        title=table.config.title(),
        chip_value=Decimal(info.settings.chip_value),
        currency=info.settings.currency,
        players=player_lines(table, hands),
        hands=hands,
        settlement=None,
        unsettled=None,
    )
    earlier = book.hand_count(info) - len(hands)
    return "\n".join(
        [
            f"<h1>{escape(info.name)} <small>{escape(report.title)}</small></h1>",
            '<nav><a href="/">'
            + _("Sessions")
            + "</a>"
            # a tournament's screen: the clock, the field and the money (serve_tournament)
            + (
                f'<a href="/tournament/{urllib.parse.quote(info.name)}">'
                + escape(_("tournament screen"))
                + "</a>"
                if info.settings.tournament is not None
                else ""
            )
            + "</nav>",
            table_now(status_dict(info.name, table), table),
            "<h2>" + _("Standings") + "</h2>",
            section_html(standings(report)),
            "<h2>" + _("Hands so far") + "</h2>",
            (
                "<p>"
                + ngettext(
                    "{count} earlier hand is in the report.",
                    "{count} earlier hands are in the report.",
                    earlier,
                ).format(count=earlier)
                + "</p>"
            )
            if earlier > 0
            else "",
            section_html(hands_section(report)),
        ]
    )


def standings(report: SessionReport) -> Section:
    """Each player's evening so far, narrow enough for a phone (the report has the rest)."""
    rows = tuple(
        (
            p.name,
            _("left") if p.left else str(p.stack),
            str(p.bought),
            signed(p.net_chips),
            money(p.net_money, report.currency, sign=True),
        )
        for p in sorted(report.players, key=lambda p: (-p.net_chips, p.name))
    )
    headers = (_("player"), _("stack"), _("bought"), _("net"), _("money"))
    return Section(_("Standings"), headers=headers, rows=rows, numeric=(False,) + (True,) * 4)


def table_now(now: dict[str, Any], table: Table) -> str:
    """Whose turn it is, the pot, and every player's stack and bet: the pot and the call in
    the words of the table's own lines (`pot 122`, `call to 6`), so the page and the
    terminal never disagree."""
    if now["in_hand"]:
        head = _("Hand {number}, {street}").format(
            number=now["hand"], street=escape(str(now["street"] or now["phase"]))
        )
        if now["button"]:
            head += _(" · button {name}").format(name=escape(now["button"]))
        turn = now["to_act"]
        if turn and now["legal"] and table.hand is not None:
            owe = table.hand.legal().call_words()
            head += _(" · <b>{value} to act</b> ({value2})").format(
                value=escape(turn), value2=escape(owe)
            )
        elif now["phase"] == "showdown":
            head += _(" · showdown")
    else:
        count = now["hand"]
        head = ngettext(
            "{count} hand played · between hands", "{count} hands played · between hands", count
        ).format(count=count)
    pot = escape(describe_pot(table.hand)) if table.hand is not None and now["pot"] else ""
    rows = []
    for p in now["players"]:
        state = [
            _(label)
            for label, on in (
                (N_("button"), p["name"] == now["button"]),
                (N_("to act"), p["name"] == now["to_act"]),
                (N_("folded"), p["folded"]),
                (N_("all-in"), p["all_in"]),
                (N_("sitting out"), p["sitting_out"]),
                (N_("busted"), p["busted"] and not p["in_hand"]),
            )
            if on
        ]
        css = (
            ' class="turn"'
            if p["name"] == now["to_act"]
            # greyed: folded, or not dealt in the hand in play
            else (' class="out"' if p["folded"] or (now["in_hand"] and not p["in_hand"]) else "")
        )
        rows.append(
            f'<tr{css}><td class="n">{p["seat"]}</td><td>{escape(p["name"])}</td>'
            f'<td class="n">{p["stack"]}</td><td class="n">{p["bet"] or ""}</td>'
            f"<td>{escape(', '.join(state))}</td></tr>"
        )
    return (
        '<section class="now"><h2>' + _("The table now") + "</h2>"
        f"<p>{head}</p>"
        + (_("<p>In the middle: {pot}</p>").format(pot=pot) if pot else "")
        + f'<table><tr><th class="n">{_("seat")}</th><th>{_("player")}</th>'
        f'<th class="n">{_("stack")}</th><th class="n">{_("bet")}</th><th></th></tr>'
        + "".join(rows)
        + "</table></section>"
    )


def page(title: str, body: str, *, refresh: bool = True) -> str:
    """A small page for a phone; a live one reloads itself every few seconds."""
    reload = f'<meta http-equiv="refresh" content="{REFRESH_SECONDS}">' if refresh else ""
    return (
        f'<!DOCTYPE html><html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{reload}<title>{escape(title)}</title><style>{STYLE}{PAGE_STYLE}</style></head>"
        f"<body>{body}</body></html>"
    )
