"""The application layer alone, without the command line: an evening played through its
functions, the results it returns, and `play`'s kept connections as an object."""

from __future__ import annotations

import dataclasses
from decimal import Decimal

import pytest

from marquoir.app import evening, table
from marquoir.app.books import Books, KeptBooks
from marquoir.domain import Action, UsageError
from marquoir.domain.settlement import BANK, Transfer

from .installed import Marquoir


def test_an_evening_through_the_application_layer(cli: Marquoir) -> None:
    cli("new", "soir", "--blinds", "1/2", "--cave", "100", "--chip-value", "0.10")
    books = Books(str(cli.db))
    for name in ("anne", "bruno"):
        table.execute(books, lambda t, name=name: t.seat_event(name, seat=None, cave=None))
    dealt = table.execute(books, lambda t: t.deal_event()).table
    assert dealt.hand is not None
    # heads-up, the small blind (1 chip) speaks first before the flop: folding loses it
    folder = dealt.hand.legal().player
    winner = "bruno" if folder == "anne" else "anne"
    table.execute(books, lambda t: t.act_event(Action.fold(None)))
    event = evening.leave_all(books)
    assert dict(event.leaves) == {folder: 99, winner: 101}

    settled = evening.settle(books, bank=False)
    # one chip at 0.10 a chip: the folder pays the winner 0.10, in one transfer
    assert settled.settlement.balances == {folder: Decimal("-0.10"), winner: Decimal("0.10")}
    assert settled.settlement.transfers == (Transfer(folder, winner, Decimal("0.10")),)
    assert settled.payouts == [] and settled.table.house.closed
    with pytest.raises(dataclasses.FrozenInstanceError):
        settled.payouts = []  # type: ignore[misc]

    # settled before: the same settlement; the bank pays back the chips cashed out
    again = evening.settle(books, bank=True)
    assert again.settlement == settled.settlement
    assert sorted(again.payouts) == sorted(
        [Transfer(BANK, folder, Decimal("9.90")), Transfer(BANK, winner, Decimal("10.10"))]
    )
    assert evening.reopen(books).name == "soir"
    assert not table.read(books)[1].house.closed


def test_undo_and_the_sessions_as_results(cli: Marquoir) -> None:
    cli("new", "soir", "--blinds", "1/2", "--cave", "100")
    books = Books(str(cli.db))
    table.execute(books, lambda t: t.seat_event("anne", seat=None, cave=None))
    undone = table.undo(books)
    assert (undone.session.name, undone.stored.kind, list(undone.table.accounts)) == (
        "soir",
        "seat",
        [],
    )
    table.create(books, "samedi", table.read(books)[0].settings)
    listed = table.sessions(books)
    assert [info.name for info, _created in listed.rows] == ["soir", "samedi"]
    assert listed.current == "samedi"


def test_play_s_connections_belong_to_its_kept_books(cli: Marquoir) -> None:
    cli("new", "soir", "--blinds", "1/2", "--cave", "100")
    kept = KeptBooks(batch=True)
    books = Books(str(cli.db), kept)
    first = books.ledger()
    assert books.ledger() is first  # the same connection from line to line
    assert books.at(str(cli.db)).ledger() is first  # a line's own `--db`, the same file
    other = KeptBooks(batch=False)
    elsewhere = Books(str(cli.db), other).ledger()
    alone = Books(str(cli.db)).ledger()  # a single command keeps nothing
    try:
        assert elsewhere is not first and alone is not first
        assert list(kept.ledgers.values()) == [first]
    finally:
        alone.close()
        other.close()
        kept.close()
    assert kept.ledgers == {} and other.ledgers == {}


def test_a_tournaments_bank_pays_the_prizes_through_the_application_layer(
    cli: Marquoir,
) -> None:
    from .test_tournament_cli import REBUYS

    cli.play(REBUYS)
    books = Books(str(cli.db))
    settled = evening.settle(books, bank=True)
    # (the worked example of the tournament tests: b wins 60, a 40; no fees, so the bank
    # pays the two prizes and nothing to the house)
    assert sorted(settled.payouts) == sorted(
        [Transfer(BANK, "b", Decimal("60")), Transfer(BANK, "a", Decimal("40"))]
    )


def test_standings_and_exports_are_results_of_the_application_layer(cli: Marquoir) -> None:
    from marquoir.app import outputs

    cli("new", "soir", "--blinds", "1/2", "--cave", "100", "--chip-value", "0.10")
    cli.play("seat anne\nseat bruno\ndeal\nfold\nleave --all\n")
    books = Books(str(cli.db))
    standings = outputs.standings(books, since=None, until=None)
    # one session; heads-up, the small blind folds his 1 chip at 0.10 a chip
    nets = {p.name: p.net for p in standings.players}
    assert sorted(nets.values()) == [Decimal("-0.10"), Decimal("0.10")]
    assert standings.sessions == ("soir",)
    text = outputs.export_text(books, what="ledger", fmt="csv", session=None)
    assert text.splitlines()[0].startswith("session")
    with pytest.raises(UsageError, match="--excel is for CSV files"):
        outputs.export_text(books, what="ledger", fmt="json", session=None, excel=True)
    with outputs.report_chunks(books, fmt="md", session="soir") as chunks:
        report = "".join(chunks)
    assert "anne" in report and "bruno" in report


def test_a_games_own_command_through_the_application_layer(cli: Marquoir) -> None:
    from marquoir.domain import IllegalAction

    cli.play(
        "new br --game bouillotte --passe 2 --cave 30\nseat a\nseat b\nseat c\nseat d --cave 5\n"
        "deal\nopen 2\ncall\ncall\nfold\nparole\nabattre\nshowdown c > b > d\n"
    )
    books = Books(str(cli.db))
    done = table.game_command(books, "brelans_event", "not here", ("b",), "c")
    # c's carré: two passes (4) from a and d; b's brelan: one passe (2) from a and d; b and
    # c pay each other nothing; d, short (3 for 6), pays the carré first (Bouillotte rules)
    assert done.paid == [("a", -6), ("b", 2), ("c", 7), ("d", -3)]
    cli("new", "soir", "--blinds", "1/2")
    with pytest.raises(IllegalAction, match="brelans are paid at Bouillotte only"):
        table.game_command(books, "brelans_event", "brelans are paid at Bouillotte only", ("b",))
