"""The content of an HTML report, without its layout: the style sheet, the box a wide table
scrolls in, the players' cards (`class="cards"`, `data-label`). Outputs an older version
printed can then be compared with today's, whose layout changed (a phone's screen) but not
what the report says."""

from __future__ import annotations

import re

LAYOUT = re.compile(r'<style>.*?</style>|<div class="scroll">|(?<=</table>)</div>', re.S)
CARDS = re.compile(r' class="cards"| data-label="[^"]*"')


def content_of(page: str) -> str:
    """`page` without its layout (see the module); any other text unchanged."""
    if not page.startswith("<!DOCTYPE html>"):
        return page
    return CARDS.sub("", LAYOUT.sub("", page))
