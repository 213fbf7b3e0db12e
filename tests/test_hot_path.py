"""The pieces that keep a table command fast (docs/design.md, "The hot path"), each checked
against what it stands in for: `jsontext` against the `json` package, the domain's light
`StrEnum` against `enum.StrEnum`, and the console script (`marquoir.cli.script`, which ends a
table command's process without the interpreter's teardown) against `main`'s outputs.
"""

from __future__ import annotations

import contextlib
import copy
import enum
import json
import math
import pickle
import subprocess
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marquoir.domain import BettingKind, Game
from marquoir.domain.enums import StrEnum
from marquoir.storage import jsontext

from .installed import MARQUOIR, NOT_INSTALLED, Marquoir

# -- jsontext: the same text and values as json ------------------------------------------------

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text()
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=30,
)


@given(VALUES)
def test_dumps_writes_what_json_writes(value: Any) -> None:
    assert jsontext.dumps(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))


@given(VALUES)
def test_loads_reads_what_json_reads(value: Any) -> None:
    for text in (
        json.dumps(value, sort_keys=True, separators=(",", ":")),  # what Marquoir writes
        json.dumps(value, indent=2, ensure_ascii=False),  # spacing and raw accents: json reads it
        f" {json.dumps(value)}\n",
    ):
        assert jsontext.loads(text) == json.loads(text)


@given(VALUES)
def test_the_small_writer_writes_what_json_writes(value: Any) -> None:
    """The writer the table commands use while `json` is not loaded (this test process has
    it loaded, so `dumps` itself would hand everything to json)."""
    assert jsontext.small_dumps(value) == json.dumps(value, sort_keys=True, separators=(",", ":"))


@given(VALUES)
def test_the_small_reader_reads_what_json_reads_or_leaves_it(value: Any) -> None:
    compact = json.dumps(value, sort_keys=True, separators=(",", ":"))
    assert jsontext.small_loads(compact) == json.loads(compact)  # what Marquoir writes
    for text in (json.dumps(value, ensure_ascii=False), json.dumps(value, indent=1)):
        with contextlib.suppress(jsontext.LeftToJson):  # (spacing: left to json)
            assert jsontext.small_loads(text) == json.loads(text)


@pytest.mark.parametrize(
    "text",
    ["", "[1,]", "[1] x", "{'a': 1}", "[1", "nul", "01", "1.", ".5", "+1", "1e", r'"a\x"'],
)
def test_the_small_reader_leaves_every_refusal_to_json(text: str) -> None:
    with pytest.raises(jsontext.LeftToJson):
        jsontext.small_loads(text)


def test_the_small_reader_and_writer_on_the_special_values() -> None:
    pair = "\U0001f0a1"  # a playing card: a surrogate pair in JSON
    assert jsontext.small_dumps(["é", pair, "\x00"]) == '["\\u00e9","\\ud83c\\udca1","\\u0000"]'
    assert jsontext.small_loads('["\\ud83c\\udca1","\\u00e9"]') == [pair, "é"]
    assert jsontext.small_loads("[NaN,Infinity,-Infinity,-0.0,1e+16,-12]")[1:] == [
        math.inf,
        -math.inf,
        -0.0,
        1e16,
        -12,
    ]
    assert jsontext.small_dumps([math.inf, -math.inf, 1e16, True, None]) == (
        "[Infinity,-Infinity,1e+16,true,null]"
    )
    with pytest.raises(TypeError, match="Object of type object is not JSON serializable"):
        jsontext.small_dumps({"a": object()})
    with pytest.raises(jsontext.LeftToJson):
        jsontext.small_dumps({1: "a number as a key: json converts it"})


def test_a_table_command_never_imports_json(tmp_path: Path) -> None:
    """The small reader and writer are what a table command uses: json stays unloaded (and
    the commands' outputs are checked everywhere else)."""
    import sys

    setup = (
        "from marquoir.cli import main\n"
        "for line in (['new', 's', '--blinds', '1/2', '--cave', '50'], ['seat', 'a'],"
        " ['seat', 'b'], ['seat', 'c']):\n"
        "    assert main(line) == 0\n"
    )
    probe = (  # a fresh process without site-packages, as in test_storage's probe
        "import sys\n"
        "from marquoir.cli import main\n"
        "for line in (['deal'], ['call'], ['call'], ['check'], ['status'],"
        " ['undo'], ['fold']):\n"
        "    assert main(line) == 0, line\n"
        "print('json' in sys.modules)\n"
    )
    env = {"MARQUOIR_DB": str(tmp_path / "h.db"), "PATH": "/usr/bin:/bin"}
    subprocess.run([sys.executable, "-c", setup], capture_output=True, env=env, check=True)
    import marquoir

    env["PYTHONPATH"] = str(Path(marquoir.__file__).resolve().parent.parent)
    done = subprocess.run(
        [sys.executable, "-S", "-c", probe], capture_output=True, text=True, env=env, check=True
    )
    assert done.stdout.splitlines()[-1] == "False"


def test_loads_of_the_special_numbers_and_bytes() -> None:
    assert math.isnan(jsontext.loads("NaN"))
    assert jsontext.loads("[Infinity,-Infinity]") == [math.inf, -math.inf]
    assert jsontext.loads(b'{"a":1}') == {"a": 1}


@pytest.mark.parametrize("text", ["", "[1,]", "[1] x", "{'a': 1}", "[1", "nul"])
def test_loads_refuses_what_json_refuses_with_its_message(text: str) -> None:
    with pytest.raises(json.JSONDecodeError) as expected:
        json.loads(text)
    with pytest.raises(json.JSONDecodeError) as got:
        jsontext.loads(text)
    assert str(got.value) == str(expected.value)


def test_dumps_refuses_what_json_refuses() -> None:
    with pytest.raises(TypeError, match="Object of type object is not JSON serializable"):
        jsontext.dumps({"a": object()})
    assert jsontext.dumps({"after": "a refusal"}) == '{"after":"a refusal"}'


# -- StrEnum: as enum.StrEnum where Marquoir uses it ---------------------------------------------


class Light(StrEnum):
    """A docstring is not a member."""

    FIRST = "first"
    SECOND = "second-word"
    _hidden = "not a member"

    def shout(self) -> str:
        return self.upper()


class Real(enum.StrEnum):
    """A docstring is not a member."""

    FIRST = "first"
    SECOND = "second-word"
    _ignore_ = "_hidden"  # (enum.StrEnum would make it a member)

    def shout(self) -> str:
        return self.upper()


def test_members_behave_as_enum_strenum_members() -> None:
    for light, real in zip(Light, Real, strict=True):
        assert (light.name, light.value, str(light), f"{light}", f"{light:>14}") == (
            real.name,
            real.value,
            str(real),
            f"{real}",
            f"{real:>14}",
        )
        assert repr(light) == repr(real).replace("Real", "Light")
        assert light == real.value and hash(light) == hash(real.value) == hash(real)
        assert isinstance(light, str) and isinstance(light, Light)
        assert type(light.value) is str and light.shout() == real.shout()
        assert Light(real.value) is light and Light(light) is light
        assert Light[real.name] is light
        assert pickle.loads(pickle.dumps(light)) is light
        assert copy.copy(light) is light and copy.deepcopy(light) is light
        assert json.dumps({light: [light]}) == json.dumps({real: [real]})


def test_the_class_behaves_as_enum_strenums_class() -> None:
    assert [m.value for m in Light] == [m.value for m in Real]
    assert [m.value for m in reversed(Light)] == [m.value for m in reversed(Real)]
    assert len(Light) == len(Real) == 2
    assert list(Light.__members__) == list(Real.__members__)
    assert "first" in Light and "third" not in Light
    assert Light.__doc__ == Real.__doc__
    with pytest.raises(ValueError) as real_refusal:
        Real("third")
    with pytest.raises(ValueError) as light_refusal:
        Light("third")
    assert str(light_refusal.value) == str(real_refusal.value).replace("Real", "Light")
    with pytest.raises(AttributeError):
        Light.FIRST = "other"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del Light.FIRST
    assert Light("first") is Light.FIRST


def test_two_members_with_one_value_are_refused() -> None:
    """enum.StrEnum would make the second an alias of the first; the light one says no."""
    with pytest.raises(TypeError, match="same value"):

        class Twice(StrEnum):
            FOLD = "fold"
            PASS = "fold"


def test_the_domains_enumerations_keep_their_words() -> None:
    assert [g.value for g in Game] == [
        "holdem",
        "draw",
        "bouillotte",
        "stud",
        "omaha",
        "omaha-hilo",
        "stud-hilo",
        "razz",
    ]
    assert {BettingKind(w) for w in ("nl", "pl", "fl")} == set(BettingKind)
    assert {Game.HOLDEM: 1}["holdem"] == 1 and sorted([Game.RAZZ, Game.DRAW]) == ["draw", "razz"]


# -- the console script --------------------------------------------------------------------------


@NOT_INSTALLED
def test_the_script_prints_and_exits_as_main_does(tmp_path: Path) -> None:
    """Every outcome of the fast path (an answer, a refusal, a usage error) and of typer's path,
    as the installed script gives them and as `main` gives them in process."""
    (tmp_path / "script").mkdir()
    (tmp_path / "main").mkdir()
    installed = Marquoir(tmp_path / "script")
    cli = Marquoir(tmp_path / "main", in_process=True)
    lines = [
        ("new", "soir", "--blinds", "1/2"),
        ("seat", "anne", "--cave", "100"),
        ("seat", "bruno", "--cave", "100"),
        ("deal",),
        ("status",),
        ("check",),  # refused: anne faces the big blind
        ("raise", "x"),  # a usage error
        ("call",),
        ("check",),
        ("stacks", "--json"),
        ("bogus",),
    ]
    for line in lines:
        mine, theirs = installed.run(*line), cli.run(*line)
        assert (mine.returncode, mine.stdout, mine.stderr) == (
            theirs.returncode,
            theirs.stdout,
            theirs.stderr,
        ), line


@NOT_INSTALLED
def test_the_scripts_output_reaches_a_pipe_whole(installed: Marquoir) -> None:
    """The process ends without the interpreter's teardown: what was printed must be flushed
    first, also when the output is a pipe that a reader closes early."""
    for line in (
        ("new", "soir", "--blinds", "1/2", "--cave", "100"),
        ("seat", "anne"),
        ("seat", "bruno"),
    ):
        installed(*line)
    installed("deal")
    status = installed.run("status")
    assert status.returncode == 0 and status.stdout.endswith("fold\n")
    assert MARQUOIR is not None
    head = subprocess.run(
        f"{MARQUOIR} status | head -c 1",
        shell=True,
        capture_output=True,
        text=True,
        env=installed.env,
    )
    assert (head.stdout, head.stderr) == ("s", "")
    for closed in (">&-", "2>&-"):  # started with a stream closed: nothing to flush, no error
        done = subprocess.run(
            f"{MARQUOIR} status {closed}", shell=True, capture_output=True, env=installed.env
        )
        assert done.returncode == 0, (closed, done)


def test_main_leaves_the_collector_as_it_found_it(cli: Marquoir) -> None:
    """Only the console script turns the collector off (and typer's path back on): a program
    calling `main` keeps its own setting, on the fast path and on typer's."""
    import gc

    cli("new", "soir", "--blinds", "1/2", "--cave", "100")  # typer's path
    cli("seat", "anne")
    assert gc.isenabled()
    gc.disable()
    try:
        cli("seat", "bruno")  # typer's path
        cli("deal")  # the fast path
        cli("status")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_command_beside_an_open_connection_syncs_its_wal(
    cli: Marquoir, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table command's commit reaches the disk when its connection closes: by the last
    connection's checkpoint (the WAL is then gone), or, when another connection holds the
    file open (the live page), by syncing the WAL that stays (`Ledger.sync_at_close`)."""
    import sqlite3

    from marquoir.storage import ledger

    synced: list[str] = []
    monkeypatch.setattr(ledger, "_fsync", synced.append)
    cli("new", "soir", "--blinds", "1/2", "--cave", "100")
    cli("seat", "anne")
    cli("seat", "bruno")
    wal = Path(str(cli.db) + "-wal")
    assert not wal.exists() and synced == []  # the last connection checkpointed, synced
    reader = sqlite3.connect(cli.db)
    try:
        reader.execute("SELECT count(*) FROM events").fetchone()
        cli("deal")
        assert wal.exists() and wal.stat().st_size > 0  # not checkpointed: synced instead
        assert synced == [str(wal)]
        kinds = [row[0] for row in reader.execute("SELECT kind FROM events ORDER BY id")]
        assert kinds[-1] == "deal"
    finally:
        reader.close()
    assert not wal.exists()


def test_a_wal_removed_before_it_is_synced_is_no_error(
    cli: Marquoir, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other connection may close between our commit and our sync of the WAL, its
    checkpoint removing the WAL (and syncing it): the command still answers, no traceback."""
    import sqlite3

    from marquoir.storage import ledger

    cli("new", "soir", "--blinds", "1/2", "--cave", "100")
    cli("seat", "anne")
    reader = sqlite3.connect(cli.db)
    reader.execute("SELECT count(*) FROM events").fetchone()
    real = ledger._fsync

    def the_reader_closes_first(path: str) -> None:
        reader.close()  # its checkpoint removes the WAL before we open it
        real(path)

    monkeypatch.setattr(ledger, "_fsync", the_reader_closes_first)
    done = cli.run("seat", "bruno")
    assert (done.returncode, done.stderr) == (0, "")
    assert "bruno" in done.stdout
    assert not Path(str(cli.db) + "-wal").exists()
