"""Attribute and skill tests (Rulings; the seed uses them without defining them).

Rulings: "exploding d6 + attribute bonus + skill level, success when ≥ the difficulty" — the
Postřeh roll against surprise (seed 000: "hod na Postřeh (jehož obtížnost sám určí)"), the OBR
roll to disengage, První pomoc "(OBR) vs. 14".
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.rules.base import Action, Outcome, Step, _
from combat.rules.dice import RollResult
from combat.rules.draci_hlidka.common import Work, attribute, dice_expression, fail, skill
from combat.rules.draci_hlidka.mods import Mods

DEFAULT_DIFFICULTY = 10  # the GM sets it; 10 only prefills the form
PERCEPTION_ATTRIBUTE = "int"  # not in the seed: Postřeh uses INT unless the GM picks another


@dataclass(frozen=True)
class Check:
    """What is rolled: an attribute (or its bonus typed in), a skill, a difficulty."""

    purpose: str
    attribute: str | None
    skill: str | None
    difficulty: int
    attribute_bonus: int | None = None
    bonus: int = 0


def check_from(
    mods: Mods,
    purpose: str,
    attr: str | None,
    skill_name: str | None,
    difficulty: int = DEFAULT_DIFFICULTY,
) -> Check:
    """The test the modifiers describe, with this action's usual attribute and skill."""
    return Check(
        purpose=purpose,
        attribute=mods.text("attribute") or attr,
        skill=mods.text("skill") or skill_name,
        difficulty=mods.integer("difficulty", difficulty, -50, 100),
        attribute_bonus=mods.optional_integer("attribute_bonus", -10, 10),
        bonus=mods.integer("bonus", 0),
    )


def roll_check(work: Work, combatant_id: str, test: Check) -> tuple[bool, RollResult]:
    combatant = work.get(combatant_id)
    if test.attribute_bonus is not None:
        bonus = test.attribute_bonus
    else:
        bonus = attribute(combatant, test.attribute) if test.attribute else 0
    level = skill(combatant, test.skill) if test.skill else 0
    result = work.roll(
        test.purpose, combatant_id, dice_expression("1d6!", bonus + level + test.bonus)
    )
    success = result.total >= test.difficulty
    template = (
        _(
            "%(name)s: %(total)s = roll %(faces)s + %(attribute)s %(bonus)+d + %(skill)s %(level)s "
            "%(extra)+d ≥ %(difficulty)s: success"
        )
        if success
        else _(
            "%(name)s: %(total)s = roll %(faces)s + %(attribute)s %(bonus)+d + %(skill)s %(level)s "
            "%(extra)+d < %(difficulty)s: failure"
        )
    )
    work.step(
        template,
        name=combatant.name,
        total=result.total,
        faces=list(result.faces),
        attribute=(test.attribute or "—").upper(),
        bonus=bonus,
        skill=test.skill or "—",
        level=level,
        extra=test.bonus,
        difficulty=test.difficulty,
    )
    return success, result


def resolve_test(work: Work, action: Action, mods: Mods) -> Outcome:
    """A free attribute/skill test the GM asks for (no action time)."""
    test = check_from(mods, "test", None, None)
    if test.attribute is None and test.skill is None and test.attribute_bonus is None:
        raise fail(_("choose an attribute or a skill to test"))
    success, result = roll_check(work, action.actor, test)
    return work.finish(
        _test_summary(work, action.actor, success), _test_data(test, success, result)
    )


def resolve_perception(work: Work, action: Action, mods: Mods) -> Outcome:
    """Postřeh against surprise, rolled by the one who might be surprised (Rulings):
    success = not surprised, failure = surprised (seed 000: only at the start of the fight)."""
    if work.fight.round > 1:
        raise fail(_("the moment of surprise happens only at the start of the fight"))
    test = check_from(mods, "perception", PERCEPTION_ATTRIBUTE, "Postřeh")
    success, result = roll_check(work, action.actor, test)
    work.condition(action.actor, "surprised", add=not success)
    name = work.get(action.actor).name
    summary = (
        Step(_("%(name)s notices the attack in time"), {"name": name})
        if success
        else Step(_("%(name)s is caught by the moment of surprise"), {"name": name})
    )
    return work.finish(summary, {**_test_data(test, success, result), "surprised": not success})


def _test_summary(work: Work, combatant_id: str, success: bool) -> Step:
    name = work.get(combatant_id).name
    if success:
        return Step(_("%(name)s passes the test"), {"name": name})
    return Step(_("%(name)s fails the test"), {"name": name})


def _test_data(test: Check, success: bool, result: RollResult) -> dict[str, object]:
    return {
        "test": test.purpose,
        "attribute": test.attribute,
        "skill": test.skill,
        "difficulty": test.difficulty,
        "total": result.total,
        "faces": list(result.faces),
        "success": success,
    }
