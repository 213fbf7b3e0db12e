"""Tournament commands: the session's structure from the options of `new`, the levels.

Imported only by the tournament's commands: a cash game's table verbs never load it.
"""

from __future__ import annotations

from decimal import Decimal

from ..domain import IllegalAction, UsageError
from ..domain.events import AddedOn, Chopped, Rebought, Resumed
from ..domain.i18n import (
    _,
    chop_method,
    follow_session,
    grouped,
    money,
    money_item,
    ngettext,
    number,
)
from ..domain.table import Table
from ..domain.tournament.levels import parse_breaks
from ..domain.tournament.session import TournamentSettings
from ..storage.db import READ, WRITE
from ..storage.ledger import Ledger, Outcome
from ..storage.paths import database_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..app.tournament import TournamentClock


def ledger(db: str | None, mode: str = WRITE) -> Ledger:
    """The database, opened to read or write."""
    return Ledger(database_path(db), mode=mode)


def execute(db: str | None, command: Any) -> Outcome:
    """Check and record one command on the current session (refused in its language)."""

    def speaking(table: Table) -> Any:
        follow_session(table.settings.lang)
        return command(table)

    with ledger(db) as book:
        outcome: Outcome = book.execute(speaking)
    return outcome


def structure_lines(settings: TournamentSettings, currency: str) -> list[str]:
    """What `new --tournament` recorded, said back: buy-in and fee, stack, levels, rebuys,
    add-on, bounty."""
    fee = Decimal(settings.fee)
    buy_in = (
        money(settings.buy_in, currency)
        if Decimal(settings.buy_in)
        else _("0 (a freeroll: places and league points)")
    )
    lines = [
        _("buy-in {buy_in}{fee}, starting stack {stack} chips").format(
            buy_in=buy_in,
            fee=_(" + fee {fee}").format(fee=money(settings.fee, currency)) if fee else "",
            stack=grouped(settings.stack),
        )
    ]
    count = len(settings.level_list())
    if settings.level_minutes is not None:
        length = _("{minutes} min a level").format(minutes=settings.level_minutes)
    elif settings.level_hands is not None:
        length = _("{hands} hands a level").format(hands=settings.level_hands)
    else:
        length = _("moved by hand (`level next`)")
    breaks = ""
    if settings.breaks:
        every, minutes = parse_breaks(settings.breaks).every, parse_breaks(settings.breaks).minutes
        breaks = ngettext(
            ", a {minutes}-minute break after every level",
            ", a {minutes}-minute break every {every} levels",
            every,
        ).format(minutes=minutes, every=every)
    lines.append(
        ngettext(
            "{count} level, {length}{breaks}", "{count} levels, {length}{breaks}", count
        ).format(count=count, length=length, breaks=breaks)
    )
    if settings.rebuys:
        lines.append(
            ngettext(
                "{rebuys} rebuy an entry until level {until}, {price}",
                "{rebuys} rebuys an entry until level {until}, {price} each",
                settings.rebuys,
            ).format(
                rebuys=settings.rebuys,
                until=settings.rebuy_until,
                price=money(f"{settings.money('rebuy_price')}", currency),
            )
        )
    if settings.add_on:
        lines.append(
            _("add-on {chips} chips for {price}").format(
                chips=grouped(settings.add_on),
                price=money(f"{settings.money('add_on_price')}", currency),
            )
        )
    if settings.tables:
        lines.append(
            _(
                "{tables} tables of {seats} seats, final table of {final}: seats drawn at "
                "random (seed {seed})"
            ).format(
                tables=settings.tables,
                seats=settings.seats,
                final=settings.final_table or settings.seats,
                seed=settings.seed,
            )
        )
    if Decimal(settings.bounty):
        kind = _("progressive bounty") if settings.progressive else _("bounty")
        lines.append(
            _("{kind} {bounty} on each head").format(
                kind=kind, bounty=money(settings.bounty, currency)
            )
        )
    return lines


def level_line(table: Table) -> str:
    """ "level 3: 75/150" and, when levels go by time, its length."""
    tournament = table.settings.tournament
    assert tournament is not None
    count = len(tournament.level_list())
    return _("level {level} of {count}: {stakes}").format(
        level=table.director.level, count=count, stakes=table.config.stakes()
    )


def level(db: str | None, where: str) -> None:
    """`level next|prev|N`, counted from the clock: the level of the next deals (a clock
    move starts it now)."""
    from ..app.tournament import target_level

    def events(book: Ledger, table: Table) -> Any:
        follow_session(table.settings.lang)
        yield table.director.level_event(target_level(book, table, where))

    with ledger(db) as book:
        table, _count = book.execute_all(lambda table: events(book, table))
    print(_("from the next deal: {value}").format(value=level_line(table)))


def show_level(db: str | None) -> None:
    """`level` alone: the level now in force."""
    with ledger(db, READ) as book:
        _session, table = book.read()
        follow_session(table.settings.lang)
    if table.settings.tournament is None:
        raise IllegalAction(_("levels are for tournaments: this session is a cash game"))
    print(level_line(table))


def rebuy(db: str | None, player: str) -> None:
    """`rebuy PLAYER`: more chips for the same entry."""
    outcome = execute(db, lambda table: table.director.rebuy_event(player))
    table, event = outcome.table, outcome.event
    assert isinstance(event, Rebought)
    name = event.player
    assert table.director.state is not None and table.settings.tournament is not None
    entry = table.director.state.entry_of(name)
    print(
        _("{player} rebuys {chips}: stack {stack} (rebuy {rebuy} of {rebuys})").format(
            player=entry.label,
            chips=number(event.chips),
            stack=number(table.accounts[name].stack),
            rebuy=entry.rebuys,
            rebuys=table.settings.tournament.rebuys,
        )
    )


def addon(db: str | None, player: str) -> None:
    """`addon PLAYER`: the add-on."""
    outcome = execute(db, lambda table: table.director.addon_event(player))
    event = outcome.event
    assert isinstance(event, AddedOn)
    stack = outcome.table.accounts[event.player].stack
    print(
        _("{player} takes the add-on of {chips}: stack {stack}").format(
            player=event.player, chips=number(event.chips), stack=number(stack)
        )
    )


def reenter(db: str | None, player: str) -> None:
    """`reenter PLAYER`: a new entry for a busted player."""
    outcome = execute(db, lambda table: table.director.reenter_event(player))
    table = outcome.table
    name = getattr(outcome.event, "player")  # noqa: B009 (a player event)
    assert table.director.state is not None
    entry = table.director.state.entry_of(name)
    print(
        _("{label} re-enters with {stack} chips (a new entry)").format(
            label=entry.label, stack=number(table.accounts[name].stack)
        )
    )
    if table.room.active:
        from ..app.room import drawn_text

        print(drawn_text(entry.label, table.accounts[name].seat))


def places_dict(session: str, table: Table) -> dict[str, Any]:
    """`places --json`: every entry's place, prize and bounties, and the prize pool."""
    from ..reports.tournament import places_data

    settings, state = table.settings.tournament, table.director.state
    if settings is None or state is None:
        raise IllegalAction(_("places are for tournaments: this session is a cash game"))
    data = {"version": 1, "session": session, **places_data(settings, state)}
    if table.room.active:
        # several tables: where each entry still playing sits
        for row in data["places"]:
            where = table.room.where(row["player"]) if row["place"] is None else None
            if where is not None and state.entry_of(row["player"]).label == row["name"]:
                row["table"], row["seat"] = where
    return data


def places(db: str | None, *, json_output: bool) -> None:
    """`places [--json]`: the places so far, with prizes and bounties."""
    import json

    with ledger(db, READ) as book:
        session, table = book.read()
        follow_session(table.settings.lang)
    data = places_dict(session.name, table)
    currency = table.settings.currency
    if json_output:
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    from ..domain.tournament.state import field_text

    assert table.director.state is not None  # (places_dict refused a cash game)
    print(
        _("tournament {name}: {field}, prize pool {prize_pool}").format(
            name=session.name,
            field=field_text(table.director.state),
            prize_pool=money(data["prize_pool"], currency),
        )
    )
    from ..reports.tournament import payouts_line

    print(payouts_line(data["payouts"], currency))
    if Decimal(data["remainder"]):
        print(
            _("(the rounding remainder, {remainder}, went to first place)").format(
                remainder=money_item(data["remainder"], currency)
            )
        )
    for row in data["places"]:
        over = table.director.state is not None and table.director.state.over()
        waiting = _("deal") if over else _("playing")
        place = waiting if row["place"] is None else f"{row['place']}."
        if row["shared"] > 1:
            place += _(" (shared by {shared})").format(shared=row["shared"])
        bounties = _(", bounties {bounties}").format(bounties=money_item(row["bounties"], currency))
        extra = bounties if Decimal(row["bounties"]) else ""
        prize = _("prize {prize}").format(prize=money_item(row["prize"], currency))
        if row["knocked_out_by"]:
            extra += _(", out by {players}").format(players=", ".join(row["knocked_out_by"]))
        if Decimal(row["head"]) and row["place"] is None:
            extra += _(", bounty on the head {head}").format(head=money_item(row["head"], currency))
        if "table" in row:  # several tables: where he sits
            extra += _(", at table {table}, seat {seat}").format(
                table=row["table"], seat=row["seat"]
            )
        print(f"{place:<8} {row['name']:<12} {prize}{extra}")


def chop(
    db: str | None, method: str, keep: str, *, json_output: bool, amounts: list[str] | None = None
) -> None:
    """`chop --icm|--chips|--even|--custom NAME=AMOUNT... [--keep X]`: the deal between the
    players left."""
    custom = None
    if method == "custom":
        from ..domain.tournament.state import parse_custom

        custom = parse_custom(amounts or [])  # (a usage error before the database is opened)
    outcome = execute(db, lambda table: table.director.chop_event(method, keep, custom))
    event = outcome.event
    assert isinstance(event, Chopped)
    currency = outcome.table.settings.currency
    if json_output:
        import json

        data = {
            "version": 1,
            "session": outcome.session.name,
            "method": event.method,
            "kept": event.keep,
            "shares": [{"name": label, "amount": amount} for label, amount in event.shares],
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    shares = ", ".join(f"{label} {money_item(cash, currency)}" for label, cash in event.shares)
    # English names the currency once, after the shares; French gives each share its €
    print(
        _("deal ({method}): {shares} {currency}").format(
            method=chop_method(event.method), shares=shares, currency=currency
        )
    )
    if Decimal(event.keep):
        print(
            _("{keep} stay to play for: the game goes on").format(keep=money(event.keep, currency))
        )
    else:
        print(_("the tournament ends with the deal"))


def _minutes(seconds: float) -> str:
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def clock_dict(clock: TournamentClock) -> dict[str, Any]:
    """The clock as JSON: whole seconds (rounded down), epoch seconds for `ends_at`."""

    def whole(value: float | None) -> int | None:
        return None if value is None else int(value)

    return {
        "level": clock.level,
        "blinds": clock.blinds,
        "on_break": clock.on_break,
        "seconds_left": whole(clock.seconds_left),
        "ends_at": whole(clock.ends_at),
        "paused": clock.paused,
        "started": clock.started,
        "over": clock.over,
        "next_level": clock.next_level,
        "seconds_to_break": whole(clock.seconds_to_break),
    }


def clock_line(clock: TournamentClock | None, table: Table) -> str:
    """ "level 2: 12:34 left, next 100/200" or why the clock does not run."""
    settings = table.settings.tournament
    assert settings is not None
    if clock is None:
        every = settings.level_hands
        return (
            _("levels go by hands ({every} a level)").format(every=every)
            if every
            else _("no clock: levels by hand")
        )
    if not clock.started:
        return _("the clock starts with the first deal")
    if clock.over:
        return _("the tournament is over: the clock stopped")
    stopped = _(" (the clock is stopped)") if clock.paused else ""
    if clock.on_break:
        left = _minutes(clock.seconds_left or 0)
        return _("break: {left} left, then level {level}{stopped}").format(
            left=left, level=clock.level, stopped=stopped
        )
    if clock.seconds_left is None:
        return _("level {level}, the last: it lasts until the end{stopped}").format(
            level=clock.level, stopped=stopped
        )
    return _("level {level}: {left} left, next {upcoming}{stopped}").format(
        level=clock.level,
        left=_minutes(clock.seconds_left),
        upcoming=clock.next_blinds,
        stopped=stopped,
    )


def status_clock(db: str | None, *, json_output: bool) -> None:
    """`status --clock`: the table and the tournament's clock (the JSON gains `clock`)."""
    import json

    from ..app.tournament import tournament_clock
    from . import render

    with ledger(db, READ) as book:
        session, table = book.read()
        follow_session(table.settings.lang)
        if table.settings.tournament is None:
            raise IllegalAction(_("the clock is for tournaments: this session is a cash game"))
        clock = tournament_clock(book, session, table)
    if json_output:
        data = render.status_dict(session.name, table)
        data["clock"] = None
        if clock is not None:
            data["clock"] = clock_dict(clock)
            # the clock's four at the top too, as `status --clock --json` promises
            for key in ("level", "seconds_left", "on_break", "paused"):
                data[key] = data["clock"][key]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    print(render.status_text(session.name, table))
    print(clock_line(clock, table))


def _clock_command(db: str | None, command: Any) -> Table:
    """A clock command after the events that bring the table to its clock (a break over)."""
    from ..app.tournament import catch_up

    def events(book: Ledger, table: Table) -> Any:
        follow_session(table.settings.lang)
        yield from catch_up(book, table, dealing=False)
        yield command(table)

    with ledger(db) as book:
        table, _count = book.execute_all(lambda table: events(book, table))
    return table


def pause(db: str | None) -> None:
    """`pause`: stop the clock."""
    _clock_command(db, lambda table: table.director.pause_event())
    print(_("the clock is stopped: `resume` starts it again"))


def start_break(db: str | None, minutes: int | None) -> None:
    """`break [MINUTES]`: a break starts now (the schedule's length, or 10 minutes); the
    level's time stands still until it ends."""
    from ..app.tournament import break_minutes

    length: list[int] = []

    def command(table: Table) -> Any:
        length.append(break_minutes(table, minutes))
        return table.director.pause_event(length[0])

    _clock_command(db, command)
    print(
        _("a break of {minutes} min starts now: the level goes on after it").format(
            minutes=length[0]
        )
    )


def resume(db: str | None) -> None:
    """`resume`: start the clock again."""
    starts: list[int] = []  # (the level it starts at, when it had not started)

    def command(table: Table) -> Resumed:
        if not table.director.clock_started():
            starts.append(table.director.level)
        return table.director.resume_event()

    execute(db, command)
    if starts:
        print(_("the clock starts at level {level}").format(level=starts[0]))
    else:
        print(_("the clock runs again"))


def stack_make_up(db: str | None) -> None:
    """`chips`: how many chips of each denomination make up the starting stack."""
    from ..domain.tournament.chips import parse_denominations, starting_stack

    with ledger(db, READ) as book:
        _session, table = book.read()
        follow_session(table.settings.lang)
    settings = table.settings.tournament
    if settings is None:
        raise IllegalAction(_("the chips of a starting stack are for tournaments"))
    if not settings.chips:
        raise IllegalAction(_("this tournament has no chip set: `new ... --chips 25,100,500,1000`"))
    first = settings.level(1)
    counts = starting_stack(
        settings.stack, parse_denominations(settings.chips), big_blind=first.big_blind
    )
    made = ", ".join(f"{count} x {chip}" for chip, count in sorted(counts.items()) if count)
    print(_("a starting stack of {stack}: {made}").format(stack=grouped(settings.stack), made=made))


def parse_odd_chips(words: list[str]) -> tuple[tuple[str, int], ...]:
    """`alice=3 bob=1` (or `alice=3,bob=1`) -> (("alice", 3), ("bob", 1)) (`UsageError`
    for anything else)."""
    pairs = []
    for word in (part for text in words for part in text.split(",") if part):
        name, equals, count = word.partition("=")
        if not equals or not name or not count.isdigit() or not count.isascii():
            raise UsageError(
                _("odd chips are NAME=COUNT, a whole number of chips (got {word!r})").format(
                    word=word
                )
            )
        pairs.append((name, int(count)))
    return tuple(pairs)


def race(
    db: str | None,
    removed: int,
    odd: list[str],
    *,
    draw: str | None,
    seed: int | None,
    json_output: bool,
) -> None:
    """`race REMOVED NAME=COUNT... [--draw a,b,c | --seed N]`: the chip race, recorded."""
    from ..domain.events import Raced

    pairs = parse_odd_chips(odd)
    order = None
    if draw is not None:
        if seed is not None:
            raise UsageError(_("give the order of the draw (--draw) or a seed (--seed), not both"))
        order = tuple(name for name in draw.split(",") if name)
    elif seed is None:
        import secrets

        seed = secrets.randbelow(2**31)  # recorded with the race: the replay deals the same
    outcome = execute(
        db, lambda table: table.director.race_event(removed, pairs, draw=order, seed=seed)
    )
    event = outcome.event
    assert isinstance(event, Raced)
    stacks = {name: outcome.table.accounts[name].stack for name, _count in event.odd}
    from ..domain.tournament.chips import left_over

    holding = {a.name: a.stack for a in outcome.table.present() if a.stack > 0}
    odd_left = left_over(holding, event.next_chip)
    if json_output:
        import json

        data = {
            "version": 1,
            "session": outcome.session.name,
            "removed": event.removed,
            "next_chip": event.next_chip,
            "odd": dict(event.odd),
            "chips_raced": len(event.won),
            "draw": list(event.draw),
            "seed": event.seed,
            "cards": dict(event.cards),
            "won": list(event.won),
            "protected": list(event.protected),
            "stacks": stacks,
            "left_over": odd_left,
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return
    for line in race_lines(event, stacks):
        print(line)
    if odd_left:
        # a race leaves only whole chips of the next denomination: a stack that is not
        # made of them still holds removed chips (a player left out, or a miscount)
        print(
            _(
                "still not whole {chip}s: {players} (left out of the race, or a count to "
                "correct: `count`)"
            ).format(
                chip=event.next_chip,
                players=", ".join(f"{name} {grouped(holding[name])}" for name in odd_left),
            )
        )


def race_lines(event: Any, stacks: dict[str, int]) -> list[str]:
    """The race in words: what was raced, the cards, who got a chip, the new stacks."""
    value = sum(count for _name, count in event.odd) * event.removed
    lines = [
        _(
            "chip race of the {removed} chips: {value} in odd chips make {count} x {chip} "
            "(half a chip or more makes one)"
        ).format(
            removed=event.removed,
            value=grouped(value),
            count=len(event.won),
            chip=event.next_chip,
        )
    ]
    if event.cards:
        cards = ", ".join(f"{name} {cards}" for name, cards in event.cards)
        lines.append(_("cards: {cards}").format(cards=cards))
    lines.append(_("draw, highest card first: {players}").format(players=", ".join(event.draw)))
    for name, count in event.odd:
        if name in event.won:
            line = _("{name} ({count} x {removed}) wins a {chip}: stack {stack}")
        elif name in event.protected:
            line = _(
                "{name} ({count} x {removed}) is given a {chip}, never raced out: stack {stack}"
            )
        else:
            line = _("{name} ({count} x {removed}) gets nothing: stack {stack}")
        lines.append(
            line.format(
                name=name,
                count=count,
                removed=event.removed,
                chip=event.next_chip,
                stack=grouped(stacks[name]),
            )
        )
    return lines
