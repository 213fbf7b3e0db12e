"""`marquoir play`: an interactive prompt, or a script of commands from a file or stdin."""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Callable, Iterable

from ..app import table as tables
from ..app.books import Books, KeptBooks
from ..domain import MarquoirError, i18n
from ..domain.i18n import _
from . import render
from .errors import error
from .grammar import expand_short_form
from .vocabulary import spell_out_apostrophes

# Runs one line (its words, where it comes from for the error line); returns the exit code.
RunLine = Callable[[list[str], str], int]
# Runs one line on the books of `play` (the connections it keeps): (books, words, where).
RunOn = Callable[[Books, list[str], str], int]
QUIT = {"q", "quit", "exit", "quitter"}
# The longest line `play` reads. The longest real command (`new` with every option and a
# long level structure, a showdown with ten players' cards) is a few hundred characters;
# a longer line is refused before it is parsed, so a pasted megabyte costs nothing.
MAX_LINE = 4096


def strip_comment(line: str) -> str:
    """The line without its comment: a `#` that starts a word (at the start of the line or
    after a space or tab, outside quotes) starts a comment; inside a word it is part of it,
    so `seat bob#2` seats bob#2, as on the command line."""
    quote = ""
    word_start = True
    i = 0
    while i < len(line):
        char = line[i]
        if quote:
            if char == "\\" and quote == '"':
                i += 1  # an escaped character inside double quotes
            elif char == quote:
                quote = ""
            word_start = False
        elif char in " \t\r\n":  # shlex's whitespace
            word_start = True
        elif char == "#" and word_start:
            return line[:i]
        else:
            if char == "\\":
                i += 1  # an escaped character: part of the word
            elif char in "'\"":
                quote = char
            word_start = False
        i += 1
    return line


def script_lines(text: str) -> list[str]:
    """A script's lines: split on \\n (or \\r\\n) only, a UTF-8 byte order mark dropped.

    Not `str.splitlines()`: it also breaks at a form feed, U+2028 and other separators, and
    what follows one inside a `#` comment would run as a command.
    """
    lines = text.removeprefix("\ufeff").split("\n")
    if lines and lines[-1] == "":
        lines.pop()  # the newline that ends the last line
    return [line.removesuffix("\r") for line in lines]


def parse_line(line: str) -> list[str]:
    """The words of a line, `#` comments removed, the first word's alias expanded (a
    ValueError for a line that does not parse, or longer than `MAX_LINE`)."""
    if len(line) > MAX_LINE:
        raise ValueError(
            _("the line is {length} characters long, at most {limit}").format(
                length=i18n.grouped(len(line)), limit=i18n.grouped(MAX_LINE)
            )
        )
    # the apostrophe of `s'en aller` first: strip_comment and shlex would take it for a quote
    return expand_short_form(shlex.split(strip_comment(spell_out_apostrophes(line))))


def run_script(run: RunLine, lines: Iterable[str]) -> int:
    """Run the lines in order; stop at the first error (the lines before stay recorded)."""
    for number, line in enumerate(lines, start=1):
        where = _("line {number}: ").format(number=number)
        try:
            words = parse_line(line)
        except ValueError as failure:
            error(_("cannot read the line: {failure}").format(failure=failure), where)
            return 1
        if not words:
            continue
        if words[0] == "play":
            error(_("play cannot run inside play"), where)
            return 1
        if run(words, where) != 0:
            return 1
    return 0


def prompt(db: Books) -> str:
    """The prompt shows the table: hand, street, pot and whose turn."""
    try:
        session, table = tables.read(db)  # play's kept table, once it has one
    except MarquoirError:
        return "marquoir> "
    hand = table.hand
    if hand is None:
        done = (
            _("hand {number} done").format(number=table.hand_no)
            if table.hand_no
            else _("no hand yet")
        )
        return _("[{session} | {done} | next: deal] > ").format(session=session.name, done=done)
    if hand.to_act is None:
        waiting = hand.awaiting or _("showdown")
        return (
            f"[{session.name} | "
            + _("hand {number}").format(number=table.hand_no)
            + (f" | {waiting}] > ")
        )
    legal = hand.legal()
    where = _("hand {number} {street}").format(
        number=table.hand_no, street=i18n.street(hand.street)
    )
    # the split is in `s` (status)
    pot = _("pot {pot}").format(pot=i18n.number(hand.total_in_middle()))
    return (
        f"[{session.name} | {where} | {pot} | {legal.player}{i18n.colon()} {legal.call_words()}] > "
    )


def line_editing() -> None:
    """Line editing and history (the arrows) where the platform has `readline`.

    Imported only here, at the interactive prompt: `input()` uses it once it is loaded.
    """
    # (Windows without pyreadline: plain input, still usable)
    with contextlib.suppress(ImportError):
        import readline  # noqa: F401 (loading it is what turns editing on)


# The exit code of a session ended by Ctrl-C, as a shell reports a program killed by SIGINT.
INTERRUPTED = 130


def run_interactive(db: Books, run: RunLine) -> int:
    """The prompt: one command a line until `q`, Ctrl-D, or Ctrl-C twice in a row.

    Ctrl-C once cancels the line being typed (as in a shell); a second one, at once, leaves
    with exit code 130.
    """
    line_editing()
    print(_("Marquoir: one command a line (c call, k check, f fold, r N raise, a all-in, u undo,"))
    print(_("s status, d deal, w NAME win); q or Ctrl-D to quit."))
    try:
        print(render.next_step(tables.read(db)[1]))  # play's kept table, once it has one
    except MarquoirError as failure:
        print(failure)
    interrupted = False
    while True:
        try:
            line = input(prompt(db))
        except EOFError:
            print()
            return 0
        except KeyboardInterrupt:
            if interrupted:
                print()
                return INTERRUPTED
            interrupted = True
            print(_("\n(line cancelled: Ctrl-C again to quit)"))
            continue
        interrupted = False
        try:
            words = parse_line(line)
        except ValueError as failure:
            error(_("cannot read the line: {failure}").format(failure=failure))
            continue
        if not words:
            continue
        if words[0] in QUIT:
            return 0
        if words[0] == "play":
            error(_("play cannot run inside play"))
            continue
        try:
            run(words, "")
        except KeyboardInterrupt:  # its transaction is whole or rolled back, never half
            print(_("\n(interrupted: `s` shows whether it was recorded)"))


def run_play(db: Books, file: str | None, run: RunOn) -> int:
    """Interactive on a terminal; otherwise run FILE (or stdin) as a script.

    `run(books, words, where)` runs one line on `play`'s books and returns its exit code.
    The lines share one connection and the table in memory (`KeptBooks`); each is still its
    own transaction.
    """
    interactive = file is None and sys.stdin.isatty()
    kept = KeptBooks(batch=not interactive)
    books = Books(db.db, kept)
    try:
        return _run_play(books, file, lambda words, where: run(books, words, where))
    finally:
        kept.close()


def _run_play(db: Books, file: str | None, run: RunLine) -> int:
    if file is not None and file != "-":
        try:
            with open(file, "rb") as handle:
                data = handle.read()
        except OSError as failure:
            error(_("cannot read {file}: {strerror}").format(file=file, strerror=failure.strerror))
            return 1
        return _run_bytes(run, data, file)
    if file is None and sys.stdin.isatty():
        return run_interactive(db, run)
    stdin = getattr(sys.stdin, "buffer", None)
    if stdin is None:  # a text-only stream (some test runners)
        return run_script(run, script_lines(sys.stdin.read()))
    return _run_bytes(run, stdin.read(), "standard input")


def _run_bytes(run: RunLine, data: bytes, source: str) -> int:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as failure:
        error(
            _("cannot read {source}: not UTF-8 text (byte {value})").format(
                source=source, value=failure.start + 1
            )
        )
        return 1
    return run_script(run, script_lines(text))
