"""A fast reader for the plain TOML that PHH files are made of, with tomllib as the judge.

`tomllib` reads the 10,000 hands of a big `.phhs` file in about two seconds: most of an
import. PHH files written by tools (the PHH dataset, Marquoir's export) use a small part of
TOML, one line per field: `[key]` tables, `# comments`, and `name = value` where the value is
a string ('literal' or "basic" without escapes), an integer, a decimal number, a boolean, or
an array of these on the same line. `loads` reads such a text line by line, ten times faster;
at the first line outside that subset (escapes, dotted keys, multi-line values, dates, a key
given twice...) it hands the whole text to `tomllib`, so the result is always what tomllib
gives, errors included. Floats are `Decimal`, as PHH amounts are read exactly.
"""

from __future__ import annotations

import re
import tomllib
from decimal import Decimal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_KEY = r"[A-Za-z0-9_-]+"
_START = re.compile(rf"({_KEY})[ \t]*=[ \t]*")
_TABLE = re.compile(rf"\[[ \t]*({_KEY})[ \t]*\][ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?")
# a scalar: a string without escapes, or a bare word (a number or a boolean, checked after)
_SCALAR = re.compile(r"'[^'\n]*'|\"[^\"\\\n]*\"|[^,\]\s'\"#]+")
_INT = re.compile(r"[+-]?(?:0|[1-9][0-9]*)")
_FLOAT = re.compile(r"[+-]?(?:0|[1-9][0-9]*)\.[0-9]+")
_SPACE = re.compile(r"[ \t]*")
_END = re.compile(r"[ \t]*(?:#[^\x00-\x08\x0a-\x1f\x7f]*)?")
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


class _Unsupported(Exception):
    """A line outside the subset: tomllib reads the text."""


def loads(text: str) -> dict[str, Any]:
    """The TOML document `text`, as `tomllib.loads(text, parse_float=Decimal)` reads it."""
    try:
        return _loads(text)
    except _Unsupported:
        return tomllib.loads(text, parse_float=Decimal)


def _loads(text: str) -> dict[str, Any]:
    document: dict[str, Any] = {}
    table = document
    # A line read once is not read again: the hands of a `.phhs` repeat most of their lines
    # (the variant, the forced bets, the stacks...). What a line gives depends on it alone.
    said: dict[str, tuple[str, Any]] = {}  # (by the line as written, \r and spaces included)
    for written in text.split("\n"):
        entry = said.get(written)
        if entry is None:
            line = written[:-1] if written.endswith("\r") else written
            stripped = line.strip(" \t")
            if not stripped or stripped[0] == "#":
                if _CONTROL.search(line):
                    raise _Unsupported
                continue
            if stripped[0] == "[":
                found = _TABLE.fullmatch(stripped)
                if found is None or found.group(1) in document:
                    raise _Unsupported
                table = document[found.group(1)] = {}
                continue
            found = _START.match(stripped)
            if found is None:
                raise _Unsupported
            value, end = _value(stripped, found.end())
            if _END.fullmatch(stripped, end) is None:
                raise _Unsupported
            entry = said[written] = (found.group(1), value)
        key, value = entry
        if key in table:
            raise _Unsupported
        # (a copy: each hand gets its own list)
        table[key] = value.copy() if type(value) is list else value
    return document


def _value(line: str, start: int) -> tuple[Any, int]:
    """The value that starts at `start`, and where it ends."""
    if line.startswith("[", start):
        return _array(line, start + 1)
    return _scalar(line, start)


def _scalar(line: str, start: int) -> tuple[Any, int]:
    found = _SCALAR.match(line, start)
    if found is None:
        raise _Unsupported
    text = found.group()
    first = text[0]
    if first == "'" or first == '"':
        body = text[1:-1]
        if _CONTROL.search(body):
            raise _Unsupported
        return body, found.end()
    if text == "true":
        return True, found.end()
    if text == "false":
        return False, found.end()
    if _INT.fullmatch(text):
        return int(text), found.end()
    if _FLOAT.fullmatch(text):
        return Decimal(text), found.end()
    raise _Unsupported


_ITEM = r"(?:'[^'\n]*'|\"[^\"\\\n]*\"|[^,\]\s'\"#]+)"
# a whole one-line array of scalars (a trailing comma allowed), and its items
_ARRAY = re.compile(rf"\[[ \t]*(?:{_ITEM}[ \t]*(?:,[ \t]*{_ITEM}[ \t]*)*(?:,[ \t]*)?)?\]")
_ITEMS = re.compile(_ITEM)
# an array's inside made of 'literal' strings alone (a PHH file's actions), and their bodies
_LITERALS = re.compile(r"[ \t]*(?:'[^'\n]*'[ \t]*,[ \t]*)*(?:'[^'\n]*'[ \t]*)?")
_LITERAL = re.compile(r"'([^'\n]*)'")
_LITERAL_ARRAY = re.compile(rf"\[({_LITERALS.pattern})\]")
# the same of whole numbers, without leading zeros or signs (stacks, forced bets)
_NUMBERS = re.compile(r"[ \t]*(?:(?:0|[1-9][0-9]*)[ \t]*,[ \t]*)*(?:(?:0|[1-9][0-9]*)[ \t]*)?")
_NUMBER = re.compile(r"[0-9]+")


def _array(line: str, position: int) -> tuple[list[Any], int]:
    """The items of a one-line array whose `[` is just before `position`."""
    found = _LITERAL_ARRAY.match(line, position - 1)  # (a PHH file's actions: one pass)
    if found is not None:
        inside = found.group(1)
        if _CONTROL.search(inside):
            raise _Unsupported
        return _LITERAL.findall(inside), found.end()
    found = _ARRAY.match(line, position - 1)
    if found is None:
        raise _Unsupported
    inside = found.group()[1:-1]
    if _CONTROL.search(inside):  # (in a string or a bare word: either is outside the subset)
        raise _Unsupported
    if _NUMBERS.fullmatch(inside):
        return [int(text) for text in _NUMBER.findall(inside)], found.end()
    items: list[Any] = []
    for text in _ITEMS.findall(inside):
        first = text[0]
        if first == "'" or first == '"':
            items.append(text[1:-1])
        elif text.isascii() and text.isdigit() and (first != "0" or text == "0"):
            items.append(int(text))
        else:
            items.append(_scalar(text, 0)[0])
    return items, found.end()
