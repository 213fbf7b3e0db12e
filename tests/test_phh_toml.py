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
    assert phh_toml._loads(text, shared=False) == _oracle(
        text
    )  # (no fallback on the dataset's form)


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
    ],
)
def test_every_form_reads_as_tomllib_reads_it_or_fails_as_it_fails(text: str) -> None:
    _reads_as_tomllib(text)


_CHARS = st.sampled_from(list("ab01 ,'\"#[]=.-+\n\t_x9e"))


@given(st.lists(_CHARS, max_size=40).map("".join))
def test_any_text_reads_as_tomllib_reads_it(text: str) -> None:
    _reads_as_tomllib(text)


def test_a_control_character_in_a_comment_after_a_key_is_refused_as_tomllib_does() -> None:
    text = "[1] # \x01\nv = 'NT'\n"
    with pytest.raises(tomllib.TOMLDecodeError):
        _oracle(text)
    with pytest.raises(tomllib.TOMLDecodeError):
        phh_toml.loads(text)
