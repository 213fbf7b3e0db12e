"""Write the glossary of README.fr.md from the vocabulary (marquoir/cli/vocabulary.py).

    python tools/glossary.py

The table goes between the `<!-- glossaire -->` and `<!-- fin du glossaire -->` lines;
tests/test_french.py fails when the README and the vocabulary differ.
"""

from __future__ import annotations

from pathlib import Path

from marquoir.cli.vocabulary import glossary_lines

README = Path(__file__).resolve().parents[1] / "README.fr.md"
START, END = "<!-- glossaire -->", "<!-- fin du glossaire -->"


def with_glossary(text: str) -> str:
    """The README's text with the glossary generated from the vocabulary."""
    head, _, rest = text.partition(START + "\n")
    _, _, tail = rest.partition(END)
    return head + START + "\n" + "\n".join(glossary_lines()) + "\n" + END + tail


if __name__ == "__main__":
    README.write_text(with_glossary(README.read_text(encoding="utf-8")), encoding="utf-8")
