"""The help, in the words of the table: no programming terms, one style of defaults, examples.

typer describes a parameter by its Python type (`--as <str>`, `{name}`, `<list[str]>`) and
shows defaults as `[default: 0]`, beside help texts that say "(default: ...)". `PlainCommand`,
the class of every command, writes each parameter the way a player reads it (`--as PLAYER`,
`N`, `csv|json`), every default as "(default: X)" in the help text, and an example or two
under each command (its epilog). A usage error on a line that meant something else says what
was meant (`usage_hint`).
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Any

from typer.core import TyperCommand, TyperGroup

from ..domain.i18n import N_, _, french
from .grammar import SHORT_FORMS

# What a value is called, by option or argument name (the parameter's Python name).
METAVARS = {
    "as_": "PLAYER",
    "player": "PLAYER",
    "odd_chip": "PLAYER",
    "carre": "PLAYER",
    "players": "PLAYER...",
    "name": "NAME",
    "session": "NAME",
    "output": "FILE",
    "file": "FILE",
    "files": "FILE...",
    "since": "DATE",
    "until": "DATE",
    "board": "CARDS",
    "retourne": "CARD",
    "blinds": "SMALL/BIG",
    "stakes": "SMALL/BIG",
    "limits": "SMALL/BIG",
    "chip_value": "MONEY",
    "currency": "CODE",
    "counts": "PLAYER=CHIPS...",
    "chips": "CHIPS",
    "open_with": "jacks",
    "second_round": "dealer|opener",
    "amounts": "NAME=AMOUNT...",
    "keep": "MONEY",
    "removed": "CHIP",
    "odd": "NAME=COUNT...",
    "draw": "NAME,NAME,...",
    "seed": "N",
    "points": "SPEC",
    # a tournament's settings (`new --tournament`) and its room's commands
    "buy_in": "MONEY",
    "fee": "MONEY",
    "rebuy_price": "MONEY",
    "add_on_price": "MONEY",
    "bounty": "MONEY",
    "payout_unit": "MONEY",
    "levels": "LEVELS",
    "breaks": "EVERY:MINUTES",
    "late_until": "LEVEL",
    "rebuy_until": "LEVEL",
    "payouts": "SPEC",
    "chip_set": "VALUES",
    "duration": "TIME",
    "by": "PLAYER",
}
# Options that take a number of chips (or a count): N.
NUMBERS = {"ante", "cap", "cave", "cave_min", "cave_max", "recaves", "chip_unit", "passe"}
NUMBERS |= {"bring_in", "deck", "seat", "n"}
NUMBERS |= {"stack", "level_minutes", "level_hands", "reentries", "rebuys", "rebuy_stack"}
NUMBERS |= {"add_on", "tables", "seats", "final_table"}
# Those that take chips: N in English, JETONS in French (N stays N for a count).
CHIP_AMOUNTS = {"ante", "cave", "cave_min", "cave_max", "chip_unit", "passe", "bring_in", "n"}
CHIP_AMOUNTS |= {"chips", "stack", "rebuy_stack", "add_on"}


def short_forms_text() -> str:
    """`play`'s short forms and what each says: `c call` (French: `c suivre`, the table's
    word for the command)."""
    if not french():
        return "  ".join(f"{short} {verb}" for short, verb in SHORT_FORMS.items())
    from .vocabulary import SAID

    return "  ".join(f"{short} {SAID.get(verb, verb)}" for short, verb in SHORT_FORMS.items())


# The values of the examples said the French way (what a French session takes, or a file
# name in French), in the order they are replaced.
FRENCH_EXAMPLE_VALUES = (
    ("--missing shared", "--missing partagé"),
    ("game.phh --session imported", "partie.phh --session importée"),
    ("vendredi-copy.db", "vendredi-copie.db"),
    ("ledger.csv", "grand-livre.csv"),
    ("hands.phhs", "coups.phhs"),
    ("night.db", "soiree.db"),
    ("niveau next", "niveau suivant"),
    ("examples/evening.txt", "examples/soiree.txt"),
)

# Examples under each command's help (click keeps lines after a "\b" line as they are).
EXAMPLES: dict[str, list[str]] = {
    "new": [
        "marquoir new vendredi --blinds 1/2 --cave 200 --chip-value 0.10 --recaves 2",
        "marquoir new salon --game bouillotte --cave 20",
        "marquoir new club --tournament --buy-in 20 --stack 5000 --levels 25/50,50/100 "
        "--tables 3 --seats 9 --seed 7",
    ],
    "blinds": ["marquoir blinds 2/4 --ante 1"],
    "use": ["marquoir use vendredi"],
    "sessions": ["marquoir sessions"],
    "seat": ["marquoir seat alice", "marquoir seat dave --cave 100 --seat 4"],
    "recave": ["marquoir recave bob", "marquoir recave bob 100"],
    "leave": ["marquoir leave dave", "marquoir leave --all"],
    "button": ["marquoir button carol"],
    "sitout": ["marquoir sitout bob"],
    "back": ["marquoir back bob"],
    "deal": ["marquoir deal", "marquoir deal --table 2      # several tables: a hand at table 2"],
    "check": ["marquoir check", "marquoir check --as bob"],
    "call": ["marquoir call", "marquoir call --as bob"],
    "fold": ["marquoir fold"],
    "allin": ["marquoir allin"],
    "bet": ["marquoir bet 20"],
    "raise": ["marquoir raise 60      # the player's total bet for the round is now 60"],
    "raise-by": ["marquoir raise-by 10   # facing a bet of 2: the player's total is now 12"],
    "win": ["marquoir win alice", "marquoir win alice bob      # a split pot"],
    "showdown": [
        'marquoir showdown "alice > bob = carol"',
        'marquoir showdown --board "Ah Kd 7c 2s 9h" alice="As Ks" bob="Qh Qd"',
        'marquoir showdown --retourne Ah armand="Ks Kd Kc" berthe="Qh 9h 8h"      # Bouillotte',
    ],
    "open": ["marquoir open 4"],
    "bringin": ["marquoir bringin dave", "marquoir bringin dave --complete"],
    "first": ["marquoir first ann"],
    "false-open": ["marquoir false-open cid"],
    "pass": ["marquoir pass      # draw, Bouillotte: je passe"],
    "parole": ["marquoir parole      # Bouillotte: pass the word", "marquoir parole --as berthe"],
    "abattre": ["marquoir abattre      # Bouillotte: hold and call the showdown"],
    "fine": ["marquoir fine denis      # 1 chip to the next pot", "marquoir fine denis 2"],
    "clef": ["marquoir clef           # jackpots: the next deal doubles the ante"],
    "level": ["marquoir level          # the level now", "marquoir level next", "marquoir level 5"],
    "pause": ["marquoir pause          # the clock stops"],
    "resume": ["marquoir resume         # the clock runs again"],
    "break": ["marquoir break          # a break now, the schedule's length", "marquoir break 15"],
    "rebuy": ["marquoir rebuy alice"],
    "addon": ["marquoir addon alice"],
    "reenter": ["marquoir reenter alice   # a new entry: alice #2"],
    "places": ["marquoir places", "marquoir places --json"],
    "out": ["marquoir out anne --by bruno      # a bust without its hand", "marquoir out chloe"],
    "move": ["marquoir move anne 2:7      # to table 2, seat 7"],
    "balance": ["marquoir balance", "marquoir balance --json"],
    "chop": [
        "marquoir chop --icm",
        "marquoir chop --chips --keep 20",
        "marquoir chop --custom anne=40 chloe=40 felix=25",
    ],
    "clock": ["marquoir clock          # full screen; Ctrl-C to leave"],
    "chips": ["marquoir chips          # how to make up a starting stack"],
    "race": [
        "marquoir race 25 anne=3 bruno=1 chloe=2            # cards dealt here",
        "marquoir race 25 anne=3 bruno=1 chloe=2 --draw chloe,anne,bruno",
    ],
    "brelan": [
        "marquoir brelan armand",
        "marquoir brelan --carre berthe",
        "marquoir brelan denis --misdeal    # after undoing a misdeal",
    ],
    "undo": ["marquoir undo"],
    "status": ["marquoir status", "marquoir status --json"],
    "stacks": ["marquoir stacks", "marquoir stacks --json"],
    "play": ["marquoir play", "marquoir play examples/evening.txt"],
    "count": ["marquoir count alice=340 bob=120", "marquoir count alice=340 --record"],
    "settle": ["marquoir settle", "marquoir settle --why", "marquoir settle --missing shared"],
    "report": ["marquoir report", "marquoir report --format html -o vendredi.html"],
    "export": ["marquoir export csv -o ledger.csv", "marquoir export phh -o hands.phhs"],
    "standings": ["marquoir standings --from 2026-09-01"],
    "import": ["marquoir import phh game.phh --session imported"],
    "reopen": ["marquoir reopen      # a settled session takes commands again"],
    "verify": ["marquoir verify", "marquoir verify --json"],
    "backup": ["marquoir backup vendredi-copy.db"],
    "serve": [
        "marquoir serve",
        "marquoir serve --lan --port 8080      # the players' phones",
        "marquoir serve --sql                  # and any read-only SQL, on this machine",
    ],
    "datasette-metadata": [
        "marquoir datasette-metadata night.db > metadata.json",
        "datasette night.db --metadata metadata.json   # the tables described",
    ],
}


class PlainCommand(TyperCommand):
    """A typer command whose help is rewritten as the module says, however it is built, and
    written in the language of the output."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        plain_help(self)

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line, "Usage: " in the language of the output."""
        write_usage(self, ctx, formatter)

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The arguments and the options, their headings in the language of the output."""
        write_parameters(self, ctx, formatter)

    def get_help_option(self, ctx: Any) -> Any:
        """`-h, --help`, its help in the language of the output."""
        return translated_help(super().get_help_option(ctx))

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        """The examples, in the language of the output."""
        self.epilog = epilog(self.name)
        super().format_epilog(ctx, formatter)


class PlainGroup(TyperGroup):
    """The `marquoir` command itself: its help in the language of the output."""

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line, "Usage: " in the language of the output."""
        write_usage(self, ctx, formatter)

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The options, then the commands, their headings in the language of the output."""
        write_parameters(self, ctx, formatter)
        self.format_commands(ctx, formatter)

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands and the first sentence of their help, under "Commands"."""
        commands = [
            (name, command)
            for name in self.list_commands(ctx)
            if (command := self.get_command(ctx, name)) is not None and not command.hidden
        ]
        if not commands:
            return
        names = spoken_names([name for name, _command in commands])
        limit = formatter.width - 6 - max(len(name) for name in names.values())
        with formatter.section(heading(N_("Commands"))):
            formatter.write_dl([(names[name], c.get_short_help_str(limit)) for name, c in commands])

    def get_help_option(self, ctx: Any) -> Any:
        """`-h, --help`, its help in the language of the output."""
        return translated_help(super().get_help_option(ctx))

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        """The French words of the table, under a heading in the language of the output."""
        from .vocabulary import help_text

        self.epilog = help_text(_(FRENCH_WORDS_HEADING))
        super().format_epilog(ctx, formatter)


# The heading of the French words, under the help of `marquoir` itself.
FRENCH_WORDS_HEADING = N_(
    "The French words at the table (any case, with or without accents) and their command:"
)

# What the parser appends to the help of a parameter that must be given.
REQUIRED = "[required]"


def write_usage(command: Any, ctx: Any, formatter: Any) -> None:
    """click's usage line, its prefix in the language of the output (click's `write_usage`
    takes the prefix as an argument)."""
    pieces = " ".join(command.collect_usage_pieces(ctx))
    path = ctx.command_path
    if french() and ctx.parent is not None:  # `marquoir relancer`, the word the table says
        from .vocabulary import french_line

        prog, _space, name = path.rpartition(" ")
        path = " ".join([prog, *french_line([name])]) if prog else path
    formatter.write_usage(path, pieces, _("Usage: "))


def write_parameters(command: Any, ctx: Any, formatter: Any) -> None:
    """The help records of the arguments and of the options, as typer lays them out, the
    headings and "[required]" in the language of the output."""
    arguments: list[tuple[str, str]] = []
    options: list[tuple[str, str]] = []
    for param in command.get_params(ctx):
        record = param.get_help_record(ctx)
        if record is None:
            continue
        name, text = record
        if text.endswith(REQUIRED):
            text = text.removesuffix(REQUIRED) + "[" + _("required") + "]"
        (arguments if param.param_type_name == "argument" else options).append((name, text))
    for title, rows in ((N_("Arguments"), arguments), (N_("Options"), options)):
        if rows:
            with formatter.section(heading(title)):
                formatter.write_dl(rows)


def heading(title: str) -> str:
    """A heading of the help, in the language of the output. click writes the colon after
    it; French puts a narrow no-break space before a colon."""
    return _(title) + "\u202f" if french() else title


def spoken_names(names: list[str]) -> dict[str, str]:
    """What the help calls each command: in French, the first word the table says for it
    (`donner` for `deal`), which the command line takes as well, that is not another
    command's name (`parole` is Bouillotte's own command: `check` is `checker`); in
    English, its name."""
    if not french():
        return {name: name for name in names}
    from .vocabulary import VOCABULARY

    words = {command: said for command, said, _meaning in VOCABULARY}
    taken = set(names)
    return {
        name: next((w for w in words.get(name, ()) if w == name or w not in taken), name)
        for name in names
    }


# The help option's text, as click writes it.
HELP_OPTION_TEXT = "Show this message and exit."


def translated_help(option: Any) -> Any:
    """The help option (or None), its help text in the language of the output.

    Translated from click's English each time, never from the text already set: a command
    object outlives a line (`play`, a program calling `main`), and the next line may speak
    the other language.
    """
    if option is not None and option.help:
        option.help = _(HELP_OPTION_TEXT)
    return option


def plain_help(command: Any) -> None:
    """Rewrite the help of one click command (see the module)."""
    for param in command.params:
        if param.name != "help" and not getattr(param, "hidden", False):
            _plain_param(param)
    command.epilog = epilog(command.name)


def epilog(name: str | None) -> str:
    """The examples under a command's help (and `play`'s short forms), in the language of
    the output: in French, the command said with its French word (`marquoir relancer 60`)."""
    paragraphs = []
    if name == "play":
        paragraphs.append([_("Short forms, at the prompt and in scripts:"), short_forms_text()])
    if name in EXAMPLES:
        paragraphs.append([_("Examples:"), *(_example(line) for line in EXAMPLES[name])])
    # "\b": click prints the paragraph's lines as they are, without rewrapping them
    return "\n\n".join(
        "\b\n" + head + "\n" + "\n".join(f"  {line}" for line in lines)
        for head, *lines in paragraphs
    )


def example_comments() -> list[str]:
    """The comments of the examples (after `# `), the words of the examples to translate."""
    return [
        line.partition("# ")[2] for lines in EXAMPLES.values() for line in lines if "# " in line
    ]


def _example(line: str) -> str:
    """An example with its comment in the language of the output; in French, its command
    said the French way (`marquoir relancer 60`, a chip worth `0,10`)."""
    command, mark, comment = line.partition("# ")
    if not french():
        return line
    from .vocabulary import french_line

    words = command.split()
    if words[0] == "marquoir":
        # (the spaces before the comment kept as they were)
        spaces = command[len(command.rstrip()) :]
        command = " ".join(["marquoir", *french_line(words[1:])]) + spaces
    command = re.sub(r"(?<=\d)\.(?=\d)", ",", command)  # the French decimal comma
    command = ENGLISH_CARD.sub(_french_card, command)  # what a French session reads
    for english, said in FRENCH_EXAMPLE_VALUES:
        command = command.replace(english, said)
    return command + mark + _(comment) if mark else command


# A card of the examples in English notation (`Ah`, `Td`), which a French session would read
# the French way (`c` is cœur there): shown in French notation (`Ac`, `10k`).
ENGLISH_CARD = re.compile(r"(?<![\w-])(?:[2-9TJQKA])[cdhs](?!\w)")


def _french_card(found: re.Match[str]) -> str:
    from ..domain.cards import label, parse_cards

    return label(parse_cards(found.group())[0])


def _plain_param(param: Any) -> None:
    is_argument = not hasattr(param, "is_flag")
    if is_argument or not param.is_flag:
        if param.metavar is None:
            param.metavar = _metavar(param)
        if is_argument:
            # not typer's `{name}`; the value's name as it is now (`speak` translates it)
            required = param.required
            param.get_usage_pieces = lambda ctx: [
                str(param.metavar) if required else f"[{param.metavar}]"
            ]
            param.display_type_rich = lambda ctx: None  # not `<str>` after the name
    default = _default_text(param)
    help_text = param.help or ""
    if default is not None and "default" not in help_text:
        # one style: "Ante posted by every player (default: 0)."
        stem, period = (help_text[:-1], ".") if help_text.endswith(".") else (help_text, "")
        param.help = f"{stem} (default: {default}){period}".strip()
    param.show_default = False


def french_metavar(param: Any) -> str:
    """The English name of the value a French help translates (`N` of chips: `CHIPS`)."""
    metavar = str(param.metavar)
    return "CHIPS" if metavar == "N" and param.name in CHIP_AMOUNTS else metavar


def _metavar(param: Any) -> str:
    choices = getattr(param.type_descriptor, "choices", None) or ()
    if choices:
        return "|".join(str(getattr(c, "value", c)) for c in choices)
    if param.name == "players" and hasattr(param, "is_flag"):  # `new --players N`: a count
        return "N"
    if param.name in METAVARS:
        return METAVARS[param.name]
    if param.name in NUMBERS:
        return "N"
    return str(param.name).upper().rstrip("_")


def _default_text(param: Any) -> str | None:
    """The default worth saying: not None, not False, not an empty list."""
    value = param.default
    if value is None or value is False or value in ([], "") or callable(value):
        return None
    if isinstance(value, Enum):
        return str(value.value)
    return str(value)


def usage_hint(args: list[str]) -> str | None:
    """What a line that does not parse most likely meant, or None."""
    if not args:
        return None
    word, rest = args[0], args[1:]
    if word in SHORT_FORMS:
        verb = SHORT_FORMS[word]
        return _(
            "`{word}` is the short form of `{verb}` inside `marquoir play`: type `marquoir {verb}`"
        ).format(word=word, verb=verb)
    amounts = [w for w in rest if not w.startswith("-")]
    if word in ("check", "call", "fold", "allin") and amounts:
        if word in ("call", "allin"):
            hint = _("{word} takes no amount: to raise, `raise {amount}`")
        else:
            hint = _("{word} takes no amount: to bet, `bet {amount}`")
        return hint.format(word=word, amount=amounts[0])
    return None
