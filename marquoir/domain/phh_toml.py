"""A fast reader for the plain TOML that PHH files are made of, with tomllib as the judge.

`tomllib` reads the 10,000 hands of a big `.phhs` file in about two seconds: most of an
import. PHH files written by tools (the PHH dataset, Marquoir's export) use a small part of
TOML, one line per field: `[key]` tables, `# comments`, and `name = value` where the value is
a string ('literal' or "basic" without escapes), an integer, a decimal number, a boolean, or
an array of these on the same line. `loads` reads such a text line by line, ten times faster;
at the first line outside that subset (escapes, dotted keys, multi-line values, dates, a key
given twice...) it hands the whole text to `tomllib`, so the result is always what tomllib
gives, errors included. Floats are `Decimal`, as PHH amounts are read exactly.

Each line is read once: a line written again (the variant, the forced bets, the stacks of
hand after hand) gives what it gave. `loads_shared` gives those values themselves, arrays as
tuples, to a reader that only reads them (and can check each once: `phh.loads`); `loads`
gives each table its own lists, as tomllib does. The arrays that tools write (`['a', 'b']`,
`[1, 20]`) are cut apart with string methods: a regular expression would go through them
character by character, at many times the cost.
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
        document = _loads(text)
    except _Unsupported:
        return tomllib.loads(text, parse_float=Decimal)
    return _lists(document)


def _lists(table: dict[str, Any]) -> dict[str, Any]:
    """The table with its arrays as lists, each its own (the tables in it too)."""
    copy: dict[str, Any] = {}
    for key, value in table.items():
        if type(value) is tuple:
            value = list(value)
        elif type(value) is dict:
            value = _lists(value)
        copy[key] = value
    return copy


def loads_shared(text: str) -> dict[str, Any]:
    """The document as `loads` reads it, for a reader that changes nothing in it: its
    one-line arrays are tuples, and the same line written again gives the same objects (the
    hands of a `.phhs` file share their forced bets, stacks...: each is read, and can be
    checked, once). A text that needs tomllib comes as tomllib reads it (lists)."""
    try:
        return _loads(text)
    except _Unsupported:
        return tomllib.loads(text, parse_float=Decimal)


def _loads(text: str) -> dict[str, Any]:
    """The document, its arrays as tuples (shared by the lines written alike)."""
    document: dict[str, Any] = {}
    table = document
    # A line read once is not read again: the hands of a `.phhs` repeat most of their lines
    # (the variant, the forced bets, the stacks...). What a line gives depends on it alone.
    said: dict[str, tuple[str, Any]] = {}  # (by the line as written, \r and spaces included)
    keys: set[str] = set()  # (the keys met, each a bare key, as `_START` reads them)
    for written in text.split("\n"):
        if not written:  # (the empty line between hands)
            continue
        entry = said.get(written)
        if entry is None:
            line = written[:-1] if written.endswith("\r") else written
            stripped = line.strip(" \t")
            if not stripped or stripped[0] == "#":
                # (a control character is not printable; nor is a tab, which TOML allows)
                if not line.isprintable() and _CONTROL.search(line):
                    raise _Unsupported
                continue
            if stripped[0] == "[":
                name = _table(stripped)
                if name in document:
                    raise _Unsupported
                table = document[name] = {}
                continue
            # (`key = value`, as tools write it, without a regular expression: a key read
            # once is known; any other way of writing it, `_START` reads)
            equals = stripped.find(" = ")
            name = stripped[:equals]
            if equals > 0 and name in keys:
                start = equals + 3
            else:
                found = _START.match(stripped)
                if found is None:
                    raise _Unsupported
                name, start = found.group(1), found.end()
                keys.add(name)
            if stripped.startswith("[", start):
                value, end = _array(stripped, start + 1)
            else:
                value, end = _scalar(stripped, start)
            # (a value that ends the line is followed by nothing to look at)
            if end != len(stripped) and _END.fullmatch(stripped, end) is None:
                raise _Unsupported
            entry = said[written] = (name, value)
        key, value = entry
        if key in table:
            raise _Unsupported
        table[key] = value
    return document


def _table(line: str) -> str:
    """The name of the table that the line `[name]` starts."""
    name = line[1:-1]
    if line[-1] == "]" and name.isdigit() and name.isascii():  # (a .phhs file's hands: [12])
        return name
    found = _TABLE.fullmatch(line)
    if found is None:
        raise _Unsupported
    return found.group(1)


def _scalar(line: str, start: int) -> tuple[Any, int]:
    rest = line[start:]
    # (a whole number that ends the line, written as TOML writes it: `hand = 12`)
    if rest.isdigit() and rest.isascii() and (rest[0] != "0" or rest == "0"):
        return int(rest), len(line)
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
_NUMBER_ARRAY = re.compile(rf"\[({_NUMBERS.pattern})\]")
# how the items of an array of 'literal' strings are written by tools: "['a', 'b']"
_APART = "', '"


def _array(line: str, position: int) -> tuple[tuple[Any, ...], int]:
    """The items of a one-line array whose `[` is just before `position`."""
    if line.endswith("']") and line.startswith("'", position) and len(line) > position + 2:
        literals = _literals(line[position + 1 : -2])
        if literals is not None:
            return literals, len(line)
    elif line.endswith("]"):
        numbers = _numbers(line[position:-1])
        if numbers is not None:
            return numbers, len(line)
    found = _LITERAL_ARRAY.match(line, position - 1)
    if found is not None:
        inside = found.group(1)
        if _CONTROL.search(inside):
            raise _Unsupported
        return tuple(_LITERAL.findall(inside)), found.end()
    found = _NUMBER_ARRAY.match(line, position - 1)  # (nothing else to look at in it)
    if found is not None:
        return tuple(map(int, _NUMBER.findall(found.group(1)))), found.end()
    found = _ARRAY.match(line, position - 1)
    if found is None:
        raise _Unsupported
    inside = found.group()[1:-1]
    if _CONTROL.search(inside):  # (in a string or a bare word: either is outside the subset)
        raise _Unsupported
    values: list[Any] = []
    for text in _ITEMS.findall(inside):
        first = text[0]
        if first == "'" or first == '"':
            values.append(text[1:-1])
        elif text.isascii() and text.isdigit() and (first != "0" or text == "0"):
            values.append(int(text))
        else:
            values.append(_scalar(text, 0)[0])
    return tuple(values), found.end()


def _numbers(inside: str) -> tuple[int, ...] | None:
    """The integers of an array as tools write it ("1, 20, 300"), `inside` its text
    between the brackets; None if it is not that. (Stacks and forced bets, read without a
    regular expression.)"""
    items = inside.split(", ")
    digits = "".join(items)
    # (digits 0-9 alone, each item some; no leading zero: the items that start with 0 are 0)
    if not (digits.isdigit() and digits.isascii()) or "" in items:
        return None
    if items.count("0") != (", " + inside).count(", 0"):
        return None
    return tuple(map(int, items))


def _literals(inside: str) -> tuple[str, ...] | None:
    """The 'literal' strings of an array as tools write it, `inside` its text between the
    first item's opening quote and the last one's closing quote; None if it is not that.
    (A PHH file's actions, read without a regular expression: one would go through them
    character by character.)"""
    items = inside.split(_APART)
    quotes = 2 * len(items) - 2  # (the separators': each item is a whole 'literal' string)
    if inside.isascii():
        # (no other quote, and no control character: both counted in one pass over bytes)
        if len(inside) - len(inside.encode().translate(None, _QUOTE_OR_CONTROL)) != quotes:
            return None
    elif inside.count("'") != quotes or _CONTROL.search(inside):
        return None
    return tuple(items)


# A quote, and the ASCII control characters that TOML refuses in a string (all but the tab).
_QUOTE_OR_CONTROL = bytes([ord("'"), *range(0x09), *range(0x0A, 0x20), 0x7F])
