"""Shared pieces of the Shadowrun 3 turn machinery (seed 003): the working fight, stats, state.

`Work` is the fight during one engine call: every `Change` is applied at once (so the second
shot of a phase sees the wound of the first) and kept for the Outcome. Its bookkeeping is the one
every system shares (combat.rules.work); only what Shadowrun adds is here.

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

from combat.rules import work as generic
from combat.rules.base import Change, Combatant, Fight, RolledDice, _
from combat.rules.shadowrun3.damage import Monitors, wound_modifiers
from combat.rules.shadowrun3.stats import CREATURE, WEAPON

# Re-exported: the other modules of the engine import it from here.
from combat.rules.work import fail as fail

MONITOR = 10  # [std] ten boxes in each condition monitor
OUT = frozenset({"unconscious", "dying", "dead", "fled"})
PERSISTENT = ("stun", "ammo", "holstered", "ready", "modes", "surprise", "thrown")
CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
WEAPON_DEFAULTS: Mapping[str, Any] = WEAPON.defaults()
# seed 003, NÁSOBITELE BĚHU: člověk 3, trpaslík 2, elf 3, ork 3, troll 3.
RUN_MULTIPLIER = {"dwarf": 2}


# --- stats ------------------------------------------------------------------------------------


def stat(combatant: Combatant, key: str) -> Any:
    return generic.stat_or_default(combatant, key, CREATURE_DEFAULTS)


def number(combatant: Combatant, key: str) -> int:
    return generic.whole_number(combatant, key, CREATURE_DEFAULTS)


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


class Work(generic.Work):
    """The fight during one engine call (combat.rules.work). The rolls keep their sixes (the
    rule of six); the pass handlers set `order` and `stage` on the way, and `finish` uses them."""

    records_sixes = True

    def set_initiative(self, combatant_id: str, value: int | None) -> None:
        combatant = self.get(combatant_id)
        if value != combatant.initiative:
            self.change(Change(combatant_id, "initiative", value, before=combatant.initiative))

    def update(self, combatant_id: str, **values: Any) -> None:
        """Set some keys of the combatant's turn (None removes a key)."""
        turn = self.turn(combatant_id)
        for key, value in values.items():
            if value is None:
                turn.pop(key, None)
            else:
                turn[key] = value
        self.set_turn(combatant_id, turn)

    def record(self, rolled: RolledDice) -> None:
        """A roll made by another module's function (sr3fire's tests)."""
        self.rolls.append(rolled)


def names(work: Work, ids: Any) -> str:
    return ", ".join(work.get(cid).name for cid in ids)
