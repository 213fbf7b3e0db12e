"""What the door accepts: amounts of chips, what a chip is worth, currencies and dates.

Each reader turns the text a user typed into a value, or raises `UsageError` (exit 2) with
a message that says what is expected. The bounds keep every later step (arithmetic, text
output, settlement) fast and exact: no number here is ever too large to print or compute.
Standard library only; `decimal` and `datetime` are imported when a reader needs them, off
the path of the table commands.
"""

from __future__ import annotations

from .errors import UsageError
from .i18n import N_, _

TYPE_CHECKING = False
if TYPE_CHECKING:
    from datetime import date

MAX_CHIPS = 10**15
"""The largest stack, amount, cave or count: a million billion chips."""
MAX_CHIP_VALUE = 1_000_000
"""The most a chip may be worth, in money."""
CHIP_VALUE_PLACES = 6
"""The most decimal places a chip value may have."""
MAX_NAME = 32
"""The longest player or session name, in characters (after NFC normalisation)."""


# what an amount of chips is called in a refusal, unless the caller names it
AN_AMOUNT = N_("an amount")


def read_chips(text: str, *, what: str = AN_AMOUNT) -> int:
    """A whole number of chips written in ASCII digits, at most `MAX_CHIPS`."""
    digits = text.strip()
    if not (digits.isascii() and digits.isdigit()):
        raise UsageError(
            _("{what} is a whole number of chips (got {value!r})").format(
                what=_(what), value=text[:40]
            )
        )
    # Check the length before int(): Python refuses to convert over 4,300 digits.
    if len(digits.lstrip("0")) > len(str(MAX_CHIPS)) or int(digits) > MAX_CHIPS:
        raise UsageError(
            _("{what} is at most {MAX_CHIPS:,} chips (got {len} digits)").format(
                what=_(what), MAX_CHIPS=MAX_CHIPS, len=len(digits)
            )
        )
    return int(digits)


def check_chips(chips: int, *, what: str = AN_AMOUNT) -> int:
    """A number of chips already read (an event, a file): 0 to `MAX_CHIPS`."""
    if isinstance(chips, bool) or not isinstance(chips, int) or not 0 <= chips <= MAX_CHIPS:
        raise UsageError(
            _("{what} is a whole number of chips from 0 to {MAX_CHIPS:,}").format(
                what=_(what), MAX_CHIPS=MAX_CHIPS
            )
        )
    return chips


def read_chip_value(text: str) -> str:
    """What one chip is worth: a positive decimal with at most `CHIP_VALUE_PLACES` places,
    at most `MAX_CHIP_VALUE`; returned in plain notation ("0.10", never "1E+2")."""
    from decimal import Decimal, InvalidOperation

    got = _("(got {value!r})").format(value=text[:40])
    plain = text.strip()
    if plain.count(",") == 1 and "." not in plain:
        plain = plain.replace(",", ".")  # the French decimal comma: 0,10
    try:
        value = Decimal(plain) if len(text) <= 40 else None
    except InvalidOperation:
        value = None
    if value is None or not value.is_finite():
        raise UsageError(_("not an amount of money: {value!r}").format(value=text[:40]))
    if value <= 0:
        raise UsageError(_("a chip must be worth more than 0 {got}").format(got=got))
    # compared before any arithmetic: 1e999999999 is a valid Decimal, too large to compute with
    if value > MAX_CHIP_VALUE:
        raise UsageError(
            _("a chip is worth at most {MAX_CHIP_VALUE:,} {got}").format(
                MAX_CHIP_VALUE=MAX_CHIP_VALUE, got=got
            )
        )
    exponent = value.as_tuple().exponent
    if not isinstance(exponent, int) or exponent < -CHIP_VALUE_PLACES:
        raise UsageError(
            _("a chip's value has at most {CHIP_VALUE_PLACES} decimals {got}").format(
                CHIP_VALUE_PLACES=CHIP_VALUE_PLACES, got=got
            )
        )
    return format(value, "f")


MAX_MONEY = 1_000_000_000
"""The largest amount of money an option or a file may give (a buy-in, a bounty, a deal's
share): a thousand million, so every total of a night prints and computes exactly."""
MONEY_PLACES = 2
"""The most decimal places an amount of money may have (the cent)."""


def read_money(text: str, *, what: str, positive: bool = False) -> str:
    """An amount of money as typed: digits, at most one decimal point (or the French comma)
    and `MONEY_PLACES` decimals, at most `MAX_MONEY`, more than 0 when `positive`; returned
    in plain notation (`read_money("12.5", what="the buy-in") == "12.5"`). No exponent, no
    sign, no `inf` or `nan`: `1e400`, `-3`, `0.001` and a 30-digit amount are refused
    (`UsageError`: exit 2, before anything is recorded)."""
    from decimal import Decimal

    plain = text.strip()
    if plain.count(",") == 1 and "." not in plain:
        plain = plain.replace(",", ".")  # the French decimal comma: 12,50
    whole, _dot, places = plain.partition(".")
    digits = whole + places
    if not (digits.isascii() and digits.isdigit()) or not whole or (_dot and not places):
        raise UsageError(
            _("{what} must be an amount of money such as 20 or 12.50 (got {value!r})").format(
                what=what, value=text[:40]
            )
        )
    if len(places) > MONEY_PLACES:
        raise UsageError(
            _("{what} has at most {places} decimals (got {value!r})").format(
                what=what, places=MONEY_PLACES, value=text[:40]
            )
        )
    if len(whole.lstrip("0")) > len(str(MAX_MONEY)) or Decimal(plain) > MAX_MONEY:
        raise UsageError(
            _("{what} is at most {most:,} (got {value!r})").format(
                what=what, most=MAX_MONEY, value=text[:40]
            )
        )
    if positive and Decimal(plain) == 0:
        raise UsageError(_("{what} must be more than 0").format(what=what))
    return plain


def check_currency(text: str) -> str:
    """A currency: an ISO 4217 code (three letters, upper-cased) or one currency symbol
    (€, $, £, ¥, ...: Unicode's category Sc)."""
    import unicodedata

    code = text.strip()
    if len(code) == 3 and code.isascii() and code.isalpha():
        return code.upper()
    if len(code) == 1 and unicodedata.category(code) == "Sc":
        return code
    raise UsageError(
        _(
            "a currency is an ISO 4217 code of three letters (EUR, USD, CHF) or a currency symbol "
            "such as €, $ or £ (got {value!r})"
        ).format(value=text[:40])
    )


def read_date(text: str) -> date:
    """A day written YYYY-MM-DD; the month and the day may have one digit (2026-12-1).

    A day that does not exist (2024-13-01, 2024-02-30) is refused.
    """
    from datetime import date

    parts = text.strip().split("-")
    lengths_ok = len(parts) == 3 and len(parts[0]) == 4 and all(1 <= len(p) <= 2 for p in parts[1:])
    if not lengths_ok or not all(p.isascii() and p.isdigit() for p in parts):
        raise UsageError(_("a date is YYYY-MM-DD (got {value!r})").format(value=text[:40]))
    year, month, day = (int(p) for p in parts)
    try:
        return date(year, month, day)
    except ValueError:
        raise UsageError(_("there is no such day: {strip}").format(strip=text.strip())) from None


__all__ = [
    "CHIP_VALUE_PLACES",
    "MAX_CHIPS",
    "MAX_CHIP_VALUE",
    "MAX_MONEY",
    "MAX_NAME",
    "MONEY_PLACES",
    "check_chips",
    "check_currency",
    "read_chip_value",
    "read_chips",
    "read_date",
    "read_money",
]
