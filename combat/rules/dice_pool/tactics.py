"""Simple tactics for the simulator (combat.rules.simulate): the forum d6 dice pool (seed 004).

Everyone standing rolls for the round on its turn (`fight_roll`) with the engine's own default
dice — a character its best combination, an NPC its attack dice when it rolls first in the round
and its defence dice otherwise — aimed at the standing enemy with the fewest HP, with the default
intent (kill). No weapon is named, so the engine looks for silver itself (the character's flag or
any silver weapon it carries: the best it has against a bestiary monster). Nobody spends bonus
dice, ticks a special effect or leaves the fight. The order is fixed once ("there is no roll").
"""

from __future__ import annotations

from combat.rules.base import Action, Fight
from combat.rules.dice_pool.common import is_out, round_roll
from combat.rules.simulate import Choose, weakest_enemy

__all__ = ["is_out", "plan"]


def plan(fight: Fight) -> Choose:
    def choose(fight: Fight, actor_id: str, taken: int) -> Action | None:
        actor = fight.get(actor_id)
        if taken or is_out(actor) or round_roll(actor, fight.round) is not None:
            return None
        if fight.stage.get("settled") == fight.round:
            return None  # the round was decided already
        target = weakest_enemy(fight, actor, is_out)
        return None if target is None else Action("fight_roll", actor_id, (target.id,))

    return choose
