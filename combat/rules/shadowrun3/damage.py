"""Damage codes, staging, damage resistance and the condition monitors (seed 003 + [std]).

seed 003: "Kód poškození zbraně sestává z čísla (účinnosti) a písmene (stupně poškození)";
"Za každé dva úspěchy, o něž má útočník více než cíl, se zvyšuje stupeň poškození o 1 až na
smrtelné … Pokud klesne úroveň poškození pod lehkou, nezpůsobí zbraň žádné škody. Jestliže mají
útočník i oběť stejně úspěchů, způsobí zbraň základní poškození."

The condition monitors are standard SR3 [std] (the transcript names them but lacks the table):
10 boxes each, physical and stun; L 1, M 3, S 6, D 10 boxes; wound modifiers by boxes filled,
both monitors added (seed: "vážnému zranění … a lehkému zranění … iniciativu sníženou o 4").

Levels are stored as the English letters L/M/S/D. Czech shows L/M/V/S: every log line that
names a level is one template per level with the letter inside the msgid ("%(power)sS
(Serious)" → "%(power)sV (vážné)"), so the catalogue, not the code, picks the letter — and the
English words make each msgid unique across systems (a bare "S" or "D" would collide with
sizes of other games).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from combat.rules.base import Audience, Step, _, ngettext
from combat.rules.faces import FaceSource
from combat.rules.shadowrun3.success import TestResult, clamp, success_test

Level = Literal["L", "M", "S", "D"]
LEVELS: tuple[Level, ...] = ("L", "M", "S", "D")
BOXES: Mapping[Level, int] = {"L": 1, "M": 3, "S": 6, "D": 10}
MONITOR = 10  # [std] boxes in each condition monitor

_CODE: Mapping[Level, str] = {
    "L": _("damage code %(power)sL (Light)"),
    "M": _("damage code %(power)sM (Moderate)"),
    "S": _("damage code %(power)sS (Serious)"),
    "D": _("damage code %(power)sD (Deadly)"),
}
_TAKES: Mapping[Level, str] = {
    "L": _("%(name)s takes %(power)sL (Light) damage"),
    "M": _("%(name)s takes %(power)sM (Moderate) damage"),
    "S": _("%(name)s takes %(power)sS (Serious) damage"),
    "D": _("%(name)s takes %(power)sD (Deadly) damage"),
}


@dataclass(frozen=True)
class DamageCode:
    """Power (the resistance TN before armour) and level, e.g. 9M; `stun` for stun damage."""

    power: int
    level: Level
    stun: bool = False

    def raised(self, steps: int) -> DamageCode:
        """The level moved up `steps` (down if negative), never above D nor below L."""
        index = min(max(LEVELS.index(self.level) + steps, 0), len(LEVELS) - 1)
        return replace(self, level=LEVELS[index])

    def plus(self, power: int) -> DamageCode:
        return replace(self, power=self.power + power)

    def __str__(self) -> str:
        return f"{self.power}{self.level}"


class Dealt:
    """What a resolved attack, ranged or melee, deals to its victim: the boxes of its level and
    whether they are stun. The result classes give `victim`, `code` and `level`."""

    code: DamageCode
    level: Level | None

    @property
    def victim(self) -> str | None:
        raise NotImplementedError

    @property
    def boxes(self) -> int:
        return BOXES[self.level] if self.victim is not None and self.level is not None else 0

    @property
    def stun(self) -> bool:
        return self.code.stun


def weapon_code(weapon: Mapping[str, Any], strength: int) -> DamageCode:
    """The weapon's own code; "(STR+2)M" (strength_based) adds the wielder's Strength."""
    power = int(weapon.get("power", 0))
    if weapon.get("strength_based"):
        power += strength
    level = weapon.get("damage_level", "M")
    return DamageCode(power, level if level in LEVELS else "M", bool(weapon.get("stun")))


def unarmed_code(strength: int) -> DamageCode:
    """[std] Unarmed combat does (STR)M stun."""
    return DamageCode(strength, "M", stun=True)


def code_steps(code: DamageCode) -> tuple[Step, ...]:
    steps = [Step(_CODE[code.level], {"power": code.power, "level": code.level})]
    if code.stun:
        steps.append(Step(_("the damage is stun")))
    return tuple(steps)


def result_step(name: str, code: DamageCode, level: Level | None) -> Step:
    """The level that reaches the victim, in the page's letters."""
    if level is None:
        return Step(_("%(name)s takes no damage (staged below Light)"), {"name": name})
    return Step(_TAKES[level], {"name": name, "power": code.power, "level": level})


# --- staging ----------------------------------------------------------------------------------


def stage(level: Level, net: int) -> Level | None:
    """seed 003: every 2 net successes move the level one step, up to D at most; below L is
    no damage; fewer than 2 (a tie included) keep the weapon's level."""
    steps = abs(net) // 2  # towards zero: a tie or a single net success moves nothing
    index = LEVELS.index(level) + (steps if net > 0 else -steps)
    if index < 0:
        return None
    return LEVELS[min(index, len(LEVELS) - 1)]


def staging_steps(attack: int, defence: int, level: Level) -> tuple[Step, ...]:
    net = attack - defence
    steps = [
        Step(
            ngettext(
                "attacker %(attack)s success, defender %(defence)s: %(net)s net",
                "attacker %(attack)s successes, defender %(defence)s: %(net)s net",
                "attack",
            ),
            {"attack": attack, "defence": defence, "net": net},
        )
    ]
    levels = abs(net) // 2
    if levels == 0:
        steps.append(Step(_("fewer than 2 net successes: the weapon's level stays")))
    elif net > 0:
        steps.append(
            Step(
                ngettext(
                    "every 2 net successes of the attacker: %(levels)s level up",
                    "every 2 net successes of the attacker: %(levels)s levels up",
                    "levels",
                ),
                {"levels": levels},
            )
        )
        if LEVELS.index(level) + levels > len(LEVELS) - 1:
            steps.append(Step(_("Deadly is the highest level")))
    else:
        steps.append(
            Step(
                ngettext(
                    "every 2 net successes of the defender: %(levels)s level down",
                    "every 2 net successes of the defender: %(levels)s levels down",
                    "levels",
                ),
                {"levels": levels},
            )
        )
    return tuple(steps)


# --- damage resistance ------------------------------------------------------------------------


@dataclass(frozen=True)
class Resister:
    """Who resists damage: Body (+ dermal armour) dice against Power − armour."""

    id: str
    name: str
    body: int
    dermal: int = 0
    ballistic: int = 0
    impact: int = 0


def resister(stats: Mapping[str, Any], *, id: str, name: str) -> Resister:
    """From cleaned creature stats (body, dermal_armor, ballistic, impact)."""
    return Resister(
        id,
        name,
        int(stats.get("body", 3)),
        int(stats.get("dermal_armor", 0)),
        int(stats.get("ballistic", 0)),
        int(stats.get("impact", 0)),
    )


def resistance_test(
    who: Resister, power: int, armour: int, pool: int, faces: FaceSource
) -> TestResult:
    """seed 003: "hází obránce počet kostek rovný svému modifikovanému atributu těla (včetně
    případného dermálního pancíře) plus … kostky ze zbývajících bojových rezerv" against
    "účinnosti zbraně … snížené o hodnocení pancíře"; "Výsledek nižší než 2 se počítá jako 2"."""
    target = clamp(power - armour)
    intro = Step(
        _(
            "%(name)s resists: Body %(body)s + dermal %(dermal)s + pool %(pool)s against "
            "Power %(power)s − armour %(armour)s = TN %(tn)s"
        ),
        {
            "name": who.name,
            "body": who.body,
            "dermal": who.dermal,
            "pool": pool,
            "power": power,
            "armour": armour,
            "tn": target,
        },
    )
    test = success_test(
        who.body + who.dermal + pool, target, faces, purpose="resistance", roller=who.id
    )
    rolled = test.rolled and replace(test.rolled, about=who.id, audience=Audience.STATS)
    steps = tuple(_resisters(step, who.id) for step in (intro, *test.steps))
    return replace(test, rolled=rolled, steps=steps)


RESISTER_NUMBERS = frozenset({"body", "dermal", "pool", "armour", "tn", "dice"})


def _resisters(step: Step, about: str) -> Step:
    """The resistance lines state the resister's Body and armour (Power − armour = TN, Body +
    dermal + pool dice): players read them as the fight's option says (combat.visibility)."""
    secret = {key: Audience.STATS for key in step.params if key in RESISTER_NUMBERS}
    return replace(step, about=about, secret=secret)


# --- condition monitors -----------------------------------------------------------------------


@dataclass(frozen=True)
class Monitors:
    """Boxes filled: physical (may pass 10: overflow [std]) and stun (at most 10)."""

    physical: int = 0
    stun: int = 0


@dataclass(frozen=True)
class WoundModifiers:
    tn: int  # added to every target number (≥ 0)
    initiative: int  # added to the initiative score (≤ 0)


Status = Literal["active", "unconscious", "dying", "dead"]


def wound_penalty(boxes: int) -> int:
    """[std] 1–2 boxes light (1), 3–5 moderate (2), 6 and more serious (3)."""
    if boxes >= 6:
        return 3
    if boxes >= 3:
        return 2
    return 1 if boxes >= 1 else 0


def wound_modifiers(physical: int, stun: int) -> WoundModifiers:
    """Both monitors add up (seed 003: serious + light = −4 initiative)."""
    total = wound_penalty(physical) + wound_penalty(stun)
    return WoundModifiers(total, -total)


def status(physical: int, stun: int, body: int) -> Status:
    """[std] 10 physical: dying; more overflow than Body: dead; 10 stun: unconscious."""
    if physical > MONITOR + body:
        return "dead"
    if physical >= MONITOR:
        return "dying"
    return "unconscious" if stun >= MONITOR else "active"


@dataclass(frozen=True)
class Wound:
    name: str
    level: Level | None
    stun: bool
    boxes: int
    before: Monitors
    after: Monitors
    overflow: int  # stun boxes that went on to the physical monitor
    modifiers_before: WoundModifiers
    modifiers_after: WoundModifiers
    status: Status
    steps: tuple[Step, ...]

    @property
    def initiative_change(self) -> int:
        """seed 003: the new wound modifier comes off the initiative score at once (≤ 0)."""
        return self.modifiers_after.initiative - self.modifiers_before.initiative


_STATUS_STEPS: Mapping[Status, str] = {
    "unconscious": _("%(name)s falls unconscious"),
    "dying": _("%(name)s is dying"),
    "dead": _("%(name)s is dead"),
}


def take_damage(
    monitors: Monitors,
    level: Level | None,
    *,
    stun: bool,
    body: int,
    name: str = "",
    about: str | None = None,
) -> Wound:
    """Fill the boxes of `level`; stun beyond the stun monitor overflows into physical [std]."""
    boxes = BOXES[level] if level is not None else 0
    physical, stunned, overflow = monitors.physical, monitors.stun, 0
    if stun:
        stunned += boxes
        overflow = max(0, stunned - MONITOR)
        stunned -= overflow
        physical += overflow
    else:
        physical += boxes
    after = Monitors(physical, stunned)
    before_mods = wound_modifiers(monitors.physical, monitors.stun)
    after_mods = wound_modifiers(physical, stunned)
    now = status(physical, stunned, body)
    steps = _wound_steps(name, boxes, overflow, after, before_mods, after_mods, about)
    if now != "active" and now != status(monitors.physical, monitors.stun, body):
        steps.append(Step(_STATUS_STEPS[now], {"name": name}))
    return Wound(
        name,
        level,
        stun,
        boxes,
        monitors,
        after,
        overflow,
        before_mods,
        after_mods,
        now,
        tuple(steps),
    )


def _wound_steps(
    name: str,
    boxes: int,
    overflow: int,
    after: Monitors,
    before: WoundModifiers,
    now: WoundModifiers,
    about: str | None,
) -> list[Step]:
    steps: list[Step] = []
    if boxes == 0:
        return steps
    if overflow:
        steps.append(
            Step(
                _("the stun monitor is full: %(boxes)s boxes overflow into physical damage"),
                {"boxes": overflow},
            )
        )
    steps.append(
        Step(
            _("%(name)s: physical %(hp_physical)s/10, stun %(hp_stun)s/10"),
            {"name": name, "hp_physical": after.physical, "hp_stun": after.stun},
            Audience.HEALTH,
            about,
        )
    )
    if now != before:
        steps.append(
            Step(
                _("%(name)s: wound modifiers +%(tn)s TN, %(initiative)s initiative"),
                {"name": name, "tn": now.tn, "initiative": now.initiative},
            )
        )
    return steps
