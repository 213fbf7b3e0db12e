"""The typer app in French: its help texts, and the parser's own words (usage, errors).

Only when the output is French, once typer is loaded (never on the fast path). The parser
writes a few words in English with no catalog: the help's headings and usage line are
written by the command classes of `help.py` (click's public `format_*` methods), the help
texts are translated in place by `speak_french`, and `usage_error` translates the usage
errors from their public message (this module is the only one that knows those words).
"""

from __future__ import annotations

import re

from ..domain.i18n import N_, _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from typer.core import TyperCommand, TyperGroup

    Command = TyperCommand | TyperGroup

# The parser's own words that reach the user of Marquoir (help and usage errors).
PARSER_MESSAGES = (
    N_("Usage: "),
    N_("Options"),
    N_("Arguments"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Missing command."),
    N_("No such command {name!r}."),
    N_("required"),
    N_("default: {default}"),
    N_("Aborted!"),
    N_("Missing argument {name}."),
    N_("Missing option {name}."),
    N_("Invalid value for {name}: {message}"),
    N_("No such option: {name}"),
    N_("No such option: {name} (possible options: {options})"),
    N_("Option {name} requires an argument."),
    N_("Option {name} does not take a value."),
    N_("Got unexpected extra arguments ({words})"),
)

# The parser's usage errors, read back (what it says, the message it becomes in French).
_USAGE_ERRORS = (
    (re.compile(r"Missing argument (.+)\.$"), "Missing argument {name}."),
    (re.compile(r"Missing option (.+)\.$"), "Missing option {name}."),
    (
        re.compile(r"Invalid value for ([^:]+): (.*)$", re.DOTALL),
        "Invalid value for {name}: {message}",
    ),
    (
        re.compile(r"No such option: (\S+) \(Possible options: (.+)\)$"),
        "No such option: {name} (possible options: {options})",
    ),
    (re.compile(r"No such option: (.+)$"), "No such option: {name}"),
    (re.compile(r"Option (.+) requires .*$"), "Option {name} requires an argument."),
    (re.compile(r"Option (.+) does not take a value\.$"), "Option {name} does not take a value."),
    (
        re.compile(r"Got unexpected extra argument\S* \((.*)\)$"),
        "Got unexpected extra arguments ({words})",
    ),
)


# What the parser says of a value it refuses (inside "Invalid value for ...: "), read back.
_VALUE_ERRORS = (
    (
        re.compile(r"(?:Value error, )?(.+) is not one of (.+)\.$", re.DOTALL),
        N_("{value} is not one of {choices}."),
    ),
)


def usage_error(message: str) -> str:
    """A usage error of the parser, in French when the parser's words are known."""
    for pattern, french in _USAGE_ERRORS:
        found = pattern.match(message)
        if found:
            keys = re.findall(r"\{(\w+)", french)
            words = dict(zip(keys, found.groups(), strict=True))
            if "message" in words:
                words["message"] = value_error(words["message"])
            return _(french).format(**words)
    return message


def value_error(message: str) -> str:
    """What the parser says of a refused value, in French when its words are known (the
    prefix its validation library adds, `Value error, `, left out)."""
    for pattern, french in _VALUE_ERRORS:
        found = pattern.match(message)
        if found:
            keys = re.findall(r"\{(\w+)", french)
            return _(french).format(**dict(zip(keys, found.groups(), strict=True)))
    return message


# The names of the values in the usage line and the help (`--as PLAYER`), in French.
METAVAR_WORDS = (
    N_("PLAYER"),
    N_("PLAYER..."),
    N_("NAME"),
    N_("FILE"),
    N_("FILE..."),
    N_("CHIPS"),
    N_("CARDS"),
    N_("CARD"),
    N_("SMALL/BIG"),
    N_("MONEY"),
    N_("PLAYER=CHIPS..."),
    N_("NAME=AMOUNT..."),
    N_("NAME=COUNT..."),
    N_("NAME,NAME,..."),
    N_("CHIP"),
    N_("PATH"),
    N_("SPEC"),
    N_("LEVELS"),
    N_("LEVEL"),
    N_("EVERY:MINUTES"),
    N_("VALUES"),
    N_("TIME"),
    N_("TABLE:SEAT"),
    N_("next|prev|N"),
    N_("shared|host|PLAYER"),
    N_("RANKING | PLAYER=CARDS..."),
    # click's own name for a group's commands in the usage line (`subcommand_metavar`)
    N_("COMMAND [ARGS]..."),
)


class Spoken:
    """The command tree's words (help texts and value names) as written in English, put back
    in the language of each line: a command tree outlives a line (`play`, a program calling
    `main`), and the next line may be on a session that speaks the other language."""

    def __init__(self, command: Command) -> None:
        from .help import french_metavar

        self.texts = [
            (holder, attribute, getattr(holder, attribute))
            for holder, attribute in help_holders(command)
        ]
        self.metavars = [
            (param, str(param.metavar), french_metavar(param))
            for param in all_params(command)
            if param.metavar
        ]
        self.metavars += [
            (group, str(group.subcommand_metavar), str(group.subcommand_metavar))
            for group in all_groups(command)
        ]
        self.language = "en"

    def speak(self, language: str) -> None:
        """Every word of the tree in `language` ("en" or "fr")."""
        if language == self.language:
            return
        self.language = language
        for holder, attribute, english in self.texts:
            setattr(holder, attribute, _(english))
        for holder, english, french in self.metavars:
            name = _(french) if language == "fr" else english
            if hasattr(holder, "subcommand_metavar"):
                holder.subcommand_metavar = name
            else:
                holder.metavar = name


def all_params(command: Command) -> list[Any]:
    """Every parameter of the command tree."""
    params = list(command.params)
    for sub in getattr(command, "commands", {}).values():
        params.extend(all_params(sub))
    return params


def all_groups(command: Any) -> list[Any]:
    """Every group of the command tree (whose usage line names its commands)."""
    if not hasattr(command, "commands"):
        return []
    groups: list[Any] = [command]
    for sub in command.commands.values():
        groups.extend(all_groups(sub))
    return groups


def help_holders(command: Command) -> list[tuple[object, str]]:
    """Where the command tree keeps its help texts: (a command or an option, "help")."""
    holders: list[tuple[object, str]] = []
    if command.help:
        holders.append((command, "help"))
    for param in command.params:
        if getattr(param, "help", None):
            holders.append((param, "help"))
    for sub in getattr(command, "commands", {}).values():
        holders.extend(help_holders(sub))
    return holders


def help_texts(command: Command) -> list[str]:
    """Every help text of the command tree and the comments of its examples, for the
    catalog."""
    from .help import example_comments

    texts = [getattr(holder, attribute) for holder, attribute in help_holders(command)]
    return texts + example_comments()
