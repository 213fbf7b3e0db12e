"""English words that a French output must never show, and how to find them in a text.

A French session speaks French in every line a person reads: messages, tables, reports,
hand histories, the pages of `serve`. The list below is English that has a French word at a
French table (docs/glossary.md gives the choices): `check` is `parole`, `the round` is `le
tour`, `house` is `la maison`. Words that French players say as they are (`flop`, `all-in`,
`buy-in`, `deal` for a tournament's agreement, `ante`) are in `FRENCH_TOO` and never reported,
and so are words spelled the same in both languages (`pot`, `main`, `place`, `points`, `on`).

Options (`--record`, `--all`) are the same in every language (the command line's contract)
and are left out of the search; the data formats (JSON, CSV) are not prose and are not
searched at all.

    from tests.english_words import english_words
    assert english_words(text) == []
"""

from __future__ import annotations

import html
import re


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


# English that has a French word at the table. Lower case; a word with a hyphen is checked
# whole and by its parts (`seven-card` is `seven` and `card`).
ENGLISH = _words(
    """
    about after again all already amount amounts and another any anyone are at
    away back be been before being best big blind blinds both bring but button buy by call
    calls called can cannot card cards cash cashed check checks checked chip chips clock
    count counted currency dealer did does done down draw each eighth eliminated
    else entries entry even every fee fees fifth fold folds folded for fourth from game games
    has have he her him his hold holds host house if in into is it its kb last leave
    leaves left level levels limit limits lost lowest highest mb misdeal missing must next
    no nobody none not nothing of odd off only or out over paid pay pays per player players
    preflop pre-flop previous prize prizes raise raises raised rebuy rebuys record reenter
    reentry reopen report resume river round rule rules seat seats settle settled settlement
    seven seventh share shared should showing shows sit sits sitout sixth small spec stack stacks
    standings status street streets than that the their them then there these they third
    this those to tournament tournaments turn undo until up upcard up-card was were what
    when which while who whose will win wins with won worst you your
    """
) - {"or"}  # `or` is French too (gold; now): the words around it give a leak away

# Said as they are at a French table, or spelled the same in French.
FRENCH_TOO = _words(
    """
    a all-in add-on ante antes as bring-in buy-in buy-ins deal deals flop flops hold'em
    icm no-limit pot-limit fixed-limit main net on or place places pot pots points stud
    total fine
    """
)

_WORD = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿœŒ]+(?:['’-][A-Za-zÀ-ÖØ-öø-ÿœŒ]+)*")
_OPTION = re.compile(r"(?<![\w-])--?[a-z][a-z0-9-]*")


def english_words(text: str) -> list[str]:
    """The English words of `text` (each time it occurs, as written), options left out."""
    found = []
    for match in _WORD.finditer(_OPTION.sub(" ", text)):
        word = match.group().replace("’", "'").rstrip(".")
        key = word.lower()
        if key in FRENCH_TOO:
            continue
        parts = [key, *key.split("-")] if "-" in key else [key]
        if any(part in ENGLISH for part in parts):
            found.append(word)
    return found


# A decimal point or an English thousands comma between digits ("0.05", "15.0", "1,000"),
# and a time written the English way ("9:23"): French writes "0,05", "1 000", "9 h 23".
_ENGLISH_NUMBER = re.compile(r"(?<![\w.,/])\d+(?:\.\d+|,\d{3}(?!\d))(?![\w.,]\d)")
_ENGLISH_TIME = re.compile(r"(?<![\w:])\d{1,2}:\d{2}(?![\w:])")


def english_numbers(text: str) -> list[str]:
    """The numbers of `text` written the English way: a decimal point, a thousands comma,
    a time `9:23`."""
    return [m.group() for m in _ENGLISH_NUMBER.finditer(text)] + [
        m.group() for m in _ENGLISH_TIME.finditer(text)
    ]


def visible_text(page: str) -> str:
    """What a person reads on an HTML page: the text between the tags and the attributes
    that are read out or shown (`title`, `alt`, `aria-label`, `placeholder`), without the
    style sheet and the scripts, the entities decoded."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    shown = re.findall(r"""\b(?:title|alt|aria-label|placeholder)="([^"]*)\"""", page)
    text = re.sub(r"<!--.*?-->", " ", page, flags=re.S)
    text = re.sub(r"<[^>]*>", " ", text)
    return html.unescape(" ".join([text, *shown]))
