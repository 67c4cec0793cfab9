"""What the dice-pool engine adds to the tracker, and the exact odds shown before a roll.

Odds of a fight roll count what is already rolled this round, and the NPCs still to roll with
their usual dice (defence after an opponent has rolled, else attack); characters still to
choose their skills are named as not counted.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from combat.rules.base import (
    Action,
    Badge,
    Combatant,
    Fight,
    Group,
    RulesError,
    Step,
    TrackerView,
    _,
)
from combat.rules.dice_pool import chances
from combat.rules.dice_pool.catalogue import (
    DIFFICULTY,
    FIGHT_ROLL,
    FREE_ROLL,
    MAX_DIFFICULTY,
    MAX_FREE_DICE,
    RULES,
    check_shape,
)
from combat.rules.dice_pool.checks import answer, difficulty_pools
from combat.rules.dice_pool.common import (
    has_silver,
    in_order,
    is_bestiary,
    npc_number,
    round_roll,
    sides_in_order,
    standing,
)
from combat.rules.dice_pool.pools import choice, default_names, fight_pool, level_of, whole
from combat.rules.dice_pool.rounds import halves, npc_default, roll_pool

# --- tracker ----------------------------------------------------------------------------------


def tracker(fight: Fight) -> TrackerView:
    members = in_order(fight)
    rolled = {c.id: r for c in members if (r := round_roll(c, fight.round)) is not None}
    counts = {"round": fight.round, "rolled": len(rolled), "total": len(standing(fight))}
    header = [Step(_("Round %(round)s: %(rolled)s of %(total)s have rolled"), counts)]
    if fight.round < 1:  # before the order is fixed there is no round to report
        header = []
    if fight.options.get("rounds") == "one":
        header.append(Step(_("One round decides the fight")))
    if fight.round and fight.stage.get("settled") == fight.round:
        header.append(Step(_("Round %(round)s is decided"), {"round": fight.round}))
    current = fight.get(fight.current).side if fight.current in {c.id for c in members} else None
    groups = tuple(
        Group(
            Step(
                _("%(side)s: %(sum)s this round"),
                {
                    "side": side,
                    "sum": sum(
                        int(rolled[c.id]["counted"])
                        for c in members
                        if c.side == side and c.id in rolled
                    ),
                },
            ),
            tuple(c.id for c in members if c.side == side),
            active=side == current,
        )
        for side in sides_in_order(members)
    )
    badges = {c.id: _badges(c, rolled.get(c.id)) for c in members}
    return TrackerView(tuple(header), badges, groups, frozenset(rolled))


def _badges(combatant: Combatant, rolled: Mapping[str, Any] | None) -> tuple[Badge, ...]:
    if combatant.is_npc:
        found = [
            Badge(
                Step(
                    _("attack %(attack)s, defence %(defence)s dice"),
                    {
                        "attack": npc_number(combatant, "attack_dice"),
                        "defence": npc_number(combatant, "defence_dice"),
                    },
                )
            )
        ]
        if is_bestiary(combatant):
            found.append(Badge(Step(_("bestiary monster: needs silver"))))
    else:
        found = [
            Badge(
                Step(
                    _("dice %(left)s/%(best)s"),
                    {"left": max(0, combatant.hp), "best": combatant.max_hp},
                )
            )
        ]
        if has_silver(combatant, None):
            found.append(Badge(Step(_("silver weapon"))))
    if rolled is not None:
        numbers = {"total": rolled["total"], "counted": rolled["counted"]}
        halved = numbers["total"] != numbers["counted"]
        template = _("rolled %(total)s, counts %(counted)s") if halved else _("rolled %(total)s")
        found.append(Badge(Step(template, numbers)))
    return tuple(found)


# --- odds -------------------------------------------------------------------------------------


def odds(fight: Fight, action: Action) -> tuple[Step, ...] | None:
    """The exact chances of a roll before it is made; None when the action is not valid."""
    handlers = {FIGHT_ROLL: _fight_odds, DIFFICULTY: _difficulty_odds, FREE_ROLL: _free_odds}
    handler = handlers.get(action.kind) if isinstance(action.kind, str) else None
    if handler is None:
        return None
    try:
        check_shape(action)
        return handler(fight, action)
    except (RulesError, KeyError, TypeError):
        return None


def _spread(dice: int, dist: chances.Dist) -> Step:
    return Step(
        _("%(dice)s dice: %(low)s to %(high)s, on average %(mean)s"),
        {
            "dice": dice,
            "low": min(dist),
            "high": max(dist),
            "mean": chances.number(chances.mean(dist)),
        },
    )


def _fight_odds(fight: Fight, action: Action) -> tuple[Step, ...]:
    actor = fight.get(action.actor)
    targets = [fight.get(cid) for cid in action.targets]
    pool = roll_pool(fight, actor, action.modifiers)
    mine = chances.pool(pool.dice, halved=halves(fight, actor, targets, action.weapon))
    lines = [_spread(pool.dice, mine)]
    others = [c for c in standing(fight) if c.id != actor.id]
    if len({c.side for c in others} - {actor.side}) != 1:
        return tuple(lines)  # odds of a round only for two sides
    own, theirs, unknown, assumed = dict(mine), dict(chances.CERTAIN), [], []
    for other in others:
        dist = _expected(fight, actor, other)
        if dist is None:
            unknown.append(other.name)
            continue
        if not other.is_npc and round_roll(other, fight.round) is None:
            assumed.append(other.name)
        if other.side == actor.side:
            own = chances.add(own, dist)
        else:
            theirs = chances.add(theirs, dist)
    foes = [c for c in others if c.side != actor.side]
    win, tie, margin = chances.versus(own, theirs, cap=max(0, _victim(foes, action).hp))
    lines.append(
        Step(
            _("Chance to win the round: %(percent)s %%, a tie: %(tie)s %%"),
            {"percent": chances.percent(win), "tie": chances.percent(tie)},
        )
    )
    if all(c.is_npc for c in others if c.side != actor.side):
        lines.append(
            Step(_("Expected HP loss of the NPC: %(damage)s"), {"damage": chances.number(margin)})
        )
    if assumed:
        lines.append(
            Step(
                _("Counting the best combination of %(names)s, still to roll"),
                {"names": ", ".join(assumed)},
            )
        )
    if unknown:
        lines.append(
            Step(_("Not counted, no dice to roll: %(names)s"), {"names": ", ".join(unknown)})
        )
    return tuple(lines)


def _victim(foes: list[Combatant], action: Action) -> Combatant:
    """Whose HP a round won now takes (as the round's end picks): the NPC aimed at, else the
    first of its side in the order. A loss is capped by the HP it has (seed 004: „Pokud kolo
    prohrává NPC, odečítá si HP a to dle rozdílu"; nobody loses more than they have)."""
    return next((c for c in foes if c.id in action.targets), foes[0])


def _expected(fight: Fight, actor: Combatant, other: Combatant) -> chances.Dist | None:
    """What `other` adds this round: its roll, or what it would roll by default."""
    rolled = round_roll(other, fight.round)
    if rolled is not None:
        return chances.point(int(rolled["counted"]))
    if not other.is_npc:
        try:  # a character by default rolls its best combination
            pool = fight_pool(other, default_names(other), 0)
        except RulesError:
            return None
        return chances.pool(pool.dice, halved=halves(fight, other, (), None))
    # An opposing NPC rolls after the actor, so it defends; an allied one as it would now.
    names = ("defence_dice",) if other.side != actor.side else npc_default(fight, other)
    return chances.pool(sum(level_of(other, name) for name in names))


def _difficulty_odds(fight: Fight, action: Action) -> tuple[Step, ...] | None:
    difficulty = whole(action.modifiers, "difficulty", 1, MAX_DIFFICULTY)
    if difficulty is None:
        return None
    actor = fight.get(action.actor)
    helpers = [fight.get(cid) for cid in dict.fromkeys(action.targets) if cid != actor.id]
    pools = difficulty_pools(actor, helpers, action)
    dist = chances.total_of(chances.pool(p.dice) for p in pools)
    dice = sum(p.dice for p in pools)
    reach = chances.at_least(dist, difficulty)
    return (
        _spread(dice, dist),
        Step(
            _("Chance to reach %(difficulty)s: %(percent)s %%"),
            {"difficulty": difficulty, "percent": chances.percent(reach)},
        ),
    )


def _free_odds(fight: Fight, action: Action) -> tuple[Step, ...]:
    dice = whole(action.modifiers, "dice", 1, MAX_FREE_DICE) or 1
    rule = choice(action.modifiers, "rule", RULES) or RULES[0]
    dist = chances.pool(dice)
    lines = [_spread(dice, dist)]
    if rule == "high_wins":
        others = len([cid for cid in dict.fromkeys(action.targets) if cid != action.actor])
        win: Fraction = chances.highest(dist, others)
        lines.append(
            Step(_("Chance to roll the highest: %(percent)s %%"), {"percent": chances.percent(win)})
        )
    elif rule != "none":
        yes = chances.chance(dist, lambda total: bool(answer(rule, total, dice)))
        lines.append(Step(_("Chance of yes: %(percent)s %%"), {"percent": chances.percent(yes)}))
    return tuple(lines)
