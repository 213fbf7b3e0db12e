"""The tournament's screen: what the room and every phone see during a tournament.

Two parts: `screen_data` reads the table and the clock into a JSON document (the page's
data, fetched again every few seconds), and `screen_html` writes the page itself, which
counts the seconds in the browser from that document.

The count never drifts: the document gives the server's time (`now`) and the length of
each part of the schedule still to come (`segments`: the level or break in play with its
seconds left, then the following levels and breaks at their full length). The page takes
the difference between the server's clock and its own once, then places every segment's
end on the server's clock; a paused clock is frozen (its seconds left shown as they are).
"""

from __future__ import annotations

import json
from decimal import Decimal
from html import escape
from typing import Any

from ..domain.i18n import _, grouped, language, money, ngettext
from ..domain.table import Table
from ..domain.tournament.levels import Breaks, ClockState, parse_breaks
from ..domain.tournament.places import progressive_bounties
from ..domain.tournament.session import TournamentSettings
from ..domain.tournament.state import TournamentState, payout_table, prize_pool, standings

VERSION = 1
UPCOMING = 8  # segments sent ahead: enough for the page to cross levels between fetches
LAST_ELIMINATIONS = 8
RELOAD_SECONDS = 5


def level_text(settings: TournamentSettings, number: int) -> str:
    """A level's blinds and ante in words: `100/200`, `100/200 ante 25`."""
    level = settings.level(number)
    blinds = stakes_text(settings, number)
    if not level.ante:
        return blinds
    if level.big_blind_ante:
        return _("{blinds} big blind ante {ante}").format(blinds=blinds, ante=grouped(level.ante))
    return _("{blinds} ante {ante}").format(blinds=blinds, ante=grouped(level.ante))


def stakes_text(settings: TournamentSettings, number: int) -> str:
    """A level's blinds alone: `100/200` (`1,000/2,000`; in French `1 000/2 000`)."""
    level = settings.level(number)
    return f"{grouped(level.small_blind)}/{grouped(level.big_blind)}"


def ante_text(settings: TournamentSettings, number: int) -> str:
    """A level's ante alone (empty without one): `ante 25`, `big blind ante 400`."""
    level = settings.level(number)
    if not level.ante:
        return ""
    if level.big_blind_ante:
        return _("big blind ante {ante}").format(ante=grouped(level.ante))
    return _("ante {ante}").format(ante=grouped(level.ante))


def segments(
    settings: TournamentSettings, clock: ClockState | None, level_now: int
) -> list[dict[str, Any]]:
    """The level or break in play, then what follows, each with its length in seconds
    (`seconds`: what is left of the first; None: the last level, which lasts to the end).

    No clock (levels by hands, or moved by the director): the level in play and the next
    one, neither with a length. Before the first deal: the schedule from the level in play at
    its full length (the page shows it, not counting)."""
    count = len(settings.level_list())
    if clock is None:
        following = [level_now + 1] if level_now < count else []
        return [_segment(settings, "level", level, None) for level in [level_now, *following]]
    minutes = settings.level_minutes or 0
    if not clock.started:
        full = None if level_now >= count else minutes * 60.0
        clock = ClockState(level_now, False, full, None, True, False)
    breaks = parse_breaks(settings.breaks) if settings.breaks else None
    kind = "break" if clock.on_break else "level"
    found = [_segment(settings, kind, clock.level, clock.seconds_left)]
    level = clock.level
    while len(found) < UPCOMING and found[-1]["seconds"] is not None:
        kind, level = _following(kind, level, breaks)
        if kind == "break":
            assert breaks is not None
            found.append(_segment(settings, kind, level, breaks.minutes * 60))
        else:
            length = None if level >= count else minutes * 60
            found.append(_segment(settings, kind, level, length))
    return found


def _following(kind: str, level: int, breaks: Breaks | None) -> tuple[str, int]:
    """What comes after a segment: a break's level follows it; after a level, its break
    (a break carries the number of the level that follows it), or the next level."""
    if kind == "break":
        return "level", level
    if breaks is not None and breaks.after(level):
        return "break", level + 1
    return "level", level + 1


def _segment(
    settings: TournamentSettings, kind: str, level: int, seconds: float | None
) -> dict[str, Any]:
    return {
        "kind": kind,
        "level": level,
        "blinds": level_text(settings, level),
        "stakes": stakes_text(settings, level),
        "ante": ante_text(settings, level),
        "seconds": None if seconds is None else round(seconds, 3),
    }


def heads(
    settings: TournamentSettings, state: TournamentState, currency: str
) -> list[dict[str, str]]:
    """The bounty on each head still in play (progressive: grown by the heads taken)."""
    bounty = Decimal(settings.bounty)
    if not bounty:
        return []
    alive = [e.label for e in state.entries if not e.busted]
    if settings.progressive:
        labels = [e.label for e in state.entries]
        unit = Decimal(settings.payout_unit)
        on_head = progressive_bounties(labels, bounty, state.knockouts(), unit=unit).heads
    else:
        on_head = dict.fromkeys(alive, bounty)
    return [
        {"name": label, "bounty": money(f"{on_head[label]:f}", currency)}
        for label in sorted(alive, key=lambda label: (-on_head[label], label))
    ]


def eliminations(settings: TournamentSettings, state: TournamentState) -> list[dict[str, Any]]:
    """The last entries out, the latest first: place, name, hand, and who busted them."""
    by = {e.label: sorted(e.eliminators) for e in state.entries}
    out = [row for row in standings(settings, state) if row.out_hand is not None and row.place]
    out.sort(key=lambda row: (-(row.out_hand or 0), row.place or 0))
    return [
        {"place": row.place, "name": row.entry, "hand": row.out_hand, "by": by[row.entry]}
        for row in out[:LAST_ELIMINATIONS]
    ]


def screen_data(
    name: str,
    table: Table,
    clock: ClockState | None,
    *,
    now: float,
    room: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The page's data at `now` (seconds since the epoch, the server's clock): the clock's
    segments, the field, the money and the last eliminations, and, for a tournament of
    several tables, its `room` (`app.room.room_data`, as `room_screen.room_view` shows it;
    null otherwise), values written in the session's language."""
    from .room_screen import room_view

    settings, state = table.settings.tournament, table.director.state
    assert settings is not None and state is not None
    currency = table.settings.currency
    alive = [a for a in table.present() if a.stack > 0]
    chips = sum(a.stack for a in alive)
    average = chips // len(alive) if alive else 0
    level_now = clock.level if clock is not None and clock.started else table.director.level
    big_blind = settings.level(level_now).big_blind
    paid = payout_table(settings, state).amounts if state.entries else ()
    pool = prize_pool(settings, state)
    next_break = _seconds_to_break(segments(settings, clock, level_now))
    over = state.over()
    first = [row.entry for row in standings(settings, state) if row.place == 1 and row.shared == 1]
    winner = first[0] if over and first else None
    return {
        "version": VERSION,
        "session": name,
        "now": round(now, 3),
        "lang": language(),
        "levels": len(settings.level_list()),
        # the count stops with the game: after the winner, or a deal that ends it
        "running": clock is not None and clock.started and not clock.paused and not over,
        "paused": clock is not None and clock.paused and clock.started,
        "started": clock is not None and clock.started,
        "by_hands": clock is None and bool(settings.level_hands),
        # no clock and no count of hands: the director moves the levels (`level next`)
        "by_director": clock is None and not settings.level_hands,
        "segments": segments(settings, clock, level_now),
        "seconds_to_break": next_break,
        "players_left": len(alive),
        "entries": len(state.entries),
        "rebuys": state.rebuys,
        "add_ons": state.add_ons,
        "average_stack": grouped(average),
        "average_big_blinds": decimal_text(Decimal(average) / (big_blind or 1)),
        "prize_pool": money(f"{pool:f}", currency),
        "payouts": [money(f"{amount:f}", currency) for amount in paid],
        "heads": heads(settings, state, currency),
        "eliminations": eliminations(settings, state),
        "over": over,
        "winner": winner,
        "room": None if room is None else room_view(room),
    }


def decimal_text(value: Decimal) -> str:
    """A number to a tenth: `26.7`, in French `26,7`."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if language() == "fr" else text


def _seconds_to_break(parts: list[dict[str, Any]]) -> float | None:
    """Seconds until the next break starts (0 during one; None: no break ahead)."""
    total = 0.0
    for part in parts:
        if part["kind"] == "break":
            return total
        if part["seconds"] is None:
            return None
        total += part["seconds"]
    return None


def words() -> dict[str, str]:
    """What the page's script writes itself, in the session's language."""
    return {
        "level": _("Level {level}"),
        "break": _("Break"),
        "left": _("left"),
        "paused": _("The clock is stopped"),
        "not_started": _("The clock starts with the first deal"),
        "by_hands": _("Levels go by hands"),
        "by_director": _("The director moves the levels (level next)"),
        "last": _("Last level"),
        "none": _("none"),
        "level_alert": _("Level {level}: {blinds}"),
        "break_alert": _("Break: {minutes} min"),
        "minute_alert": _("One minute left. Next: {next}"),
        "by": _("by {names}"),
        "hand": _("hand {hand}"),
        "over": _("The tournament is over"),
        "winner": _("{player} wins the tournament"),
        "sound_on": _("Sound: on"),
        "sound_off": _("Sound: off"),
    }


def screen_html(name: str, data: dict[str, Any]) -> str:
    """The page: its labels in the session's language, the data of its first draw inside
    (no wait for a fetch), and the script that counts and fetches again."""
    from .room_screen import ROOM_SCRIPT, ROOM_STYLE, room_html, room_link_html

    title = _("{name} - tournament").format(name=name)
    labels = {
        "next": _("Next level"),
        "next_break": _("Next break in"),
        "players": _("Players left"),
        "entries": _("Entries"),
        "rebuys": _("Rebuys"),
        "add_ons": _("Add-ons"),
        "average": _("Average stack"),
        "pool": _("Prize pool"),
        "payouts": _("Payouts"),
        "heads": _("Bounty on each head"),
        "out": _("Last eliminations"),
        "fullscreen": _("Fullscreen"),
        "sessions": _("Sessions"),
        "table": _("The table"),
        "chips": ngettext("chip", "chips", 2),
        "bb": _("BB"),
    }
    quoted = urllib_quote(name)
    inline, said = script_text(data), script_text(words())
    e = {key: escape(value) for key, value in labels.items()}
    return f"""<!DOCTYPE html><html lang="{language()}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title><style>{STYLE}{ROOM_STYLE}</style></head><body>
<header><h1>{escape(name)}</h1><nav><a href="/">{e["sessions"]}</a>
<a href="/table/{quoted}">{e["table"]}</a>
{room_link_html()}
<button id="sound" type="button"></button>
<button id="fullscreen" type="button">{e["fullscreen"]}</button></nav></header>
<div id="alert" role="alert" hidden></div>
<main>
<section class="clock">
<div id="level" class="level"></div>
<div id="blinds" class="blinds"></div>
<div id="ante" class="ante"></div>
<div id="time" class="time"></div>
<div id="state" class="state"></div>
<div class="next"><span>{e["next"]}</span> <b id="next"></b></div>
<div class="next"><span>{e["next_break"]}</span> <b id="next-break"></b></div>
</section>
<section class="facts">
<dl>
<div><dt>{e["players"]}</dt><dd><span id="players"></span> / <span id="entries"></span></dd>
</div>
<div><dt>{e["rebuys"]}</dt><dd id="rebuys"></dd></div>
<div><dt>{e["add_ons"]}</dt><dd id="add-ons"></dd></div>
<div><dt>{e["average"]}</dt><dd><span id="average"></span> {e["chips"]}
(<span id="average-bb"></span> {e["bb"]})</dd></div>
<div><dt>{e["pool"]}</dt><dd id="pool"></dd></div>
</dl>
<h2>{e["payouts"]}</h2><ol id="payouts" class="payouts"></ol>
<div id="heads-box"><h2>{e["heads"]}</h2><ul id="heads" class="heads"></ul></div>
<h2>{e["out"]}</h2><ul id="out" class="out"></ul>
</section>
</main>
{room_html()}
<script id="data" type="application/json">{inline}</script>
<script id="words" type="application/json">{said}</script>
<script>{ROOM_SCRIPT}</script>
<script>{SCRIPT.replace("@RELOAD@", str(RELOAD_SECONDS * 1000))}</script>
</body></html>"""


def script_text(value: object) -> str:
    """JSON to put inside a <script> element: every `<` written `\\u003c`, so no text in it
    (a name, a word) can close the element or open a comment."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def urllib_quote(name: str) -> str:
    """A session's name in a link."""
    import urllib.parse

    return urllib.parse.quote(name)


STYLE = """
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; background: #10151c; color: #f2f2f2; }
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; padding: 0.6rem;
  overflow-wrap: anywhere; }
header { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.4rem 1rem; }
h1 { font-size: 1.3rem; margin: 0; }
h2 { font-size: 1rem; margin: 1rem 0 0.3rem; color: #9fb3c8; text-transform: uppercase; }
nav { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
nav a { color: #8cc8ff; }
button { font: inherit; background: #243447; color: #f2f2f2; border: 1px solid #4a6078;
  border-radius: 0.4rem; padding: 0.2rem 0.6rem; }
main { display: grid; grid-template-columns: minmax(0, 1fr); gap: 1rem; }
.clock { text-align: center; min-width: 0; }
.level { font-size: clamp(1.6rem, 8vw, 5rem); font-weight: 700; color: #ffd166; }
.blinds { font-size: clamp(1.6rem, 10vw, 8rem); font-weight: 800; line-height: 1.1;
  overflow-wrap: normal; }
.blinds.long { font-size: clamp(1.4rem, 7.5vw, 6rem); }
.ante { font-size: clamp(1.1rem, 5vw, 3rem); font-weight: 700; color: #ffd166; }
.time { font-size: clamp(4rem, 26vw, 17rem); font-weight: 800; line-height: 1;
  font-variant-numeric: tabular-nums; }
.time.soon { color: #ff6b6b; }
.state { min-height: 1.5em; font-size: clamp(1rem, 4vw, 2rem); color: #ffb4a2; }
.next { font-size: clamp(1.1rem, 4.5vw, 2.4rem); margin-top: 0.3rem; }
.next span { color: #9fb3c8; }
.facts { min-width: 0; font-size: clamp(1rem, 4vw, 1.6rem); }
dl { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: 0.5rem;
  margin: 0; }
dl div { background: #1b2633; border-radius: 0.4rem; padding: 0.4rem 0.6rem; }
dt { font-size: 0.75em; color: #9fb3c8; }
dd { margin: 0; font-weight: 700; font-size: 1.2em; }
#average, #average-bb, #pool { white-space: nowrap; }
ol, ul { margin: 0; padding-left: 1.6em; }
.payouts { display: flex; flex-wrap: wrap; gap: 0.2rem 1.8rem; list-style-position: inside;
  padding: 0; }
.heads, .out { list-style: none; padding: 0; }
.heads { display: flex; flex-wrap: wrap; gap: 0.1rem 1.4rem; }
#alert { position: fixed; left: 0; right: 0; top: 0; z-index: 10; padding: 1rem;
  background: #ffd166; color: #10151c; text-align: center; font-weight: 800;
  font-size: clamp(1.4rem, 7vw, 5rem); }
@media (min-width: 1000px) {
  main { grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); align-items: start; }
  .time { font-size: clamp(6rem, 15vw, 18rem); }
  .blinds { font-size: clamp(3rem, 6vw, 8rem); }
  .blinds.long { font-size: clamp(2.4rem, 4.5vw, 6rem); }
  .level { font-size: clamp(2rem, 3.5vw, 5rem); }
  .facts { font-size: clamp(1rem, 1.5vw, 1.8rem); }
  dl { grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr)); }
}
"""

# The page's script. `marquoirScreen.now` is the only reading of the browser's clock: a test
# replaces it to move time on without waiting.
SCRIPT = r"""
(function () {
  "use strict";
  var words = JSON.parse(document.getElementById("words").textContent);
  var screen = { now: function () { return Date.now() / 1000; }, alerts: [] };
  window.marquoirScreen = screen;
  var data = null, base = 0, skew = null, shown = null, warned = null, audio = null;
  var sound = localStorage.getItem("marquoir-sound") !== "off";
  function $(id) { return document.getElementById(id); }
  function say(text, values) {
    return text.replace(/\{(\w+)\}/g, function (_, key) { return values[key]; });
  }
  function clock(seconds) {
    var s = Math.max(0, Math.ceil(seconds)), h = Math.floor(s / 3600);
    var m = Math.floor((s % 3600) / 60), r = s % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(r).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }
  function beep(times) {
    if (!sound) { return; }
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      for (var i = 0; i < times; i++) {
        var osc = audio.createOscillator(), gain = audio.createGain();
        var at = audio.currentTime + i * 0.35;
        osc.frequency.value = 880; osc.connect(gain); gain.connect(audio.destination);
        gain.gain.setValueAtTime(0.3, at); gain.gain.exponentialRampToValueAtTime(0.001, at + 0.3);
        osc.start(at); osc.stop(at + 0.3);
      }
    } catch (e) { /* no sound here: the alert still shows */ }
  }
  var hideAt = 0;
  function alert(text, times) {
    screen.alerts.push(text);
    var box = $("alert");
    box.textContent = text; box.hidden = false;
    hideAt = screen.now() + 10;
    beep(times);
  }
  function showSound() { $("sound").textContent = sound ? words.sound_on : words.sound_off; }
  function take(fresh) {
    data = fresh;
    // the gap between the server's clock and the browser's, taken once: every end is then
    // on the server's clock, so nothing builds up from one reading to the next
    if (skew === null) { skew = data.now - screen.now(); }
    base = data.now;
    fill();
  }
  function current() {
    // the segment in play now, and its seconds left
    var parts = data.segments, now = screen.now() + skew;
    if (!data.running) { return [parts[0], parts[0].seconds, 0]; }
    var end = base;
    for (var i = 0; i < parts.length; i++) {
      if (parts[i].seconds === null) { return [parts[i], null, i]; }
      end += parts[i].seconds;
      if (now < end) { return [parts[i], end - now, i]; }
    }
    var last = parts[parts.length - 1];
    return [last, 0, parts.length - 1];
  }
  function named(part) {
    return say(words.level_alert, { level: part.level, blinds: part.blinds });
  }
  function key(part) { return part.kind + part.level; }
  function tick() {
    if (!data) { return; }
    var found = current(), part = found[0], left = found[1], index = found[2];
    var parts = data.segments, following = parts[index + 1];
    if (part.kind === "break") {
      $("level").textContent = words["break"];
      $("blinds").textContent = say(words.level, { level: part.level }) + " · " + part.stakes;
    } else {
      $("level").textContent = say(words.level, { level: part.level }) + " / " + data.levels;
      $("blinds").textContent = part.stakes;
    }
    $("ante").textContent = part.ante;
    $("blinds").classList.toggle("long", $("blinds").textContent.length > 11);
    $("time").textContent = left === null ? "—" : clock(left);
    $("time").classList.toggle("soon", left !== null && left <= 60 && data.running);
    var state = "";
    if (data.over) {
      state = data.winner ? say(words.winner, { player: data.winner }) : words.over;
    }
    else if (data.by_hands) { state = words.by_hands; }
    else if (data.by_director) { state = words.by_director; }
    else if (!data.started) { state = words.not_started; }
    else if (data.paused) { state = words.paused; }
    else if (left === null) { state = words.last; }
    $("state").textContent = state;
    var upcoming = parts.slice(index + 1).filter(function (p) { return p.kind === "level"; })[0];
    $("next").textContent = upcoming ? named(upcoming) : words.none;
    var toBreak = null, sum = left;
    if (part.kind === "break") { toBreak = 0; }
    else if (left !== null) {
      for (var i = index + 1; i < parts.length; i++) {
        if (parts[i].kind === "break") { toBreak = sum; break; }
        if (parts[i].seconds === null) { break; }
        sum += parts[i].seconds;
      }
    }
    $("next-break").textContent = toBreak === null ? words.none : clock(toBreak);
    var k = key(part);
    if (shown === null && left !== null && left <= 60) { warned = k; }  // not at the first draw
    if (shown !== null && k !== shown) {
      if (left !== null && left <= 60) { warned = k; }  // a short level: its start says enough
      if (part.kind === "break") {
        alert(say(words.break_alert, { minutes: Math.round(part.seconds / 60) }), 3);
      }
      else { alert(named(part), 3); }
    }
    shown = k;
    var ending = left !== null && left <= 60 && left > 0;
    if (data.running && part.kind === "level" && following && ending) {
      if (warned !== k) {
        warned = k;
        var nextLevel = upcoming ? named(upcoming) : "";
        if (following.kind === "break") { nextLevel = words["break"]; }
        alert(say(words.minute_alert, { next: nextLevel }), 1);
      }
    } else if (left !== null && left > 60) { warned = null; }
    if (hideAt && screen.now() >= hideAt) { $("alert").hidden = true; hideAt = 0; }
  }
  function fill() {
    $("players").textContent = data.players_left;
    $("entries").textContent = data.entries;
    $("rebuys").textContent = data.rebuys;
    $("add-ons").textContent = data.add_ons;
    $("average").textContent = data.average_stack;
    $("average-bb").textContent = data.average_big_blinds;
    $("pool").textContent = data.prize_pool;
    list("payouts", data.payouts.map(function (amount) { return amount; }));
    $("heads-box").hidden = data.heads.length === 0;
    list("heads", data.heads.map(function (h) { return h.name + " · " + h.bounty; }));
    list("out", data.eliminations.map(function (e) {
      var by = e.by.length ? " (" + say(words.by, { names: e.by.join(", ") }) + ")" : "";
      // (in a room, busts recorded without their hand: the hand count is another table's)
      var hand = data.room ? "" : " · " + say(words.hand, { hand: e.hand });
      return e.place + ". " + e.name + by + hand;
    }));
    if (window.marquoirRoom) { window.marquoirRoom(data.room); }
    tick();
  }
  function list(id, items) {
    var box = $(id);
    box.textContent = "";
    items.forEach(function (text) {
      var item = document.createElement("li"); item.textContent = text; box.appendChild(item);
    });
  }
  function reload() {
    fetch(location.pathname + ".json", { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (fresh) { if (fresh) { take(fresh); } })
      .catch(function () { /* the server is away: keep counting */ });
  }
  $("sound").addEventListener("click", function () {
    sound = !sound;
    localStorage.setItem("marquoir-sound", sound ? "on" : "off");
    showSound();
    if (sound) { beep(1); }
  });
  $("fullscreen").addEventListener("click", function () {
    if (document.fullscreenElement) { document.exitFullscreen(); }
    else if (document.documentElement.requestFullscreen) {
      document.documentElement.requestFullscreen();
    }
  });
  screen.tick = tick;
  screen.reload = reload;
  showSound();
  take(JSON.parse(document.getElementById("data").textContent));
  setInterval(tick, 250);
  setInterval(reload, @RELOAD@);
})();
"""
