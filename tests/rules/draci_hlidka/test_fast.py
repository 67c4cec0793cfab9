"""Dračí Hlídka's fast path (issue P) against the engine: the same fights, the same figures within
4 standard errors (tests/rules/fast_agreement.py) — the benchmark fight, the 20-combatant fight,
randomised fights, fights with the options and conditions it plays, and a fight half-way
through a round; then what it declines, and that `simulate` uses it."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from campaigns.demo_records import records_for
from combat.rules.base import Combatant, Effect, Fight, moved
from combat.rules.draci_hlidka import SYSTEM, tactics
from combat.rules.draci_hlidka.fast import fast
from combat.rules.faces import SeededFaces
from combat.rules.flow import after, next_turn
from combat.rules.simulate import ROUND_CAP, simulate
from tests.rules.fast_agreement import assert_agrees, both, disagreements
from tests.rules.simulate_fights import BENCH, BIG, prepared

ENGINE, TACTICS = SYSTEM.engine, tactics
RECORDS = records_for("draci_hlidka")
WEAPONS = [{"name": w["name"], **SYSTEM.weapon.clean(w["stats"])} for w in RECORDS.weapons]
ARMOR = [{"name": a["name"], **SYSTEM.armor.clean(a["stats"])} for a in RECORDS.armor]


def _bench(**options: Any) -> Fight:
    return prepared("draci_hlidka", BENCH["draci_hlidka"], **options)[1]


def test_the_benchmark_fight_agrees_with_the_engine() -> None:
    quick, slow = both("draci_hlidka", _bench(), fast_fights=20_000, engine_fights=1_000)
    assert not disagreements(quick, slow), disagreements(quick, slow)
    assert quick.fast == quick.fights == 20_000 and quick.fallbacks == 0
    assert set(quick.drops) == set(slow.drops)


def test_the_big_fight_agrees_with_the_engine() -> None:
    fight = prepared("draci_hlidka", BIG["draci_hlidka"])[1]
    assert_agrees("draci_hlidka", fight, fast_fights=10_000, engine_fights=300)


def _stats(rand: random.Random, monster: bool) -> dict[str, Any]:
    stats: dict[str, Any] = {
        "sil": rand.randint(-2, 5),
        "obr": rand.randint(-2, 4),
        "odo": rand.randint(-1, 3),
        "zivoty": rand.randint(6, 30),
        "zbroj": rand.randint(0, 4),
        "stit": rand.choice((0, 0, 2, 3)),
        "velikost": rand.choice("ABBBC"),
        "muze_krvacet": rand.random() < 0.8,
    }
    if monster and rand.random() < 0.5:  # a stat block's own numbers
        stats.update(uc=rand.randint(1, 8), oc=rand.randint(1, 8), zo=rand.randint(0, 5))
        stats["zraneni"] = rand.randint(0, 3)
    return SYSTEM.creature.clean(stats)


def _weapons(rand: random.Random) -> list[dict[str, Any]]:
    chosen = rand.sample(WEAPONS, rand.randint(0, 2))
    if rand.random() < 0.4:
        made: dict[str, Any] = {"utocnost": rand.randint(-1, 6), "zraneni": rand.randint(-1, 4)}
        made.update(obrana=rand.randint(0, 3), druh=rand.choice(("melee", "melee", "thrown")))
        chosen.append({"name": "Vlastní zbraň", **SYSTEM.weapon.clean(made)})
    return chosen


def _random_fight(seed: int, sides: int = 2, **options: Any) -> Fight:
    """Random combatants within the schema's ranges, built as `add combatants` does."""
    rand = random.Random(seed)
    made: list[Combatant] = []
    for index in range(rand.randint(4, 9)):
        side = ("party", "enemies", "others")[index % sides]
        made.append(
            ENGINE.combatant_from_record(
                id=f"c{index + 1}",
                name=f"Bojovník {index + 1}",
                side=side,
                stats=_stats(rand, side != "party"),
                is_npc=side != "party",
                weapons=_weapons(rand),
                armor=rand.sample(ARMOR, rand.randint(0, 2)),
            )
        )
    return Fight(round=0, combatants=tuple(made), options=options)


@pytest.mark.parametrize("seed", [9, 13, 20])
def test_randomised_fights_agree_with_the_engine(seed: int) -> None:
    assert_agrees("draci_hlidka", _random_fight(seed), fast_fights=10_000, engine_fights=400)


def test_three_sides_and_the_options_agree_with_the_engine() -> None:
    """Initiative once, bleeding from the next round, a GM's initiative bonus."""
    options = {"initiative_once": "yes", "critical_bleeds_at_hit": "no", "skip_defeated": "yes"}
    fight = _random_fight(25, sides=3, initiative_modifiers={"c2": 3}, **options)
    assert_agrees("draci_hlidka", fight, fast_fights=10_000, engine_fights=400)


def _evenly_matched() -> Fight:
    """Two against two, Obrana above Útok: a long fight that the criticals' bleeding decides
    (without them it would last five rounds longer)."""
    made = []
    for index, side in enumerate(("party", "party", "enemies", "enemies")):
        stats = {"zivoty": 30 + 5 * (index % 2), "obr": index % 2, "uc": 5 + index % 2}
        stats.update(oc=8, zo=6, zraneni=0)
        made.append(
            ENGINE.combatant_from_record(
                id=f"c{index + 1}",
                name=f"Bojovník {index + 1}",
                side=side,
                stats=SYSTEM.creature.clean(stats),
                is_npc=True,
                weapons=[],
                armor=[],
            )
        )
    return Fight(round=0, combatants=tuple(made))


def test_a_long_fight_of_criticals_and_bleeding_agrees_with_the_engine() -> None:
    assert_agrees("draci_hlidka", _evenly_matched(), fast_fights=10_000, engine_fights=600)


def _with(fight: Fight, **conditions: frozenset[str]) -> Fight:
    combatants = tuple(
        replace(c, conditions=conditions.get(c.id, c.conditions)) for c in fight.combatants
    )
    return replace(fight, combatants=combatants)


def test_surprise_prone_invisible_and_bleeding_agree_with_the_engine() -> None:
    bleeding = Effect("bleeding-1", "bleeding", {"type": "critical", "dice": 1, "source": "c5"})
    fight = _with(
        _bench(),
        c5=frozenset({"surprised"}),
        c6=frozenset({"surprised", "prone"}),
        c2=frozenset({"invisible"}),
        c1=frozenset({"prone"}),
    )
    first = replace(fight.combatants[0], effects=(bleeding,))
    fight = replace(fight, combatants=(first, *fight.combatants[1:]))
    assert_agrees("draci_hlidka", fight, fast_fights=10_000, engine_fights=500)


def potion(heal: int, stops: bool = False) -> Effect:
    return Effect("potion-1", "potion", {"stops_bleeding": stops, "heal": heal})


def test_potions_and_bleeding_as_the_next_round_begins_agree_with_the_engine() -> None:
    def bleeding(dice: int) -> Effect:
        return Effect("bleeding-1", "bleeding", {"type": "critical", "dice": dice, "source": "c5"})

    fight = _bench()
    baldur, meredil, barbar, halfling, leader = fight.combatants[:5]
    changed = (
        replace(baldur, hp=12, effects=(bleeding(2), potion(10, stops=True))),
        replace(meredil, hp=5, effects=(potion(30),)),
        replace(barbar, effects=(bleeding(1),)),
        replace(halfling, hp=6, effects=(bleeding(1), potion(4))),
        replace(leader, effects=(bleeding(2), potion(0, stops=True))),
    )
    fight = replace(fight, combatants=(*changed, *fight.combatants[5:]))
    assert_agrees("draci_hlidka", fight, fast_fights=10_000, engine_fights=500)


def _running(turns: int, seed: int) -> Fight:
    """The benchmark fight after `turns` turns played by the engine and the tactics."""
    fight, faces = _bench(new_round_waits="yes"), SeededFaces(seed)
    choose = TACTICS.plan(fight)
    fight = after(fight, ENGINE.roll_initiative(fight, [c.id for c in fight.combatants], faces))
    fight = moved(fight, round=1, current=fight.order[0])
    for _turn in range(turns):
        action = choose(fight, fight.current, 0) if fight.current else None
        if action is not None:
            fight = after(fight, ENGINE.resolve(fight, action, faces))
        fight = next_turn(ENGINE, fight, faces).fight
        if fight.current is None:
            ids = [c.id for c in fight.combatants if not TACTICS.is_out(c)]
            fight = after(fight, ENGINE.roll_initiative(fight, ids, faces))
            fight = moved(fight, current=fight.order[0])
    return fight


def test_a_fight_half_way_through_a_round_agrees_with_the_engine() -> None:
    fight = _running(14, seed=4)
    assert fight.round == 2 and fight.current != fight.order[0]
    assert any(c.hp < c.max_hp for c in fight.combatants)
    assert any(c.turn.get("melee_attackers") for c in fight.combatants)
    assert_agrees("draci_hlidka", fight, fast_fights=10_000, engine_fights=500)


def test_a_round_waiting_for_its_initiative_is_played_too() -> None:
    fight = _running(10, seed=4)
    fight = moved(fight, current=None)  # as the round began, before the GM's roll
    assert fight.round == 2
    assert_agrees("draci_hlidka", fight, fast_fights=10_000, engine_fights=300)


def _one(fight: Fight, **changes: Any) -> Fight:
    first = replace(fight.combatants[0], **changes)
    return replace(fight, combatants=(first, *fight.combatants[1:]))


protected = Effect("bleeding-1", "bleeding", {"type": "helpless", "amount": 3, "protect": True})
DECLINED: dict[str, Callable[[Fight], Fight]] = {
    "helpless": lambda f: _one(f, conditions=frozenset({"helpless"})),
    "asleep": lambda f: _one(f, conditions=frozenset({"asleep"})),
    "bleeding that cannot kill": lambda f: _one(f, effects=(protected,)),
    "a potion for one down": lambda f: _one(f, hp=0, effects=(potion(0),)),
    "an unknown option": lambda f: replace(f, options={"house_rule": "yes"}),
    "a stage": lambda f: replace(f, stage={"pass": 2}),
    "a crawl": lambda f: _one(f, turn={"long": "crawl"}),
}


@pytest.mark.parametrize("what", sorted(DECLINED))
def test_what_it_does_not_play_is_declined(what: str) -> None:
    assert fast(DECLINED[what](_bench()), fights=10, seed=1, round_cap=ROUND_CAP) is None


def test_a_declined_fight_is_played_by_the_engine() -> None:
    fight = DECLINED["helpless"](_bench())
    result = simulate(ENGINE, fight, TACTICS, fights=30, seed=2, fast=SYSTEM.fast)
    assert result.fast == 0 and result.fights == 30
    assert result == simulate(ENGINE, fight, TACTICS, fights=30, seed=2)


def test_the_same_seed_gives_the_same_result() -> None:
    first = fast(_bench(), fights=2_000, seed=5, round_cap=ROUND_CAP)
    assert first == fast(_bench(), fights=2_000, seed=5, round_cap=ROUND_CAP)
    assert first != fast(_bench(), fights=2_000, seed=6, round_cap=ROUND_CAP)


def test_simulate_uses_the_fast_path() -> None:
    result = simulate(ENGINE, _bench(), TACTICS, fights=3_500, seed=1, fast=SYSTEM.fast)
    assert result.fast == result.fights == result.requested == 3_500
    assert sum(result.wins.values()) + result.nobody + result.undecided == 3_500
    assert list(result.rounds) == sorted(result.rounds)
    assert result.sides == ("party", "enemies")


def test_the_round_cap_leaves_fights_undecided() -> None:
    """One round only: most benchmark fights are still going after it."""
    quick = fast(_bench(), fights=5_000, seed=1, round_cap=1)
    slow = simulate(ENGINE, _bench(), TACTICS, fights=300, seed=1, round_cap=1)
    assert quick is not None and quick.undecided > 0
    assert not disagreements(quick, slow), disagreements(quick, slow)
