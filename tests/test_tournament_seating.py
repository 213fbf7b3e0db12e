"""Several tables: the seat draw, balancing, breaking and the final table (docs/rules.md,
"Several tables"). Expected positions are worked from the TDA's rules by hand."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from marquoir.domain.tournament.seating import Move, Place, Room, settle_room


def _room(layout: dict[int, list[int]], *, seats: int = 9, final: int = 0) -> Room:
    """A room whose table T has players named `tT-S` in the listed seats."""
    room = Room.open(tables=len(layout), seats=seats, final_table=final)
    for table, taken in layout.items():
        for seat in taken:
            room.sit(f"t{table}-{seat}", Place(table, seat))
    return room


def test_place_is_written_table_colon_seat() -> None:
    assert str(Place(2, 7)) == "2:7"
    assert Place.parse("2:7") == Place(2, 7)


def test_first_draw_fills_tables_evenly() -> None:
    # 20 players on 3 tables of 9: each entry draws at the tables with the fewest players,
    # so the tables hold 7, 7, 6 whatever the seed
    for seed in range(5):
        room, rng = Room.open(tables=3, seats=9), random.Random(seed)
        for n in range(20):
            room.sit(f"p{n}", room.draw(rng))
        assert sorted(room.count(t) for t in room.tables) == [6, 7, 7]


def test_draw_is_reproducible_from_its_seed() -> None:
    def draws(seed: int) -> list[Place]:
        room, rng, out = Room.open(tables=2, seats=9), random.Random(seed), []
        for n in range(12):
            place = room.draw(rng)
            room.sit(f"p{n}", place)
            out.append(place)
        return out

    assert draws(42) == draws(42)
    assert draws(42) != draws(43)


def test_balanced_at_a_gap_of_one() -> None:
    room = _room({1: [1, 2, 3, 4, 5, 6, 7, 8, 9], 2: [1, 2, 3, 4, 5, 6, 7, 8]})
    assert room.balance() is None


def test_big_blind_next_moves_to_the_worst_position() -> None:
    # Table 1 full, button on seat 4: the small blind is seat 5, the big blind seat 6, so
    # t1-6 moves. Table 2 has 7 players in seats 1-4 and 6-8 (5 and 9 open), button on seat
    # 2: small blind 3, big blind 4. A newcomer in seat 5 comes after them (the blinds
    # 3 and 4 post the blinds of the next hand; in seat 5 he comes right after the big blind
    # (big blind of the hand after), in seat 9 five places later. Seat 5 is the worst.
    room = _room({1: list(range(1, 10)), 2: [1, 2, 3, 4, 6, 7, 8]})
    room.buttons = {1: 4, 2: 2}
    assert room.balance() == Move(1, 2, "t1-6", 5, "balance")


def test_worst_position_is_the_big_blind_itself_when_open() -> None:
    # Table 2: button 2, players in 1, 2, 3, 5, 6, 7, 8 (4 and 9 open): small blind 3, and
    # the next seat round, 4, is open: whoever sits there posts the big blind next hand.
    room = _room({1: list(range(1, 10)), 2: [1, 2, 3, 5, 6, 7, 8]})
    room.buttons = {1: 9, 2: 2}
    move = room.balance()
    assert move is not None
    assert (move.player, move.seat) == ("t1-2", 4)  # button 9 -> small blind 1, big blind 2


def test_never_the_small_blind() -> None:
    # Table 2, button 3, players in 1, 2, 3, 5, 6, 7, 8 (4 and 9 open). A newcomer in seat 4
    # would come first after the button: small blind, never given. In seat 9 he comes after
    # 5, 6, 7 and 8: the worst position left.
    room = _room({1: list(range(1, 10)), 2: [1, 2, 3, 5, 6, 7, 8]})
    room.buttons = {1: 1, 2: 3}
    assert room.worst_seat(2) == 9
    # Players in 1, 2, 3, 4, 6, 7, 8 (5 and 9 open), button 3: small blind 4, and seat 5
    # comes next: the big blind of the next hand.
    room = _room({1: list(range(1, 10)), 2: [1, 2, 3, 4, 6, 7, 8]})
    room.buttons = {1: 1, 2: 3}
    assert room.worst_seat(2) == 5


def test_the_largest_table_after_the_short_one_gives() -> None:
    # tables 1 and 3 have 9, table 2 has 7: the first largest table after 2 in table order
    # is 3
    room = _room({1: list(range(1, 10)), 2: list(range(1, 8)), 3: list(range(1, 10))})
    move = room.balance()
    assert move is not None and (move.source, move.table) == (3, 2)


def test_unknown_button_names_the_tables_not_the_player() -> None:
    room = _room({1: list(range(1, 10)), 2: list(range(1, 8))})
    move = room.balance()
    assert move == Move(1, 2, None, None, "balance")


def test_break_the_highest_table_when_the_players_fit() -> None:
    # 3 tables of 9 holding 6 + 6 + 6 = 18: fit on 2 tables -> table 3 breaks, its six
    # players draw seats at tables 1 and 2, three each (they draw at the fewest players)
    room = _room({1: [1, 2, 3, 4, 5, 6], 2: [1, 2, 3, 4, 5, 6], 3: [1, 2, 3, 4, 5, 6]})
    assert room.table_to_break() == 3
    moves = settle_room(room, random.Random(1))
    assert {m.source for m in moves} == {3} and len(moves) == 6
    assert sorted(room.tables) == [1, 2]
    assert room.count(1) == room.count(2) == 9
    assert {m.player for m in moves} == {f"t3-{s}" for s in range(1, 7)}


def test_final_table_redraw() -> None:
    room = _room({1: [1, 2, 3, 4, 5], 2: [2, 4, 6, 8]}, final=9)
    assert room.final_due()
    moves = settle_room(room, random.Random(3))
    assert list(room.tables) == [1] and room.count(1) == 9
    assert {m.why for m in moves} == {"final"} and len(moves) == 9


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(2, 6),
    seats=st.integers(6, 10),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_busts_keep_the_room_balanced_and_seated(
    tables: int, seats: int, seed: int, data: st.DataObject
) -> None:
    """Whatever the busts, carrying out every move keeps each player in exactly one seat,
    the tables within one player of each other, and ends on one final table."""
    rng = random.Random(seed)
    room = Room.open(tables=tables, seats=seats, final_table=seats)
    entries = data.draw(st.integers(tables * 2, tables * seats))
    for n in range(entries):
        room.sit(f"p{n}", room.draw(rng))
    alive = {f"p{n}" for n in range(entries)}
    while len(alive) > 1:
        out = data.draw(st.sampled_from(sorted(alive)))
        alive.discard(out)
        room.remove(out)
        for move in settle_room(room, rng):
            if move.why == "balance":
                player = move.player or next(iter(room.tables[move.source].values()))
                seat = move.seat or room.open_seats(move.table)[0]
                room.sit(player, Place(move.table, seat))
        seated = [name for name, _ in room.seat_list()]
        assert sorted(seated) == sorted(alive)
        counts = [room.count(t) for t in room.tables]
        assert max(counts) - min(counts) <= 1
        assert all(room.count(t) <= room.seats_at(t) for t in room.tables)
    assert len(room.tables) == 1
