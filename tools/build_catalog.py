"""Build the French catalog: extract the messages, update the .po, compile the .mo.

    python tools/build_catalog.py

The messages are every `_("...")` and `N_("...")` of the package (Babel's extractor) and
every help text of the command line (read from the typer app, whose help comes from the
docstrings). The template goes to marquoir/locale/marquoir.pot; the French translations are
kept in marquoir/locale/fr/LC_MESSAGES/marquoir.po (new messages arrive untranslated, and
tests/test_catalog.py fails until they are translated); the .mo beside it ships in the wheel.
"""

from __future__ import annotations

from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "marquoir" / "locale"
TEMPLATE = LOCALE / "marquoir.pot"
FRENCH = LOCALE / "fr" / "LC_MESSAGES" / "marquoir.po"
COMPILED = FRENCH.with_suffix(".mo")


# French: 0 and 1 take the singular (`0 recave`, `1 recave`, `2 recaves`), Marquoir's
# i18n.Catalog.ngettext applies the same rule. Babel would write CLDR's three forms.
PLURAL_FORMS = (2, "(n > 1)")


def messages() -> dict[str | tuple[str, str], str]:
    """Every message to translate (a message with a count: its singular and plural), with
    where it comes from."""
    found: dict[str | tuple[str, str], str] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
        str(ROOT / "marquoir"),
        method_map=[("**.py", "python")],
        keywords={"_": None, "N_": None, "ngettext": (1, 2)},
    ):
        if isinstance(message, str):
            found.setdefault(message, f"marquoir/{filename}:{lineno}")
        elif isinstance(message, tuple) and len(message) == 2:
            found.setdefault((message[0], message[1]), f"marquoir/{filename}:{lineno}")
    import typer.main

    from marquoir.cli.app import app
    from marquoir.cli.french_help import help_texts

    for text in help_texts(typer.main.get_command(app)):
        found.setdefault(text, "the command line's help")
    return found


def _forms(string: str | tuple[str, ...] | None) -> tuple[str, ...]:
    """A translation's forms (one, or one per plural form; none yet: one empty form)."""
    if isinstance(string, str) or string is None:
        return (string or "",)
    return tuple(string)


def template() -> Catalog:
    catalog = Catalog(project="marquoir", charset="utf-8")
    for message, where in messages().items():
        catalog.add(message, auto_comments=[where])
    return catalog


def main() -> None:
    new = template()
    with TEMPLATE.open("wb") as handle:
        write_po(handle, new, omit_header=False, sort_output=True)
    if FRENCH.exists():
        with FRENCH.open("rb") as handle:
            french = read_po(handle, locale="fr")
    else:
        french = Catalog(locale="fr", project="marquoir", charset="utf-8")
    french.update(new, no_fuzzy_matching=True)
    french._num_plurals, french._plural_expr = PLURAL_FORMS  # (Babel has no public setter)
    with FRENCH.open("wb") as handle:
        write_po(handle, french, sort_output=True, ignore_obsolete=True)
    with COMPILED.open("wb") as handle:
        write_mo(handle, french)
    missing = [m.id for m in french if m.id and not all(_forms(m.string))]
    print(f"{len(new)} messages, {len(missing)} without a French translation")


if __name__ == "__main__":
    main()
