"""What a player says at the table, and the frozen events that record it."""

from __future__ import annotations

from .enums import StrEnum
from .i18n import N_, _, in_own_words, number
from .records import Record

# Bouillotte's one betting round (the game declares it as its only street), and what its
# table says in its own words there: one "tient" a bet
BOUILLOTTE_ROUND = "the round"
IN_THE_ROUND = {"{player} calls {added}": N_("{player} calls {added}, at Bouillotte")}


class ActionKind(StrEnum):
    """The words of a betting action. `BET` is "make my total bet this round N" (TDA 2024
    rule 43-A)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    ALLIN = "allin"
    # The first bet of a jackpot, once the scorekeeper has seen jacks or better (or of a
    # Bouillotte round).
    OPEN = "open"
    # Bouillotte: call the showdown, holding the last raise without more (abattre).
    ABATTRE = "abattre"
    # Said by the scorekeeper, not the player to act: who brings in (stud; an amount means he
    # completes to it), who speaks first on a later stud street, who opened a jackpot falsely.
    BRING_IN = "bringin"
    FIRST = "first"
    FALSE_OPEN = "false-open"


class Action(Record):
    """An action as announced: the kind, the total bet for `BET`, and optionally who says it.

    `player` set means "refuse unless this player is the one to act" (`--as PLAYER`).
    """

    kind: ActionKind
    amount: int | None = None
    player: str | None = None

    @classmethod
    def fold(cls, player: str | None = None) -> Action:
        return cls(ActionKind.FOLD, player=player)

    @classmethod
    def check(cls, player: str | None = None) -> Action:
        return cls(ActionKind.CHECK, player=player)

    @classmethod
    def call(cls, player: str | None = None) -> Action:
        return cls(ActionKind.CALL, player=player)

    @classmethod
    def bet(cls, total: int, player: str | None = None) -> Action:
        return cls(ActionKind.BET, amount=total, player=player)

    @classmethod
    def allin(cls, player: str | None = None) -> Action:
        return cls(ActionKind.ALLIN, player=player)

    @classmethod
    def open(cls, total: int, player: str | None = None) -> Action:
        return cls(ActionKind.OPEN, amount=total, player=player)

    @classmethod
    def abattre(cls, player: str | None = None) -> Action:
        return cls(ActionKind.ABATTRE, player=player)

    @classmethod
    def bring_in(cls, player: str, *, complete_to: int | None = None) -> Action:
        return cls(ActionKind.BRING_IN, amount=complete_to, player=player)

    @classmethod
    def first(cls, player: str) -> Action:
        return cls(ActionKind.FIRST, player=player)

    @classmethod
    def false_open(cls, player: str) -> Action:
        return cls(ActionKind.FALSE_OPEN, player=player)


class ActionEvent(Record):
    """What an action did, as the log keeps it.

    `verb` is what happened in poker words (fold, check, call, bet, raise); `added`
    is the chips the player put in; `total` his bet in front for the round afterwards;
    `all_in` whether it left him without chips.
    """

    player: str
    action: Action
    verb: str
    added: int
    total: int
    all_in: bool
    street: str

    def describe(self) -> str:
        """A short sentence for the table: "alice raises to 60 (all-in)"."""
        texts = {
            "fold": N_("{player} folds"),
            "check": N_("{player} checks"),
            "call": N_("{player} calls {added}"),
            "bet": N_("{player} bets {total}"),
            "open": N_("{player} opens {total}"),
            "raise": N_("{player} raises to {total}"),
            "bring-in": N_("{player} brings in {added}"),
            "complete": N_("{player} completes to {total}"),
            "first": N_("{player} speaks first"),
            "abattre": N_("{player} holds {added} and abats"),
            "abattre-nothing": N_("{player} abats"),
            "withdraw": N_(
                "{player} owns up to a false opening: no fine, his opening comes back "
                "and the pot is not open"
            ),
            "false-open": N_(
                "{player} opened falsely: out of the hand, fine {added} to the next pot"
            ),
        }
        verb = "abattre-nothing" if self.verb == "abattre" and not self.added else self.verb
        said = _(texts[verb])
        if verb == "call" and self.street == BOUILLOTTE_ROUND:  # (one holds, at Bouillotte)
            said = in_own_words(texts[verb], IN_THE_ROUND)
        text = said.format(player=self.player, added=number(self.added), total=number(self.total))
        return text + (_(" (all-in)") if self.all_in else "")


# The words of the legal actions, as the user types them (French: the table's words).
VERB_WORDS = {"raise": N_("raise {span}"), "open": N_("open {span}"), "bet": N_("bet {span}")}


class LegalActions(Record):
    """What the player to act may do, with the amounts.

    `to_call` is what he owes; `call_amount` what a call puts in (less when he is short).
    `min_to` / `max_to` bound a bet or raise (totals for the round), None when he may not bet
    or raise. `allin_to` is his total if he goes all-in, `allin_ok` whether that is allowed.
    """

    player: str
    current_bet: int
    to_call: int
    call_amount: int
    can_check: bool
    min_to: int | None
    max_to: int | None
    allin_to: int
    allin_ok: bool
    # the bet would open a jackpot: the bet range is said `open N` (`bet N` is refused), and
    # nobody opens all-in without saying how much
    opens: bool = False
    # before the opening of a jackpot or a Bouillotte round one passes, one does not fold
    can_fold: bool = True
    # the game's own words for the turn (Bouillotte's turns of speaking), said instead
    speech: str = ""

    @property
    def can_call(self) -> bool:
        return self.to_call > 0

    @property
    def can_raise(self) -> bool:
        return self.min_to is not None

    @property
    def call_to(self) -> int:
        """His total bet for the round once he calls (less than the bet when he is short)."""
        return min(self.current_bet, self.allin_to)

    @property
    def call_is_all_in(self) -> bool:
        """Calling takes his whole stack: the call and the all-in are one action."""
        return self.to_call > 0 and self.allin_to <= self.current_bet

    def call_words(self) -> str:
        """ "check", "call 20", "call to 20" (chips in front already), "call 14 (all-in)".

        In the same unit as the raises and the all-in: the total for the round.
        """
        if self.can_check:
            return _("check")
        in_front = self.current_bet - self.to_call
        amount = number(self.call_to)
        words = (_("call to {amount}") if in_front > 0 else _("call {amount}")).format(
            amount=amount
        )
        return words + (_(" (all-in)") if self.call_is_all_in else "")

    def describe(self) -> str:
        """One line: "alice to act: call 20 | raise 40-1000 | fold".

        Every amount is a total for the round (the way `bet N` and `raise N` are typed); a
        game that speaks in turns (Bouillotte) says its own words instead.
        """
        if self.speech:
            return self.speech
        parts = [self.call_words()]
        if self.min_to is not None and self.max_to is not None:
            verb = "raise" if self.current_bet > 0 else ("open" if self.opens else "bet")
            low, high = number(self.min_to), number(self.max_to)
            span = low if self.min_to == self.max_to else f"{low}-{high}"
            parts.append(_(VERB_WORDS[verb]).format(span=span))
        if self.allin_ok and not self.opens and not self.call_is_all_in:
            parts.append(_("all-in {amount}").format(amount=number(self.allin_to)))
        if self.can_fold:
            parts.append(_("fold"))
        return _("{player} to act: ").format(player=self.player) + " | ".join(parts)
