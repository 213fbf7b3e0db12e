"""A session created in French speaks French to every command on it, understands the table's
phrasings, and reads the cards the French way.

The machine's locale is English here (`LANG=C`, no `LANGUAGE`): only `new ... --lang fr`
asks for French. The expected texts are written by hand from the French catalog's choices
and the rules (a raise *de* N is N over the bet to call, TDA 2024 rule 43-A's total
otherwise), never copied from the program's output. Equivalence tests compare the event log
of an evening typed in French with the same evening typed in Marquoir's English commands.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
import typer

from .english_words import english_words
from .installed import NOT_INSTALLED, Marquoir

pytestmark = NOT_INSTALLED

HOLDEM_FR = "nouvelle vendredi --blinds 1/2 --cave 200 --chip-value 0,10 --lang fr\n"
HOLDEM_EN = "new vendredi --blinds 1/2 --cave 200 --chip-value 0.10 --lang fr\n"
SEATS = "seat alice\nseat bob\nseat carol\n"


def english_machine(tmp_path: Path, name: str = "t") -> Marquoir:
    """`marquoir` on a machine whose locale says nothing of French."""
    (tmp_path / name).mkdir()
    cli = Marquoir(tmp_path / name, in_process=True)
    cli.env.update(LANGUAGE="", LC_ALL="", LC_MESSAGES="", LANG="C")
    return cli


def events(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT session_id, hand_no, kind, data, undone FROM events ORDER BY id"
        ).fetchall()


@pytest.fixture
def french(tmp_path: Path) -> Marquoir:
    """A French hold'em session, three players seated, created with `--lang fr` only."""
    cli = english_machine(tmp_path)
    cli.play(HOLDEM_FR + SEATS)
    return cli


# -- the session's language rules every word ---------------------------------------------------


def usage_error(cli: Marquoir, *args: str) -> str:
    done = cli.run(*args)
    assert (done.returncode, done.stdout) == (2, ""), (args, done)
    return done.stderr


def test_an_unknown_word_is_refused_in_french(french: Marquoir) -> None:
    assert usage_error(french, "relancr", "5") == (
        "Erreur : Commande inconnue\u202f: 'relancr'. Vouliez-vous dire 'relancer'\u202f?\n"
    )
    # after `je`, the word that follows is the one suggested
    assert usage_error(french, "je", "relancr", "5") == (
        "Erreur : Commande inconnue\u202f: 'relancr'. Vouliez-vous dire 'relancer'\u202f?\n"
    )


def test_the_parser_s_errors_are_in_french_with_french_value_names(french: Marquoir) -> None:
    assert usage_error(french, "asseoir") == "Erreur : Argument manquant\u202f: 'JOUEUR'.\n"
    assert usage_error(french, "relance").startswith("Erreur : Argument manquant\u202f: 'JETONS'.")
    assert usage_error(french, "relance", "abc").startswith(
        "Erreur : Valeur invalide pour 'JETONS'\u202f: "
    )
    # a choice refused: no "Value error, ... is not one of" from the parser's libraries
    refused = usage_error(french, "nouvelle", "x", "--game", "belote")
    assert refused.startswith("Erreur : Valeur invalide pour '--game'\u202f: 'belote' n'est pas")
    assert "Value error" not in refused and "is not one of" not in refused


def test_a_script_s_error_line_is_in_french(french: Marquoir) -> None:
    # the first line: nothing of the session has been read yet when it is refused
    done = french.run("play", stdin="relancr 6\n")
    assert done.returncode == 1
    assert done.stderr == (
        "Erreur : ligne 1\u202f: Commande inconnue\u202f: 'relancr'. "
        "Vouliez-vous dire 'relancer'\u202f?\n"
    )


def test_the_help_of_a_command_is_in_french(french: Marquoir) -> None:
    shown = french("relance", "--help")
    assert shown.startswith("Utilisation\u202f: marquoir relancer [OPTIONS] JETONS\n")
    assert "  --as JOUEUR  " in shown
    assert "Exemples\u202f:\n    marquoir relancer 60 " in shown
    shown = french("nouvelle", "--help")
    assert "Utilisation\u202f: marquoir nouvelle [OPTIONS] NOM\n" in shown
    assert "marquoir nouvelle vendredi --blinds 1/2 --cave 200 --chip-value 0,10 " in shown
    # chips are JETONS, a count stays N (the players a tournament expects: not JOUEUR...)
    assert "--cave JETONS " in shown and "--players N " in shown
    assert "FICHIER" in french("play", "--help")
    whole = french("--help")
    # click's own name for the commands, COMMAND [ARGS]..., is French too
    assert whole.startswith("Utilisation\u202f: marquoir [OPTIONS] COMMANDE [ARGUMENTS]...\n")
    assert "\n  Les mots français de la table " in whole and "French words" not in whole
    # the headings take French typography, the commands are named by the table's words
    assert "\nOptions\u202f:\n" in whole and "\nCommandes\u202f:\n" in whole
    listed = whole.split("\nCommandes\u202f:\n")[1].split("\n\n")[0]
    names = [line[2:22].strip() for line in listed.splitlines() if line[2:3] != " "]
    for said in ("nouvelle", "donner", "checker", "se coucher", "parties", "jouer", "championnat"):
        assert said in names
    for english in ("new", "deal", "check", "fold", "sessions", "play", "standings"):
        assert english not in names
    assert "    check\u202f: parole, checker, checke\n" in whole
    assert "Examples" not in shown and "Usage" not in shown and "PLAYER" not in shown


def test_the_card_examples_of_the_help_are_in_french_notation(french: Marquoir) -> None:
    """A French session reads cards the French way (`c` is cœur, `p` pique, `k` carreau,
    `t` trèfle): the help's examples are written so, and the example at the table works."""
    shown = french("abattage", "--help")
    assert 'marquoir abattage --board "Ac Rk 7t 2p 9c" alice="Ap Rp" bob="Dc Dk"\n' in shown
    assert '--retourne Ac armand="Rp Rk Rt" berthe="Dc 9c 8c"' in shown
    french.play("donner\nsuivre\nsuivre\nparole\n" + "parole\nparole\nparole\n" * 3)
    said = french(
        "abattage", "--board", "Ac Rk 7t 2p 9c", "alice=Ap Rp", "bob=Dc Dk", "carol=3t 4t"
    )
    # A♠ K♠ on A♥ K♦ 7♣ 2♠ 9♥: two pair, aces and kings, beats bob's queens; 3 x 2 = 6
    assert "alice\u202f: deux paires, as et rois (Ap Rp Ac Rk 9c)" in said
    assert said.splitlines()[-1].startswith("coup 1 fini | alice 204 (+4)")


# The values some options take, which the command line's contract spells the same in every
# language (`--game draw`, `--second-round dealer|opener`), and `limit`, which the French table
# says as it is (`no limit`, `pot limit`, `limit`: docs/glossary.md).
CONTRACT_WORDS = {"draw", "dealer", "opener", "limit"}


def test_no_command_s_help_says_english_in_a_french_session(french: Marquoir) -> None:
    """Every command's `--help` on a French session: its text, its value names, its examples
    (the short forms of `play`, the values of the examples), French."""
    from marquoir.cli.app import app

    leaks = {}
    for name in sorted(typer.main.get_command(app).commands):  # type: ignore[attr-defined]
        shown = french(name, "--help")
        text = re.sub(r"\S+\|\S+|\bno limit\b", " ", shown)  # (choices: contract values)
        found = [w for w in english_words(text) if w.lower() not in CONTRACT_WORDS]
        if found:
            leaks[name] = found
    assert leaks == {}


def test_the_words_the_help_lists_are_commands(french: Marquoir) -> None:
    """The French words the main help gives for a command reach that command."""
    for said, usage in (
        (["checker"], "marquoir parole [OPTIONS]"),  # `check`, said the table's way
        (["parties"], "marquoir parties [OPTIONS]"),
        (["championnat"], "marquoir championnat [OPTIONS] [FICHIER...]"),
        (["s'absenter"], "marquoir s'absenter [OPTIONS] JOUEUR"),
    ):
        assert french(*said, "--help").startswith(f"Utilisation\u202f: {usage}\n"), said
    assert french("parties").startswith("* ")
    french("asseoir", "anne")
    assert "anne" in french("s'absenter", "anne")


def test_the_line_that_creates_a_french_session_refuses_in_french(tmp_path: Path) -> None:
    """`nouvelle ... --lang fr` on a machine whose locale is English: its own refusals are
    French (before the fix: "Error: Invalid value for '--blinds'", "Possible options")."""
    cli = english_machine(tmp_path)
    refused = usage_error(cli, "nouvelle", "v", "--lang", "fr", "--blinds", "x")
    assert refused.startswith("Erreur : Valeur invalide pour '--blinds'\u202f: ")
    assert usage_error(cli, "nouvelle", "v", "--lang=fr", "--blind", "1/2") == (
        "Erreur : Option inconnue\u202f: --blind "
        "(options possibles\u202f: --betting, --blinds, --buy-in)\n"
    )
    done = cli.run("nouvelle", "v", "--game", "draw", "--open", "jacks", "--lang", "fr")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == "Erreur : les jackpots demandent une ante de chaque joueur (--ante N)\n"
    assert not cli.db.exists() or "v" not in cli("sessions")
    # English as before, for a line that does not create a French session
    assert usage_error(cli, "new", "v", "--blind", "1/2").startswith(
        "Error: No such option: --blind (Possible options: "
    )


def test_lang_en_still_wins(french: Marquoir) -> None:
    assert usage_error(french, "--lang", "en", "seat") == "Error: Missing argument 'PLAYER'.\n"
    assert french("--lang", "en", "raise", "--help").startswith(
        "Usage: marquoir raise [OPTIONS] N\n"
    )
    assert french("--lang", "en", "--help").startswith(
        "Usage: marquoir [OPTIONS] COMMAND [ARGS]...\n"
    )
    done = french.run("--lang", "en", "play", stdin="deal\nraize 6\n")
    assert done.stderr == "Error: line 2: No such command 'raize'. Did you mean 'raise'?\n"


def test_one_process_follows_each_session_s_language(french: Marquoir) -> None:
    """`play` (one process, one command tree) on a French session, then on an English one:
    each line speaks the language of the session it runs on."""
    done = french.run("play", stdin="new evening --blinds 1/2 --cave 100 --lang en\nseat\n")
    assert done.stderr == "Error: line 2: Missing argument 'PLAYER'.\n"
    french("use", "vendredi")
    assert usage_error(french, "asseoir") == "Erreur : Argument manquant\u202f: 'JOUEUR'.\n"


# -- the words a French table says --------------------------------------------------------------


def same_evening(tmp_path: Path, english: str, french: str) -> tuple[Marquoir, list[Any]]:
    """The evening typed in English commands, and in French words (with `play`, and one
    command at a time): the three event logs must be the same; returns the French table."""
    en = english_machine(tmp_path, "en")
    en.play(english)
    played = english_machine(tmp_path, "fr-play")
    played.play(french)
    single = english_machine(tmp_path, "fr-one")
    for line in french.splitlines():
        done = single.run(*line.split())
        assert (done.returncode, done.stderr) == (0, ""), (line, done.stderr)
    assert events(played.db) == events(en.db) == events(single.db) != []
    return played, events(en.db)


def test_a_hold_em_hand_in_the_table_s_phrasings_records_the_english_hand(
    tmp_path: Path,
) -> None:
    # blinds 1/2, alice on the button acts first: *à* 6 is a total; bob (small blind 1)
    # raises *de* 10 over the 6 to call: 16; carol raises *de* 10 over 16: 26
    english = (
        HOLDEM_EN
        + SEATS
        + (
            "deal\nraise 6\nraise 16\nraise 26\ncall\nfold\n"  # alice calls, bob folds
            "bet 10\ncall\ncheck\ncheck\nallin\ncall\n"
        )
    )
    french = (
        HOLDEM_FR
        + SEATS
        + (
            "donner\nje relance à 6\nje relance de 10\nrelance de 10\nje paie\nje me couche\n"
            "je mise 10\nje suis\nje passe\nchecke\nje fais tapis\npaye\n"
        )
    )
    same_evening(tmp_path, english, french)


def test_jackpots_open_de_and_raise_de_in_play_and_one_command_at_a_time(tmp_path: Path) -> None:
    # ante 1 each; the opener opens *de* 4 (nothing before: a total of 4), the next player
    # raises *de* 4 over the 4 to call: 8
    new = "new j --game draw --open jacks --ante 1 --cave 100 --lang fr\nseat a\nseat b\nseat c\n"
    same_evening(
        tmp_path, new + "deal\nopen 4\nraise 8\n", new + "deal\nj'ouvre de 4\nrelance de 4\n"
    )


@pytest.mark.parametrize(
    "word", ["je suis", "suivi", "je paie", "je paye", "paye", "je tiens", "Je Paie"]
)
def test_every_way_to_call(tmp_path: Path, word: str) -> None:
    same_evening(
        tmp_path, HOLDEM_EN + SEATS + "deal\ncall\n", HOLDEM_FR + SEATS + f"donner\n{word}\n"
    )


@pytest.mark.parametrize("word", ["je fais tapis", "all-in", "All-In", "fais tapis"])
def test_every_way_to_go_all_in(tmp_path: Path, word: str) -> None:
    same_evening(
        tmp_path, HOLDEM_EN + SEATS + "deal\nallin\n", HOLDEM_FR + SEATS + f"donner\n{word}\n"
    )


def test_je_passe_in_hold_em_checks_when_nothing_is_owed_and_asks_when_a_bet_is(
    tmp_path: Path,
) -> None:
    # the big blind, nothing to call: a check
    french, _events = same_evening(
        tmp_path,
        HOLDEM_EN + SEATS + "deal\ncall\ncall\ncheck\n",
        HOLDEM_FR + SEATS + "donner\nsuivre\nsuivre\nje passe\n",
    )
    french.play("miser 4\n")  # bob bets 4 on the flop: carol owes 4
    before = events(french.db)
    done = french.run("je", "passe")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.startswith("Erreur : parole ou se coucher\u202f?")
    assert events(french.db) == before  # nothing recorded


def test_part_tout_le_monde_is_leave_all(tmp_path: Path) -> None:
    same_evening(
        tmp_path, HOLDEM_EN + SEATS + "leave --all\n", HOLDEM_FR + SEATS + "part tout le monde\n"
    )


TOURNOI = (
    "new cup --tournament --buy-in 20 --stack 1000 --levels 25/50,50/100 --rebuys 2 "
    "--rebuy-until 2 --lang fr\nseat ann\nseat bob\nseat cid\n"
    "deal\nallin\ncall\nfold\nwin bob\n"
)


def test_recave_in_a_tournament_is_a_rebuy(tmp_path: Path) -> None:
    same_evening(tmp_path, TOURNOI + "rebuy ann\n", TOURNOI + "recave ann\n")


# -- cards in French -----------------------------------------------------------------------------

HAND = "deal\ncall\ncall\ncheck\n" + "check\ncheck\ncheck\n" * 3
BOARD_EN = 'showdown --board "Ah Kd 7c 2s 9h" alice="As Ks" bob="Qh Qd" carol="Ac Kc"'
# the same cards the French way: h cœur -> c, d carreau -> k, c trèfle -> t, s pique -> p
BOARD_FR = 'abattage --board "Ac Rk 7t 2p 9c" alice="Ap Rp" bob="Dc Dk" carol="At Rt"'


def test_french_cards_record_the_english_showdown_and_are_shown_the_french_way(
    tmp_path: Path,
) -> None:
    en = english_machine(tmp_path, "en")
    en.play(HOLDEM_EN.replace(" --lang fr", "") + SEATS + HAND + BOARD_EN + "\n")
    fr = english_machine(tmp_path, "fr")
    shown = fr.play(HOLDEM_FR + SEATS + HAND + BOARD_FR + "\n").splitlines()
    assert events(fr.db) == events(en.db) != []
    # alice: aces and kings with the ace of hearts, the king of diamonds and the nine of hearts
    assert "alice\u202f: deux paires, as et rois (Ap Rp Ac Rk 9c)" in shown
    assert "bob\u202f: paire de dames (Dc Dk Ac Rk 9c)" in shown


def test_english_cards_need_english_in_a_french_session(tmp_path: Path) -> None:
    fr = english_machine(tmp_path, "fr")
    fr.play(HOLDEM_FR + SEATS + HAND)
    done = fr.run("showdown", "--board", "Ah Kd 7c 2s 9h", "alice=As Ks", "bob=Qh Qd")
    assert (done.returncode, done.stdout) == (2, "")
    assert "en notation française" in done.stderr and "'Ah'" in done.stderr
    assert "--english" in done.stderr
    shown = fr("showdown", "--english", "--board", "Ah Kd 7c 2s 9h", "alice=As Ks", "bob=Qh Qd")
    assert shown.splitlines()[0] == "alice: two pair, aces and kings (As Ks Ah Kd 9h)"


def test_the_session_s_language_decides_what_c_means(tmp_path: Path) -> None:
    """`Ac`: the ace of clubs at an English table, the ace of hearts (cœur) at a French one."""
    en = english_machine(tmp_path, "en")
    en.play("new e --blinds 1/2 --cave 200\n" + SEATS + HAND)
    # clubs: a flush for alice with the board's three clubs
    shown = en("showdown", "--board", "2c 5c 9c Kd 3h", "alice=Ac 7c", "bob=Ah Kh")
    assert shown.splitlines()[0].startswith("alice: couleur")
    fr = english_machine(tmp_path, "fr")
    fr.play(HOLDEM_FR + SEATS + HAND)
    # hearts: the same letters make no flush at a French table; bob's pair of kings wins
    shown = fr("abattage", "--board", "2c 5c 9c Rk 3t", "alice=Ap 7p", "bob=At Rt")
    assert "abattage\u202f: bob > alice" in shown


def test_the_bouillotte_deck_s_ranks_in_its_errors(tmp_path: Path) -> None:
    fr = english_machine(tmp_path, "fr")
    fr.play(
        "nouvelle salon --game bouillotte --passe 1 --cave 20 --lang fr\n"
        "asseoir armand\nasseoir berthe\nasseoir camille\nasseoir denis --cave 10\n"
        "donner\npasse\npasse\nouvrir 2\ntenir\nje passe\ntenir\nparole\nabats\n"
    )
    refused = fr.run(
        "abattage", "--retourne", "7c", "denis=Rp Rk Rt", "armand=Dc 8c At", "camille=Ap Dp 9p"
    )
    assert refused.returncode == 1
    assert refused.stderr == (
        "Erreur : il n'y a pas de 7c dans le jeu de Bouillotte (A, R, D, 9, 8) (la retourne)\n"
    )
    refused = fr.run("abattage", "--retourne", "9c", "denis=Rp Rk Zt", "armand=Dc 8c At")
    assert refused.returncode == 2 and "(rang A, R, D, 9, 8\u202f;" in refused.stderr
