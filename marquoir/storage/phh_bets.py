"""A hand's betting actions as `import phh` writes them: what each action did (`Bet`, made
once for each thing an action did, from what the table said of it: no stored text read
back), and the hand's rows with its actions packed in one `bets` row (`pack_hand`, see
`codec.BETS`), or each action in its own row when they cannot be (`with_texts`)."""

from __future__ import annotations

from functools import lru_cache

from ..domain.actions import ActionEvent
from ..domain.events import Acted
from ..domain.table import MAX_SEATS
from . import codec

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    # What one hand writes: its events as (id, hand number, kind, stored text), and the
    # summary of the hand with the id of the event that ended it.
    Rows = list[tuple[int, int | None, str, str]]
    Summary = tuple[int, list[Any]] | None

# The text of an action's row as the replay leaves it: the writer packs the hand's actions
# (`Bet`) in one row, or gives each row its action's text (`Bet.text`).
UNWRITTEN = ""
# The players' indexes in a hand as text, made once (a hand has no more players than the
# table has seats).
_INDEXES = tuple(map(str, range(MAX_SEATS)))


class Bet:
    """What an action did, as the writer takes it; made once for each thing an action did
    (`phh_replay.Group.done`): its item in a hand's `bets` row (`codec.bet_parts`: the
    street's number, the item's text before and after the player's index, which is the
    hand's business; `street` None when it cannot be packed), and the text of the action's
    own row, made only when a hand's actions are not packed (`text`)."""

    __slots__ = ("_text", "acted", "detail", "head", "player", "street", "streets", "tail")

    def __init__(self, acted: Acted, detail: object, streets: tuple[str, ...]) -> None:
        self.acted, self.detail, self.streets = acted, detail, streets
        parts = None
        self.player = ""
        if type(detail) is ActionEvent:
            self.player = detail.player
            parts = codec.bet_parts(acted.action, detail, streets)
        self.street: int | None = None
        self.head = self.tail = ""
        if parts is not None:
            self.street, self.head, self.tail = parts
        self._text = ""

    @property
    def text(self) -> str:
        """The stored text of the action's own row (`codec.event_text`)."""
        if not self._text:
            self._text = codec.event_text(self.acted, self.detail, streets=self.streets)[1]
        return self._text


def pack_hand(rows: Rows, bets: list[Bet], summary: tuple[int, list[Any]]) -> tuple[Rows, Summary]:
    """The hand's rows with its actions (`bets`, in order: their rows are `UNWRITTEN`) in
    one `bets` row, the ids from the first row's on and the summary's event id following
    its event, when the actions follow each other and end the hand or come just before the
    event that ends it (so that `undo` takes them back one by one: `Ledger.undo`), and
    every one can be packed; else each action in its own row (`with_texts`). Only the
    player's index in each item is the hand's (the summary's players)."""
    if not bets:
        return rows, summary
    first = 0
    while rows[first][2] != "action":  # (the seats, the deal)
        first += 1
    count = len(rows)
    last = count - 1
    while rows[last][2] != "action":  # (the showdown, the events after the hand)
        last -= 1
    at, stored = summary
    ended = rows[last][0] == at or (last + 1 < count and rows[last + 1][0] == at)
    if not ended or last - first + 1 != len(bets):  # (another event between them)
        return with_texts(rows, bets), summary
    index = _index_texts(stored[0])
    items: list[str] = []
    streets, street_now = [items], 0
    for bet in bets:
        street, who = bet.street, index.get(bet.player)
        if street != street_now:
            if street is None or street < street_now:
                return with_texts(rows, bets), summary
            while street_now < street:  # (a street without actions: empty)
                items = []
                streets.append(items)
                street_now += 1
        if who is None:
            return with_texts(rows, bets), summary
        items.append(f"{bet.head}{who}{bet.tail}")
    text = "[[" + "],[".join(map(",".join, streets)) + "]]"
    start = rows[first][0]
    packed = rows[:first]
    packed.append((start, rows[last][1], codec.BETS, text))
    shift = last - first  # (the rows after: as many ids fewer as actions packed, less 1)
    for number, no, kind, data in rows[last + 1 :]:  # (the showdown, most often none)
        packed.append((number - shift, no, kind, data))
    return packed, (start if rows[last][0] == at else start + 1, stored)


def _index_texts(players: list[str]) -> dict[str, str]:
    """Each player's index in the hand as the text it is written in (the items are joined
    as text)."""
    return _index_texts_of(tuple(players))


# (made once for each list of players met: a file's hands are played by a few players in a
# few orders; a process that meets many keeps the last ones. Never changed by its callers.)
@lru_cache(maxsize=4096)
def _index_texts_of(players: tuple[str, ...]) -> dict[str, str]:
    return dict(zip(players, _INDEXES[: len(players)], strict=True))


def with_texts(rows: Rows, bets: list[Bet]) -> Rows:
    """The rows as written, each action in its own row (its text made then: `Bet.text`)."""
    texts = iter([bet.text for bet in bets])
    return [row if row[2] != "action" else (*row[:3], next(texts)) for row in rows]


__all__ = ["UNWRITTEN", "Bet", "pack_hand", "with_texts"]
