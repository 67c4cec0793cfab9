"""What an attack is made with: a weapon, a stat-block action, a spell or the fist (seed 002).

seed 002: "Do rzutu dodaje się modyfikatory: najczęściej modyfikator zdolności (Siła dla ataków
wręcz, Zręczność dla ataków na dystans, z wyjątkami dla broni z właściwością finezyjna lub
rzucana) oraz premię do biegłości, jeśli atakujący jest biegły w używanej broni lub czarze."
A thrown melee weapon keeps the melee ability (BRIEF; a dart is a ranged weapon and uses DEX).
Damage (BRIEF [std]) is the weapon's dice + the same ability modifier. A stat-block action
(monsters, or a character's prepared spell) brings its attack bonus and damage as imported; an
action without an attack bonus, damage and no save is a spell attack with the spellcasting
ability (from a "Spellcasting" trait, or the `ability` the GM picks) + proficiency bonus.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.base import Combatant, Fight, _
from combat.rules.dnd5e.catalogue import USUAL_DISTANCE
from combat.rules.dnd5e.common import (
    fail,
    modifier,
    proficiency,
    spellcasting_ability,
    stat,
    with_bonus,
)
from combat.rules.dnd5e.mods import Mods

UNARMED = "Unarmed strike"
DEFAULT_REACH = 5  # SRD 5.1: melee reach 5 ft; the reach property adds 5 ft
_CATEGORY_WORDS = {
    "simple": ("simple", "prost", "jednoduch"),
    "martial": ("martial", "żołniersk", "válečn"),
}


@dataclass(frozen=True)
class Profile:
    name: str
    ranged: bool  # a ranged attack (shot, thrown, or a ranged spell)
    thrown: bool
    reach: int
    normal: int | None  # range in feet, for a ranged attack
    long: int | None
    bonus: int  # the whole attack bonus
    ability: str | None  # None: the stat block's bonus as imported
    ability_mod: int
    proficiency: int  # 0 when not proficient
    damage: tuple[tuple[str, str], ...]  # (dice expression, damage type)


def attack_distance(
    fight: Fight, combatant: Combatant, kind: str, name: str | None, mods: Mods
) -> int:
    """The distance typed (0–5000 ft), or the usual one: 5 ft; in a fight whose option says so
    (USUAL_DISTANCE), a ranged attack's normal range, so that no ranged attack starts "within
    5 ft of a hostile" (disadvantage) only because nobody typed a distance."""
    if "distance" in mods or fight.options.get(USUAL_DISTANCE) != "weapon":
        return mods.integer("distance", 5, 0, 5000)
    arm = profile(combatant, kind, name, mods, 5)
    return arm.normal or 5 if arm.ranged else 5


def named_attacks(combatant: Combatant) -> list[str]:
    """What the weapon choice may name: weapons, then the stat block's attack actions."""
    names = [str(w.get("name")) for w in combatant.weapons if w.get("name")]
    return names + [str(a["name"]) for a in _actions(combatant) if _attackable(a)]


def _actions(combatant: Combatant) -> list[Mapping[str, Any]]:
    found = stat(combatant, "actions")
    return [a for a in found if isinstance(a, Mapping)] if isinstance(found, list) else []


def _attackable(action: Mapping[str, Any]) -> bool:
    return type(action.get("attack_bonus")) is int or bool(
        action.get("damage") and action.get("dc") is None
    )


def profile(
    combatant: Combatant, kind: str, name: str | None, mods: Mods, distance: int
) -> Profile:
    if kind == "unarmed":
        return _unarmed(combatant)
    if not name:
        raise fail(_("choose a weapon or an attack of %(name)s"), name=combatant.name)
    for weapon in combatant.weapons:
        if weapon.get("name") == name:
            return _weapon(combatant, weapon, mods, distance)
    for action in _actions(combatant):
        if action.get("name") == name:
            return _action(combatant, action, mods, distance)
    raise fail(
        _("%(name)s has no weapon or attack called %(weapon)s"), name=combatant.name, weapon=name
    )


def _unarmed(combatant: Combatant) -> Profile:
    """seed 002: "obrażenia obuchowe równe 1 + modyfikator Siły. Jesteś w nim biegły"."""
    strength, prof = modifier(combatant, "str"), proficiency(combatant)
    damage = ((str(max(1 + strength, 0)), "bludgeoning"),)
    return Profile(
        UNARMED,
        False,
        False,
        DEFAULT_REACH,
        None,
        None,
        strength + prof,
        "str",
        strength,
        prof,
        damage,
    )


def _is_ranged(reach: int | None, normal: int | None, mods: Mods, distance: int) -> bool:
    """Ranged when it can only shoot, or it is thrown (ticked, or the target is out of reach)."""
    if normal is None:
        return False
    return reach is None or mods.flag("thrown") or distance > reach


def _weapon(combatant: Combatant, weapon: Mapping[str, Any], mods: Mods, distance: int) -> Profile:
    properties = weapon.get("properties") or ()
    shooting = weapon.get("weapon_range") == "ranged"
    reach = None if shooting else DEFAULT_REACH + (5 if "reach" in properties else 0)
    normal, long = weapon.get("range_normal"), weapon.get("range_long")
    if mods.flag("thrown") and "thrown" not in properties:
        raise fail(_("%(weapon)s cannot be thrown"), weapon=str(weapon.get("name")))
    ranged = shooting or ("thrown" in properties and _is_ranged(reach, normal, mods, distance))
    ability = _weapon_ability(combatant, "dex" if shooting else "str", properties, mods)
    prof = proficiency(combatant) if _proficient(combatant, weapon, mods) else 0
    mod = modifier(combatant, ability)
    dice = weapon.get("damage")
    if mods.flag("two_handed"):
        if "versatile" not in properties:
            raise fail(_("%(weapon)s is not versatile"), weapon=str(weapon.get("name")))
        dice = weapon.get("versatile_damage") or dice
    damage = ((with_bonus(str(dice), mod), str(weapon.get("damage_type"))),) if dice else ()
    return Profile(
        str(weapon.get("name")),
        ranged,
        ranged and not shooting,
        reach or DEFAULT_REACH,
        normal if ranged else None,
        long if ranged else None,
        mod + prof,
        ability,
        mod,
        prof,
        damage,
    )


def _weapon_ability(combatant: Combatant, base: str, properties: Any, mods: Mods) -> str:
    chosen = mods.choice("ability", ("auto", "str", "dex", "con", "int", "wis", "cha"), "auto")
    if chosen != "auto":
        return chosen
    if "finesse" in properties:  # seed 002: "broń finezyjna pozwala użyć Zręczności"
        return "dex" if modifier(combatant, "dex") > modifier(combatant, "str") else "str"
    return base


def _proficient(combatant: Combatant, weapon: Mapping[str, Any], mods: Mods) -> bool:
    chosen = mods.choice("proficient", ("auto", "yes", "no"), "auto")
    if chosen != "auto":
        return chosen == "yes"
    tags = [str(t).casefold() for t in stat(combatant, "proficiencies") or ()]
    if combatant.is_npc and not tags:
        return True  # a stat block lists no weapon proficiencies: monsters use their own arms
    category = _CATEGORY_WORDS.get(str(weapon.get("category")), ())
    name = _words(str(weapon.get("name", "")))
    return any(
        "all weapons" in tag or any(word in tag for word in category) or _words(tag) == name
        for tag in tags
    )


def _words(text: str) -> frozenset[str]:
    """ "Crossbow, light" and "light crossbows" name the same weapon."""
    return frozenset(w.strip(",.").removesuffix("s") for w in text.casefold().split() if w)


def _action(combatant: Combatant, action: Mapping[str, Any], mods: Mods, distance: int) -> Profile:
    name = str(action.get("name"))
    reach, normal = action.get("reach"), action.get("range_normal")
    if reach is None and normal is None:
        reach = DEFAULT_REACH
    ranged = _is_ranged(reach, normal, mods, distance)
    damage = tuple((str(d.get("dice")), str(d.get("type"))) for d in action.get("damage") or ())
    preset = action.get("attack_bonus")
    if type(preset) is int:
        return Profile(
            name,
            ranged,
            ranged and reach is not None,
            reach or DEFAULT_REACH,
            normal if ranged else None,
            action.get("range_long") if ranged else None,
            preset,
            None,
            0,
            0,
            damage,
        )
    if not damage or action.get("dc") is not None:
        raise fail(_("%(weapon)s has no attack roll"), weapon=name)
    chosen = mods.choice("ability", ("auto", "str", "dex", "con", "int", "wis", "cha"), "auto")
    ability = spellcasting_ability(combatant) if chosen == "auto" else chosen
    if ability is None:
        raise fail(
            _("%(name)s has no spellcasting ability: choose the ability of the attack"),
            name=combatant.name,
        )
    mod, prof = modifier(combatant, ability), proficiency(combatant)
    return Profile(
        name,
        ranged,
        False,
        reach or DEFAULT_REACH,
        normal if ranged else None,
        action.get("range_long") if ranged else None,
        mod + prof,
        ability,
        mod,
        prof,
        damage,
    )
