"""`marquoir serve`: the file on Datasette, read-only, with a live page of each table.

The players follow the table on their phones: a page per session shows the table now (the
stacks, the bets, whose turn it is, the pots), the hands so far and the standings, and
reloads itself every few seconds. Datasette (the optional extra `marquoir[serve]`) serves it,
with the readable views for anyone who wants to dig.

Nobody can write through it: Datasette opens a file it may see change in read-only mode
(`mode=ro`: SQL that writes fails), Marquoir registers no plugin with a write route, and its
own pages only read, through their own read-only connection.
"""

from __future__ import annotations

import json
import os
import socket
from importlib import resources
from typing import Any

from ..domain import IllegalAction, UsageError
from ..domain.i18n import _
from ..storage.ledger import Ledger
from ..storage.paths import database_path

DEFAULT_PORT = 8001
INSTALL_HINT = "`marquoir serve` needs Datasette: pip install 'marquoir[serve]'"


def metadata_for(db_name: str) -> dict[str, Any]:
    """The Datasette metadata shipped with the package, for a file whose stem is `db_name`
    (Datasette names a database after its file)."""
    text = resources.files("marquoir.storage").joinpath("datasette.json").read_text("utf-8")
    metadata: dict[str, Any] = json.loads(text)
    databases = metadata.get("databases", {})
    metadata["databases"] = {db_name: databases.get("marquoir", {})}
    return metadata


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


def datasette_app(path: str) -> Any:
    """The Datasette instance serving `path` read-only, with Marquoir's pages."""
    try:
        from datasette.app import Datasette
        from datasette.plugins import pm
    except ImportError:
        raise IllegalAction(INSTALL_HINT) from None
    from . import serve_tournament  # a tournament's screen

    if not pm.is_registered(serve_tournament):
        pm.register(serve_tournament, name="marquoir-tournament")
    from . import serve_page

    if not pm.is_registered(serve_page):
        pm.register(serve_page, name="marquoir-serve")
    stem = os.path.splitext(os.path.basename(path))[0]
    return Datasette(
        [path],
        metadata=metadata_for(stem),
        # facet suggestions run several queries over a view on every page: slow on a big file
        settings={"allow_download": False, "default_cache_ttl": 0, "suggest_facets": False},
        version_note="marquoir, read-only",
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


def serve(db: str | None, *, port: int, lan: bool) -> None:
    """Serve the file until interrupted."""
    if not 1 <= port <= 65535:
        raise UsageError(_("a port is a number from 1 to 65535 (got {port})").format(port=port))
    path = os.path.abspath(database_path(db))
    if not os.path.exists(path):
        raise IllegalAction(
            _("no database at {path}: record a session first (marquoir new)").format(path=path)
        )
    Ledger(path).close()  # brings an older file up to date (the readable views)
    ds = datasette_app(path)
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
    uvicorn.run(ds.app(), host=host, port=port, log_level="warning")
