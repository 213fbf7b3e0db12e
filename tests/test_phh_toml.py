"""The fast reader of PHH's TOML gives what tomllib gives (the oracle), errors included."""

from __future__ import annotations

import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marquoir.domain import phh_toml

DATA = Path(__file__).parent / "data"


def _oracle(text: str) -> dict[str, object]:
    return tomllib.loads(text, parse_float=Decimal)


def _reads_as_tomllib(text: str) -> None:
    """The fast reader gives what tomllib gives, or fails where it fails."""
    try:
        expected = _oracle(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(tomllib.TOMLDecodeError):
            phh_toml.loads(text)
        return
    assert phh_toml.loads(text) == expected


@pytest.mark.parametrize("name", ["pluribus-sample.phhs", "wsop-sample.phhs", "famous.phhs"])
def test_the_sample_files_read_as_tomllib_reads_them(name: str) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    assert phh_toml.loads(text) == _oracle(text)


def test_the_usual_lines_are_read_without_tomllib() -> None:
    text = (DATA / "pluribus-sample.phhs").read_text(encoding="utf-8")
    assert _lists(phh_toml._loads(text)) == _oracle(text)  # (no fallback on the dataset's form)


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\nb = -2\nc = +3\nd = 0\ne = 10387.5\nf = true\ng = false\n",
        "a = 'x # y'  # a comment\nb = \"it's\"\n",
        "a = [1, 2, 3,]\nb = []\nc = [ 'x' , \"y\" ]\n[1]\nv = 'NT'\n[2]\nv = 'FT'\n",
        "a = [1, 'x', 2.50]\n",  # (mixed arrays are TOML 1.0)
        "a = 05\n",  # leading zero: an error in TOML
        "a = 1\na = 2\n",  # a key twice: an error
        "[1]\nx = 1\n[1]\nx = 2\n",  # a table twice: an error
        "a = 1_000\nb = 1e3\nc = 0x1f\nd = inf\n",
        "a = 'x\\ty'\nb = \"x\\ty\"\n",
        "a = [\n  1,\n  2,\n]\n",  # a multi-line array
        "a.b = 1\n",  # a dotted key
        "a = {b = 1}\n",
        "a = 1979-05-27\n",
        "a = '''x'''\n",
        "a = [1, 2] b\n",
        "a = 1 # ok\r\nb = 2\r\n",
        "a = 1\rb = 2\n",
        "a = '\u0663'\nb = \u0663\n",  # an Arabic-Indic digit: a string, and an error
        "\ufeffa = 1\n",
        # arrays as tools write them, and what only looks like them
        "a = ['x', 'y']\nb = ['']\nc = ['x', 'y'] # c\nd = ['x','y']\ne = [ 'x', 'y' ]\n",
        "a = [']\n",  # one quote: an unfinished string
        "a = [', ']\n",
        "a = [', ', 'x']\n",
        "a = ['x'', 'y']\n",
        "a = ['x', 'y']]\n",
        "a = ['x\x01y', 'z']\n",  # a control character: refused
        "a = ['x\ty', 'z']\n",  # a tab: allowed
        "a = ['x\x7f']\n",
        "a = ['x', 'y\x1f', 'z']\n",
        # the same with a character outside ASCII (the arrays of names)
        "a = ['\u00e9', 'x\x01']\n",
        "a = ['\u00e9', 'x\ty']\n",
        "a = ['\u00e9', 'x'', 'y']\n",
        "a = ['\u00e9\x7f', 'x']\n",
        "a = [1, 20, 300]\nb = [0, 0]\nc = [-5, 0]\nd = [1,2]\ne = [1, 2] # c\n",
        "a = [01, 2]\n",  # leading zero
        "a = [1, 00]\n",
        "a = [1, , 2]\n",
        "a = [1, 2, ]\n",
        "a = [-0, +1]\n",
        "a = [1_0, 2]\n",
        "a = [1, \u0663]\n",  # an Arabic-Indic digit
        "a = [1, 2]]\n",
        "a = [1, 2.5]\n",
        "[12]\nx = 1\n[12]\nx = 2\n",  # a table twice
        "[12]\nx = 1\n[ 13 ]\nx = 2\n[01]\nx = 3\n",
        "[1]]\nx = 1\n",
        "[\u0663]\nx = 1\n",
        # a key met before, then written another way
        "a = 1\n[t]\na =  2\nb = 3\n",
        "a = 1\n[t]\na = \t2\n",
        "a = 1\n[t]\na  = 2\na = 3\n",
        "a = 1\n[t]\na = = 2\n",
        "a = 1\n[t]\na = 'b = c'\nb = 'a = 1'\n",
    ],
)
def test_every_form_reads_as_tomllib_reads_it_or_fails_as_it_fails(text: str) -> None:
    _reads_as_tomllib(text)


_CHARS = st.sampled_from(list("ab01 ,'\"#[]=.-+\n\t_x9e"))


@given(st.lists(_CHARS, max_size=40).map("".join))
def test_any_text_reads_as_tomllib_reads_it(text: str) -> None:
    _reads_as_tomllib(text)


# pieces of arrays as tools write them ("['a', 'b']", "[1, 20]"), and of what is close to them
_PIECES = st.sampled_from(["'", "', '", ", ", ",", "[", "]", "0", "1", "20", "a", " ", "\t"])
_PIECES_TOO = st.sampled_from(["\x01", "#", "-", "+", "_", ".", "\u0663", "\r"])


@given(st.lists(_PIECES | _PIECES_TOO, max_size=12).map("".join), st.booleans())
def test_any_array_reads_as_tomllib_reads_it(inside: str, twice: bool) -> None:
    line = f"a = [{inside}]\n"
    text = f"[1]\n{line}[2]\n{line}" if twice else line
    _reads_as_tomllib(text)
    try:
        expected = _oracle(text)
    except tomllib.TOMLDecodeError:
        return
    assert _lists(phh_toml.loads_shared(text)) == expected


def _lists(value: object) -> object:
    """`value` with its tuples as lists (what tomllib gives)."""
    if isinstance(value, dict):
        return {key: _lists(item) for key, item in value.items()}
    if isinstance(value, tuple | list):
        return [_lists(item) for item in value]
    return value


@pytest.mark.parametrize(
    ("name", "kind"),
    # (famous.phhs writes its actions one per line: tomllib reads it, and gives lists)
    [("pluribus-sample.phhs", tuple), ("wsop-sample.phhs", tuple), ("famous.phhs", list)],
)
def test_a_shared_reading_gives_what_tomllib_gives_with_tuples(name: str, kind: type) -> None:
    text = (DATA / name).read_text(encoding="utf-8")
    shared = phh_toml.loads_shared(text)
    assert _lists(shared) == _oracle(text)
    arrays = [v for hand in shared.values() for v in hand.values() if isinstance(v, list | tuple)]
    assert arrays and all(type(array) is kind for array in arrays)


TWO_HANDS = """[1]
antes = [0, 0, 5]
actions = ['d dh p1 AsKd', 'p1 f']
[2]
antes = [0, 0, 5]
actions = ['d dh p1 AsKd', 'p1 f']
"""


def test_a_line_written_again_gives_the_same_tuples_when_shared() -> None:
    shared = phh_toml.loads_shared(TWO_HANDS)
    assert shared["1"]["antes"] == (0, 0, 5)
    assert shared["1"]["actions"] == ("d dh p1 AsKd", "p1 f")
    assert shared["2"]["antes"] is shared["1"]["antes"]
    assert shared["2"]["actions"] is shared["1"]["actions"]


def test_each_table_gets_its_own_lists_when_not_shared() -> None:
    document = phh_toml.loads(TWO_HANDS)
    first, second = document["1"], document["2"]
    assert first["antes"] == [0, 0, 5] and second["antes"] == [0, 0, 5]
    first["antes"].append(7)
    first["actions"][0] = "changed"
    assert second["antes"] == [0, 0, 5]
    assert second["actions"] == ["d dh p1 AsKd", "p1 f"]
    assert phh_toml.loads(TWO_HANDS)["1"]["antes"] == [0, 0, 5]  # (nothing kept between reads)


def test_a_control_character_in_a_comment_after_a_key_is_refused_as_tomllib_does() -> None:
    text = "[1] # \x01\nv = 'NT'\n"
    with pytest.raises(tomllib.TOMLDecodeError):
        _oracle(text)
    with pytest.raises(tomllib.TOMLDecodeError):
        phh_toml.loads(text)
