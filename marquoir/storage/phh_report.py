"""What an import of PHH hand histories reports: each hand's fate (imported into which
session and hand, or skipped, and whether its finishing stacks match Marquoir's), and the
counts and messages a person reads after `marquoir import phh`."""

from __future__ import annotations

from decimal import Decimal

from ..domain.i18n import _, ngettext
from ..domain.phh import decimals_of, from_chips
from ..domain.records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..domain.hand import Hand
    from ..domain.phh import PHHHand


class HandImport(Record):
    """What became of one hand: imported (into which session, as which hand) or skipped,
    and whether its finishing stacks match Marquoir's. `message` says why it was skipped or
    why the stacks differ."""

    label: str
    variant: str
    session: str | None = None
    hand_no: int | None = None
    compared: bool = False
    differs: bool = False
    message: str = ""
    from_result: bool = False  # unknown showdown cards: the result came from the history

    @property
    def imported(self) -> bool:
        return self.session is not None


class ImportReport(Record):
    """The sessions made, the scale of their chips (sessions whose amounts were multiplied
    by a power of 10 to make whole chips), and every hand's fate."""

    sessions: tuple[str, ...]
    scales: dict[str, int]
    hands: tuple[HandImport, ...]

    @property
    def imported(self) -> int:
        return sum(h.imported for h in self.hands)

    @property
    def skipped(self) -> int:
        return sum(not h.imported for h in self.hands)

    @property
    def compared(self) -> int:
        return sum(h.compared for h in self.hands)

    @property
    def matching(self) -> int:
        return sum(h.compared and not h.differs for h in self.hands)

    @property
    def differing(self) -> int:
        return sum(h.differs for h in self.hands)

    @property
    def from_result(self) -> int:
        return sum(h.from_result for h in self.hands)

    def lines(self) -> list[str]:
        """The report for a person: counts, then every skipped hand and every difference."""
        sessions = ", ".join(self.sessions)
        out = [
            _("{hands} into {sessions}").format(
                hands=ngettext(
                    "{count} hand imported", "{count} hands imported", self.imported
                ).format(count=self.imported),
                sessions=ngettext("session {names}", "sessions {names}", len(self.sessions)).format(
                    names=sessions
                ),
            )
            + (_(", {count} skipped").format(count=self.skipped) if self.skipped else "")
        ]
        if self.compared:
            out.append(
                _("finishing stacks: {matching} of {count} hands match").format(
                    matching=self.matching, count=self.compared
                )
                + (_(", {count} differ").format(count=self.differing) if self.differing else "")
            )
        if self.from_result:
            out.append(
                ngettext(
                    "{count} hand showed unknown cards at the showdown: the winners of each pot "
                    "were taken from the history's finishing_stacks (or winnings)",
                    "{count} hands showed unknown cards at the showdown: the winners of each pot "
                    "were taken from the history's finishing_stacks (or winnings)",
                    self.from_result,
                ).format(count=self.from_result)
            )
        for name, scale in self.scales.items():
            out.append(
                _(
                    "session {name}: amounts multiplied by {scale} to make whole chips (a chip "
                    "is {unit} of the file's unit)"
                ).format(name=name, scale=scale, unit=1 / Decimal(scale))
            )
        skipped, differs = _("skipped {label}: {message}"), _("differs {label}: {message}")
        out += [
            skipped.format(label=h.label, message=h.message) for h in self.hands if not h.imported
        ]
        out += [differs.format(label=h.label, message=h.message) for h in self.hands if h.differs]
        return out


def explain_difference(hand: PHHHand, played: Hand, names: list[str], scale: int) -> str:
    """Why Marquoir's final stacks differ from the hand's `finishing_stacks`."""
    assert played.result is not None and hand.finishing_stacks is not None
    ours = {name: played.result.final[name] for name in names}
    theirs = dict(zip(names, hand.finishing_stacks, strict=True))
    differ = [n for n in names if from_chips(ours[n], scale) != theirs[n]]
    odd = [a for a in played.result.awards if len({amount for _, amount in a.shares}) > 1]
    splits = "; ".join(
        f"the {a.name} of {from_chips(a.pot.amount, scale)} is split between "
        f"{' and '.join(a.winners)}: Marquoir gives the odd chip to {a.winners[0]}, the first "
        "winner left of the button"
        for a in odd
    )
    fractions = [t for t in theirs.values() if decimals_of(t * scale)]
    if fractions and odd:
        shown = ", ".join(str(t) for t in fractions)
        return f"the finishing_stacks carry fractions of a chip ({shown}): {splits}"
    winners = {name for a in odd for name in a.winners}
    if odd and set(differ) <= winners:
        taker = ", ".join(n for n in differ if from_chips(ours[n], scale) < theirs[n])
        return f"odd chip: {splits}; the history gives it to {taker}"
    started = sum(hand.starting_stacks)
    if sum(theirs.values()) != started:
        return (
            f"the finishing_stacks add up to {sum(theirs.values())}, the starting stacks to "
            f"{started}"
        )
    return "unexplained: " + "; ".join(
        f"{n} {from_chips(ours[n], scale)} here, {theirs[n]} in the history" for n in differ
    )


__all__ = ["HandImport", "ImportReport", "explain_difference"]
