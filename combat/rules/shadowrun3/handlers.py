"""The small actions of a phase (seed 003, Volné / Jednoduché / Komplexní akce) and declaring.

Each handler gets the working fight after the engine checked whose phase it is and took the
action's cost; it rolls what the seed asks for and says what happened.
"""

from __future__ import annotations

from combat.rules.base import Action, Outcome, Step, _, ngettext
from combat.rules.held import lines as held_lines
from combat.rules.held import total as held_total
from combat.rules.shadowrun3.action_fields import PLAN, SKILL_CHOICES
from combat.rules.shadowrun3.common import (
    Work,
    fail,
    number,
    pass_score,
    phase_key,
    skill,
    stage_pass,
    wound_modifier,
)
from combat.rules.shadowrun3.movement import movement_tn
from combat.rules.shadowrun3.phase import SPECS, WHAT, WHAT_KEY
from combat.rules.shadowrun3.success import success_test

PLAN_KINDS = frozenset(key for key, _label in PLAN)
PLAN_LABELS = dict(PLAN)
SKILL_LABELS = dict(SKILL_CHOICES)
GENERIC = {
    "free_action": _("%(name)s takes a free action"),
    "simple_action": _("%(name)s takes a simple action"),
    "complex_action": _("%(name)s takes a complex action"),
}


def resolve_drop_prone(work: Work, action: Action) -> Outcome:
    """seed 003: "Postava se může kdykoli vrhnout k zemi" — a free action, no test."""
    actor = work.get(action.actor)
    if actor.has("prone"):
        raise fail(_("%(name)s is already prone"), name=actor.name)
    work.condition(actor.id, "prone")
    return work.finish(Step(_("%(name)s drops prone"), {"name": actor.name}), {})


def resolve_stand_up(work: Work, action: Action) -> Outcome:
    """seed 003: "Zraněná postava musí provést test vůle (2) …" plus the wound modifier."""
    actor = work.get(action.actor)
    if not actor.has("prone"):
        raise fail(_("%(name)s is not prone"), name=actor.name)
    wound = wound_modifier(actor)
    if wound:
        test = success_test(
            number(actor, "willpower"), 2 + wound, work.draw, purpose="stand_up", roller=actor.id
        )
        for rolled in test.rolls:
            work.record(rolled)
        work.steps += test.steps
        if not test.successes:
            summary = Step(_("%(name)s fails to stand up"), {"name": actor.name})
            return work.finish(summary, {"stood_up": False})
    work.condition(actor.id, "prone", add=False)
    return work.finish(Step(_("%(name)s stands up"), {"name": actor.name}), {"stood_up": True})


def resolve_generic(work: Work, action: Action) -> Outcome:
    """An action the seed names that changes no number (speak, use an item, cast …)."""
    actor = work.get(action.actor)
    choices = dict(WHAT[action.kind])
    asked = action.modifiers.get(WHAT_KEY[action.kind], action.modifiers.get("what"))
    what = next(iter(choices)) if asked is None else asked
    if what not in choices:
        raise fail(_("unknown action %(what)s"), what=str(what))
    work.steps.append(choices[what])  # the choice's own label, translated like any step
    return work.finish(Step(GENERIC[action.kind], {"name": actor.name}), {"what": what})


def resolve_use_skill(work: Work, action: Action) -> Outcome:
    """seed 003, Použití dovednosti (complex): the skill's dice against the GM's TN, with the
    wound and movement modifiers."""
    actor = work.get(action.actor)
    name = action.modifiers.get("skill")
    target = action.modifiers.get("tn", 4)
    extra = action.modifiers.get("dice", 0)
    gm = action.modifiers.get("tn_modifier", 0)
    if not isinstance(name, str) or not all(type(v) is int for v in (target, extra, gm)):
        raise fail(_("use skill: choose a skill; TN and dice are whole numbers"))
    dice = skill(actor, name) + extra
    tn = target + wound_modifier(actor) + movement_tn(actor) + gm - held_total(actor)
    work.steps += held_lines(actor)  # a condition's −2 is a TN 2 higher
    test = success_test(dice, tn, work.draw, purpose="skill", roller=actor.id)
    for rolled in test.rolls:
        work.record(rolled)
    work.steps += [SKILL_LABELS.get(name, Step(name)), *test.steps]
    summary = Step(
        ngettext(
            "%(name)s uses a skill: %(successes)s success",
            "%(name)s uses a skill: %(successes)s successes",
            "successes",
        ),
        {"name": actor.name, "successes": test.successes},
    )
    return work.finish(summary, {"skill": name, "successes": test.successes, "tn": test.target})


def resolve_declare(work: Work, action: Action) -> Outcome:
    """seed 003: both actions are declared at the start of the phase and not changed; those
    acting in the same phase declare lowest first."""
    actor = work.get(action.actor)
    _same_phase(work, actor.id)
    plan = [action.modifiers.get("first", "none"), action.modifiers.get("second", "none")]
    if any(kind not in PLAN_KINDS for kind in plan):
        raise fail(_("declare: unknown action"))
    costs = [SPECS[kind].cost for kind in plan if kind != "none"]
    if "complex" in costs and len(costs) > 1:
        raise fail(_("a complex action fills the whole phase"))
    for target in action.targets:
        work.get(target)
    work.update(
        actor.id,
        declared={"key": phase_key(work.fight), "plan": plan, "targets": list(action.targets)},
    )
    _lowest_first(work, actor.id)
    targets = ", ".join(work.get(t).name for t in action.targets) or "—"
    work.steps += [PLAN_LABELS[kind] for kind in plan if kind != "none"]
    summary = Step(
        _("%(name)s declares the phase's actions, at %(targets)s"),
        {"name": actor.name, "targets": targets},
    )
    return work.finish(summary, {"declared": plan, "targets": list(action.targets)})


def _same_phase(work: Work, actor: str) -> None:
    """One declares in one's own phase, or in the current one's when it is also one's own."""
    fight = work.fight
    if actor == fight.current or fight.current is None:
        return
    number_ = stage_pass(fight)
    order = list(fight.order)
    later = fight.current in order and actor in order[order.index(fight.current) + 1 :]
    same = pass_score(work.get(actor), number_) == pass_score(work.get(fight.current), number_)
    if not (later and same):
        raise fail(_("%(name)s does not act in this phase"), name=work.get(actor).name)


def _lowest_first(work: Work, actor: str) -> None:
    """A note when someone acting later in the same phase has not declared yet."""
    fight = work.fight
    number_ = stage_pass(fight)
    mine = pass_score(work.get(actor), number_)
    key = phase_key(fight)
    order = list(fight.order)
    later = order[order.index(actor) + 1 :] if actor in order else []
    for other in later:
        combatant = work.get(other)
        plan = combatant.turn.get("declared")
        declared = isinstance(plan, dict) and plan.get("key") == key
        if pass_score(combatant, number_) == mine and not declared:
            work.note(
                _("%(other)s acts in the same phase and declares first (lowest first)"),
                other=combatant.name,
            )
