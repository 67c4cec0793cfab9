"""Advantage and disadvantage on an attack roll (seed 002 and SRD 5.1 Conditions).

seed 002: "Atak na niewidzialnego lub nieznanego przeciwnika wykonuje się z przewagą ujemną, a
atak na przeciwnika, który nie widzi atakującego, z przewagą"; beyond the normal range, and a
ranged attack "w pobliżu wroga, który może widzieć atakującego" (within 5 ft, BRIEF), are at
disadvantage. The conditions add theirs. SRD 5.1: any number of sources of each cancel to a
normal roll — so what counts is whether there is at least one of each.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from combat.rules.base import Combatant, _
from combat.rules.dnd5e.common import exhaustion, incapacitated
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import Profile

Mode = Literal["normal", "advantage", "disadvantage"]
CLOSE = 5  # feet: "within 5 ft" of prone, unconscious and paralyzed targets

_TARGET_GIVES_ADVANTAGE = {
    "blinded": _("Advantage: the target is blinded"),
    "restrained": _("Advantage: the target is restrained"),
    "unconscious": _("Advantage: the target is unconscious"),
    "paralyzed": _("Advantage: the target is paralyzed"),
    "stunned": _("Advantage: the target is stunned"),
    "petrified": _("Advantage: the target is petrified"),
}
_ATTACKER_HAS_DISADVANTAGE = {
    "blinded": _("Disadvantage: the attacker is blinded"),
    "poisoned": _("Disadvantage: the attacker is poisoned"),
    "prone": _("Disadvantage: the attacker is prone"),
    "restrained": _("Disadvantage: the attacker is restrained"),
    "frightened": _("Disadvantage: the attacker is frightened (the source in sight)"),
}
# SRD 5.1: a hit from within 5 ft against these is a critical hit.
AUTO_CRITICAL = frozenset({"unconscious", "paralyzed"})


@dataclass(frozen=True)
class Verdict:
    mode: Mode
    advantages: tuple[str, ...]  # the reasons, as log templates
    disadvantages: tuple[str, ...]
    auto_critical: bool


def _unseen_attacker(attacker: Combatant, target: Combatant, mods: Mods) -> bool:
    return mods.flag("unseen_attacker") or attacker.has("invisible") or target.has("blinded")


def _advantages(attacker: Combatant, target: Combatant, mods: Mods, distance: int) -> list[str]:
    found = [_("Advantage: the GM's call")] if mods.flag("advantage") else []
    if mods.flag("unseen_attacker"):
        found.append(_("Advantage: the target cannot see the attacker"))
    if attacker.has("invisible"):
        found.append(_("Advantage: the attacker is invisible"))
    found += [text for name, text in _TARGET_GIVES_ADVANTAGE.items() if target.has(name)]
    if target.has("prone") and distance <= CLOSE:
        found.append(_("Advantage: the target is prone and the attacker within 5 ft"))
    return found


def _disadvantages(
    attacker: Combatant, target: Combatant, arm: Profile, mods: Mods, distance: int
) -> list[str]:
    found = [_("Disadvantage: the GM's call")] if mods.flag("disadvantage") else []
    if mods.flag("unseen_target"):
        found.append(_("Disadvantage: the attacker cannot see the target"))
    if target.has("invisible"):
        found.append(_("Disadvantage: the target is invisible"))
    found += [text for name, text in _ATTACKER_HAS_DISADVANTAGE.items() if attacker.has(name)]
    if exhaustion(attacker) >= 3:
        found.append(_("Disadvantage: the attacker is exhausted (level 3 or more)"))
    if target.has("prone") and distance > CLOSE:
        found.append(_("Disadvantage: the target is prone and the attacker farther than 5 ft"))
    dodging = target.has("dodging") and not incapacitated(target)
    if dodging and not _unseen_attacker(attacker, target, mods):
        found.append(_("Disadvantage: the target is dodging"))
    if arm.ranged:
        found += _ranged_disadvantages(attacker, target, arm, mods, distance)
    return found


def _ranged_disadvantages(
    attacker: Combatant, target: Combatant, arm: Profile, mods: Mods, distance: int
) -> list[str]:
    found = []
    if arm.normal is not None and distance > arm.normal:
        found.append(_("Disadvantage: beyond the normal range"))
    if mods.flag("hostile_nearby"):
        found.append(_("Disadvantage: ranged, a hostile within 5 ft sees the attacker"))
    sees = not incapacitated(target) and not _unseen_attacker(attacker, target, mods)
    if distance <= CLOSE and target.side != attacker.side and sees:
        found.append(_("Disadvantage: ranged, and the target itself is within 5 ft"))
    return found


def verdict(
    attacker: Combatant, target: Combatant, arm: Profile, mods: Mods, distance: int
) -> Verdict:
    up = tuple(_advantages(attacker, target, mods, distance))
    down = tuple(_disadvantages(attacker, target, arm, mods, distance))
    mode: Mode = "normal"
    if up and not down:
        mode = "advantage"
    elif down and not up:
        mode = "disadvantage"
    auto = distance <= CLOSE and bool(target.conditions & AUTO_CRITICAL)
    return Verdict(mode, up, down, auto)


def kept_chance(natural: int, mode: Mode) -> Fraction:
    """The chance that the d20 kept shows `natural`: (2n − 1)/400 with advantage, (41 − 2n)/400
    with disadvantage, else 1/20."""
    if mode == "advantage":
        return Fraction(2 * natural - 1, 400)
    if mode == "disadvantage":
        return Fraction(41 - 2 * natural, 400)
    return Fraction(1, 20)


def d20_expression(mode: Mode) -> str:
    """2d20 keep the highest (advantage) or the lowest (disadvantage); both dice are logged."""
    return {"normal": "1d20", "advantage": "2d20kh1", "disadvantage": "2d20kl1"}[mode]
