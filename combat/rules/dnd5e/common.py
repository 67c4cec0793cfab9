"""Shared pieces of the D&D 5e engine (seed 002): the working fight, dice, stats, states.

`Work` is the fight as one engine call changes it: every `Change` is applied at once (so the
second attack of a turn sees the first one's damage) and kept for the Outcome. Nothing changes
a combatant except through a `Change`, so the machinery can undo it. Its bookkeeping is the one
every system shares (combat.rules.work).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from combat.rules import work as generic
from combat.rules.base import Combatant, Effect
from combat.rules.dnd5e.stats import CREATURE
from combat.rules.dnd5e.words import ABILITIES, SIZES

# Re-exported: the other modules of the engine import them from here.
from combat.rules.work import effects_of as effects_of
from combat.rules.work import fail as fail

CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
ABILITY_KEYS = tuple(key for key, _label in ABILITIES)
SIZE_ORDER = tuple(key for key, _label in SIZES)
# SRD 5.1, Conditions: these creatures "can't take actions or reactions".
INCAPACITATING = frozenset({"incapacitated", "unconscious", "paralyzed", "stunned", "petrified"})
# SRD 5.1: a creature whose speed is 0 (grappled, restrained) or who cannot move at all.
NO_SPEED = frozenset({"grappled", "restrained"}) | INCAPACITATING


# --- stats ------------------------------------------------------------------------------------


def stat(combatant: Combatant, key: str) -> Any:
    return generic.stat_or_default(combatant, key, CREATURE_DEFAULTS)


def score(combatant: Combatant, ability: str) -> int:
    return generic.whole_number(combatant, ability, CREATURE_DEFAULTS)


def modifier(combatant: Combatant, ability: str) -> int:
    """SRD 5.1: the ability modifier is (score − 10) / 2, rounded down."""
    return (score(combatant, ability) - 10) // 2


def save_bonus(combatant: Combatant, ability: str) -> int:
    """A saving throw's bonus: a proficient save's total from the stat block ("Saving Throws Dex
    +4"), else the ability modifier."""
    listed = stat(combatant, "saving_throws")
    total = listed.get(ability) if isinstance(listed, Mapping) else None
    return total if type(total) is int else modifier(combatant, ability)


def proficiency(combatant: Combatant) -> int:
    return score(combatant, "proficiency_bonus")


def size_index(combatant: Combatant) -> int:
    size = stat(combatant, "size")
    return SIZE_ORDER.index(size) if size in SIZE_ORDER else SIZE_ORDER.index("medium")


def skill_bonus(combatant: Combatant, skill: str, ability: str) -> int:
    """A skill's total bonus from the stat block (Goblin Stealth +6), else the ability's."""
    skills = stat(combatant, "skills")
    value = skills.get(skill) if isinstance(skills, Mapping) else None
    return value if type(value) is int else modifier(combatant, ability)


EXHAUSTION = "exhaustion"  # effect: {"level": 1–6} (SRD 5.1, Conditions: Exhaustion)


def exhaustion(combatant: Combatant) -> int:
    """The exhaustion level, 0–6. SRD 5.1: 1 disadvantage on ability checks, 2 speed halved,
    3 disadvantage on attack rolls and saving throws, 4 hit point maximum halved, 5 speed 0,
    6 death; each level has the effects of the lower ones."""
    found = next((e for e in combatant.effects if e.kind == EXHAUSTION), None)
    level = found.data.get("level") if found is not None else 0
    return level if type(level) is int and 0 <= level <= 6 else 0


def speed(combatant: Combatant) -> int:
    value = stat(combatant, "speed")
    base = value if type(value) is int else 30
    level = exhaustion(combatant)
    return 0 if level >= 5 else base // 2 if level >= 2 else base


def hp_maximum(combatant: Combatant) -> int:
    """The hit point maximum, halved (rounded down) from exhaustion level 4."""
    return combatant.max_hp // 2 if exhaustion(combatant) >= 4 else combatant.max_hp


def traits(combatant: Combatant) -> list[Mapping[str, Any]]:
    found = stat(combatant, "traits")
    return [t for t in found if isinstance(t, Mapping)] if isinstance(found, list) else []


_EXTRA_ATTACK = re.compile(r"extra attack\s*(?:\((\d)\))?", re.IGNORECASE)


def attacks_per_action(combatant: Combatant) -> int:
    """SRD 5.1 Extra Attack: a trait "Extra Attack" gives two attacks, "Extra Attack (2)" three."""
    best = 1
    for trait in traits(combatant):
        found = _EXTRA_ATTACK.fullmatch(str(trait.get("name", "")).strip())
        if found:
            best = max(best, 1 + int(found.group(1) or 1))
    return best


# Traits that allow a Dash or Disengage as the bonus action (SRD 5.1: the rogue's Cunning Action,
# the goblin's Nimble Escape: "The goblin can take the Disengage or Hide action as a bonus action").
BONUS_MOVES = {"cunning action": ("dash", "disengage"), "nimble escape": ("disengage",)}


def bonus_moves(combatant: Combatant) -> tuple[str, ...]:
    """The action kinds a trait lets the combatant take as the bonus action."""
    names = {str(t.get("name", "")).strip().casefold() for t in traits(combatant)}
    return tuple(k for name, kinds in BONUS_MOVES.items() if name in names for k in kinds)


_CASTING = re.compile(r"spellcasting ability(?: is|:)?\s+([^\s(,.;]+)", re.IGNORECASE)


def spellcasting_ability(combatant: Combatant) -> str | None:
    """From a "Spellcasting" trait: "Its spellcasting ability is Intelligence" (SRD prose)."""
    for trait in traits(combatant):
        found = _CASTING.search(str(trait.get("text", "")))
        if found:
            word = found.group(1).casefold()
            for key, label in ABILITIES:
                names = {
                    key,
                    *(text.split(" ")[0].casefold() for text in (label.cs, label.en, label.pl)),
                }
                if word in names:
                    return key
    return None


# --- states -----------------------------------------------------------------------------------


def is_dead(combatant: Combatant) -> bool:
    return combatant.has("dead")


def is_dying(combatant: Combatant) -> bool:
    """SRD 5.1: a character at 0 HP, not stable, makes death saving throws."""
    return not combatant.is_npc and combatant.hp <= 0 and not is_dead(combatant)


def incapacitated(combatant: Combatant) -> bool:
    return combatant.hp <= 0 or is_dead(combatant) or bool(combatant.conditions & INCAPACITATING)


def is_out(combatant: Combatant) -> bool:
    """Out of the fight: dead, at 0 HP, unconscious or fled."""
    return incapacitated(combatant) or combatant.has("fled")


def effect_number(effect: Effect | None, key: str) -> int:
    value = effect.data.get(key, 0) if effect is not None else 0
    return value if type(value) is int else 0


def signed(value: int) -> str:
    return f"{value:+d}"


# --- the working fight ------------------------------------------------------------------------


class Work(generic.Work):
    """The fight during one engine call: the bookkeeping every system shares
    (combat.rules.work), with nothing 5e-specific added. A class of its own all the same, so
    mypy stops another system's working fight from reaching the 5e handlers."""


# "1d20" with a constant: "1d20+5", "1d20-1" (so the roll's total is the result).
with_bonus = generic.with_bonus
