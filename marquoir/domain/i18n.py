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
_catalog: gettext.GNUTranslations | None = None


def set_language(lang: str | None) -> None:
    """Speak `lang` ("en" or "fr"); None goes back to the locale's language."""
    global _language
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
