"""Rebuild the PHH samples in this folder from the full files of the PHH dataset.

    python tests/data/make_sample.py FOLDER

FOLDER holds the dataset's `pluribus.phhs`, `wsop.phhs` and `famous.phhs` (the multi-hand
files described in README.md here). Each chosen hand is copied byte for byte, its `[key]`
header and `# source:` comment included, in the order of the full file:

- `pluribus-sample.phhs`: every 40th hand (the 1st, the 41st, ...) and every hand whose
  `finishing_stacks` carry a fraction of a chip (the split pots with an odd chip);
- `wsop-sample.phhs`: every hold'em and Omaha hand (variants NT, FT, PO) and the first hand
  of each other variant;
- `famous.phhs`: all of them.
"""

from __future__ import annotations

import re
import sys
import tomllib
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

HERE = Path(__file__).resolve().parent
EVERY = 40
PLAYED = {"NT", "FT", "PO"}  # the variants Marquoir imports
# A hand starts at its `[key]` line; it runs to the next one or to the end of the file.
HEADER = re.compile(r"^\[[^\]\n]+\]\n", re.MULTILINE)

Block = tuple[str, dict[str, object]]


def blocks(text: str) -> list[Block]:
    """Each hand of a multi-hand file: its exact text and its fields."""
    starts = [m.start() for m in HEADER.finditer(text)] + [len(text)]
    found = []
    for start, end in pairwise(starts):
        chunk = text[start:end]
        (fields,) = tomllib.loads(chunk).values()
        found.append((chunk, fields))
    return found


def half_chips(fields: dict[str, object]) -> bool:
    stacks = fields.get("finishing_stacks")
    return isinstance(stacks, list) and any(float(s) % 1 for s in stacks)


def pluribus(hands: list[Block]) -> list[Block]:
    return [(t, f) for i, (t, f) in enumerate(hands) if i % EVERY == 0 or half_chips(f)]


def wsop(hands: list[Block]) -> list[Block]:
    seen: set[object] = set()
    kept = []
    for text, fields in hands:
        variant = fields["variant"]
        if variant in PLAYED or variant not in seen:
            kept.append((text, fields))
        seen.add(variant)
    return kept


def write(source: Path, target: str, choose: Callable[[list[Block]], list[Block]]) -> None:
    text = source.read_text(encoding="utf-8")
    chosen = choose(blocks(text))
    out = "".join(chunk if chunk.endswith("\n\n") else chunk + "\n" for chunk, _ in chosen)
    out = out.rstrip("\n") + "\n"
    (HERE / target).write_text(out, encoding="utf-8")
    print(f"{target}: {len(chosen)} of {len(blocks(text))} hands, {len(out.encode())} bytes")


def main() -> None:
    folder = Path(sys.argv[1])
    write(folder / "pluribus.phhs", "pluribus-sample.phhs", pluribus)
    write(folder / "wsop.phhs", "wsop-sample.phhs", wsop)
    write(folder / "famous.phhs", "famous.phhs", lambda hands: hands)


if __name__ == "__main__":
    main()
