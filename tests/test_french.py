"""The table in French words: the example evenings typed in French record the same events.

Each example evening (examples/*.txt, written in Marquoir's English commands) is typed again
with the words a French table says, chosen from the glossary (docs/glossary.md) by a mapping
written here by hand, not read from the program's vocabulary: every synonym, in upper and
lower case, with and without accents. The events it records must be exactly those of the
English evening, whether its lines go through `marquoir play` or one command at a time.
"""

from __future__ import annotations

import itertools
import re
import shlex
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from marquoir.cli.play import strip_comment

from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# What a French table says for each command (the glossary's words), in several spellings.
FRENCH = {
    "check": ["parole", "PAROLE", "Parole", "checker", "checke"],
    "call": [
        "suivre",
        "tenir",
        "voir",
        "Suis",
        "TIENS",
        "payer",
        "je suis",
        "suivi",
        "je paie",
        "Je Paye",
        "paye",
        "je tiens",
    ],
    "bet": ["miser", "Mise", "misé", "je mise"],
    "raise": ["relancer", "relance", "Relancé", "sur-relancer", "je relance à", "Relance À"],
    "allin": ["tapis", "va-tout", "Va Tout", "VA-TOUT", "faire tapis", "je fais tapis", "all-in"],
    "fold": ["se coucher", "coucher", "s'en aller", "S’en va", "couché", "Se Coucher"],
    "deal": ["donner", "Donne"],
    "open": ["ouvrir", "Ouvre"],
    "showdown": ["abattage", "Abattage"],
    "abattre": ["abats", "Abattre", "j'abats"],
    "parole": ["parole", "Parole"],
    "fine": ["amende"],
    "level": ["niveau", "Niveau"],
    "pause": ["pause", "faire une pause"],
    "resume": ["reprendre", "Reprise"],
    "rebuy": ["rachat", "se racheter"],
    "addon": ["add-on", "recave finale"],
    "reenter": ["réentrée", "ré-entrée", "se réinscrire"],
    "places": ["classement"],
    "chop": ["partage", "accord"],
    "win": ["gagne"],
    "status": ["état", "etat", "ÉTAT"],
    "stacks": ["jetons"],
    "seat": ["asseoir", "s'asseoir"],
    "recave": ["se recaver", "recaver"],
    "leave": ["part", "partir"],
    "new": ["nouvelle", "nouvelle partie"],
    "bringin": ["apporter"],
    "first": ["premier"],
    "false-open": ["ouverture à faux", "ouvrir à faux"],
}
# In draw and Bouillotte, "je passe" is a check while nobody has bet and a fold after.
PASSE = ["passe", "je passe", "Passer"]


def french_lines(name: str) -> list[tuple[str, list[str]]]:
    """The evening's lines in French: (the line as `play` reads it, the words of a command)."""
    cycles = {command: itertools.cycle(words) for command, words in FRENCH.items()}
    passe = itertools.cycle(PASSE)
    passing = "--game draw" in (EXAMPLES / name).read_text() or "bouillotte" in name
    lines = []
    for number, line in enumerate((EXAMPLES / name).read_text().splitlines()):
        words = shlex.split(strip_comment(line))
        if not words:
            continue
        command, rest = words[0], words[1:]
        if passing and command in ("check", "fold") and number % 2:
            french = next(passe)
        else:
            french = next(cycles[command]) if command in cycles else command
        tail = strip_comment(line).strip()[len(command) :]
        if command == "level" and rest == ["next"]:  # the French table says "suivant"
            tail, rest = " suivant", ["suivant"]
        lines.append((french + tail, [*french.split(), *rest]))
    return lines


def events(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT session_id, hand_no, kind, data, undone FROM events ORDER BY id"
        ).fetchall()


def two_tables(tmp_path: Path) -> tuple[Marquoir, Marquoir]:
    (tmp_path / "en").mkdir()
    (tmp_path / "fr").mkdir()
    # in the test's process (tests/installed.py): these tests are about the words typed
    return Marquoir(tmp_path / "en", in_process=True), Marquoir(tmp_path / "fr", in_process=True)


EVENINGS = ["evening.txt", "jackpots.txt", "bouillotte.txt", "stud.txt", "tournoi.txt"]


@pytest.mark.parametrize("name", EVENINGS)
def test_an_evening_typed_in_french_with_play_records_the_same_events(
    tmp_path: Path, name: str
) -> None:
    english, french = two_tables(tmp_path)
    assert english.run("play", str(EXAMPLES / name)).returncode == 0
    script = "\n".join(line for line, _words in french_lines(name)) + "\n"
    assert any(word in script for word in ("s'en", "S’en", "passe", "se coucher"))
    french.play(script)
    assert events(french.db) == events(english.db) != []


@pytest.mark.parametrize("name", EVENINGS)
def test_an_evening_typed_in_french_one_command_at_a_time_records_the_same_events(
    tmp_path: Path, name: str
) -> None:
    english, french = two_tables(tmp_path)
    assert english.run("play", str(EXAMPLES / name)).returncode == 0
    for _line, words in french_lines(name):
        french(*words)
    assert events(french.db) == events(english.db) != []


def test_pass_in_hold_em_is_refused_it_could_mean_check_or_fold(cli: Marquoir) -> None:
    cli("new", "t", "--blinds", "1/2", "--cave", "100")
    cli("seat", "a")
    cli("seat", "b")
    cli("deal")
    assert "check or fold" in cli.refused("passe")


def test_an_unknown_word_suggests_the_nearest_word(cli: Marquoir) -> None:
    done = cli.run("--lang", "fr", "relancr", "40")
    assert done.returncode == 2 and "relance" in done.stderr
    assert "'tapis'" in cli.run("tapsi").stderr
    assert "'raise'" in cli.run("rase", "40").stderr


# -- the output in French ---------------------------------------------------------------------

NNBSP = "\u202f"  # the French thousands separator: a narrow no-break space


def french_table(cli: Marquoir) -> None:
    """A hold'em table in French: alice and bob with 2,000 chips each, carol short with 100."""
    cli(
        "--lang",
        "fr",
        "nouvelle",
        "club",
        "--blinds",
        "1/2",
        "--cave",
        "2000",
        "--chip-value",
        "0,10",
    )
    cli("--lang", "fr", "asseoir", "alice")
    cli("--lang", "fr", "asseoir", "bob")
    cli("--lang", "fr", "asseoir", "carol", "--cave", "100")


def test_with_lang_fr_the_table_speaks_french(cli: Marquoir) -> None:
    french_table(cli)
    deal = cli("--lang", "fr", "donner")
    assert "coup 1 : bouton alice | bob petite blinde 1, carol grosse blinde 2" in deal
    assert f"alice a la parole : suivre 2 | relancer 4-2{NNBSP}000 | tapis 2{NNBSP}000" in deal
    assert cli("--lang", "fr", "relance", "300").startswith("alice relance à 300 | pot 303")
    assert cli("--lang", "fr", "suivre").startswith("bob suit, 299")
    out = cli("--lang", "fr", "tapis")
    # carol's 100 make the main pot of 300; alice and bob's 200 more each, a side pot of 400
    assert "pot principal : 300 (bob, carol, alice) | pot parallèle 1 : 400 (bob, alice)" in out
    status = cli("--lang", "fr", "état")
    assert status.splitlines()[0] == "partie club | hold'em no-limit 1/2 | coup 1, flop"
    assert status.splitlines()[1].split() == ["siège", "joueur", "tapis", "mise"]
    stacks = cli("--lang", "fr", "jetons")
    assert stacks.splitlines()[0] == "partie club | 1 coup (coup en cours)"
    assert f"1{NNBSP}700" in stacks


def test_in_every_language_a_pot_s_amount_never_sits_beside_its_number(cli: Marquoir) -> None:
    french_table(cli)
    cli.play("deal\nraise 300\ncall\nallin\n")
    pots = cli("status").splitlines()[-2]
    assert pots == "pot 700: main pot: 300 (bob, carol, alice) | side pot 1: 400 (bob, alice)"
    in_french = cli("--lang", "fr", "status").splitlines()[-2]
    assert in_french == (
        "pot 700 = pot principal : 300 (bob, carol, alice) | pot parallèle 1 : 400 (bob, alice)"
    )
    cli.play("check\n" * 6)  # bob and alice check the flop, the turn and the river down
    shown = cli("showdown", "carol > bob > alice").splitlines()
    assert "main pot: 300 to carol 300" in shown and "side pot 1: 400 to bob 400" in shown


def test_errors_and_help_in_french(cli: Marquoir) -> None:
    french_table(cli)
    done = cli.run("--lang", "fr", "parole")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "Erreur : aucun coup en cours : donnez d'abord\n"
    done = cli.run("--lang", "fr", "relance")
    assert done.returncode == 2 and done.stderr == "Erreur : Argument manquant : 'JETONS'.\n"
    help_text = cli("--lang", "fr", "relance", "--help")
    # the usage line says the command and its value the French way
    assert help_text.startswith("Utilisation : marquoir relancer [OPTIONS] JETONS\n")
    assert "La mise totale de ce tour." in help_text
    assert "Afficher ce message et quitter." in help_text
    assert "Commandes" in cli("--lang", "fr", "--help")


def test_the_locale_and_the_session_choose_french_and_lang_wins(cli: Marquoir) -> None:
    cli.env["LANGUAGE"] = "fr_FR"
    assert cli.run("parole").stderr.startswith("Erreur : ")
    assert cli.run("--lang", "en", "parole").stderr.startswith("Error: ")
    cli.env["LANGUAGE"] = "en"
    cli("new", "club", "--blinds", "1/2", "--cave", "100", "--lang", "fr")
    assert cli("seat", "alice") == "alice s'assied au siège 1 avec 100 jetons\n"
    assert cli("--lang", "en", "seat", "bob") == "bob sits in seat 2 with 100 chips\n"


def test_reports_in_french_money_and_dates_the_french_way(cli: Marquoir) -> None:
    french_table(cli)
    cli.play("deal\nraise 300\ncall\nallin\n" + "check\n" * 6 + "showdown 'carol > bob > alice'\n")
    text = cli("--lang", "fr", "report")
    assert text.startswith("Rapport Marquoir : club\n")
    assert "valeur du jeton  0,10\u00a0€" in text
    # bob won the side pot of 400 and lost 300 in the main pot: +100 chips, 10 euros
    assert "+10,00\u00a0€" in text
    assert "Tapis après chaque coup" in text
    date = re.search(r"date +(\S+ \S+ \d{4})", text)
    assert date and date.group(1).split()[1] in MONTHS
    markdown = cli("--lang", "fr", "report", "--format", "md")
    assert markdown.startswith("# Rapport Marquoir : club")
    assert "## Joueurs" in markdown and "## Règlement" in markdown
    html = cli("--lang", "fr", "report", "--format", "html")
    assert '<html lang="fr">' in html and "<h2>Coups</h2>" in html
    assert '<html lang="en">' in cli("report", "--format", "html")
    # data formats stay the same in every language
    assert cli("--lang", "fr", "report", "--format", "csv") == cli("report", "--format", "csv")


MONTHS = "janvier février mars avril mai juin juillet août septembre octobre novembre décembre"


def test_a_decimal_comma_is_read_and_an_unreadable_option_is_named(cli: Marquoir) -> None:
    assert "a chip is worth 0.10 EUR" in cli(
        "new", "club", "--blinds", "1/2", "--cave", "100", "--chip-value", "0,10"
    )
    done = cli.run("new", "other", "--blinds", "1/2", "--chip-value", "zero")
    assert done.returncode == 2 and "'--chip-value'" in done.stderr


# -- README.fr.md -------------------------------------------------------------------------------

README_FR = Path(__file__).resolve().parents[1] / "README.fr.md"


def test_the_french_readme_glossary_is_the_vocabulary() -> None:
    from tools.glossary import with_glossary

    text = README_FR.read_text(encoding="utf-8")
    assert text == with_glossary(text), "run python tools/glossary.py"
    assert "| relancer, relance, sur-relancer | `raise` |" in text


def test_the_french_readme_evening_records_the_english_one(tmp_path: Path) -> None:
    english, french = two_tables(tmp_path)
    text = README_FR.read_text(encoding="utf-8")
    script = text.split("<!-- soirée -->\n```text\n", 1)[1].split("```", 1)[0]
    french.play(script)
    english.play(
        "new vendredi --blinds 1/2 --cave 200 --chip-value 0.10 --lang fr\n"
        "seat alice\nseat bob\nseat carol\nseat dave --cave 100\n"
        "deal\nraise 6\ncall\nfold\ncall\ncheck\nbet 10\ncall\nfold\n"
        "check\ncheck\ncheck\ncheck\nshowdown 'alice > dave'\n"
    )
    assert events(french.db) == events(english.db) != []
    # the hand as the README tells it: alice wins the 39 chips
    assert [(p["name"], p["stack"]) for p in french.stacks_json()["players"]] == [
        ("alice", 223),
        ("bob", 199),
        ("carol", 194),
        ("dave", 84),
    ]


def test_undo_and_settle_in_french(cli: Marquoir) -> None:
    french_table(cli)
    cli.play("deal\nraise 300\ncall\nallin\n" + "check\n" * 6 + "showdown 'carol > bob > alice'\n")
    assert cli("--lang", "fr", "annuler").startswith("annulé : l'abattage carol > bob > alice\n")
    cli("showdown", "carol > bob > alice")
    cli("leave", "--all")
    settle = cli("--lang", "fr", "settle")
    assert settle.startswith("partie club : 1 jeton = ")
    # carol takes the main pot (300 for her 100: +200 chips, 20 euros), bob the side pot (400
    # for his 300: +100, 10 euros); alice lost her 300 (30 euros) and pays them both
    assert "  alice paie 20,00\u00a0€ à carol" in settle.splitlines()
    assert "  alice paie 10,00\u00a0€ à bob" in settle.splitlines()


# The README's Bouillotte and tournament scripts, as an English table types them.
README_ENGLISH = {
    "bouillotte": (
        "new salon --game bouillotte --passe 1 --cave 20 --chip-value 0.50 --lang fr\n"
        "seat armand\nseat berthe\nseat camille\nseat denis --cave 10\n"
        "deal\ncheck\ncheck\nopen 2\ncall\nfold\ncall\nparole\nabattre\n"
        # (English cards in a French session: --english)
        'showdown --english --retourne 9h denis="Ks Kd Kc" armand="Qh 8h Ac" camille="As Qs 9s"\n'
        "fine berthe\nstacks\n"
    ),
    "tournoi": (
        "new jeudi --tournament --buy-in 20 --fee 2 --stack 1000 --levels 25/50,50/100,100/200"
        " --bounty 5 --reentries 1 --late-until 2 --payouts 50/30/20 --lang fr\n"
        "seat anne\nseat bruno\nseat chloe\nseat david\n"
        "deal\nallin\nfold\nfold\ncall\nwin chloe\nreenter david\nlevel next\n"
        "pause\nresume\nplaces\n"
    ),
}


@pytest.mark.parametrize("marker", sorted(README_ENGLISH))
def test_the_french_readme_bouillotte_and_tournament_record_the_english_ones(
    tmp_path: Path, marker: str
) -> None:
    english, french = two_tables(tmp_path)
    text = README_FR.read_text(encoding="utf-8")
    script = text.split(f"<!-- {marker} -->\n```text\n", 1)[1].split("```", 1)[0]
    shown = french.play(script)
    english.play(README_ENGLISH[marker])
    assert events(french.db) == events(english.db) != []
    # what the README says Marquoir answers is what it answers
    answer = text.split(f"<!-- {marker} -->", 1)[1].split("```console\n", 1)[1].split("```")[0]
    for line in answer.splitlines():
        assert line == "..." or line in shown.splitlines(), line


# -- the tournament and Bouillotte in French --------------------------------------------------


def refused_in_french(cli: Marquoir, *args: str) -> str:
    """A command the rules refuse, in French: exit 1, nothing on stdout, one `Erreur :` line."""
    done = cli.run(*args)
    assert (done.returncode, done.stdout) == (1, ""), (args, done)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Erreur : "), done.stderr
    return lines[0].removeprefix("Erreur : ")


REBUY_TOURNAMENT = (
    "new t --tournament --buy-in 10 --stack 100 --levels 1/2,2/4 --rebuys 1 --rebuy-until 1"
    " --add-on 100 --add-on-price 10 --payouts 60/40\n"
    "seat ann\nseat bob\nseat cid\n"
)


def test_rebuys_and_the_add_on_in_french_words_record_the_english_events(
    tmp_path: Path,
) -> None:
    english, french = two_tables(tmp_path)
    # ann loses her 100 to bob on the first hand, buys back in, then all three take the add-on
    english.play(
        REBUY_TOURNAMENT + "deal\nallin\nallin\nfold\nwin bob\nrebuy ann\naddon ann\n"
        "addon bob\nlevel next\nchop --even\n"
    )
    french.play(
        REBUY_TOURNAMENT + "donner\ntapis\nva-tout\nse coucher\ngagne bob\nrachat ann\n"
        "add-on ann\nrecave finale bob\nniveau suivant\npartage --even\n"
    )
    assert events(french.db) == events(english.db) != []
    kinds = [row[2] for row in events(french.db)]
    assert kinds.count("rebuy") == 1 and kinds.count("addon") == 2 and "chop" in kinds


def test_a_tournament_speaks_french(cli: Marquoir) -> None:
    cli.play(REBUY_TOURNAMENT.replace("--payouts 60/40", "--payouts 60/40 --lang fr"))
    shown = cli.play("deal\nallin\nallin\nfold\nwin bob\n").splitlines()
    assert "ann n'a plus de jetons : éliminé sauf recave avant la prochaine donne" in shown
    assert cli("rachat", "ann") == "ann se recave de 100 : tapis 100 (recave 1 sur 1)\n"
    assert cli("niveau", "suivant") == "à la prochaine donne : niveau 2 sur 2 : 2/4\n"
    assert cli("pause") == "l'horloge est arrêtée : `resume` la relance\n"
    assert refused_in_french(cli, "pause") == "l'horloge est déjà arrêtée : `resume` la relance"
    assert cli("reprendre") == "l'horloge tourne de nouveau\n"
    # level 2 before its first hand is the break that ends the rebuy period: rebuys are
    # still open there, but ann has taken her one
    assert refused_in_french(cli, "rachat", "ann") == "ann a pris sa 1 recave"
    places = cli("classement").splitlines()
    # French money (a no-break space before €) and French plurals (1 recave, 0 add-on)
    assert places[0] == "tournoi t : 3 entrées, 1 recave, 0 add-on, dotation 40\u00a0€"
    assert places[1] == "gains : 1. 24\u00a0€, 2. 16\u00a0€"
    status = cli("état").splitlines()
    assert status[0].endswith("| niveau 2") and status[1].startswith("siège")
    report = cli("report")
    assert "\nTournoi\n-------\n" in report
    assert "dotation 40\u00a0€" in report and "niveaux 1/2, 2/4" in report
    assert "## Tournoi" in cli("report", "--format", "md")
    html = cli("report", "--format", "html")
    assert '<html lang="fr">' in html and "dotation 40\u00a0€" in html
    assert "Tournoi : la place, le prix et les primes" in cli("--lang", "fr", "places", "--help")
    assert "Exemples :\n    marquoir classement\n" in cli("--lang", "fr", "places", "-h")


def test_bouillotte_speaks_french(cli: Marquoir) -> None:
    cli.play(
        "new b --game bouillotte --passe 1 --cave 20 --lang fr\n"
        "seat armand\nseat berthe\nseat camille\n"
    )
    shown = cli.play("donner\n").splitlines()
    assert shown[-1] == "berthe parle, premier tour : ouvrir 1-20 | passer"
    assert cli.play("ouvrir 2\n").splitlines()[-1] == (
        "camille parle, premier tour : tenir 2 | passer (se coucher)"
    )
    assert (
        refused_in_french(cli, "abats")
        == "personne n'abat au premier tour : ouvrir, tenir (call) ou passer"
    )
    shown = cli.play("tenir\ntenir\n").splitlines()
    # the second turn: a raise to at most his cave of 20, the word passed on, or going
    assert shown[-1].endswith(
        " a la parole : relancer 3-20 | passer la parole | s'en aller (se coucher)"
    )


def test_every_command_s_help_is_in_french(cli: Marquoir) -> None:
    """`--lang fr CMD --help` for every command: the parser's words, the description and the
    examples' heading in French (the catalog test checks that every text has a translation;
    this checks that each help uses them)."""
    listing = cli("--help").split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    names = [line.split()[0] for line in listing.splitlines() if line.startswith("  ")]
    assert {"abattre", "parole", "fine", "level", "rebuy", "addon", "chop", "clock"} <= set(names)
    for name in names:
        english = cli(name, "--help")
        french = cli("--lang", "fr", name, "--help")
        # the usage line names the command with a French word where the table has one
        said = [word.lower() for word in FRENCH.get(name, [""])]
        assert any(french.startswith(f"Utilisation : marquoir {w}") for w in said), name
        assert "Exemples :" in french and "Examples:" not in french, name
        description = english.split("\n\n")[1]
        assert description not in french, (name, description)
