"""The one error family of Marquoir.

Every refusal the rules make is a `MarquoirError`; the command line turns it into one
`Error: ...` line and an exit code in a single place.
"""

from __future__ import annotations


class MarquoirError(Exception):
    """Something the rules or the data refuse; the message is meant for a player."""

    exit_code = 1


class ConfigError(MarquoirError):
    """A table configuration that does not make sense (zero blind, limits that don't match)."""


class IllegalAction(MarquoirError):
    """An action the rules do not allow at this moment (amount, check facing a bet, ...)."""


class NotYourTurn(IllegalAction):
    """An action announced for a player who is not the one to act."""


class HandOver(IllegalAction):
    """A betting action when no betting is pending (showdown or hand finished)."""


class ShowdownError(MarquoirError):
    """A showdown ranking that cannot settle the pots (folded, unknown or ineligible players)."""


class UsageError(MarquoirError):
    """Input that does not parse (bad ranking syntax, bad amount); exit code 2."""

    exit_code = 2
