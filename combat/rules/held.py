"""A campaign's own condition with a modifier (issue N: "name, description, optional modifier,
default duration"), in the fight state: when the GM gives it, its modifier as it stands then is
kept beside the condition as an Effect of kind HELD, {"condition": "Webbed", "modifier": -2}.
The engine adds it to its holder's own rolls where its system has a number for them (Dračí
Hlídka's attack, OSE's to-hit and saving throws, Shadowrun's target numbers), each with its own
log line; live play and replay read the same state. A modifier counts only while its condition
is held: a condition that ends or is taken off takes it along.
"""

from __future__ import annotations

from combat.rules.base import Change, Combatant, Effect, Step, _

HELD = "condition_modifier"
MOST = 10  # a modifier's size, at most (campaigns.models.SavedCondition)


def given(combatant: Combatant, condition: str, modifier: int | None) -> list[Change]:
    """The changes that keep `condition`'s modifier (none, or 0: only an older one goes)."""
    changes = taken(combatant, condition)
    if modifier:
        value = max(-MOST, min(MOST, int(modifier)))
        effect = Effect(f"{HELD}-{condition}", HELD, {"condition": condition, "modifier": value})
        changes.append(Change(combatant.id, "add_effect", effect))
    return changes


def taken(combatant: Combatant, condition: str) -> list[Change]:
    """The change that drops the condition's modifier, if it keeps one."""
    for index, effect in enumerate(combatant.effects):
        if effect.kind == HELD and effect.data.get("condition") == condition:
            return [Change(combatant.id, "remove_effect", effect, before=index)]
    return []


def modifiers(combatant: Combatant) -> list[tuple[str, int]]:
    """(condition, modifier) of the conditions the combatant holds now, in the order given."""
    found = []
    for effect in combatant.effects:
        condition = str(effect.data.get("condition", ""))
        value = effect.data.get("modifier")
        if effect.kind == HELD and combatant.has(condition) and type(value) is int and value:
            found.append((condition, value))
    return found


def total(combatant: Combatant) -> int:
    return sum(value for _condition, value in modifiers(combatant))


def lines(combatant: Combatant) -> list[Step]:
    """One log line per modifier, about its holder: "Webbed −2"."""
    return [
        Step(_("%(name)s: %(condition)s %(value)+d"), params, about=combatant.id)
        for params in (
            {"name": combatant.name, "condition": condition, "value": value}
            for condition, value in modifiers(combatant)
        )
    ]
