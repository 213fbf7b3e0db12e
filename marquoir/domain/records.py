"""`Record`: frozen, typed records (named tuples) without importing `typing` at run time.

The table commands start a fresh Python each time and `typing` alone costs ~4 ms there
(docs/design.md, "The hot path"). Type checkers see `typing.NamedTuple`; at run time the
same class syntax builds a `collections.namedtuple` (which `re`, already loaded by the console
script, imports anyway). Like `typing.NamedTuple`: fields with defaults come last, and methods
may not call `super()`.
"""

from __future__ import annotations

from collections import namedtuple

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:
    _SKIP = {"__annotations__", "__module__", "__qualname__", "__slots__", "_root"}

    class _RecordMeta(type):
        def __new__(mcs, name, bases, namespace):
            if namespace.get("_root"):
                return super().__new__(mcs, name, bases, namespace)
            fields = list(namespace.get("__annotations__", {}))
            defaults = [namespace[field] for field in fields if field in namespace]
            cls = namedtuple(
                name, fields, defaults=defaults or None, module=namespace["__module__"]
            )
            for key, value in namespace.items():
                if key not in _SKIP and key not in fields:
                    setattr(cls, key, value)
            cls.__qualname__ = namespace["__qualname__"]
            return cls

    class Record(metaclass=_RecordMeta):
        """Base of the frozen records: `class Pot(Record): amount: int`."""

        _root = True


__all__ = ["Record"]
