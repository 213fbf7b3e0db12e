"""The parts of a table beside its core: the tournament, and each game's own side.

The core (`table.py`) keeps the seats, the accounts and the hand in play, and carries out
each event through a registry by its type. A part owns its commands (`*_event`, which check
a command and return its event) and the events it applies: `appliers` gives them, and the
table adds them to its registry. A part owns its state too, and writes it into the table's
snapshot (`snapshot`, `restore`). A part sees the table only through `Host`, the core's
public interface; it never reaches into the core's private names.

A game's side (`GameSide`) is what a game adds between hands: Bouillotte's brelans and the
showdown read from the retourne, jackpots' pot à la clef. A game names its side with
`GameRules.table_side`; the base side adds nothing. A game's own commands (`own_commands`)
are found on its side by name, so that the command line names no game.
"""

from __future__ import annotations

from .errors import IllegalAction
from .events import ShowedDown
from .i18n import _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any, Protocol

    from .accounts import Account, SessionSettings
    from .actions import ActionEvent
    from .cards import HandValue, ShownShowdown
    from .config import TableConfig
    from .games.evaluator import Evaluator
    from .hand import Hand, ShowdownEvent

    Applier = Callable[[Any], "ActionEvent | ShowdownEvent | None"]

    class Buttons(Protocol):
        """What a part may read of the table's seating part: the last deal's button, and the
        player the next deal puts it on (`button PLAYER`)."""

        @property
        def last_button(self) -> int | None: ...
        @property
        def next_button(self) -> str | None: ...

    class Host(Protocol):
        """What a part of the table may use of the core (`Table` is one)."""

        settings: SessionSettings
        accounts: dict[str, Account]
        hand_no: int
        hand: Hand | None
        last_dealt: tuple[str, ...]
        game: GameSide

        @property
        def seating(self) -> Buttons: ...

        @property
        def config(self) -> TableConfig: ...
        def account(self, name: str) -> Account: ...
        def present(self) -> list[Account]: ...
        # (a view that follows the table, read-only: not iterated while the table changes)
        def present_by_name(self) -> Mapping[str, Account]: ...
        def resolve(self, name: str) -> str: ...
        def free_seat(self, seat: int | None) -> int: ...
        def between_hands(self, what: str) -> None: ...
        def hand_in_play(self) -> Hand: ...
        def after_hand_step(self, hand: Hand) -> None: ...
        def apply(self, event: Any) -> ActionEvent | ShowdownEvent | None: ...


class TablePart:
    """A part of the table: its commands and the events it applies."""

    def __init__(self, table: Host) -> None:
        self.table = table

    def appliers(self) -> dict[type, Applier]:
        """The event types this part carries out, each with the method that does."""
        return {}


class GameSide(TablePart):
    """What a game adds to the table between hands; the base adds nothing."""

    # the game's own commands: the names of this side's methods that the command line may
    # call (`own_command`), such as Bouillotte's `brelans_event` or jackpots' `clef_event`
    own_commands: frozenset[str] = frozenset()

    def __init__(self, table: Host) -> None:
        super().__init__(table)
        # the last hand whose side payments (the game's: Bouillotte's brelans) were paid,
        # and what they moved, player by player
        self.paid_hand = 0
        self.side_payments: dict[str, int] = {}

    def own_command(self, method: str, refusal: str) -> Callable[..., Any]:
        """The game's own command `method`, one of `own_commands`, or `refusal` (translated)
        when the table's game has none. Found by name, so that the command line reaches a
        game's commands without naming the game (its module is loaded with its table)."""
        if method not in self.own_commands:
            raise IllegalAction(_(refusal))
        command: Callable[..., Any] = getattr(self, method)
        return command

    def paid_now(self) -> dict[str, int]:
        """What the side payments moved after the last hand, if they were paid for it."""
        return self.side_payments if self.paid_hand == self.table.hand_no else {}

    def announced(self) -> bool:
        """Whether the next deal was announced as the game's special deal (jackpots' pot à la
        clef), which `deal_config` changes."""
        return False

    def dealt(self) -> None:
        """A new deal: what the game announced for it (the pot à la clef) is spent."""

    def snapshot(self) -> dict[str, Any]:
        """What a snapshot of the table keeps of the game's own state, beside the hand whose
        side payments were paid (the snapshot's "brelans_hand")."""
        return {}

    def restore(self, data: dict[str, Any]) -> None:
        """Take back what a snapshot kept."""
        self.paid_hand = data.get("brelans_hand", 0)

    def showdown(self, hand: Hand, event: ShowedDown) -> ShowdownEvent | None:
        """Carry out a showdown the game reads itself (Bouillotte's from the retourne), or
        None: the table gives the ranking to the hand."""
        return None

    def deal_config(self, config: TableConfig) -> TableConfig:
        """The rules the next deal is dealt with (jackpots: the pot à la clef's ante)."""
        return config

    def cards_showdown_event(
        self,
        board: str,
        shown: dict[str, str],
        odd_chip: str | None = None,
        *,
        verify: bool = True,
    ) -> tuple[ShowedDown, dict[str, HandValue]]:
        """The showdown the cards make, read by the game's evaluator (both halves in hi-lo),
        and each player's hand. `verify=False`: the pots are not shared out to check it, for
        an event applied at once (applying it checks the same)."""
        table = self.table
        evaluator = table.config.evaluator
        if evaluator is None:
            raise IllegalAction(
                _("{value}: the scorekeeper names the winner (win PLAYER)").format(
                    value=table.config.game
                )
            )
        shown = {table.resolve(name): text for name, text in shown.items()}
        odd_chip = None if odd_chip is None else table.resolve(odd_chip)
        read = _read_showdown(evaluator, shown, board)
        # (every field, in order: the record made from all its fields at once)
        event = _new(ShowedDown, (read.ranking, odd_chip, read.board, read.cards, read.low))
        if verify:
            table.hand_in_play().verify_showdown(read.ranking, odd_chip, low=read.low)
        return event, read.values


_new = tuple.__new__

# `cards.read_showdown`, once imported (`_read_showdown`)
_CARDS: dict[str, Callable[[Evaluator, dict[str, str], str], ShownShowdown]] = {}


def _read_showdown(evaluator: Evaluator, shown: dict[str, str], board: str) -> ShownShowdown:
    """`cards.read_showdown`, imported at the first showdown read from cards and kept: the
    table commands need not load the cards, and an import statement run again at each
    showdown costs more than reading a hand's cards (an import replays thousands)."""
    read = _CARDS.get("read_showdown")
    if read is None:
        from .cards import read_showdown

        read = _CARDS["read_showdown"] = read_showdown
    return read(evaluator, shown, board)


__all__ = ["GameSide", "TablePart"]
