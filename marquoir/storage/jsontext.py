"""The JSON text kept in the database, read and written without importing `json`.

Why: the table commands start a fresh Python each time, and `import json` costs about 1.5 ms
there (its decoder compiles regular expressions at import, which brings in `re` and `enum`):
a tenth of a command's own time (docs/design.md, "The hot path"). The work itself is done by
`_json`, the C accelerator that `json` uses, called the way `json` calls it.

The text Marquoir writes is compact (no whitespace), so the scanner reads it whole from the
first character. Anything else (spacing written by hand or by another tool, text that is not
JSON, a Python without `_json`) is handed to `json.loads`, which gives the same values and
the same errors. A property test checks both functions against `json` on random values.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

try:
    import _json
except ImportError:  # pragma: no cover - a Python without the accelerator (PyPy has json only)
    _json = None  # type: ignore[assignment]

_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}


def _unserializable(value: object) -> object:
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


class _DecoderOptions:
    """What the C scanner reads from a `json.JSONDecoder()` with its defaults."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


if _json is not None:
    try:
        _scan = _json.make_scanner(_DecoderOptions())  # type: ignore[arg-type]  # (duck-typed)
        # json.JSONEncoder(sort_keys=True, separators=(",", ":"), check_circular=False): what
        # is stored is a tree built from records, never circular (and a shared marker table
        # would keep stale entries after a TypeError)
        _encode = _json.make_encoder(
            None, _unserializable, _json.encode_basestring_ascii, None, ":", ",", True, False, True
        )
    except Exception:  # pragma: no cover - the accelerator's calls changed: `json` does it all
        _json = None  # type: ignore[assignment]


# `quote(text)`: a string as `dumps` writes it (ASCII, quoted), for text written piece by
# piece (codec.event_text)
if _json is not None:
    quote = _json.encode_basestring_ascii
else:  # pragma: no cover
    from json.encoder import encode_basestring_ascii as quote


def dumps(data: Any) -> str:
    """Compact, key-sorted, ASCII JSON: `json.dumps(data, sort_keys=True,
    separators=(",", ":"))`, the same state always giving the same text."""
    if _json is None:  # pragma: no cover
        import json

        return json.dumps(data, sort_keys=True, separators=(",", ":"))
    return "".join(_encode(data, 0))


def loads(text: str | bytes) -> Any:
    """The value of a JSON text: what `json.loads(text)` gives."""
    if _json is not None and type(text) is str:
        try:
            value, end = _scan(text, 0)
        except StopIteration:  # not a value at the first character: json says why
            pass
        else:
            if end == len(text):
                return value
    import json  # whitespace around the value, trailing data, bytes, or an error to word

    return json.loads(text)


__all__ = ["dumps", "loads", "quote"]
