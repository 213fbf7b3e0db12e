"""`marquoir serve`: the file on Datasette, read-only, with a live page of each table.

The players follow the table on their phones: a page per session shows the table now (the
stacks, the bets, whose turn it is, the pots), the hands so far and the standings, and
reloads itself every few seconds. Datasette (the optional extra `marquoir[serve]`) serves it,
with the readable views for anyone who wants to dig.

Nobody can write through it: Datasette opens a file it may see change in read-only mode
(`mode=ro`: SQL that writes fails), Marquoir registers no plugin with a write route, and its
own pages only read, through their own read-only connection.

What it shows, on the local network with `--lan`: the live pages, and Datasette's pages of
the tables and the readable views (each query stopped after `SQL_TIME_LIMIT_MS`, at most
`MAX_ROWS` rows, no value longer than `serve_page.MAX_VALUE_BYTES`). Not shown unless
`--sql` is asked: a box for any SQL, Datasette's debug and introspection pages (`/-/...`,
which show the file's path), the file itself. The database is called `marquoir` in the
addresses (`serve_page.DATABASE`) whatever the file's name, so a file called `table.db`
cannot hide a page behind `/table/...`.
"""

from __future__ import annotations

import json
import os
import socket
from importlib import resources
from typing import Any

from ..app.books import Books
from ..app.upkeep import bring_up_to_date
from ..domain import IllegalAction, UsageError
from ..domain.i18n import _
from ..storage.db import unwritable
from ..storage.paths import database_path

DEFAULT_PORT = 8001
INSTALL_HINT = "`marquoir serve` needs Datasette: pip install 'marquoir[serve]'"
# Limits on any query a page runs: a request cannot hold the server for long, nor fill
# its memory (SQLite refuses to make a longer string or blob: `randomblob(1000000000)`).
METADATA_VERSION = 1  # of `datasette-metadata`'s output
SQL_TIME_LIMIT_MS = 1000
MAX_ROWS = 1000


def metadata_for(db_name: str) -> dict[str, Any]:
    """The Datasette metadata shipped with the package (the descriptions of the tables and
    views), for a database Datasette calls `db_name` (by default, the file's name without
    its extension)."""
    text = resources.files("marquoir.storage").joinpath("datasette.json").read_text("utf-8")
    metadata: dict[str, Any] = json.loads(text)
    databases = metadata.get("databases", {})
    metadata["databases"] = {db_name: databases.get("marquoir", {})}
    return metadata


def print_metadata(db: str | None) -> None:
    """`marquoir datasette-metadata`: the metadata for plain `datasette FILE`, which names
    the database after the file (its name without the extension), as JSON on the standard
    output. Its `version` is Marquoir's (Datasette ignores the key)."""
    path = database_path(db)
    name = os.path.splitext(os.path.basename(path))[0]
    metadata = {"version": METADATA_VERSION, **metadata_for(name)}
    print(json.dumps(metadata, ensure_ascii=False, indent=2))


def lan_address() -> str:
    """This machine's address on the local network (the one a phone on the same Wi-Fi
    types): the source address of a route out; no packet is sent."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only looked up
        address = str(probe.getsockname()[0])
    except OSError:
        address = "127.0.0.1"
    finally:
        probe.close()
    return address


def datasette_app(path: str, *, sql: bool = False) -> Any:
    """The Datasette instance serving `path` read-only as the database `marquoir`, with
    Marquoir's pages; `sql`: also any (read-only) SQL and Datasette's own pages."""
    try:
        from datasette.app import Datasette
        from datasette.database import Database
        from datasette.plugins import pm
    except ImportError:
        raise IllegalAction(INSTALL_HINT) from None
    from . import serve_tournament  # a tournament's screen

    if not pm.is_registered(serve_tournament):
        pm.register(serve_tournament, name="marquoir-tournament")
    from . import serve_page

    if not pm.is_registered(serve_page):
        pm.register(serve_page, name=serve_page.PLUGIN)
    metadata = metadata_for(serve_page.DATABASE)
    metadata["plugins"] = {serve_page.PLUGIN: {"sql": sql}}
    ds = Datasette(
        metadata=metadata,
        settings={
            "allow_download": False,
            "allow_csv_stream": False,  # a CSV stream ignores the row limit
            "default_allow_sql": sql,
            "sql_time_limit_ms": SQL_TIME_LIMIT_MS,
            "max_returned_rows": MAX_ROWS,
            "default_cache_ttl": 0,
            # facet suggestions run several queries over a view on every page: slow on a
            # big file
            "suggest_facets": False,
        },
        version_note="marquoir, read-only",
    )
    ds.remove_database("_memory")  # (Datasette adds it when given no file)
    # A file nobody may write is read as it is (no lock, no -wal or -shm file made
    # beside it); any other in `mode=ro`, seeing each command recorded at the table.
    changing = unwritable(path) is None
    ds.add_database(Database(ds, path=path, is_mutable=changing), name=serve_page.DATABASE)
    return ds


def exposure(*, sql: bool) -> str:
    """What anyone on the network can see (`--lan`), in one or two lines."""
    seen = _(
        "anyone on this network can read every session of this file: the live pages, and "
        "the tables and views (no download, nothing can be written)"
    )
    if sql:
        return (
            seen
            + "\n"
            + _(
                "--sql: they can also run any read-only SQL query (stopped after {seconds} s) and "
                "open Datasette's own pages, which show the file's path"
            ).format(seconds=SQL_TIME_LIMIT_MS // 1000)
        )
    return (
        seen + "\n" + _("no SQL of their own, no debug page, not the file's path (--sql opens SQL)")
    )


def _check_free(host: str, port: int) -> None:
    """Refuse, with one line, a port another program holds (before printing any address)."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as failure:
            raise IllegalAction(
                _("cannot listen on port {port}: {strerror}; try --port N").format(
                    port=port, strerror=failure.strerror
                )
            ) from None


def serve(db: str | None, *, port: int, lan: bool, sql: bool = False) -> None:
    """Serve the file until interrupted."""
    if not 1 <= port <= 65535:
        raise UsageError(_("a port is a number from 1 to 65535 (got {port})").format(port=port))
    path = os.path.abspath(database_path(db))
    if not os.path.exists(path):
        raise IllegalAction(
            _("no database at {path}: record a session first (marquoir new)").format(path=path)
        )
    bring_up_to_date(Books(path))  # (the readable views; an up-to-date file is only read)
    ds = datasette_app(path, sql=sql)
    import uvicorn

    host = "0.0.0.0" if lan else "127.0.0.1"
    _check_free(host, port)
    print(
        _("serving {path} read-only at {url} (Ctrl-C stops)").format(
            path=path, url=f"http://127.0.0.1:{port}/"
        ),
        flush=True,
    )
    if lan:
        print(
            _("on a phone on the same network, open {url}").format(
                url=f"http://{lan_address()}:{port}/"
            ),
            flush=True,
        )
        print(exposure(sql=sql), flush=True)
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning")
