"""Útok, the long action (seed 000): one or more attacks, each with its own target and defence.

seed 000: "Máš-li v daném kole možnost vícenásobného útoku, jsou všechny výpady v něm vedené
… stále součástí jedné herní akce (Útok - dlouhá). Pro každý z nich si pak můžeš vybrat jiný
cíl." How many attacks the Útok may hold is the GM's `attacks` (magic, abilities).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from combat.rules.base import Action, Outcome, Step, _, ngettext
from combat.rules.draci_hlidka.attack import Strike, prepare, roll_attack
from combat.rules.draci_hlidka.catalogue import ATTACK_MODS
from combat.rules.draci_hlidka.common import Work, fail, is_missile, is_out, weapon
from combat.rules.draci_hlidka.defence import defend
from combat.rules.draci_hlidka.economy import mark, spend
from combat.rules.draci_hlidka.mods import Mods
from combat.rules.draci_hlidka.wounds import land


def targets_of(action: Action) -> tuple[str, ...]:
    targets = action.targets
    if not isinstance(targets, Sequence) or isinstance(targets, str):
        raise fail(_("the targets must be a list of combatants"))
    if not all(isinstance(target, str) for target in targets):
        raise fail(_("the targets must be a list of combatants"))
    return tuple(targets)


def resolve_attack(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    targets = targets_of(action)
    if not targets:
        raise fail(_("choose whom %(name)s attacks"), name=actor.name)
    allowed = mods.integer("attacks", 1, 1, 10)
    if len(targets) > allowed:
        raise fail(
            _("%(name)s may make %(allowed)s attacks in this Attack action, not %(count)s"),
            name=actor.name,
            allowed=allowed,
            count=len(targets),
        )
    each = mods.each(len(targets), ATTACK_MODS)
    spend(work, actor.id, "attack", "long", override=mods.flag("override"))
    mark(work, actor.id, attacks_allowed=allowed)
    results: list[dict[str, Any]] = []
    for target_id, own in zip(targets, each, strict=True):
        if is_out(work.get(actor.id)):
            work.step(_("%(name)s is down: the remaining attacks are lost"), name=actor.name)
            break
        name = own.text("weapon") if "weapon" in own else action.weapon
        results.append(strike_once(work, actor.id, target_id, own, name))
    hp_after = {cid: work.get(cid).hp for cid in (actor.id, *targets)}
    data = {**results[0], "attacks": results, "hp_after": hp_after}
    return work.finish(_summary(work, actor.id, results), data)


def strike_once(
    work: Work,
    attacker_id: str,
    target_id: str,
    mods: Mods,
    weapon_name: str | None,
    forced: str | None = None,
) -> dict[str, Any]:
    """One blow from roll to wound; its facts for Outcome.data."""
    work.get(target_id)  # a RulesError for an unknown target
    arm = weapon(work.get(attacker_id), weapon_name)
    strike = Strike(attacker_id, target_id, arm, mods, is_missile(arm), mods.flag("flat"), forced)
    prepare(work, strike)
    _announce(work, strike)
    attack, uc, attack_mods = roll_attack(work, strike)
    defence = defend(work, strike)
    facts = land(work, strike, attack, defence)
    return {
        "target": target_id,
        "weapon": arm.get("name") or None,
        "missile": strike.missile,
        "flat": strike.flat,
        "uc": uc,
        "attack": attack.total,
        "attack_faces": list(attack.faces),
        "sixes": attack.sixes,
        "attack_modifiers": attack_mods,
        "defence_mode": defence.mode,
        "defence": defence.value,
        "defence_sixes": defence.sixes,
        "defence_modifiers": dict(defence.bonuses),
        **facts,
        "hp_after": {cid: work.get(cid).hp for cid in (attacker_id, target_id)},
    }


def _announce(work: Work, strike: Strike) -> None:
    attacker, target = work.get(strike.attacker_id), work.get(strike.target_id)
    if strike.arm.get("name"):
        work.step(
            _("%(attacker)s attacks %(target)s with %(weapon)s"),
            attacker=attacker.name,
            target=target.name,
            weapon=strike.arm["name"],
        )
    else:  # seed 000: "pěstní souboj"
        work.step(
            _("%(attacker)s attacks %(target)s unarmed (a fist fight, 0/0/0)"),
            attacker=attacker.name,
            target=target.name,
        )
    if strike.flat:
        work.step(_("With the flat of the blade: no weapon damage and no critical wounds"))


def _summary(work: Work, actor_id: str, results: list[dict[str, Any]]) -> Step:
    actor = work.get(actor_id)
    if len(results) == 1:
        result = results[0]
        target = work.get(result["target"]).name
        if result["hit"]:
            return Step(
                ngettext(
                    "%(attacker)s hits %(target)s: %(damage)s hit point",
                    "%(attacker)s hits %(target)s: %(damage)s hit points",
                    "damage",
                ),
                {"attacker": actor.name, "target": target, "damage": result["damage"]},
            )
        return Step(_("%(attacker)s misses %(target)s"), {"attacker": actor.name, "target": target})
    hits = sum(1 for result in results if result["hit"])
    return Step(
        ngettext(
            "%(attacker)s attacks %(count)s times: %(hits)s hit",
            "%(attacker)s attacks %(count)s times: %(hits)s hits",
            "hits",
        ),
        {"attacker": actor.name, "count": len(results), "hits": hits},
    )
