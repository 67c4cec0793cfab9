"""Shared pieces of the Old-School Essentials engine (seed 001): stats, arms, the working fight.

`Work` is the fight during one engine call: each `Change` is applied at once (a second attack
of a monster sees the first one's wound) and kept for the Outcome. Nothing changes a combatant
except through a `Change`, so the machinery can undo it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
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
from combat.rules.faces import FaceSource, TypedFaces
from combat.rules.ose.stats import CREATURE, WEAPON

# Out of the fight: seed 001 "Když postavě nebo nestvůře klesnou životy na 0 nebo míň, umírá";
# a routed monster (morale) has fled or surrendered; "unconscious" only if the GM sets it.
OUT = frozenset({"dead", "fled", "surrendered", "unconscious"})
CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
WEAPON_DEFAULTS: Mapping[str, Any] = WEAPON.defaults()
MELEE, MISSILE = "melee", "missile"


def fail(template: str, **params: Any) -> RulesError:
    return RulesError(template, **params)


# --- stats ------------------------------------------------------------------------------------


def stat(combatant: Combatant, key: str) -> Any:
    return combatant.stats.get(key, CREATURE_DEFAULTS.get(key))


def number(combatant: Combatant, key: str) -> int:
    """An integer stat; a missing one takes the schema's default."""
    value = stat(combatant, key)
    if type(value) is not int:
        raise fail(_("%(name)s: the stat %(stat)s is not a whole number"),
                   name=combatant.name, stat=key)  # fmt: skip
    return value


def is_out(combatant: Combatant) -> bool:
    return combatant.hp <= 0 or bool(combatant.conditions & OUT)


def effect(combatant: Combatant, kind: str) -> Effect | None:
    return next((e for e in combatant.effects if e.kind == kind), None)


def shield_bonus(combatant: Combatant) -> int:
    """The AC bonus of the shields it carries (its `ac` stat already includes it)."""
    total = 0
    for armour in combatant.armor:
        bonus = armour.get("ac_bonus", 0)
        if armour.get("shield") is True and type(bonus) is int:
            total += bonus
    return total


def aac(combatant: Combatant) -> int:
    """The ascending AC: the stat, or 19 − AC when empty (stats.py, the ascending-AC rule)."""
    value = stat(combatant, "aac")
    return value if type(value) is int else 19 - number(combatant, "ac")


def attack_bonus(combatant: Combatant) -> int:
    value = stat(combatant, "attack_bonus")
    return value if type(value) is int else 19 - number(combatant, "thac0")


# --- what it attacks with ---------------------------------------------------------------------


@dataclass(frozen=True)
class Arm:
    """One way to attack: a weapon, a monster's attack, or bare hands."""

    name: str
    kind: str  # MELEE or MISSILE
    damage: str
    slow: bool = False
    monster: bool = False  # a monster's attack: its own damage ("Útoky nestvůr")
    ranges: tuple[int, int, int] = (0, 0, 0)  # short, medium, long (feet)


def _weapon_arms(weapon: Mapping[str, Any]) -> list[Arm]:
    full = {**WEAPON_DEFAULTS, **weapon}
    kinds = (MELEE, MISSILE) if full["kind"] == "both" else (str(full["kind"]),)
    ranges = tuple(int(full[k]) for k in ("range_short", "range_medium", "range_long"))
    return [
        Arm(str(full.get("name", "")), kind, str(full["damage"]), bool(full["slow"]),
            ranges=(ranges[0], ranges[1], ranges[2]))
        for kind in kinds
    ]  # fmt: skip


def arms(combatant: Combatant, kind: str) -> list[Arm]:
    """Every arm of this kind: weapons first, then monster attacks. A creature with no melee arm
    and no monster attacks fights with bare hands (seed 001: a character's attack does 1d6)."""
    found = [arm for w in combatant.weapons for arm in _weapon_arms(w) if arm.kind == kind]
    for record in stat(combatant, "attacks") or ():
        if isinstance(record, Mapping) and record.get("kind", MELEE) == kind:
            found.append(Arm(str(record.get("name", "")), kind,
                             str(record.get("damage", "1d6")), monster=True))  # fmt: skip
    if kind == MELEE and not found and not stat(combatant, "attacks"):
        found.append(Arm("", MELEE, "1d6"))
    return found


def attacks_left(combatant: Combatant) -> int:
    """seed 001: "Postavy většinou útočí jednou za kolo. Některé nestvůry můžou mít útoků víc."."""
    return number(combatant, "attacks_per_round") - int(combatant.turn.get("attacks", 0))


# --- the working fight ------------------------------------------------------------------------


class _Faces:
    """Hands faces on one by one: the dice engine's "every typed face used" check is made once
    for the whole engine call by `Work.finish`, not after every roll."""

    __slots__ = ("source",)

    def __init__(self, source: FaceSource) -> None:
        self.source = source

    def roll(self, sides: int) -> int:
        return self.source.roll(sides)


class Work:
    """The fight during one engine call, with its changes, rolls, steps and notes so far."""

    def __init__(self, fight: Fight, faces: FaceSource) -> None:
        self.fight = fight
        self.source = faces
        self.draw: FaceSource = _Faces(faces) if isinstance(faces, TypedFaces) else faces
        self.changes: list[Change] = []
        self.steps: list[Step] = []
        self.rolls: list[RolledDice] = []
        self.notes: list[Step] = []

    def get(self, combatant_id: str) -> Combatant:
        try:
            return self.fight.get(combatant_id)
        except KeyError:
            raise fail(
                _("there is no combatant %(id)s in this fight"), id=str(combatant_id)
            ) from None

    def change(self, *changes: Change | None) -> None:
        real = [c for c in changes if c is not None]
        self.fight = apply(self.fight, real)
        self.changes += real

    def set_hp(self, combatant_id: str, hp: int) -> None:
        before = self.get(combatant_id).hp
        if hp != before:
            self.change(Change(combatant_id, "hp", hp, before=before))

    def condition(self, combatant_id: str, condition: str, *, add: bool = True) -> None:
        self.change(condition_change(self.get(combatant_id), condition, add=add))

    def put_effect(self, combatant_id: str, new: Effect) -> None:
        """Add an effect, replacing one with the same key (removed first, so undo restores it)."""
        for old in self.get(combatant_id).effects:
            if old.key == new.key:
                self.remove_effect(combatant_id, old)
        self.change(Change(combatant_id, "add_effect", new))

    def remove_effect(self, combatant_id: str, old: Effect) -> None:
        keys = [e.key for e in self.get(combatant_id).effects]
        if old.key in keys:
            self.change(Change(combatant_id, "remove_effect", old, before=keys.index(old.key)))

    def turn(self, combatant_id: str) -> dict[str, Any]:
        """A copy of the combatant's bookkeeping for this round, to change and `set_turn`."""
        return dict(self.get(combatant_id).turn)

    def set_turn(self, combatant_id: str, turn: Mapping[str, Any]) -> None:
        before = self.get(combatant_id).turn
        if dict(turn) != dict(before):
            self.change(Change(combatant_id, "turn", dict(turn), before=dict(before)))

    def update_turn(self, combatant_id: str, **values: Any) -> None:
        self.set_turn(combatant_id, {**self.turn(combatant_id), **values})

    def roll(self, purpose: str, roller: str | None, expression: str) -> RollResult:
        result = roll(expression, self.draw)
        self.rolls.append(RolledDice(purpose, roller, expression, result.faces, result.total))
        return result

    def step(self, template: str, **params: Any) -> None:
        self.steps.append(Step(template, params))

    def note(self, template: str, **params: Any) -> None:
        self.notes.append(Step(template, params))

    def finish(
        self, summary: Step, data: Mapping[str, Any], *,
        order: tuple[str, ...] | None = None, stage: Mapping[str, Any] | None = None,
    ) -> Outcome:  # fmt: skip
        """The Outcome; typed faces must all have been used (as the dice engine requires)."""
        if isinstance(self.source, TypedFaces) and self.source.remaining:
            extra = self.source.remaining
            if extra == 1:
                raise InvalidDice(dice_errors.ONE_TOO_MANY, expected=self.source.used)
            raise InvalidDice(dice_errors.TOO_MANY_FACES, extra=extra, expected=self.source.used)
        return Outcome(
            summary=summary, steps=tuple(self.steps), rolls=tuple(self.rolls),
            changes=tuple(self.changes), order=order, stage=stage, notes=tuple(self.notes),
            data=data,
        )  # fmt: skip


def signed(expression: str, bonus: int) -> str:
    """ "1d20" with a constant: "1d20+2", "1d6-1" (so the roll's total is the result)."""
    return expression if bonus == 0 else f"{expression}{bonus:+d}"


# --- melee engagement -------------------------------------------------------------------------


def opponents(fight: Fight, combatant: Combatant) -> list[str]:
    """Who it is in melee with and still standing: set by melee attacks (both ways), cleared by
    a withdrawal or retreat (seed 001, "Při boji zblízka jsou možné jen tyto způsoby pohybu")."""
    engaged = effect(combatant, "melee")
    if engaged is None:
        return []
    standing = {c.id for c in fight.combatants if not is_out(c)}
    return [cid for cid in engaged.data.get("with", ()) if cid in standing]
