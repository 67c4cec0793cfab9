"""Reading an action's modifiers: typed values, known keys, clear errors.

The action form offers one set of tick boxes and value fields for every action kind at once, so
a modifier of another kind (a tick for an attack sent with a Dash) is ignored; a key no kind
knows, or a value of the wrong type or range, is a RulesError.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from combat.rules.base import RulesError, _


def _bad(key: str, expected: str) -> RulesError:
    return RulesError(_("the modifier %(key)s must be %(expected)s"), key=key, expected=expected)


class Mods:
    """An action's modifiers: those its kind allows; those of other kinds are left out."""

    def __init__(self, raw: object, allowed: Collection[str], known: Collection[str]) -> None:
        if not isinstance(raw, Mapping):
            raise RulesError(_("the modifiers must be a mapping"))
        for key in raw:
            if key not in known:
                raise RulesError(_("unknown modifier %(key)s for this action"), key=str(key))
        self.raw: dict[str, Any] = {k: v for k, v in raw.items() if k in allowed}

    def __contains__(self, key: str) -> bool:
        return key in self.raw

    def flag(self, key: str) -> bool:
        value = self.raw.get(key, False)
        if type(value) is not bool:
            raise _bad(key, "true or false")
        return value

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        value = self.raw.get(key, default)
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            value = int(value.strip())  # a form may send the number as text
        if type(value) is not int or not low <= value <= high:
            raise _bad(key, f"a whole number from {low} to {high}")
        return value

    def choice(self, key: str, choices: Sequence[str], default: str) -> str:
        value = self.raw.get(key, default)
        if value not in choices:
            raise _bad(key, " | ".join(choices))
        return str(value)
