"""Building D&D 5e fights for the rules tests: creatures, weapons, scripted dice."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from combat.rules.base import Action, Combatant, Effect, Fight, Outcome, apply, plain
from combat.rules.dnd5e.engine import Dnd5e
from combat.rules.faces import TypedFaces

ENGINE = Dnd5e()

LONGSWORD = {"name": "Longsword", "damage": "1d8", "damage_type": "slashing",
             "properties": ["versatile"], "versatile_damage": "1d10", "category": "martial",
             "weapon_range": "melee"}  # fmt: skip
RAPIER = {"name": "Rapier", "damage": "1d8", "damage_type": "piercing",
          "properties": ["finesse"], "category": "martial", "weapon_range": "melee"}  # fmt: skip
DAGGER = {"name": "Dagger", "damage": "1d4", "damage_type": "piercing",
          "properties": ["finesse", "light", "thrown"], "range_normal": 20, "range_long": 60,
          "category": "simple", "weapon_range": "melee"}  # fmt: skip
SHORTBOW = {"name": "Shortbow", "damage": "1d6", "damage_type": "piercing",
            "properties": ["ammunition", "two_handed"], "range_normal": 80, "range_long": 320,
            "category": "simple", "weapon_range": "ranged"}  # fmt: skip
GLAIVE = {"name": "Glaive", "damage": "1d10", "damage_type": "slashing",
          "properties": ["heavy", "reach", "two_handed"], "category": "martial",
          "weapon_range": "melee"}  # fmt: skip
SCIMITAR = {"name": "Scimitar", "attack_bonus": 4, "reach": 5,
            "damage": [{"dice": "1d6+2", "type": "slashing"}]}  # fmt: skip
FIGHTER_PROFICIENCIES = ["all armour", "shields", "simple weapons", "martial weapons"]


def creature(
    cid: str,
    side: str = "party",
    *,
    weapons: Sequence[Mapping[str, Any]] = (),
    name: str | None = None,
    current: int | None = None,
    npc: bool | None = None,
    conditions: Sequence[str] = (),
    turn: Mapping[str, Any] | None = None,
    effects: Sequence[Effect] = (),
    **stats: Any,
) -> Combatant:
    """`hp` (in `stats`) is the maximum; `current` the HP now, when different."""
    combatant = ENGINE.combatant_from_record(
        id=cid, name=name or cid, side=side, stats=stats,
        is_npc=side != "party" if npc is None else npc, weapons=weapons, armor=(),
    )  # fmt: skip
    return replace(
        combatant,
        hp=combatant.hp if current is None else current,
        conditions=frozenset(conditions),
        turn=dict(turn or {}),
        effects=tuple(effects),
    )


def fighter(
    cid: str = "hero", weapons: Sequence[Mapping[str, Any]] = (LONGSWORD,), **stats: Any
) -> Combatant:
    """A level-1 fighter: STR 16, DEX 12, AC 18, HP 12, proficiency +2, a longsword."""
    base: dict[str, Any] = {"str": 16, "dex": 12, "con": 15, "ac": 18, "hp": 12,
                            "proficiencies": FIGHTER_PROFICIENCIES}  # fmt: skip
    base.update(stats)
    return creature(cid, weapons=weapons, **base)


def goblin(cid: str = "gob", **stats: Any) -> Combatant:
    """The SRD goblin as the demo records it: AC 15, HP 7, Scimitar +4 (1d6+2)."""
    base: dict[str, Any] = {"str": 8, "dex": 14, "ac": 15, "hp": 7, "size": "small",
                            "actions": [SCIMITAR]}  # fmt: skip
    base.update(stats)
    return creature(cid, "enemies", **base)


def fight(
    *combatants: Combatant, round: int = 1, current: str | None = "", **options: Any
) -> Fight:
    """A fight in `round` whose current combatant is the first one (unless told otherwise)."""
    now = combatants[0].id if current == "" else current
    order = tuple(c.id for c in combatants)
    return Fight(round=round, combatants=combatants, order=order, current=now, options=options)


def act(
    state: Fight,
    kind: str,
    actor: str,
    targets: Sequence[str] = (),
    faces: Sequence[int] = (),
    weapon: str | None = None,
    **modifiers: Any,
) -> Outcome:
    return ENGINE.resolve(state, Action(kind, actor, tuple(targets), weapon, modifiers),
                          TypedFaces(faces))  # fmt: skip


def after(state: Fight, outcome: Outcome) -> Fight:
    """The fight with the outcome applied (and its new order, if it set one)."""
    new = apply(state, outcome.changes)
    return replace(new, order=outcome.order) if outcome.order is not None else new


def texts(outcome: Outcome) -> list[str]:
    """The log lines in English, as the web layer would show them untranslated."""
    return [plain(step.template, dict(step.params)) for step in (*outcome.steps, *outcome.notes)]
