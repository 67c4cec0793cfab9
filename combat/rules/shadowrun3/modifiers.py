"""Situational target-number modifiers (seed 003, MODIFIKÁTORY BOJE NA DÁLKU, MODIFIKÁTORY
VIDITELNOSTI, Test uhýbání).

seed 003: "Pro určení konečného modifikovaného cílového čísla sečtěte všechny situační
modifikátory a výsledek přičtěte k základnímu cílovému číslu. Modifikované cílové číslo nemůže
být nikdy nižší než 2."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.base import RulesError, Step, _
from combat.rules.shadowrun3.firearms import Volley, is_heavy, stabilise
from combat.rules.shadowrun3.range_bands import RangeBand
from combat.rules.shadowrun3.success import clamp

# seed 003, MODIFIKÁTORY VIDITELNOSTI: (cybernetic/electronic, natural) per vision type —
# "první údaj na kybernetické nebo elektronické vidění a druhý na přirozené". The thermal-smoke
# row is cut off in the transcript ("Termální kouř /+6"): the standard SR3 row [std], whose
# natural thermographic +6 is the number that survived.
VISIBILITY: Mapping[str, Mapping[str, tuple[int, int]]] = {
    "clear": {"normal": (0, 0), "low_light": (0, 0), "thermographic": (0, 0)},
    "full_dark": {"normal": (8, 8), "low_light": (8, 8), "thermographic": (4, 2)},
    "minimal_light": {"normal": (6, 6), "low_light": (4, 2), "thermographic": (4, 2)},
    "partial_light": {"normal": (2, 2), "low_light": (1, 0), "thermographic": (2, 1)},
    "glare": {"normal": (2, 2), "low_light": (4, 2), "thermographic": (4, 2)},
    "mist": {"normal": (2, 2), "low_light": (2, 0), "thermographic": (0, 0)},
    "light_smoke": {"normal": (4, 4), "low_light": (4, 2), "thermographic": (0, 0)},
    "heavy_smoke": {"normal": (6, 6), "low_light": (6, 4), "thermographic": (1, 0)},
    "thermal_smoke": {"normal": (4, 4), "low_light": (4, 4), "thermographic": (8, 6)},
}
# seed 003: the laser sight's "použití brání mlha, kouř a déšť" (the smoke/fog/rain rows).
LASER_BLOCKED = frozenset({"light_smoke", "heavy_smoke", "thermal_smoke"})
LASER_RANGE = 50
# seed 003: walking +1 (+2 difficult terrain), running +4 (+6).
MOVEMENT: Mapping[str, int] = {
    "none": 0,
    "walk": 1,
    "walk_difficult": 2,
    "run": 4,
    "run_difficult": 6,
}
SMART: Mapping[str, int] = {"none": 0, "smartlink": -2, "smartgoggles": -1}
# seed 003: "dvě zbraně z kategorie pistole nebo samopaly, v každé ruce jednu"
SECOND_FIREARM_TYPES = frozenset({"hold_out_pistol", "light_pistol", "heavy_pistol", "smg"})

_STEPS: Mapping[str, str] = {
    "recoil": _("recoil %(value)s"),
    "blind_fire": _("blind fire %(value)s"),
    "partial_cover": _("partial cover %(value)s"),
    "visibility": _("visibility %(value)s"),
    "extra_targets": _("more targets this phase %(value)s"),
    "running_target": _("running target %(value)s"),
    "stationary_target": _("stationary target %(value)s"),
    "melee": _("attacker in melee %(value)s"),
    "movement": _("attacker moving %(value)s"),
    "wounds": _("wounds %(value)s"),
    "smartlink": _("smartlink %(value)s"),
    "smartgoggles": _("smartgoggles %(value)s"),
    "laser": _("laser sight %(value)s"),
    "second_firearm": _("second firearm %(value)s"),
    "aim": _("aiming %(value)s"),
    "called_shot": _("called shot %(value)s"),
    "gm": _("game master's modifier %(value)s"),
    "held": _("the attacker's conditions %(value)s"),
    "burst": _("burst or full auto %(value)s"),
    "cramped": _("cramped or prone %(value)s"),
    "area": _("area weapon %(value)s"),
    "spread": _("shotgun spread %(value)s"),
    "reach": _("reach %(value)s"),
}


def visibility_modifier(condition: str, vision: str, *, electronic: bool = False) -> int:
    row = VISIBILITY.get(condition)
    if row is None or vision not in row:
        raise RulesError(
            _("unknown visibility %(condition)s or vision %(vision)s"),
            condition=condition,
            vision=vision,
        )
    cyber, natural = row[vision]
    return cyber if electronic else natural


@dataclass(frozen=True)
class TargetNumber:
    base: int
    value: int  # never below 2
    parts: tuple[tuple[str, int], ...]  # the modifiers that applied, by key
    steps: tuple[Step, ...]

    def part(self, key: str) -> int:
        return sum(value for name, value in self.parts if name == key)


def build(base: int, parts: list[tuple[str, int]], head: tuple[Step, ...] = ()) -> TargetNumber:
    """The TN from its base and modifiers, one log line per modifier and one for the sum."""
    real = tuple((key, value) for key, value in parts if value)
    steps = [*head, *(Step(_STEPS[key], {"value": f"{value:+d}"}) for key, value in real)]
    value = clamp(base + sum(v for _k, v in real))
    shown = " ".join(f"{v:+d}" for _k, v in real)
    steps.append(
        Step(
            _("TN %(base)s %(modifiers)s = %(tn)s"), {"base": base, "modifiers": shown, "tn": value}
        )
    )
    return TargetNumber(base, value, real, tuple(steps))


def need(condition: bool, template: str, **params: Any) -> None:
    if not condition:
        raise RulesError(template, **params)


@dataclass(frozen=True)
class Situation:
    """Everything around one ranged attack the GM sets (defaults: nothing special)."""

    visibility: str = "clear"
    vision: str = "normal"  # the attacker's vision type
    electronic_vision: bool = False  # cybernetic/electronic eyes: the first number of a pair
    blind_fire: bool = False
    partial_cover: bool = False
    extra_targets: int = 0  # without a volley (thrown): targets already attacked this phase
    running_target: bool = False
    stationary_target: bool = False
    melee_opponents: int = 0
    movement: str = "none"  # none / walk / walk_difficult / run / run_difficult
    wound_tn: int = 0
    smart: str = "none"  # the attacker's smartlink or smartgoggles
    second_firearm: bool = False
    other_recoil: int = 0  # the other firearm's uncompensated recoil
    aim: int = 0  # simple actions spent aiming
    aim_limit: int | None = None  # half the skill, rounded down (None: not checked)
    called_shot: bool = False
    gm: int = 0
    held: int = 0  # the attacker's campaign conditions (combat.rules.held), as TN

    def check(self) -> None:
        need(self.movement in MOVEMENT, _("unknown movement %(value)s"), value=self.movement)
        need(self.smart in SMART, _("unknown smart system %(value)s"), value=self.smart)
        need(
            not (self.running_target and self.stationary_target),
            _("a target cannot be running and stationary at once"),
        )
        for key in ("extra_targets", "melee_opponents", "wound_tn", "aim", "other_recoil"):
            value = getattr(self, key)
            need(
                type(value) is int and 0 <= value <= 50,
                _("%(key)s must be a whole number from 0 to 50"),
                key=key,
            )
        need(
            type(self.gm) is int and -20 <= self.gm <= 20,
            _("the game master's modifier must be from -20 to 20"),
        )
        # seed 003, Zamíření: "až do maximálního počtu, který se rovná polovině stupně
        # dovednosti … zaokrouhleno dolů"
        need(
            self.aim_limit is None or self.aim <= self.aim_limit,
            _("at most %(limit)s aiming actions (half the skill)"),
            limit=self.aim_limit if self.aim_limit is not None else 0,
        )


def ranged_target_number(
    band: RangeBand,
    weapon: Mapping[str, Any],
    volley: Volley | None,
    situation: Situation,
) -> TargetNumber:
    """Step 2: the base TN of the band plus every situational modifier of the seed's table."""
    _check_fire(weapon, volley, situation)
    recoil = stabilise(
        volley.phase_recoil if volley else 0,
        compensation=int(weapon.get("recoil_compensation", 0) or 0),
        heavy=volley is not None and is_heavy(weapon, volley.mode),
        gyro=int(weapon.get("gyro", 0) or 0),
        movement=MOVEMENT[situation.movement],
        other_recoil=situation.other_recoil,
    )
    targets = volley.extra_targets if volley is not None else situation.extra_targets
    parts = [
        ("recoil", recoil.recoil),
        ("blind_fire", 8 if situation.blind_fire else 0),
        ("partial_cover", 4 if situation.partial_cover else 0),
        (
            "visibility",
            visibility_modifier(
                situation.visibility, situation.vision, electronic=situation.electronic_vision
            ),
        ),
        ("extra_targets", 2 * targets),
        ("running_target", 2 if situation.running_target else 0),
        ("stationary_target", -1 if situation.stationary_target else 0),
        ("melee", 2 * situation.melee_opponents),
        ("movement", recoil.movement),
        ("wounds", situation.wound_tn),
        *_sights(band, weapon, situation),
        ("second_firearm", 2 if situation.second_firearm else 0),
        ("aim", -situation.aim),
        ("called_shot", 4 if situation.called_shot else 0),
        ("gm", situation.gm),
        ("held", situation.held),
    ]
    return build(band.base_tn, parts, (*band.steps, *recoil.steps))


def _check_fire(weapon: Mapping[str, Any], volley: Volley | None, situation: Situation) -> None:
    situation.check()
    if situation.called_shot and volley is not None and volley.mode == "SS":
        # seed 003: "Postava může zacílit pouze tehdy, jestliže střílí poloautomaticky, plně
        # automaticky nebo dávkou" (Rulings: thrown and melee attacks may call shots too).
        raise RulesError(_("a called shot needs semi-automatic, burst or full-auto fire"))
    if situation.second_firearm and weapon.get("weapon_type") not in SECOND_FIREARM_TYPES:
        raise RulesError(_("only pistols and SMGs can be fired two at once"))


def _sights(
    band: RangeBand, weapon: Mapping[str, Any], situation: Situation
) -> list[tuple[str, int]]:
    """Smartlink −2 / smartgoggles −1 with a smartgun; laser −1 (≤ 50 m, no smoke, fog or
    rain). A second firearm gets none of them (seed 003); magnification "nejsou kompatibilní
    se smartsystémy"; the laser does not add to a smart system [std]."""
    if situation.second_firearm:
        return []
    if weapon.get("smartgun") and situation.smart != "none" and not band.magnified:
        return [(situation.smart, SMART[situation.smart])]
    laser = (
        weapon.get("laser_sight")
        and band.distance <= LASER_RANGE
        and situation.visibility not in LASER_BLOCKED
    )
    return [("laser", -1)] if laser else []


def dodge_target_number(
    *,
    burst: int = 0,
    wound_tn: int = 0,
    cramped: int = 0,
    area: bool = False,
    spread: int = 0,
    gm: int = 0,
) -> TargetNumber:
    """seed 003, Test uhýbání: TN 4, +1 per three rounds of a burst or full auto (`burst`, the
    volley's dodge_modifier), + the victim's wound modifier, GM +1/+2 cramped or prone, at least
    +2 against grenades and other area weapons, +1 per shotgun spread step."""
    need(0 <= cramped <= 2, _("cramped or prone is +0, +1 or +2"))
    for value in (burst, wound_tn, spread):
        need(0 <= value <= 50, _("a dodge modifier must be from 0 to 50"))
    parts = [
        ("burst", burst),
        ("wounds", wound_tn),
        ("cramped", cramped),
        ("area", 2 if area else 0),
        ("spread", spread),
        ("gm", gm),
    ]
    return build(4, parts)
