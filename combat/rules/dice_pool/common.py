"""Shared pieces of the forum dice-pool engine (seed 004): who is still in, dice left, the work.

A player character's HP *is* its dice: `max_hp` is its best combination (the two highest levels)
and every lost round takes one, so `max_hp - hp` is the number of dice lost in this fight. The
seed: "ten, kdo první přijde o všechny kostky, prohrává (tzn. už nemá žádnou použitelnou
schopnost, která by mu dovolila házet více kostek, než kolik si jich musí odečítat)" — a
character is out when it has lost as many dice as its best combination has, i.e. at 0. An NPC
has real HP, 6 × its defence dice unless the GM set them.

`Work` is the fight during one engine call: every `Change` is applied at once and kept, every
roll is kept with all its faces, and typed faces must all be used by the end of the call. That
bookkeeping is the one every system shares (combat.rules.work); only the roll is the pool's own.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from combat.rules import work as generic
from combat.rules.base import Combatant, Fight, _

# Re-exported: the other modules of the engine import it from here.
from combat.rules.work import fail as fail

# Out of the fight: a beaten player or NPC, a killed NPC, or one the GM marked so.
OUT = frozenset({"beaten", "dead", "unconscious", "fled"})
MAX_NAME = 40  # a skill's name, as in the stat schema


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
        raise fail(
            _("%(name)s has no weapon called %(weapon)s"), name=combatant.name, weapon=weapon
        )
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


class Work(generic.WorkBase):
    """The fight during one engine call (combat.rules.work); its roll is a number of d6."""

    records_sixes = True

    def roll(self, purpose: str, roller: str | None, dice: int) -> tuple[int, tuple[int, ...]]:
        """Roll `dice` d6 and add them up (seed 004: only six-sided dice, summed)."""
        result = self.roll_notation(purpose, roller, f"{dice}d6")
        return result.total, result.faces
