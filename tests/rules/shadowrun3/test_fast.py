"""Shadowrun 3's fast path (issue P) against the engine: the same fight simulated both ways
agrees within 4 standard errors (tests/rules/fast_agreement.py) on the demo fights and on
randomised ones — close fights with guns of every fire mode, small magazines, smartlinks,
lasers, recoil, melee weapons with reach and bare hands, stun and dermal armour; it declines
what it does not play, and `simulate` then uses the engine."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from campaigns.demo_records import records_for
from combat.rules.base import Combatant, Fight
from combat.rules.engines import get_engine, tactics_for
from combat.rules.faces import SeededFaces
from combat.rules.flow import after, next_turn
from combat.rules.shadowrun3 import SYSTEM
from combat.rules.shadowrun3.fast import fast
from combat.rules.simulate import simulate
from combat.rules.systems import get_system
from tests.rules.fast_agreement import assert_agrees, both, disagreements, play_turn
from tests.rules.simulate_fights import BENCH, BIG, prepared

SYSTEM_KEY = "shadowrun3"
FIREARMS = ("heavy_pistol", "light_pistol", "smg", "assault_rifle", "shotgun", "lmg", "taser")
SKILLS = (
    "pistols",
    "smgs",
    "assault_rifles",
    "shotguns",
    "heavy_weapons",
    "edged_weapons",
    "clubs",
    "unarmed_combat",
)


def _firearm(rng: random.Random, number: int) -> dict[str, Any]:
    return {
        "name": f"Gun {number}",
        "power": rng.randint(4, 10),
        "damage_level": rng.choice("LMS"),
        "stun": rng.random() < 0.15,
        "weapon_type": rng.choice(FIREARMS),
        "firing_modes": rng.choice([[], ["SA"], ["BF"], ["FA"], ["SS"], ["SA", "BF"]]),
        "recoil_compensation": rng.randint(0, 3),
        "smartgun": rng.random() < 0.4,
        "laser_sight": rng.random() < 0.4,
        "gyro": rng.choice([0, 0, 2]),
        "magazine": rng.randint(2, 12),
        "ammunition": rng.choice(["normal", "normal", "apds", "gel"]),
    }


def _blade(rng: random.Random, number: int) -> dict[str, Any]:
    return {
        "name": f"Blade {number}",
        "power": rng.randint(0, 4),
        "strength_based": True,
        "damage_level": rng.choice("LMS"),
        "stun": rng.random() < 0.3,
        "weapon_type": "melee",
        "reach": rng.randint(0, 2),
    }


def _stats(rng: random.Random) -> dict[str, Any]:
    def d(low: int, high: int) -> int:
        return rng.randint(low, high)

    return {
        **{k: d(2, 7) for k in ("body", "quickness", "strength", "intelligence", "willpower")},
        "reaction": d(2, 7),
        "reaction_bonus": d(0, 3),
        "initiative_dice": d(1, 3),
        "combat_pool": rng.choice([None, None, d(0, 12)]),
        "skills": {k: d(0, 6) for k in rng.sample(SKILLS, 4)},
        "ballistic": d(0, 6),
        "impact": d(0, 4),
        "dermal_armor": rng.choice([0, 0, d(1, 3)]),
        "smartlink": rng.choice(["none", "smartlink", "smartgoggles"]),
    }


def random_fight(seed: int, size: int) -> Fight:
    """`size` combatants on two sides with random stats (within the schema's ranges) and
    random weapons: a demo weapon, a random firearm or blade, or none."""
    rng = random.Random(seed)
    schema, engine = get_system(SYSTEM_KEY), get_engine(SYSTEM_KEY)
    demo = [{"name": w["name"], **w["stats"]} for w in records_for(SYSTEM_KEY).weapons]
    made: list[Combatant] = []
    for number in range(1, size + 1):
        arms = rng.choice([[rng.choice(demo)], [_firearm(rng, number)], [_blade(rng, number)], []])
        if rng.random() < 0.3:
            arms.append(_blade(rng, number + 100))
        made.append(
            engine.combatant_from_record(
                id=f"c{number}",
                name=f"Runner {number}",
                side="party" if number % 2 else "enemies",
                stats=schema.creature.clean(_stats(rng)),
                is_npc=number % 2 == 0,
                weapons=[_clean(schema, a) for a in arms],
                armor=[],
            )
        )
    return Fight(round=0, combatants=tuple(made))


def _close(result: Any) -> bool:
    share = result.wins.get("party", 0) / result.fights
    return bool(0.15 < share < 0.85)


def test_the_benchmark_fight_agrees_with_the_engine() -> None:
    _engine, fight = prepared(SYSTEM_KEY, BENCH[SYSTEM_KEY])
    assert_agrees(SYSTEM_KEY, fight, fast_fights=10_000, engine_fights=600)


def test_the_big_fight_agrees_with_the_engine() -> None:
    _engine, fight = prepared(SYSTEM_KEY, BIG[SYSTEM_KEY])
    assert_agrees(SYSTEM_KEY, fight, fast_fights=10_000, engine_fights=300)


# Close fights (each side wins 15–85 %): gel and APDS rounds, full auto and bursts from
# magazines of 2 and 3, single shots, a shotgun's doubled burst recoil, melee weapons with reach
# and bare hands, smartlinks and lasers, stun, dermal armour.
RANDOM = ((55, 4), (18, 4), (57, 5))


def test_close_random_fights_agree_with_the_engine() -> None:
    for seed, size in RANDOM:
        fight = random_fight(seed, size)
        quick, slow = both(SYSTEM_KEY, fight, fast_fights=10_000, engine_fights=600, seed=seed)
        assert _close(slow), f"fight {seed} is not close: {slow.wins}"
        found = disagreements(quick, slow)
        assert not found, f"fight {seed}: " + "; ".join(found)


def wounded(fight: Fight) -> Fight:
    """The benchmark fight between two combat turns: hurt, stunned, one thug out, a magazine
    nearly empty, round 2 waiting for initiative."""
    first, second, thug, *rest = fight.combatants
    ammo = {"Ares Predator": {"rounds": 1, "type": "normal", "clip": True}}
    return replace(
        fight,
        round=2,
        combatants=(
            replace(first, hp=5, turn={"ammo": ammo}),
            replace(second, turn={"stun": 4}),
            replace(thug, hp=-1, conditions=frozenset({"unconscious", "dying"})),
            *rest,
        ),
    )


def test_a_fight_with_damage_done_agrees_with_the_engine() -> None:
    _engine, fight = prepared(SYSTEM_KEY, BENCH[SYSTEM_KEY])
    assert_agrees(SYSTEM_KEY, wounded(fight), fast_fights=10_000, engine_fights=600)


def midway(fight: Fight, turns: int, seed: int) -> Fight:
    """The fight after initiative and `turns` phases played by the engine and the tactics:
    a pass under way, the next combatant's phase not begun."""
    engine, tactics, faces = get_engine(SYSTEM_KEY), tactics_for(SYSTEM_KEY), SeededFaces(seed)
    assert tactics is not None
    fight = after(fight, engine.roll_initiative(fight, [c.id for c in fight.combatants], faces))
    fight = replace(fight, round=1, current=fight.order[0])
    choose = tactics.plan(fight)
    for _turn in range(turns):
        fight = play_turn(engine, fight, choose, faces)
        fight = next_turn(engine, fight, faces).fight
    return fight


def test_a_fight_in_the_middle_of_a_pass_agrees_with_the_engine() -> None:
    fight = midway(random_fight(57, 5), 3, seed=2)
    assert fight.current is not None and fight.stage.get("pass") == 2
    assert any(c.hp < c.max_hp for c in fight.combatants)
    assert_agrees(SYSTEM_KEY, fight, fast_fights=10_000, engine_fights=500)


def test_a_phase_already_begun_goes_to_the_engine() -> None:
    fight = midway(random_fight(57, 5), 3, seed=2)
    tactics = tactics_for(SYSTEM_KEY)
    assert tactics is not None and fight.current is not None
    action = tactics.plan(fight)(fight, fight.current, 0)
    assert action is not None and fast(fight, fights=10, seed=1, round_cap=50) is not None
    begun = after(fight, get_engine(SYSTEM_KEY).resolve(fight, action, SeededFaces(1)))
    assert fast(begun, fights=10, seed=1, round_cap=50) is None


def test_what_it_does_not_play_goes_to_the_engine() -> None:
    engine, fight = prepared(SYSTEM_KEY, BENCH[SYSTEM_KEY])
    first = fight.combatants[0]
    started = replace(fight, round=1, order=(first.id,), current=first.id)
    declined = [
        replace(
            fight,
            combatants=(replace(first, conditions=frozenset({"prone"})), *fight.combatants[1:]),
        ),
        replace(fight, options={"weapons": "holstered"}),
        replace(
            fight,
            combatants=(replace(first, turn={"modes": {"AK-97": "FA"}}), *fight.combatants[1:]),
        ),
        started,
    ]
    for other in declined:
        assert fast(other, fights=10, seed=1, round_cap=50) is None
    tactics = tactics_for(SYSTEM_KEY)
    assert tactics is not None
    result = simulate(engine, declined[0], tactics, fights=20, fast=SYSTEM.fast)
    assert (result.fights, result.fast) == (20, 0)


def test_simulate_uses_the_fast_path_and_it_is_deterministic() -> None:
    engine, fight = prepared(SYSTEM_KEY, BENCH[SYSTEM_KEY])
    tactics = tactics_for(SYSTEM_KEY)
    assert tactics is not None
    result = simulate(engine, fight, tactics, fights=3_000, seed=4, fast=SYSTEM.fast)
    assert (result.fights, result.fast, result.fallbacks) == (3_000, 3_000, 0)
    again = simulate(engine, fight, tactics, fights=3_000, seed=4, fast=SYSTEM.fast)
    assert again == result
    one, other = (fast(fight, fights=3_000, seed=seed, round_cap=50) for seed in (4, 5))
    assert one is not None and other is not None and one.rounds != other.rounds
    assert set(result.drops) == {c.id for c in fight.combatants}


def _clean(schema: Any, arm: dict[str, Any]) -> dict[str, Any]:
    stats = {k: v for k, v in arm.items() if k != "name"}
    return {"name": arm["name"], **schema.weapon.clean(stats)}


def test_a_firearm_without_a_magazine_is_fired_not_a_crash() -> None:
    """A gun whose rounds are not counted (magazine 0: a bow, a crossbow) is simply fired: the
    tactics once read its missing count as a number and the simulation crashed (TypeError)."""
    engine, fight = prepared(SYSTEM_KEY, BENCH[SYSTEM_KEY])
    first = fight.combatants[0]
    uncounted = [{**arm, "magazine": 0} for arm in first.weapons]
    fight = replace(fight, combatants=(replace(first, weapons=uncounted), *fight.combatants[1:]))
    tactics = tactics_for(SYSTEM_KEY)
    assert tactics is not None
    result = simulate(engine, fight, tactics, fights=20, seed=2)
    assert result.fights == 20 and result.fallbacks == 0
