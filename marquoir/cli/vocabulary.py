"""The French words at the table: the one table that turns them into Marquoir's commands.

Every way in reads a line's first word(s) here (`to_english`, called by `runner.run_line`
before the fast path and typer see the line, and so by `play`), the typer app's help lists
the table (`glossary_lines`) and README.fr.md's glossary is generated from it (a test keeps
the two in step). A word matches in any case, with or without its accents, with `-` or a
space (`va-tout`, `va tout`) and with a straight or a curly apostrophe (`s'en aller`).
"""

from __future__ import annotations

import re
import unicodedata

# The French words (or phrases) for each command, the first one the usual word, and what the
# word means at the table (for the help and the glossary). Never two commands for one word.
VOCABULARY: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("check", ("parole", "checker", "checke"), "parler sans miser (Bouillotte : passer la parole)"),
    (
        "call",
        ("suivre", "suis", "suivi", "tenir", "tiens", "voir", "vois", "payer", "paie", "paye"),
        "suivre la mise",
    ),
    ("bet", ("miser", "mise", "misé"), "miser N jetons (le total du tour)"),
    (
        "raise",
        ("relancer", "relance", "sur-relancer"),
        "relancer à N : la mise du tour est à N (un total)",
    ),
    (
        "raise-by",
        ("relancer de", "relance de"),
        "relancer de N : N de plus que la mise à suivre (une augmentation)",
    ),
    (
        "allin",
        ("tapis", "va-tout", "vatout", "faire tapis", "fais tapis", "faire va-tout", "all-in"),
        "faire tapis",
    ),
    (
        "fold",
        ("se coucher", "coucher", "couché", "je me couche", "s'en aller", "s'en va", "filer"),
        "abandonner le coup",
    ),
    ("pass", ("passe", "passer", "je passe"), "passer : parole sans mise, couché après une mise"),
    ("open", ("ouvrir", "ouvre", "j'ouvre"), "ouvrir de N (jackpots, Bouillotte)"),
    ("deal", ("donner", "donne"), "donner : un nouveau coup"),
    ("undo", ("annuler",), "annuler la dernière écriture"),
    ("win", ("gagne", "gagner"), "gagne JOUEUR... : qui gagne le pot"),
    (
        "abattre",
        ("abattre", "abats", "j'abats"),
        "Bouillotte : tenir la dernière relance et abattre",
    ),
    ("showdown", ("abattage",), "abattage : le classement des mains"),
    ("status", ("état", "où en est-on"), "la table en ce moment"),
    ("stacks", ("jetons", "tapis des joueurs"), "les tapis et les résultats"),
    ("seat", ("asseoir", "s'asseoir", "assoir"), "asseoir JOUEUR (--cave N : sa cave)"),
    ("recave", ("se recaver", "recaver"), "recave JOUEUR [N] : entre deux coups"),
    ("leave", ("part", "partir", "quitte la table"), "part JOUEUR : il quitte la table"),
    ("leave --all", ("part tout le monde", "tout le monde part"), "fin de soirée : tous partent"),
    ("new", ("nouvelle", "nouvelle partie"), "nouvelle partie NOM"),
    ("button", ("bouton",), "bouton JOUEUR : le bouton au prochain coup"),
    ("first", ("premier", "premier en cartes"), "stud : qui parle le premier"),
    ("bringin", ("apporter",), "stud : le bring-in"),
    ("false-open", ("ouverture à faux", "ouvrir à faux", "faux ouvreur"), "ouvreur à faux"),
    ("settle", ("régler", "qui paie qui"), "qui paie qui"),
    ("count", ("compter",), "compter les jetons"),
    ("report", ("rapport", "bilan"), "le rapport de la soirée"),
    ("fine", ("amende", "amender"), "amende JOUEUR [N] : une amende pour le prochain pot"),
    ("clef", ("pot à la clef", "la clef"), "jackpots : le pot à la clef, la mise au pot doublée"),
    ("level", ("niveau",), "tournoi : niveau suivant, précédent ou N"),
    ("pause", ("pause", "faire une pause"), "tournoi : arrêter l'horloge"),
    ("resume", ("reprendre", "reprise"), "tournoi : relancer l'horloge après la pause"),
    ("rebuy", ("rachat", "racheter", "se racheter"), "tournoi : la recave (rebuy) d'un joueur"),
    ("addon", ("add-on", "recave finale"), "tournoi : l'add-on, à la fin des recaves"),
    (
        "reenter",
        ("réentrée", "ré-entrée", "réinscription", "se réinscrire"),
        "tournoi : une nouvelle entrée après élimination",
    ),
    ("places", ("classement",), "tournoi : les places et les prix"),
    ("chop", ("partage", "partager", "accord"), "tournoi : le partage (deal) des prix"),
    ("clock", ("horloge", "pendule"), "tournoi : l'horloge en plein écran"),
    ("chips", ("jetons de départ", "répartition"), "tournoi : le tapis de départ en jetons"),
    ("race", ("course aux jetons", "course"), "tournoi : la course aux jetons (chip race)"),
    ("out", ("éliminé", "élimination"), "plusieurs tables : éliminé JOUEUR [--by JOUEUR]"),
    ("move", ("déplacer", "déplace"), "plusieurs tables : déplacer JOUEUR T:S"),
    ("balance", ("équilibrer", "équilibre"), "plusieurs tables : les tables et qui déplacer"),
    (
        "blinds",
        ("blindes", "changer les blindes"),
        "blindes 2/4 : les blindes des donnes suivantes",
    ),
    ("reopen", ("rouvrir",), "rouvrir une partie réglée"),
    ("sitout", ("s'absenter", "absent"), "s'absenter JOUEUR : il ne joue pas les coups suivants"),
    ("back", ("revenir", "de retour"), "revenir JOUEUR : il rejoue"),
    ("use", ("changer de partie",), "changer de partie NOM : elle devient la partie en cours"),
    ("sessions", ("parties",), "les parties du fichier"),
    ("play", ("jouer",), "le mode interactif, ou un script de commandes"),
    ("export", ("exporter",), "exporter le grand livre ou les coups (csv, json, phh)"),
    ("import", ("importer",), "importer des historiques de coups (phh)"),
    ("standings", ("championnat", "saison"), "le classement du club sur plusieurs parties"),
    ("verify", ("vérifier",), "rejouer le journal et le comparer au fichier"),
    ("backup", ("sauvegarder",), "sauvegarder FICHIER : une copie de la base"),
)


def normalize(text: str) -> str:
    """A word as the table is keyed: no accents, any case, `-` as a space, one apostrophe."""
    plain = unicodedata.normalize("NFD", text.replace("’", "'"))
    plain = "".join(char for char in plain if not unicodedata.combining(char))
    return " ".join(plain.casefold().replace("-", " ").split())


def _table() -> dict[str, str]:
    table: dict[str, str] = {}
    for command, words, _meaning in VOCABULARY:
        for word in words:
            key = normalize(word)
            assert table.setdefault(key, command) == command, f"{word!r}: two commands"
    return table


FRENCH = _table()
LONGEST = max(len(key.split()) for key in FRENCH)


def to_english(args: list[str]) -> list[str]:
    """The line with its French first word(s) turned into the command (`relance 40`).

    A table speaks in sentences: `je` before the verb is dropped (`je suis`, `je relance à
    6`), and after `relance` the small word says how the amount counts: *à* a total (`relance
    à 6`: `raise 6`), *de* an increase over the bet to call (`relance de 10`: `raise-by 10`).
    """
    if not args or args[0].startswith("-"):
        return args
    found = _command(args)
    if found is None and args[0] in AMOUNT_VERBS:  # `j'ouvre de 4`: `play` spelt `open de 4`
        found = [args[0]], args[1:]
    if found is None and len(args) > 1 and normalize(args[0]) == "je":
        found = _command(args[1:]) or ([], args[1:])  # an unknown verb: it is the one to suggest
    if found is None:
        return args
    command, rest = found
    if command == ["raise"] and len(rest) > 1 and normalize(rest[0]) in AMOUNT_WORDS:
        return [AMOUNT_WORDS[normalize(rest[0])], *rest[1:]]
    if command == ["open"] and len(rest) > 1 and normalize(rest[0]) in AMOUNT_WORDS:
        return [*command, *rest[1:]]  # (an opening has no bet before it: *de* is *à*)
    return [*command, *rest]


# After `relance`: *à* N, the total for the round; *de* N, N more than the bet to call.
AMOUNT_WORDS = {"a": "raise", "de": "raise-by"}
# The commands whose amount a French table says with *à* or *de* (runner.py reads the same).
AMOUNT_VERBS = ("raise", "open")


def _command(args: list[str]) -> tuple[list[str], list[str]] | None:
    """The command of the line's first words (a command may carry its option: `leave --all`)
    and the words after them; None when the first word is not French."""
    for count in range(min(LONGEST, len(args)), 0, -1):
        command = FRENCH.get(normalize(" ".join(args[:count])))
        if command is not None:
            return command.split(), args[count:]
    return None


# The usual French word of each command (the first of its words).
SAID = {command: words[0] for command, words, _meaning in VOCABULARY}


def french_line(args: list[str]) -> list[str]:
    """An English command line with its command said the French way (`raise 60` ->
    `relancer 60`, `leave --all` -> `part tout le monde`): the help's examples in French."""
    for count in (2, 1):
        said = SAID.get(" ".join(args[:count])) if len(args) >= count else None
        if said is not None:
            return [*said.split(), *args[count:]]
    return args


def _apostrophe_phrases() -> list[tuple[re.Pattern[str], str]]:
    """The phrases with an apostrophe, as patterns matching the start of a line."""
    patterns = []
    for command, words, _meaning in VOCABULARY:
        for word in (w for w in words if "'" in w):
            parts = r"\s+".join(re.escape(part) for part in word.split()).replace("'", "['’]")
            patterns.append((re.compile(r"\s*" + parts + r"(?=\s|$)", re.IGNORECASE), command))
    return patterns


def spell_out_apostrophes(line: str) -> str:
    """A `play` line whose first words are a phrase with an apostrophe, with its command."""
    if "'" not in line and "’" not in line:
        return line
    # `play` reads its lines with shlex, which takes this apostrophe for a quote
    for pattern, command in _apostrophe_phrases():
        found = pattern.match(line)
        if found:
            return command + line[found.end() :]
    return line


def nearest(word: str, *, french: bool, commands: list[str]) -> str | None:
    """The known word nearest to an unknown one; on a near tie, the user's language wins."""
    import difflib  # only when a word is unknown

    key = normalize(word)
    spoken = {normalize(w): w for _command, words, _meaning in VOCABULARY for w in words}
    best: tuple[float, str] | None = None
    for candidates, own in ((list(spoken), french), (commands, not french)):
        for candidate in candidates:
            score = difflib.SequenceMatcher(None, key, candidate).ratio() + (0.05 if own else 0)
            if score >= 0.6 and (best is None or score > best[0]):
                best = (
                    score,
                    spoken.get(candidate, candidate) if candidates is not commands else candidate,
                )
    return None if best is None else best[1]


def glossary_lines() -> list[str]:
    """The vocabulary as Markdown table rows: the French words, the command, the meaning."""
    rows = ["| Français | Commande | Sens |", "| --- | --- | --- |"]
    for command, words, meaning in VOCABULARY:
        rows.append(f"| {', '.join(words)} | `{command}` | {meaning} |")
    return rows


def help_text(title: str) -> str:
    """The French words under `title`, one command a line, for the app's help (`\b` keeps
    click from rewrapping the lines)."""
    from ..domain.i18n import colon

    lines = [f"  {command}{colon()} {', '.join(words)}" for command, words, _meaning in VOCABULARY]
    return "\b\n" + title + "\n" + "\n".join(lines)
