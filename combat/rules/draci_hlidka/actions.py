"""The round's other actions (seed 000, POHYBOVÉ AKCE and OSTATNÍ AKCE).

Each spends its time in the actor's turn (economy.spend) and says what it does to defence:
Přesun, Plazení and any other long action but Útok leave ZO only; Kouzlení, Přezbrojení (when
the old weapon is stowed) and reloading after a shot too.
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Action, Outcome, Step, _
from combat.rules.draci_hlidka.attack import unloaded_key
from combat.rules.draci_hlidka.attribute_tests import check_from, roll_check
from combat.rules.draci_hlidka.catalogue import SPECS, Time
from combat.rules.draci_hlidka.common import Work, fail, number, weapon
from combat.rules.draci_hlidka.economy import mark, spend
from combat.rules.draci_hlidka.mods import Mods, duration

# seed 000: Krátký pohyb 1/10, Plazení 1/10, Přesun all, Ústup 1/4 of Pohyblivost.
SHARE = {"short_move": 10, "crawl": 10, "move": 1, "retreat": 4}


def _finish(work: Work, action: Action, data: dict[str, Any] | None = None) -> Outcome:
    name = work.get(action.actor).name
    summary = Step(_("%(name)s: %(action)s"), {"name": name, "action": SPECS[action.kind].label})
    return work.finish(summary, {"action": action.kind, **(data or {})})


def resolve_movement(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    kind = action.kind
    if kind == "crawl" and not actor.has("prone"):
        raise fail(_("only a combatant lying on the ground can crawl"))
    if kind != "crawl" and actor.has("prone"):
        # seed 000: "Jestliže postava leží na zemi, musí nejprve vstát"
        raise fail(_("%(name)s lies on the ground: stand up or crawl"), name=actor.name)
    if kind == "move" and actor.has("exhausted"):
        raise fail(_("%(name)s is exhausted and must rest"), name=actor.name)
    spend(work, actor.id, kind, SPECS[kind].time, override=mods.flag("override"))
    distance = number(actor, "pohyblivost") / SHARE[kind]
    work.step(_("%(name)s moves up to %(distance)s sáh"), name=actor.name, distance=distance)
    return _finish(work, action, {"distance": distance})


def resolve_stand_up(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    if not actor.has("prone"):
        raise fail(_("%(name)s is not lying on the ground"), name=actor.name)
    spend(work, actor.id, "stand_up", "short", override=mods.flag("override"))
    work.condition(actor.id, "prone", add=False)
    return _finish(work, action)


def resolve_simple(work: Work, action: Action, mods: Mods) -> Outcome:
    """Mluvení (instant), Kouzlení (short or long; ZO only while casting)."""
    time: Time = SPECS[action.kind].time
    if action.kind == "cast":
        # seed 000: "půlkolové kouzlo … jednu krátkou akci … celokolové … dlouhou akci"
        time = duration(mods, "short")
    spend(work, action.actor, action.kind, time, override=mods.flag("override"))
    if action.kind == "cast":
        mark(work, action.actor, casting=True)
    return _finish(work, action)


def resolve_reload(work: Work, action: Action, mods: Mods) -> Outcome:
    """Nabití zbraně: instant, short or long as the weapon says (seed 000)."""
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    reload = arm.get("nabiti", "none")
    if reload not in ("instant", "short", "long"):
        raise fail(_("%(weapon)s needs no reloading"), weapon=arm.get("name") or "—")
    time: Time = reload
    spend(work, actor.id, "reload", time, override=mods.flag("override"))
    if actor.turn.get("shot"):  # seed 000: "přebíjet po střelbě" leaves no active defence
        mark(work, actor.id, reloaded=True)
    for effect in actor.effects:
        if effect.key == unloaded_key(arm):
            work.remove_effect(actor.id, effect)
    return _finish(work, action, {"weapon": arm.get("name")})


def resolve_skill(work: Work, action: Action, mods: Mods) -> Outcome:
    """Použití dovednosti: a long action unless the GM says otherwise; a test if a difficulty
    is given."""
    spend(work, action.actor, "skill", duration(mods, "long"), override=mods.flag("override"))
    if "difficulty" not in mods:
        return _finish(work, action)
    success, result = roll_check(work, action.actor, check_from(mods, "skill", None, None))
    return _finish(work, action, {"success": success, "total": result.total})


def resolve_rearm(work: Work, action: Action, mods: Mods) -> Outcome:
    """Přezbrojení: usually the whole round; dropping the old weapon lets the new one defend
    this round (seed 000: "stihneš obvykle tasit druhou zbraň včas, aby ses jí mohl … bránit")."""
    actor = work.get(action.actor)
    new = weapon(actor, action.weapon) if action.weapon else None
    drop = mods.flag("drop")
    spend(work, actor.id, "rearm", "short" if drop else "long", override=mods.flag("override"))
    if not drop:
        mark(work, actor.id, rearmed=True)
    return _finish(work, action, {"weapon": new.get("name") if new else None, "dropped": drop})
