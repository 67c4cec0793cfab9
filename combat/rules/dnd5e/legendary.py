"""Legendary actions and legendary resistance (SRD 5.1, Legendary Creatures; issue O).

SRD 5.1: "A legendary creature can take a certain number of special actions—called legendary
actions—outside its turn. Only one legendary action option can be used at a time and only at the
end of another creature's turn. A creature regains spent legendary actions at the start of its
turn." The number is the stat block's ("The dragon can take 3 legendary actions"): the stat
`legendary_per_round`, 3 when not given. An option's cost is in its name ("Wing Attack (Costs 2
Actions)"), else 1. The engine lets it act only outside its own turn (the end of another's turn
is the GM's moment to pick).

What an option does, read from its entry:
- it names one of the creature's attacks ("The dragon makes a tail attack." → its Tail): that
  attack, rolled as any other, spending no action or reaction;
- it calls for a saving throw (a DC): the saves on the targets the GM ticks (dnd5e.saves);
- otherwise (Detect): its text, in the log for the GM to play.

Legendary Resistance is with the saving throws (combat.rules.dnd5e.saves).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from combat.rules.base import Action, Combatant, Effect, Outcome, Step, _
from combat.rules.dnd5e import attack, saves
from combat.rules.dnd5e.common import Work, fail, stat
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import named_attacks

LEGENDARY = "legendary"  # effect: {"left": n}, until its turn starts again
USUAL = 3
_COST = re.compile(r"\(costs (\d+) actions?\)", re.IGNORECASE)
_MAKES = re.compile(r"\bmakes (?:a|an|one) ([a-z][a-z ]*?) attack", re.IGNORECASE)


def options(combatant: Combatant) -> list[Mapping[str, Any]]:
    found = stat(combatant, "legendary_actions")
    listed = found if isinstance(found, list) else []
    return [e for e in listed if isinstance(e, Mapping) and e.get("name")]


def per_round(combatant: Combatant) -> int:
    given = combatant.stats.get("legendary_per_round")
    return given if type(given) is int and given >= 0 else USUAL


def left(combatant: Combatant) -> int:
    spent = next((e for e in combatant.effects if e.kind == LEGENDARY), None)
    return int(spent.data.get("left", 0)) if spent is not None else per_round(combatant)


def cost(entry: Mapping[str, Any]) -> int:
    found = _COST.search(str(entry.get("name") or ""))
    return int(found.group(1)) if found else 1


def offered(combatant: Combatant) -> bool:
    """Has a legendary option it can still pay for this round."""
    have = left(combatant)
    return any(cost(entry) <= have for entry in options(combatant))


def regain(work: Work, combatant_id: str) -> None:
    """At the start of its turn: the spent legendary actions come back."""
    if work.effect(combatant_id, LEGENDARY) is not None:
        work.remove_effect(combatant_id, LEGENDARY)
        name = work.get(combatant_id).name
        work.step(_("%(name)s regains its legendary actions"), name=name)


def resolve_legendary(work: Work, action: Action, mods: Mods) -> Outcome:
    actor = work.get(action.actor)
    if actor.id == work.fight.current:
        raise fail(_("a legendary action is taken at the end of another creature's turn"))
    entry = next((e for e in options(actor) if e.get("name") == action.weapon), None)
    if entry is None:
        raise fail(
            _("%(name)s has no legendary action called %(weapon)s"),
            name=actor.name,
            weapon=str(action.weapon or ""),
        )
    price, have = cost(entry), left(actor)
    if price > have:
        raise fail(
            _("%(name)s has %(left)s legendary actions left; %(weapon)s costs %(cost)s"),
            name=actor.name,
            left=have,
            weapon=entry["name"],
            cost=price,
        )
    work.add_effect(actor.id, Effect(LEGENDARY, LEGENDARY, {"left": have - price}))
    work.step(
        _("Legendary action: %(weapon)s (%(left)s of %(usual)s left)"),
        weapon=entry["name"],
        left=have - price,
        usual=per_round(actor),
    )
    named = named_attack(actor, entry)
    if named is not None:
        blow = Action("attack", actor.id, action.targets, named, action.modifiers)
        return attack.resolve_attack(work, blow, mods, reaction=False, legendary=True)
    if type(entry.get("dc")) is int and entry.get("dc_ability") in saves.ABILITY_KEYS:
        return saves.saving_throws(work, actor, entry, saves.targets_of(work, action), mods)
    work.note(_("%(weapon)s: %(text)s"), weapon=entry["name"], text=str(entry.get("text") or ""))
    summary = Step(_("%(name)s: %(weapon)s"), {"name": actor.name, "weapon": entry["name"]})
    return work.finish(summary, {"action": "legendary", "weapon": entry["name"], "cost": price})


def named_attack(actor: Combatant, entry: Mapping[str, Any]) -> str | None:
    """ "The dragon makes a tail attack." → the stat block's attack called Tail; without the
    text (the shipped stats-only extract has no prose), the option's name: "Tail Attack"."""
    found = _MAKES.search(str(entry.get("text") or ""))
    named = _COST.sub("", str(entry.get("name") or "")).strip()
    if found is not None:
        wanted = found.group(1).strip().casefold()
    elif named.casefold().endswith(" attack"):
        wanted = named[: -len(" attack")].strip().casefold()
    else:
        return None
    for name in named_attacks(actor):
        if name.casefold() == wanted or name.casefold().startswith(wanted):
            return name
    return None
