"""The stored text of events written directly (`codec.event_text`, the import's fast path),
the encoder made once (`codec.dumps`) and the state between hands the import keeps for
later (`phh_replay.Group`), each against the standard library's `json.dumps` of what the
general path builds (`event_to_record`, `table_to_snapshot`).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from marquoir.domain import Action, ActionKind, SeatInfo, TableConfig
from marquoir.domain.actions import ActionEvent
from marquoir.domain.events import Acted, ButtonSet, Dealt, Left, Recaved, Seated, ShowedDown
from marquoir.domain.table import SessionSettings, Table, TableEvent
from marquoir.storage import codec, summaries
from marquoir.storage.ledger import Ledger
from marquoir.storage.phh_import import PHHSource, import_phh
from marquoir.storage.phh_replay import Group
from marquoir.storage.verify import verify

from .installed import Marquoir
from .logs import unpacked

DATA = Path(__file__).parent / "data"
STREETS = ("preflop", "flop", "turn", "river")


def json_text(data: Any) -> str:
    """The oracle: what the file keeps is compact, key-sorted JSON."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def _expected(
    event: TableEvent, detail: object = None, streets: tuple[str, ...] = ()
) -> tuple[str, str]:
    kind, data = codec.event_to_record(event, detail, streets=streets)
    return kind, json_text(data)


def test_every_event_of_the_sample_imports_is_stored_as_json_dumps_writes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each event the table applied during the import (no hand of these files is skipped
    half-way), against the row stored for it: the general path's data through json.dumps."""
    applied: list[tuple[TableEvent, object, tuple[str, ...]]] = []
    apply = Table.apply

    def spied(table: Table, event: TableEvent) -> Any:
        detail = apply(table, event)
        applied.append((event, detail, codec.streets_of(table.config)))
        return detail

    monkeypatch.setattr(Table, "apply", spied)
    files = [DATA / "pluribus-sample.phhs", DATA / "wsop-sample.phhs", DATA / "famous.phhs"]
    with Ledger(tmp_path / "m.db") as book:
        import_phh(book, files, session="s")
        # (a hand's actions are one `bets` row: read as the action rows it holds)
        query = "SELECT session_id, hand_no, kind, data FROM events ORDER BY id"
        stored = [(kind, text) for _hand, kind, text in unpacked(book.conn, query)]
    assert len(stored) == len(applied)
    seen: Counter[str] = Counter()
    for (kind, text), (event, detail, streets) in zip(stored, applied, strict=True):
        assert (kind, text) == _expected(event, detail, streets), event
        seen[kind] += 1
    assert set(seen) == {"seat", "button", "deal", "action", "showdown", "leave", "recave"}, seen
    assert seen["action"] > 2000, seen


NAMES = st.text(min_size=1, max_size=12)  # (any characters: quotes, accents, controls)
CHIPS = st.integers(min_value=0, max_value=10**12)


@given(NAMES, st.integers(1, 10), CHIPS, st.booleans())
def test_seats_and_departures(name: str, seat: int, chips: int, returning: bool) -> None:
    seated, left = Seated(name, seat, chips, returning), Left(name, chips)
    for event in (seated, left, Recaved(name, chips), ButtonSet(name)):
        assert codec.event_text(event) == _expected(event)


@given(
    st.integers(1, 10**6),
    st.integers(1, 10),
    st.lists(st.tuples(NAMES, st.integers(1, 10), CHIPS), min_size=1, max_size=10),
    st.sampled_from([0, 0, 1, 250]),
)
def test_deals(hand_no: int, button: int, seats: list[tuple[str, int, int]], dead: int) -> None:
    event = Dealt(hand_no, button, tuple(SeatInfo(*seat) for seat in seats), dead)
    assert codec.event_text(event) == _expected(event)


@given(
    st.sampled_from(list(ActionKind)),
    st.one_of(st.none(), CHIPS),
    NAMES,
    st.sampled_from(["fold", "check", "call", "bet", "raise", "complete", "open", "abattre"]),
    CHIPS,
    CHIPS,
    st.booleans(),
    st.sampled_from([*STREETS, "third", "draw"]),
)
def test_actions(
    kind: ActionKind,
    amount: int | None,
    player: str,
    verb: str,
    added: int,
    total: int,
    all_in: bool,
    street: str,
) -> None:
    action = Action(kind, amount, player)
    detail = ActionEvent(player, action, verb, added, total, all_in, street)
    event = Acted(action)
    assert codec.event_text(event, detail, streets=STREETS) == _expected(event, detail, STREETS)

    # what the import packs for it (`codec.bet_parts`), made from the detail: the item that
    # packing its stored text, read back, gives (`bet_element`), or None for both
    from_text = codec.bet_element(json.loads(_expected(event, detail, STREETS)[1]), [player])
    parts = codec.bet_parts(action, detail, STREETS)
    if from_text is None:
        assert parts is None
    else:
        assert parts is not None
        street, head, tail = parts
        assert (street, f"{head}0{tail}") == (from_text[0], json_text(from_text[1]))
    # an action recorded without what it did: the general path
    assert codec.event_text(event, None, streets=STREETS) == _expected(event, None, STREETS)


def test_the_trailing_defaults_are_left_out_as_the_record_leaves_them_out() -> None:
    check = Action(ActionKind.CHECK, None, "bob")
    done = ActionEvent("bob", check, "check", 0, 0, False, "flop")
    assert codec.event_text(Acted(check), done, streets=STREETS) == ("action", '["check","bob",1]')
    call = Action(ActionKind.CALL, None, "bob")
    done = ActionEvent("bob", call, "call", 3, 4, False, "preflop")
    assert codec.event_text(Acted(call), done, streets=STREETS)[1] == '["call","bob",0,3,4]'
    odd = ActionEvent("bob", call, "call", 5, 0, False, "turn")  # (chips in, no total)
    assert codec.event_text(Acted(call), odd, streets=STREETS)[1] == '["call","bob",2,5]'
    assert _expected(Acted(call), odd, STREETS)[1] == '["call","bob",2,5]'
    allin = Action(ActionKind.ALLIN, None, "ann")
    done = ActionEvent("ann", allin, "raise", 90, 100, True, "river")
    assert codec.event_text(Acted(allin), done, streets=STREETS)[1] == (
        '["allin","ann",3,90,100,null,"raise",1]'
    )


def test_other_events_take_the_general_path() -> None:
    event = ShowedDown((("ann",), ("bob", "cy")), "bob", "AhKh2c3d4s", (("ann", "AsAd"),))
    assert codec.event_text(event) == _expected(event)
    back = Seated("ann", 3, 500, returning=True)
    assert codec.event_text(back) == _expected(back)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=20,
)


@given(JSON)
def test_dumps_is_json_dumps(data: Any) -> None:
    assert codec.dumps(data) == json_text(data)


def test_the_state_kept_after_each_hand_is_the_snapshot_of_then(tmp_path: Path) -> None:
    """The import keeps the table after each hand, reading again only the accounts the hand
    changed (its players, those who left) and putting last those it seated, as the table
    does: the same as a snapshot of the whole table, after hands of newcomers, of a player
    coming back, and of one seated but not dealt in."""
    with Ledger(tmp_path / "m.db") as book:
        import_phh(book, [DATA / "pluribus-sample.phhs"], session="s")
        settings = book.session_named("s").settings
    assert isinstance(settings, SessionSettings)
    group = Group(settings, 1)
    table = group.table
    assert group.before() == codec.table_to_snapshot(table)
    sittings = [
        [("ann", 1), ("bob", 2), ("cy", 4)],
        [("dee", 2), ("ann", 3)],  # (a newcomer, and ann back in another seat)
        [("bob", 1), ("eve", 5), ("cy", 2)],
    ]
    for number, players in enumerate(sittings, start=1):
        for name, seat in players:
            table.apply(table.seat_event(name, seat=seat, cave=10_000, recave=False))
            group.moved.append(name)
        if number == 3:  # (seated, not dealt in: everyone is read again)
            table.apply(table.seating.sitout_event("eve"))
        table.apply(table.deal_event())
        while table.hand is not None:
            table.apply(table.act_event(Action.fold()))
        for account in table.present():
            table.apply(table.leave_event(account.name))
            group.changed.add(account.name)
        kept = codec.table_to_snapshot(table)
        group.written(number)
        table.apply(table.seat_event("fay", seat=9, cave=10_000))  # (later: not kept)
        assert group.before() == kept
        assert codec.dumps(group.before()) == json_text(kept)
        table.apply(table.leave_event("fay"))
        group.moved.append("fay")
        group.written(number)


# -- a hand's stored summary built directly ------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_summary_built_directly_is_the_compact_form_of_the_full_one(cli: Marquoir) -> None:
    """Every hand of the example evenings (hold'em with returned bets and players sitting
    out, jackpots' void deals, Bouillotte's brelans paid beside the pot, stud, a tournament)
    and of the sample imports (hold'em, Omaha, fixed-limit): the summary a replay stores
    directly is the compact form of the full summary, to the JSON text."""
    for name in ("evening", "jackpots", "bouillotte", "stud", "tournoi"):
        example = EXAMPLES / f"{name}.txt"
        done = cli.run("play", str(example))
        assert done.returncode == 0, (example.name, done.stderr)
    files = [DATA / "pluribus-sample.phhs", DATA / "wsop-sample.phhs", DATA / "famous.phhs"]
    compared: Counter[str] = Counter()
    with Ledger(cli.db) as book:
        import_phh(book, files, session="imported")
        for session, _current in book.sessions():
            table = Table(session.settings)
            for stored in book.events(session):
                playing = table.hand is not None or stored.kind == "deal"
                table.apply(codec.event_from_record(stored.kind, stored.data, table))
                if playing and table.hand is None and table.last_hand is not None:
                    hand = table.last_hand
                    full = summaries.hand_summary(table, hand)
                    expected = summaries.compact_summary(full, session.settings)
                    direct = summaries.compact_hand_summary(table, hand, session.settings)
                    assert json_text(direct) == json_text(expected), (session.name, table.hand_no)
                    compared[table.config.game.value] += 1
                    compared["rest"] += len(expected) > 5
    games = {"holdem", "omaha", "draw", "bouillotte", "stud"}
    assert games <= compared.keys(), compared
    assert compared["rest"] > 100, compared


def test_the_summary_built_directly_keeps_stacks_that_moved_after_the_pots() -> None:
    """Stacks after the hand that are not start + net (`after`), and a player at the table
    who sat the hand out (`others`): both forms keep them alike."""
    table = Table(SessionSettings(TableConfig(small_blind=1, big_blind=2)))
    for name, seat in (("ann", 1), ("bob", 2), ("cy", 3)):
        table.apply(table.seat_event(name, seat=seat, cave=100))
    table.apply(table.seating.sitout_event("cy"))
    table.apply(table.deal_event())
    table.apply(table.act_event(Action.fold()))
    hand = table.last_hand
    assert hand is not None and table.hand is None
    table.accounts["ann"].stack += 5  # (as a payment beside the pot would)
    settings = table.settings
    direct = summaries.compact_hand_summary(table, hand, settings)
    expected = summaries.compact_summary(summaries.hand_summary(table, hand), settings)
    assert json_text(direct) == json_text(expected)
    assert {"after", "others"} <= direct[5].keys()


def test_hands_skipped_half_way_leave_the_table_as_it_was(tmp_path: Path) -> None:
    """Hands the import cannot settle, between the others (one of them with a newcomer):
    the table goes back to the state before each (`phh_replay.Group.before`), the snapshots
    (every 200 hands, and after the last) and the hand rows are those a replay of the log
    gives (`verify`), and the file loads to the last hand imported."""
    text = (DATA / "pluribus-sample.phhs").read_text(encoding="utf-8")
    hands = text.split("\n\n")
    assert len(hands) > 150
    for at in (3, 4, 99, 120):  # (hand 4 stops before its end; a newcomer plays it)
        start = hands[at].index("actions = [")
        end = hands[at].index("]", start)
        cut = hands[at][start:end].split(", ")[:8]
        hands[at] = hands[at][:start] + ", ".join(cut) + hands[at][end:]
    first = hands[4].index("players = ['") + len("players = ['")
    hands[4] = hands[4][:first] + "Newcomer" + hands[4][hands[4].index("'", first) :]
    with Ledger(tmp_path / "m.db") as book:
        report = import_phh(book, [PHHSource("s.phhs", "\n\n".join(hands))], session="s")
        assert report.skipped == 4 and report.imported == len(hands) - 4
        assert {h.message.split(" (")[0] for h in report.hands if not h.imported} == {
            "the actions stop before the end of the hand"
        }
        checked = verify(book)
        assert checked.sound and checked.rebuilt == 0, checked
        (session,) = checked.sessions
        assert (session.hands, session.snapshots) == (len(hands) - 4, 2)
        assert book.load(book.current()).hand_no == len(hands) - 4
