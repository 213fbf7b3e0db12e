"""Every JSON output validates against its JSON Schema in marquoir/schemas/.

The outputs are taken from the example evenings at several moments (a hand in play, between
hands, after everyone cashed out), so optional parts (legal actions, pots, a settlement, the
bank's payouts) are all exercised. A schema that accepted anything would pass too: the last
tests check that each schema refuses a broken output.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from marquoir.cli import main
from marquoir.cli.render import JSON_VERSION
from marquoir.reports.exports import OUTPUT_VERSION

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "marquoir" / "schemas"
EXAMPLES = ROOT / "examples"


# validated elsewhere: the tournament's commands in test_tournament_cli.py, the tournament
# screen's data (`serve`) in test_tournament_screen.py, the room's in test_tournament_room.py
TOURNAMENT_SCHEMAS = ("places", "chop", "race", "tournament-screen", "balance")


def schema(name: str) -> Draft202012Validator:
    loaded = json.loads((SCHEMAS / f"{name}.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(loaded)
    return Draft202012Validator(loaded)


class Outputs:
    """Runs commands on one file and keeps every JSON output, by schema name."""

    def __init__(self, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
        self.db, self.capsys = db, capsys
        self.seen: list[tuple[str, Any]] = []

    def __call__(self, *args: str) -> str:
        self.capsys.readouterr()
        code = main(["--db", str(self.db), *args])
        out, err = self.capsys.readouterr()
        assert (code, err) == (0, ""), (args, err)
        return out

    def keep(self, name: str, *args: str) -> None:
        self.seen.append((name, json.loads(self(*args))))

    def moment(self) -> None:
        self.keep("status", "status", "--json")
        self.keep("stacks", "stacks", "--json")
        self.keep("sessions", "sessions", "--json")
        self.keep("report", "report", "--format", "json")
        self.keep("export-ledger", "export", "json")
        self.keep("export-hands", "export", "json", "--what", "hands")


@pytest.mark.parametrize(
    # (the tournament's outputs are checked in test_tournament_cli.py: no cash-outs there)
    "script",
    sorted(
        p.name
        for p in EXAMPLES.glob("*.txt")
        if p.name not in ("closing.txt", "tournoi.txt", "club.txt")
    ),
)
def test_every_json_output_validates(
    script: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = Outputs(tmp_path / "s.db", capsys)
    lines = (EXAMPLES / script).read_text(encoding="utf-8").splitlines()
    deal = max(i for i, line in enumerate(lines) if line.split("#")[0].strip() == "deal")
    head = tmp_path / "head.txt"
    head.write_text("\n".join(lines[: deal + 2]) + "\n", encoding="utf-8")
    run("play", str(head))  # stops in the last hand, a bet made: legal actions and pots
    run.moment()
    rest = tmp_path / "rest.txt"
    rest.write_text("\n".join(lines[deal + 2 :]) + "\n", encoding="utf-8")
    run("play", str(rest))
    run.moment()
    run("leave", "--all")
    run.moment()
    run.keep("settle", "settle", "--json")
    run.keep("settle", "settle", "--bank", "--json")
    run.keep("standings", "standings", "--json")
    run.keep("standings", "standings", "--json", "--from", "2000-01-01", "--to", "2999-12-31")
    validators = {name: schema(name) for name in {name for name, _ in run.seen}}
    # every schema is used (but those validated elsewhere)
    assert len(validators) == len(list(SCHEMAS.glob("*.json"))) - len(TOURNAMENT_SCHEMAS)
    for name, data in run.seen:
        errors = [e.message for e in validators[name].iter_errors(data)]
        assert errors == [], (name, errors)
        assert data["version"] == 1


def test_the_versions_agree() -> None:
    assert JSON_VERSION == OUTPUT_VERSION == 1
    for path in SCHEMAS.glob("*.json"):
        loaded = json.loads(path.read_text(encoding="utf-8"))
        assert loaded["properties"]["version"] == {
            "const": OUTPUT_VERSION,
            "description": loaded["properties"]["version"]["description"],
        }


BROKEN: list[tuple[str, dict[str, Any]]] = [
    (
        "settle",
        {
            "version": 1,
            "session": "s",
            "currency": "EUR",
            "chip_value": "0.10",
            "balances": {"a": 1.5},
            "transfers": [],
            "groups": [],
            "bank": None,
        },
    ),
    ("stacks", {"version": 1, "session": "s", "players": [{"seat": 1, "stack": 3, "left": False}]}),
    ("stacks", {"session": "s", "players": []}),
    (
        "status",
        {
            "version": 2,
            "session": "s",
            "game": "holdem",
            "hand": 0,
            "in_hand": False,
            "players": [],
            "pots": [],
            "to_act": None,
            "legal": None,
        },
    ),
    (
        "standings",
        {
            "version": 1,
            "from": "yesterday",
            "to": None,
            "sessions": [],
            "currency": "",
            "players": [],
        },
    ),
    (
        "export-ledger",
        {
            "version": 1,
            "session": "s",
            "date": "2024-05-03",
            "what": "hands",
            "currency": "EUR",
            "chip_value": "0.10",
            "rows": [],
        },
    ),
]


@pytest.mark.parametrize(("name", "data"), BROKEN)
def test_a_schema_refuses_a_broken_output(name: str, data: dict[str, Any]) -> None:
    assert list(schema(name).iter_errors(data))


def test_status_without_the_pot_is_refused() -> None:
    """`pot` (every chip in the middle) and the legal call in totals are required keys."""
    good: dict[str, Any] = {
        "version": 1,
        "session": "s",
        "game": "holdem",
        "hand": 1,
        "in_hand": True,
        "players": [],
        "pots": [],
        "pot": 3,
        "to_act": "a",
        "legal": {
            "player": "a",
            "to_call": 2,
            "call_amount": 2,
            "can_check": False,
            "min_to": 4,
            "max_to": 100,
            "allin_to": 100,
            "allin_ok": True,
            "call_to": 2,
            "call_is_all_in": False,
        },
    }
    assert not list(schema("status").iter_errors(good))
    assert list(schema("status").iter_errors({k: v for k, v in good.items() if k != "pot"}))
    for key in ("call_to", "call_is_all_in"):
        legal = {k: v for k, v in good["legal"].items() if k != key}
        assert list(schema("status").iter_errors({**good, "legal": legal}))
