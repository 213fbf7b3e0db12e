"""The French catalog: every message has a translation, and the shipped .mo is the .po.

The messages are extracted from the code by Babel (every `_()` and `N_()`) and read from
the command line's help (tools/build_catalog.py does the same to write the template): a
message added without its French translation fails here.
"""

from __future__ import annotations

import gettext
import io
import re
import timeit

import pytest

from marquoir.domain import i18n

babel = pytest.importorskip("babel")

from babel.messages.pofile import read_po  # noqa: E402

from tools.build_catalog import COMPILED, FRENCH, messages  # noqa: E402


def test_every_message_has_a_french_translation_in_the_po() -> None:
    with FRENCH.open("rb") as handle:
        po = read_po(handle, locale="fr")
    untranslated = [
        f"{where}: {message!r}"
        for message, where in messages().items()
        if po.get(message) is None or not all(forms(po[message].string))
    ]
    assert untranslated == []


def forms(string: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """A translation's forms: one, or one per plural form of a message with a count."""
    return (string or "",) if isinstance(string, str) or string is None else tuple(string)


def test_french_has_two_plural_forms_the_singular_up_to_one() -> None:
    """French says `0 recave`, `1 recave`, `2 recaves` (the singular below 2, French
    grammar's rule); Marquoir's reader applies that rule, which the .po's header states."""
    with FRENCH.open("rb") as handle:
        po = read_po(handle, locale="fr")
    assert po.num_plurals == 2
    assert po.plural_expr.replace(" ", "") in ("(n>1)", "n>1")
    plural = [m for m in po if isinstance(m.id, tuple)]
    assert plural != [] and all(len(m.string) == 2 for m in plural)


def test_the_compiled_catalog_is_the_po() -> None:
    with FRENCH.open("rb") as handle:
        po = {m.id: m.string for m in read_po(handle, locale="fr") if m.id and m.string}
    with COMPILED.open("rb") as handle:
        mo = gettext.GNUTranslations(handle)
    read = {
        message: (
            mo.gettext(message)
            if isinstance(message, str)
            else (mo.ngettext(*message, 1), mo.ngettext(*message, 2))
        )
        for message in po
    }
    assert read == {
        message: forms(string) if isinstance(message, tuple) else string
        for message, string in po.items()
    }


def test_a_translation_uses_only_the_placeholders_of_its_message() -> None:
    """A placeholder the message lacks would fail at run time (KeyError); one left out only
    drops an English word the sentence does not need in French."""
    with FRENCH.open("rb") as handle:
        po = read_po(handle, locale="fr")
    fields = re.compile(r"\{(\w*)")
    wrong = [
        m.id
        for m in po
        if m.id
        and m.string
        and not set(fields.findall(" ".join(forms(m.string))))
        <= set(fields.findall(" ".join(forms(m.id))))
    ]
    assert wrong == []


def test_the_reader_finds_every_message_as_gettext_does() -> None:
    """Marquoir reads the .mo by a binary search in its sorted originals: every message of
    the .po, and a message it lacks, read as the standard library's gettext reads them."""
    data = COMPILED.read_bytes()
    reference = gettext.GNUTranslations(io.BytesIO(data))
    fast = i18n.Catalog(data)
    with FRENCH.open("rb") as handle:
        ids = [m.id for m in read_po(handle, locale="fr") if m.id]
    for message in [*ids, "no such message", "", "zzz"]:
        if isinstance(message, tuple):
            for count in (0, 1, 2, 10):
                expected = i18n.french_typography(reference.ngettext(*message, count))
                assert fast.ngettext(*message, count) == expected
        elif message in i18n.KEPT_AS_TYPED:
            assert fast.gettext(message) == reference.gettext(message), message
        else:  # (with French typography: a narrow no-break space before `:` `;` `?` `!`)
            expected = i18n.french_typography(reference.gettext(message))
            assert fast.gettext(message) == expected, message
    assert fast.ngettext("{count} no such", "{count} no suches", 2) == "{count} no suches"


def test_english_never_reads_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_language", "en")
    monkeypatch.setattr(i18n, "_catalog", None)
    assert i18n._("Error: ") == "Error: "
    assert i18n._catalog is None


def test_the_catalog_loads_well_under_a_millisecond(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(i18n, "_language", "fr")

    def load() -> None:
        i18n._catalog = None
        i18n.catalog()

    # the best of many short runs: the machine's load only ever adds time
    best = min(timeit.repeat(load, number=5, repeat=40)) / 5
    assert i18n._("Error: ") == "Erreur : "
    assert best < 0.001, f"{best * 1e6:.0f} µs"
