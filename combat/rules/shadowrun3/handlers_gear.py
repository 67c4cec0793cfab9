"""Weapons in hand (seed 003, Jednoduché akce): ready weapon, clips, reload, fire mode, aim.

State in the combatant's turn (kept across combat turns): "holstered" (weapons not ready; at
the start of a fight all or none, by the fight option "weapons"), "ammo" ({weapon: {"rounds":
left or None when not counted, "type", "clip": a clip is in}}), "modes" ({weapon: mode}).
Aim of this turn: "aim" = {"weapon", "target", "count", "phases": [phase keys]}.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Fight, Outcome, Step, _, ngettext
from combat.rules.shadowrun3.common import Work, fail, number, weapon
from combat.rules.shadowrun3.firearms import MODES_BY_TYPE, firing_modes, reload
from combat.rules.shadowrun3.ranged import weapon_skill
from combat.rules.shadowrun3.stats import AMMUNITION

THROWN = frozenset({"throwing_knife", "shuriken", "grenade", "aerodynamic_grenade"})
GRENADES = frozenset({"grenade", "aerodynamic_grenade"})
AMMO_TYPES = frozenset(key for key, _label in AMMUNITION)
SWITCHED = {
    "SS": _("%(name)s switches %(weapon)s to single shot (SS)"),
    "SA": _("%(name)s switches %(weapon)s to semi-automatic (SA)"),
    "BF": _("%(name)s switches %(weapon)s to burst fire (BF)"),
    "FA": _("%(name)s switches %(weapon)s to full auto (FA)"),
}


def is_firearm(arm: Mapping[str, Any]) -> bool:
    return bool(firing_modes(arm)) and arm.get("weapon_type") in MODES_BY_TYPE


def holstered(fight: Fight, combatant: Combatant) -> list[str]:
    stored = combatant.turn.get("holstered")
    if isinstance(stored, list):
        return [str(name) for name in stored]
    if fight.options.get("weapons") == "holstered":
        return [str(w.get("name")) for w in combatant.weapons]
    return []


def is_ready(fight: Fight, combatant: Combatant, name: str) -> bool:
    return name not in holstered(fight, combatant)


def set_ready(work: Work, combatant_id: str, name: str) -> None:
    rest = [w for w in holstered(work.fight, work.get(combatant_id)) if w != name]
    work.update(combatant_id, holstered=rest)


def unready(work: Work, combatant_id: str, name: str) -> None:
    """A thrown weapon has left the hand; several readied small ones go one at a time."""
    counts = dict(work.get(combatant_id).turn.get("thrown") or {})
    left = int(counts.get(name, 1)) - 1
    if left > 0:
        counts[name] = left
        work.update(combatant_id, thrown=counts)
        return
    counts.pop(name, None)
    rest = holstered(work.fight, work.get(combatant_id))
    work.update(combatant_id, thrown=counts, holstered=[*rest, name])


def need_ready(work: Work, combatant: Combatant, name: str) -> None:
    if not is_ready(work.fight, combatant, name):
        raise fail(_("%(name)s must ready %(weapon)s first"), name=combatant.name, weapon=name)


def ammo(combatant: Combatant, arm: Mapping[str, Any]) -> dict[str, Any]:
    stored = (combatant.turn.get("ammo") or {}).get(arm["name"])
    if isinstance(stored, Mapping):
        return dict(stored)
    return {"rounds": reload(arm), "type": arm.get("ammunition", "normal"), "clip": True}


def set_ammo(work: Work, combatant_id: str, name: str, state: Mapping[str, Any]) -> None:
    table = dict(work.get(combatant_id).turn.get("ammo") or {})
    table[name] = dict(state)
    work.update(combatant_id, ammo=table)


def mode(combatant: Combatant, arm: Mapping[str, Any]) -> str | None:
    chosen = (combatant.turn.get("modes") or {}).get(arm["name"])
    modes = firing_modes(arm)
    return chosen if chosen in modes else (modes[0] if modes else None)


def smart_free(combatant: Combatant, arm: Mapping[str, Any]) -> bool:
    """seed 003: with a smartgun and an implanted smartlink, a mode change or ejecting the clip
    is a free action."""
    return bool(arm.get("smartgun")) and combatant.stats.get("smartlink") == "smartlink"


def resolve_ready(work: Work, action: Action) -> Outcome:
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    count = action.modifiers.get("count", 1)
    if type(count) is not int or count < 1:
        raise fail(_("count must be a whole number of 1 or more"))
    if count > 1:
        # seed 003: small throwing weapons, at most half the Quickness (rounded down).
        top = number(actor, "quickness") // 2
        if arm.get("weapon_type") not in ("throwing_knife", "shuriken") or count > top:
            raise fail(_("at most %(top)s small throwing weapons with one action"), top=top)
    set_ready(work, actor.id, arm["name"])
    if arm.get("weapon_type") in THROWN:
        counts = dict(actor.turn.get("thrown") or {})
        counts[arm["name"]] = count
        work.update(actor.id, thrown=counts)
    summary = Step(_("%(name)s readies %(weapon)s"), {"name": actor.name, "weapon": arm["name"]})
    return work.finish(summary, {"count": count})


def resolve_clip(work: Work, action: Action) -> Outcome:
    """Remove a clip, or insert one "pouze tehdy, pokud byl předtím odstraněn starý"."""
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    if not is_firearm(arm) or reload(arm) is None:
        raise fail(_("%(weapon)s has no clip"), weapon=arm["name"])
    need_ready(work, actor, arm["name"])
    state = ammo(actor, arm)
    if action.kind == "remove_clip":
        if not state["clip"]:
            raise fail(_("%(weapon)s has no clip in"), weapon=arm["name"])
        state.update(clip=False, rounds=0)
        template = _("%(name)s removes the clip of %(weapon)s")
    else:
        if state["clip"]:
            raise fail(_("remove the old clip of %(weapon)s first"), weapon=arm["name"])
        state.update(clip=True, rounds=reload(arm), type=_ammo_type(action, arm))
        template = _("%(name)s inserts a clip into %(weapon)s")
    set_ammo(work, actor.id, arm["name"], state)
    return work.finish(Step(template, {"name": actor.name, "weapon": arm["name"]}), {"ammo": state})


def resolve_reload(work: Work, action: Action) -> Outcome:
    """seed 003: weapons without a removable clip are loaded with a complex action."""
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    full = reload(arm)
    if full is None:
        raise fail(_("%(weapon)s has no rounds to count"), weapon=arm["name"])
    need_ready(work, actor, arm["name"])
    rounds = action.modifiers.get("rounds", full)
    if type(rounds) is not int or not 1 <= rounds <= full:
        raise fail(_("rounds must be from 1 to %(full)s"), full=full)
    state = ammo(actor, arm)
    state.update(
        clip=True,
        rounds=min(full, (state.get("rounds") or 0) + rounds),
        type=_ammo_type(action, arm),
    )
    set_ammo(work, actor.id, arm["name"], state)
    return work.finish(
        Step(
            ngettext(
                "%(name)s reloads %(weapon)s: %(rounds)s round",
                "%(name)s reloads %(weapon)s: %(rounds)s rounds",
                "rounds",
            ),
            {"name": actor.name, "weapon": arm["name"], "rounds": state["rounds"]},
        ),
        {"ammo": state},
    )


def _ammo_type(action: Action, arm: Mapping[str, Any]) -> str:
    kind = action.modifiers.get("ammunition", arm.get("ammunition", "normal"))
    if kind not in AMMO_TYPES:
        raise fail(_("unknown ammunition %(kind)s"), kind=str(kind))
    return str(kind)


def resolve_mode(work: Work, action: Action) -> Outcome:
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    need_ready(work, actor, arm["name"])
    wanted = action.modifiers.get("mode")
    if wanted not in firing_modes(arm):
        raise fail(_("%(weapon)s cannot fire in that mode"), weapon=arm["name"])
    modes = dict(actor.turn.get("modes") or {})
    modes[arm["name"]] = wanted
    work.update(actor.id, modes=modes)
    summary = Step(SWITCHED[str(wanted)], {"name": actor.name, "weapon": arm["name"]})
    return work.finish(summary, {"mode": wanted})


def aim_limit(combatant: Combatant, arm: Mapping[str, Any]) -> int:
    """seed 003: at most half the skill (or specialisation) with the weapon, rounded down."""
    _key, rating = weapon_skill(arm, combatant.stats.get("skills") or {})
    return rating // 2


def resolve_aim(work: Work, action: Action, key: str) -> Outcome:
    actor = work.get(action.actor)
    arm = weapon(actor, action.weapon)
    need_ready(work, actor, arm["name"])
    if len(action.targets) != 1:
        raise fail(_("aim at one target"))
    state = aim_of(actor)
    same = state and state.get("weapon") == arm["name"] and state.get("target") == action.targets[0]
    count = (state or {}).get("count", 0) + 1 if same else 1
    if count > aim_limit(actor, arm):
        raise fail(
            _("%(name)s may aim at most %(limit)s times (half the skill)"),
            name=actor.name,
            limit=aim_limit(actor, arm),
        )
    phases = list((state or {}).get("phases", [])) if same else []
    phases = phases + ([key] if key not in phases else [])
    work.update(
        actor.id,
        aim={"weapon": arm["name"], "target": action.targets[0], "count": count, "phases": phases},
    )
    target = work.get(action.targets[0]).name
    return work.finish(
        Step(
            _("%(name)s aims at %(target)s: −%(count)s TN"),
            {"name": actor.name, "target": target, "count": count},
        ),
        {"aim": count},
    )


def aim_of(combatant: Combatant) -> Mapping[str, Any] | None:
    value = combatant.turn.get("aim")
    return value if isinstance(value, Mapping) else None


def aim_bonus(combatant: Combatant, arm: Mapping[str, Any], target: str) -> tuple[int, bool]:
    """(aim actions that count for this shot, held over several phases → no pool dice)."""
    state = aim_of(combatant)
    if not state or state.get("weapon") != arm["name"] or state.get("target") != target:
        return 0, False
    return int(state.get("count", 0)), len(state.get("phases", [])) > 1


def pool_breaks_aim(work: Work, combatant_id: str) -> None:
    """Rulings: no pool dice at all while a multi-phase aim is held; seed 003: "Jakmile je
    mířící postava použije, přijde o výhody zamíření" — a defender's pool dice end its aim."""
    state = aim_of(work.get(combatant_id))
    if state and len(state.get("phases", [])) > 1:
        work.update(combatant_id, aim=None)
        work.step(
            _("%(name)s uses combat pool dice: the aim is lost"), name=work.get(combatant_id).name
        )


def skill_dice(combatant: Combatant, arm: Mapping[str, Any] | None) -> tuple[str, int]:
    return weapon_skill(arm, combatant.stats.get("skills") or {})
