"""The simulator's fast path for Old-School Essentials (issue P): the same rules and the same
tactics as combat.rules.ose.engine and combat.rules.ose.tactics, compiled once for one fight
into flat numpy arrays and played a thousand fights at a time (arrays shaped (fights,
combatants), one row a fight).

What it plays, as the engine and the tactics do: each round every standing side rolls 1d6 for
initiative; with ties rolled again the sides act in a uniformly random order, with simultaneous
ties equal rolls share a block whose blows land together at the end of each phase (both sides
may fall: nobody wins); with individual initiative every combatant rolls 1d6 + DEX and acts in
a block of its own. In its block a side checks morale (option `morale`: its first death or
half of it down prompts it; one 2d6 for the side, each standing checker against its own
score, those above it flee), then its shooters (no melee arm of their own) shoot and everyone
else strikes in melee, in the fight's order; slow weapons last, block by block. Each attack is
the tactics' choice: the standing enemy with the fewest HP (the first of equals), the best arm
of the phase's speed, a monster's attacks in its stat block's order; 1d20 against THAC0 − AC
(or the ascending AC), a natural 20 hits and a 1 misses; damage 1d6 (+STR in melee), the
weapon's with `variable_damage`, a monster's own; at least 1. Nothing else changes a fight the
tactics play: nobody declares a spell or a withdrawal, so movement and spells are turns without
an action. A fight between two rounds (a later round's declarations, HP lost, morale
prompted) plays as well.

It declines (None) what it does not play exactly: simultaneous ties with individual initiative,
or between sides whose combatants alternate in the fight's list; an option it does not know; an
effect other than melee engagement, spent spells and morale (or a side whose standing monsters
stand differently on morale); a declaration or a round under way; a morale-2 monster with
morale on (it never fights); an arm the engine would refuse or pick differently; dice that
explode, keep or count successes; a stat that is not a whole number.
"""

from __future__ import annotations

import numpy as np

from combat.rules.base import Fight, RulesError
from combat.rules.dice import InvalidDice
from combat.rules.ose.fast.plan import Declined, compiled
from combat.rules.ose.fast.play import Play
from combat.rules.simulate import Simulation

__all__ = ["fast"]


def fast(fight: Fight, *, fights: int, seed: int, round_cap: int) -> Simulation | None:
    """`fights` fights of `fight` from its current state (see the module), or None."""
    try:
        plan = compiled(fight)
    except (Declined, RulesError, InvalidDice, ValueError, TypeError, KeyError):
        return None
    return Play(plan, fights, np.random.default_rng(seed)).run(seed, round_cap)
