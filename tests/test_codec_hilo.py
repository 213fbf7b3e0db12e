"""The low half of a showdown in the log: written when there is one, and files written before
the hi-lo games (no "low" key) still read as one ranking."""

from __future__ import annotations

from marquoir.domain.events import ShowedDown
from marquoir.storage.codec import event_from_record, event_to_record


def test_a_low_half_round_trips() -> None:
    event = ShowedDown((("alice",), ("dave",)), low=(("carol", "bob"), ("alice",)))
    kind, data = event_to_record(event)
    assert (kind, data["low"]) == ("showdown", [["carol", "bob"], ["alice"]])
    assert event_from_record(kind, data) == event


def test_no_low_half_writes_no_key() -> None:
    kind, data = event_to_record(ShowedDown((("alice",),)))
    assert "low" not in data
    assert event_from_record(kind, data).low is None


def test_a_record_written_before_the_hi_lo_games_still_reads() -> None:
    old = {"ranking": [["alice"], ["bob", "carol"]], "odd_chip": "bob"}
    event = event_from_record("showdown", old)
    assert event == ShowedDown((("alice",), ("bob", "carol")), "bob", low=None)
