"""A 5e fight read once into flat arrays for the fast path (issue P), or `Declined` when it holds
something the fast path does not play exactly.

What is read is what the engine and the tactics (combat.rules.dnd5e.tactics) would use: each
combatant's side, HP, AC, DEX, its attacks of a turn (the best attack against the enemies'
average AC, as often as the Attack action or a countable Multiattack allows, in the
Multiattack's own order), each attack's bonus, damage dice and types through every target's
immunities, resistances and vulnerabilities (and whether any is radiant), a rider that knocks
prone on a failed save, and Undead Fortitude with the CON save bonus.
The conditions the simulated fight can meet are prone, unconscious (a character at 0 HP, with
its death saving throws), stable and dead; anything else is declined. A breath: breath.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from combat.rules.arrays import Bools, Floats, Ints
from combat.rules.base import Combatant, Fight, RulesError
from combat.rules.dice import InvalidDice, parse
from combat.rules.dnd5e import legendary, multiattack
from combat.rules.dnd5e.attack import check_reach
from combat.rules.dnd5e.catalogue import KNOWN, SPECS, USUAL_DISTANCE
from combat.rules.dnd5e.common import attacks_per_action, modifier, save_bonus, score, stat
from combat.rules.dnd5e.conditions import immune
from combat.rules.dnd5e.damage import DEATH_SAVES, doubled
from combat.rules.dnd5e.economy import is_stale
from combat.rules.dnd5e.fortitude import has_fortitude, is_radiant
from combat.rules.dnd5e.initiative import _kind, option
from combat.rules.dnd5e.mods import Mods
from combat.rules.dnd5e.profile import Profile, named_attacks, profile
from combat.rules.dnd5e.riders import rider_condition, rider_duration, spared_by
from combat.rules.dnd5e.saves import RECHARGE, calls_for_save
from combat.rules.dnd5e.tactics import NO_ATTACK, best_attack, enemy_ac
from combat.rules.dnd5e.turns import multiattack_count
from combat.rules.simulate import MAX_ACTIONS

KNOWN_CONDITIONS = frozenset({"prone", "unconscious", "dead", "stable"})
CLOSE = 5  # feet: the engine's default distance, and "within 5 ft" of its advantage rules
MANY = 1 << 40  # above any HP: the HP of who is out, never the weakest target
MOST_DICE = 64  # dice of one damage part (doubled on a critical hit)


class Declined(Exception):
    """The fight holds something the fast path does not play: the engine plays it."""


@dataclass
class Arms:
    """Every attack profile the fight's combatants use, one row each."""

    bonus: list[int]
    ranged: list[bool]
    close: list[bool]  # made from within 5 ft
    dice: list[list[list[int]]]  # per damage part: signed die sizes (normal hit)
    crit: list[list[list[int]]]  # the same, doubled for a critical hit
    const: list[list[int]]
    kinds: list[list[str]]
    rider: list[tuple[int, str, str] | None]  # (DC, ability, text) of a knock-prone rider


@dataclass(frozen=True)
class Compiled:
    """The fight as arrays: combatants on axis 0 (`n`), attack profiles on axis 0 of the arms."""

    ids: tuple[str, ...]
    sides: tuple[str, ...]
    side: Ints
    pc: Bools  # makes death saving throws at 0 HP
    dex_mod: Ints
    dex_score: Ints
    unit: Ints  # who rolls the initiative each shares: itself, or the first NPC of its kind
    ac: Ints
    max_hp: Ints
    prone_immune: Bools
    fortitude: Bools  # Undead Fortitude (fortitude.py)
    con_save: Ints
    hp: Ints
    prone: Bools
    dead: Bools
    stable: Bools
    successes: Ints
    failures: Ints
    attacks: Ints  # (n, most attacks): the profile of each attack of a turn
    count: Ints  # attacks of a turn
    bonus: Ints
    shun: Ints  # (n, n): MANY on the actor's own side (never its target), else 0
    need: Ints  # (profiles, n): the natural d20 that hits this target, 2 to 20
    throw: Floats  # (profiles, critical, parts, dice): signed die sizes, 0 none
    const: Ints  # (profiles, critical, parts): the constant, + 1 a die (its lowest face)
    radiant: Bools  # (profiles,): radiant damage, no Undead Fortitude save
    divide: Ints  # (profiles, parts, n): 2 where the target resists the part's type
    times: Ints  # (profiles, parts, n): 0 immune, 2 vulnerable
    mode: Ints  # (profiles, target prone): 0 one d20, 1 advantage, 2 disadvantage
    rider_dc: Ints  # (profiles,); 0: none
    rider_bonus: Ints  # (profiles, n)
    rider_on: Bools  # (profiles, n): the rider can knock this target prone
    order: Ints | None  # a running fight's order (-1 pads), None: roll initiative
    start: int  # the position in `order` whose turn it is
    round: int


def compile_fight(fight: Fight) -> Compiled:
    """The arrays of `fight`, or `Declined`."""
    started = _running(fight)
    usual = fight.options.get(USUAL_DISTANCE) == "weapon"
    if option(fight, "tie_rolloff"):
        raise Declined("initiative roll-offs")
    arms = Arms([], [], [], [], [], [], [], [])
    plans = [_turn_plan(fight, c, arms, usual) for c in fight.combatants]
    order, start = started if started is not None else (None, 0)
    return Compiled(
        **_people(fight),
        unit=_ints(_units(fight, shared=option(fight, "shared_initiative"))),
        **_armed(fight, arms, plans),
        order=order,
        start=start,
        round=fight.round,
    )


def _people(fight: Fight) -> dict[str, Any]:
    """The combatants' numbers and states."""
    people = fight.combatants
    states = [_state(c) for c in people]
    sides = tuple(dict.fromkeys(c.side for c in people))
    side = _ints(sides.index(c.side) for c in people)
    return {
        "ids": tuple(c.id for c in people),
        "sides": sides,
        "side": side,
        "shun": np.where(side[None, :] == side[:, None], MANY, 0),
        "pc": np.array([not c.is_npc for c in people], np.bool_),
        "dex_mod": _ints(modifier(c, "dex") for c in people),
        "dex_score": _ints(_whole(c, "dex") for c in people),
        "ac": _ints(_whole(c, "ac") for c in people),
        "max_hp": _ints(c.max_hp for c in people),
        "prone_immune": np.array([immune(c, "prone") for c in people], np.bool_),
        "fortitude": np.array([has_fortitude(c) for c in people], np.bool_),
        "con_save": _ints(save_bonus(c, "con") for c in people),
        "hp": _ints(s[0] for s in states),
        "prone": np.array([s[1] for s in states], np.bool_),
        "dead": np.array([s[2] for s in states], np.bool_),
        "stable": np.array([s[3] for s in states], np.bool_),
        "successes": _ints(s[4] for s in states),
        "failures": _ints(s[5] for s in states),
    }


def _armed(fight: Fight, arms: Arms, plans: list[list[int]]) -> dict[str, Any]:
    """Each combatant's attacks of a turn, and every attack profile's numbers."""
    attacks = np.zeros((len(plans), max((len(p) for p in plans), default=0) or 1), np.int64)
    for row, plan in enumerate(plans):
        attacks[row, : len(plan)] = plan
    dice, const, adjust = _damage_arrays(fight, arms)
    dc, bonus, on = _rider_arrays(fight, arms)
    modes = [
        [_mode(r, near), _mode(r, near, prone=True)]
        for r, near in zip(arms.ranged, arms.close, strict=True)
    ]
    return {
        "attacks": attacks,
        "count": _ints(len(p) for p in plans),
        "bonus": _ints(arms.bonus),
        "need": np.clip(
            _ints(_whole(c, "ac") for c in fight.combatants)[None, :] - _ints(arms.bonus)[:, None],
            2,
            20,
        ),
        "throw": dice,
        "const": const,
        "radiant": np.array([is_radiant(kinds) for kinds in arms.kinds], np.bool_),
        "divide": adjust[0],
        "times": adjust[1],
        "mode": np.array(modes, np.int64).reshape(-1, 2),
        "rider_dc": dc,
        "rider_bonus": bonus,
        "rider_on": on,
    }


def _units(fight: Fight, *, shared: bool) -> list[int]:
    """With `shared_initiative`, NPCs of one kind (`initiative._kind`) roll once, as the
    first of them in the fight's list; the order keeps each kind together at that place."""
    kinds = [_kind(c) if shared else None for c in fight.combatants]
    return [kinds.index(k) if k is not None else i for i, k in enumerate(kinds)]


def _ints(values: Any) -> Ints:
    return np.array(list(values), np.int64)


def _whole(combatant: Combatant, key: str) -> int:
    try:
        return score(combatant, key)
    except RulesError as error:  # the engine would refuse every attack on it
        raise Declined(key) from error


def _running(fight: Fight) -> tuple[Ints, int] | None:
    """A fight in preparation (None: initiative is rolled first), or one at the start of a
    turn: its order and whose turn it is."""
    if fight.current is None:
        if fight.round != 0 or fight.order:
            raise Declined("a round without a turn")
        return None
    if fight.round < 1 or fight.current not in fight.order:
        raise Declined("the current turn")
    ids = [c.id for c in fight.combatants]
    if any(cid not in ids for cid in fight.order) or len(set(fight.order)) != len(fight.order):
        raise Declined("the order")
    turn = fight.get(fight.current).turn
    if not is_stale(turn, fight.round) and set(turn) - {"started", "round"}:
        raise Declined("a turn under way")
    order = np.full(len(ids), -1, np.int64)
    order[: len(fight.order)] = [ids.index(cid) for cid in fight.order]
    return order, fight.order.index(fight.current)


def _state(c: Combatant) -> tuple[int, bool, bool, bool, int, int]:
    """(HP, prone, dead, stable, death save successes, failures), where they are the states
    the fast path plays: a standing creature, a dead one at 0 HP, a character at 0 HP."""
    if set(c.conditions) - KNOWN_CONDITIONS or c.has("fled"):
        raise Declined("a condition")
    if c.hp < 0 or c.max_hp < 1:  # a natural 20's 1 HP would not wake it
        raise Declined("HP below 0")
    down = c.hp <= 0
    if (c.has("unconscious") or c.has("dead") or c.has("stable")) and not down:
        raise Declined("a condition at positive HP")
    if down and not c.is_npc and not c.has("dead") and not c.has("unconscious"):
        raise Declined("a character at 0 HP, awake")
    saves = (0, 0)
    for effect in c.effects:
        if effect.kind == RECHARGE:  # an action spent (a breath: breath.py)
            continue
        if effect.key != DEATH_SAVES or not down or c.is_npc:
            raise Declined("an effect")
        got = (effect.data.get("successes", 0), effect.data.get("failures", 0))
        if not all(type(n) is int and 0 <= n < 3 for n in got):
            raise Declined("death saves")
        saves = (int(got[0]), int(got[1]))
    return c.hp, c.has("prone"), c.has("dead"), c.has("stable"), saves[0], saves[1]


def _turn_plan(fight: Fight, c: Combatant, arms: Arms, usual: bool) -> list[int]:
    """The profiles of the attacks `c` makes in its turn, in order."""
    if c.is_npc and legendary.options(c):
        raise Declined("legendary actions")
    speed = stat(c, "speed")
    if type(speed) is int and speed <= 0:
        raise Declined("speed 0")  # it could not stand up
    best = best_attack(c, enemy_ac(fight, c))
    text = str(stat(c, "multiattack") or "")
    count = multiattack_count(text) if text else None
    if count is None:
        names = [best] * attacks_per_action(c)
    else:
        plan = multiattack.plan(text, count, named_attacks(c))
        names = [n for n, k in plan.items() for _ in range(k)] if plan else [best] * count
    if len(names) + 3 > MAX_ACTIONS:  # a death save, standing up, the Multiattack
        raise Declined("too many attacks")
    return [_arm(fight, c, name, arms, usual) for name in names]


def _arm(fight: Fight, c: Combatant, name: str, arms: Arms, usual: bool) -> int:
    """The row of the attack called `name` (or the unarmed strike) in `arms`."""
    kind = "unarmed" if name == NO_ATTACK else "attack"
    mods = Mods({}, SPECS[kind].allowed, KNOWN)
    try:
        distance = CLOSE
        if usual:
            first = profile(c, kind, name or None, mods, CLOSE)
            distance = (first.normal or CLOSE) if first.ranged else CLOSE
        made = profile(c, kind, name or None, mods, distance)
        check_reach(made, distance)
    except RulesError as error:
        raise Declined("an attack the engine refuses") from error
    if made.ranged and made.normal is not None and distance > made.normal:
        raise Declined("beyond the normal range")
    arms.bonus.append(made.bonus)
    arms.ranged.append(made.ranged)
    arms.close.append(distance <= CLOSE)
    arms.dice.append([dice_sizes(dice) for dice, _kind in made.damage])
    arms.crit.append([dice_sizes(doubled(dice)) for dice, _kind in made.damage])
    arms.const.append([parse(dice).constant for dice, _kind in made.damage])
    arms.kinds.append([kind.casefold() for _dice, kind in made.damage])
    arms.rider.append(_rider(c, made))
    return len(arms.bonus) - 1


def dice_sizes(expression: str) -> list[int]:
    """Plain dice only: each die as its signed size."""
    try:
        parsed = parse(expression)
    except InvalidDice as error:
        raise Declined("bad dice") from error
    if not all(term.plain for term in parsed.terms):
        raise Declined("dice that explode or keep")
    found: list[int] = []
    for term, sign in zip(parsed.terms, parsed.signs, strict=True):
        found += [sign * term.sides] * term.count
    if len(found) > MOST_DICE:
        raise Declined("too many dice")
    return found


def _rider(c: Combatant, made: Profile) -> tuple[int, str, str] | None:
    """A stat-block attack's rider (`saves.attack_rider`) the fast path plays: a save or be
    knocked prone for good; None when the rider changes nothing."""
    if any(w.get("name") == made.name for w in c.weapons):
        return None
    found = stat(c, "actions")
    entry = next((e for e in found if isinstance(e, Mapping) and e.get("name") == made.name), None)
    if entry is None or not calls_for_save(entry) or rider_condition(entry) is None:
        return None
    text = str(entry.get("text") or "")
    if rider_condition(entry) != "prone" or rider_duration(text) is not None:
        raise Declined("a rider")
    return int(entry["dc"]), str(entry["dc_ability"]), text


def _damage_arrays(fight: Fight, arms: Arms) -> tuple[Floats, Ints, Ints]:
    """The dice of every profile's damage parts, normal and critical; each part's divisor and
    multiplier on each target (`damage.adjusted`: immune, resistant, vulnerable in turn)."""
    rows, parts = len(arms.bonus), max((len(d) for d in arms.dice), default=0) or 1
    most = max((len(p) for d in arms.crit for p in d), default=0) or 1
    dice = np.zeros((rows, 2, parts, most), np.float64)
    const = np.zeros((rows, 2, parts), np.int64)
    adjust = np.ones((2, rows, parts, len(fight.combatants)), np.int64)
    for row in range(rows):
        for part, kind in enumerate(arms.kinds[row]):
            for critical, found in enumerate((arms.dice[row][part], arms.crit[row][part])):
                dice[row, critical, part, : len(found)] = found
                const[row, critical, part] = arms.const[row][part] + sum(
                    1 if size > 0 else -1 for size in found
                )
            for col, target in enumerate(fight.combatants):
                adjust[:, row, part, col] = adjustment(target, kind)
    return dice, const, adjust


def _tags(target: Combatant, key: str) -> list[str]:
    found = stat(target, key)
    return [str(tag).casefold() for tag in found] if isinstance(found, list) else []


def adjustment(target: Combatant, kind: str) -> tuple[int, int]:
    """(divisor, multiplier) of this damage type on this target, as `damage.adjusted`."""
    if kind in _tags(target, "damage_immunities"):
        return 1, 0
    halved = kind in _tags(target, "damage_resistances")
    twice = kind in _tags(target, "damage_vulnerabilities")
    return (2 if halved else 1), (2 if twice else 1)


def _mode(ranged: bool, close: bool, *, prone: bool = False) -> int:
    """0 one d20, 1 advantage, 2 disadvantage (`advantage.verdict`) on a standing or prone
    target: a prone one gives advantage within 5 ft, disadvantage farther; a ranged attack
    from within 5 ft has disadvantage; one of each is a plain roll."""
    up = prone and close
    down = (prone and not close) or (ranged and close)
    return 1 if up and not down else 2 if down and not up else 0


def _rider_arrays(fight: Fight, arms: Arms) -> tuple[Ints, Ints, Bools]:
    people = fight.combatants
    dc = np.zeros(len(arms.rider), np.int64)
    bonus = np.zeros((len(arms.rider), len(people)), np.int64)
    on = np.zeros((len(arms.rider), len(people)), np.bool_)
    for row, rider in enumerate(arms.rider):
        if rider is None:
            continue
        dc[row], ability, text = rider
        for col, t in enumerate(people):
            bonus[row, col] = save_bonus(t, ability)
            size, kind = str(stat(t, "size")), str(stat(t, "creature_type") or "")
            on[row, col] = spared_by(text, size, kind) is None and not immune(t, "prone")
    return dc, bonus, on
