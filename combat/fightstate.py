"""Between database rows and the rules' frozen `Fight` and `EncounterState`: load them, and
store what changed."""

from collections.abc import Iterable
from typing import Any

from combat.rules.base import Combatant as RulesCombatant
from combat.rules.base import Fight
from combat.rules.encounter import EncounterState
from combat.rules.encounter.state import DEFAULTS as DEFAULTS
from combat.rules.serialize import effect_from_json, effect_to_json

from .models import Combatant, Encounter

ENCOUNTER_FIELDS = ("round", "order", "current", "status", "stage")


def to_rules(row: Combatant) -> RulesCombatant:
    return RulesCombatant(
        id=row.key,
        name=row.name,
        side=row.side,
        stats=row.stats,
        hp=row.hp,
        max_hp=row.max_hp,
        weapons=tuple(row.weapons),
        armor=tuple(row.armor),
        conditions=frozenset(row.conditions),
        effects=tuple(effect_from_json(e) for e in row.effects),
        initiative=row.initiative,
        turn=row.turn,
        is_npc=row.is_npc,
    )


def load_fight(encounter: Encounter) -> tuple[Fight, dict[str, Combatant]]:
    """The fight and its rows, with each row's character (the page asks who plays it)."""
    rows = {row.key: row for row in encounter.combatants.select_related("character")}
    return fight_of(encounter, rows.values()), rows


def load_state(encounter: Encounter) -> tuple[EncounterState, dict[str, Combatant]]:
    """The encounter machine's state from the rows (one query: the combatants)."""
    fight, rows = load_fight(encounter)
    return EncounterState(encounter.system, fight, str(encounter.status)), rows


def persist(
    encounter: Encounter, rows: dict[str, Combatant], old: EncounterState, new: EncounterState
) -> None:
    """Write the new state to the rows: the encounter's fields (the caller saves it) and every
    combatant whose state `apply` replaced. New combatants' rows are the workflow's own."""
    for name, value in new.snapshot().items():
        setattr(encounter, name, value)
    encounter.options = dict(new.fight.options)
    now, then = new.fight, old.fight
    store_combatants(rows, now, (key for key in rows if now.get(key) is not then.get(key)))


def fight_of(encounter: Encounter, rows: Iterable[Combatant]) -> Fight:
    """The rules' view of the encounter from rows already loaded."""
    return Fight(
        round=encounter.round,
        combatants=tuple(to_rules(row) for row in rows),
        order=tuple(encounter.order),
        current=encounter.current or None,
        options=encounter.options,
        stage=encounter.stage,
    )


def store_combatants(rows: dict[str, Combatant], fight: Fight, ids: Iterable[str]) -> None:
    """Write the changed combatants' state back to their rows."""
    for combatant_id in set(ids):
        state, row = fight.get(combatant_id), rows[combatant_id]
        row.hp, row.initiative, row.turn = state.hp, state.initiative, dict(state.turn)
        row.conditions = sorted(state.conditions)
        row.effects = [effect_to_json(effect) for effect in state.effects]
        row.save(update_fields=["hp", "initiative", "turn", "conditions", "effects"])


def encounter_snapshot(encounter: Encounter) -> dict[str, Any]:
    return {name: getattr(encounter, name) for name in ENCOUNTER_FIELDS}


def restore_encounter(encounter: Encounter, snapshot: dict[str, Any]) -> None:
    for name in ENCOUNTER_FIELDS:
        setattr(encounter, name, snapshot[name] if name in snapshot else DEFAULTS[name])
