"""What the French translation had left in English: the tournament's money, the plurals,
the refusals built from English fragments.

The expected French follows the rules of French typography as Babel writes them (CLDR's
`fr`): a narrow no-break space (U+202F) between the thousands, a decimal comma, a no-break
space (U+00A0) before the `€`; a count of 0 or 1 takes the singular.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from marquoir.domain import i18n

from .installed import Marquoir

NNBSP, NBSP = "\u202f", "\u00a0"
CUP = (
    "new cup --tournament --buy-in 500 --fee 25 --stack 1000 --levels 25/50,50/100"
    " --payouts 60/40 --lang fr\n"
    "seat ann\nseat bob\nseat cid\nseat dan\nseat eve\n"
)


def refused(cli: Marquoir, *args: str) -> str:
    """The one `Erreur :` line of a command the rules refuse (exit 1, nothing recorded)."""
    done = cli.run(*args)
    assert (done.returncode, done.stdout) == (1, ""), (args, done)
    (line,) = done.stderr.splitlines()
    assert line.startswith("Erreur : "), line
    return line.removeprefix("Erreur : ")


# -- money -----------------------------------------------------------------------------------


def test_the_places_give_french_money(cli: Marquoir) -> None:
    cli.play(CUP)
    places = cli("classement").splitlines()
    # 5 entries of 500: 2 500 in the pool, 60/40 of it
    assert places[0] == f"tournoi cup : 5 entrées, 0 recave, 0 add-on, dotation 2{NNBSP}500{NBSP}€"
    assert places[1] == f"gains : 1. 1{NNBSP}500{NBSP}€, 2. 1{NNBSP}000{NBSP}€"
    assert f"prix : 0{NBSP}€" in places[2]
    assert "EUR" not in "\n".join(places)


def test_the_report_tournament_section_gives_french_money(cli: Marquoir) -> None:
    cli.play(CUP)
    section = cli("report").split("Tournoi\n-------\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert section[0] == (
        f"buy-in 500{NBSP}€ + 25{NBSP}€ de frais, 1{NNBSP}000 jetons, niveaux 25/50, 50/100"
    )
    assert section[1] == f"5 entrées, 0 recave, 0 add-on : dotation 2{NNBSP}500{NBSP}€"
    assert section[2] == f"gains : 1. 1{NNBSP}500{NBSP}€, 2. 1{NNBSP}000{NBSP}€"
    # the places (still playing: "en jeu"), with a French colon
    assert f"en jeu ann : 0{NBSP}€" in section, section


def test_a_deal_gives_french_money(cli: Marquoir) -> None:
    cli.play(CUP)
    shown = cli("partage", "--even", "--keep", "500").splitlines()
    # 2 500 less 500 kept: 400 each for five
    assert shown[0] == (
        f"deal (even) : ann 400{NBSP}€, bob 400{NBSP}€, cid 400{NBSP}€, dan 400{NBSP}€, "
        f"eve 400{NBSP}€"
    )
    assert shown[1] == f"500{NBSP}€ restent en jeu : la partie continue"


def test_the_clock_gives_french_money(cli: Marquoir) -> None:
    from marquoir.cli.clock_view import screen_lines
    from marquoir.storage.db import READ
    from marquoir.storage.ledger import Ledger

    cli.play(CUP)
    book = Ledger(str(cli.db), mode=READ)
    try:
        session, table = book.read()
        with i18n.speaking("fr"):
            lines = screen_lines(session, table, time.time(), book)
    finally:
        book.close()
    assert f"  dotation : 2{NNBSP}500{NBSP}€" in lines
    assert f"  gains : 1. 1{NNBSP}500{NBSP}€  2. 1{NNBSP}000{NBSP}€" in lines


def test_english_money_is_unchanged(cli: Marquoir) -> None:
    cli.play(CUP.replace(" --lang fr", ""))
    places = cli("places").splitlines()
    assert places[0] == "tournament cup: 5 entries, 0 rebuys, 0 add-ons, prize pool 2500 EUR"
    assert places[1] == "payouts: 1. 1500, 2. 1000"


@pytest.mark.parametrize(
    ("value", "english", "french"),
    [
        ("24", "24", f"24{NBSP}€"),
        ("1234.5", "1234.5", f"1{NNBSP}234,5{NBSP}€"),
        ("-1000000.25", "-1000000.25", f"-1{NNBSP}000{NNBSP}000,25{NBSP}€"),
    ],
)
def test_a_listed_amount(value: str, english: str, french: str) -> None:
    with i18n.speaking("en"):
        assert i18n.money_item(value, "EUR") == english
    with i18n.speaking("fr"):
        assert i18n.money_item(value, "EUR") == french


# -- plurals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("count", "english", "french"),
    [(0, "0 rebuys", "0 recave"), (1, "1 rebuy", "1 recave"), (2, "2 rebuys", "2 recaves")],
)
def test_a_count_takes_the_form_of_its_language(count: int, english: str, french: str) -> None:
    for lang, expected in (("en", english), ("fr", french)):
        with i18n.speaking(lang):
            text = i18n.ngettext("{count} rebuy", "{count} rebuys", count)
            assert text.format(count=count) == expected


def test_one_rebuy_is_singular_in_both_languages(tmp_path: Path) -> None:
    script = (
        "new t --tournament --buy-in 10 --stack 100 --levels 1/2,2/4 --rebuys 1 --rebuy-until 1"
        " --payouts 100\nseat ann\nseat bob\n"
        "deal\nallin\nallin\nwin bob\nrebuy ann\n"
    )
    (tmp_path / "en").mkdir()
    (tmp_path / "fr").mkdir()
    english = Marquoir(tmp_path / "en", in_process=True)
    french = Marquoir(tmp_path / "fr", in_process=True)
    english.play(script)
    french.play(script.replace("--payouts 100", "--payouts 100 --lang fr"))
    assert (
        english("places").splitlines()[0].startswith("tournament t: 2 entries, 1 rebuy, 0 add-ons")
    )
    assert french("places").splitlines()[0].startswith("tournoi t : 2 entrées, 1 recave, 0 add-on")
    # the one rebuy allowed is used
    assert refused(french, "rachat", "ann") == "ann a pris sa 1 recave"


# -- refusals made of English fragments -------------------------------------------------------


def test_a_refusal_during_a_hand_is_french_through(cli: Marquoir) -> None:
    cli.play("new club --blinds 1/2 --cave 100 --lang fr\nseat ann\nseat bob\ndeal\n")
    # heads-up: the button (ann) posts the small blind and speaks first before the flop
    assert refused(cli, "part", "bob") == (
        "impossible de partir pendant un coup : le coup 1 est en cours (ann a la parole)"
    )
    assert (
        refused(cli, "settle")
        == "impossible de régler club pour l'instant : le coup 1 est encore en cours"
    )


def test_a_bad_table_setting_is_refused_in_french(cli: Marquoir) -> None:
    assert refused(cli, "--lang", "fr", "new", "x", "--blinds", "1/2", "--deck", "40") == (
        "un jeu a 52 ou 32 cartes (reçu 40)"
    )
    assert refused(cli, "--lang", "fr", "use", "nowhere") == "pas de partie nommée nowhere"


# -- the live page of `serve` ------------------------------------------------------------------


def live(db: Path, path: str, lang: str) -> str:
    """A page of `marquoir serve`, through Datasette's own client, the locale speaking `lang`."""
    import asyncio

    pytest.importorskip("datasette")
    from marquoir.cli.serve import datasette_app

    ds = datasette_app(str(db))

    async def fetch() -> str:
        response = await ds.client.get(path)
        assert response.status_code == 200, response.text
        return str(response.text)

    with i18n.speaking(lang):
        return asyncio.run(fetch())


def test_the_live_page_speaks_its_session_language(cli: Marquoir) -> None:
    cli.play("new soir --blinds 1/2 --cave 100 --lang fr\nseat ann\nseat bob\ndeal\n")
    cli.play("new evening --blinds 1/2 --cave 100\nseat ann\nseat bob\n")
    page = live(cli.db, "/table/soir", "en")  # a French session, an English locale
    assert '<html lang="fr">' in page
    assert "<h2>La table en ce moment</h2>" in page and "<h2>Classement</h2>" in page
    assert "<p>Coup 1, preflop · bouton ann" in page
    assert '<a href="/">Parties</a>' in page and "The table" not in page
    english = live(cli.db, "/table/evening", "en")
    assert '<html lang="en">' in english and "<p>0 hands played · between hands" in english
    # the list of sessions follows the locale (or `--lang`)
    index = live(cli.db, "/", "fr")
    assert '<html lang="fr">' in index and "Parcourir le fichier</a> (en lecture seule)" in index
    assert "Pas encore" not in index and "evening</a>" in index
    assert "(en cours)" in index  # evening, the session created last, is the current one
    assert '<html lang="en">' in live(cli.db, "/", "en")


# -- the language of the help ------------------------------------------------------------------


def test_the_help_follows_lang_the_session_or_the_locale(cli: Marquoir) -> None:
    """The rule README.fr.md states: `--lang`, else the current session's language, else the
    locale's; with no session, the locale's."""
    assert "Show this message and exit." in cli("places", "--help")
    cli.play("new soir --blinds 1/2 --cave 100 --lang fr\n")
    assert "Tournoi : la place" in cli("places", "--help")
    assert "Show this message and exit." in cli("--lang", "en", "places", "--help")
    cli.play("new evening --blinds 1/2 --cave 100 --lang en\n")
    cli.env.update({"LANGUAGE": "", "LC_ALL": "fr_FR.UTF-8"})
    assert "Show this message and exit." in cli("places", "--help")
    assert "Tournoi : la place" in cli("--lang", "fr", "places", "--help")


@pytest.mark.parametrize(
    ("cards", "french"),
    [
        ("2c", "bob montre 1 carte : holdem en demande 2"),
        ("2c3c4c", "bob montre 3 cartes : holdem en demande 2"),
    ],
)
def test_a_showdown_with_the_wrong_count_of_cards_in_french(cards: str, french: str) -> None:
    from marquoir.domain.cards import ShowdownError, parse_cards, ranking_from_cards

    with i18n.speaking("fr"), pytest.raises(ShowdownError) as info:
        ranking_from_cards(
            "holdem",
            {"alice": parse_cards("AhKd"), "bob": parse_cards(cards)},
            parse_cards("3c4d5h6s9d"),
        )
    assert str(info.value) == french


def test_settle_explains_one_group_in_the_singular(cli: Marquoir) -> None:
    cli.play("new club --blinds 1/2 --cave 100 --lang fr\nseat ann\nseat bob\n")
    assert refused(cli, "settle") == (
        "impossible de régler club pour l'instant : ann, bob ont encore des jetons sur la "
        "table : faites-les sortir avec `leave JOUEUR` (ou `leave --all`) d'abord"
    )
    cli.play(
        "new club2 --blinds 1/2 --cave 100 --chip-value 0.10 --lang fr\nseat ann\nseat bob\n"
        "deal\nallin\ncall\nwin ann\nleave bob\nleave ann\n"
    )
    why = [line for line in cli("settle", "--why").splitlines() if line.startswith("pourquoi")]
    assert why == [
        "pourquoi : 2 joueurs ont un solde ; ils forment 1 groupe qui se règle entre eux, et un "
        "groupe de k joueurs demande k - 1 virements (2 - 1 = 1) :"
    ]


def test_a_file_that_is_not_ours_is_refused_in_french(cli: Marquoir, tmp_path: Path) -> None:
    import sqlite3

    foreign = tmp_path / "other.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    conn.close()
    done = cli.run("--lang", "fr", "--db", str(foreign), "status")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"Erreur : {foreign} n'est pas une base de données Marquoir (elle "
        "contient des tables que Marquoir n'a pas créées) : laissée intacte ; indiquez un autre "
        "fichier avec --db\n"
    )


def test_a_phh_import_counts_in_french(cli: Marquoir, tmp_path: Path) -> None:
    cli.play(
        "new club --blinds 1/2 --cave 100\nseat ann\nseat bob\n"
        "deal\nallin\nfold\n"  # one hand, won without a showdown: its stacks replay exactly
    )
    out = tmp_path / "club.phhs"
    done = cli.run("export", "phh", "-o", str(out))
    assert done.returncode == 0, done.stderr
    (tmp_path / "back").mkdir()
    back = Marquoir(tmp_path / "back", in_process=True)
    done = back.run("--lang", "fr", "import", "phh", str(out), "--session", "retour")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[:2] == [
        "1 coup importé dans la partie retour",
        "tapis finaux identiques : 1 sur 1",
    ]


@pytest.mark.parametrize(
    ("args", "french"),
    [
        (("--game", "stud"), "le stud demande ses limites (--limits PETITE/GROSSE)"),
        (
            ("--game", "bouillotte", "--cave", "20", "--ante", "1"),
            "la Bouillotte n'a pas d'ante : le donneur met la passe",
        ),
        (("--blinds", "2/1"), "la petite blinde (2) est plus grande que la grosse blinde (1)"),
    ],
)
def test_a_game_setting_is_refused_in_french(
    cli: Marquoir, args: tuple[str, ...], french: str
) -> None:
    assert refused(cli, "--lang", "fr", "new", "x", *args) == french


# -- the file's refusals -----------------------------------------------------------------


def test_the_files_refusals_are_french(cli: Marquoir) -> None:
    # before any session, then an undo with nothing to undo, then an unknown export
    assert refused(cli, "--lang", "fr", "status") == (
        "pas encore de partie : commencez-en une avec `marquoir new NOM --blinds 1/2`"
    )
    cli.play("new soir --blinds 1/2 --lang fr\n")
    assert refused(cli, "annuler") == "rien à annuler dans cette partie"
    done = cli.run("--lang", "fr", "--db", "", "status")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "Erreur : le chemin de la base est vide : donnez un nom de fichier à --db"
    )


def test_a_report_written_to_a_file_says_so_in_french(cli: Marquoir, tmp_path: Path) -> None:
    cli.play("new soir --blinds 1/2 --cave 100 --lang fr\nseat ann\nseat bob\n")
    target = tmp_path / "soir.txt"
    assert cli("report", "-o", str(target)).strip() == f"écrit dans {target}"
    assert target.read_text(encoding="utf-8").startswith("Rapport")


def test_the_help_option_speaks_each_line_s_language_in_one_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command objects outlive a line (`main` called again in one process, as a program
    or `play` does): French help, then English help, each with its own help option."""
    from marquoir.cli import main

    monkeypatch.setenv("MARQUOIR_DB", str(tmp_path / "x.db"))
    try:
        assert main(["--lang", "fr", "seat", "--help"]) == 0
        assert re.search(r"-h, --help +Afficher ce message et quitter\.", capsys.readouterr().out)
        assert main(["--lang", "en", "seat", "--help"]) == 0
        assert re.search(r"-h, --help +Show this message and exit\.", capsys.readouterr().out)
    finally:
        i18n.set_language(None)
