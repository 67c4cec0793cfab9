"""Treating bleeding and using items (seed 000: Použití předmětu, Ošetření).

seed 000: bleeding lasts "dokud není raněný úspěšně ošetřen (kouzlem či První pomocí)";
"Ošetření je možné klasickými způsoby - První pomoc (OBR) vs. 14, použitím lektvarů, léčivých
kouzel". A potion "je považováno za krátkou akci. Jejich účinek se pak projeví na začátku
dalšího kola" — so a potion is an effect that acts at the start of the next round.
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Action, Audience, Combatant, Effect, Outcome, Step, _
from combat.rules.draci_hlidka.attribute_tests import check_from, roll_check
from combat.rules.draci_hlidka.combat import targets_of
from combat.rules.draci_hlidka.common import Work, effects_of, fail, next_key
from combat.rules.draci_hlidka.criticals import stop_bleeding
from combat.rules.draci_hlidka.economy import mark, spend
from combat.rules.draci_hlidka.mods import Mods, duration

FIRST_AID_DIFFICULTY = 14  # seed 000: "První pomoc (OBR) vs. 14"
POTION = "potion"


def resolve_treat(work: Work, action: Action, mods: Mods) -> Outcome:
    targets = targets_of(action)
    if len(targets) != 1:
        raise fail(_("choose the one combatant to treat"))
    target = work.get(targets[0])
    method = _method(mods)
    override = mods.flag("override")
    data: dict[str, Any] = {"method": method, "target": target.id, "stopped": 0}
    if method == "first_aid":  # a skill: a long action unless the GM says otherwise
        spend(work, action.actor, "treat", duration(mods, "long"), override=override)
        check = check_from(mods, "first_aid", "obr", "První pomoc", FIRST_AID_DIFFICULTY)
        success, result = roll_check(work, action.actor, check)
        data.update(success=success, total=result.total, difficulty=check.difficulty)
        if success:
            data["stopped"] = stop_bleeding(work, target.id)
    elif method == "potion":  # seed 000: a potion is a short action, working next round
        spend(work, action.actor, "treat", "short", override=override)
        _give_potion(work, target.id, stops_bleeding=True, heal=0)
        data["success"] = True
    else:  # a healing spell: the GM has resolved it; casting leaves ZO only this round
        spend(work, action.actor, "treat", duration(mods, "short"), override=override)
        mark(work, action.actor, casting=True)
        data.update(success=True, stopped=stop_bleeding(work, target.id))
    return work.finish(_treat_summary(work, target.id, method, data), data)


def _method(mods: Mods) -> str:
    """First aid unless the GM picks a potion or a healing spell (ticked or named)."""
    if "method" in mods:
        return mods.choice("method", ("first_aid", "potion", "spell"), "first_aid")
    if mods.flag("potion"):
        return "potion"
    return "spell" if mods.flag("spell") else "first_aid"


def _treat_summary(work: Work, target_id: str, method: str, data: dict[str, Any]) -> Step:
    name = work.get(target_id).name
    if method == "potion":
        return Step(
            _("%(name)s gets a potion: it works at the start of the next round"), {"name": name}
        )
    if data.get("success"):
        return Step(
            _("%(name)s is treated: %(count)s bleeding wounds stopped"),
            {"name": name, "count": data["stopped"]},
        )
    return Step(_("The treatment of %(name)s fails"), {"name": name})


def resolve_item(work: Work, action: Action, mods: Mods) -> Outcome:
    """Použití předmětu: short or long as the GM sets per item (seed 000); a potion acts at
    the start of the next round (heal HP, stop bleeding)."""
    spend(work, action.actor, "item", duration(mods, "short"), override=mods.flag("override"))
    targets = targets_of(action)
    if len(targets) > 1:
        raise fail(_("an item is used on one combatant at most"))
    target_id = targets[0] if targets else action.actor
    potion = mods.flag("potion")
    if potion:
        _give_potion(
            work,
            target_id,
            stops_bleeding=mods.flag("stops_bleeding"),
            heal=mods.integer("heal", 0, 0, 999),
        )
    name = work.get(action.actor).name
    summary = Step(_("%(name)s uses an item"), {"name": name})
    return work.finish(summary, {"target": target_id, "potion": potion})


def _give_potion(work: Work, target_id: str, *, stops_bleeding: bool, heal: int) -> None:
    target = work.get(target_id)
    effect = Effect(
        next_key(target, POTION), POTION, {"stops_bleeding": stops_bleeding, "heal": heal}
    )
    work.add_effect(target_id, effect)
    work.step(_("%(name)s: the potion works at the start of the next round"), name=target.name)


def potions_work(work: Work) -> None:
    """Start of a round: last round's potions heal and stop bleeding, then are gone."""
    for combatant in work.fight.combatants:
        for effect in effects_of(combatant, POTION):
            with work.about_combatant(combatant.id):
                _drink(work, combatant, effect)


def _drink(work: Work, combatant: Combatant, effect: Effect) -> None:
    work.remove_effect(combatant.id, effect)
    if effect.data.get("stops_bleeding"):
        stopped = stop_bleeding(work, combatant.id)
        work.step(
            _("%(name)s: the potion stops %(count)s bleeding wounds"),
            name=combatant.name,
            count=stopped,
        )
    heal = effect.data.get("heal", 0)
    if type(heal) is int and heal > 0:
        current = work.get(combatant.id)
        new_hp = min(current.max_hp, current.hp + heal)
        work.set_hp(combatant.id, max(new_hp, current.hp))
        work.step(
            _("%(name)s: the potion heals to %(hp)s hit points"),
            name=combatant.name,
            hp=work.get(combatant.id).hp,
            secret={"hp": Audience.HEALTH},
        )
