"""`StrEnum`: the domain's enumerations of words (games, betting structures, actions,
phases), without importing `enum` at run time.

Why: the table commands start a fresh Python each time, and `enum` costs about 1.5 ms there
(its import, then each class: `EnumType` builds a member with several dictionaries and
descriptors), a tenth of a command's own time (docs/design.md, "The hot path"). Type checkers
see `enum.StrEnum`; at run time the same class syntax builds a `str` subclass whose members
behave as `enum.StrEnum`'s do where Marquoir uses them: `Game.HOLDEM == "holdem"`,
`Game("holdem") is Game.HOLDEM`, `Game("x")` raises ValueError, `.name`, `.value`,
`str()` and `format()` give the value, iteration in definition order, `len`, `in`,
`Game["HOLDEM"]`, `__members__`, repr, hashing as the string, pickling and copying to the
same member. A test checks each of these against `enum.StrEnum`.

Members are the class attributes whose names do not start with `_` and whose values are
strings; everything else (methods, docstring) stays as written. Not supported, and not used
by Marquoir: aliases (two members with one value: refused), `_missing_`, `_value_`, `auto()`,
and `isinstance(member, enum.Enum)`, which is False (the typer app, which needs real
enumerations, makes its own from the same words).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from enum import StrEnum
else:

    class _StrEnumType(type):
        def __new__(mcs, name, bases, namespace):
            if namespace.get("_root"):
                return super().__new__(mcs, name, bases, namespace)
            words = {
                key: value
                for key, value in namespace.items()
                if not key.startswith("_") and type(value) is str
            }
            if len(set(words.values())) < len(words):  # enum.StrEnum makes aliases of them
                raise TypeError(f"{name}: two members with the same value (not supported)")
            for key in words:
                del namespace[key]
            cls = super().__new__(mcs, name, bases, namespace)
            members = {}
            for key, value in words.items():
                member = str.__new__(cls, value)
                member._name_ = key
                type.__setattr__(cls, key, member)
                members[key] = member
            type.__setattr__(cls, "_member_map_", members)
            type.__setattr__(cls, "_value2member_map_", {str(m): m for m in members.values()})
            return cls

        def __call__(cls, value):
            try:
                return cls._value2member_map_[value]
            except (KeyError, TypeError):
                raise ValueError(f"{value!r} is not a valid {cls.__qualname__}") from None

        def __getitem__(cls, name):
            return cls._member_map_[name]

        def __iter__(cls):
            return iter(cls._member_map_.values())

        def __reversed__(cls):
            return reversed(list(cls._member_map_.values()))

        def __len__(cls):
            return len(cls._member_map_)

        def __contains__(cls, value):
            return value in cls._value2member_map_

        @property
        def __members__(cls):
            return dict(cls._member_map_)

        def __setattr__(cls, name, value):
            if name in cls.__dict__.get("_member_map_", ()):
                raise AttributeError(f"cannot reassign member {name!r}")
            super().__setattr__(name, value)

        def __delattr__(cls, name):
            if name in cls.__dict__.get("_member_map_", ()):
                raise AttributeError(f"cannot delete member {name!r}")
            super().__delattr__(name)

    class StrEnum(str, metaclass=_StrEnumType):
        """Base of the domain's enumerations: `class Phase(StrEnum): BETTING = "betting"`."""

        _root = True
        _name_: str  # each member's own name, set as the class is built

        @property
        def name(self):
            return self._name_

        @property
        def value(self):
            return str.__str__(self)

        def __str__(self):
            return str.__str__(self)

        def __format__(self, spec):
            return str.__format__(str.__str__(self), spec)

        def __repr__(self):
            return f"<{type(self).__name__}.{self._name_}: {str.__repr__(self)}>"

        def __reduce_ex__(self, protocol):
            return type(self), (str.__str__(self),)

        def __copy__(self):
            return self

        def __deepcopy__(self, memo):
            return self

        __hash__ = str.__hash__


__all__ = ["StrEnum"]
