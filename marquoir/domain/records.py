"""`Record`: frozen, typed records (named tuples) without importing `typing` at run time.

The table commands start a fresh Python each time and `typing` alone costs ~4 ms there
(docs/design.md, "The hot path"). Type checkers see `typing.NamedTuple`; at run time the
same class syntax builds a named tuple. Like `typing.NamedTuple`: fields with defaults come
last, and methods may not call `super()`.

The classes are what `collections.namedtuple` makes (a tuple subclass with the same
constructor, attributes, `_make`, `_replace`, `_asdict`, `_fields`, `_field_defaults`,
`__match_args__`, repr and pickling), built without its cost: `namedtuple` compiles each
class's constructor from source (`eval`), ~50 us a class, and the table commands define
dozens of records at every start. Here the constructor's code is written once per number of
fields and renamed for each class (`code.replace`), which makes the same function.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:
    import sys
    from collections import _tuplegetter
    from types import FunctionType

    # `_replace` with a field the record lacks: Python 3.13's named tuples raise TypeError,
    # the older ones ValueError
    _UNEXPECTED_FIELD = TypeError if sys.version_info >= (3, 13) else ValueError

    _SKIP = {"__annotations__", "__module__", "__qualname__", "__slots__", "_root"}
    _TUPLE_NEW = _tuple_new = tuple.__new__
    # number of fields -> the code of `lambda _cls, a0, a1: _tuple_new(_cls, (a0, a1))`; the
    # usual sizes written out (compiled with this module, not at every start: `eval` costs
    # ~50 us), the others compiled on first use
    _templates = {
        arity: template.__code__
        for arity, template in enumerate(
            (
                lambda _cls: _tuple_new(_cls, ()),
                lambda _cls, a0: _tuple_new(_cls, (a0,)),
                lambda _cls, a0, a1: _tuple_new(_cls, (a0, a1)),
                lambda _cls, a0, a1, a2: _tuple_new(_cls, (a0, a1, a2)),
                lambda _cls, a0, a1, a2, a3: _tuple_new(_cls, (a0, a1, a2, a3)),
                lambda _cls, a0, a1, a2, a3, a4: _tuple_new(_cls, (a0, a1, a2, a3, a4)),
                lambda _cls, a0, a1, a2, a3, a4, a5: _tuple_new(_cls, (a0, a1, a2, a3, a4, a5)),
                lambda _cls, a0, a1, a2, a3, a4, a5, a6: _tuple_new(
                    _cls, (a0, a1, a2, a3, a4, a5, a6)
                ),
                lambda _cls, a0, a1, a2, a3, a4, a5, a6, a7: _tuple_new(
                    _cls, (a0, a1, a2, a3, a4, a5, a6, a7)
                ),
            )
        )
    }

    def _constructor(typename, fields, defaults):
        """`__new__(_cls, field, ...)`, as namedtuple's, keywords and defaults included."""
        arity = len(fields)
        template = _templates.get(arity)
        if template is None:
            names = ", ".join(f"a{index}" for index in range(arity))
            source = f"lambda _cls, {names}: _tuple_new(_cls, ({names}{',' if arity else ''}))"
            template = eval(source, {"_tuple_new": _TUPLE_NEW}).__code__
            _templates[arity] = template
        qualname = f"{typename}.__new__"
        code = template.replace(
            co_varnames=("_cls", *fields), co_name="__new__", co_qualname=qualname
        )
        function = FunctionType(code, {"_tuple_new": _TUPLE_NEW}, "__new__", defaults)
        function.__qualname__ = qualname
        function.__doc__ = f"Create new instance of {typename}({', '.join(fields)})"
        return function

    @classmethod
    def _make(cls, iterable):
        result = _TUPLE_NEW(cls, iterable)
        if len(result) != len(cls._fields):
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
        return result

    def _replace(self, /, **changes):
        result = self._make(map(changes.pop, self._fields, self))
        if changes:
            raise _UNEXPECTED_FIELD(f"Got unexpected field names: {list(changes)!r}")
        return result

    def _repr(self):
        pairs = zip(self._fields, self, strict=True)
        shown = ", ".join(f"{name}={value!r}" for name, value in pairs)
        return f"{self.__class__.__name__}({shown})"

    def _asdict(self):
        return dict(zip(self._fields, self, strict=True))

    def _getnewargs(self):
        return tuple(self)

    def _record_class(typename, fields, defaults, module):
        fields = tuple(fields)
        with_defaults = fields[len(fields) - len(defaults) :]
        namespace = {
            "__doc__": f"{typename}({', '.join(fields)})",
            "__slots__": (),
            "_fields": fields,
            "_field_defaults": dict(zip(with_defaults, defaults, strict=True)),
            "__new__": _constructor(typename, fields, tuple(defaults) or None),
            "_make": _make,
            "_replace": _replace,
            "__repr__": _repr,
            "_asdict": _asdict,
            "__getnewargs__": _getnewargs,
            "__match_args__": fields,
            "__module__": module,
        }
        for index, name in enumerate(fields):
            namespace[name] = _tuplegetter(index, f"Alias for field number {index}")
        return type(typename, (tuple,), namespace)

    class _RecordMeta(type):
        def __new__(mcs, name, bases, namespace):
            if namespace.get("_root"):
                return super().__new__(mcs, name, bases, namespace)
            fields = list(namespace.get("__annotations__", {}))
            defaults = [namespace[field] for field in fields if field in namespace]
            cls = _record_class(name, fields, defaults, namespace["__module__"])
            for key, value in namespace.items():
                if key not in _SKIP and key not in fields:
                    setattr(cls, key, value)
            cls.__qualname__ = namespace["__qualname__"]
            return cls

    class Record(metaclass=_RecordMeta):
        """Base of the frozen records: `class Pot(Record): amount: int`."""

        _root = True


__all__ = ["Record"]
