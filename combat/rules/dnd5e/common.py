"""Shared pieces of the D&D 5e engine (seed 002): the working fight, dice, stats, states.

`Work` is the fight as one engine call changes it: every `Change` is applied at once (so the
second attack of a turn sees the first one's damage) and kept for the Outcome. Nothing changes
a combatant except through a `Change`, so the machinery can undo it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from combat.rules.base import (
    Change,
    Combatant,
    Effect,
    Fight,
    Outcome,
    RolledDice,
    RulesError,
    Step,
    _,
    apply,
    condition_change,
)
from combat.rules.dice import InvalidDice, RollResult, roll
from combat.rules.dice import errors as dice_errors
from combat.rules.dnd5e.stats import ABILITIES, CREATURE, SIZES
from combat.rules.faces import FaceSource, TypedFaces

CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
ABILITY_KEYS = tuple(key for key, _label in ABILITIES)
SIZE_ORDER = tuple(key for key, _label in SIZES)
# SRD 5.1, Conditions: these creatures "can't take actions or reactions".
INCAPACITATING = frozenset({"incapacitated", "unconscious", "paralyzed", "stunned", "petrified"})
# SRD 5.1: a creature whose speed is 0 (grappled, restrained) or who cannot move at all.
NO_SPEED = frozenset({"grappled", "restrained"}) | INCAPACITATING


def fail(template: str, **params: Any) -> RulesError:
    return RulesError(template, **params)


# --- stats ------------------------------------------------------------------------------------


def stat(combatant: Combatant, key: str) -> Any:
    return combatant.stats.get(key, CREATURE_DEFAULTS.get(key))


def score(combatant: Combatant, ability: str) -> int:
    value = stat(combatant, ability)
    if type(value) is not int:
        raise fail(_("%(name)s: the stat %(stat)s is not a whole number"),
                   name=combatant.name, stat=ability)  # fmt: skip
    return value


def modifier(combatant: Combatant, ability: str) -> int:
    """SRD 5.1: the ability modifier is (score − 10) / 2, rounded down."""
    return (score(combatant, ability) - 10) // 2


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


def speed(combatant: Combatant) -> int:
    value = stat(combatant, "speed")
    return value if type(value) is int else 30


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


def effects_of(combatant: Combatant, kind: str) -> list[Effect]:
    return [effect for effect in combatant.effects if effect.kind == kind]


def effect_number(effect: Effect | None, key: str) -> int:
    value = effect.data.get(key, 0) if effect is not None else 0
    return value if type(value) is int else 0


def signed(value: int) -> str:
    return f"{value:+d}"


# --- the working fight ------------------------------------------------------------------------


class _Draw:
    """Hands out faces without the dice engine's "every typed face used" check per roll;
    `Work.finish` makes that check once for the whole engine call."""

    __slots__ = ("source",)

    def __init__(self, source: FaceSource) -> None:
        self.source = source

    def roll(self, sides: int) -> int:
        return self.source.roll(sides)


class Work:
    """The fight during one engine call, with every change, roll, step and note so far."""

    def __init__(self, fight: Fight, faces: FaceSource) -> None:
        self.fight = fight
        self.source = faces
        self._draw: FaceSource = _Draw(faces) if isinstance(faces, TypedFaces) else faces
        self.changes: list[Change] = []
        self.steps: list[Step] = []
        self.rolls: list[RolledDice] = []
        self.notes: list[Step] = []

    def get(self, combatant_id: str) -> Combatant:
        try:
            return self.fight.get(combatant_id)
        except KeyError:
            raise fail(_("there is no combatant %(id)s in this fight"),
                       id=str(combatant_id)) from None  # fmt: skip

    def change(self, *changes: Change | None) -> None:
        real = [change for change in changes if change is not None]
        self.fight = apply(self.fight, real)
        self.changes += real

    def set_hp(self, combatant_id: str, hp: int) -> None:
        combatant = self.get(combatant_id)
        if hp != combatant.hp:
            self.change(Change(combatant_id, "hp", hp, before=combatant.hp))

    def condition(self, combatant_id: str, condition: str, *, add: bool = True) -> None:
        self.change(condition_change(self.get(combatant_id), condition, add=add))

    def effect(self, combatant_id: str, key: str) -> Effect | None:
        return next((e for e in self.get(combatant_id).effects if e.key == key), None)

    def add_effect(self, combatant_id: str, effect: Effect) -> None:
        """Add an effect (one with the same key goes first, so an undo restores it)."""
        old = self.effect(combatant_id, effect.key)
        if old is not None:
            self.remove_effect(combatant_id, old)
        self.change(Change(combatant_id, "add_effect", effect))

    def remove_effect(self, combatant_id: str, effect: Effect) -> None:
        keys = [old.key for old in self.get(combatant_id).effects]
        if effect.key in keys:
            index = keys.index(effect.key)
            self.change(Change(combatant_id, "remove_effect", effect, before=index))

    def turn(self, combatant_id: str) -> dict[str, Any]:
        """A copy of the combatant's bookkeeping for its turn, to change and `set_turn`."""
        return dict(self.get(combatant_id).turn)

    def set_turn(self, combatant_id: str, turn: Mapping[str, Any]) -> None:
        before = self.get(combatant_id).turn
        if dict(turn) != dict(before):
            self.change(Change(combatant_id, "turn", dict(turn), before=before))

    def roll(self, purpose: str, roller: str | None, expression: str) -> RollResult:
        result = roll(expression, self._draw)
        self.rolls.append(RolledDice(purpose, roller, expression, result.faces, result.total))
        return result

    def step(self, template: str, **params: Any) -> None:
        self.steps.append(Step(template, params))

    def note(self, template: str, **params: Any) -> None:
        self.notes.append(Step(template, params))

    def finish(
        self, summary: Step, data: Mapping[str, Any], order: tuple[str, ...] | None = None
    ) -> Outcome:
        """The Outcome; typed faces must all have been used (as the dice engine requires)."""
        if isinstance(self.source, TypedFaces) and self.source.remaining:
            extra = self.source.remaining
            if extra == 1:
                raise InvalidDice(dice_errors.ONE_TOO_MANY, expected=self.source.used)
            raise InvalidDice(dice_errors.TOO_MANY_FACES, extra=extra, expected=self.source.used)
        return Outcome(
            summary=summary,
            steps=tuple(self.steps),
            rolls=tuple(self.rolls),
            changes=tuple(self.changes),
            order=order,
            notes=tuple(self.notes),
            data=data,
        )


def with_bonus(base: str, bonus: int) -> str:
    """ "1d20" with a constant: "1d20+5", "1d20-1" (so the roll's total is the result)."""
    return base if bonus == 0 else f"{base}{bonus:+d}"
