"""Shared pieces of the Old-School Essentials engine (seed 001): stats, arms, the working fight.

`Work` is the fight during one engine call: each `Change` is applied at once (a second attack
of a monster sees the first one's wound) and kept for the Outcome. Nothing changes a combatant
except through a `Change`, so the machinery can undo it. Its bookkeeping is the one every
system shares (combat.rules.work); only what OSE adds is here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules import work as generic
from combat.rules.base import Combatant, Effect, Fight
from combat.rules.ose.stats import CREATURE, WEAPON

# Re-exported: the other modules of the engine import it from here.
from combat.rules.work import fail as fail

# Out of the fight: seed 001 "Když postavě nebo nestvůře klesnou životy na 0 nebo míň, umírá";
# a routed monster (morale) has fled or surrendered; "unconscious" only if the GM sets it.
OUT = frozenset({"dead", "fled", "surrendered", "unconscious"})
CREATURE_DEFAULTS: Mapping[str, Any] = CREATURE.defaults()
WEAPON_DEFAULTS: Mapping[str, Any] = WEAPON.defaults()
MELEE, MISSILE = "melee", "missile"


# --- stats ------------------------------------------------------------------------------------


def stat(combatant: Combatant, key: str) -> Any:
    return generic.stat_or_default(combatant, key, CREATURE_DEFAULTS)


def number(combatant: Combatant, key: str) -> int:
    """An integer stat; a missing one takes the schema's default."""
    return generic.whole_number(combatant, key, CREATURE_DEFAULTS)


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
    """A weapon's ways to attack. Slow: ticked so (some missile weapons), or two-handed in
    melee (seed 001: „Účastníci boje útočící obouručními zbraněmi na blízko (a některými
    střelnými zbraněmi …) jednají v kole vždy jako poslední")."""
    full = {**WEAPON_DEFAULTS, **weapon}
    kinds = (MELEE, MISSILE) if full["kind"] == "both" else (str(full["kind"]),)
    ranges = tuple(int(full[k]) for k in ("range_short", "range_medium", "range_long"))
    return [
        Arm(
            str(full.get("name", "")),
            kind,
            str(full["damage"]),
            bool(full["slow"]) or (kind == MELEE and bool(full.get("two_handed"))),
            ranges=(ranges[0], ranges[1], ranges[2]),
        )
        for kind in kinds
    ]


def arms(combatant: Combatant, kind: str) -> list[Arm]:
    """Every arm of this kind: weapons first, then monster attacks. A creature with no melee arm
    and no monster attacks fights with bare hands (seed 001: a character's attack does 1d6)."""
    found = [arm for w in combatant.weapons for arm in _weapon_arms(w) if arm.kind == kind]
    for record in stat(combatant, "attacks") or ():
        if isinstance(record, Mapping) and record.get("kind", MELEE) == kind:
            found.append(
                Arm(
                    str(record.get("name", "")),
                    kind,
                    str(record.get("damage", "1d6")),
                    monster=True,
                )
            )
    if kind == MELEE and not found and not stat(combatant, "attacks"):
        found.append(Arm("", MELEE, "1d6"))
    return found


def attacks_left(combatant: Combatant) -> int:
    """seed 001: "Postavy většinou útočí jednou za kolo. Některé nestvůry můžou mít útoků víc."."""
    return number(combatant, "attacks_per_round") - int(combatant.turn.get("attacks", 0))


# --- the working fight ------------------------------------------------------------------------


class Work(generic.Work):
    """The fight during one engine call (combat.rules.work), with OSE's names for two steps."""

    # Add an effect, replacing one with the same key (removed first, so undo restores it).
    put_effect = generic.Work.add_effect

    def update_turn(self, combatant_id: str, **values: Any) -> None:
        self.set_turn(combatant_id, {**self.turn(combatant_id), **values})


# "1d20" with a constant: "1d20+2", "1d6-1" (so the roll's total is the result).
signed = generic.with_bonus


# --- melee engagement -------------------------------------------------------------------------


def opponents(fight: Fight, combatant: Combatant) -> list[str]:
    """Who it is in melee with and still standing: set by melee attacks (both ways), cleared by
    a withdrawal or retreat (seed 001, "Při boji zblízka jsou možné jen tyto způsoby pohybu")."""
    engaged = effect(combatant, "melee")
    if engaged is None:
        return []
    standing = {c.id for c in fight.combatants if not is_out(c)}
    return [cid for cid in engaged.data.get("with", ()) if cid in standing]
