"""`Record`: frozen, typed records (named tuples) without importing `typing` at run time.

The table commands start a fresh Python each time and `typing` alone costs ~4 ms there
(docs/design.md, "The hot path"). Type checkers see `typing.NamedTuple`; at run time the
same class syntax builds a named tuple. Like `typing.NamedTuple`: fields with defaults come
last, and methods may not call `super()`.

The classes behave as `collections.namedtuple` makes them (a tuple subclass with the same
constructor, attributes, `_make`, `_replace`, `_asdict`, `_fields`, `_field_defaults`,
`__match_args__`, repr and pickling), built with public Python only and without its cost:
`namedtuple` compiles each class's constructor from source (`eval`, ~50 us a class), and the
table commands define dozens of records at every start. Here a class is assembled from
ready-made parts: its constructor is a closure that takes its arguments as one tuple (the
tuple the record is made of, when they come positionally and complete, the usual call), and
each field is a property reading its index with `operator.itemgetter`.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:
    from operator import itemgetter

    _SKIP = {"__annotations__", "__module__", "__qualname__", "__slots__", "_root"}
    _TUPLE_NEW = tuple.__new__
    # field index -> its property, shared by every record class (a property holds no state)
    _getters = []

    def _getter(index):
        while len(_getters) <= index:
            number = len(_getters)
            _getters.append(property(itemgetter(number), doc=f"Alias for field number {number}"))
        return _getters[index]

    def _names(names):
        """'a' / 'a' and 'b' / 'a', 'b', and 'c': as Python lists missing arguments."""
        quoted = [f"'{name}'" for name in names]
        if len(quoted) == 1:
            return quoted[0]
        if len(quoted) == 2:
            return f"{quoted[0]} and {quoted[1]}"
        return ", ".join(quoted[:-1]) + f", and {quoted[-1]}"

    def _bind(qualname, fields, defaults, args, kwargs):
        """The values of a call that is not simply every field in order, or the TypeError
        Python gives for a function `__new__(_cls, *fields)` with these defaults."""
        count, given = len(fields), len(args)
        if given > count:
            low = count - len(defaults) + 1
            takes = f"from {low} to {count + 1}" if defaults else f"{count + 1}"
            raise TypeError(
                f"{qualname}() takes {takes} positional arguments but {given + 1} were given"
            )
        values = list(args)
        for name in kwargs:
            if name not in fields:
                raise TypeError(f"{qualname}() got an unexpected keyword argument '{name}'")
            if fields.index(name) < given:
                raise TypeError(f"{qualname}() got multiple values for argument '{name}'")
        first_default = count - len(defaults)
        missing = []
        for index in range(given, count):
            name = fields[index]
            if name in kwargs:
                values.append(kwargs[name])
            elif index >= first_default:
                values.append(defaults[index - first_default])
            else:
                missing.append(name)
                values.append(None)
        if missing:
            plural = "s" if len(missing) > 1 else ""
            raise TypeError(
                f"{qualname}() missing {len(missing)} required positional argument{plural}: "
                f"{_names(missing)}"
            )
        return values

    def _constructor(typename, fields, defaults):
        """`__new__(_cls, field, ...)`, as namedtuple's, keywords and defaults included."""
        arity = len(fields)
        qualname = f"{typename}.__new__"

        def __new__(_cls, *args, **kwargs):
            if not kwargs and len(args) == arity:
                return _TUPLE_NEW(_cls, args)
            return _TUPLE_NEW(_cls, _bind(qualname, fields, defaults, args, kwargs))

        __new__.__qualname__ = qualname
        __new__.__doc__ = f"Create new instance of {typename}({', '.join(fields)})"
        return __new__

    @classmethod
    def _make(cls, iterable):
        result = _TUPLE_NEW(cls, iterable)
        if len(result) != len(cls._fields):
            raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
        return result

    def _replace(self, /, **changes):
        result = self._make(map(changes.pop, self._fields, self))
        if changes:
            raise ValueError(f"Got unexpected field names: {list(changes)!r}")
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
        defaults = tuple(defaults)
        with_defaults = fields[len(fields) - len(defaults) :]
        namespace = {
            "__doc__": f"{typename}({', '.join(fields)})",
            "__slots__": (),
            "_fields": fields,
            "_field_defaults": dict(zip(with_defaults, defaults, strict=True)),
            "__new__": _constructor(typename, fields, defaults),
            "_make": _make,
            "_replace": _replace,
            "__repr__": _repr,
            "_asdict": _asdict,
            "__getnewargs__": _getnewargs,
            "__match_args__": fields,
            "__module__": module,
        }
        for index, name in enumerate(fields):
            namespace[name] = _getter(index)
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
