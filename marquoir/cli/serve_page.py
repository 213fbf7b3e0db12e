"""The pages `marquoir serve` adds to Datasette (a plugin): the sessions, and the live page
of each table. Every request reads the file afresh through a read-only connection, so a
command recorded at the table shows at the next reload (the page reloads itself).
"""

from __future__ import annotations

import re
import sqlite3
import urllib.parse
from decimal import Decimal
from html import escape
from typing import Any

from datasette import hookimpl
from datasette.utils.asgi import Response

from ..domain import MarquoirError
from ..domain.i18n import (
    N_,
    _,
    in_own_words,
    language,
    ngettext,
    session_language,
    speaking,
    street,
)
from ..domain.table import Table
from ..reports.html import STYLE, section_html
from ..reports.model import SessionReport, hand_lines, player_lines
from ..reports.scan import Spool
from ..reports.story import Section, hands_section, money, signed
from ..storage.db import READ, unwritable
from ..storage.ledger import Ledger, SessionInfo
from .render import describe_pot, status_dict

DATABASE = "marquoir"  # the file's name in Datasette's addresses, whatever the file's own
PLUGIN = "marquoir-serve"
MAX_VALUE_BYTES = 10_000_000  # see prepare_connection
REFRESH_SECONDS = 3
READS = frozenset({"GET", "HEAD"})
RECENT_HANDS = 20  # the page lists the last hands; the report has them all
PAGE_STYLE = """
body { margin: 1em auto; }
.now { font-size: 1.15em; }
.turn { background: #fff3c4; font-weight: 600; }
.out { color: #999; }
nav a { margin-right: 1em; }
@media (max-width: 32em) {
  body { margin: .5em auto; padding: 0 .4em; }
  .now { font-size: 1em; }
  th, td { padding: .2em .3em; }
  td { overflow-wrap: anywhere; }
  h1 small { display: block; font-size: .6em; }
}
"""


class ReadOnlyLedger(Ledger):
    """The ledger on a connection that cannot write (`mode=ro`): a page never migrates,
    locks or records anything."""

    def __init__(self, path: str) -> None:
        # a file nobody may write is read as it is: `mode=ro` on it would need a -shm file
        query = "mode=ro" if unwritable(path) is None else "mode=ro&immutable=1"
        uri = f"file:{urllib.parse.quote(path)}?{query}"
        conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        super().__init__(path, mode=READ, conn=conn)


def database_path(datasette: Any) -> str:
    """The file Datasette serves (the first database with a file)."""
    for database in datasette.databases.values():
        if getattr(database, "path", None):
            return str(database.path)
    raise MarquoirError(_("no database file is served"))


def register_routes(datasette: Any) -> list[tuple[str, Any]]:
    """Datasette's hook: Marquoir's pages (`PAGES`), on the instance `marquoir serve` made
    (another Datasette of the same process is left as it is)."""
    return list(PAGES) if ours(datasette) else []


def ours(datasette: Any) -> bool:
    """Whether `datasette` is the instance `marquoir serve` configured."""
    return datasette.plugin_config(PLUGIN) is not None


# Datasette's own pages a visitor may open without `serve --sql`: its static files, and
# the database `marquoir` (`serve.DATABASE`): its page, its tables and views (and their
# JSON), a row. Not: a box for any SQL (refused by the settings), `/-/...` (debug and
# introspection pages: threads, messages, the file's path), the file itself, `_internal`.
DATASETTE_PAGES = re.compile(
    r"/-/static/.*|/favicon\.ico"
    rf"|/{DATABASE}(\.json)?|/{DATABASE}/[^/.]+(\.(json|csv))?|/{DATABASE}/[^/.]+/[^/]+"
)


def shown(path: str, pages: list[str]) -> bool:
    """Whether a visitor may open `path` when `serve --sql` was not asked: Datasette's pages
    above, or one of `pages` (the address patterns of the plugins' pages)."""
    if DATASETTE_PAGES.fullmatch(path):
        return True
    return any(re.match(pattern, path) for pattern in pages)


def shown_as_sent(scope: dict[str, Any], pages: list[str]) -> bool:
    """`shown` for a request's path, both as Datasette routes it (as sent, %-escapes kept)
    and decoded."""
    raw = scope.get("raw_path")
    sent = raw.decode("latin-1") if isinstance(raw, bytes) else scope["path"]
    return shown(sent, pages) and shown(scope["path"], pages)


def plugin_pages(datasette: Any) -> list[str]:
    """The address patterns of Marquoir's pages: this module's `PAGES`, and those of
    Marquoir's other page modules, registered as plugins of their own (not those of another
    Datasette plugin installed beside it)."""
    from datasette.plugins import pm

    others = [plugin for plugin in pm.get_plugins() if not from_marquoir(plugin)]
    routes_of = pm.subset_hook_caller("register_routes", remove_plugins=others)
    return [
        str(getattr(pattern, "pattern", pattern))
        for routes in routes_of(datasette=datasette)
        for pattern, _view in routes or ()
    ]


def from_marquoir(plugin: Any) -> bool:
    """Whether a plugin (a module, or a class) is one of Marquoir's."""
    name = getattr(plugin, "__module__", None) or getattr(plugin, "__name__", "")
    return str(name).startswith("marquoir.")


def asgi_wrapper(datasette: Any) -> Any:
    """Datasette's hook, before Datasette sees a request: every request that is not a read
    (GET, HEAD) is refused with 405 (no form, write API or plugin route can change
    anything), and, unless `serve --sql` was asked, any page but Marquoir's and the tables
    and views' answers 404."""
    config = datasette.plugin_config(PLUGIN) or {}
    everything = bool(config.get("sql"))

    def wrap(app: Any) -> Any:
        if not ours(datasette):
            return app
        pages = plugin_pages(datasette)

        async def read_only(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] == "http" and scope["method"] not in READS:
                await refuse(send, 405, b"read-only\n", [(b"allow", b"GET, HEAD")])
                return
            if scope["type"] == "http" and not everything and not shown_as_sent(scope, pages):
                await refuse(send, 404, b"not found\n", [])
                return
            await app(scope, receive, send)

        return read_only

    return wrap


async def refuse(send: Any, status: int, body: bytes, headers: list[tuple[bytes, bytes]]) -> None:
    """Answer a request with `status` and a line of text."""
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain"), *headers],
        }
    )
    await send({"type": "http.response.body", "body": body})


def prepare_connection(conn: sqlite3.Connection, datasette: Any) -> None:
    """Datasette's hook, on each connection it opens: no string or blob longer than
    `MAX_VALUE_BYTES` (a query cannot fill the server's memory in one step, which the time
    limit could not stop)."""
    if ours(datasette):
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)


# marks them for pluggy (plain calls: datasette has no type information)
hookimpl(register_routes)
hookimpl(asgi_wrapper)
hookimpl(prepare_connection)


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
    browse = DATABASE
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
    hands = hand_lines(
        book.recent_hands(info, RECENT_HANDS), book.side_payments(info), config=table.config
    )
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
            section_html(newest_first(hands_section(report))),
        ]
    )


def newest_first(section: Section) -> Section:
    """The hand log for a phone: the last hand on top (a hand's pots stay in order), without
    the button (the table above shows it) and with the stakes only when they changed among
    the hands shown (a column of the same `1/2` on every line is width a phone lacks)."""
    if not section.headers or isinstance(section.rows, Spool):
        return section
    hands: list[list[tuple[str, ...]]] = []
    for row in section.rows:
        if row[0] or not hands:  # a hand's first pot carries its number
            hands.append([])
        hands[-1].append(tuple(row))
    rows = [row for hand in reversed(hands) for row in hand]
    stakes = section.headers.index(_("stakes"))
    changed = len({row[stakes] for row in rows if row[0]}) > 1
    # (the button is the hand log's second column, whatever the game calls it: Bouillotte's
    # "donneur" in French)
    dropped = {1} | (set() if changed else {stakes})
    kept = [column for column in range(len(section.headers)) if column not in dropped]
    return Section(
        section.title,
        headers=tuple(section.headers[c] for c in kept),
        rows=tuple(tuple(row[c] for c in kept) for row in rows),
        numeric=tuple(section.numeric[c] for c in kept),
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
            number=now["hand"], street=escape(street(str(now["street"] or now["phase"])))
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
            in_own_words(label, table.config.rules.own_words)  # (Bouillotte: "donneur")
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


# Marquoir's pages: (address pattern, page). Datasette serves them before its own.
PAGES: list[tuple[str, Any]] = [
    (r"^/$", index_page),
    (r"^/table/(?P<session>[^/]+)$", session_page),
]


def page(title: str, body: str, *, refresh: bool = True) -> str:
    """A small page for a phone; a live one reloads itself every few seconds."""
    reload = f'<meta http-equiv="refresh" content="{REFRESH_SECONDS}">' if refresh else ""
    return (
        f'<!DOCTYPE html><html lang="{language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"{reload}<title>{escape(title)}</title><style>{STYLE}{PAGE_STYLE}</style></head>"
        f"<body>{body}</body></html>"
    )
