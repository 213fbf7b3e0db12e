"""A count that does not balance at the end of the night: who absorbs the difference.

After `count ... --record` the chips cashed out can differ from the chips bought: some are
missing (a chip on the floor, one taken home, a cash-out written too small) or there are
too many (a recave nobody wrote down). The settlement needs results that sum to zero, so the
host says who takes the difference on (`settle --missing shared|host|PLAYER`):

- `shared`: every player who cashed out chips, in proportion to the chips he cashed out. The
  money paid in is shared over the chips handed back, each chip the same value: a chip is
  worth (chips bought / chips cashed out) of its face value. A player who cashed out nothing
  held none of the chips counted and takes no part.
- `host`: the house. The players settle exactly on their chips; the house receives the value
  of missing chips (they came out of its set, and it pays whoever brings them back) or pays
  for the extra ones (its bank pays out more than it took in).
- a player: he takes it all (the chips fell from his stack, the forgotten recave was his).

The difference is `chips cashed out - chips bought`: negative when chips are missing.
"""

from __future__ import annotations

from .errors import IllegalAction, UsageError
from .events import Settled
from .i18n import _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction

    from .accounts import Account

SHARED = "shared"
HOST = "host"
# the name the house's balance goes under (a tournament's fees go to it too)
HOUSE = "house"

# the words `--missing` takes for `shared` and `host`, French ones included
WORDS = {
    "shared": SHARED,
    "partage": SHARED,
    "partagé": SHARED,
    "host": HOST,
    "house": HOST,
    "maison": HOST,
    "hôte": HOST,
    "hote": HOST,
}


def shown_name(name: str) -> str:
    """A name in a settlement as a person reads it: the house's balance under "house" in
    the language of the output ("la maison"), a player's name as it is."""
    return _("house") if name == HOUSE else name


def difference(accounts: list[Account]) -> int:
    """The chips cashed out (and still held) minus the chips bought, over every player."""
    return sum(account.result for account in accounts)


def missing_event(accounts: dict[str, Account], who: str, *, resolve: str | None = None) -> Settled:
    """The settlement's event when `who` absorbs the count's difference (a `shared` or
    `host` word, or a player of the session: `resolve` is his recorded name, when the name
    was written in another case). A balanced count needs nobody: the plain event."""
    gap = difference(list(accounts.values()))
    if not gap:
        return Settled()
    word = WORDS.get(who.casefold())
    if word is None:
        name = resolve if resolve in accounts else who
        if name not in accounts:
            raise UsageError(
                _(
                    "{name} did not play in this session: --missing takes shared, host or a "
                    "player of the session"
                ).format(name=who[:60] or "''")  # (a name, not a page of text)
            )
        word = name
    elif word == SHARED and not any(a.cashed_out > 0 for a in accounts.values()):
        raise IllegalAction(
            _("nobody cashed out any chips to share the difference: name host or a player")
        )
    return Settled(word, gap)


def absorbed_chips(missing: str, gap: int, cashouts: dict[str, int]) -> dict[str, Fraction]:
    """The chips each one takes on so that the results sum to zero (`gap`: the difference,
    chips cashed out minus chips bought): his share of `-gap`, exact. The house appears
    under `HOUSE`."""
    from fractions import Fraction

    if missing == SHARED:
        total = sum(chips for chips in cashouts.values() if chips > 0)
        return {
            name: Fraction(-gap * chips, total) for name, chips in cashouts.items() if chips > 0
        }
    return {HOUSE if missing == HOST else missing: Fraction(-gap)}


def check_missing(event: Settled, accounts: dict[str, Account]) -> None:
    """Refuse a recorded settlement whose difference is not the table's (a replay)."""
    if event.missing and event.difference != difference(list(accounts.values())):
        raise IllegalAction(
            _("the count's difference is {chips} chips, not {recorded}").format(
                chips=difference(list(accounts.values())), recorded=event.difference
            )
        )


__all__ = [
    "HOST",
    "HOUSE",
    "SHARED",
    "WORDS",
    "absorbed_chips",
    "check_missing",
    "difference",
    "missing_event",
    "shown_name",
]
