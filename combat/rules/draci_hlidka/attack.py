"""The attacker's side of one blow (seed 000, ÚTOK and NETRADIČNÍ BOJOVÉ SITUACE).

seed 000: "Útok = Útočné číslo (ÚČ) + hod k6" — ÚČ = SIL + útočnost face to face, OBR +
útočnost for shooting and throwing; every 6 is rolled again and added ("1d6!").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules import held
from combat.rules.base import Combatant, Effect, Fight, Step, _
from combat.rules.dice import RollResult
from combat.rules.draci_hlidka.common import (
    HELPLESS,
    Work,
    dice_expression,
    fail,
    number,
    override,
    stat,
    surprised,
    weapon_number,
)
from combat.rules.draci_hlidka.economy import mark
from combat.rules.draci_hlidka.mods import Mods

VYHODA = 5  # seed 000: "Výhodu (bonus +5)", "Nevýhoda (postih -5)"


@dataclass(frozen=True)
class Strike:
    """One attack of a Útok (or a free attack on a fugitive) against one target."""

    attacker_id: str
    target_id: str
    arm: Mapping[str, Any]  # the weapon, or fists
    mods: Mods
    missile: bool
    flat: bool
    forced: str | None = None  # a reason the target has ZO only whatever else ("flight")


@dataclass(frozen=True)
class Bonus:
    key: str
    value: int
    step: Step


def prepare(work: Work, strike: Strike) -> None:
    """Checks before any die is rolled: the target can be attacked like this at all."""
    attacker, target = work.get(strike.attacker_id), work.get(strike.target_id)
    if attacker.id == target.id:
        raise fail(_("%(name)s cannot attack itself"), name=attacker.name)
    if target.has("dead") or target.has("fled"):
        raise fail(_("%(name)s is no longer in the fight"), name=target.name)
    if cover(strike.mods) == "total":
        # seed 000: "Celkový kryt – … není možné ji běžným způsobem zasáhnout"
        raise fail(_("%(name)s is in total cover and cannot be hit"), name=target.name)
    if is_helpless(target, strike.mods) and not adjacent(strike.mods):
        # seed 000: "Útok na bezbranného protivníka lze provést vždy jen z bezprostřední blízkosti"
        raise fail(_("a helpless target can only be attacked from right next to it"))
    if strike.arm.get("nabiti", "none") != "none" and any(
        effect.key == unloaded_key(strike.arm) for effect in attacker.effects
    ):
        raise fail(
            _("%(weapon)s must be reloaded first (Reloading)"),
            weapon=strike.arm.get("name", ""),
        )
    if not strike.missile:
        register_melee(work, attacker, target, strike.mods)


COVER_CHOICES = ("none", "half", "three_quarter", "total")


def cover(mods: Mods) -> str:
    """The target's cover: named, or the strongest one ticked (seed 000, KRYTY A PŘEKÁŽKY)."""
    if "cover" in mods:
        return mods.choice("cover", COVER_CHOICES, "none")
    for kind in ("total", "three_quarter", "half"):
        if mods.flag(f"{kind}_cover"):
            return kind
    return "none"


def is_helpless(target: Combatant, mods: Mods) -> bool:
    """Wholly immobile: a helpless condition, the GM's tick, or down at 0 HP or below."""
    return bool(target.conditions & HELPLESS) or mods.flag("helpless") or target.hp <= 0


def adjacent(mods: Mods) -> bool:
    distance = mods.distance("distance")
    return mods.flag("adjacent", True) and (distance is None or distance <= 1)


def unloaded_key(arm: Mapping[str, Any]) -> str:
    return f"unloaded-{arm.get('name', '')}"


def register_melee(work: Work, attacker: Combatant, target: Combatant, mods: Mods) -> None:
    """Track who attacked the target in melee this round (outnumbering).

    seed 000: "Jednoho tvora mohou obvykle obklíčit nejvýše tři tvorové stejné velikosti …
    O konkrétní situaci však vždy rozhoduje PJ" — the GM may allow more (surround_ok).
    """
    turn = work.turn(target.id)
    attackers = list(turn.get("melee_attackers", ()))
    if attacker.id in attackers:
        return
    size = stat(target, "velikost")
    sizes = {c.id: stat(c, "velikost") for c in work.fight.combatants}
    alike = [cid for cid in attackers if sizes.get(cid) == size]
    if stat(attacker, "velikost") == size and len(alike) >= 3 and not mods.flag("surround_ok"):
        raise fail(
            _("at most three creatures of the same size can surround %(name)s"), name=target.name
        )
    turn["melee_attackers"] = [*attackers, attacker.id]
    work.set_turn(target.id, turn)


def attack_number(work: Work, strike: Strike) -> int:
    """ÚČ: the monster's own number, or the attribute bonus + the weapon's útočnost."""
    attacker = work.get(strike.attacker_id)
    own = override(attacker, "uc")
    if own is not None:
        work.step(_("ÚČ %(uc)s (from the stat block)"), uc=own)
        return own
    attribute = "obr" if strike.missile else "sil"  # seed 000: SIL tváří v tvář, OBR střelba
    bonus, utocnost = number(attacker, attribute), weapon_number(strike.arm, "utocnost")
    work.step(
        _("ÚČ %(uc)s = %(attribute)s %(bonus)+d + weapon attack %(utocnost)s"),
        uc=bonus + utocnost,
        attribute=attribute.upper(),
        bonus=bonus,
        utocnost=utocnost,
    )
    return bonus + utocnost


def attack_bonuses(fight: Fight, strike: Strike) -> list[Bonus]:
    attacker, target = fight.get(strike.attacker_id), fight.get(strike.target_id)
    mods, bonuses = strike.mods, gm_bonuses(strike.mods, "advantage", "disadvantage")
    extra = mods.integer("attack_bonus", 0)
    if extra:  # seed 000 (initiative note): bonuses of spells and abilities, curses' penalties
        add_bonus(bonuses, "attack_bonus", extra, _("GM bonus %(value)+d"))
    for condition, value in held.modifiers(attacker):  # the campaign's own conditions
        params = {"condition": condition, "value": value}
        bonuses.append(
            Bonus(f"held:{condition}", value, Step(_("%(condition)s %(value)+d"), params))
        )
    distance = mods.distance("distance")
    if strike.missile and (mods.flag("too_close") or (distance is not None and distance < 2)):
        # seed 000: "Pokud je k tobě blíž [než 2 sáhy], máš ke střeleckému útoku Nevýhodu"
        add_bonus(bonuses, "too_close", -VYHODA, _("Disadvantage −5: a target closer than 2 sáh"))
    if mods.flag("ambush") or (surprised(fight, target) and not surprised(fight, attacker)):
        # seed 000: moment překvapení "ti dává do útoku Výhodu (bonus +5)"
        add_bonus(bonuses, "ambush", VYHODA, _("Advantage +5: an ambush attack"))
    if attacker.has("invisible") or mods.flag("invisible_attacker"):
        # seed 000: "Při Útoku i Obraně má tak neviditelný protivník Výhodu (bonus +5)"
        add_bonus(bonuses, "invisible", VYHODA, _("Advantage +5: an invisible attacker"))
    if target.has("prone") or target.turn.get("long") == "crawl" or mods.flag("prone"):
        # seed 000: útok na ležícího: "získává útočník … Výhodu (bonus +5)"; Plazení likewise
        add_bonus(bonuses, "prone", VYHODA, _("Advantage +5: the target lies on the ground"))
    return bonuses


def add_bonus(bonuses: list[Bonus], key: str, value: int, template: str) -> None:
    """A modifier with its log line (the template may show %(value)s)."""
    bonuses.append(Bonus(key, value, Step(template, {"value": value})))


def gm_bonuses(mods: Mods, plus: str, minus: str) -> list[Bonus]:
    """seed 000 (Meredil): the GM's Výhoda +5 or Nevýhoda −5 for any circumstance."""
    bonuses: list[Bonus] = []
    good, bad = mods.count(plus), mods.count(minus)
    if good:
        add_bonus(bonuses, plus, VYHODA * good, _("Advantage %(value)+d (GM)"))
    if bad:
        add_bonus(bonuses, minus, -VYHODA * bad, _("Disadvantage %(value)+d (GM)"))
    return bonuses


def roll_attack(work: Work, strike: Strike) -> tuple[RollResult, int, dict[str, int]]:
    """Roll the Attack; returns the roll (its total is the Attack), ÚČ and the modifiers."""
    uc = attack_number(work, strike)
    bonuses = attack_bonuses(work.fight, strike)
    for bonus in bonuses:
        work.steps.append(bonus.step)
    extra = sum(bonus.value for bonus in bonuses)
    result = work.roll("attack", strike.attacker_id, dice_expression("1d6!", uc + extra))
    template = (
        _("Attack %(attack)s = ÚČ %(uc)s %(mods)+d + roll %(faces)s")
        if extra
        else _("Attack %(attack)s = ÚČ %(uc)s + roll %(faces)s")
    )
    work.step(template, attack=result.total, uc=uc, mods=extra, faces=list(result.faces))
    _after_shot(work, strike)
    return result, uc, {bonus.key: bonus.value for bonus in bonuses}


def _after_shot(work: Work, strike: Strike) -> None:
    """A shot empties a weapon that needs reloading (seed 000: Nabití zbraně)."""
    if not strike.missile:
        return
    mark(work, strike.attacker_id, shot=True)
    if strike.arm.get("nabiti", "none") != "none":
        key = unloaded_key(strike.arm)
        work.add_effect(strike.attacker_id, Effect(key, "unloaded", {"weapon": strike.arm["name"]}))


def damage_bonus(attacker: Combatant, strike: Strike) -> int:
    """The weapon's zranění (or the monster's own); none for a flat blow (seed 000)."""
    if strike.flat:
        return 0
    own = override(attacker, "zraneni")
    return own if own is not None else weapon_number(strike.arm, "zraneni")
