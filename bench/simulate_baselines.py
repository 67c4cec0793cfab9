"""Hand-coded baselines for bench/bench_simulate.py: the same fights with the same numbers as
the engines' simulation, in a minimal loop with no engine (no Fight, no Outcome, no log).

They measure what the rules themselves cost in plain Python, so the benchmark can say how much
of a simulated fight is the engines' machinery. They are NOT a second copy of the rules for the
app (nothing imports them but the benchmark) and they leave out what the simple tactics rarely
meet: Dračí Hlídka's criticals and bleeding and outnumbering, 5e's Multiattack and conditions,
Shadowrun's recoil, ranges, wound modifiers and stun. Numbers are read from the same
combatants the engines get.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace

from combat.rules.base import Combatant, Fight

Roll = Callable[[int], int]  # a die with n sides → 1..n


@dataclass
class Unit:
    side: str
    hp: int
    attack: int  # DH: ÚČ; 5e: attack bonus; SR3: attack dice
    defence: int  # DH: OČ; 5e: AC; SR3: dodge dice (pool third)
    passive: int = 0  # DH: ZO
    damage: int = 0  # DH: zranění; 5e: damage bonus; SR3: power
    dice: tuple[int, int] = (0, 0)  # 5e: damage dice (count, sides)
    speed: int = 0  # initiative bonus (DH: OBR; 5e: DEX mod; SR3: Reaction)
    extra: int = 0  # SR3: initiative dice; 5e: 1 for a character (death saves)
    body: int = 0  # SR3: Body + resistance pool dice
    armour: int = 0  # SR3: ballistic or impact
    level: int = 0  # SR3: the damage level as boxes (1, 3, 6, 10)
    shots: int = 1  # SR3: attacks a phase
    out: bool = False
    used: int = 0  # DH: active defences used this round


def weakest(units: list[Unit], me: Unit) -> Unit | None:
    best = None
    for other in units:
        if other.side == me.side or other.out or other.hp <= 0:
            continue
        if best is None or other.hp < best.hp:
            best = other
    return best


def over(units: list[Unit]) -> bool:
    return len({u.side for u in units if not u.out}) <= 1


# --- Dračí Hlídka ------------------------------------------------------------------------------


def exploding_d6(die: Roll) -> int:
    total = face = die(6)
    while face == 6:
        face = die(6)
        total += face
    return total


def dh_fight(units: list[Unit], die: Roll, cap: int) -> int:
    for round_no in range(1, cap + 1):
        for unit in units:
            unit.used = 0
        order = sorted((u for u in units if not u.out), key=lambda u: -(die(6) + u.speed))
        for unit in order:
            target = None if unit.out else weakest(units, unit)
            if target is None:
                continue
            attack = unit.attack + exploding_d6(die)
            defence = target.passive if target.used else target.defence + exploding_d6(die)
            target.used += 1
            if attack > defence:
                target.hp -= max(0, attack - defence + unit.damage)
                target.out = target.hp <= 0
            if over(units):
                return round_no
    return cap + 1


# --- D&D 5e ------------------------------------------------------------------------------------


def dnd5e_fight(units: list[Unit], die: Roll, cap: int) -> int:
    order = sorted(units, key=lambda u: -(die(20) + u.speed))  # once for the whole fight
    saves = {id(u): [0, 0] for u in units}
    for round_no in range(1, cap + 1):
        for unit in order:
            if unit.out:
                continue
            if unit.hp <= 0:  # a dying character's death saving throw
                natural, tally = die(20), saves[id(unit)]
                tally[natural < 10] += 2 if natural == 1 else 1
                unit.out = tally[1] >= 3
                continue
            target = weakest(units, unit)
            if target is None:
                continue
            natural = die(20)
            if natural == 20 or (natural != 1 and natural + unit.attack >= target.defence):
                count, sides = unit.dice
                rolls = 2 * count if natural == 20 else count
                target.hp = max(0, target.hp - sum(die(sides) for _ in range(rolls)) - unit.damage)
                target.out = target.hp <= 0 and not target.extra
            if not [u for u in units if u.side == "party" and u.hp > 0] or over(units):
                return round_no
    return cap + 1


# --- Shadowrun 3 -------------------------------------------------------------------------------


def successes(dice: int, target: int, die: Roll) -> int:
    """Rule of six: a six is rolled again and added while the total is short of the TN."""
    hits = 0
    for _ in range(dice):
        total = face = die(6)
        while face == 6 and total < target:
            face = die(6)
            total += face
        hits += total >= target
    return hits


def sr3_fight(units: list[Unit], die: Roll, cap: int) -> int:
    for round_no in range(1, cap + 1):
        scores = {id(u): u.speed + sum(die(6) for _ in range(u.extra)) for u in units}
        while any(scores[id(u)] > 0 and not u.out for u in units):
            for unit in sorted(units, key=lambda u: -scores[id(u)]):
                if scores[id(unit)] <= 0 or unit.out:
                    continue
                for _ in range(unit.shots):
                    target = weakest(units, unit)
                    if target is None:
                        break
                    net = successes(unit.attack, 4, die) - successes(target.defence, 4, die)
                    if net > 0:
                        resist = successes(target.body, max(2, unit.damage - target.armour), die)
                        level = min(4, max(0, unit.level + (net - resist) // 2))
                        target.hp -= (0, 1, 3, 6, 10)[level]
                        target.out = target.hp <= 0
                if over(units):
                    return round_no
            scores = {key: value - 10 for key, value in scores.items()}
    return cap + 1


# --- building the units from the engines' combatants -------------------------------------------


def units_of(system: str, fight: Fight) -> list[Unit]:
    return [BUILD[system](c) for c in fight.combatants]


def _dh(c: Combatant) -> Unit:
    from combat.rules.draci_hlidka.common import number, override, weapon, zo
    from combat.rules.draci_hlidka.tactics import best_weapon

    arm = weapon(c, best_weapon(c))
    guard = max((int(w.get("obrana", 0)) for w in c.weapons), default=0)
    uc, oc, own = override(c, "uc"), override(c, "oc"), override(c, "zraneni")
    uc = uc if uc is not None else number(c, "sil") + int(arm["utocnost"])
    oc = oc if oc is not None else zo(c) + guard + number(c, "stit")
    own = own if own is not None else int(arm["zraneni"])
    return Unit(c.side, c.hp, uc, oc, zo(c), own, speed=number(c, "obr"))


def _dnd5e(c: Combatant) -> Unit:
    from combat.rules.dice import parse
    from combat.rules.dnd5e.catalogue import KNOWN, SPECS
    from combat.rules.dnd5e.common import modifier, score
    from combat.rules.dnd5e.mods import Mods
    from combat.rules.dnd5e.profile import profile
    from combat.rules.dnd5e.tactics import best_attack

    made = profile(c, "attack", best_attack(c, 14.0), Mods({}, SPECS["attack"].allowed, KNOWN), 5)
    parsed = parse(made.damage[0][0])
    term = parsed.terms[0]
    return Unit(c.side, c.hp, made.bonus, score(c, "ac"), damage=parsed.constant,
                dice=(term.count, term.sides), speed=modifier(c, "dex"),
                extra=int(not c.is_npc))  # fmt: skip


def _sr3(c: Combatant) -> Unit:
    from combat.rules.shadowrun3.common import number, pool_size, weapon
    from combat.rules.shadowrun3.ranged import weapon_skill
    from combat.rules.shadowrun3.tactics import FIRE, best_arm

    name, kind = best_arm(c)
    arm = weapon(c, name) if name else None
    _key, rating = weapon_skill(arm, c.stats.get("skills") or {})
    third = pool_size(c) // 3
    power = int(arm["power"]) if arm else number(c, "strength")
    if arm and arm.get("strength_based"):
        power += number(c, "strength")
    level = {"L": 1, "M": 2, "S": 3, "D": 4}[str(arm["damage_level"]) if arm else "M"]
    armour = number(c, "ballistic" if kind == FIRE else "impact")
    return Unit(c.side, c.max_hp, rating + third, third, damage=power,
                speed=number(c, "reaction") + number(c, "reaction_bonus"),
                extra=number(c, "initiative_dice"), body=number(c, "body") + third,
                armour=armour, level=level, shots=2 if kind == FIRE else 1)  # fmt: skip


BUILD: dict[str, Callable[[Combatant], Unit]] = {
    "draci_hlidka": _dh, "dnd5e": _dnd5e, "shadowrun3": _sr3,
}  # fmt: skip
FIGHT: dict[str, Callable[[list[Unit], Roll, int], int]] = {
    "draci_hlidka": dh_fight, "dnd5e": dnd5e_fight, "shadowrun3": sr3_fight,
}  # fmt: skip


def baseline(
    system: str, fight: Fight, fights: int, seed: int = 0, cap: int = 50
) -> dict[str, int]:
    """Play `fights` fights; each side's wins (and "undecided", "nobody")."""
    die = random.Random(seed).randint
    roll: Roll = lambda sides: die(1, sides)  # noqa: E731 - the baseline's one die
    wins: dict[str, int] = {}
    start = units_of(system, fight)  # the numbers, read once
    for _ in range(fights):
        units = [replace(unit) for unit in start]
        rounds = FIGHT[system](units, roll, cap)
        left = {u.side for u in units if not u.out and u.hp > 0}
        key = "undecided" if rounds > cap else (next(iter(left)) if len(left) == 1 else "nobody")
        wins[key] = wins.get(key, 0) + 1
    return wins
