"""The language of the messages: English (the default, at no cost) or French (a gettext
catalog, `marquoir/locale/fr/LC_MESSAGES/marquoir.mo`, read on the first French message).

The command line sets the language (`--lang fr|en`); without it, the locale does
(`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG` = fr_*). Messages are wrapped in `_()` and
formatted after translation: `_("{player} folds").format(player=name)`.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

LANGUAGES = ("en", "fr")
_language: str | None = None
_chosen = False  # the command line chose the language (--lang): a session's does not count


# French puts a narrow no-break space (U+202F) before `:` `;` `?` `!`; the catalog's
# translations are typed with a plain space, and get the narrow one as they are read. The
# error prefix is the one exception: `Erreur : ` is what scripts look for (the command
# line's contract), written as it always was.
KEPT_AS_TYPED = frozenset({"Error: "})


def french_typography(text: str) -> str:
    """French text with a narrow no-break space before `:` `;` `?` `!` (where the text has a
    space or a no-break space): `pot : 3` becomes `pot\u202f: 3`."""
    for mark in ":;?!":
        if mark in text:  # (str.replace: no regular expression on the table's path)
            text = text.replace(" " + mark, "\u202f" + mark).replace(
                "\u00a0" + mark, "\u202f" + mark
            )
    return text


def colon() -> str:
    """The colon after a name in a line put together by hand (`alice: two pair`): with a
    narrow no-break space before it in French (`alice : deux paires`)."""
    return "\u202f:" if language() == "fr" else ":"


class Catalog:
    """A compiled gettext catalog (.mo, as Babel writes it), read as it lies on the disk.

    `gettext.GNUTranslations` decodes every message when it loads, which grows with the
    catalog; here loading is reading the file, and a message is found by a binary search in
    the .mo's table of originals (sorted, as gettext's own lookup assumes), then kept.
    """

    def __init__(self, data: bytes) -> None:
        import struct

        (magic,) = struct.unpack("<I", data[:4])
        self._order = "<" if magic == 0x950412DE else ">"
        _revision, count, originals, translations = struct.unpack(self._order + "4I", data[4:20])
        self._data, self._count = data, count
        self._originals, self._translations = originals, translations
        self._found: dict[str, str] = {}
        self._unpack = struct.unpack_from

    def _text(self, table: int, index: int) -> bytes:
        length, offset = self._unpack(self._order + "2I", self._data, table + 8 * index)
        return self._data[offset : offset + length]

    def _lookup(self, key: str) -> str | None:
        """The translation stored under `key`, None when the catalog lacks it."""
        wanted, low, high = key.encode(), 0, self._count
        while low < high:
            middle = (low + high) // 2
            original = self._text(self._originals, middle)
            if original < wanted:
                low = middle + 1
            elif original > wanted:
                high = middle
            else:
                return self._text(self._translations, middle).decode() or None
        return None

    def gettext(self, message: str) -> str:
        """The translation of `message`, or the message itself when the catalog lacks it."""
        found = self._found.get(message)
        if found is None:
            found = self._lookup(message) or message
            if message not in KEPT_AS_TYPED:
                found = french_typography(found)
            self._found[message] = found
        return found

    def ngettext(self, singular: str, plural: str, count: int) -> str:
        """The French form of a message with a count (`plural=(n > 1)`: 0 and 1 take the
        singular, as the .po's header says); the English forms when the catalog lacks it."""
        key = f"{singular}\x00{plural}"  # gettext keeps both English forms under one key
        forms = self._found.get(key)
        if forms is None:
            forms = french_typography(self._lookup(key) or key)
            self._found[key] = forms
        singular, _nul, plural = forms.partition("\x00")
        return plural if count > 1 and plural else singular


_catalog: Catalog | None = None


def set_language(lang: str | None) -> None:
    """Speak `lang` ("en" or "fr", from `--lang`); None goes back to the locale's language."""
    global _language, _chosen
    _language, _chosen = lang, lang is not None


def follow_session(lang: str) -> None:
    """Speak the session's language (`new --lang fr`), unless `--lang` chose another."""
    global _language
    if lang in LANGUAGES and not _chosen:
        _language = lang


def session_language(lang: str) -> str:
    """The language of a session's output: `--lang`'s, else the session's (`new --lang fr`),
    else the locale's; for a process that shows several sessions (`serve`), where
    follow_session would carry one session's language over to the next."""
    if _chosen or lang not in LANGUAGES:
        return language()
    return lang


def language() -> str:
    """The language the messages are printed in: "fr" or "en"."""
    global _language
    if _language is None:
        _language = "en"
        for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
            value = os.environ.get(variable)
            if value:  # POSIX: the first one set decides
                _language = "fr" if value.lower().startswith("fr") else "en"
                break
    return _language


def catalog() -> Catalog:
    """The French catalog, read once (reading the file: tens of microseconds)."""
    global _catalog
    if _catalog is None:
        path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")
        with open(os.path.join(path, "fr", "LC_MESSAGES", "marquoir.mo"), "rb") as handle:
            _catalog = Catalog(handle.read())
    return _catalog


def _(message: str) -> str:
    """The message in the language of the output (English: the message itself)."""
    if language() == "en":
        return message
    return catalog().gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The message with a count in the language of the output, in the form the count takes:
    `ngettext("{count} rebuy", "{count} rebuys", n).format(count=n)` (English: 1 takes the
    singular; French: 0 and 1 do)."""
    if language() == "en":
        return singular if count == 1 else plural
    return catalog().ngettext(singular, plural, count)


def french() -> bool:
    """Whether the output is in French."""
    return language() == "fr"


def N_(message: str) -> str:
    """Mark a message for the catalog, translated later with `_()` (it is a constant)."""
    return message


def number(value: int) -> str:
    """A whole number for the output: `1234` in English, `1 234` in French (a narrow
    no-break space, U+202F, between the thousands), written by hand to stay off Babel."""
    if language() == "en" or -1000 < value < 1000:
        return str(value)
    return f"{value:,}".replace(",", "\u202f")


def grouped(value: int) -> str:
    """A whole number with its thousands marked: `1,234` in English, `1 234` in French."""
    return number(value) if language() != "en" else f"{value:,}"


# The betting rounds as the games name them (GameRules.streets, also the stored names):
# shown in the table's language. The French table's words: "avant le flop", "flop",
# "tournant", "rivière"; stud counts its cards ("4e carte"); docs/glossary.md says why.
STREETS = (
    N_("preflop"),
    N_("flop"),
    N_("turn"),
    N_("river"),
    N_("third street"),
    N_("fourth street"),
    N_("fifth street"),
    N_("sixth street"),
    N_("seventh street"),
    N_("before the draw"),
    N_("after the draw"),
    N_("the round"),
)


def street(name: str) -> str:
    """A betting round's name (`turn`) in the language of the output (`tournant`)."""
    return _(name) if name in STREETS else name


# The English words of a game's title and stakes ("seven-card stud fixed-limit ante 1
# bring-in 1 limits 4/8"), as the data formats keep them: shown in the table's language.
# The longest first, so that a name is never translated by a part of it.
GAME_WORDS = (
    N_("seven-card stud hi-lo"),
    N_("seven-card stud"),
    N_("five-card draw"),
    N_("(32 cards)"),
    N_("(big blind)"),
    N_("limits"),
)


def game_words(text: str) -> str:
    """A game's title or stakes (`TableConfig.title()`, `.stakes()`) in the language of the
    output: `stud à sept cartes fixed-limit ... limites 4/8` in French."""
    if language() == "en":
        return text
    for words in GAME_WORDS:
        if words in text:
            text = text.replace(words, _(words))
    return text


def decimal(text: str) -> str:
    """A number written with a decimal point (`26.7`, `-1234.5`): as it is in English,
    `26,7` and `-1 234,5` in French."""
    if language() == "en":
        return text
    sign, digits = (text[0], text[1:]) if text[:1] in ("-", "+") else ("", text)
    whole, dot, fraction = digits.partition(".")
    grouped = number(int(whole)) if whole.isdigit() else whole
    return f"{sign}{grouped}{',' if dot else ''}{fraction}"


# How a deal shares the prizes (`chop --icm|--chips|--even|--custom`): the word as it is in
# English, its own message in French (where "chips" alone is "jetons").
_CHOP_METHODS = {
    "icm": N_("icm, the method of a deal"),
    "chips": N_("chips, the method of a deal"),
    "even": N_("even, the method of a deal"),
    "custom": N_("custom, the method of a deal"),
}


def chop_method(method: str) -> str:
    """A deal's method (`even`) in the language of the output (`à parts égales`)."""
    key = _CHOP_METHODS.get(method)
    return method if key is None or language() == "en" else _(key)


def in_own_words(message: str, words: Mapping[str, str]) -> str:
    """`message` (as every game says it) in the language of the output, in a game's own
    words where it has them (`words`: the message -> the catalog key of the game's own; in
    English every game says the same)."""
    key = words.get(message)
    return _(message) if key is None or language() == "en" else _(key)


_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


def money(amount: str, currency: str) -> str:
    """An amount of money ("-1234.50") with its currency: `-1234.50 EUR` in English,
    `-1 234,50 €` in French (narrow no-break spaces between the thousands)."""
    if language() == "en":
        return f"{amount} {currency}"
    sign, digits = (amount[0], amount[1:]) if amount[:1] in ("-", "+") else ("", amount)
    whole, dot, cents = digits.partition(".")
    grouped = number(int(whole)) if whole.isdigit() else whole
    return f"{sign}{grouped}{',' if dot else ''}{cents}\u00a0{_SYMBOLS.get(currency, currency)}"


def money_item(value: object, currency: str) -> str:
    """An amount in a list whose English line names the currency once, or not at all
    (`1. 45, 2. 30`): as it is in English, French money in French (`45 €`, `1 234,50 €`)."""
    if language() == "en":
        return str(value)
    # a Decimal in fixed point (never `1E+2`), which money() reads
    return money(f"{value:f}" if hasattr(value, "as_tuple") else str(value), currency)


_MONTHS = [
    "janvier",
    "février",
    "mars",
    "avril",
    "mai",
    "juin",
    "juillet",
    "août",
    "septembre",
    "octobre",
    "novembre",
    "décembre",
]


def date_text(iso: str) -> str:
    """A date (ISO, `2026-12-01` or a timestamp starting with one) for a report: as it is in
    English, `1 décembre 2026` in French (the time of a timestamp after it: `9 h 23`)."""
    if language() == "en" or len(iso) < 10 or not iso[:4].isdigit():
        return iso
    year, month, day = iso[:4], iso[5:7], iso[8:10]
    if not (month.isdigit() and day.isdigit() and 1 <= int(month) <= 12):
        return iso
    rest = iso[10:].lstrip("T ")
    return f"{int(day)} {_MONTHS[int(month) - 1]} {year}" + (f" {clock_time(rest)}" if rest else "")


def clock_time(text: str) -> str:
    """A time of day (`09:23`, `21:05:10`) for the output: as it is in English, `9 h 23`
    in French (the hour without its zero, the minutes with theirs)."""
    hours, colon, minutes = text[:5].partition(":")
    if language() == "en" or not colon or not (hours.isdigit() and minutes.isdigit()):
        return text[:5]
    return f"{int(hours)}\u00a0h\u00a0{minutes}"


class speaking:
    """For a while, speak `lang` (the data formats, CSV and JSON, are always English)."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.before: str | None = None

    def __enter__(self) -> None:
        global _language
        self.before, _language = language(), self.lang

    def __exit__(self, *_exc: object) -> None:
        global _language
        _language = self.before
