"""Conditions that last a number of rounds (issue N), in every rule system: the GM gives a
condition "for 2 rounds"; it ends when the round after its last one begins, and the log says so.

The timer is an Effect of kind LASTS on the combatant, {"condition": "prone", "until": 3}: gone
when round 3 begins. combat.rules.flow ends the timers as a round begins (`ended`), through the
same Next turn that live play and replay share. A fight from before has no such effect.
"""

from __future__ import annotations

from combat.rules.base import (
    Change,
    Combatant,
    Effect,
    Fight,
    Outcome,
    Step,
    _,
    condition_change,
)

LASTS = "lasts"


def timer_of(combatant: Combatant, condition: str) -> Effect | None:
    return next(
        (e for e in combatant.effects if e.kind == LASTS and e.data.get("condition") == condition),
        None,
    )


def given_for(combatant: Combatant, condition: str, rounds: int, now: int) -> list[Change]:
    """The changes that give `condition` from round `now` for `rounds` rounds (this one
    included): the condition, unless it is there, and its timer in place of an older one."""
    changes = [c for c in (condition_change(combatant, condition, add=True),) if c is not None]
    changes += timer_removed(combatant, condition)
    timer = Effect(f"{LASTS}-{condition}", LASTS, {"condition": condition, "until": now + rounds})
    return [*changes, Change(combatant.id, "add_effect", timer)]


def timer_removed(combatant: Combatant, condition: str) -> list[Change]:
    """The change that drops the condition's timer, if it has one (the GM took it off)."""
    for index, effect in enumerate(combatant.effects):
        if effect.kind == LASTS and effect.data.get("condition") == condition:
            return [Change(combatant.id, "remove_effect", effect, before=index)]
    return []


def ended(fight: Fight) -> Outcome | None:
    """As round `fight.round` begins: every condition whose last round has passed ends, each
    with its line in the log (about its combatant, so a hidden one stays unnamed)."""
    changes: list[Change] = []
    lines: list[Step] = []
    for combatant in fight.combatants:
        due = [
            (index, effect)
            for index, effect in enumerate(combatant.effects)
            if effect.kind == LASTS and _until(effect) <= fight.round
        ]
        for index, effect in reversed(due):  # from the last: each index still holds
            condition = str(effect.data.get("condition", ""))
            gone = condition_change(combatant, condition, add=False)
            changes += [gone] if gone is not None else []
            changes.append(Change(combatant.id, "remove_effect", effect, before=index))
            params = {"name": combatant.name, "condition": condition}
            lines.append(Step(_("%(name)s: %(condition)s ends"), params, about=combatant.id))
    if not lines:
        return None
    return Outcome(summary=lines[0], steps=tuple(lines[1:]), changes=tuple(changes))


def _until(effect: Effect) -> int:
    until = effect.data.get("until")
    return until if type(until) is int else 0
