"""Saving-throw actions (issue O; SRD 5.1, Saving Throws and Damage Rolls): a stat block's action
with a DC — the Hell Hound's Fire Breath, "DC 12 Dexterity saving throw, taking 21 (6d6) fire
damage on a failed save, or half as much damage on a successful one" — on one target or on
several (an area).

SRD 5.1: a saving throw is a d20 + the ability modifier (+ the proficiency bonus when proficient:
a stat block's "Saving Throws" line gives the total) against the DC; "If a spell or other effect
deals damage to more than one target at the same time, roll the damage once for all of them."
Half damage rounds down; each target's resistances, immunities and vulnerabilities apply to its
share. SRD Conditions: a paralyzed, stunned, petrified or unconscious creature automatically
fails Strength and Dexterity saves; a restrained one has disadvantage on Dexterity saves; a
dodging one advantage (Dodge: "you make Dexterity saving throws with advantage").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from combat.rules.base import Action, Audience, Combatant, Effect, Fight, Outcome, Step, _
from combat.rules.dnd5e import concentration, damage
from combat.rules.dnd5e.advantage import Mode, d20_expression, kept_chance
from combat.rules.dnd5e.catalogue import KNOWN, SPECS
from combat.rules.dnd5e.common import Work, exhaustion, fail, is_dead, save_bonus, signed, stat
from combat.rules.dnd5e.conditions import give
from combat.rules.dnd5e.economy import spend_action
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.riders import from_the_save, rider_condition, rider_duration, spared_by
from combat.rules.dnd5e.words import ABILITIES
from combat.rules.estimate import distribution
from combat.rules.lasting import LASTS

ABILITY_KEYS = frozenset(key for key, _label in ABILITIES)  # the log names each in its words
RESISTANCE = "legendary_resistance"  # effect: {"used": n}, for the fight (its "per day")
_PER_DAY = re.compile(r"(\d+)/day", re.IGNORECASE)
RECHARGE = "recharge"  # the effect of a spent action that recharges on a d6
_RECHARGE = re.compile(r"recharge\s+(\d)(?:\s*[–-]\s*6)?", re.IGNORECASE)
AUTO_FAIL = frozenset({"paralyzed", "stunned", "petrified", "unconscious"})  # STR and DEX saves
MOST_TARGETS = 20  # an area larger than that is the GM's to split


def save_actions(combatant: Combatant) -> list[Mapping[str, Any]]:
    """The stat block's actions that call for a saving throw (a DC and its ability) instead of
    an attack roll: an attack's DC is its rider (`attack_rider`)."""
    found = stat(combatant, "actions")
    return [
        entry
        for entry in (found if isinstance(found, list) else ())
        if isinstance(entry, Mapping)
        and calls_for_save(entry)
        and type(entry.get("attack_bonus")) is not int
        and entry.get("name")
    ]


def calls_for_save(entry: Mapping[str, Any]) -> bool:
    return type(entry.get("dc")) is int and entry.get("dc_ability") in ABILITY_KEYS


def attack_rider(work: Work, actor: Combatant, target_id: str, weapon: str, mods: Mods) -> None:
    """A stat-block attack's rider on a hit ("… must succeed on a DC 11 Strength saving throw
    or be knocked prone"): the target saves; a failure gives the condition. A rider that names
    no condition (or damage the data does not list) stays the GM's, in a note."""
    if any(w.get("name") == weapon for w in actor.weapons):
        return
    found = stat(actor, "actions")
    entry = next(
        (e for e in (found if isinstance(found, list) else ()) if e.get("name") == weapon), None
    )
    if not isinstance(entry, Mapping):
        return
    text, condition, target = (
        str(entry.get("text") or ""),
        rider_condition(entry),
        work.get(target_id),
    )
    if calls_for_save(entry) or "saving throw" in text.casefold():  # "for 1 minute", repeats
        work.note(_("%(weapon)s: %(text)s"), weapon=weapon, text=rider_text(entry))
    if not calls_for_save(entry) or condition is None or is_dead(target):
        return
    spared = spared_by(text, str(stat(target, "size")), str(stat(target, "creature_type") or ""))
    if spared is not None:
        work.step(_("%(name)s is spared: %(words)s"), name=target.name, words=spared)
        return
    _dc_line(work, actor, entry)
    with work.about_combatant(target_id):
        if not _save(work, target, str(entry["dc_ability"]), int(entry["dc"]), mods)[0]:
            _impose(work, actor, target_id, condition, text)


def _impose(work: Work, actor: Combatant, target_id: str, condition: str, text: str) -> None:
    """A failed save's condition, for as long as the save's sentence says (`rider_duration`);
    an incapacitating one ends the target's concentration."""
    lasting = rider_duration(text)
    who = {"target": target_id, "actor": actor.id}.get(lasting[0]) if lasting else None
    if not give(work, target_id, condition, who, "end_next" if who else "none"):
        return
    concentration.on_condition(work, target_id, condition)
    if lasting is not None and lasting[0] == "rounds":
        until = {"condition": condition, "until": work.fight.round + lasting[1]}
        work.add_effect(target_id, Effect(f"{LASTS}-{condition}", LASTS, until))


def rider_text(entry: Mapping[str, Any]) -> str:
    """The rider's words (`riders.from_the_save`); the DC and its ability when the entry has no
    words for it."""
    words = from_the_save(str(entry.get("text") or ""))
    return words or f"DC {entry.get('dc')} {str(entry.get('dc_ability')).upper()}"


def _dc_line(work: Work, actor: Combatant, entry: Mapping[str, Any]) -> None:
    work.step(  # the DC is the actor's number: read as the actor's stats are
        _("%(weapon)s: DC %(dc)s %(ability)s saving throw"),
        weapon=entry["name"],
        dc=int(entry["dc"]),
        ability=str(entry["dc_ability"]),
        about=actor.id,
        secret={"dc": Audience.STATS},
    )


def usable(combatant: Combatant) -> list[Mapping[str, Any]]:
    """The save actions not waiting for their recharge."""
    spent = {e.data.get("name") for e in combatant.effects if e.kind == RECHARGE}
    return [entry for entry in save_actions(combatant) if entry.get("name") not in spent]


def recharges_on(entry: Mapping[str, Any]) -> int | None:
    """The lowest d6 face that recharges the action ("Recharge 5–6" → 5), or None."""
    found = _RECHARGE.search(str(entry.get("usage") or ""))
    return int(found.group(1)) if found and 2 <= int(found.group(1)) <= 6 else None


def recharge_key(name: str) -> str:
    return f"{RECHARGE}-{name}"


def roll_recharges(work: Work, combatant_id: str) -> None:
    """SRD 5.1, Recharge X–Y: at the start of the monster's turn, a d6 per spent action; on X or
    more it can be used again."""
    combatant = work.get(combatant_id)
    for effect in [e for e in combatant.effects if e.kind == RECHARGE]:
        name, low = str(effect.data.get("name")), int(effect.data.get("min", 6))
        face = work.roll("recharge", combatant_id, "1d6").total
        if face >= low:
            work.remove_effect(combatant_id, effect)
            work.step(_("%(weapon)s recharges (d6: %(roll)s)"), weapon=name, roll=face)
        else:
            work.step(_("%(weapon)s does not recharge (d6: %(roll)s)"), weapon=name, roll=face)


def resolve_save_action(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    entry = _entry(actor, action.weapon)
    if work.effect(actor.id, recharge_key(str(entry["name"]))) is not None:
        raise fail(_("%(weapon)s is recharging"), weapon=entry["name"])
    targets = targets_of(work, action)
    spend_action(work, actor, "save_action", override=mods.flag("override"))
    low = recharges_on(entry)
    if low is not None:
        data = {"name": str(entry["name"]), "min": low}
        work.add_effect(actor.id, Effect(recharge_key(str(entry["name"])), RECHARGE, data))
    return saving_throws(work, actor, entry, targets, mods)


def saving_throws(
    work: Work, actor: Combatant, entry: Mapping[str, Any], targets: list[Combatant], mods: Mods
) -> Outcome:
    """The saves an entry with a DC calls for, its damage once for all (an action, or a
    legendary action: combat.rules.dnd5e.legendary)."""
    dc, ability = int(entry["dc"]), str(entry["dc_ability"])
    on_success = "half" if entry.get("dc_success") == "half" else "none"
    _dc_line(work, actor, entry)
    parts, condition = _damage(work, actor, entry), rider_condition(entry)
    saves: dict[str, dict[str, Any]] = {}
    for target in targets:
        with work.about_combatant(target.id):
            saved, total = _save(work, target, ability, dc, mods)
            taken = _share(parts, saved, on_success)
            dealt = damage.deal(work, target.id, taken, critical=False) if taken else 0
            if not saved and condition is not None and not is_dead(work.get(target.id)):
                _impose(work, actor, target.id, condition, str(entry.get("text") or ""))
        saves[target.id] = {"total": total, "saved": saved, "damage": dealt}
    if str(entry.get("text") or "") and (not parts or condition is not None):
        work.note(_("%(weapon)s: %(text)s"), weapon=entry["name"], text=str(entry["text"]))
    failed = [t for t in targets if not saves[t.id]["saved"]]
    data = {
        "action": "save_action",
        "weapon": entry["name"],
        "dc": dc,
        "ability": ability,
        "targets": [t.id for t in targets],
        "saves": saves,
        "damage": sum(int(s["damage"]) for s in saves.values()),
        "hit": bool(failed),  # the generic odds: "hit" is a failed save
    }
    return work.finish(_summary(actor, entry, len(failed), len(targets) - len(failed)), data)


def _entry(actor: Combatant, name: str | None) -> Mapping[str, Any]:
    if not name:
        raise fail(_("choose an action of %(name)s with a saving throw"), name=actor.name)
    found = next((e for e in save_actions(actor) if e.get("name") == name), None)
    if found is None:
        raise fail(
            _("%(weapon)s of %(name)s calls for no saving throw"), weapon=name, name=actor.name
        )
    return found


def targets_of(work: Work, action: Action) -> list[Combatant]:
    """One target or several, each once, none dead."""
    if not action.targets:
        raise fail(_("choose a target"))
    ids = list(dict.fromkeys(action.targets))
    if len(ids) > MOST_TARGETS:
        raise fail(_("at most %(most)s targets at once"), most=MOST_TARGETS)
    targets = [work.get(cid) for cid in ids]
    dead = next((t for t in targets if is_dead(t)), None)
    if dead is not None:
        raise fail(_("%(name)s is already dead"), name=dead.name)
    return targets


def _damage(work: Work, actor: Combatant, entry: Mapping[str, Any]) -> list[tuple[int, str]]:
    """Rolled once for every target (SRD 5.1, Damage Rolls)."""
    line = _("Damage %(amount)s %(kind)s = %(expression)s [%(faces)s], rolled once for all")
    items = [i for i in entry.get("damage") or () if isinstance(i, Mapping) and i.get("dice")]
    return [
        damage.rolled(work, actor.id, str(i["dice"]), str(i.get("type") or ""), line) for i in items
    ]


def _mode(target: Combatant, ability: str, mods: Mods) -> tuple[Mode, list[str]]:
    good, bad = [], []
    if mods.flag("target_advantage"):
        good.append(_("Advantage on the save (GM)"))
    if mods.flag("target_disadvantage"):
        bad.append(_("Disadvantage on the save (GM)"))
    if ability == "dex" and target.has("dodging"):
        good.append(_("Advantage: %(name)s is dodging"))
    if ability == "dex" and target.has("restrained"):
        bad.append(_("Disadvantage: %(name)s is restrained"))
    if exhaustion(target) >= 3:
        bad.append(_("Disadvantage: %(name)s is exhausted (level 3 or more)"))
    mode: Mode = "normal"
    if good and not bad:
        mode = "advantage"
    elif bad and not good:
        mode = "disadvantage"
    return mode, good + bad


def _save(work: Work, target: Combatant, ability: str, dc: int, mods: Mods) -> tuple[bool, int]:
    """One target's save: (saved, the total; 0 when it fails by its condition)."""
    failing = sorted(c for c in AUTO_FAIL if target.has(c)) if ability in ("str", "dex") else []
    if failing:
        work.step(
            _("%(name)s is %(condition)s: the save fails"),
            name=target.name,
            condition=failing[0],
        )
        return bool(mods.flag("legendary_resistance") and resist(work, target)), 0
    mode, reasons = _mode(target, ability, mods)
    for reason in reasons:
        work.step(reason, name=target.name)
    bonus = save_bonus(target, ability)
    result = work.roll("save", target.id, f"{d20_expression(mode)}{signed(bonus)}")
    work.secret_roll(target.id)  # "1d20+4" states a monster's save bonus
    saved = result.total >= dc
    work.step(  # the target's numbers (the DC is on the action's first line)
        _("%(name)s: save %(total)s = d20 %(faces)s %(bonus)s: saved")
        if saved
        else _("%(name)s: save %(total)s = d20 %(faces)s %(bonus)s: failed"),
        name=target.name,
        total=result.total,
        faces=", ".join(map(str, result.faces)),
        bonus=signed(bonus),
        secret={"bonus": Audience.STATS, "total": Audience.STATS},
    )
    if not saved and mods.flag("legendary_resistance") and resist(work, target):
        saved = True
    return saved, result.total


def _share(parts: list[tuple[int, str]], saved: bool, on_success: str) -> list[tuple[int, str]]:
    if not saved:
        return parts
    if on_success == "half":
        return [(amount // 2, kind) for amount, kind in parts]
    return []


@dataclass(frozen=True)
class SaveOdds:
    target: Combatant
    fails: Fraction  # the chance the target fails the save
    damage: Fraction  # the damage it is expected to take, after its resistances


def save_odds(fight: Fight, action: Action) -> list[SaveOdds]:
    """Exact, per target: the chance to fail (a d20, or the kept one of two, + the save bonus
    below the DC; certain for a condition that fails it) and the expected damage — full on a
    failure, half (rounded down) or none on a success — through its resistances."""
    actor = fight.get(action.actor)
    return entry_odds(fight, actor, _entry(actor, action.weapon), action)


def entry_odds(
    fight: Fight, actor: Combatant, entry: Mapping[str, Any], action: Action
) -> list[SaveOdds]:
    """The odds of an entry with a DC on the action's targets (a save action, or a legendary
    option that calls for saves)."""
    mods = Mods(action.modifiers, SPECS["save_action"].allowed, KNOWN)
    dc, ability = int(entry["dc"]), str(entry["dc_ability"])
    half = entry.get("dc_success") == "half"
    found = []
    for cid in dict.fromkeys(action.targets):
        target = fight.get(cid)
        fails = Fraction(1)
        if ability not in ("str", "dex") or not any(target.has(c) for c in AUTO_FAIL):
            mode, _reasons = _mode(target, ability, mods)
            bonus = save_bonus(target, ability)
            fails = sum((kept_chance(n, mode) for n in range(1, 21) if n + bonus < dc), Fraction(0))
        expected = Fraction(0)
        for item in entry.get("damage") or ():
            dice, kind = str(item.get("dice") or ""), str(item.get("type") or "")
            for value, chance in distribution(dice).items() if dice else ():
                full = damage.adjusted(None, target, max(value, 0), kind)
                saved = damage.adjusted(None, target, max(value, 0) // 2, kind) if half else 0
                expected += chance * (fails * full + (1 - fails) * saved)
        found.append(SaveOdds(target, fails, expected))
    return found


def _summary(actor: Combatant, entry: Mapping[str, Any], failed: int, saved: int) -> Step:
    return Step(
        _("%(name)s uses %(weapon)s — failed the save: %(failed)s, saved: %(saved)s"),
        {"name": actor.name, "weapon": str(entry["name"]), "failed": failed, "saved": saved},
    )


# --- legendary resistance (SRD 5.1: "(3/Day). If the dragon fails a saving throw, it can
# choose to succeed instead."): the GM ticks `legendary_resistance` on the action that calls for
# the save; a target with a use left that fails spends one and succeeds.


def resistances(combatant: Combatant) -> int:
    """The uses per day its trait gives: "Legendary Resistance" with the usage "3/Day" (as the
    SRD importer writes it), or "Legendary Resistance (3/Day)" in the name; 0 without one."""
    for trait in stat(combatant, "traits") or ():
        name = str(trait.get("name") or "") if isinstance(trait, Mapping) else ""
        if not name.casefold().startswith("legendary resistance"):
            continue
        found = _PER_DAY.search(f"{name} {trait.get('usage') or ''}")
        return int(found.group(1)) if found else 0
    return 0


def resist(work: Work, target: Combatant) -> bool:
    """A failed save turned into a success, when the target has a use left (one spent)."""
    have = resistances(target)
    spent = work.effect(target.id, RESISTANCE)
    used = int(spent.data.get("used", 0)) if spent is not None else 0
    if used >= have:
        return False
    work.add_effect(target.id, Effect(RESISTANCE, RESISTANCE, {"used": used + 1}))
    work.step(
        _("%(name)s uses Legendary Resistance: the save succeeds (%(left)s left)"),
        name=target.name,
        left=have - used - 1,
    )
    return True
