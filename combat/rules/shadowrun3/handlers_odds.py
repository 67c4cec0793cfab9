"""The `odds` hook: the exact chances of the attack about to be rolled (issue E, capability 10).

The same plan the attack would roll (handlers_attack.plan_ranged, handlers_melee.plan_melee)
goes to sr3fire's closed-form odds, so what the form shows is the test that will be made.
"""

from __future__ import annotations

from combat.rules.base import Action, Fight, RulesError, Step, _
from combat.rules.shadowrun3.common import Work, reaction, weapon, wound_modifier
from combat.rules.shadowrun3.handlers_attack import RangedPlan, plan_ranged, plan_volley, tick
from combat.rules.shadowrun3.handlers_melee import plan_melee
from combat.rules.shadowrun3.odds import (
    chance_of_success,
    fighters_odds,
    melee_odds_steps,
    odds_steps,
    shot_odds,
)


class _NoFaces:
    def roll(self, sides: int) -> int:
        raise AssertionError("the odds roll no dice")


def attack_odds_steps(fight: Fight, action: Action) -> tuple[Step, ...] | None:
    """The lines to show before rolling, or None for an action that is not an attack."""
    work = Work(fight, _NoFaces())
    try:
        if action.kind in ("fire", "quick_draw"):
            arm, volley, state = plan_volley(work, action)
            steps = _ranged(plan_ranged(work, action, arm, volley, str(state["type"])))
            return _draw_chance(work, action) + steps
        if action.kind == "throw":
            arm = weapon(work.get(action.actor), action.weapon)
            return _ranged(plan_ranged(work, action, arm, None, "normal"))
        if action.kind in ("melee", "intercept"):
            return _melee(work, action)
    except RulesError:
        return None
    return None


def _ranged(plan: RangedPlan) -> tuple[Step, ...]:
    shot = plan.shot
    head = Step(
        _("%(dice)s dice against TN %(tn)s"),
        {"dice": str(shot.dice), "tn": str(shot.target_number)},
    )
    return (head, *odds_steps(shot_odds(shot)))


def _draw_chance(work: Work, action: Action) -> tuple[Step, ...]:
    if action.kind != "quick_draw":
        return ()
    actor = work.get(action.actor)
    m = action.modifiers
    tn = 4 + 2 * tick(m, "no_holster") + 2 * tick(m, "two_weapons") + wound_modifier(actor)
    chance = chance_of_success(reaction(actor), tn)
    return (
        Step(
            _("chance to draw in time: %(percent)s %%"), {"percent": f"{float(chance) * 100:.1f}"}
        ),
    )


def _melee(work: Work, action: Action) -> tuple[Step, ...]:
    plan = plan_melee(work, action, intercept=action.kind == "intercept")
    odds = fighters_odds(plan.attacker, plan.defender, full_defence=plan.full_defence)
    return melee_odds_steps(odds)
