"""One grammar for the table's hot verbs: what a line means, whichever parser reads it.

Three parsers read the commands typed at the table: the fast path (`route`, below: no typer,
so a command answers at once), the typer app (`app.py`: help, usage errors and every other
command) and `marquoir play` (its short forms, `SHORT_FORMS`, then either of the two). A hot
verb means one thing on all of them because all of them end in the same function here (one
per verb), which reads the words the way the rules need: the amounts, the showdown's ranking
or cards, the options.

`route` reads only what it is sure of: the verb's words and the options of its `Verb` below,
written the ways click accepts them (`--as bob`, `--as=bob`, anywhere on the line). Anything
else (help, an option it does not know, an amount that is not a whole number of chips, a
missing word) goes to typer, which prints the usage error. A parity test runs hundreds of
generated lines through both parsers and compares the output and the log.

To give a hot verb an option: add `("--name", "keyword")` to its `Verb` (`flags` for an
option without a value), the keyword to its function, and the same option to its typer
command (a test checks that both parsers declare the same options).
"""

from __future__ import annotations

from ..domain import Action, IllegalAction, UsageError
from ..domain.i18n import _
from ..domain.inputs import read_chips
from ..domain.records import Record
from . import commands

# No typing at run time: this module is on the path of every table command.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from ..app.books import Books
    from ..domain.table import Table

# `marquoir play`'s short forms: the first word of a line, at the prompt or in a script.
SHORT_FORMS = {
    "c": "call",
    "k": "check",
    "f": "fold",
    "a": "allin",
    "r": "raise",
    "b": "bet",
    "u": "undo",
    "s": "status",
    "d": "deal",
    "w": "win",
    "o": "open",
}


def expand_short_form(words: list[str]) -> list[str]:
    """The words of a `play` line with a short first word spelled out (`r 60` -> `raise 60`)."""
    if words and words[0] in SHORT_FORMS:
        return [SHORT_FORMS[words[0]], *words[1:]]
    return words


def parse_chips(text: str) -> int | None:
    """A whole number of chips in ASCII digits (spaces around allowed), or None.

    ASCII only: '²'.isdigit() and '٤'.isdigit() are True too.
    """
    text = text.strip()
    # read_chips refuses (exit 2) an amount over the bound before int() could choke on it
    return read_chips(text) if text.isascii() and text.isdigit() else None


# -- what each hot verb does (the typer commands call these too) ------------------------------


def table_number(text: str | None) -> int | None:
    """`--table T`: a table's number (several tables: the hand must be at that table)."""
    if text is None:
        return None
    number = parse_chips(text)
    if not number:
        raise UsageError(_("--table: a table number, 1 or more (got {text!r})").format(text=text))
    return number


def check(db: Books, *, player: str | None = None, table: str | None = None) -> None:
    """The player to act checks (`--as PLAYER`: refused unless it is PLAYER's turn)."""
    commands.act(db, Action.check(player), table=table_number(table))


def abattre(db: Books, *, player: str | None = None, table: str | None = None) -> None:
    """Bouillotte: the player to act holds the last raise without more and calls the
    showdown (abattre), when the turns of speaking allow it."""
    commands.act(db, Action.abattre(player), table=table_number(table))


def call(db: Books, *, player: str | None = None, table: str | None = None) -> None:
    """The player to act calls; with nothing to call, a check."""
    commands.act(db, Action.call(player), table=table_number(table))


def fold(db: Books, *, player: str | None = None, table: str | None = None) -> None:
    """The player to act folds."""
    commands.act(db, Action.fold(player), table=table_number(table))


def pass_(db: Books, *, player: str | None = None, table: str | None = None) -> None:
    """`pass` (*je passe*): a check while nobody has bet; after a bet, a fold in jackpots,
    draw and Bouillotte, where the word says that, and a question in hold'em and stud, where
    a player who passes facing a bet may mean either."""

    def choose(table: Table) -> Action:
        hand = table.hand
        if hand is None or hand.to_act is None or hand.legal().can_check:
            return Action.check(player)
        if not table.config.rules.says_pass:
            raise IllegalAction(_("check or fold? A bet is owed: say call or fold"))
        return Action.fold(player)

    commands.act_named(db, choose, table=table_number(table))


def allin(db: Books, *, player: str | None = None, table: str | None = None) -> None:
    """The player to act puts his whole stack in."""
    commands.act(db, Action.allin(player), table=table_number(table))


def bet(db: Books, total: int, *, player: str | None = None, table: str | None = None) -> None:
    """`bet N` and `raise N`: the player's total bet for this round is N (TDA 2024 rule
    43-A: a declared amount is the total bet)."""
    commands.act(db, Action.bet(total, player), table=table_number(table))


def raise_by(
    db: Books, increase: int, *, player: str | None = None, table: str | None = None
) -> None:
    """`raise-by N` (*je relance de N*): the player's total for the round becomes the bet to
    call plus N; recorded as the `raise` to that total would be."""

    def by(table: Table) -> Action:
        hand = table.hand
        legal = None if hand is None or hand.to_act is None else hand.legal()
        # (no hand, or nobody to act: the raise is refused as `raise N` would be)
        return Action.bet(increase + (0 if legal is None else legal.current_bet), player)

    commands.act_named(db, by, table=table_number(table))


def open_pot(db: Books, total: int, *, player: str | None = None, table: str | None = None) -> None:
    """`open N`: the opening of a jackpot (or of a Bouillotte round)."""
    commands.act(db, Action.open(total, player), table=table_number(table))


def deal(db: Books, *, table: str | None = None) -> None:
    """Start a hand (`--table T`: at table T of a tournament of several tables)."""
    commands.deal(db, table=table_number(table))


def undo(db: Books, *, table: str | None = None) -> None:
    """Undo the session's last event (`--table T`: several tables, only if it is of the
    hand recorded at table T)."""
    commands.undo(db, table=table_number(table))


def status(
    db: Books, *, json_output: bool = False, clock: bool = False, table: str | None = None
) -> None:
    """The table now (`--clock`: and a tournament's clock, which `--json` alone leaves out
    so that the same file always prints the same JSON; `--table T`: several tables, table
    T's players and its hand)."""
    number = table_number(table)
    if clock:
        if number is not None:
            raise UsageError(_("the clock is the whole room's: --clock goes without --table"))
        from .tournament import status_clock

        status_clock(db.db, json_output=json_output)
        return
    commands.status(db, json_output=json_output, table=number)


def stacks(db: Books, *, json_output: bool = False) -> None:
    """Everyone's stack and result."""
    commands.stacks(db, json_output=json_output)


def win(
    db: Books, players: list[str], *, odd_chip: str | None = None, table: str | None = None
) -> None:
    """`win A B`: these players tie for the best hand, the others lose."""
    commands.win(db, players, odd_chip=odd_chip, table=table_number(table))


def showdown(
    db: Books,
    words: list[str],
    *,
    board: str | None = None,
    low: str | None = None,
    odd_chip: str | None = None,
    english: bool = False,
    retourne: str | None = None,
    table: str | None = None,
) -> None:
    """`showdown "alice > bob = carol"`, or the hands shown: `alice="As Ks" bob=QhQd`; in a
    hi-lo game `--low "bob > carol"` ranks the qualifying lows (the cards decide it when
    they are shown); Bouillotte: with `--retourne CARD`, the card the dealer turned up."""
    if retourne is not None:
        if low is not None:
            raise UsageError(_("Bouillotte has no low half: drop --low"))
        hands = shown_hands(words, board=retourne) or {}
        commands.showdown_retourne(db, retourne, hands, english=english)
        return
    shown = shown_hands(words, board=board)
    if shown is None:
        commands.showdown(
            db, " ".join(words), odd_chip=odd_chip, low=low, table=table_number(table)
        )
    else:
        if low is not None:
            raise UsageError(_("with the cards shown, the cards decide the low half: drop --low"))
        lang = "en" if english else "fr"
        commands.showdown_cards(
            db,
            board or "",
            shown,
            odd_chip=odd_chip,
            lang=lang,
            english=english,
            table=table_number(table),
        )


def bringin(db: Books, player: str, *, complete: bool = False) -> None:
    """Stud: PLAYER brings in, or completes to the small bet."""

    def bring(table: Table) -> Action:
        small = table.config.limits[0]
        return Action.bring_in(player, complete_to=small if complete else None)

    commands.act_named(db, bring)


def first(db: Books, player: str) -> None:
    """Stud: PLAYER speaks first on this street."""
    commands.act_named(db, lambda table: Action.first(player))


def false_open(db: Books, player: str) -> None:
    """Jackpots: PLAYER opened without jacks or better."""
    commands.act_named(db, lambda table: Action.false_open(player))


# -- the showdown's words ---------------------------------------------------------------------


def shows_cards(word: str) -> bool:
    """`alice=As Ks`: a one-word player, '=', then cards (never '=' or '>' in cards).

    A ranking puts spaces around '=' (`alice = bob`) or has a '>' before it: the single word
    "alice > bob=carol = dave" is a ranking (alice, then bob, carol and dave tied), not
    alice's cards, whichever parser reads it.
    """
    name, sep, cards = word.partition("=")
    return bool(
        sep
        and name
        and len(name.split()) == 1
        and name.strip() == name
        and ">" not in name
        and cards
        and not cards[0].isspace()
        and "=" not in cards
        and ">" not in cards
    )


def shown_hands(words: list[str], *, board: str | None) -> dict[str, str] | None:
    """The hands shown, by player; None when the words are a ranking.

    With a board every word must be a hand shown; without one, the words are hands when
    every one of them is (draw and stud have no board).
    """
    if board is None and not all(shows_cards(word) for word in words):
        return None
    shown: dict[str, str] = {}
    for word in words:
        if not shows_cards(word):
            raise UsageError(
                _("give each hand shown as PLAYER=CARDS, e.g. alice=AsKs (got {word!r})").format(
                    word=word
                )
            )
        name, _sep, cards = word.partition("=")
        if name in shown:
            raise UsageError(_("{name} shows his cards twice").format(name=name))
        shown[name] = cards
    return shown


# -- the fast path's reading of a line ------------------------------------------------------


def no_words(words: list[str]) -> tuple[Any, ...] | None:
    return () if not words else None


def one_amount(words: list[str]) -> tuple[Any, ...] | None:
    chips = parse_chips(words[0]) if len(words) == 1 else None
    return None if chips is None else (chips,)


def one_word(words: list[str]) -> tuple[Any, ...] | None:
    return (words[0],) if len(words) == 1 else None


def some_words(words: list[str]) -> tuple[Any, ...] | None:
    return (list(words),) if words else None


class Verb(Record):
    """A hot verb: what it does, how its words are read, and its options.

    `words` turns the positional words into the function's arguments, or says None when
    typer must read the line (a missing or extra word, an amount that does not parse).
    `options` take a value, `flags` do not: (the option as typed, the function's keyword).
    """

    run: Callable[..., None]
    words: Callable[[list[str]], tuple[Any, ...] | None] = no_words
    options: tuple[tuple[str, str], ...] = ()
    flags: tuple[tuple[str, str], ...] = ()


TABLE = ("--table", "table")
AS = (("--as", "player"), TABLE)
ODD_CHIP = ("--odd-chip", "odd_chip")
JSON = (("--json", "json_output"),)

VERBS: dict[str, Verb] = {
    "check": Verb(check, options=AS),
    "parole": Verb(check, options=AS),
    "abattre": Verb(abattre, options=AS),
    "call": Verb(call, options=AS),
    "fold": Verb(fold, options=AS),
    "allin": Verb(allin, options=AS),
    "pass": Verb(pass_, options=AS),
    "bet": Verb(bet, one_amount, options=AS),
    "raise": Verb(bet, one_amount, options=AS),
    "raise-by": Verb(raise_by, one_amount, options=AS),
    "open": Verb(open_pot, one_amount, options=AS),
    "deal": Verb(deal, options=(TABLE,)),
    "undo": Verb(undo, options=(TABLE,)),
    "status": Verb(status, options=(TABLE,), flags=(*JSON, ("--clock", "clock"))),
    "stacks": Verb(stacks, flags=JSON),
    "win": Verb(win, some_words, options=(ODD_CHIP, TABLE)),
    "showdown": Verb(
        showdown,
        some_words,
        options=(
            ("--board", "board"),
            ("--low", "low"),
            ODD_CHIP,
            ("--retourne", "retourne"),
            TABLE,
        ),
        flags=(("--english", "english"),),
    ),
    "bringin": Verb(bringin, one_word, flags=(("--complete", "complete"),)),
    "first": Verb(first, one_word),
    "false-open": Verb(false_open, one_word),
}


def _split(verb: Verb, rest: list[str]) -> tuple[list[str], dict[str, Any]] | None:
    """The positional words and the options, as click would read them; None when unsure."""
    takes_value, flags = dict(verb.options), dict(verb.flags)
    words: list[str] = []
    options: dict[str, Any] = {}
    i = 0
    while i < len(rest):
        token = rest[i]
        i += 1
        if not token.startswith("-") or token == "-":
            words.append(token)
            continue
        name, sep, value = token.partition("=")
        if name in takes_value:
            if not sep:
                # (click takes the next word whatever it is; typer reads these rare lines)
                if i == len(rest) or rest[i].startswith("-"):
                    return None
                value, i = rest[i], i + 1
            options[takes_value[name]] = value
        elif name in flags and not sep:
            options[flags[name]] = True
        else:  # `--help`, `--`, an unknown option, a negative number: typer's to read
            return None
    return words, options


def route(args: list[str]) -> Callable[[Books], None] | None:
    """What a hot verb's line means, ready to run on a database; None for typer to read."""
    verb = VERBS.get(args[0]) if args else None
    if verb is None:
        return None
    split = _split(verb, args[1:])
    if split is None:
        return None
    words, options = split
    arguments = verb.words(words)
    if arguments is None:
        return None
    return lambda db: verb.run(db, *arguments, **options)
