"""The club's history over the sessions of one file or of several (`standings`): each
player's results, and the league points of the tournaments, each counted once.

Counted in SQL where it can be (`storage.aggregates`); a table is loaded only for a session
with a hand in play, a settled count that did not balance, or a tournament (its prizes and
points). A session is known, in whatever file it is found, by the id it was created with
(`aggregates.SessionRow.identity`): the same one found twice is refused.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from decimal import Decimal

from ..domain.errors import MarquoirError
from ..domain.i18n import _
from ..domain.missing import HOUSE
from ..domain.records import Record
from ..domain.table import Table
from ..storage import aggregates
from ..storage.ledger import Ledger
from .model import settlement_of


class StandingLine(Record):
    """One player across the sessions of the file."""

    name: str
    sessions: int
    hands: int
    net: Decimal
    best_session: str
    best_net: Decimal
    worst_session: str
    worst_net: Decimal
    # the tournaments he played in the range and his league points in them
    tournaments: int = 0
    points: Decimal = Decimal(0)


class Source(Record):
    """A file read by `standings` and the sessions counted from it."""

    file: str  # the path as given
    label: str  # what names the file in the sessions' names (`LABEL/NAME`)
    sessions: tuple[str, ...]  # the sessions in the range, as named in the file
    tournaments: tuple[str, ...]  # those that are tournaments


class Standings(Record):
    """The club's history: every player over the sessions in the date range."""

    sessions: tuple[str, ...]
    currency: str
    players: tuple[StandingLine, ...]
    # the league points' formula, when tournaments are in the range ("": none)
    points: str = ""
    # where the sessions came from, when several files were read (empty: one file)
    sources: tuple[Source, ...] = ()
    # the language every session read was created in (`new --lang fr`), which the standings
    # are shown in unless `--lang` chose; "" when they speak several or none
    language: str = ""


def standings(
    book: Ledger,
    *,
    since: date | None = None,
    until: date | None = None,
    points: str | None = None,
) -> Standings:
    """Each player's results over the sessions of one file: `standings_of` with that file."""
    return standings_of([("", book)], since=since, until=until, points=points)


class SameSessionTwice(MarquoirError):
    """Two of the files given hold the same session (a file given twice, or a copy)."""


def standings_of(
    books: Sequence[tuple[str, Ledger]],
    *,
    since: date | None = None,
    until: date | None = None,
    points: str | None = None,
) -> Standings:
    """Each player's results over the sessions created between `since` and `until`
    (both days included; the day a session was created, UTC) in every file of `books`
    (label, file), best total first; with tournaments in the range, their league points by
    the formula `points` (`domain.tournament.league`), the most points first. A session
    is named `LABEL/NAME` when there are several files, and each file's sessions are listed
    in `sources`; the same session found twice (a file given twice, a copy or a backup of
    it: the same `uid`, see `aggregates.SessionRow.identity`) is refused, so that a
    tournament counts once.

    Counted in SQL (`storage.aggregates`): each player's result from the `players_now` view,
    the hands from the summaries; no table is loaded but that of a session with a hand in
    play (its last snapshot is from before the deal) or of a tournament (its prizes and
    points), so 1,000 sessions take well under a second."""
    seen: dict[str, str] = {}
    names: list[str] = []
    sources: list[Source] = []
    currencies: set[str] = set()
    per_player: dict[str, list[tuple[str, Decimal]]] = {}
    hands: dict[str, int] = {}
    league: dict[str, tuple[int, Decimal]] = {}
    languages: set[str] = set()
    for label, book in books:
        chosen = _sessions_in_range(book, since, until)
        languages.update(session.lang for session in chosen)
        for session in chosen:
            key = session.identity
            if key in seen:
                raise SameSessionTwice(
                    _(
                        "{file}: session {name} ({created}) is already counted from {first}: "
                        "a file given twice, or a copy of it"
                    ).format(
                        file=book.path,
                        name=session.name,
                        created=session.created_at[:16].replace("T", " "),
                        first=seen[key],
                    )
                )
            seen[key] = book.path
        prefix = f"{label}/" if len(books) > 1 else ""
        for name, nets in _session_nets(book, chosen, league, points).items():
            for session_name, net in nets:
                per_player.setdefault(name, []).append((prefix + session_name, net))
        for name, count in aggregates.hands_dealt(book.conn, [row.id for row in chosen]).items():
            hands[name] = hands.get(name, 0) + count
        names.extend(prefix + session.name for session in chosen)
        sources.append(
            Source(
                book.path,
                label,
                tuple(session.name for session in chosen),
                tuple(session.name for session in chosen if session.tournament),
            )
        )
        currencies.update(session.currency for session in chosen)
    lines = []
    for name, nets in per_player.items():
        best = max(nets, key=lambda r: r[1])
        worst = min(nets, key=lambda r: r[1])
        lines.append(
            StandingLine(
                name,
                len(nets),
                hands.get(name, 0),
                sum((r[1] for r in nets), Decimal("0.00")),
                best[0],
                best[1],
                worst[0],
                worst[1],
                *league.get(name, (0, Decimal(0))),
            )
        )
    lines.sort(key=lambda line: (-line.points, -line.net, line.name))
    currency = currencies.pop() if len(currencies) == 1 else ("mixed" if currencies else "")
    formula = _formula(points) if league else ""
    return Standings(
        tuple(names),
        currency,
        tuple(lines),
        formula,
        tuple(sources) if len(books) > 1 else (),
        languages.pop() if len(languages) == 1 else "",
    )


def _sessions_in_range(
    book: Ledger, since: date | None, until: date | None
) -> list[aggregates.SessionRow]:
    chosen = []
    for row in aggregates.session_rows(book.conn):
        day = date.fromisoformat(row.created_at[:10])
        if (since is None or day >= since) and (until is None or day <= until):
            chosen.append(row)
    return chosen


def _session_nets(
    book: Ledger,
    chosen: list[aggregates.SessionRow],
    league: dict[str, tuple[int, Decimal]],
    points: str | None,
) -> dict[str, list[tuple[str, Decimal]]]:
    """Each player's money result in each chosen session of one file (a tournament's league
    points added to `league`)."""
    results: dict[str, list[tuple[str, int]]] = {}
    for line in aggregates.results_now(book.conn):
        if not line.hand_in_play:
            results.setdefault(line.session, []).append((line.player, line.result))
    per_player: dict[str, list[tuple[str, Decimal]]] = {}
    absorbed = aggregates.absorbed_sessions(book.conn)
    for session in chosen:
        value = Decimal(session.chip_value)  # type: ignore[arg-type]
        money = None
        if session.tournament:
            table = book.load(book.session_named(session.name))
            money = _tournament_money(table, league, points)
            results[session.name] = [(a.name, a.result) for a in table.accounts.values()]
        elif session.name in absorbed:  # each one's part of the count's difference counts
            table = book.load(book.session_named(session.name))
            money = _settled_money(table)
        elif session.name not in results:  # a hand in play, or nobody seated yet
            table = book.load(book.session_named(session.name))
            results[session.name] = [(a.name, a.result) for a in table.accounts.values()]
        for name, result in results[session.name]:
            net_money = (Decimal(result) * value).quantize(Decimal("0.01"))
            if money is not None:  # a tournament's result is its prizes less its entries;
                # a cash game settled with `--missing`, its settlement's balance
                net_money = money.get(name, Decimal(0)).quantize(Decimal("0.01"))
            per_player.setdefault(name, []).append((session.name, net_money))
    return per_player


def _settled_money(table: Table) -> dict[str, Decimal]:
    """A settled cash game's balances, each one's part of an absorbed count difference
    included (the house's left out: it is no player)."""
    settlement, _unsettled = settlement_of(table)
    money = dict(settlement.balances) if settlement is not None else {}
    money.pop(HOUSE, None)
    return money


def _formula(points: str | None) -> str:
    from ..domain.tournament.league import DEFAULT_POINTS, parse_points

    return parse_points(points or DEFAULT_POINTS)


def _tournament_money(
    table: Table, league: dict[str, tuple[int, Decimal]], points: str | None
) -> dict[str, Decimal]:
    """A tournament's money result for each player (prizes and bounties less entries, fees
    included), and its league points added to `league` (tournaments, points)."""
    from ..domain.tournament import state as tournament
    from ..domain.tournament.league import tournament_points

    settings, state = table.settings.tournament, table.director.state
    assert settings is not None and state is not None
    rows = [(row.player, row.place, row.shared) for row in tournament.standings(settings, state)]
    ended_by_deal = state.chop is not None and not Decimal(state.chop["kept"])
    scored = tournament_points(
        _formula(points), max(1, len(state.entries)), rows, ended_by_deal=ended_by_deal
    )
    for player in {row[0] for row in rows}:
        played, total = league.get(player, (0, Decimal(0)))
        league[player] = (played + 1, total + scored.get(player, Decimal(0)))
    money = tournament.balances(settings, state)
    money.pop(tournament.HOUSE, None)
    return money
