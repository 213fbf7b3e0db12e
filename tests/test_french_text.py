"""French output, one leak at a time: each English word a French host met, the table's own
French words (docs/glossary.md), and French typography.

The expected French is written here from the glossary's choices and the rules of French
typography (a narrow no-break space, U+202F, before `:` `;` `?` `!`; a decimal comma; the
time as `9 h 23`), never read from the program.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from marquoir.domain import i18n

from .english_words import english_numbers, english_words
from .installed import Marquoir

NNBSP, NBSP = "\u202f", "\u00a0"


def french_session(cli: Marquoir, *options: str) -> None:
    cli("new", "club", "--blinds", "1/2", "--cave", "100", *options, "--lang", "fr")
    cli("seat", "ann")
    cli("seat", "bob")


def test_an_amount_that_is_not_one_is_named_in_french(cli: Marquoir) -> None:
    french_session(cli)
    cli("deal")
    # (`--lang fr`: a parse error reads the command line before the session; this is about
    # the words of the refusal)
    done = cli.run("--lang", "fr", "relance", "abc")
    assert done.returncode == 2
    assert "an amount" not in done.stderr
    assert "un montant est un nombre entier de jetons (reçu 'abc')" in done.stderr


def test_the_chip_value_is_french_money_in_the_settlement(cli: Marquoir) -> None:
    french_session(cli, "--chip-value", "0.05")
    cli("part", "--all")
    assert cli("régler").splitlines()[0] == f"partie club{NNBSP}: 1 jeton = 0,05{NBSP}€"
    cli("--lang", "en", "settle")  # English as it was
    assert cli("--lang", "en", "settle").splitlines()[0] == "session club: 1 chip = 0.05 EUR"


def test_the_tournament_fees_go_to_la_maison(cli: Marquoir) -> None:
    cli.play(
        "new t --tournament --buy-in 10 --fee 2 --stack 100 --levels 1/2 --payouts 100 --lang fr\n"
        "seat ann\nseat bob\ndeal\nallin\nallin\nwin bob\n"
    )
    settle = cli("régler")
    assert f"  la maison  +4,00{NBSP}€" in settle.splitlines()
    assert "house" not in settle and "house" not in cli("rapport")
    assert "  house  +4.00 EUR" in cli("--lang", "en", "settle").splitlines()


def test_streets_have_the_french_table_s_names(cli: Marquoir) -> None:
    french_session(cli)
    shown = cli.play("deal\ncall\ncheck\n" + "check\ncheck\n" * 2)
    assert "-- flop -- pot 4" in shown
    assert "-- tournant -- pot 4" in shown and "-- rivière -- pot 4" in shown
    status = cli("état").splitlines()[0]
    assert status.endswith("coup 1, rivière")
    english = cli("--lang", "en", "status").splitlines()[0]
    assert english.endswith("hand 1 river")


def test_stud_streets_count_the_cards(cli: Marquoir) -> None:
    cli(
        "new", "s", "--game", "stud", "--limits", "4/8", "--bring-in", "1", "--ante", "1",
        "--cave", "100", "--lang", "fr",
    )  # fmt: skip
    for name in ("ann", "bob", "cid"):
        cli("seat", name)
    shown = cli.play("deal\nbringin cid\ncall\ncall\n")
    assert "-- 4e carte -- pot 6" in shown
    assert shown.splitlines()[-1] == (
        f"qui parle le premier (4e carte){NNBSP}? `premier JOUEUR` (la meilleure main visible)"
    )
    assert cli("état").splitlines()[0].startswith("partie s | stud à sept cartes fixed-limit")


def test_bouillotte_says_le_tour_the_dealer_and_tient(cli: Marquoir) -> None:
    cli.play(
        "new b --game bouillotte --passe 1 --cave 20 --lang fr\n"
        "seat armand\nseat berthe\nseat camille\n"
    )
    deal = cli("donner").splitlines()
    assert deal[0] == f"coup 1{NNBSP}: donneur armand | armand passe 1"
    assert cli("état").splitlines()[0].endswith("coup 1, le tour")
    cli("ouvrir", "2")
    assert cli("tenir").startswith("camille tient, 2 | pot")
    english = cli("--lang", "en", "status").splitlines()[0]
    assert english.endswith("hand 1 the round")
    # the status table's note said "bouton" (and the live page too)
    assert "armand  " in cli("état") and "donneur" in cli("état") and "bouton" not in cli("état")


def test_a_bust_needs_no_gender(cli: Marquoir) -> None:
    cli.play(
        "new t --tournament --buy-in 10 --stack 100 --levels 1/2 --payouts 100 --lang fr\n"
        "seat nadia\nseat bob\nseat cid\ndeal\nallin\nallin\nfold\nwin bob\n"
    )
    places = cli("classement")
    assert "éliminé" not in places and "éliminée" not in places
    shown = cli("--lang", "fr", "places")
    assert "·e" not in shown


def test_the_chart_legend_and_axis_are_french(cli: Marquoir) -> None:
    french_session(cli)
    cli.play("deal\nfold\npart ann\n")
    html = cli("rapport", "--format", "html")
    svg = html[html.index("<svg") : html.index("</svg>")]
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", svg) or re.findall(r"<!-- (.*?) -->", svg)
    words = " ".join(texts) + svg
    assert "leaves" not in words and ">chips<" not in words


def test_the_clock_s_average_is_in_french_big_blinds(cli: Marquoir) -> None:
    from marquoir.cli.clock_view import screen_lines
    from marquoir.storage.db import READ
    from marquoir.storage.ledger import Ledger

    cli.play(
        "new t --tournament --buy-in 10 --stack 1500 --levels 50/100 --payouts 100 --lang fr\n"
        "seat ann\nseat bob\n"
    )
    book = Ledger(str(cli.db), mode=READ)
    try:
        session, table = book.read()
        with i18n.speaking("fr"):
            lines = screen_lines(session, table, time.time(), book)
    finally:
        book.close()
    # 3 000 chips for two players: 1 500 each, 15 big blinds of 100
    average = next(line for line in lines if "tapis moyen" in line)
    assert average.endswith(f"1{NNBSP}500 jetons (15,0 grosses blindes)")


def test_times_are_french() -> None:
    with i18n.speaking("fr"):
        assert i18n.date_text("2026-12-04T09:23:00") == f"4 décembre 2026 9{NBSP}h{NBSP}23"
        assert i18n.clock_time("21:05") == f"21{NBSP}h{NBSP}05"
    with i18n.speaking("en"):
        assert i18n.date_text("2026-12-04T09:23:00") == "2026-12-04T09:23:00"


def test_french_typography_and_the_error_prefix_kept(cli: Marquoir) -> None:
    french_session(cli)
    done = cli.run("parole")
    assert done.stderr == f"Erreur : aucun coup en cours{NNBSP}: donnez d'abord\n"
    with i18n.speaking("fr"):
        assert i18n._("Error: ") == "Erreur : "
        assert i18n.french_typography("qui ? a ; b ! c : d") == (
            f"qui{NNBSP}? a{NNBSP}; b{NNBSP}! c{NNBSP}: d"
        )
        assert i18n.french_typography("4:10 et PB/GB[:ANTE]") == "4:10 et PB/GB[:ANTE]"


# -- the catalog: no English in a French message -----------------------------------------

# Messages whose French keeps words of a file's or an option's format, which are the same
# in every language (the keys of a TOML structure, PHH's fields, an option's value).
FORMAT_WORDS = {
    "the TOML level file needs [[level]] tables",
    "the pot à la clef is a jackpots deal (--game draw --open jacks --ante N)",
    "{where}: expected the keys small, big and ante",
    '{where}: small, big and ante must be numbers (ante may be "bb")',
    "breaks: {spec!r} is not EVERY:MINUTES (e.g. 4:10)",
    "{count} hand showed unknown cards at the showdown: the winners of each pot were taken "
    "from the history's finishing_stacks (or winnings)",
}


def test_no_french_message_says_english() -> None:
    """Every message of the French catalog (the help aside: it has its own tests) in French
    words: English commands inside messages are the French verbs (`part --all`, `compter`,
    `rachat`, `reprendre`, `rouvrir`), `(check or fold)` is gone."""
    babel = pytest.importorskip("babel.messages.pofile")
    from tools.build_catalog import FRENCH

    with FRENCH.open("rb") as handle:
        po = babel.read_po(handle, locale="fr")
    leaks = []
    for message in po:
        key = message.id if isinstance(message.id, str) else message.id[0]
        if not key or key in FORMAT_WORDS or any("help" in c for c in message.auto_comments):
            continue
        forms = (message.string,) if isinstance(message.string, str) else message.string
        for text in forms:
            plain = re.sub(r"\{[^}]*\}", " ", text)  # the placeholders are filled later
            found = english_words(plain) + english_numbers(plain)
            if found:
                leaks.append(f"{key!r}: {found}")
    assert leaks == []


# -- the French example evening (README.fr.md's) ------------------------------------------

SOIREE = Path(__file__).resolve().parents[1] / "examples" / "soiree.txt"


def test_the_french_example_evening_settles_to_the_cent(cli: Marquoir) -> None:
    """examples/soiree.txt, typed in French from its first line: two hands, the count, every
    stack out, the settlement. Hand 1: alice wins 39 (dave put in 16, carol 6, bob 1): 223;
    hand 2: bob takes 19 (alice's 8, the blinds 1 and 2): alice 215, bob 210, carol 193,
    dave 82; at 0,10 € a chip, against caves of 200 (dave 100)."""
    shown = cli.play(SOIREE.read_text(encoding="utf-8"))
    assert [(p["name"], p["cashed_out"]) for p in cli.stacks_json()["players"]] == [
        ("alice", 215),
        ("bob", 210),
        ("carol", 193),
        ("dave", 82),
    ]
    lines = shown.splitlines()
    for name, balance in (("alice", "+1,50"), ("bob", "+1,00"), ("carol", "-0,70")):
        assert any(line.split() == [name, balance, "€"] for line in lines), name  # (NBSP €)
    assert f"  dave paie 1,50{NBSP}€ à alice" in lines
    assert english_words(shown) == english_numbers(shown) == []


def test_reopen_backup_and_standings_speak_french(cli: Marquoir, tmp_path: Path) -> None:
    french_session(cli)
    done = cli.run("rouvrir")  # nothing settled: refused in the session's language
    assert done.stderr == f"Erreur : cette partie n'est pas réglée{NNBSP}: rien à rouvrir\n"
    copied = cli("--lang", "fr", "backup", str(tmp_path / "copie.db"))
    assert re.search(rf"\(1 partie, \d{{1,3}}{NNBSP}\d{{3}} octets\)$", copied.strip()), copied
    standings = cli("--lang", "fr", "standings")
    assert standings.splitlines()[1].split() == [
        "joueur",
        "parties",
        "coups",
        "net",
        "meilleure",
        "pire",
    ]
    assert english_words(standings) == english_numbers(standings) == []


def test_verify_speaks_french(cli: Marquoir) -> None:
    # `verify` printed "integrity: ok", "events replayed", "all match", "the file is sound"
    # whatever the language.
    french_session(cli)
    cli("--lang", "fr", "asseoir", "anne")
    said = cli("--lang", "fr", "verify")
    assert said.splitlines()[0] == "intégrité\u202f: ok"
    assert said.splitlines()[-1] == "le fichier est sain"
    assert english_words(said) == []


def test_a_board_of_the_wrong_size_is_refused_in_french(cli: Marquoir) -> None:
    # "holdem needs 5 board cards, not 2" came out in English in a French session.
    french_session(cli)
    cli("deal")
    done = cli.run("--lang", "fr", "showdown", "--board", "Ap Rp", "ann=Dp Vp", "bob=2c 3c")
    assert done.returncode == 1
    assert "5 cartes au tableau, pas 2" in done.stderr
    assert english_words(done.stderr.replace("holdem", "")) == []


def test_thousands_are_grouped_in_every_amount(cli: Marquoir) -> None:
    """Blinds 100/200, caves of 20,000 at 1 EUR a chip: anne raises to 1,500, two calls, it
    is checked down and anne wins the pot of 3 x 1,500 = 4,500, a net of +3,000 chips, so
    +3,000.00 EUR. French groups each of these by the thousand, the signed money too, the
    winners' shares in the hand log and the chart's axis."""
    cli("new", "gros", "--blinds", "100/200", "--cave", "20000", "--chip-value", "1", "--lang=fr")
    cli.play(
        "asseoir anne\nasseoir bruno\nasseoir carla\ndonner\nrelancer 1500\nsuivre\nsuivre\n"
        + "parole\n" * 9
        + "gagne anne\n"
    )
    report = cli("rapport")
    anne = next(line for line in report.splitlines() if line.strip().startswith("1  anne"))
    assert f"+3{NNBSP}000 " in anne and f"+3{NNBSP}000,00{NBSP}€" in anne
    assert f"  anne 4{NNBSP}500" in report
    assert english_numbers(report) == []
    html = cli("rapport", "--format", "html")
    svg = html[html.index("<svg") : html.index("</svg>")]
    assert f">20{NNBSP}000<" in svg and ">20000<" not in svg
    english = cli("--lang", "en", "report")
    assert "  anne 4500" in english and "+3000.00 EUR" in english


def test_standings_speak_the_language_of_the_sessions_read(cli: Marquoir, tmp_path: Path) -> None:
    """`standings FILE...` reads other files than the current one: their sessions' language
    decides (a club's French files read from an English session, or with no session at
    all), `--lang` still wins, and files of both languages leave the line's own."""
    club = tmp_path / "club.db"
    at_club = ("--db", str(club))
    cli(*at_club, "new", "club", "--blinds", "1/2", "--cave", "100", "--lang", "fr")
    cli(*at_club, "asseoir", "ann")
    cli(*at_club, "part", "--all")
    cli("new", "english", "--blinds", "1/2", "--lang", "en")  # the current session: English
    french_header = ["joueur", "parties", "coups", "net", "meilleure", "pire"]
    english_header = ["player", "sessions", "hands", "net", "best", "worst"]
    assert cli("standings", str(club)).splitlines()[1].split() == french_header
    assert cli("--lang", "en", "standings", str(club)).splitlines()[1].split() == english_header
    # with the current file, both languages: the line's own (the English session's)
    both = cli("standings", str(club), str(cli.db)).splitlines()
    assert english_header in [line.split() for line in both]
