"""The buy-in rules of a session: the default cave, its limits, and how many recaves."""

from __future__ import annotations

from .errors import ConfigError
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
                raise ConfigError(f"the {what} must be at least 1 chip (got {value})")
        for value in (self.default, self.minimum, self.maximum):
            if value is not None and value > MAX_CHIPS:
                raise ConfigError(f"a cave is at most {MAX_CHIPS:,} chips (got {value})")
        low, high = self.minimum, self.maximum
        if low is not None and high is not None and low > high:
            raise ConfigError(f"the minimum cave ({low}) is larger than the maximum ({high})")
        if self.default is not None:
            if low is not None and self.default < low:
                raise ConfigError(
                    f"the default cave ({self.default}) is below the minimum cave ({low})"
                )
            if high is not None and self.default > high:
                raise ConfigError(
                    f"the default cave ({self.default}) is above the maximum cave ({high})"
                )
        if self.recaves is not None and self.recaves < 0:
            raise ConfigError(f"the number of recaves cannot be negative (got {self.recaves})")


__all__ = ["CavePolicy"]
