"""Which attacks a Multiattack is made of, read from the stat block's text (issue O).

SRD 5.1, Adult Red Dragon: "It then makes three attacks: one with its bite and two with its
claws." Goblin Boss: "The goblin boss makes two attacks with its scimitar." When every part of
the text names one of the creature's attacks and the parts add up to the count, the Multiattack
keeps that plan: each following attack must be one the plan still has (the GM's `override`
skips it). Otherwise ("as many bite attacks as it has heads", an attack it has not) the GM
chooses each attack, as before.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from combat.rules.base import Combatant, _
from combat.rules.dnd5e.common import Work, fail

PLAN = "multiattack"  # in the turn: {attack name: attacks of it left}
_NUMBER = r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_PART = re.compile(
    _NUMBER
    + r"\s+(?:(?:[\w-]+\s+){0,2}?attacks?\s+)?with\s+its\s+"
    + r"([a-z][a-z -]*?)(?=[,.;:]|\s+and\b|$)",
    re.IGNORECASE,
)
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


def plan(text: str, count: int, attacks: Sequence[str]) -> dict[str, int] | None:
    """{attack: how many} when the text names each of its attacks and they add up to `count`."""
    found: dict[str, int] = {}
    for number, said in _PART.findall(text):
        name = _named(said, attacks)
        if name is None:
            return None
        found[name] = found.get(name, 0) + (NUMBER_WORDS.get(number.casefold()) or int(number))
    return found if found and sum(found.values()) == count else None


def _named(said: str, attacks: Sequence[str]) -> str | None:
    """ "claws" → its Claw, "scimitar" → its Scimitar (one of its attacks, by name)."""
    word = said.strip().casefold()
    for name in attacks:
        own = name.casefold()
        if word in (own, f"{own}s", f"{own}es") or own.startswith(word):
            return name
    return None


def spend(work: Work, actor: Combatant, weapon: str | None) -> None:
    """An attack of the Multiattack under way: one the plan still has, taken off it."""
    turn = work.turn(actor.id)
    left = turn.get(PLAN)
    if not isinstance(left, Mapping) or not any(type(n) is int and n > 0 for n in left.values()):
        return  # no plan, or all of it spent: the economy says what is left
    have = left.get(weapon or "", 0)
    if type(have) is not int or have <= 0:
        raise fail(
            _("%(name)s's Multiattack has left: %(left)s"),
            name=actor.name,
            left=_listed(left),
        )
    turn[PLAN] = {**left, str(weapon): have - 1}
    work.set_turn(actor.id, turn)


def left(turn: Mapping[str, Any]) -> list[str]:
    """The attacks the plan still has, in its order (for the simulator's tactics)."""
    found = turn.get(PLAN)
    if not isinstance(found, Mapping):
        return []
    return [str(name) for name, count in found.items() if type(count) is int and count > 0]


def _listed(left: Mapping[str, Any]) -> str:
    return ", ".join(f"{name} ×{count}" for name, count in left.items() if count) or "—"
