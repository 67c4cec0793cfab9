"""The Old-School Essentials fast path (issue P, combat.rules.ose.fast) against its engine: the
same fights agree within 4 standard errors (tests/rules/fast_agreement.py) on the benchmark
fight, the 20-combatant fight, randomised fights and a fight caught between two rounds; what it
does not play it declines, and the engine plays it instead."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from campaigns.demo_records import records_for
from combat.rules.base import Effect, Fight
from combat.rules.engines import get_engine, tactics_for
from combat.rules.faces import SeededFaces
from combat.rules.flow import after, next_turn
from combat.rules.ose import SYSTEM
from combat.rules.ose.fast import fast
from combat.rules.simulate import simulate
from combat.rules.systems import get_system
from tests.rules.fast_agreement import assert_agrees, both, disagreements, play_turn
from tests.rules.simulate_fights import BENCH, BIG, prepared

DAMAGE = ("1d4", "1d6", "2d4", "1d8+1", "1d10-2", "1d3")


def _bench(**options: Any) -> Fight:
    return prepared("ose", BENCH["ose"], **options)[1]


def test_the_benchmark_fight_agrees() -> None:
    assert_agrees("ose", _bench(), fast_fights=20_000, engine_fights=500)


def test_the_benchmark_fight_agrees_with_morale_variable_damage_and_ascending_ac() -> None:
    # Every option as a new fight of a campaign has it (combat.workflows, combat.options).
    options = {"skip_defeated": "yes", "new_round_waits": "yes", "monster_stats": "hidden"}
    fight = _bench(morale="yes", variable_damage="yes", ascending_ac="yes", **options)
    assert_agrees("ose", fight, fast_fights=20_000, engine_fights=400)


def test_the_benchmark_fight_agrees_with_simultaneous_ties() -> None:
    quick, slow = both(
        "ose", _bench(initiative_ties="simultaneous", morale="yes"), engine_fights=500
    )
    assert quick.nobody > 0  # both sides' last fall together
    assert not disagreements(quick, slow)


def test_the_benchmark_fight_agrees_with_individual_initiative() -> None:
    fight = _bench(individual_initiative="yes", morale="yes")
    assert_agrees("ose", fight, fast_fights=20_000, engine_fights=400)


def test_the_big_fight_agrees() -> None:
    fight = prepared("ose", BIG["ose"], morale="yes")[1]
    assert_agrees("ose", fight, fast_fights=20_000, engine_fights=200)


# An ogre (morale 10) leading goblins (morale 7): each checks the side's roll by its own score.
MIXED_MORALE = [
    ("Dagmar", "party", 1),
    ("Pip", "party", 1),
    ("Brother Ambrose", "party", 1),
    ("Zelda", "party", 1),
    ("Ogre", "enemies", 1),
    ("Goblin", "enemies", 5),
]


def test_a_side_of_mixed_morale_agrees() -> None:
    assert_agrees("ose", prepared("ose", MIXED_MORALE, morale="yes")[1], engine_fights=600)


def _stats(rng: random.Random, monster: bool) -> dict[str, Any]:
    """A creature's random stats within the schema's ranges; a monster's own attacks."""
    stats: dict[str, Any] = {
        "hp": rng.randint(1, 16),
        "ac": rng.randint(-2, 9),
        "aac": rng.choice((None, rng.randint(8, 22))),
        "thac0": rng.randint(10, 19),
        "str_mod": rng.randint(-3, 3),
        "dex_mod": rng.randint(-3, 3),
        "morale": rng.randint(3, 12),
        "attacks_per_round": rng.choice((1, 1, 1, 2, 3)),
    }
    if monster:
        kinds = [rng.choice(("melee", "melee", "missile")) for _ in range(rng.randint(1, 3))]
        stats["attacks"] = [
            {"name": f"a{k}", "kind": kind, "damage": rng.choice(DAMAGE)}
            for k, kind in enumerate(kinds)
        ]
    return stats


def _random_fight(seed: int) -> Fight:
    """Random stats within the schema's ranges (kept where fights end well within the round
    cap), the demo weapons, two or three sides, random options the fast path plays."""
    rng = random.Random(seed)
    records, schema = records_for("ose"), get_system("ose")
    weapons = [{"name": w["name"], **schema.weapon.clean(w["stats"])} for w in records.weapons]
    armor = [{"name": a["name"], **schema.armor.clean(a["stats"])} for a in records.armor]
    sides = ["party", "goblins", "wolves"][: rng.choice((2, 3))]
    made = []
    for number in range(rng.randint(len(sides) + 2, 9)):
        side = sides[number] if number < len(sides) else rng.choice(sides)
        monster = side != "party" and rng.random() < 0.7
        stats = _stats(rng, monster)
        carried = rng.sample(weapons, rng.randint(0 if monster else 1, 2))
        made.append(
            get_engine("ose").combatant_from_record(
                id=f"c{number + 1}",
                name=f"{side} {number}",
                side=side,
                stats=schema.creature.clean(stats),
                is_npc=side != "party" or rng.random() < 0.2,
                weapons=carried,
                armor=rng.sample(armor, rng.randint(0, 1)),
            )
        )
    options = {
        key: rng.choice(("yes", "no")) for key in ("morale", "variable_damage", "ascending_ac")
    }
    return Fight(round=0, combatants=tuple(made), options=options)


@pytest.mark.parametrize("seed", [12, 16, 18])
def test_randomised_fights_agree(seed: int) -> None:
    assert_agrees("ose", _random_fight(seed), fast_fights=10_000, engine_fights=300)


def _by_side(fight: Fight, **options: str) -> Fight:
    """The fight with each side's combatants together in its list, and more options."""
    people = tuple(sorted(fight.combatants, key=lambda c: c.side))
    return replace(fight, combatants=people, options={**fight.options, **options})


def test_a_randomised_fight_of_three_sides_with_simultaneous_ties_agrees() -> None:
    fight = _by_side(_random_fight(13), initiative_ties="simultaneous")
    assert len({c.side for c in fight.combatants}) == 3
    assert_agrees("ose", fight, fast_fights=10_000, engine_fights=300)


def test_a_randomised_fight_of_three_sides_with_individual_initiative_agrees() -> None:
    fight = _random_fight(16)
    fight = replace(fight, options={**fight.options, "individual_initiative": "yes"})
    assert len({c.side for c in fight.combatants}) == 3 and fight.options["morale"] == "yes"
    assert_agrees("ose", fight, fast_fights=10_000, engine_fights=300)


def _duel(**options: str) -> Fight:
    """A quick duelist (DEX +3: initiative +2) against a slow one (DEX −3: −2), each of 1 HP
    and sure to hit: who acts first nearly always wins."""
    schema, engine = get_system("ose"), get_engine("ose")
    made = tuple(
        engine.combatant_from_record(
            id=f"c{n}",
            name=side,
            side=side,
            stats=schema.creature.clean({"hp": 1, "thac0": 1, "dex_mod": dex}),
            is_npc=side != "party",
            weapons=[],
            armor=[],
        )
        for n, (side, dex) in enumerate((("party", -3), ("enemies", 3)), start=1)
    )
    return Fight(round=0, combatants=made, options=options)


def test_individual_initiative_adds_dex() -> None:
    quick, slow = both("ose", _duel(individual_initiative="yes"), engine_fights=400)
    assert quick.chance(quick.wins["enemies"]) > 0.8
    assert not disagreements(quick, slow)


def _between_rounds() -> Fight:
    """The benchmark fight played through the engine to the start of its second round."""
    engine, fight = prepared("ose", BENCH["ose"], morale="yes")
    faces, tactics = SeededFaces(4), tactics_for("ose")
    assert tactics is not None
    choose = tactics.plan(fight)
    fight = after(fight, engine.roll_initiative(fight, [c.id for c in fight.combatants], faces))
    fight = replace(fight, round=1, current=fight.order[0])
    while fight.round == 1:
        fight = play_turn(engine, fight, choose, faces)
        fight = next_turn(engine, fight, faces).fight
    return fight


def test_a_fight_between_two_rounds_agrees() -> None:
    fight = _between_rounds()
    assert fight.round == 2 and fight.current is None
    assert any(c.hp < c.max_hp for c in fight.combatants)
    assert not get_engine("ose").is_over(fight)
    quick, slow = both("ose", fight, fast_fights=20_000, engine_fights=500)
    assert min(quick.rounds) >= 2
    assert not disagreements(quick, slow)


def _held(fight: Fight) -> Fight:
    first = fight.combatants[0]
    effect = Effect("condition_modifier-Webbed", "condition_modifier", {"condition": "Webbed"})
    changed = replace(first, effects=(effect,), conditions=frozenset({"Webbed"}))
    return replace(fight, combatants=(changed, *fight.combatants[1:]))


def _exploding(fight: Fight) -> Fight:
    goblin = fight.combatants[-1]
    stats = {**goblin.stats, "attacks": [{"name": "Bite", "kind": "melee", "damage": "1d6!"}]}
    return replace(fight, combatants=(*fight.combatants[:-1], replace(goblin, stats=stats)))


@pytest.mark.parametrize(
    "fight",
    [
        _bench(individual_initiative="yes", initiative_ties="simultaneous"),
        replace(_random_fight(13), options={"initiative_ties": "simultaneous"}),
        _bench(surprise="yes"),
        _held(_bench()),
        _exploding(_bench()),
        replace(_bench(), stage={"step": "act"}),
    ],
    ids=[
        "individual",
        "simultaneous sides interleaved",
        "unknown option",
        "held modifier",
        "exploding",
        "round",
    ],
)
def test_what_it_does_not_play_it_declines(fight: Fight) -> None:
    assert fast(fight, fights=100, seed=1, round_cap=50) is None


def test_a_declined_fight_is_played_by_the_engine() -> None:
    fight = _bench(individual_initiative="yes", initiative_ties="simultaneous")
    engine, tactics = get_engine("ose"), tactics_for("ose")
    assert tactics is not None
    result = simulate(engine, fight, tactics, fights=30, seed=2, fast=SYSTEM.fast)
    assert result.fast == 0 and result == simulate(engine, fight, tactics, fights=30, seed=2)


def test_simulate_uses_the_fast_path_and_its_results_repeat() -> None:
    engine, tactics = get_engine("ose"), tactics_for("ose")
    assert tactics is not None and SYSTEM.fast is fast
    result = simulate(engine, _bench(), tactics, fights=3_000, seed=9, fast=SYSTEM.fast)
    assert result.fast == result.fights == 3_000 and result.fallbacks == 0
    assert result == simulate(engine, _bench(), tactics, fights=3_000, seed=9, fast=SYSTEM.fast)
    other = simulate(engine, _bench(), tactics, fights=3_000, seed=10, fast=SYSTEM.fast)
    assert other != result
    assert set(result.drops) == {c.id for c in _bench().combatants}
    assert sum(result.wins.values()) + result.nobody + result.undecided == 3_000
