"""Conditions and how long they last (SRD 5.1 Conditions; issue G: "until the start/end of X's
turn").

A condition with a duration is the condition itself plus an Effect of kind "duration" that says
whose turn ends it: {"condition", "who", "when": "start" | "end", "skip"}. `skip` makes "until
the end of X's *next* turn" survive the end of X's current turn once. `between_turns` calls
`expire` as turns start and end. A grapple is the condition "grappled" plus one Effect
"grappled_by" per grappler, so the grapple ends with its grappler.
"""

from __future__ import annotations

from combat.rules.base import Combatant, Effect, _
from combat.rules.dnd5e.common import INCAPACITATING, Work, effects_of, fail, stat
from combat.rules.work import next_key


def immune(combatant: Combatant, condition: str) -> bool:
    found = stat(combatant, "condition_immunities")
    return isinstance(found, list) and condition in found


def durations(combatant: Combatant, condition: str) -> list[Effect]:
    return [e for e in effects_of(combatant, "duration") if e.data.get("condition") == condition]


def add_condition(
    work: Work, target_id: str, condition: str, who: str | None = None, when: str = "none"
) -> None:
    """Give the condition, for good (`when` "none") or until the start/end of `who`'s turn."""
    target = work.get(target_id)
    if immune(target, condition):
        raise fail(_("%(name)s is immune to %(condition)s"), name=target.name, condition=condition)
    lasting = durations(target, condition)
    if when == "none" or who is None:
        for effect in lasting:  # now it lasts until removed
            work.remove_effect(target_id, effect)
        work.condition(target_id, condition)
        work.step(_("%(name)s is %(condition)s"), name=target.name, condition=condition)
        return
    if target.has(condition) and not lasting:
        work.step(
            _("%(name)s is already %(condition)s until it is removed"),
            name=target.name,
            condition=condition,
        )
        return
    current = work.fight.current == who
    data = {
        "condition": condition,
        "who": who,
        "when": "start" if when == "start" else "end",
        "skip": when == "end_next" and current,
    }
    work.condition(target_id, condition)
    work.add_effect(target_id, Effect(next_key(target, f"until-{condition}"), "duration", data))
    template = {
        "start": _("%(name)s is %(condition)s until the start of %(who)s's turn"),
        "end": _("%(name)s is %(condition)s until the end of %(who)s's turn"),
        "end_next": _("%(name)s is %(condition)s until the end of %(who)s's next turn"),
    }
    work.step(template[when], name=target.name, condition=condition, who=work.get(who).name)


def give(
    work: Work, target_id: str, condition: str, who: str | None = None, when: str = "none"
) -> bool:
    """A condition the rules give (a shove, a grapple, a failed save; for good or until `who`'s
    turn, as `add_condition`): a note instead of an error if immune."""
    target = work.get(target_id)
    if immune(target, condition):
        work.note(_("%(name)s is immune to %(condition)s"), name=target.name, condition=condition)
        return False
    add_condition(work, target_id, condition, who, when)
    consequences(work, target_id, condition)
    return True


def consequences(work: Work, target_id: str, condition: str) -> None:
    """SRD 5.1: an unconscious creature falls prone; an incapacitated one lets go of grapples."""
    if condition in INCAPACITATING:
        release_grapples(work, target_id)
    target = work.get(target_id)
    if condition == "unconscious" and not target.has("prone") and not immune(target, "prone"):
        work.condition(target_id, "prone")


def remove_condition(work: Work, target_id: str, condition: str) -> None:
    target = work.get(target_id)
    for effect in durations(target, condition):
        work.remove_effect(target_id, effect)
    if condition == "grappled":
        for effect in effects_of(target, "grappled_by"):
            work.remove_effect(target_id, effect)
    if target.has(condition):
        work.condition(target_id, condition, add=False)
        work.step(_("%(name)s is no longer %(condition)s"), name=target.name, condition=condition)


def expire(work: Work, who: str, when: str) -> None:
    """End the conditions that last until the start or end of `who`'s turn."""
    for combatant in work.fight.combatants:
        for effect in effects_of(combatant, "duration"):
            if effect.data.get("who") != who or effect.data.get("when") != when:
                continue
            if effect.data.get("skip"):  # "until the end of X's next turn": not this one
                work.add_effect(
                    combatant.id, Effect(effect.key, effect.kind, {**effect.data, "skip": False})
                )
                continue
            work.remove_effect(combatant.id, effect)
            condition = str(effect.data.get("condition"))
            if not durations(work.get(combatant.id), condition):
                remove_condition(work, combatant.id, condition)


def grapplers(combatant: Combatant) -> list[str]:
    return [str(e.data.get("by")) for e in effects_of(combatant, "grappled_by")]


def grappled_by(work: Work, target_id: str, grappler_id: str) -> None:
    work.add_effect(
        target_id, Effect(f"grappled-by-{grappler_id}", "grappled_by", {"by": grappler_id})
    )


def release(work: Work, target_id: str, grappler_id: str) -> None:
    """One grappler lets go; the condition ends when nobody holds the creature any more."""
    target = work.get(target_id)
    for effect in effects_of(target, "grappled_by"):
        if effect.data.get("by") == grappler_id:
            work.remove_effect(target_id, effect)
    if not grapplers(work.get(target_id)) and target.has("grappled"):
        remove_condition(work, target_id, "grappled")


def release_grapples(work: Work, grappler_id: str) -> None:
    """SRD 5.1: the grapple ends if the grappler is incapacitated."""
    for combatant in work.fight.combatants:
        if grappler_id in grapplers(combatant):
            release(work, combatant.id, grappler_id)
