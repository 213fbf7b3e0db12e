"""`settle --missing shared|host|PLAYER`: the application side of a count that does not
balance at the end of the night (the rule itself: `domain/missing.py`)."""

from __future__ import annotations

from decimal import Decimal

from ..domain import IllegalAction
from ..domain.i18n import _
from ..domain.missing import WORDS, absorbed_chips, difference
from ..domain.settlement import BANK, Transfer, bank_payouts
from ..domain.table import Table


def check_same_missing(table: Table, missing: str | None) -> None:
    """A settled session prints its settlement again; `--missing` may repeat the choice it
    was settled with, not change it (that is `reopen`, then `settle` again)."""
    if missing is None or (
        table.house.absorbed is None and not difference(list(table.accounts.values()))
    ):
        return
    chosen = WORDS.get(missing.casefold()) or table.resolve(missing)
    if table.house.absorbed is None or chosen != table.house.absorbed[0]:
        raise IllegalAction(
            _(
                "this session is settled already, the count's difference otherwise: "
                "`marquoir reopen`, then `settle --missing` again, changes it"
            )
        )


def bank_payouts_of(table: Table, value: Decimal) -> list[Transfer]:
    """`settle --bank`: the bank pays back the chips cashed out, each player's share of a
    count that did not balance included (the house's share is the bank's own)."""
    cashouts = {a.name: a.cashed_out for a in table.accounts.values()}
    absorbed = None
    if table.house.absorbed is not None:
        absorbed = absorbed_chips(*table.house.absorbed, cashouts)
    payouts = bank_payouts(cashouts, value, absorbed=absorbed)
    # (a player who takes on more extra chips than he cashed out pays the bank)
    return [t if t.amount >= 0 else Transfer(t.payee, BANK, -t.amount) for t in payouts]
