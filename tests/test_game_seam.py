"""The seam between the hand and the games: a game is one object, registered by name.

- A table built in Python and the same table built from the command line get the same
  rules: the per-game defaults live with the game, not in the command line.
- A game written against the hand's public interface alone plays a hand (the way a new
  game is added: one class, one registry line).
- The table refuses an event it does not know instead of taking it for another.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from marquoir.cli import main
from marquoir.domain import (
    Action,
    ActionKind,
    BettingKind,
    ConfigError,
    Game,
    Hand,
    IllegalAction,
    MarquoirError,
    Phase,
    SeatInfo,
    TableConfig,
)
from marquoir.domain.games import GAMES, GameRules, rules_for
from marquoir.domain.games.base import post_antes
from marquoir.domain.table import SessionSettings, Table
from marquoir.storage.ledger import Ledger

FL = BettingKind.FIXED_LIMIT

TYPE_CHECKING = False
if TYPE_CHECKING:
    from marquoir.domain.games.base import Dealing


def built_by_cli(tmp_path: Path, *options: str) -> TableConfig:
    db = tmp_path / "seam.db"
    assert main(["--db", str(db), "new", "night", *options]) == 0
    with Ledger(db) as book:
        return book.session_named("night").settings.table


@pytest.mark.parametrize(
    ("options", "config", "expected"),
    [
        # Robert's Rules: a bet and four raises in two-round draw games, three elsewhere.
        (
            ("--game", "draw", "--ante", "1", "--betting", "fl", "--limits", "1/2"),
            TableConfig(0, 0, game=Game.DRAW, ante=1, betting=FL, small_bet=1, big_bet=2),
            {"cap": 4},
        ),
        (
            ("--game", "draw", "--blinds", "1/2"),
            TableConfig(1, 2, game=Game.DRAW),
            {"cap": 4, "betting": BettingKind.NO_LIMIT},
        ),
        (("--blinds", "1/2", "--betting", "fl"), TableConfig(1, 2, betting=FL), {"cap": 3}),
        # Bouillotte: the dealer's passe is one chip unless told otherwise.
        (
            (
                "--game",
                "bouillotte",
            ),
            TableConfig(0, 0, game=Game.BOUILLOTTE),
            {"passe": 1},
        ),
        # Stud is played fixed-limit.
        (
            ("--game", "stud", "--ante", "1", "--bring-in", "1", "--limits", "2/4"),
            TableConfig(0, 0, game=Game.STUD, ante=1, bring_in=1, small_bet=2, big_bet=4),
            {"betting": FL, "cap": 3},
        ),
        # What is given wins over the game's default, on both sides.
        (
            ("--game", "draw", "--ante", "1", "--betting", "fl", "--limits", "1/2", "--cap", "2"),
            TableConfig(0, 0, game=Game.DRAW, ante=1, betting=FL, small_bet=1, big_bet=2, cap=2),
            {"cap": 2},
        ),
        (
            ("--game", "bouillotte", "--passe", "2"),
            TableConfig(0, 0, game=Game.BOUILLOTTE, passe=2),
            {"passe": 2},
        ),
    ],
)
def test_python_and_the_command_line_build_the_same_table(
    tmp_path: Path, options: tuple[str, ...], config: TableConfig, expected: dict[str, object]
) -> None:
    assert built_by_cli(tmp_path, *options) == config
    for field, value in expected.items():
        assert getattr(config, field) == value


def test_a_default_is_not_taken_when_told_otherwise() -> None:
    with pytest.raises(ConfigError, match="Bouillotte needs a passe"):
        TableConfig(0, 0, game=Game.BOUILLOTTE, passe=0)
    positional = TableConfig(0, 0, Game.DRAW, FL, 1, small_bet=2)  # game, betting, ante
    assert (positional.game, positional.betting, positional.cap) == (Game.DRAW, FL, 4)


def test_every_game_is_registered_by_its_name() -> None:
    assert set(GAMES) == {g.value for g in Game}
    for name, rules in GAMES.items():
        assert issubclass(rules, GameRules)
        assert rules.streets, f"{name} declares its streets"
    config = TableConfig(0, 0, game=Game.STUD, ante=1, bring_in=1, small_bet=2)
    assert type(rules_for(config)) is GAMES["stud"]
    assert type(config.rules) is GAMES["stud"]


class Pairs(GameRules):
    """A toy game written against the hand's public interface only: an ante each, two
    rounds of no-limit betting, the first bet at least the ante."""

    name = "pairs"
    streets = ("first round", "second round")

    def validate(self) -> None:
        if not self.config.ante:
            raise ConfigError("pairs needs an ante")

    def start(self, hand: Dealing) -> int | str:
        post_antes(hand, self.config.ante)
        hand.open_round(0)
        return hand.button_index + 1


def act(hand: Hand, kind: ActionKind, amount: int | None = None) -> str:
    return hand.apply(Action(kind, amount)).describe()


def test_a_game_added_as_one_class_plays_a_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(GAMES, "pairs", Pairs)
    config = TableConfig(0, 0, game="pairs", ante=2)  # type: ignore[arg-type]
    assert config.title() == "pairs no-limit ante 2"
    seats = [SeatInfo("alice", 1, 100), SeatInfo("bob", 2, 100), SeatInfo("carol", 3, 50)]
    hand = Hand(config, seats, button=3)
    # The antes, from the button's left: 6 in the middle, nothing in front.
    assert [(f.player, f.kind, f.amount) for f in hand.forced] == [
        ("alice", "ante", 2),
        ("bob", "ante", 2),
        ("carol", "ante", 2),
    ]
    assert (hand.street, hand.to_act, hand.current_bet) == ("first round", "alice", 0)
    legal = hand.legal()
    assert legal.min_to == 2  # the smallest bet: the ante (no blinds)
    act(hand, ActionKind.BET, 10)
    act(hand, ActionKind.CALL)
    act(hand, ActionKind.FOLD)
    assert (hand.street, hand.to_act) == ("second round", "alice")
    act(hand, ActionKind.CHECK)
    act(hand, ActionKind.CHECK)
    assert hand.phase is Phase.SHOWDOWN
    hand.showdown((("bob",),))
    assert hand.result is not None
    # bob wins the antes (6) and alice's 10: 100 - 2 - 10 + 26
    assert hand.result.final == {"alice": 88, "bob": 114, "carol": 48}


class NoChecking(Pairs):
    """Pairs where nobody may check (a rule of turns of the game's own) and no bet goes
    beyond 5 (bounds of its own)."""

    def check_turn(self, hand: Dealing, i: int, verb: str) -> None:
        if verb == "check":
            raise IllegalAction("nobody checks at this game")

    def raise_window(self, hand: Dealing, i: int) -> tuple[int, int | None] | str | None:
        return 2, 5


class FarStart(Pairs):
    """Pairs whose first speaker is counted once round the table past the button's left."""

    def start(self, hand: Dealing) -> int | str:
        post_antes(hand, self.config.ante)
        hand.open_round(0)
        return hand.button_index + 1 + hand.size


def three_at(monkeypatch: pytest.MonkeyPatch, game: type[Pairs]) -> Hand:
    """A deal of `game`, registered as pairs (ante 2), to alice, bob and carol, carol on
    the button."""
    monkeypatch.setitem(GAMES, "pairs", game)
    config = TableConfig(0, 0, game="pairs", ante=2)  # type: ignore[arg-type]
    seats = [SeatInfo("alice", 1, 100), SeatInfo("bob", 2, 100), SeatInfo("carol", 3, 50)]
    return Hand(config, seats, button=3)


def test_a_game_s_own_rules_of_turns_are_asked_at_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The hand asks a game's `check_turn` only of the verbs it declares and its
    # `raise_window` only of a game with bounds of its own: a game that overrides them
    # without saying so is still asked (its check refused, its bet held to 5).
    hand = three_at(monkeypatch, NoChecking)
    with pytest.raises(IllegalAction, match="nobody checks at this game"):
        act(hand, ActionKind.CHECK)
    with pytest.raises(IllegalAction, match="maximum is a bet to 5"):
        act(hand, ActionKind.BET, 10)
    assert act(hand, ActionKind.BET, 5) == "alice bets 5"


def test_a_game_may_count_its_first_speaker_past_the_last_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat indexes count round the table: the button's left plus the number of players is
    # the button's left again (alice), on the first round.
    hand = three_at(monkeypatch, FarStart)
    assert (hand.street, hand.to_act) == ("first round", "alice")


def test_a_game_registered_again_is_the_one_a_table_then_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The rules class of a table's configuration is found once and kept for the next deals
    # of the same configuration; a game registered again under its name is found anew.
    monkeypatch.setitem(GAMES, "pairs", Pairs)
    config = TableConfig(0, 0, game="pairs", ante=2)  # type: ignore[arg-type]
    assert type(rules_for(config)) is Pairs

    class Doubles(Pairs):
        name = "doubles"

    monkeypatch.setitem(GAMES, "pairs", Doubles)
    assert type(rules_for(config)) is Doubles
    assert type(Hand(config, [SeatInfo("alice", 1, 9), SeatInfo("bob", 2, 9)], 1).rules) is Doubles


def test_fixed_limit_bets_are_the_limits_from_the_big_bet_round_of_the_game_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Fixed-limit (limits 2/4): a bet is exactly the small bet before the game's big-bet
    # round and the big bet from it on. The toy game's second round is played with the small
    # bet (the big-bet round is the third by default); registered again as a game whose big
    # bet comes with the second round, the same table's next deal bets 4 there.
    monkeypatch.setitem(GAMES, "pairs", Pairs)
    config = TableConfig(
        0,
        0,
        game="pairs",  # type: ignore[arg-type]
        betting=BettingKind.FIXED_LIMIT,
        ante=1,
        small_bet=2,
        big_bet=4,
    )
    seats = [SeatInfo("alice", 1, 100), SeatInfo("bob", 2, 100)]

    def bets() -> list[tuple[int | None, int | None]]:
        """The smallest and largest bet of each round of a deal checked round in the first."""
        hand = Hand(config, seats, 1)
        first = hand.legal()
        act(hand, ActionKind.CHECK)
        act(hand, ActionKind.CHECK)
        assert hand.street == "second round"
        second = hand.legal()
        return [(first.min_to, first.max_to), (second.min_to, second.max_to)]

    assert bets() == [(2, 2), (2, 2)]

    class BigSooner(Pairs):
        big_bet_street = 1

    monkeypatch.setitem(GAMES, "pairs", BigSooner)
    assert bets() == [(2, 2), (4, 4)]


def test_the_table_refuses_an_event_it_does_not_know() -> None:
    table = Table(SessionSettings(TableConfig(1, 2)))
    with pytest.raises(MarquoirError, match="not an event of the table"):
        table.apply("back alice")  # type: ignore[arg-type]
    assert table.accounts == {}
