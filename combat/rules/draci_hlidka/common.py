"""Shared pieces of the Dračí Hlídka engine (seed 000): the working fight, dice, stats, modifiers.

`Work` is the fight as one engine call changes it: every `Change` is applied at once (so a
later attack of the same action sees the wounds of the earlier one) and kept for the Outcome.
Nothing changes a combatant except through a `Change`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
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
from combat.rules.draci_hlidka.stats import CREATURE, WEAPON
from combat.rules.faces import FaceSource, TypedFaces

# Out of the fight (Rulings: at 0 HP or below a creature is out; "fled" = got away).
OUT = frozenset({"unconscious", "dead", "fled"})
# seed 000, útok na bezbranného: "zcela nehybný (je ochromený, v bezvědomí, spí …)".
HELPLESS = frozenset({"helpless", "unconscious", "paralysed", "asleep"})
# seed 000: "nelze tímto útokem zabít tvory velikosti D a vyšší".
LARGE_SIZES = frozenset({"D", "E"})
MISSILE_KINDS = frozenset({"ranged", "thrown"})

CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
# seed 000, boj beze zbraně: "Útočnost i obrana jejích rukou je v takovém případě 0" (and
# zranění 0: Meredil's fist turns a difference of 1 into 1 HP).
UNARMED: Mapping[str, Any] = {**WEAPON.defaults(), "name": ""}


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


def override(combatant: Combatant, key: str) -> int | None:
    """A monster's ÚČ/OČ/ZO/zranění from its stat block, or None ("derive it")."""
    value = stat(combatant, key)
    return value if type(value) is int else None


def skill(combatant: Combatant, name: str) -> int:
    """A skill's level (0 when the creature does not have it)."""
    levels = stat(combatant, "dovednosti")
    value = levels.get(name, 0) if isinstance(levels, Mapping) else 0
    return value if type(value) is int else 0


def attribute(combatant: Combatant, name: str) -> int:
    """An attribute bonus: SIL, OBR, ODO, or another one typed as text ("INT +1, CHA 0")."""
    key = name.lower()
    if key in ("sil", "obr", "odo"):
        return number(combatant, key)
    text = str(stat(combatant, "ostatni_atributy") or "").replace("\u2212", "-")
    found = re.search(rf"(?i)\b{re.escape(key)}\b\s*[:=]?\s*([+-]?\s*\d+)", text)
    return int(found.group(1).replace(" ", "")) if found else 0


def zo(combatant: Combatant) -> int:
    """seed 000: "Základní obrana (ZO) je součet tvé kvality zbroje a Opravy za Obratnost"."""
    value = override(combatant, "zo")
    return value if value is not None else number(combatant, "zbroj") + number(combatant, "obr")


def can_bleed(combatant: Combatant) -> bool:
    # seed 000: "na některé tvory nemusí mít kritické zranění žádný dodatečný efekt"
    return stat(combatant, "muze_krvacet") is not False


def is_large(combatant: Combatant) -> bool:
    return stat(combatant, "velikost") in LARGE_SIZES


def is_out(combatant: Combatant) -> bool:
    return combatant.hp <= 0 or bool(combatant.conditions & OUT)


def weapon(combatant: Combatant, name: str | None) -> Mapping[str, Any]:
    """The named weapon among the combatant's; None means fists (seed 000: 0/0/0)."""
    if name is None or name == "":
        return UNARMED
    for candidate in combatant.weapons:
        if candidate.get("name") == name:
            return {**UNARMED, **candidate}
    raise fail(_("%(name)s has no weapon called %(weapon)s"), name=combatant.name, weapon=name)


def is_missile(arm: Mapping[str, Any]) -> bool:
    """seed 000: shooting and throwing use OBR and are defended without the weapon."""
    return arm.get("druh") in MISSILE_KINDS


def weapon_number(arm: Mapping[str, Any], key: str) -> int:
    value = arm.get(key, 0)
    if type(value) is not int:
        raise fail(_("the weapon %(weapon)s has no number %(stat)s"),
                   weapon=arm.get("name", ""), stat=key)  # fmt: skip
    return value


# --- surprise ---------------------------------------------------------------------------------


def surprised(fight: Fight, combatant: Combatant) -> bool:
    """seed 000: surprise only in the first round, and none when both sides are surprised."""
    if not combatant.has("surprised") or fight.round > 1:
        return False
    sides = {c.side for c in fight.combatants if c.has("surprised")}
    return len(sides) < 2


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

    def add_effect(self, combatant_id: str, effect: Effect) -> None:
        """Add an effect (one with the same key goes first, so an undo restores it)."""
        for old in self.get(combatant_id).effects:
            if old.key == effect.key:
                self.remove_effect(combatant_id, old)
        self.change(Change(combatant_id, "add_effect", effect))

    def remove_effect(self, combatant_id: str, effect: Effect) -> None:
        keys = [old.key for old in self.get(combatant_id).effects]
        if effect.key in keys:
            index = keys.index(effect.key)
            self.change(Change(combatant_id, "remove_effect", effect, before=index))

    def turn(self, combatant_id: str) -> dict[str, Any]:
        """A copy of the combatant's bookkeeping for this round, to change and `set_turn`."""
        return dict(self.get(combatant_id).turn)

    def set_turn(self, combatant_id: str, turn: Mapping[str, Any]) -> None:
        before = self.get(combatant_id).turn
        if dict(turn) != dict(before):
            self.change(Change(combatant_id, "turn", dict(turn), before=before))

    def roll(self, purpose: str, roller: str | None, expression: str) -> RollResult:
        result = roll(expression, self._draw)
        self.rolls.append(
            RolledDice(purpose, roller, expression, result.faces, result.total, result.sixes)
        )
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


def dice_expression(base: str, bonus: int) -> str:
    """ "1d6!" with a constant: "1d6!+9", "1d6!-1" (so the roll's total is the Attack)."""
    return base if bonus == 0 else f"{base}{bonus:+d}"


def next_key(combatant: Combatant, prefix: str) -> str:
    """An effect key not used yet on this combatant: "bleeding-1", "bleeding-2" …"""
    used = {effect.key for effect in combatant.effects}
    index = 1
    while f"{prefix}-{index}" in used:
        index += 1
    return f"{prefix}-{index}"


def effects_of(combatant: Combatant, kind: str) -> Iterable[Effect]:
    return [effect for effect in combatant.effects if effect.kind == kind]


def knock_out_at_zero(work: Work, combatant_id: str) -> None:
    """Rulings: at 0 HP or below a creature is out of the fight (unconscious or dying)."""
    combatant = work.get(combatant_id)
    if combatant.hp <= 0 and not combatant.conditions & OUT:
        work.condition(combatant_id, "unconscious")
        work.step(_("%(name)s is down at %(hp)s životů and out of the fight"),
                  name=combatant.name, hp=combatant.hp)  # fmt: skip
