"""Shared pieces of the forum dice-pool engine (seed 004): who is still in, dice left, the work.

A player character's HP *is* its dice: `max_hp` is its best combination (the two highest levels)
and every lost round takes one, so `max_hp - hp` is the number of dice lost in this fight. The
seed: "ten, kdo první přijde o všechny kostky, prohrává (tzn. už nemá žádnou použitelnou
schopnost, která by mu dovolila házet více kostek, než kolik si jich musí odečítat)" — a
character is out when it has lost as many dice as its best combination has, i.e. at 0. An NPC
has real HP, 6 × its defence dice unless the GM set them.

`Work` is the fight during one engine call: every `Change` is applied at once and kept, every
roll is kept with all its faces, and typed faces must all be used by the end of the call.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from combat.rules.base import (
    Change,
    Combatant,
    Fight,
    Outcome,
    RolledDice,
    RulesError,
    Step,
    _,
    apply,
    condition_change,
)
from combat.rules.dice import InvalidDice
from combat.rules.dice import errors as dice_errors
from combat.rules.dice import roll as roll_dice
from combat.rules.faces import FaceSource, TypedFaces

# Out of the fight: a beaten player or NPC, a killed NPC, or one the GM marked so.
OUT = frozenset({"beaten", "dead", "unconscious", "fled"})
MAX_NAME = 40  # a skill's name, as in the stat schema


def fail(template: str, **params: Any) -> RulesError:
    return RulesError(template, **params)


# --- levels -----------------------------------------------------------------------------------


def levels(combatant: Combatant, key: str) -> Mapping[str, int]:
    """The combatant's "skills" or "attributes" as name → level (bad entries ignored)."""
    raw = combatant.stats.get(key)
    if not isinstance(raw, Mapping):
        return {}
    return {str(k): v for k, v in raw.items() if type(v) is int and v >= 0}


def all_levels(combatant: Combatant) -> dict[str, int]:
    """Skills and attributes together (seed 004: "úroveň dovednosti = počet kostek")."""
    return {**levels(combatant, "attributes"), **levels(combatant, "skills")}


def _positive(stats: Mapping[str, Any]) -> dict[str, int]:
    found: dict[str, int] = {}
    for key in ("attributes", "skills"):
        raw = stats.get(key)
        if isinstance(raw, Mapping):
            found.update({str(k): v for k, v in raw.items() if type(v) is int and v > 0})
    return found


def best_combination(stats: Mapping[str, Any]) -> tuple[str, ...]:
    """The two names with the highest levels (a primary and a secondary), highest first."""
    found = _positive(stats)
    return tuple(sorted(found, key=lambda name: -found[name])[:2])


def best_dice(stats: Mapping[str, Any]) -> int:
    """Dice of the best combination: a character with fewer dice left than lost is out."""
    found = _positive(stats)
    return sum(found[name] for name in best_combination(stats))


def dice_stat(stats: Mapping[str, Any], key: str) -> int:
    """An NPC's attack or defence dice (the schema's default is 1)."""
    value = stats.get(key, 1)
    return value if type(value) is int and value >= 0 else 0


def npc_number(combatant: Combatant, key: str) -> int:
    return dice_stat(combatant.stats, key)


# --- state ------------------------------------------------------------------------------------


def lost_dice(combatant: Combatant) -> int:
    """Dice a character has lost in this fight (NPCs lose HP, never dice)."""
    if combatant.is_npc:
        return 0
    return max(0, combatant.max_hp - combatant.hp)


def is_out(combatant: Combatant) -> bool:
    return combatant.hp <= 0 or bool(combatant.conditions & OUT)


def standing(fight: Fight) -> list[Combatant]:
    """Combatants still in the fight, in the acting order (those not in it last)."""
    return [c for c in in_order(fight) if not is_out(c)]


def in_order(fight: Fight) -> list[Combatant]:
    position = {cid: index for index, cid in enumerate(fight.order)}
    return sorted(fight.combatants, key=lambda c: position.get(c.id, len(position)))


def sides_in_order(combatants: Iterable[Combatant]) -> list[str]:
    return list(dict.fromkeys(c.side for c in combatants))


def has_silver(combatant: Combatant, weapon: str | None) -> bool:
    """The named weapon's silver, else the character's flag or any silver weapon it carries."""
    if weapon:
        for arm in combatant.weapons:
            if arm.get("name") == weapon:
                return arm.get("silver") is True
        raise fail(_("%(name)s has no weapon called %(weapon)s"), name=combatant.name,
                   weapon=weapon)  # fmt: skip
    if combatant.stats.get("silver_weapon") is True:
        return True
    return any(arm.get("silver") is True for arm in combatant.weapons)


def is_bestiary(combatant: Combatant) -> bool:
    return combatant.is_npc and combatant.stats.get("bestiary_monster") is True


def round_roll(combatant: Combatant, round_no: int) -> Mapping[str, Any] | None:
    """The combatant's roll in round `round_no`, kept in `turn`, or None."""
    rolled = combatant.turn.get("roll")
    if isinstance(rolled, Mapping) and rolled.get("round") == round_no:
        return rolled
    return None


# --- the working fight ------------------------------------------------------------------------


class _Draw:
    """Faces without the dice engine's per-roll "every typed face used" check (made once, in
    `Work.finish`, for the whole call)."""

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
        self.rolls: list[RolledDice] = []
        self.steps: list[Step] = []
        self.notes: list[Step] = []

    def get(self, combatant_id: Any) -> Combatant:
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
        before = self.get(combatant_id).hp
        if hp != before:
            self.change(Change(combatant_id, "hp", hp, before=before))

    def condition(self, combatant_id: str, condition: str, *, add: bool = True) -> None:
        self.change(condition_change(self.get(combatant_id), condition, add=add))

    def set_turn(self, combatant_id: str, turn: Mapping[str, Any]) -> None:
        before = self.get(combatant_id).turn
        if dict(turn) != dict(before):
            self.change(Change(combatant_id, "turn", dict(turn), before=dict(before)))

    def roll(self, purpose: str, roller: str | None, dice: int) -> tuple[int, tuple[int, ...]]:
        """Roll `dice` d6 and add them up (seed 004: only six-sided dice, summed)."""
        result = roll_dice(f"{dice}d6", self._draw)
        self.rolls.append(RolledDice(purpose, roller, result.expression, result.faces,
                                     result.total, result.sixes))  # fmt: skip
        return result.total, result.faces

    def step(self, template: str, **params: Any) -> None:
        self.steps.append(Step(template, params))

    def note(self, template: str, **params: Any) -> None:
        self.notes.append(Step(template, params))

    def finish(
        self, summary: Step, data: Mapping[str, Any], *,
        order: tuple[str, ...] | None = None, stage: Mapping[str, Any] | None = None,
    ) -> Outcome:  # fmt: skip
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
