"""The buy-in rules of a session: the default cave, its limits, and how many recaves."""

from __future__ import annotations

from .errors import ConfigError, IllegalAction
from .i18n import _
from .inputs import MAX_CHIPS
from .records import Record


class _CaveFields(Record):
    default: int | None = None
    minimum: int | None = None
    maximum: int | None = None
    recaves: int | None = None


class CavePolicy(_CaveFields):
    """Buy-in rules of a session; a limit left at None does not apply. Validated when made."""

    __slots__ = ()

    def __new__(cls, *args: object, **kwargs: object) -> CavePolicy:
        self = super().__new__(cls, *args, **kwargs)  # type: ignore[arg-type]
        self.validate()
        return self

    def validate(self) -> None:
        """Refuse limits that no cave could meet."""
        for what, value in (("default cave", self.default), ("minimum cave", self.minimum)):
            if value is not None and value <= 0:
                raise ConfigError(
                    _("the {what} must be at least 1 chip (got {value})").format(
                        what=what, value=value
                    )
                )
        for value in (self.default, self.minimum, self.maximum):
            if value is not None and value > MAX_CHIPS:
                raise ConfigError(
                    _("a cave is at most {MAX_CHIPS:,} chips (got {value})").format(
                        MAX_CHIPS=MAX_CHIPS, value=value
                    )
                )
        low, high = self.minimum, self.maximum
        if low is not None and high is not None and low > high:
            raise ConfigError(
                _("the minimum cave ({low}) is larger than the maximum ({high})").format(
                    low=low, high=high
                )
            )
        if self.default is not None:
            if low is not None and self.default < low:
                raise ConfigError(
                    _("the default cave ({default}) is below the minimum cave ({low})").format(
                        default=self.default, low=low
                    )
                )
            if high is not None and self.default > high:
                raise ConfigError(
                    _("the default cave ({default}) is above the maximum cave ({high})").format(
                        default=self.default, high=high
                    )
                )
        if self.recaves is not None and self.recaves < 0:
            raise ConfigError(
                _("the number of recaves cannot be negative (got {recaves})").format(
                    recaves=self.recaves
                )
            )

    def amount(self, chips: int | None, *, what: str) -> int:
        """The chips of a cave or recave (`what`): the default when not given, within limits."""
        if chips is None:
            if self.default is None:
                raise IllegalAction(
                    _("how many chips? give the {what} (this session has no default cave)").format(
                        what=what
                    )
                )
            chips = self.default
        if chips <= 0:
            raise IllegalAction(
                _("a {what} must be at least 1 chip (got {chips})").format(what=what, chips=chips)
            )
        if chips > MAX_CHIPS:
            raise IllegalAction(
                _("a {what} is at most {MAX_CHIPS:,} chips").format(what=what, MAX_CHIPS=MAX_CHIPS)
            )
        if self.minimum is not None and chips < self.minimum:
            raise IllegalAction(
                _("the minimum {what} is {minimum} chips (got {chips})").format(
                    what=what, minimum=self.minimum, chips=chips
                )
            )
        if self.maximum is not None and chips > self.maximum:
            raise IllegalAction(
                _("the maximum {what} is {maximum} chips (got {chips})").format(
                    what=what, maximum=self.maximum, chips=chips
                )
            )
        return chips

    def check_recaves(self, name: str, recaves: int, *, what: str = "recaves") -> None:
        """Refuse one more recave to a player who has had `recaves` of them."""
        limit = self.recaves
        if limit is None or recaves < limit:
            return
        if limit == 0:
            why = _("this session allows no recaves")
        elif limit == 1:
            why = _("{name} has used the one recave this session allows").format(name=name)
        else:
            why = _("{name} has used all {limit} recaves of this session").format(
                name=name, limit=limit
            )
        if what != "recaves":
            why += _(" (a player who returns buys in with a recave)")
        raise IllegalAction(why)


__all__ = ["CavePolicy"]
