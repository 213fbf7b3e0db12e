"""`Record` makes the classes `collections.namedtuple` makes, without its cost at import."""

from __future__ import annotations

import copy
import pickle
from collections import namedtuple
from typing import Any

import pytest

from marquoir.domain.records import Record


class Seat(Record):
    """A seat at the table."""

    player: str
    stack: int
    note: str = ""

    def richer(self, chips: int) -> Seat:
        return self._replace(stack=self.stack + chips)


class Empty(Record):
    pass


# The oracle: the standard library's named tuple of the same fields and defaults.
Oracle = namedtuple("Seat", ["player", "stack", "note"], defaults=[""])


def outcome(make: Any) -> tuple[str, object]:
    """What a call gives: its value's repr, or the error's kind and message."""
    try:
        return "value", repr(make())
    except (TypeError, ValueError) as error:
        return type(error).__name__, str(error)


CALLS = [
    lambda cls: cls("ann", 200),
    lambda cls: cls("ann", 200, "left"),
    lambda cls: cls(stack=5, player="bo"),
    lambda cls: cls("ann"),
    lambda cls: cls(),
    lambda cls: cls("ann", 1, "x", "y"),
    lambda cls: cls("ann", 1, bogus=2),
    lambda cls: cls("ann", 1, player="x"),
    lambda cls: cls._make(["a", 1, "n"]),
    lambda cls: cls._make(["a", 1]),
    lambda cls: cls("a", 1)._replace(stack=9),
    lambda cls: cls("a", 1)._replace(chips=9),
    lambda cls: cls("a", 1)._asdict(),
    lambda cls: cls("a", 1).__getnewargs__(),
    lambda cls: (cls._fields, cls._field_defaults, cls.__match_args__),
    lambda cls: (cls.stack.__doc__, cls.__new__.__qualname__, cls.__new__.__doc__),
]


@pytest.mark.parametrize("number", range(len(CALLS)))
def test_a_record_behaves_as_the_named_tuple(number: int) -> None:
    call = CALLS[number]
    assert outcome(lambda: call(Seat)) == outcome(lambda: call(Oracle))


def test_a_record_is_a_tuple_with_its_methods_and_docstring() -> None:
    seat = Seat("ann", 200)
    assert seat == ("ann", 200, "") and hash(seat) == hash(("ann", 200, ""))
    assert Seat.__mro__ == (Seat, tuple, object)
    assert seat.richer(5) == Seat("ann", 205)
    assert Seat.__doc__ == "A seat at the table."
    assert (Seat.__qualname__, Seat.__module__) == ("Seat", __name__)
    assert pickle.loads(pickle.dumps(seat)) == seat
    assert copy.deepcopy(seat) == seat
    match seat:
        case Seat(player, stack):
            assert (player, stack) == ("ann", 200)
    with pytest.raises(AttributeError):
        seat.stack = 1  # type: ignore[misc]
    assert Empty() == () and repr(Empty()) == "Empty()"
