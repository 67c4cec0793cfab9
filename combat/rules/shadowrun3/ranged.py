"""Ranged combat (seed 003, Boj na dálku): range bands, then the attack, dodge, resistance and
staging of one shot.

seed 003, Průběh boje na dálku: "1. Určení vzdálenosti … 2. Aplikace situačních modifikátorů
… 3. Test úspěšnosti útočníka … 4. Test uhýbání … 5. Test odolnosti vůči poškození … 6. Určení
výsledku … 7. Aplikace poškození". Step 1 is range_bands.py, step 2 modifiers.py, step 7
damage.take_damage.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from combat.rules.base import RolledDice, Step, _, ngettext
from combat.rules.faces import FaceSource
from combat.rules.shadowrun3.ammunition import EXPLOSIVE, armour_against
from combat.rules.shadowrun3.damage import (
    DamageCode,
    Dealt,
    Level,
    Resister,
    code_steps,
    resistance_test,
    result_step,
    stage,
    staging_steps,
)
from combat.rules.shadowrun3.firearms import BALLISTIC_TYPES
from combat.rules.shadowrun3.success import TestResult, d6, success_test


def armour_kind(weapon: Mapping[str, Any]) -> Literal["ballistic", "impact"]:
    """Bullets meet ballistic armour (seed 003: Snot); launchers, bows, thrown weapons and
    melee meet impact armour [std]."""
    return "ballistic" if weapon.get("weapon_type") in BALLISTIC_TYPES else "impact"


# The skill each weapon type uses (seed 003: "test příslušné bojové dovednosti"). The weapon
# records hold no skill of their own; launchers fall under heavy weapons (the skill list has no
# launch weapons), a melee weapon under the best of its wielder's melee skills [reading].
SKILL_BY_TYPE: Mapping[str, str] = {
    "hold_out_pistol": "pistols",
    "light_pistol": "pistols",
    "heavy_pistol": "pistols",
    "taser": "pistols",
    "smg": "smgs",
    "shotgun": "shotguns",
    "sport_rifle": "rifles",
    "sniper_rifle": "rifles",
    "assault_rifle": "assault_rifles",
    "lmg": "heavy_weapons",
    "mmg": "heavy_weapons",
    "hmg": "heavy_weapons",
    "assault_cannon": "heavy_weapons",
    "grenade_launcher": "heavy_weapons",
    "missile_launcher": "heavy_weapons",
    "bow": "projectile_weapons",
    "light_crossbow": "projectile_weapons",
    "medium_crossbow": "projectile_weapons",
    "heavy_crossbow": "projectile_weapons",
    "throwing_knife": "throwing_weapons",
    "shuriken": "throwing_weapons",
    "grenade": "throwing_weapons",
    "aerodynamic_grenade": "throwing_weapons",
}
MELEE_SKILLS = ("edged_weapons", "clubs", "polearms")


def weapon_skill(weapon: Mapping[str, Any] | None, skills: Mapping[str, Any]) -> tuple[str, int]:
    """(skill key, rating) for attacking with `weapon` (None: bare hands, unarmed combat)."""

    def rating(key: str) -> int:
        value = skills.get(key, 0)
        return value if type(value) is int else 0

    if weapon is None:
        return "unarmed_combat", rating("unarmed_combat")
    kind = str(weapon.get("weapon_type", ""))
    if kind in SKILL_BY_TYPE:
        return SKILL_BY_TYPE[kind], rating(SKILL_BY_TYPE[kind])
    best = max(MELEE_SKILLS, key=rating)
    return best, rating(best)


# --- steps 3 to 6 -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Shot:
    """Everything the dice of one shot need, decided before any die is rolled."""

    attacker: Resister
    target: Resister
    dice: int  # skill + combat-pool dice
    target_number: int
    code: DamageCode  # after firing mode, ammunition and called shot
    standard_code: DamageCode  # the weapon's own code (an explosive misfire uses it)
    ammunition: str = "normal"
    armour_kind: Literal["ballistic", "impact"] = "ballistic"
    dodge_dice: int = 0  # combat-pool dice the target dodges with
    dodge_target: int = 4
    resist_pool: int = 0  # combat-pool dice added to Body for resistance
    armour_override: int | None = None  # called shot at an unarmoured or weaker spot


@dataclass(frozen=True)
class Misfire:
    """seed 003, Výbušná munice: every attack die shows 1 — the round explodes on the shooter."""

    successes: int  # "Pro určení počtu úspěchů při tomto útoku hoďte 1k6."
    rolled: RolledDice
    resistance: TestResult
    code: DamageCode
    level: Level | None


@dataclass(frozen=True)
class AttackResult(Dealt):
    attacker: Resister
    target: Resister
    attack: TestResult
    dodge: TestResult | None
    resistance: TestResult | None
    hit: bool  # attack successes and not dodged
    dodged: bool
    code: DamageCode  # as the target resisted it (flechette included)
    armour: int
    net: int  # attack successes − (dodge + resistance successes)
    level: Level | None  # what reaches the victim; None = no damage
    misfire: Misfire | None
    steps: tuple[Step, ...]
    rolls: tuple[RolledDice, ...]

    @property
    def victim(self) -> str | None:
        if self.misfire is not None:
            return self.attacker.id if self.level is not None else None
        return self.target.id if self.hit and self.level is not None else None

    @property
    def summary(self) -> Step:
        names = {"attacker": self.attacker.name, "target": self.target.name}
        if self.misfire is not None:
            return result_step(self.attacker.name, self.code, self.level)
        if not self.attack.successes:
            return Step(_("%(attacker)s misses %(target)s"), names)
        if self.dodged:
            return Step(_("%(target)s dodges the attack of %(attacker)s"), names)
        return result_step(self.target.name, self.code, self.level)

    def data(self) -> dict[str, Any]:
        """Machine-readable facts (the generic preview reads "hit" and "damage")."""
        return {
            "hit": self.hit,
            "damage": self.boxes,
            "level": self.level,
            "net": self.net,
            "successes": self.attack.successes,
            "misfire": self.misfire is not None,
            "victim": self.victim,
            "stun": self.stun,
        }


def resolve_ranged(shot: Shot, faces: FaceSource) -> AttackResult:
    """Steps 3–6 of seed 003 for one shot, burst or full-auto burst."""
    attack = success_test(
        shot.dice, shot.target_number, faces, purpose="attack", roller=shot.attacker.id
    )
    steps = [Step(_("%(name)s attacks"), {"name": shot.attacker.name}), *attack.steps]
    if shot.ammunition in EXPLOSIVE and attack.disaster:
        return _misfire(shot, attack, steps, faces)
    if attack.successes == 0:
        steps.append(Step(_("no success: the attack misses")))
        return _result(shot, attack, None, None, steps, level=None)
    dodge = None
    if shot.dodge_dice > 0:
        dodge = success_test(
            shot.dodge_dice, shot.dodge_target, faces, purpose="dodge", roller=shot.target.id
        )
        steps += [Step(_("%(name)s dodges"), {"name": shot.target.name}), *dodge.steps]
        if dodge.successes > attack.successes:
            steps.append(Step(_("more dodge successes than the attacker: no hit")))
            return _result(shot, attack, dodge, None, steps, level=None, dodged=True)
    return _resist(shot, attack, dodge, steps, faces)


def _resist(
    shot: Shot,
    attack: TestResult,
    dodge: TestResult | None,
    steps: list[Step],
    faces: FaceSource,
) -> AttackResult:
    armour = armour_against(
        shot.target,
        kind=shot.armour_kind,
        ammunition=shot.ammunition,
        override=shot.armour_override,
    )
    code = shot.code.raised(armour.level_bonus)
    steps += armour.steps
    if armour.level_bonus:
        steps += code_steps(code)
    resistance = resistance_test(shot.target, code.power, armour.value, shot.resist_pool, faces)
    steps += resistance.steps
    # seed 003: dodge successes "přičtěte … k úspěchům … v testu odolnosti vůči poškození"
    defence = resistance.successes + (dodge.successes if dodge else 0)
    level = stage(code.level, attack.successes - defence)
    steps += staging_steps(attack.successes, defence, code.level)
    steps.append(result_step(shot.target.name, code, level))
    result = _result(shot, attack, dodge, resistance, steps, level=level)
    return replace(result, code=code, armour=armour.value, net=attack.successes - defence)


def _misfire(shot: Shot, attack: TestResult, steps: list[Step], faces: FaceSource) -> AttackResult:
    """ "střílející postava okamžitě vystavena jednomu útoku … s takovým kódem poškození, jaký
    odpovídá standardu zbraně … nemůže ale použít kostky bojových rezerv … hoďte 1k6. Zamýšlený
    útok postavy se zcela mine účinkem." The shooter resists with ballistic armour [reading]."""
    steps.append(
        Step(
            _("rule of one with explosive ammunition: the round explodes on %(name)s"),
            {"name": shot.attacker.name},
        )
    )
    roll = d6(faces, purpose="misfire", roller=None)
    steps.append(
        Step(
            ngettext(
                "the explosion has 1d6 = %(successes)s success",
                "the explosion has 1d6 = %(successes)s successes",
                "successes",
            ),
            {"successes": roll.value},
        )
    )
    code = shot.standard_code
    steps += code_steps(code)
    armour = shot.attacker.ballistic
    resistance = resistance_test(shot.attacker, code.power, armour, 0, faces)
    level = stage(code.level, roll.value - resistance.successes)
    steps += [*resistance.steps, *staging_steps(roll.value, resistance.successes, code.level)]
    steps.append(result_step(shot.attacker.name, code, level))
    misfire = Misfire(roll.value, roll.rolled, resistance, code, level)
    rolls = (*attack.rolls, roll.rolled, *resistance.rolls)
    return AttackResult(
        shot.attacker,
        shot.target,
        attack,
        None,
        None,
        False,
        False,
        code,
        armour,
        roll.value - resistance.successes,
        level,
        misfire,
        tuple(steps),
        rolls,
    )


def _result(
    shot: Shot,
    attack: TestResult,
    dodge: TestResult | None,
    resistance: TestResult | None,
    steps: list[Step],
    *,
    level: Level | None,
    dodged: bool = False,
) -> AttackResult:
    rolls = (
        *attack.rolls,
        *(dodge.rolls if dodge else ()),
        *(resistance.rolls if resistance else ()),
    )
    hit = attack.successes > 0 and not dodged
    net = attack.successes - (dodge.successes if dodge else 0)
    return AttackResult(
        shot.attacker,
        shot.target,
        attack,
        dodge,
        resistance,
        hit,
        dodged,
        shot.code,
        0,
        net,
        level,
        None,
        tuple(steps),
        rolls,
    )
