"""Simple tactics for the simulator (combat.rules.simulate): Shadowrun 3 (seed 003).

In each of its phases a combatant attacks the standing enemy with the fewest boxes left:

- with a firearm when it has one (the one with the most skill dice, then the highest power):
  two simple actions, so two shots a phase in SA or BF (one in SS; FA fires three rounds as its
  complex action); it readies a holstered weapon first, and ejects and inserts a clip when the
  magazine is empty;
- otherwise in melee (a complex action) with its best melee weapon, or bare-handed.

**The combat pool split:** a third of the full pool (rounded down) per test, while dice are left
— the attacker for its attack test, the target for its dodge (melee: its defence) and a third
for its damage resistance. So a pool of 7 gives 2 + 2 + 2 and one die is never spent.
Nobody aims, moves, delays, declares, calls shots, throws grenades or surprises; the engine
rolls initiative at the start of every combat turn itself (`start_of_round`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Fight
from combat.rules.shadowrun3.common import is_out, phase_key, weapon
from combat.rules.shadowrun3.handlers_gear import ammo, is_firearm, is_ready, mode
from combat.rules.shadowrun3.phase import phase_state
from combat.rules.shadowrun3.ranged import weapon_skill
from combat.rules.simulate import Choose

__all__ = ["is_out", "plan"]

MELEE = "melee"
FIRE = "fire"


def plan(fight: Fight) -> Choose:
    arms = {c.id: best_arm(c) for c in fight.combatants}

    def choose(fight: Fight, actor_id: str, taken: int) -> Action | None:
        actor = fight.get(actor_id)
        target = _weakest(fight, actor)
        if is_out(actor) or target is None:
            return None
        units = phase_state(actor, phase_key(fight))["units"]  # simple 1, complex 2
        name, kind = arms[actor_id]
        if kind == MELEE:
            pools = split(actor, target, "defence_pool")
            return None if units else Action(MELEE, actor_id, (target.id,), name, pools)
        assert name is not None
        if units >= 2:
            return None
        return _gun(fight, actor, target, name, units)

    return choose


def _gun(fight: Fight, actor: Combatant, target: Combatant, name: str, units: int) -> Action | None:
    arm = weapon(actor, name)
    if not is_ready(fight, actor, name):
        return Action("ready_weapon", actor.id, (), name)
    state = ammo(actor, arm)
    if not state["clip"]:
        return Action("insert_clip", actor.id, (), name)
    if state["rounds"] is not None and int(state["rounds"]) <= 0:  # None: no magazine (a bow)
        return Action("remove_clip", actor.id, (), name)
    current = mode(actor, arm)
    if current in ("SS", "FA") and units:
        return None  # one single shot a phase; full auto is the complex action
    pools = split(actor, target, "dodge_pool")
    if current == "FA":
        pools["rounds"] = 3
    return Action(FIRE, actor.id, (target.id,), name, pools)


def split(actor: Combatant, target: Combatant, defence: str) -> dict[str, Any]:
    """A third of each full pool per test, while dice are left (see the module's doc)."""
    attack = min(_left(actor), _full(actor) // 3)
    dodge = min(_left(target), _full(target) // 3)
    resist = min(_left(target) - dodge, _full(target) // 3)
    return {"pool": attack, defence: dodge, "resist_pool": resist}


def best_arm(combatant: Combatant) -> tuple[str | None, str]:
    """(weapon name, FIRE or MELEE): a firearm when it has one, else its best melee weapon or
    bare hands (None)."""
    guns = [w for w in combatant.weapons if w.get("name") and is_firearm(w)]
    if guns:
        return str(max(guns, key=lambda w: _worth(combatant, w))["name"]), FIRE
    blades = [w for w in combatant.weapons if w.get("name") and w.get("weapon_type") == MELEE]
    if blades:
        return str(max(blades, key=lambda w: _worth(combatant, w))["name"]), MELEE
    return None, MELEE


def _worth(combatant: Combatant, arm: Mapping[str, Any]) -> tuple[int, int]:
    _key, rating = weapon_skill(arm, combatant.stats.get("skills") or {})
    power = arm.get("power", 0)
    return rating, power if type(power) is int else 0


def _weakest(fight: Fight, actor: Combatant) -> Combatant | None:
    """The standing enemy with the fewest boxes left (physical and stun, the worse of the two)."""
    enemies = [c for c in fight.combatants if c.side != actor.side and not is_out(c)]
    return min(enemies, key=_boxes_left, default=None)


def _boxes_left(combatant: Combatant) -> int:
    stun = combatant.turn.get("stun", 0)
    return min(combatant.hp, combatant.max_hp - (stun if type(stun) is int else 0))


def _full(combatant: Combatant) -> int:
    value = combatant.turn.get("pool_max", 0)
    return value if type(value) is int else 0


def _left(combatant: Combatant) -> int:
    value = combatant.turn.get("pool", 0)
    return value if type(value) is int and value > 0 else 0
