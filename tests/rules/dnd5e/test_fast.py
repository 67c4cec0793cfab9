"""The D&D 5e fast path (issue P) against the engine: the same win rates, rounds and drops
within 4 standard errors on the benchmark fights, the 20-combatant fight, randomised fights and
a fight under way; it declines what it does not play, and the engine then plays it."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from campaigns.demo_records import records_for
from combat.rules.base import Combatant, Fight
from combat.rules.dnd5e import SYSTEM
from combat.rules.dnd5e.fast import simulate_fast as fast
from combat.rules.dnd5e.fast.compiled import compile_fight
from combat.rules.dnd5e.srd import monster_from_srd
from combat.rules.engines import get_engine, tactics_for
from combat.rules.faces import SeededFaces
from combat.rules.flow import after, next_turn
from combat.rules.simulate import simulate
from combat.rules.systems import get_system
from tests.rules.fast_agreement import assert_agrees, play_turn
from tests.rules.simulate_fights import BENCH, BIG, prepared
from tests.rules.simulate_fights import combatants as demo_combatants
from tests.srd import load

KINDS = ["slashing", "piercing", "bludgeoning", "fire", "radiant", "poison"]


def test_the_benchmark_fight_agrees_with_the_engine() -> None:
    assert_agrees("dnd5e", prepared("dnd5e", BENCH["dnd5e"])[1], engine_fights=500)


def test_the_big_fight_agrees_with_the_engine() -> None:
    assert_agrees("dnd5e", prepared("dnd5e", BIG["dnd5e"])[1], engine_fights=250)


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_randomised_fights_agree_with_the_engine(seed: int) -> None:
    fight = _random_fight(random.Random(seed))
    assert fast(fight, fights=10, seed=1, round_cap=50) is not None
    assert_agrees("dnd5e", fight, fast_fights=20_000, engine_fights=300)


def test_a_wolf_pack_that_knocks_prone_agrees_with_the_engine() -> None:
    """Bites that knock prone (DC 17) on characters with twice their HP: the advantage on a
    prone target and the standing up decide this fight. The wolves share one initiative."""
    party = [(name, "party", 1) for name in ("Helga", "Lis", "Mira", "Brat Jan")]
    wolves = [*party, ("Wolf", "enemies", 5)]
    fight = prepared("dnd5e", wolves, shared_initiative="yes")[1]

    def tougher(c: Combatant) -> Combatant:
        if c.is_npc:
            bites = [{**a, "dc": 17} for a in c.stats["actions"]]
            return replace(c, stats={**c.stats, "actions": bites})
        return replace(c, hp=2 * c.hp, max_hp=2 * c.max_hp)

    fight = replace(fight, combatants=tuple(tougher(c) for c in fight.combatants))
    assert_agrees("dnd5e", fight, engine_fights=400)


def test_monsters_that_breathe_agree_with_the_engine() -> None:
    """SRD 5.1's Hell Hound (a bite of two damage types, Fire Breath for half on a DEX save)
    and Winter Wolf (Cold Breath, a bite that knocks prone) on eight characters of thrice
    their HP: the breath, its recharge d6 and the saves decide this fight."""
    assert_agrees("dnd5e", _hounds(), engine_fights=300)


def test_monsters_that_breathe_in_a_fight_under_way_agree_with_the_engine() -> None:
    """Both breaths spent, the Winter Wolf's turn begun (its recharge d6 is behind it)."""
    fight = _under_way(_hounds(), turns=10, seed=2)
    wolf = fight.get("m2")
    assert fight.current == "m2" and any(e.kind == "recharge" for e in wolf.effects)
    assert_agrees("dnd5e", fight, engine_fights=300)


def test_zombies_agree_with_the_engine() -> None:
    """Five SRD 5.1 Zombies (Undead Fortitude) on the party, whose Brat Jan strikes with
    radiant damage: the CON save at 0 HP, and none against radiant damage or a critical hit."""
    party = [(name, "party", 1) for name in ("Helga", "Lis", "Mira", "Brat Jan")]
    people = list(demo_combatants("dnd5e", party)[1])
    jan = people[-1]
    people[-1] = replace(jan, weapons=tuple({**w, "damage_type": "radiant"} for w in jan.weapons))
    zombies = tuple(_srd("Zombie", f"z{n}") for n in range(5))
    fight = Fight(round=0, combatants=(*people, *zombies))
    compiled = compile_fight(fight)
    assert compiled.fortitude.sum() == 5 and compiled.radiant.any()
    assert_agrees("dnd5e", fight, engine_fights=400)


def test_a_fight_under_way_agrees_with_the_engine() -> None:
    fight = _under_way(prepared("dnd5e", BENCH["dnd5e"])[1], turns=13, seed=5)
    assert fight.round >= 2 and any(c.hp < c.max_hp for c in fight.combatants)
    assert_agrees("dnd5e", fight, engine_fights=600)


def test_a_condition_it_does_not_play_is_declined_and_the_engine_plays() -> None:
    fight = prepared("dnd5e", BENCH["dnd5e"])[1]
    poisoned = replace(fight.combatants[0], conditions=frozenset({"poisoned"}))
    fight = replace(fight, combatants=(poisoned, *fight.combatants[1:]))
    assert fast(fight, fights=100, seed=1, round_cap=50) is None
    engine, tactics = get_engine("dnd5e"), tactics_for("dnd5e")
    assert tactics is not None
    result = simulate(engine, fight, tactics, fights=30, seed=2, fast=SYSTEM.fast)
    assert result.fast == 0 and result.fights == 30
    assert result == simulate(engine, fight, tactics, fights=30, seed=2)


def test_a_legendary_monster_is_declined() -> None:
    fight = prepared("dnd5e", BENCH["dnd5e"])[1]
    last = fight.combatants[-1]
    tail = {"name": "Tail Attack", "text": "The orc makes a greataxe attack."}
    stats = {**last.stats, "legendary_actions": [tail]}
    fight = replace(fight, combatants=(*fight.combatants[:-1], replace(last, stats=stats)))
    assert fast(fight, fights=100, seed=1, round_cap=50) is None


def test_the_same_seed_gives_the_same_result() -> None:
    fight = prepared("dnd5e", BIG["dnd5e"])[1]
    first = fast(fight, fights=2_000, seed=9, round_cap=50)
    assert first == fast(fight, fights=2_000, seed=9, round_cap=50)
    assert first != fast(fight, fights=2_000, seed=10, round_cap=50)


def test_simulate_uses_the_fast_path_for_the_benchmark_fight() -> None:
    engine, fight = prepared("dnd5e", BENCH["dnd5e"])
    tactics = tactics_for("dnd5e")
    assert tactics is not None and SYSTEM.fast is fast
    result = simulate(engine, fight, tactics, fights=3_000, seed=4, fast=SYSTEM.fast)
    assert result.fast == result.fights == 3_000 and result.fallbacks == 0
    assert set(result.drops) == {c.id for c in fight.combatants}
    assert sum(result.wins.values()) + result.nobody + result.undecided == 3_000


def test_a_short_round_cap_leaves_fights_undecided_as_the_engine_does() -> None:
    fight = prepared("dnd5e", BENCH["dnd5e"])[1]
    quick = fast(fight, fights=5_000, seed=3, round_cap=3)
    assert quick is not None and quick.undecided > 0 and max(quick.rounds) == 3


# --- fights to compare ----------------------------------------------------------------------


def _hounds() -> Fight:
    party = [(name, "party", 2) for name in ("Helga", "Lis", "Mira", "Brat Jan")]
    people = demo_combatants("dnd5e", party)[1]
    tougher = tuple(replace(c, hp=3 * c.hp, max_hp=3 * c.max_hp) for c in people)
    return Fight(
        round=0, combatants=(*tougher, _srd("Hell Hound", "m1"), _srd("Winter Wolf", "m2"))
    )


def _srd(name: str, cid: str) -> Combatant:
    entry = next(m for m in load("5e-SRD-Monsters.json") if m["name"] == name)
    shown, stats = monster_from_srd(entry)
    engine = get_engine("dnd5e")
    return engine.combatant_from_record(
        id=cid, name=shown, side="enemies", stats=stats, is_npc=True, weapons=(), armor=()
    )


def _under_way(fight: Fight, *, turns: int, seed: int) -> Fight:
    """`fight` after its initiative and `turns` turns played through the engine and the
    tactics, at the start of the next turn."""
    engine, tactics, faces = get_engine("dnd5e"), tactics_for("dnd5e"), SeededFaces(seed)
    assert tactics is not None
    fight = after(fight, engine.roll_initiative(fight, [c.id for c in fight.combatants], faces))
    fight = replace(fight, round=1, current=fight.order[0])
    choose = tactics.plan(fight)
    for _turn in range(turns):
        assert fight.current is not None and not engine.is_over(fight)
        fight = play_turn(engine, fight, choose, faces)
        fight = next_turn(engine, fight, faces).fight
    return fight


def _random_fight(rng: random.Random) -> Fight:
    """Demo creatures with random numbers within the schema's ranges, and random features the
    fast path plays: resistances, Extra Attack, a Multiattack, a rider that knocks prone."""
    records, schema, engine = records_for("dnd5e"), get_system("dnd5e"), get_engine("dnd5e")
    weapons = [{"name": w["name"], **schema.weapon.clean(w["stats"])} for w in records.weapons]
    made: list[Combatant] = []
    for side, pool, count in (
        ("party", records.characters, rng.randint(2, 4)),
        ("enemies", records.monsters, rng.randint(2, 5)),
    ):
        for _ in range(count):
            record = rng.choice(pool)
            stats = schema.creature.clean(_random_stats(rng, dict(record["stats"]), side))
            arms = rng.sample(weapons, rng.randint(0, 2)) if side == "party" else []
            made.append(
                engine.combatant_from_record(
                    id=f"c{len(made) + 1}",
                    name=f"{record['name']} {len(made) + 1}",
                    side=side,
                    stats=stats,
                    is_npc=side != "party",
                    weapons=arms,
                    armor=[],
                )
            )
    options = {"usual_distance": "weapon"} if rng.random() < 0.5 else {}
    return Fight(round=0, combatants=tuple(made), options=options)


def _random_stats(rng: random.Random, stats: dict[str, Any], side: str) -> dict[str, Any]:
    stats.update(
        hp=rng.randint(3, 30),
        ac=rng.randint(9, 18),
        str=rng.randint(6, 18),
        dex=rng.randint(6, 18),
        proficiency_bonus=rng.randint(2, 3),
        damage_resistances=rng.sample(KINDS, rng.randint(0, 1)),
        damage_vulnerabilities=rng.sample(KINDS, rng.randint(0, 1)),
        damage_immunities=rng.sample(KINDS, rng.randint(0, 1)),
        condition_immunities=["prone"] if rng.random() < 0.2 else [],
    )
    if side == "party" and rng.random() < 0.4:
        stats["traits"] = [{"name": "Extra Attack", "text": "Two attacks."}]
    if side == "enemies":
        claw = {
            "name": "Claw",
            "attack_bonus": rng.randint(2, 7),
            "damage": [
                {
                    "dice": f"{rng.randint(1, 2)}d{rng.choice([4, 6, 8])}+{rng.randint(0, 3)}",
                    "type": rng.choice(KINDS),
                }
            ],
            "reach": 5,
        }
        if rng.random() < 0.5:
            claw.update(dc=rng.randint(10, 14), dc_ability="str", dc_condition="prone")
            claw["text"] = "A creature hit must succeed on the save or be knocked prone."
        stats["actions"] = [claw]
        if rng.random() < 0.5:
            stats["multiattack"] = "It makes two attacks with its claws."
    return stats
