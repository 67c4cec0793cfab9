"""Reading an action's situational modifiers: known keys only, typed values, clear errors.

Every modifier the GM may tick is listed per action kind (`actions.SPECS`); an unknown key or a
wrong value is a RulesError, never a silent default.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from combat.rules.base import RulesError, _


def duration(mods: Mods, default: str) -> Literal["long", "short"]:
    """A long or a short action: the `duration` value, or the GM's tick, else the default."""
    if "duration" in mods:
        return "long" if mods.choice("duration", ("short", "long"), default) == "long" else "short"
    if mods.flag("long_action"):
        return "long"
    if mods.flag("short_action"):
        return "short"
    return "long" if default == "long" else "short"


def _bad(key: str, expected: str) -> RulesError:
    return RulesError(_("the modifier %(key)s must be %(expected)s"), key=key, expected=expected)


class Mods:
    """An action's modifiers, checked against the keys its kind allows."""

    def __init__(self, raw: Mapping[str, Any], allowed: Sequence[str]) -> None:
        if not isinstance(raw, Mapping):
            raise RulesError(_("the modifiers must be a mapping"))
        for key in raw:
            if key not in allowed:
                raise RulesError(_("unknown modifier %(key)s for this action"), key=str(key))
        self.raw = raw
        self.allowed = tuple(allowed)

    def __contains__(self, key: str) -> bool:
        return key in self.raw

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.raw.get(key, default)
        if type(value) is not bool:
            raise _bad(key, "true or false")
        return value

    def integer(self, key: str, default: int, low: int = -50, high: int = 50) -> int:
        value = self.raw.get(key, default)
        if type(value) is not int or not low <= value <= high:
            raise _bad(key, f"a whole number from {low} to {high}")
        return value

    def optional_integer(self, key: str, low: int = -50, high: int = 50) -> int | None:
        if self.raw.get(key) is None:
            return None
        return self.integer(key, 0, low, high)

    def count(self, key: str, high: int = 3) -> int:
        """How many times: true = 1, false = 0, or a number (e.g. two Výhody)."""
        value = self.raw.get(key, 0)
        if type(value) is bool:
            return int(value)
        return self.integer(key, 0, 0, high)

    def distance(self, key: str) -> float | None:
        value = self.raw.get(key)
        if value is None:
            return None
        if type(value) not in (int, float) or not 0 <= value <= 10_000:
            raise _bad(key, "a distance in sáhy from 0 to 10000")
        return float(value)

    def choice(self, key: str, choices: Sequence[str], default: str) -> str:
        value = self.raw.get(key, default)
        if value not in choices:
            raise _bad(key, " | ".join(choices))
        return str(value)

    def text(self, key: str) -> str | None:
        value = self.raw.get(key)
        if value is not None and (type(value) is not str or len(value) > 100):
            raise _bad(key, "a name")
        return value

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self.raw.get(key, {})
        if not isinstance(value, Mapping):
            raise _bad(key, "a mapping")
        return value

    def each(self, count: int, allowed: Sequence[str]) -> list[Mods]:
        """One set of modifiers per attack: the shared ones, overridden by `each[i]`."""
        extra = self.raw.get("each", ())
        if isinstance(extra, str | bytes | Mapping) or not isinstance(extra, Sequence):
            raise _bad("each", "a list with one set of modifiers per attack")
        if len(extra) > count:
            raise _bad("each", "a list no longer than the list of targets")
        shared = {k: v for k, v in self.raw.items() if k in allowed}
        result = []
        for index in range(count):
            own = extra[index] if index < len(extra) else {}
            if not isinstance(own, Mapping):
                raise _bad("each", "a list of mappings")
            result.append(Mods({**shared, **own}, allowed))
        return result
