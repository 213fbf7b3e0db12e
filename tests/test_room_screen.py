"""The tournament screen of a room of several tables (`marquoir serve`): each table's
players, the moves to make with their rule, and the seat list a player looks up by name.

The room's data is checked first on a room written by hand (`room_view`), then on a room
the commands drew; the page is drawn by a headless Chromium at a phone's width and a TV's
size, in English and in French, and its search box is typed into.
"""

from __future__ import annotations

from typing import Any

from marquoir.domain.i18n import speaking
from marquoir.reports.room_screen import room_view, rule_text, search_key

# table 1 (hands recorded: its button at seat 3) has 3 players, table 2 (no hand recorded)
# has 1: table 1 must give a player, the one who would be big blind next (seat 5: after
# the button at 3 come 4, then 5) to the seat at table 2 that would be big blind next
HAND_MADE: dict[str, Any] = {
    "tables": [
        {
            "table": 1,
            "seats": 6,
            "button": 3,
            "players": [
                {"seat": 3, "name": "anne", "stack": 12500},
                {"seat": 4, "name": "Hélène", "stack": 800},
                {"seat": 5, "name": "bruno", "stack": 3000},
            ],
        },
        {"table": 2, "seats": 6, "button": None, "players": [{"seat": 2, "name": "chloe",
                                                              "stack": 5000}]},
    ],
    "seats": [
        {"name": "anne", "table": 1, "seat": 3},
        {"name": "bruno", "table": 1, "seat": 5},
        {"name": "chloe", "table": 2, "seat": 2},
        {"name": "Hélène", "table": 1, "seat": 4},
    ],
    "balanced": False,
    "moves": [
        {"player": "bruno", "from_table": 1, "to_table": 2, "to_seat": 4, "why": "balance",
         "rule": "TDA 2024 rule 11"},
    ],
    "last_moves": [
        {"player": "dora", "from_table": 3, "to_table": 1, "to_seat": 6, "why": "break",
         "rule": "TDA 2024 rule 10"},
    ],
}  # fmt: skip


def test_the_room_as_the_page_shows_it() -> None:
    with speaking("en"):
        view = room_view(HAND_MADE)
    one, two = view["tables"]
    # stacks where the hands are recorded, none where they are not
    assert (one["title"], one["count"], one["tracked"]) == ("Table 1", "3/6", True)
    assert [(p["seat"], p["name"], p["stack"]) for p in one["players"]] == [
        (3, "anne", "12,500"),
        (4, "Hélène", "800"),
        (5, "bruno", "3,000"),
    ]
    assert (two["count"], two["tracked"], two["players"][0]["stack"]) == ("1/6", False, None)
    assert view["moves"] == [
        {
            "why": "balance",
            "text": "Table 1 gives a player to table 2: bruno (seat 5, big blind next) moves"
            " to table 2, seat 4",
            "rule": "TDA 2024 rule 11",
        }
    ]
    assert view["drawn"][0]["text"] == "Table 3 broken: dora goes to table 1, seat 6"
    # the seat list by name, each with a key the search folds to (no case, no accents)
    assert [(s["name"], s["text"], s["key"]) for s in view["seats"]][-1] == (
        "Hélène",
        "table 1, seat 4",
        "helene",
    )


def test_a_move_whose_player_is_not_known_says_how_to_find_him() -> None:
    room = dict(HAND_MADE, moves=[dict(HAND_MADE["moves"][0], player=None, to_seat=None)])
    with speaking("en"):
        (move,) = room_view(room)["moves"]
    assert move["text"].startswith("Table 1 gives a player to table 2: the one who would be")
    assert "never the small blind" in move["text"]


def test_the_room_in_french() -> None:
    with speaking("fr"):
        view = room_view(HAND_MADE)
        assert rule_text("TDA 2024 rule 10") == "règle 10 de la TDA 2024"
    assert view["tables"][0]["title"] == "Table 1"
    assert view["tables"][0]["players"][0]["stack"] == "12\u202f500"
    assert view["moves"][0]["rule"] == "règle 11 de la TDA 2024"
    assert view["moves"][0]["text"] == (
        "La table 1 donne un joueur à la table 2 : bruno (siège 5, grosse blinde au prochain"
        " coup) va à la table 2, siège 4"
    )
    assert view["seats"][0]["text"] == "table 1, siège 3"


def test_the_search_key_leaves_out_case_and_accents() -> None:
    assert [search_key(n) for n in ("Hélène", "ÉLODIE", "françois", "Zoë")] == [
        "helene",
        "elodie",
        "francois",
        "zoe",
    ]
