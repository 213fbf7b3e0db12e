"""`new --tournament`'s options are checked where the tournament's rules live: the written
specs (levels, breaks, payouts, chips) by `TournamentSettings.validate`, the levels read from
a file or a preset by `app.tournament.tournament_settings`; the command line only reads the
options, calls, and prints (so `new`, an imported history and any other caller refuse the
same settings the same way)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from marquoir.domain import UsageError
from marquoir.domain.tournament.session import TournamentSettings

from .installed import Marquoir

ROOT = Path(__file__).resolve().parent.parent


def _settings(**fields: object) -> TournamentSettings:
    return TournamentSettings(**{"buy_in": "10", "stack": 1000, "levels": "10/20", **fields})


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        # 50 + 30 + 30 = 110, not 100
        ({"payouts": "50/30/30"}, "100"),
        # a lower place paying more than a higher one
        ({"payouts": "30/70"}, "place"),
        ({"breaks": "4"}, "EVERY:MINUTES"),
        ({"chips": "25,abc"}, "denominations"),
        ({"levels": "10/20,abc"}, "abc"),
    ],
)
def test_the_settings_check_their_own_specs(fields: dict[str, object], said: str) -> None:
    with pytest.raises(UsageError, match=said):
        _settings(**fields).validate()


def test_good_specs_pass() -> None:
    _settings(payouts="50/30/20", breaks="4:10", chips="25,100,500").validate()


def test_the_application_reads_the_levels_and_fills_a_preset_s_defaults() -> None:
    from marquoir.app.tournament import tournament_settings

    options = dict(payouts="", chips="", breaks=None, level_minutes=None, level_hands=None)
    settings = tournament_settings(buy_in="10", stack=None, levels="home-20", **options)
    assert settings.stack > 0 and settings.level_minutes is not None
    with pytest.raises(UsageError, match="starting stack"):
        tournament_settings(buy_in="10", stack=None, levels="10/20", **options)
    with pytest.raises(UsageError, match="100"):
        tournament_settings(
            buy_in="10", stack=100, levels="10/20", **{**options, "payouts": "60/60"}
        )


def test_the_command_line_leaves_the_checks_to_the_tournament() -> None:
    source = (ROOT / "marquoir" / "cli" / "tournament.py").read_text(encoding="utf-8")
    names = {
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    # (`chips`, the stack's make-up, reads the chip set: it checks nothing)
    checks = {"parse_payouts", "parse_levels", "parse_levels_csv", "preset", "read_levels"}
    assert not names & checks, names & checks
    assert "def tournament_settings" not in source


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ("--payouts 50/30/30", "100"),
        ("--breaks 4", "EVERY:MINUTES"),
        ("--chips 25,abc", "denominations"),
        ("--levels nosuchpreset", "nosuchpreset"),
    ],
)
def test_new_refuses_them_as_before(cli: Marquoir, options: str, said: str) -> None:
    line = f"new t --tournament --buy-in 10 --stack 1000 --levels 10/20 {options}".split()
    done = cli.run(*line)
    assert done.returncode == 2 and said in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert "no session yet" in cli.run("status").stderr
