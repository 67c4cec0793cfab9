"""Simple tactics for the simulator (combat.rules.simulate): Old-School Essentials.

Nobody declares a spell or a withdrawal, so every round is initiative and then the phases
(seed 001, "Herní průběh každého kola"); the engine gives a turn only to those who can use the
phase. In it:

- morale: with the fight's option `morale` on, a side that was prompted checks (one 2d6, each
  monster against its own morale) in its morale phase, and who fails flees — the action's
  defaults;
- movement and spells: nothing (there are no positions; nobody declared a spell);
- missiles: only a combatant with no melee weapon or melee attack of its own shoots;
- melee (and the slow weapons at the end of the round): everyone else attacks the standing
  enemy with the fewest HP, with its best arm usable now — the largest average damage among the
  arms of this block's speed (a slow two-handed sword waits for the end of the round only when
  it is all one has); a monster with several attacks makes them all, in its stat block's order.

Initiative is rolled every round: the round begins with an empty order (the declarations step).
"""

from __future__ import annotations

from combat.rules.base import Action, Combatant, Fight
from combat.rules.ose.common import MELEE, MISSILE, Arm, arms, attacks_left, is_out
from combat.rules.ose.stage import SLOW, current, morale_pending, stage_key, step
from combat.rules.simulate import Choose, average, weakest_enemy

__all__ = ["is_out", "plan"]


def plan(fight: Fight) -> Choose:
    shoots = {c.id: not _has_melee(c) for c in fight.combatants}

    def choose(fight: Fight, actor_id: str, taken: int) -> Action | None:
        position = current(fight.stage) if step(fight) == "act" else None
        actor = fight.get(actor_id)
        if position is None or is_out(actor):
            return None
        block, phase = position
        if phase == "morale":
            return Action("morale", actor_id) if not taken and _checks(fight, actor) else None
        kind = MELEE if phase == "melee" else MISSILE if phase == "missiles" else None
        if kind is None or (kind == MISSILE and not shoots[actor_id]):
            return None
        if attacks_left(actor) <= 0:
            return None
        target = weakest_enemy(fight, actor, is_out)
        if target is None:
            return None
        arm = best_arm(actor, kind, slow=block == SLOW)
        weapon = arm.name if arm is not None and arm.name and not arm.monster else None
        return Action(phase_kind(kind), actor_id, (target.id,), weapon)

    return choose


def phase_kind(kind: str) -> str:
    return "melee" if kind == MELEE else "missile"


def best_arm(combatant: Combatant, kind: str, *, slow: bool) -> Arm | None:
    """The arm of this kind and speed with the largest average damage; None leaves a monster's
    attacks to the engine's routine (claw, claw, bite)."""
    fitting = [arm for arm in arms(combatant, kind) if arm.slow == slow]
    if not fitting or any(arm.monster for arm in fitting):
        return None
    return max(fitting, key=lambda arm: average(arm.damage))


def _has_melee(combatant: Combatant) -> bool:
    """A melee weapon or a melee attack of its own (bare hands do not count)."""
    return any(arm.name or arm.monster for arm in arms(combatant, MELEE))


def _checks(fight: Fight, actor: Combatant) -> bool:
    return morale_pending(fight, actor) and stage_key(fight.stage) not in actor.turn.get(
        "acted", ()
    )
