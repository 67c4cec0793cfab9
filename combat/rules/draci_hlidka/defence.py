"""The defender's side of one blow (seed 000, OBRANA).

seed 000: passive "Obrana = Základní obrana (ZO)"; active "Obrana = Obranné číslo (OČ) + hod
k6", OČ = ZO + the weapon's obrana + the shield's quality, every 6 rolled again. The shield is
not part of ZO: "Chrání ji tak pouze její reflexní pohyby … a kvalita zbroje".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.base import Audience, Combatant, Fight, _
from combat.rules.draci_hlidka.attack import (
    VYHODA,
    Bonus,
    Strike,
    add_bonus,
    cover,
    gm_bonuses,
    is_helpless,
)
from combat.rules.draci_hlidka.common import (
    UNARMED,
    Work,
    dice_expression,
    number,
    override,
    surprised,
    weapon,
    weapon_number,
    zo,
)
from combat.rules.draci_hlidka.economy import PASSIVE_REASONS, mark, passive_reason
from combat.rules.draci_hlidka.mods import Mods

COVER = {"half": 3, "three_quarter": 5}  # seed 000: poloviční kryt +3, tříčtvrteční +5


@dataclass(frozen=True)
class Defence:
    mode: str  # "active" (OČ + d6), "zo" (passive) or "helpless" (Obrana 0)
    value: int
    sixes: int
    bonuses: Mapping[str, int]


def defend(work: Work, strike: Strike) -> Defence:
    target = work.get(strike.target_id)
    if is_helpless(target, strike.mods):
        return _helpless(work, target, strike)
    bonuses = defence_bonuses(work.fight, strike)
    for bonus in bonuses:
        work.steps.append(bonus.step)
    extra = sum(bonus.value for bonus in bonuses)
    applied = {bonus.key: bonus.value for bonus in bonuses}
    if _zo_reason(work, strike) is not None:
        return _passive(work, target, extra, applied)
    return _active(work, target, strike, extra, applied)


def _helpless(work: Work, target: Combatant, strike: Strike) -> Defence:
    # seed 000: "Její Obrana je pak obvykle 0 (nerozhodne-li PJ jinak) … má-li … zbroj"
    value = strike.mods.integer("helpless_defence", 0)
    work.step(
        _("%(name)s is helpless (attack on the helpless): Defence %(defence)s, armour ignored"),
        name=target.name,
        defence=value,
    )
    return Defence("helpless", value, 0, {})


def _passive(work: Work, target: Combatant, extra: int, applied: Mapping[str, int]) -> Defence:
    """seed 000: "Obrana = Základní obrana (ZO)"."""
    base = zo(target)
    template = (
        _("Defence %(defence)s = ZO %(zo)s %(mods)+d")
        if extra
        else _("Defence %(defence)s = ZO %(zo)s")
    )
    work.step(
        template,
        defence=base + extra,
        zo=base,
        mods=extra,
        about=target.id,
        audience=Audience.STATS,
    )
    return Defence("zo", base + extra, 0, applied)


def _active(
    work: Work, target: Combatant, strike: Strike, extra: int, applied: Mapping[str, int]
) -> Defence:
    """seed 000: "Obrana = Obranné číslo (OČ) + hod k6", every 6 rolled again."""
    base = defence_number(work, target, strike)
    result = work.roll("defence", target.id, dice_expression("1d6!", base + extra))
    work.secret_roll(target.id)  # "1d6!+4 = 9" states the OČ
    template = (
        _("Defence %(defence)s = OČ %(oc)s %(mods)+d + roll %(faces)s")
        if extra
        else _("Defence %(defence)s = OČ %(oc)s + roll %(faces)s")
    )
    work.step(
        template,
        defence=result.total,
        oc=base,
        mods=extra,
        faces=list(result.faces),
        about=target.id,
        secret=dict.fromkeys(("defence", "oc", "mods", "faces"), Audience.STATS),
    )
    mark(work, target.id, defences=work.get(target.id).turn.get("defences", 0) + 1)
    return Defence("active", result.total, result.sixes, applied)


def _zo_reason(work: Work, strike: Strike) -> str | None:
    """Why the target has ZO only against this blow, logged; None when it rolls."""
    fight, mods = work.fight, strike.mods
    attacker, target = fight.get(strike.attacker_id), fight.get(strike.target_id)
    mode = _mode(mods)
    reason = "gm" if mode == "zo" else strike.forced
    if reason is None and surprised(fight, target) and not surprised(fight, attacker):
        reason = "surprised"  # seed 000: "obránce nemá v daném kole možnost žádné akce"
    if reason is None and mods.flag("ambush"):
        reason = "ambush"  # seed 000: "Protivník se navíc nemůže bránit"
    if reason is None:
        reason = passive_reason(target, mods.optional_integer("defender_defences", 1, 10))
    if reason is not None and mode == "active":
        work.step(_("GM override: %(name)s defends actively"), name=target.name)
        return None
    if reason is not None:
        work.step(PASSIVE_REASONS[reason], name=target.name)
    return reason


def _mode(mods: Mods) -> str:
    """The GM's choice of defence: named, or ticked (ZO only / active), else "auto"."""
    if "defence_mode" in mods:
        return mods.choice("defence_mode", ("auto", "active", "zo"), "auto")
    if mods.flag("zo_only"):
        return "zo"
    return "active" if mods.flag("active_defence") else "auto"


def defence_number(work: Work, target: Combatant, strike: Strike) -> int:
    """OČ; against missiles only ZO + shield (seed 000: "zbraň ti nijak nepomůže")."""
    base, shield = zo(target), number(target, "stit")
    if strike.missile:
        work.step(
            _("OČ %(oc)s = ZO %(zo)s + shield %(stit)s (no weapon against missiles)"),
            oc=base + shield,
            zo=base,
            stit=shield,
            about=target.id,
            audience=Audience.STATS,
        )
        return base + shield
    own = override(target, "oc")
    if own is not None:
        work.step(
            _("OČ %(oc)s (from the stat block)"), oc=own, about=target.id, audience=Audience.STATS
        )
        return own
    arm = defence_weapon(target, strike.mods.text("defence_weapon"))
    obrana = weapon_number(arm, "obrana")
    work.step(
        _("OČ %(oc)s = ZO %(zo)s + weapon defence %(obrana)s + shield %(stit)s"),
        oc=base + obrana + shield,
        zo=base,
        obrana=obrana,
        stit=shield,
        about=target.id,
        audience=Audience.STATS,
    )
    return base + obrana + shield


def defence_weapon(target: Combatant, name: str | None) -> Mapping[str, Any]:
    """The weapon it parries with: the one named, else its best obrana (seed 000, two
    weapons: one for attack, another for defence, never added up)."""
    if name is not None:
        return weapon(target, name)
    best: Mapping[str, Any] = UNARMED
    for candidate in target.weapons:
        arm = {**UNARMED, **candidate}
        if weapon_number(arm, "obrana") > weapon_number(best, "obrana"):
            best = arm
    return best


def defence_bonuses(fight: Fight, strike: Strike) -> list[Bonus]:
    target, mods = fight.get(strike.target_id), strike.mods
    bonuses = gm_bonuses(mods, "defence_advantage", "defence_disadvantage")
    extra = mods.integer("defence_bonus", 0)
    if extra:
        add_bonus(bonuses, "defence_bonus", extra, _("GM bonus %(value)+d to the Defence"))
    shelter = COVER.get(cover(mods), 0)
    if shelter:  # seed 000: mostly against missiles; in melee it shields both sides alike
        add_bonus(bonuses, "cover", shelter, _("Cover +%(value)s to the Defence"))
    if target.has("invisible") or mods.flag("invisible_defender"):
        # seed 000: "Při Útoku i Obraně má tak neviditelný protivník Výhodu (bonus +5)"
        add_bonus(
            bonuses, "invisible", VYHODA, _("Advantage +5 to the Defence: an invisible defender")
        )
    crowd = outnumbered(target, strike)
    if crowd:
        add_bonus(bonuses, "outnumbered", -crowd, _("Outnumbered: %(value)s to the Defence"))
    return bonuses


def outnumbered(target: Combatant, strike: Strike) -> int:
    """seed 000: "postih -1 za každého útočníka (nejvýše však -3)"; Rulings: counted once two
    or more attacked it in melee this round (two → −2). Missiles do not surround."""
    if "outnumbered" in strike.mods:
        return strike.mods.integer("outnumbered", 0, 0, 3)
    if strike.missile:
        return 0
    count = len(target.turn.get("melee_attackers", ()))
    return min(count, 3) if count >= 2 else 0
