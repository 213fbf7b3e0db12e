"""The JSON text kept in the database, read and written without importing `json` on the
table commands' path.

Why: the table commands start a fresh Python each time, and `import json` costs about 2 ms
there (its decoder compiles regular expressions at import, which brings in `re` and `enum`):
a tenth of a command's own time (docs/design.md, "The hot path"). A table command reads a
snapshot and a few events, about 1.5 KB of compact text, and writes one event of a few dozen
bytes: a small reader and writer in plain Python do that in a fraction of the import's time.

So: a text of at most `SMALL` characters, read or written while `json` is not loaded, goes
through the small reader and writer here; anything else (a big text: an import, a report,
`verify`; or `json` already loaded by someone else) goes to `json` itself. The small reader
knows the compact form Marquoir writes; on anything it does not expect (spacing written by
hand or by another tool, text that is not JSON) it hands the text to `json.loads`, which
gives the same values and the same errors. Property tests check both functions against
`json` on random values.
"""

from __future__ import annotations

import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Above this many characters the text goes to `json`: its C scanner repays its import.
SMALL = 16_384

_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b"}
_ESCAPES["\f"] = "\\f"
_UNESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r"}
_UNESCAPES["t"] = "\t"
_NUMBER_CHARS = frozenset("0123456789+-.eE")


class LeftToJson(Exception):
    """The small reader or writer met something it leaves to `json`."""


def _quote_char(char: str) -> str:
    escaped = _ESCAPES.get(char)
    if escaped is not None:
        return escaped
    code = ord(char)
    if 0x20 <= code < 0x7F:
        return char
    if code > 0xFFFF:  # a surrogate pair, as json writes it
        code -= 0x10000
        return f"\\u{0xD800 | (code >> 10):04x}\\u{0xDC00 | (code & 0x3FF):04x}"
    return f"\\u{code:04x}"


def quote(text: str) -> str:
    """A string as `dumps` writes it (ASCII, quoted), for text written piece by piece
    (codec.event_text)."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return '"' + "".join(map(_quote_char, text)) + '"'


def _float_text(value: float) -> str:
    if value != value:
        return "NaN"
    if value in (float("inf"), float("-inf")):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)


def _write(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        out.append(quote(value if type(value) is str else str.__str__(value)))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float_text(value))
    elif isinstance(value, dict):
        _write_object(value, out)
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for index, item in enumerate(value):
            if index:
                out.append(",")
            _write(item, out)
        out.append("]")
    else:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _write_object(value: dict[Any, Any], out: list[str]) -> None:
    if not all(type(key) is str for key in value):
        raise LeftToJson  # keys json converts (numbers, None...): json does it
    out.append("{")
    for index, key in enumerate(sorted(value)):
        if index:
            out.append(",")
        out.append(quote(key))
        out.append(":")
        _write(value[key], out)
    out.append("}")


# The encoder `json.dumps(data, sort_keys=True, separators=(",", ":"))` makes, made once:
# `json.dumps` builds a new one at each call given arguments, which cost as much as the
# encoding of a small value (an import writes tens of thousands of them). Without its check
# for circular references (`check_circular`, public): the values stored are made afresh
# from records and never contain themselves, and the check notes and forgets every list
# and dict met, an eighth of the encoding of a hand's summary; the text is the same.
_ENCODERS: list[Any] = []


def _json_dumps(data: Any) -> str:
    if not _ENCODERS:
        import json

        encoder = json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False)
        _ENCODERS.append(encoder)
    text: str = _ENCODERS[0].encode(data)
    return text


def small_dumps(data: Any) -> str:
    """`dumps` by the small writer (LeftToJson for what it leaves to `json`)."""
    out: list[str] = []
    try:
        _write(data, out)
    except RecursionError:
        raise LeftToJson from None
    return "".join(out)


def dumps(data: Any) -> str:
    """Compact, key-sorted, ASCII JSON: `json.dumps(data, sort_keys=True,
    separators=(",", ":"))`, the same state always giving the same text."""
    if "json" not in sys.modules:
        try:
            return small_dumps(data)
        except LeftToJson:
            pass  # (json gives the same text, or the same error)
    return _json_dumps(data)


class _Reader:
    """Compact JSON read by hand: one value from `text[at]`, `at` left after it."""

    __slots__ = ("at", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0

    def value(self) -> Any:
        text, at = self.text, self.at
        char = text[at]
        if char == '"':
            return self.string()
        if char == "{":
            return self.object()
        if char == "[":
            return self.array()
        for word, value in (("true", True), ("false", False), ("null", None)):
            if text.startswith(word, at):
                self.at = at + len(word)
                return value
        for word, number in _CONSTANTS.items():
            if text.startswith(word, at):
                self.at = at + len(word)
                return number
        return self.number()

    def string(self) -> str:
        text, start = self.text, self.at + 1
        end = text.index('"', start)
        piece = text[start:end]
        if "\\" not in piece:
            if not piece.isprintable() and any(ord(c) < 0x20 for c in piece):
                raise LeftToJson  # a raw control character: json refuses it
            self.at = end + 1
            return piece
        return self.escaped(start)

    def escaped(self, at: int) -> str:
        text, parts = self.text, list[str]()
        while True:
            char = text[at]
            if char == '"':
                self.at = at + 1
                return "".join(parts)
            if char == "\\":
                code = text[at + 1]
                if code == "u":
                    unit = _hex4(text[at + 2 : at + 6])
                    at += 6
                    if 0xD800 <= unit < 0xDC00 and text.startswith("\\u", at):
                        low = _hex4(text[at + 2 : at + 6])
                        if 0xDC00 <= low < 0xE000:  # a pair: one character, as json reads it
                            unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                            at += 6
                    parts.append(chr(unit))
                    continue
                parts.append(_UNESCAPES[code])
                at += 2
                continue
            if ord(char) < 0x20:
                raise LeftToJson
            parts.append(char)
            at += 1

    def number(self) -> int | float:
        text, start = self.text, self.at
        end = start
        while end < len(text) and text[end] in _NUMBER_CHARS:
            end += 1
        word = text[start:end]
        if not _is_number(word):
            raise LeftToJson
        self.at = end
        if "." in word or "e" in word or "E" in word:
            return float(word)
        return int(word)

    def array(self) -> list[Any]:
        text = self.text
        self.at += 1
        items: list[Any] = []
        if text[self.at] == "]":
            self.at += 1
            return items
        while True:
            items.append(self.value())
            char = text[self.at]
            self.at += 1
            if char == "]":
                return items
            if char != ",":
                raise LeftToJson

    def object(self) -> dict[str, Any]:
        text = self.text
        self.at += 1
        items: dict[str, Any] = {}
        if text[self.at] == "}":
            self.at += 1
            return items
        while True:
            if text[self.at] != '"':
                raise LeftToJson
            key = self.string()
            if text[self.at] != ":":
                raise LeftToJson
            self.at += 1
            items[key] = self.value()
            char = text[self.at]
            self.at += 1
            if char == "}":
                return items
            if char != ",":
                raise LeftToJson


def _hex4(digits: str) -> int:
    if len(digits) != 4 or not all(c in "0123456789abcdefABCDEF" for c in digits):
        raise LeftToJson
    return int(digits, 16)


def _digits(text: str) -> bool:
    return bool(text) and text.isascii() and text.isdigit()


def _is_number(word: str) -> bool:
    """`-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`, JSON's number, by hand (no `re`)."""
    body = word[1:] if word.startswith("-") else word
    for mark in ("e", "E"):
        if mark in body:
            body, _, exponent = body.partition(mark)
            if exponent[:1] in ("+", "-"):
                exponent = exponent[1:]
            if not _digits(exponent):
                return False
            break
    whole, dot, fraction = body.partition(".")
    if dot and not _digits(fraction):
        return False
    return _digits(whole) and (whole == "0" or not whole.startswith("0"))


def small_loads(text: str) -> Any:
    """`loads` by the small reader (LeftToJson for what it leaves to `json`: not the compact
    form, or not JSON)."""
    reader = _Reader(text)
    try:
        value = reader.value()
    except (IndexError, ValueError, KeyError, RecursionError):
        raise LeftToJson from None
    if reader.at != len(text):
        raise LeftToJson
    return value


def loads(text: str | bytes) -> Any:
    """The value of a JSON text: what `json.loads(text)` gives."""
    if type(text) is str and len(text) <= SMALL and "json" not in sys.modules:
        try:
            return small_loads(text)
        except LeftToJson:
            pass  # json reads it, or words the error
    import json

    return json.loads(text)


__all__ = ["LeftToJson", "dumps", "loads", "quote", "small_dumps", "small_loads"]
