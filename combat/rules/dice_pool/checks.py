"""Rolls outside the fight rounds (seed 004): the difficulty roll and the free roll.

Difficulty ("Hod na obtížnost"): "vypravěč určí číselnou obtížnost dané situace a dovednosti";
the sum of the dice succeeds when it is "stejný nebo vyšší než vypravěčem daná obtížnost".
Several characters may add their rolls ("jejich hody se mohou sčítat (i toto ale rozhoduje
vypravěč)"): the action's targets are the helpers, each rolling the same skills with its own
levels. Free roll ("Hod na náhodu ve volné hře"): the players set the rule ("liché číslo je ano
a sudé ne, 1 – 3 je ano a 4 – 6 ne"); a contest ranks rolls by their sums.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from combat.rules.base import Action, Combatant, Outcome, Step, _
from combat.rules.dice_pool.catalogue import MAX_DIFFICULTY, MAX_FREE_DICE, MAX_NOTE, RULES
from combat.rules.dice_pool.common import Work, fail
from combat.rules.dice_pool.pools import (
    Pool,
    bonus_dice,
    choice,
    chosen_names,
    difficulty_pool,
    text,
    whole,
)
from combat.rules.dice_pool.rounds import pool_text


def rollers(work: Work, action: Action) -> tuple[Combatant, list[Combatant]]:
    """The actor and the others named in the targets, none of them dead."""
    actor = work.get(action.actor)
    others = [work.get(cid) for cid in dict.fromkeys(action.targets) if cid != actor.id]
    for who in (actor, *others):
        if who.has("dead"):
            raise fail(_("%(name)s is dead"), name=who.name)
    return actor, others


def difficulty_pools(actor: Combatant, helpers: Sequence[Combatant], action: Action) -> list[Pool]:
    """Each roller's pool: the GM's skills; bonus dice are the actor's own."""
    names = chosen_names(action.modifiers)
    if names is None:
        raise fail(_("the GM names the skills of a difficulty roll"))
    bonus = bonus_dice(actor, names, action.modifiers)
    return [difficulty_pool(actor, names, bonus)] + [difficulty_pool(h, names, 0) for h in helpers]


def resolve_difficulty(work: Work, action: Action) -> Outcome:
    actor, helpers = rollers(work, action)
    difficulty = whole(action.modifiers, "difficulty", 1, MAX_DIFFICULTY)
    if difficulty is None:
        raise fail(_("the GM sets the difficulty"))
    totals: dict[str, int] = {}
    pools = difficulty_pools(actor, helpers, action)
    for who, pool in zip((actor, *helpers), pools, strict=True):
        if not sum(pool.levels):
            work.step(
                _("%(name)s has no dice in %(skills)s: one die all the same"),
                name=who.name,
                skills=pool.skills,
            )
        rolled, _faces = work.roll("test", who.id, pool.dice)
        totals[who.id] = rolled
        work.step(
            _("%(name)s rolls %(skills)s: %(dice)s dice = %(total)s"),
            name=who.name,
            skills=pool_text(pool),
            dice=pool.dice,
            total=rolled,
        )
    total = sum(totals.values())
    success = total >= difficulty
    if helpers:
        work.step(_("Together: %(total)s"), total=total)
    template = (
        _("%(name)s: %(total)s against %(difficulty)s, success")
        if success
        else _("%(name)s: %(total)s against %(difficulty)s, failure")
    )
    summary = Step(template, {"name": actor.name, "total": total, "difficulty": difficulty})
    data = {
        "difficulty": difficulty,
        "total": total,
        "totals": totals,
        "success": success,
        "hit": success,
        "damage": 0,
    }
    return work.finish(summary, data)


def resolve_free_roll(work: Work, action: Action) -> Outcome:
    actor, others = rollers(work, action)
    mods = action.modifiers
    dice = whole(mods, "dice", 1, MAX_FREE_DICE) or 1
    rule = choice(mods, "rule", RULES) or RULES[0]
    note = text(mods, "note", MAX_NOTE) or ""
    if rule == "high_wins" and not others:
        raise fail(_("a contest needs the others who roll as targets"))
    if others and rule != "high_wins":
        raise fail(_("only a contest (the highest sum wins) is rolled by several"))
    totals: dict[str, int] = {}
    for who in (actor, *others):
        totals[who.id], _faces = work.roll("free", who.id, dice)
        work.step(
            _("%(name)s rolls %(dice)s dice = %(total)s"),
            name=who.name,
            dice=dice,
            total=totals[who.id],
        )
    if note:
        work.step(_("The rule: %(note)s"), note=note)
    data: dict[str, Any] = {"dice": dice, "rule": rule, "note": note, "totals": totals, "damage": 0}
    if rule == "high_wins":
        summary = _contest(actor, others, totals, data)
    else:
        summary = _yes_or_no(actor, totals[actor.id], dice, rule, data)
    return work.finish(summary, data)


def answer(rule: str, total: int, dice: int) -> bool | None:
    """The players' rule applied to a sum; None when the rule is just the sum."""
    if rule == "odd_yes":
        return total % 2 == 1
    if rule == "even_yes":
        return total % 2 == 0
    if rule == "low_yes":  # seed 004: "1 – 3 je ano" — on one die; at most 3 a die for several
        return total <= 3 * dice
    return None


def _yes_or_no(actor: Combatant, total: int, dice: int, rule: str, data: dict[str, Any]) -> Step:
    yes = answer(rule, total, dice)
    data.update(yes=yes, hit=bool(yes))
    if yes is None:
        return Step(_("%(name)s rolls %(total)s"), {"name": actor.name, "total": total})
    template = _("%(name)s rolls %(total)s: yes") if yes else _("%(name)s rolls %(total)s: no")
    return Step(template, {"name": actor.name, "total": total})


def _contest(
    actor: Combatant, others: list[Combatant], totals: dict[str, int], data: dict[str, Any]
) -> Step:
    best = max(totals.values())
    names = {c.id: c.name for c in (actor, *others)}
    winners = [cid for cid, total in totals.items() if total == best]
    data.update(winners=winners, hit=winners == [actor.id])
    listed = ", ".join(names[cid] for cid in winners)
    if len(winners) > 1:
        return Step(_("A tie at %(total)s: %(names)s"), {"total": best, "names": listed})
    return Step(_("%(names)s wins with %(total)s"), {"total": best, "names": listed})
