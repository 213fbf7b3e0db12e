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
    import gettext

LANGUAGES = ("en", "fr")
_language: str | None = None
_chosen = False  # the command line chose the language (--lang): a session's does not count
_catalog: gettext.GNUTranslations | None = None


def set_language(lang: str | None) -> None:
    """Speak `lang` ("en" or "fr", from `--lang`); None goes back to the locale's language."""
    global _language, _chosen
    _language, _chosen = lang, lang is not None


def follow_session(lang: str) -> None:
    """Speak the session's language (`new --lang fr`), unless `--lang` chose another."""
    global _language
    if lang in LANGUAGES and not _chosen:
        _language = lang


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


def catalog() -> gettext.GNUTranslations:
    """The French catalog, read once (a few hundred microseconds)."""
    global _catalog
    if _catalog is None:
        import gettext

        path = os.path.join(os.path.dirname(os.path.dirname(__file__)), "locale")
        with open(os.path.join(path, "fr", "LC_MESSAGES", "marquoir.mo"), "rb") as handle:
            _catalog = gettext.GNUTranslations(handle)
    return _catalog


def _(message: str) -> str:
    """The message in the language of the output (English: the message itself)."""
    if language() == "en":
        return message
    return catalog().gettext(message)


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


_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


def money(amount: str, currency: str) -> str:
    """An amount of money ("-1234.50") with its currency: `-1234.50 EUR` in English,
    `-1 234,50 €` in French (narrow no-break spaces between the thousands)."""
    if language() == "en":
        return f"{amount} {currency}"
    sign, digits = ("-", amount[1:]) if amount.startswith("-") else ("", amount)
    whole, dot, cents = digits.partition(".")
    grouped = number(int(whole)) if whole.isdigit() else whole
    return f"{sign}{grouped}{',' if dot else ''}{cents}\u00a0{_SYMBOLS.get(currency, currency)}"


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
    English, `1 décembre 2026` in French (the time of a timestamp kept after it)."""
    if language() == "en" or len(iso) < 10 or not iso[:4].isdigit():
        return iso
    year, month, day = iso[:4], iso[5:7], iso[8:10]
    if not (month.isdigit() and day.isdigit() and 1 <= int(month) <= 12):
        return iso
    rest = iso[10:].lstrip("T ")
    return f"{int(day)} {_MONTHS[int(month) - 1]} {year}" + (f" {rest[:5]}" if rest else "")


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
