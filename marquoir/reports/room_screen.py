"""The room on the tournament's screen, when the tournament is played at several tables:
the seat list a player looks up by name, the moves the director must make (a table to
balance, a table broken, the final table drawn, each with its rule) and each table's
players, with their stacks where the table's hands are recorded.

`room_view` turns the room as the application reads it (`app.room.room_data`: tables,
seats, moves) into what the page shows, its sentences written here in the session's
language; `ROOM_HTML`, `ROOM_STYLE` and `ROOM_SCRIPT` are the page's part, which draws it
and filters the seat list as the player types, in the browser alone (no request, no
outside file: it works on a club's network without the internet).
"""

from __future__ import annotations

import re
import unicodedata
from html import escape
from typing import Any

from ..domain.i18n import _, grouped

# `TDA 2024 rule 11`, as the application names a rule: its year and number, said again in
# the session's language
_RULE = re.compile(r"TDA (\d{4}) rule (\d+)")


def rule_text(rule: str) -> str:
    """A rule's name in the session's language (`TDA 2024 rule 11`, `règle 11 de la TDA
    2024`); a name of another form as it is."""
    found = _RULE.fullmatch(rule)
    if found is None:
        return rule
    return _("TDA {year} rule {number}").format(year=found[1], number=found[2])


def search_key(name: str) -> str:
    """What the search compares: the name without case or accents (`Hélène` -> `helene`),
    as the page's script folds what the player types."""
    decomposed = unicodedata.normalize("NFD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def room_view(room: dict[str, Any]) -> dict[str, Any]:
    """The page's part of the room from `app.room.room_data`: `tables` (number, seats, how
    many sit there, whether its hands are recorded, the players by seat with their stacks,
    grouped, where they are recorded), `moves` (to make now), `drawn` (the seats the last
    bust drew), each a sentence and its rule, `drawn_groups` (the same as the page shows
    them: `drawn_groups`), and `seats` (every player in, by name, with a `key` to search)."""
    where = {row["name"]: (row["table"], row["seat"]) for row in room["seats"]}
    tables = []
    for row in room["tables"]:
        # a table whose hands are recorded has a button: its stacks follow the hands
        tracked = row["button"] is not None
        tables.append(
            {
                "table": row["table"],
                "title": _("Table {table}").format(table=row["table"]),
                "count": f"{len(row['players'])}/{row['seats']}",
                "tracked": tracked,
                "players": [
                    {
                        "seat": p["seat"],
                        "name": p["name"],
                        "stack": grouped(p["stack"]) if tracked else None,
                    }
                    for p in row["players"]
                ],
            }
        )
    return {
        "tables": tables,
        "moves": [_move(move, where) for move in room["moves"]],
        # by table and seat, as the tables' cards list them
        "drawn": [
            _move(move, where)
            for move in sorted(room["last_moves"], key=lambda m: (m["to_table"], m["to_seat"] or 0))
        ],
        "drawn_groups": drawn_groups(room["last_moves"]),
        "seats": [
            {
                "name": row["name"],
                "table": row["table"],
                "seat": row["seat"],
                "text": _("table {table}, seat {seat}").format(
                    table=row["table"], seat=row["seat"]
                ),
                "key": search_key(row["name"]),
            }
            for row in room["seats"]
        ],
    }


def drawn_groups(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats the last bust drew, as a player looks for his own: one group a table broken
    (or the final table), its title and its rule, then each player by name with his new
    table and seat (`key`: his name folded, as the seat list's)."""
    groups: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for move in moves:
        source = 0 if move["why"] == "final" else move["from_table"]
        groups.setdefault((move["why"], source), []).append(move)
    shown = []
    for (why, source), made in sorted(groups.items(), key=lambda item: item[0][1]):
        title = (
            _("Final table: everyone's seat")
            if why == "final"
            else _("Table {source} broken: its players' new seats").format(source=source)
        )
        players = sorted(made, key=lambda m: (search_key(m["player"]), m["player"]))
        shown.append(
            {
                "why": why,
                "title": title,
                "rule": rule_text(made[0]["rule"]),
                "seats": [
                    {
                        "name": m["player"],
                        "text": _("table {table}, seat {seat}").format(
                            table=m["to_table"], seat=m["to_seat"]
                        ),
                        "key": search_key(m["player"]),
                    }
                    for m in players
                ],
            }
        )
    return shown


def _move(move: dict[str, Any], where: dict[str, tuple[int, int]]) -> dict[str, str]:
    """One move as a sentence, with its rule."""
    player, source, table = move["player"], move["from_table"], move["to_table"]
    seat = move["to_seat"]
    if move["why"] == "balance":
        if player is None or seat is None:
            text = _(
                "Table {source} gives a player to table {table}: the one who would be big "
                "blind next moves to the seat that would be big blind next there (never the "
                "small blind)"
            ).format(source=source, table=table)
        else:
            at = where.get(player, (source, 0))[1]
            text = _(
                "Table {source} gives a player to table {table}: {player} (seat {at}, big "
                "blind next) moves to table {table}, seat {seat}"
            ).format(source=source, table=table, player=player, at=at, seat=seat)
    elif move["why"] == "break":
        text = _("Table {source} broken: {player} goes to table {table}, seat {seat}").format(
            source=source, player=player, table=table, seat=seat
        )
    else:
        text = _("Final table: {player} (from table {source}) takes seat {seat}").format(
            player=player, source=source, seat=seat
        )
    return {"why": move["why"], "text": text, "rule": rule_text(move["rule"])}


def room_link_html() -> str:
    """A link at the top of the page to the seat search (shown in a room only): on a phone
    the room comes after the clock."""
    return f'<a id="find-link" href="#room" hidden>{escape(_("Find your seat"))}</a>'


def room_html() -> str:
    """The room's part of the page, empty until the script fills it (hidden for a
    tournament of one table)."""
    e = {
        key: escape(value)
        for key, value in {
            "find": _("Find your seat"),
            "search": _("Your name"),
            "nobody": _("No player of that name"),
            "moves": _("Moves to make"),
            "drawn": _("Seats just drawn"),
            "tables": _("Tables"),
        }.items()
    }
    return f"""<section id="room" class="room" hidden>
<div class="find"><h2><label for="seat-search">{e["find"]}</label></h2>
<input id="seat-search" type="search" autocomplete="off" spellcheck="false"
 placeholder="{e["search"]}">
<ul id="seat-list" class="seat-list"></ul>
<p id="seat-none" hidden>{e["nobody"]}</p></div>
<div id="moves-box"><h2>{e["moves"]}</h2><ul id="moves" class="moves"></ul></div>
<div id="drawn-box"><h2>{e["drawn"]}</h2><div id="drawn" class="drawn"></div></div>
<h2>{e["tables"]}</h2><div id="tables" class="tables"></div>
</section>"""


ROOM_STYLE = """
.room { margin-top: 1rem; font-size: clamp(1rem, 4vw, 1.4rem); }
.find input { font: inherit; width: 100%; max-width: 30rem; padding: 0.4rem 0.6rem;
  border-radius: 0.4rem; border: 1px solid #4a6078; background: #1b2633; color: #f2f2f2; }
.seat-list { list-style: none; padding: 0; margin: 0.5rem 0 0; max-height: 22rem;
  overflow-y: auto; display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 17rem), 1fr)); gap: 0.1rem 1rem; }
.seat-list span { white-space: nowrap; }
.seat-list b { color: #ffd166; }
.moves { list-style: none; padding: 0; }
.moves li { background: #3a2a12; border-left: 0.3rem solid #ffd166; padding: 0.3rem 0.6rem;
  margin: 0.3rem 0; border-radius: 0.3rem; }
.moves small { display: block; color: #c8b48a; }
.drawn section { background: #3a2a12; border-left: 0.3rem solid #ffd166; padding: 0.3rem 0.6rem;
  margin: 0.3rem 0; border-radius: 0.3rem; }
.drawn h3 { margin: 0; font-size: 1em; }
.drawn small { display: block; color: #c8b48a; }
.drawn .seat-list { max-height: none; }
.tables { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
  gap: 0.5rem; }
.tables article { background: #1b2633; border-radius: 0.4rem; padding: 0.4rem 0.6rem;
  min-width: 0; }
.tables h3 { margin: 0 0 0.2rem; font-size: 1.05em; color: #ffd166; display: flex;
  justify-content: space-between; gap: 0.5rem; }
.tables h3 span { color: #9fb3c8; font-weight: 400; }
.tables ol { list-style: none; padding: 0; margin: 0; font-size: 0.9em; }
.tables li { display: flex; gap: 0.4rem; }
.tables li .seat { color: #9fb3c8; min-width: 1.4em; text-align: right; }
.tables li .stack { margin-left: auto; font-variant-numeric: tabular-nums; white-space: nowrap; }
@media (min-width: 1000px) {
  .room { font-size: clamp(1rem, 1.1vw, 1.5rem); }
}
"""

# Filled from `data.room` at every fetch; the search is kept across fetches. The name
# typed is folded as `search_key` folds the names (case and accents left out).
ROOM_SCRIPT = r"""
(function () {
  "use strict";
  function $(id) { return document.getElementById(id); }
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  }
  function item(parent, tag, text, cls) {
    var node = document.createElement(tag);
    if (text !== undefined) { node.textContent = text; }
    if (cls) { node.className = cls; }
    parent.appendChild(node);
    return node;
  }
  function moves(id, rows) {
    var box = $(id);
    box.textContent = "";
    rows.forEach(function (row) {
      var li = item(box, "li", row.text);
      item(li, "small", row.rule);
    });
    $(id + "-box").hidden = rows.length === 0;
  }
  function drawn(groups) {
    var box = $("drawn");
    box.textContent = "";
    groups.forEach(function (group) {
      var part = item(box, "section");
      item(part, "h3", group.title);
      item(part, "small", group.rule);
      var list = item(part, "ul", undefined, "seat-list");
      group.seats.forEach(function (row) {
        var li = item(list, "li");
        item(li, "b", row.name);
        li.appendChild(document.createTextNode(" · "));
        item(li, "span", row.text);
      });
    });
    $("drawn-box").hidden = groups.length === 0;
  }
  function filter() {
    var typed = fold($("seat-search").value.trim()), shown = 0;
    Array.prototype.forEach.call($("seat-list").children, function (li) {
      var match = typed === "" || li.dataset.key.indexOf(typed) !== -1;
      li.hidden = !match;
      if (match) { shown++; }
    });
    $("seat-none").hidden = shown > 0;
  }
  function fill(room) {
    $("room").hidden = !room;
    $("find-link").hidden = !room;
    if (!room) { return; }
    var list = $("seat-list");
    list.textContent = "";
    room.seats.forEach(function (row) {
      var li = item(list, "li");
      li.dataset.key = row.key;
      item(li, "b", row.name);
      li.appendChild(document.createTextNode(" · "));
      item(li, "span", row.text);
    });
    moves("moves", room.moves);
    drawn(room.drawn_groups);
    var tables = $("tables");
    tables.textContent = "";
    room.tables.forEach(function (table) {
      var card = item(tables, "article");
      card.id = "table-" + table.table;
      var title = item(card, "h3", table.title);
      item(title, "span", table.count);
      var seats = item(card, "ol");
      table.players.forEach(function (p) {
        var li = item(seats, "li");
        item(li, "span", String(p.seat), "seat");
        item(li, "span", p.name, "name");
        if (p.stack !== null) { item(li, "span", p.stack, "stack"); }
      });
    });
    filter();
    // when the room was first drawn, in ms from the page's request (the benchmark reads it)
    if (!window.marquoirRoomDrawn) { window.marquoirRoomDrawn = performance.now(); }
  }
  $("seat-search").addEventListener("input", filter);
  window.marquoirRoom = fill;
})();
"""
