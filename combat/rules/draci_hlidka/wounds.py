"""What a blow does (seed 000): hit, damage, criticals, flat blows, helpless targets, 0 HP.

seed 000: a hit "K tomu dojde tehdy, jestliže byl tvůj útok vyšší nežli jeho obrana";
"Zranění = (Útok – Obrana) + Zranění zbraně". Negative Attack and Defence are legal.
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Audience, _
from combat.rules.dice import RollResult
from combat.rules.draci_hlidka.attack import Strike, damage_bonus
from combat.rules.draci_hlidka.common import Work, is_large, knock_out_at_zero, number
from combat.rules.draci_hlidka.criticals import critical_counts, helpless_wound, open_wound
from combat.rules.draci_hlidka.defence import Defence


def land(work: Work, strike: Strike, attack: RollResult, defence: Defence) -> dict[str, Any]:
    """Apply the blow; return its facts for Outcome.data."""
    attacker, target = work.get(strike.attacker_id), work.get(strike.target_id)
    facts: dict[str, Any] = {
        "hit": attack.total > defence.value,
        "damage": 0,
        "critical": False,
        "bleeding": 0,
        "bleed_dice": 0,
        "helpless_bleeding": 0,
        "critical_defence": False,
        "attacker_bleeding": 0,
        "knocked_out": False,
    }
    if not facts["hit"]:
        work.step(
            _("%(attacker)s misses %(target)s (Attack %(attack)s ≤ Defence %(defence)s)"),
            attacker=attacker.name,
            target=target.name,
            attack=attack.total,
            defence=defence.value,
            about=target.id,
            secret={"defence": Audience.STATS},
        )
        _critical_defence(work, strike, attack, defence, facts)
    else:
        _wound(work, strike, attack, defence, facts)
    if attack.sixes >= 2 and not facts["critical"] and not strike.flat:
        work.note(
            _(
                "%(attacker)s rolled %(sixes)s sixes without a critical wound: the GM may "
                "rule a push, a scare or the like"
            ),
            attacker=attacker.name,
            sixes=attack.sixes,
        )
    return facts


def _wound(
    work: Work, strike: Strike, attack: RollResult, defence: Defence, facts: dict[str, Any]
) -> None:
    attacker, target = work.get(strike.attacker_id), work.get(strike.target_id)
    zraneni = damage_bonus(attacker, strike)
    damage = max(0, attack.total - defence.value + zraneni)
    facts["damage"] = damage
    work.step(
        _(
            "%(target)s is hit: damage %(damage)s = (Attack %(attack)s − Defence %(defence)s) "
            "+ weapon damage %(zraneni)s"
        ),
        target=target.name,
        damage=damage,
        attack=attack.total,
        defence=defence.value,
        zraneni=zraneni,
        about=target.id,
        secret={"defence": Audience.STATS},
    )
    helpless = defence.mode == "helpless"
    protect = helpless and is_large(target)
    loss = damage
    if not strike.flat and damage > 0 and critical_counts(attack.sixes, defence.sixes):
        # seed 000: "padnou dvě a více šestek a dokázal jsi protivníka zranit"
        facts["critical"], facts["bleed_dice"] = True, attack.sixes - 1
        work.step(_("Critical attack: %(sixes)s sixes"), sixes=attack.sixes)
        work.note(_("Critical attack: the GM may rule permanent consequences"))
        facts["bleeding"] = open_wound(
            work, target.id, attacker.id, dice=attack.sixes - 1, kind="critical", protect=protect
        )
        loss += facts["bleeding"]
    if helpless and not strike.flat:  # seed 000: the helpless target's special critical wound
        facts["helpless_bleeding"] = helpless_wound(work, target.id, attacker.id, protect=protect)
        loss += facts["helpless_bleeding"]
    _lose(work, strike, loss, protect=protect, facts=facts)


def _lose(work: Work, strike: Strike, loss: int, *, protect: bool, facts: dict[str, Any]) -> None:
    target = work.get(strike.target_id)
    new_hp = target.hp - loss
    fainted = False
    if strike.flat and new_hp < number(target, "mez_vyrazeni"):
        # seed 000: "Jakmile se postava dostane pod mez vyřazení, omdlí a její životy se
        # ustálí na nule."
        new_hp, fainted = 0, True
    if protect:  # seed 000: "nelze tímto útokem zabít tvory velikosti D a vyšší" (Rulings)
        new_hp = max(new_hp, min(1, target.hp))
    work.set_hp(target.id, new_hp)
    work.step(
        _("%(target)s: %(before)s → %(hp)s hit points"),
        target=target.name,
        before=target.hp,
        hp=new_hp,
        about=target.id,
        audience=Audience.HEALTH,
    )
    if fainted:
        facts["knocked_out"] = True
        work.condition(target.id, "unconscious")
        work.step(
            _("With the flat of the blade: %(target)s faints below its knockout threshold"),
            target=target.name,
        )
    knock_out_at_zero(work, target.id)


def _critical_defence(
    work: Work, strike: Strike, attack: RollResult, defence: Defence, facts: dict[str, Any]
) -> None:
    """seed 000: "Kritická obrana … Může k ní dojít pouze při boji tváří v tvář, a to v
    případě, může-li se postava aktivně bránit"; Rulings: it must beat the attack, and the
    attacker bleeds (sixes − 1)d6 with no other damage."""
    if strike.missile or defence.mode != "active" or defence.value <= attack.total:
        return
    if not critical_counts(defence.sixes, attack.sixes):
        return
    attacker, target = work.get(strike.attacker_id), work.get(strike.target_id)
    facts["critical_defence"] = True
    work.step(
        _("Critical defence: %(defender)s rolled %(sixes)s sixes"),
        defender=target.name,
        sixes=defence.sixes,
    )
    work.note(_("Critical defence: the GM may rule permanent consequences"))
    lost = open_wound(
        work, attacker.id, target.id, dice=defence.sixes - 1, kind="critical_defence", protect=False
    )
    facts["attacker_bleeding"] = lost
    if lost:
        work.set_hp(attacker.id, attacker.hp - lost)
        work.step(
            _("%(target)s: %(before)s → %(hp)s hit points"),
            target=attacker.name,
            before=attacker.hp,
            hp=attacker.hp - lost,
            about=attacker.id,
            audience=Audience.HEALTH,
        )
        knock_out_at_zero(work, attacker.id)
