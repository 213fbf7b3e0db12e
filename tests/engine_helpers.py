"""Small helpers to write engine tests as a table would say them."""

from __future__ import annotations

from marquoir.domain import Action, Hand, SeatInfo, TableConfig, parse_ranking


def deal(config: TableConfig, stacks: dict[str, int], *, button: str) -> Hand:
    """A hand with the players seated 1, 2, 3... in the order given."""
    seats = [SeatInfo(name, i + 1, stack) for i, (name, stack) in enumerate(stacks.items())]
    button_seat = next(s.seat for s in seats if s.name == button)
    return Hand(config, seats, button_seat)


def parse_action(word: str) -> Action:
    """ "alice:call", "raise 60", "bet 20", "allin", "fold", "check"."""
    player = None
    if ":" in word:
        player, word = word.split(":", 1)
    verb, *rest = word.split()
    if verb in ("bet", "raise"):
        return Action.bet(int(rest[0]), player=player)
    return {
        "fold": Action.fold,
        "check": Action.check,
        "call": Action.call,
        "allin": Action.allin,
        "abattre": Action.abattre,
        "parole": Action.check,
    }[verb](player=player)


def play(hand: Hand, script: str) -> list[str]:
    """Apply a ';'-separated list of actions; return the event descriptions."""
    out = []
    for word in script.split(";"):
        if word.strip():
            out.append(hand.apply(parse_action(word.strip())).describe())
            assert_conserved(hand)
    return out


def showdown(hand: Hand, text: str) -> dict[str, int]:
    """Settle the showdown and return the final stacks."""
    hand.showdown(parse_ranking(text))
    return final(hand)


def final(hand: Hand) -> dict[str, int]:
    assert hand.result is not None, "the hand is not over"
    assert_conserved(hand)
    return dict(hand.result.final)


def behind(hand: Hand) -> dict[str, int]:
    return {p.name: p.stack for p in hand.players}


def fronts(hand: Hand) -> dict[str, int]:
    return {p.name: p.bet for p in hand.players}


def assert_conserved(hand: Hand) -> None:
    start = sum(hand.start_stacks.values())
    now = sum(p.stack + p.live + p.dead for p in hand.players)
    assert now == start, f"chips not conserved: {now} != {start}"
