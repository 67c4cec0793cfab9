"""Shared pieces of the Shadowrun 3 turn machinery (seed 003): the working fight, stats, state.

`Work` is the fight during one engine call: every `Change` is applied at once (so the second
shot of a phase sees the wound of the first) and kept for the Outcome.

The combatant's `turn` mapping holds the engine's state as plain JSON. Keys that survive a new
combat turn (PERSISTENT): "stun" (boxes of the stun monitor), "ammo" ({weapon: {"rounds",
"type", "clip"}}), "holstered" (weapons not ready), "ready" (weapons readied although holstered
at the start), "modes" ({weapon: fire mode}), "surprise" (until the character's next phase),
"thrown" (small throwing weapons readied). Keys of one combat turn: "pool", "pool_max",
"init" ({"raw", "faces", "reaction"}), "score" (the pass-1 score after wound modifiers), "wound"
(the initiative modifier already subtracted), "starts" (the score at the start of each pass),
"acted" (the last pass whose phase was used), "phase" (the action economy of the phase in
progress), "free_out" (the other's phase of the last free action), "declared", "delay", "aim",
"move", "athletics", "fired" (rounds and targets of the phase, for recoil and extra targets).

The physical condition monitor is mirrored by HP: hp = 10 − physical boxes (below 0: overflow),
so the generic tracker and the GM's HP edit keep working; stun lives in turn["stun"].
"""

from __future__ import annotations

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
from combat.rules.faces import FaceSource, TypedFaces
from combat.rules.shadowrun3.damage import Monitors, wound_modifiers
from combat.rules.shadowrun3.stats import CREATURE, WEAPON

MONITOR = 10  # [std] ten boxes in each condition monitor
OUT = frozenset({"unconscious", "dying", "dead", "fled"})
PERSISTENT = ("stun", "ammo", "holstered", "ready", "modes", "surprise", "thrown")
CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
WEAPON_DEFAULTS: Mapping[str, Any] = WEAPON.defaults()
# seed 003, NÁSOBITELE BĚHU: člověk 3, trpaslík 2, elf 3, ork 3, troll 3.
RUN_MULTIPLIER = {"dwarf": 2}


def fail(template: str, **params: Any) -> RulesError:
    return RulesError(template, **params)


# --- stats ------------------------------------------------------------------------------------


def stat(combatant: Combatant, key: str) -> Any:
    return combatant.stats.get(key, CREATURE_DEFAULTS.get(key))


def number(combatant: Combatant, key: str) -> int:
    value = stat(combatant, key)
    if type(value) is not int:
        raise fail(_("%(name)s: the stat %(stat)s is not a whole number"),
                   name=combatant.name, stat=key)  # fmt: skip
    return value


def skill(combatant: Combatant, name: str) -> int:
    levels = stat(combatant, "skills")
    value = levels.get(name, 0) if isinstance(levels, Mapping) else 0
    return value if type(value) is int else 0


def natural_reaction(combatant: Combatant) -> int:
    return number(combatant, "reaction")


def reaction(combatant: Combatant) -> int:
    """seed 003: modified Reaction, written in brackets after the natural one: 3 (5)."""
    return natural_reaction(combatant) + number(combatant, "reaction_bonus")


def pool_size(combatant: Combatant) -> int:
    """The combat pool; empty = (Quickness + Intelligence + Willpower) / 2 [std]."""
    value = stat(combatant, "combat_pool")
    if type(value) is int:
        return value
    total = sum(number(combatant, key) for key in ("quickness", "intelligence", "willpower"))
    return total // 2


def run_multiplier(combatant: Combatant) -> int:
    return RUN_MULTIPLIER.get(str(stat(combatant, "metatype")), 3)


def weapon(combatant: Combatant, name: str | None) -> dict[str, Any]:
    if not name:
        raise fail(_("choose a weapon"))
    for candidate in combatant.weapons:
        if candidate.get("name") == name:
            return {**WEAPON_DEFAULTS, **candidate}
    raise fail(_("%(name)s has no weapon called %(weapon)s"), name=combatant.name, weapon=name)


# --- condition monitors -----------------------------------------------------------------------


def physical_boxes(combatant: Combatant) -> int:
    """Boxes filled in the physical monitor, overflow included (hp mirrors 10 − boxes)."""
    return max(0, combatant.max_hp - combatant.hp)


def stun_boxes(combatant: Combatant) -> int:
    value = combatant.turn.get("stun", 0)
    return value if type(value) is int and value > 0 else 0


def monitors(combatant: Combatant) -> Monitors:
    return Monitors(physical_boxes(combatant), stun_boxes(combatant))


def wound_modifier(combatant: Combatant) -> int:
    """+TN and −initiative; physical and stun add up (seed: serious + light = −4)."""
    return wound_modifiers(physical_boxes(combatant), stun_boxes(combatant)).tn


def is_out(combatant: Combatant) -> bool:
    return bool(combatant.conditions & OUT)


# --- the turn ---------------------------------------------------------------------------------


def stage_pass(fight: Fight) -> int:
    value = fight.stage.get("pass", 1)
    return value if type(value) is int and value >= 1 else 1


def end_stage(fight: Fight) -> bool:
    """The delayed actions at the end of a pass (seed: "na konci průběhu iniciativy")."""
    return bool(fight.stage.get("end"))


def score(combatant: Combatant) -> int | None:
    """The pass-1 score of this combat turn after wound modifiers, or None before a roll."""
    value = combatant.turn.get("score")
    return value if type(value) is int else None


def pass_score(combatant: Combatant, number_: int) -> int | None:
    """seed 003: −10 per pass ("odečte gamemaster od všech iniciativ 10")."""
    value = score(combatant)
    return None if value is None else value - 10 * (number_ - 1)


def phase_key(fight: Fight) -> str:
    return f"{fight.round}.{stage_pass(fight)}"


def others_phase_key(fight: Fight) -> str:
    """The phase of whoever is current now (free actions and stepping in are counted by it)."""
    return f"{phase_key(fight)}.{fight.current}"


def persistent(turn: Mapping[str, Any]) -> dict[str, Any]:
    return {key: turn[key] for key in PERSISTENT if key in turn}


# --- the working fight ------------------------------------------------------------------------


class _Draw:
    """Faces without the dice engine's per-roll "every typed face used" check (`finish` checks
    once for the whole call)."""

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
        self.draw: FaceSource = _Draw(faces) if isinstance(faces, TypedFaces) else faces
        self.changes: list[Change] = []
        self.steps: list[Step] = []
        self.rolls: list[RolledDice] = []
        self.notes: list[Step] = []
        self.order: tuple[str, ...] | None = None
        self.stage: Mapping[str, Any] | None = None

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

    def set_initiative(self, combatant_id: str, value: int | None) -> None:
        combatant = self.get(combatant_id)
        if value != combatant.initiative:
            self.change(Change(combatant_id, "initiative", value, before=combatant.initiative))

    def condition(self, combatant_id: str, condition: str, *, add: bool = True) -> None:
        self.change(condition_change(self.get(combatant_id), condition, add=add))

    def add_effect(self, combatant_id: str, effect: Effect) -> None:
        self.remove_effect(combatant_id, effect.key)
        self.change(Change(combatant_id, "add_effect", effect))

    def remove_effect(self, combatant_id: str, key: str) -> None:
        effects = self.get(combatant_id).effects
        for index, old in enumerate(effects):
            if old.key == key:
                self.change(Change(combatant_id, "remove_effect", old, before=index))
                return

    def turn(self, combatant_id: str) -> dict[str, Any]:
        """A copy of the combatant's state, to change and `set_turn`."""
        return dict(self.get(combatant_id).turn)

    def set_turn(self, combatant_id: str, turn: Mapping[str, Any]) -> None:
        before = self.get(combatant_id).turn
        if dict(turn) != dict(before):
            self.change(Change(combatant_id, "turn", dict(turn), before=dict(before)))

    def update(self, combatant_id: str, **values: Any) -> None:
        """Set some keys of the combatant's turn (None removes a key)."""
        turn = self.turn(combatant_id)
        for key, value in values.items():
            if value is None:
                turn.pop(key, None)
            else:
                turn[key] = value
        self.set_turn(combatant_id, turn)

    def roll(self, purpose: str, roller: str | None, expression: str) -> RollResult:
        result = roll(expression, self.draw)
        self.rolls.append(
            RolledDice(purpose, roller, expression, result.faces, result.total, result.sixes)
        )
        return result

    def record(self, rolled: RolledDice) -> None:
        """A roll made by another module's function (sr3fire's tests)."""
        self.rolls.append(rolled)

    def step(self, template: str, **params: Any) -> None:
        self.steps.append(Step(template, params))

    def note(self, template: str, **params: Any) -> None:
        self.notes.append(Step(template, params))

    def finish(self, summary: Step, data: Mapping[str, Any]) -> Outcome:
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
            order=self.order,
            stage=self.stage,
            notes=tuple(self.notes),
            data=data,
        )


def names(work: Work, ids: Any) -> str:
    return ", ".join(work.get(cid).name for cid in ids)
