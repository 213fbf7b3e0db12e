"""`marquoir serve`: the read-only live page on Datasette.

Checked through the installed command and a real server: nothing can write (every method
but GET and HEAD, Datasette's write routes, SQL that writes), a command recorded at the table
shows on the page within a few seconds, `--lan` prints the address for a phone, and a real
headless Chromium draws the page (skipped only where Chromium is missing outside CI).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import re
import shutil
import socket
import sqlite3
import struct
import subprocess
import sys
import time
import types
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from .browser import DESKTOP, LANG, NEEDS_CHROMIUM, PHONE, TEXT, WIDTH, Browser
from .installed import MARQUOIR, NOT_INSTALLED, Marquoir

pytest.importorskip("datasette")

from marquoir.cli.serve import datasette_app, lan_address
from marquoir.cli.serve_page import DATABASE, ReadOnlyLedger

EVENING = Path(__file__).resolve().parent.parent / "examples" / "evening.txt"
# The first lines of examples/evening.txt: hand 3 dealt, bob and carol called the big blind,
# dave (small blind) to act.
HEAD = 40
CHROMIUM = next(
    (p for p in (shutil.which("chromium"), shutil.which("chromium-browser")) if p), None
)
IN_CI = os.environ.get("CI") == "true"


def evening_until_hand_three(cli: Marquoir) -> None:
    lines = EVENING.read_text(encoding="utf-8").splitlines()
    cli.play("\n".join(lines[:HEAD]) + "\n")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=5) as response:
        return str(response.read().decode("utf-8"))


def wait_until_up(url: str, process: subprocess.Popen[bytes] | subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server stopped"
        try:
            get(url)
            return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.2)
    raise AssertionError(f"{url} did not answer")


@contextlib.contextmanager
def serving(
    cli: Marquoir, *options: str, prefix: list[str] | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`marquoir serve` on `cli`'s file, on a free port (run under `prefix`, a command that
    runs another): its address and its process."""
    if MARQUOIR is None:
        pytest.skip("the marquoir command is not installed")
    port = free_port()
    # the server's output goes to a file: Datasette prints a long traceback for each SQL
    # it refuses, enough to fill a pipe nobody reads
    # (beside the test's home: the file's folder may be read-only)
    log_path = Path(cli.env["HOME"]).with_name(f"serve-{port}.log")
    with open(log_path, "w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [*(prefix or []), MARQUOIR, "serve", "--port", str(port), *options],
            env=cli.env,
            stdout=log,
            stderr=log,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        try:
            wait_until_up(base + "/", process)
        except AssertionError:
            raise AssertionError(log_path.read_text(encoding="utf-8")) from None
        yield base, process
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[Marquoir, str, subprocess.Popen[bytes]]]:
    """The evening, hand 3 in play, served on a free port."""
    cli = Marquoir(tmp_path)
    evening_until_hand_three(cli)
    with serving(cli) as (base, process):
        yield cli, base, process


def player_row(page: str, name: str) -> tuple[int, str]:
    """A player's stack and state on the live page."""
    found = re.search(
        rf'<td>{name}</td><td class="n">(\d+)</td><td class="n">\d*</td><td>([^<]*)</td>', page
    )
    assert found, page
    return int(found[1]), found[2]


def test_the_page_follows_the_table_within_seconds(
    server: tuple[Marquoir, str, subprocess.Popen[bytes]],
) -> None:
    cli, base, _ = server
    page = get(base + "/table/vendredi")
    assert '<meta http-equiv="refresh" content="3">' in page  # it reloads itself
    # hand 3: dave (small blind, 1 in front) is to act; 256 before the hand - 1 = 255
    assert player_row(page, "dave") == (255, "to act")
    assert player_row(page, "carol") == (388, "button")
    # he completes the big blind: his total for the round becomes 2 (the action line's unit)
    assert "dave to act</b> (call to 2)" in page
    cli("call")  # dave completes: 254 behind, alice (big blind) to act
    deadline = time.monotonic() + 5
    while player_row(get(base + "/table/vendredi"), "dave")[0] != 254:
        assert time.monotonic() < deadline, "the page did not follow the table"
        time.sleep(0.2)
    page = get(base + "/table/vendredi")
    assert player_row(page, "alice") == (42, "to act")
    # the pot as the terminal says it: 2 + 2 + 2 + 2 in front, nothing collected yet
    assert "In the middle: pot 8" in page
    index = get(base + "/")
    assert '<a href="/table/vendredi">vendredi</a>' in index


def test_nothing_can_write(server: tuple[Marquoir, str, subprocess.Popen[bytes]]) -> None:
    cli, base, _ = server
    before = hashlib.sha256(cli.db.read_bytes()).hexdigest()
    name = DATABASE
    for method in ("POST", "PUT", "PATCH", "DELETE"):
        for path in ("/", "/table/vendredi", f"/{name}", f"/{name}/events", "/-/messages"):
            request = urllib.request.Request(base + path, data=b"{}", method=method)
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(request, timeout=5)
            assert refused.value.code == 405, (method, path)
    # the write API of later Datasettes, and SQL that writes, through a read
    for path in (f"/{name}/events/-/insert", f"/{name}/-/create"):
        request = urllib.request.Request(base + path, data=b'{"row": {}}', method="POST")
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=5)
        assert refused.value.code == 405
    for sql in (
        "DELETE FROM events",
        "UPDATE events SET undone = 1",
        "INSERT INTO meta VALUES ('x', 'y')",
        "DROP VIEW ledger",
        "PRAGMA user_version = 7",
    ):
        query = urllib.parse.urlencode({"sql": sql})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/{name}.json?{query}", timeout=5)
        assert refused.value.code in (400, 403), sql
    # a read works, through the readable views
    rows = get(f"{base}/{name}/ledger.json?_shape=array")
    assert len(json.loads(rows)) == 4  # the four caves
    assert hashlib.sha256(cli.db.read_bytes()).hexdigest() == before
    assert cli.stacks_json()["hand"] == 3


@NOT_INSTALLED
def test_the_pages_read_through_a_connection_that_cannot_write(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    evening_until_hand_three(cli)
    with ReadOnlyLedger(str(cli.db)) as book:
        assert book.load(book.current()).hand_no == 3
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            book.conn.execute("DELETE FROM events")
    # Datasette's own client, in process: the same refusals
    ds = datasette_app(str(cli.db))

    async def post() -> int:
        response = await ds.client.post(f"/{DATABASE}/events", json={"row": {}})
        return int(response.status_code)

    assert asyncio.run(post()) == 405


@NOT_INSTALLED
def test_lan_prints_the_address_for_a_phone(tmp_path: Path) -> None:
    assert MARQUOIR is not None
    cli = Marquoir(tmp_path)
    cli("new", "t", "--blinds", "1/2")
    port = free_port()
    process = subprocess.Popen(
        [MARQUOIR, "serve", "--lan", "--port", str(port)],
        env=cli.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        first, second = process.stdout.readline(), process.stdout.readline()
        assert first.startswith(f"serving {cli.db} read-only at http://127.0.0.1:{port}/")
        assert second == f"on a phone on the same network, open http://{lan_address()}:{port}/\n"
        # what the network now sees, and what it does not
        said = process.stdout.readline() + process.stdout.readline()
        assert said == (
            "anyone on this network can read every session of this file: the live pages, "
            "and the tables and views (no download, nothing can be written)\n"
            "no SQL of their own, no debug page, not the file's path (--sql opens SQL)\n"
        )
        wait_until_up(f"http://{lan_address()}:{port}/", process)
    finally:
        process.terminate()
        process.communicate(timeout=10)


@pytest.mark.skipif(lan_address() == "127.0.0.1", reason="no local network here")
def test_without_lan_only_this_machine_can_connect(
    server: tuple[Marquoir, str, subprocess.Popen[bytes]],
) -> None:
    _, base, _ = server
    port = base.rsplit(":", 1)[1]
    with pytest.raises((urllib.error.URLError, ConnectionError)):
        get(f"http://{lan_address()}:{port}/")


def test_without_datasette_the_command_says_how_to_install(tmp_path: Path) -> None:
    db = tmp_path / "m.db"
    code = (
        "import sys; sys.modules['datasette'] = None\n"
        "from marquoir.cli import main\n"
        f"main(['--db', {str(db)!r}, 'new', 't', '--blinds', '1/2'])\n"
        f"sys.exit(main(['--db', {str(db)!r}, 'serve']))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 1
    assert done.stderr == "Error: `marquoir serve` needs Datasette: pip install 'marquoir[serve]'\n"


def test_a_port_in_use_is_one_error_line(
    server: tuple[Marquoir, str, subprocess.Popen[bytes]],
) -> None:
    cli, base, _ = server
    port = base.rsplit(":", 1)[1]
    line = cli.refused("serve", "--port", port)
    assert line.startswith(f"Error: cannot listen on port {port}: ")
    done = cli.run("serve", "--port", "nope")
    assert done.returncode == 2 and "Traceback" not in done.stderr


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.skipif(
    CHROMIUM is None and not IN_CI, reason="Chromium is not installed (CI installs it)"
)
def test_a_real_browser_draws_the_page(
    server: tuple[Marquoir, str, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    assert CHROMIUM is not None, "CI must have Chromium (.ci/run installs it)"
    _, base, _ = server
    url = base + "/table/vendredi"
    flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"]
    home = {**os.environ, "HOME": str(tmp_path)}
    dom = subprocess.run(
        [CHROMIUM, *flags, "--dump-dom", url],
        capture_output=True,
        text=True,
        timeout=120,
        env=home,
        check=False,
    ).stdout
    assert player_row(dom, "dave") == (255, "to act")
    shot = tmp_path / "serve.png"
    subprocess.run(
        [CHROMIUM, *flags, f"--screenshot={shot}", "--window-size=420,900", url],
        capture_output=True,
        timeout=120,
        env=home,
        check=False,
    )
    data = shot.read_bytes()
    assert png_size(data) == (420, 900)
    assert len(data) > 10_000  # text and tables drawn, not a blank page


# --- the pages on a phone -------------------------------------------------------------------

# the evening's players under longer names, in a French session: the widest page of the two
FRENCH_NAMES = {
    "alice": "Anne-Sophie",
    "bob": "Barthélemy",
    "carol": "Clémentine",
    "dave": "Dominique",
}


def french_evening(cli: Marquoir) -> None:
    lines = []
    for line in EVENING.read_text(encoding="utf-8").splitlines()[:HEAD]:
        line = line.split("#")[0]
        for old, new in FRENCH_NAMES.items():
            line = re.sub(rf"\b{old}\b", new, line)
        lines.append(line + (" --lang fr" if line.startswith("new ") else ""))
    cli.play("\n".join(lines) + "\n")


def hand_numbers(text: str) -> list[int]:
    """The hand numbers of the page's hand log, top to bottom (its first column)."""
    log = text.split("Hands so far")[-1].split("Les coups joués")[-1]
    return [int(n) for n in re.findall(r"^(\d+)\t", log, flags=re.MULTILINE)]


def test_the_live_page_fits_a_phone_newest_hand_first(
    server: tuple[Marquoir, str, subprocess.Popen[bytes]], tmp_path: Path
) -> None:
    _, base, _ = server
    page = get(base + "/table/vendredi")
    # hands 2 then 1; no column of the stakes (the same 1/2 on every line), nor the button
    assert page.index("<td>dave 256</td>") < page.index("<td>alice 79</td>")
    hands = page.split("Hands so far")[1]
    assert ">stakes<" not in hands and ">button<" not in hands
    if CHROMIUM is None and not IN_CI:
        pytest.skip("Chromium is not installed (CI installs it)")
    with Browser(tmp_path) as browser:
        width, text = browser.measure(base + "/table/vendredi", [WIDTH, TEXT], screen=PHONE)
        assert width <= 390  # nothing cut on a 390 px screen (495 px before)
        assert hand_numbers(text) == [2, 1]
        assert "+19.00 EUR" in text and "carol 390" in text  # money and winners in sight
        wide, text = browser.measure(base + "/table/vendredi", [WIDTH, TEXT], screen=DESKTOP)
        assert wide <= DESKTOP[0] and "+19.00 EUR" in text


@NEEDS_CHROMIUM
def test_a_french_table_page_fits_a_phone(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    french_evening(cli)
    with serving(cli) as (base, _), Browser(tmp_path) as browser:
        width, text, lang = browser.measure(base + "/table/vendredi", [WIDTH, TEXT, LANG])
        assert (width <= 390, lang) == (True, "fr")
        assert "La table en ce moment" in text and "Dominique a la parole" in text
        assert re.search(r"\+19,00\s€", text) and "Clémentine 390" in text
        wide, lang = browser.measure(base + "/table/vendredi", [WIDTH, LANG], screen=DESKTOP)
        assert (wide <= DESKTOP[0], lang) == (True, "fr")


# --- what a visitor can open ----------------------------------------------------------------


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def test_the_browse_link_opens_the_file(
    server: tuple[Marquoir, str, subprocess.Popen[bytes]],
) -> None:
    _, base, _ = server
    link = re.search(r'<a href="([^"]+)">Browse the file</a>', get(base + "/"))
    assert link, "no link to the file"
    page = get(base + link[1])  # 403 before: the link went to Datasette's `_internal`
    assert "session_settings" in page and "players_now" in page
    # the right database: its sessions are the file's
    sessions = json.loads(get(base + link[1] + "/sessions.json?_shape=array"))
    assert [row["name"] for row in sessions] == ["vendredi"]


# Datasette's pages that say how it runs, where the file is, or let anyone run anything
DEBUG_PAGES = (
    "/-/databases.json",
    "/-/databases",
    "/-/threads",
    "/-/threads.json",
    "/-/messages",
    "/-/allow-debug",
    "/-/permissions",
    "/-/versions.json",
    "/-/plugins.json",
    "/-/settings.json",
    "/-/metadata.json",
    "/-/actor.json",
    "/-/patterns",
    "/.json",
    "/_internal",
    "/_internal/databases",
    "/_memory",
    f"/{DATABASE}.db",
)
# the tables and the documented views, as pages, JSON and CSV; a row
OPEN_PAGES = (
    "/",
    "/table/vendredi",
    f"/{DATABASE}",
    f"/{DATABASE}.json",
    *(
        f"/{DATABASE}/{name}{suffix}"
        for name in (
            "events",
            "sessions",
            "ledger",
            "actions",
            "hand_results",
            "stacks_after_hand",
            "players_now",
            "session_settings",
        )
        for suffix in ("", ".json", ".csv")
    ),
    f"/{DATABASE}/events/1",
    f"/{DATABASE}/events?kind=seat&_sort=id",
    "/-/static/app.css",
)


def sql_url(base: str, sql: str) -> str:
    return f"{base}/{DATABASE}.json?" + urllib.parse.urlencode({"sql": sql, "_shape": "array"})


def test_visitors_get_the_tables_and_views_not_sql_nor_the_path(
    server: tuple[Marquoir, str, subprocess.Popen[bytes]],
) -> None:
    cli, base, _ = server
    for path in OPEN_PAGES:
        with urllib.request.urlopen(base + path, timeout=10) as response:
            assert response.status == 200, path
            # the file's path is shown nowhere (its folder neither)
            assert str(cli.db.parent).encode() not in response.read(), path
    for path in DEBUG_PAGES:
        assert status(base + path) == 404, path
    for sql in (
        "select length(randomblob(1000000000))",
        "select * from pragma_database_list",
        "select count(*) from ledger",
    ):
        assert status(sql_url(base, sql)) == 403, sql  # 200 before
    # the canned queries: the pots of the evening's first two hands (examples/evening.txt)
    won = json.loads(get(f"{base}/{DATABASE}/pots_won.json?_shape=array"))
    assert [(row["player"], row["chips"], row["hands"]) for row in won] == [
        ("carol", 390, 1),  # hand 2, side pot 1
        ("dave", 256, 1),  # hand 2, the main pot
        ("alice", 79, 1),  # hand 1
        ("bob", 10, 1),  # hand 2, side pot 2
    ]
    # nobody has left: each owes his caves, 200 chips (dave 100) at 0.10 EUR
    balances = json.loads(get(f"{base}/{DATABASE}/balances.json?_shape=array"))
    assert {row["player"]: row["balance"] for row in balances} == {
        "alice": -20.0,
        "bob": -20.0,
        "carol": -20.0,
        "dave": -10.0,
    }
    assert status(f"{base}/{DATABASE}/events?_where=1=1") == 403  # SQL through a filter
    assert status(f"{base}/{DATABASE}/events.csv?_stream=1") == 400  # all rows, unbounded
    assert status(f"{base}/{DATABASE}/events.json?_size=1001") == 400  # over the row limit


def test_sql_only_when_asked_and_bounded(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    evening_until_hand_three(cli)
    with serving(cli, "--sql") as (base, _):
        assert json.loads(get(sql_url(base, "select count(*) as n from ledger"))) == [{"n": 4}]
        # no value of a gigabyte from one request (it went through before)
        with pytest.raises(urllib.error.HTTPError) as refused:
            get(sql_url(base, "select length(randomblob(1000000000))"))
        assert "string or blob too big" in refused.value.read().decode()
        # nor a query that never ends: stopped by the time limit
        forever = (
            "with recursive c(x) as (select 1 union all select x + 1 from c) select max(x) from c"
        )
        assert status(sql_url(base, forever)) == 400
        assert status(sql_url(base, "delete from events")) == 400
        assert status(base + "/-/threads") == 200  # the debug pages, asked for
    assert cli.stacks_json()["hand"] == 3


def test_a_file_named_table_keeps_the_pages_apart(tmp_path: Path) -> None:
    cli = Marquoir(tmp_path)
    cli.db = tmp_path / "table.db"
    cli.env["MARQUOIR_DB"] = str(cli.db)
    evening_until_hand_three(cli)
    with serving(cli) as (base, _):
        assert player_row(get(base + "/table/vendredi"), "dave") == (255, "to act")
        # the file's tables, under the same name whatever the file's
        assert status(f"{base}/{DATABASE}/events") == 200
        # the descriptions apply (they applied only to a file called marquoir.db)
        assert "Every chip that came to or left a player" in get(f"{base}/{DATABASE}/ledger")


def read_only(folder: Path) -> list[str]:
    """A command prefix under which `folder` cannot be written: as root (who writes
    read-only files anyway), a read-only mount of it seen by that command only."""
    if os.geteuid() != 0:
        for entry in folder.iterdir():
            entry.chmod(0o444)
        folder.chmod(0o555)
        return []
    unshare = shutil.which("unshare")
    if unshare is None:
        pytest.skip("root, and no unshare to make a read-only mount")
    mount = 'mount --bind -o ro "$0" "$0" && exec "$@"'
    return [unshare, "--mount", "--propagation", "private", "sh", "-c", mount, str(folder)]


def test_a_read_only_file_is_served(tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    folder.mkdir()
    cli = Marquoir(tmp_path)
    cli.db = folder / "evening.db"
    cli.env["MARQUOIR_DB"] = str(cli.db)
    evening_until_hand_three(cli)
    assert cli.stacks_json()["hand"] == 3  # (no -wal or -shm file left beside it)
    before = sorted(p.name for p in folder.iterdir())
    with serving(cli, prefix=read_only(folder)) as (base, _):
        assert player_row(get(base + "/table/vendredi"), "dave") == (255, "to act")
        assert status(f"{base}/{DATABASE}/ledger") == 200
    folder.chmod(0o755)
    assert sorted(p.name for p in folder.iterdir()) == before


def test_the_metadata_for_plain_datasette_follows_the_file_name(tmp_path: Path) -> None:
    from datasette.app import Datasette

    cli = Marquoir(tmp_path, in_process=True)
    cli.db = tmp_path / "partie.db"
    cli.env["MARQUOIR_DB"] = str(cli.db)
    evening_until_hand_three(cli)
    said = "Every chip that came to or left a player"
    shipped = json.loads(
        (Path(__file__).resolve().parent.parent / "marquoir/storage/datasette.json").read_text()
    )
    written = json.loads(cli("datasette-metadata"))
    assert written["version"] == 1 and list(written["databases"]) == ["partie"]
    assert json.loads(cli("datasette-metadata", str(cli.db))) == written

    async def ledger_page(metadata: dict[str, object]) -> str:
        ds = Datasette([str(cli.db)], metadata=metadata)
        response = await ds.client.get("/partie/ledger")
        assert response.status_code == 200
        return str(response.text)

    # the file shipped: keyed `marquoir`, it says nothing about a file of another name
    assert said not in asyncio.run(ledger_page(shipped))
    assert said in asyncio.run(ledger_page(written))


@NOT_INSTALLED
def test_a_page_another_module_adds_gets_through_the_door(tmp_path: Path) -> None:
    """Marquoir's other pages (a tournament's screen...) are plugins of their own: the door
    lets their addresses in; not those of another Datasette plugin, nor anything else."""
    from datasette import hookimpl
    from datasette.plugins import pm
    from datasette.utils.asgi import Response

    def page_module(name: str, address: str) -> types.ModuleType:
        async def answer() -> Response:
            return Response.json({"version": 1})

        def register_routes() -> list[tuple[str, object]]:
            return [(address, answer)]

        module = types.ModuleType(name)
        module.register_routes = hookimpl(register_routes)  # type: ignore[attr-defined]
        return module

    cli = Marquoir(tmp_path, in_process=True)
    evening_until_hand_three(cli)
    ours = page_module("marquoir.cli.serve_extra", r"^/extra/(?P<name>[^/]+)\.json$")
    theirs = page_module("datasette_other", r"^/other$")
    pm.register(ours, name="marquoir-test-extra")
    pm.register(theirs, name="datasette-other")
    try:
        ds = datasette_app(str(cli.db))

        async def statuses() -> list[int]:
            paths = ("/extra/vendredi.json", "/table/vendredi", "/-/threads", "/extra", "/other")
            return [int((await ds.client.get(path)).status_code) for path in paths]

        assert asyncio.run(statuses()) == [200, 200, 404, 404, 404]
    finally:
        pm.unregister(name="marquoir-test-extra")
        pm.unregister(name="datasette-other")
