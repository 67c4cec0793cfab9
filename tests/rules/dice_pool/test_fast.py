"""The dice pool's fast path (issue P, combat.rules.dice_pool.fast) against the engine: the same
fights simulated both ways agree within 4 standard errors (tests/rules/fast_agreement.py) on the
demo fights, on randomised fights and on a running fight; what it does not play it declines,
and the engine plays those fights instead."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from campaigns.demo_records import records_for
from combat.rules.base import Combatant, Effect, Fight, moved
from combat.rules.dice_pool import SYSTEM
from combat.rules.dice_pool.fast import fast
from combat.rules.engines import get_engine, tactics_for
from combat.rules.lasting import LASTS
from combat.rules.simulate import Simulation, simulate
from combat.rules.systems import get_system
from tests.rules.fast_agreement import assert_agrees, both, disagreements
from tests.rules.simulate_fights import BENCH, BIG, prepared, started

ENGINE = get_engine("dice_pool")
# A roll as the engine keeps it in the roller's turn (rounds._roll), made in round 4.
ROLLED = {
    "round": 4,
    "dice": 3,
    "total": 9,
    "counted": 9,
    "skills": ["Síla"],
    "special": False,
    "intent": "kill",
    "targets": ["c1"],
}
NAMES = ("Síla", "Obratnost", "Zručnost", "Tělesná konstituce", "Boj s dýkou", "Rétorika")


def _bench() -> Fight:
    return prepared("dice_pool", BENCH["dice_pool"])[1]


def _weapons() -> list[dict[str, Any]]:
    schema = get_system("dice_pool")
    return [
        {"name": w["name"], **schema.weapon.clean(w["stats"])}
        for w in records_for("dice_pool").weapons
    ]


def _character(rng: random.Random, cid: str, side: str) -> Combatant:
    """A character with one to four random levels (the schema allows 0–10), maybe silver."""
    names = rng.sample(NAMES, rng.randint(1, 4))
    levels = {name: rng.randint(1, 5) for name in names}
    stats = {
        "attributes": {k: v for k, v in levels.items() if k in NAMES[:4]},
        "skills": {k: v for k, v in levels.items() if k not in NAMES[:4]},
        "silver_weapon": rng.random() < 0.2,
    }
    weapons = [w for w in _weapons() if rng.random() < 0.4]
    return _made(cid, side, stats, is_npc=False, weapons=weapons)


def _monster(rng: random.Random, cid: str, side: str, dice: int) -> Combatant:
    """An NPC of about `dice` defence dice and as many attack dice give or take one, maybe with
    HP of its own, maybe a bestiary monster."""
    defence = max(1, min(20, dice))
    stats: dict[str, Any] = {
        "attack_dice": max(1, defence + rng.randint(-1, 1)),
        "defence_dice": defence,
        "bestiary_monster": rng.random() < 0.4,
    }
    if rng.random() < 0.3:
        stats["hp"] = rng.randint(1, 6 * defence + 6)
    return _made(cid, side, stats, is_npc=True, weapons=[])


def _made(
    cid: str, side: str, stats: dict[str, Any], *, is_npc: bool, weapons: list[dict[str, Any]]
) -> Combatant:
    clean = get_system("dice_pool").creature.clean(stats)
    return ENGINE.combatant_from_record(
        id=cid, name=cid, side=side, stats=clean, is_npc=is_npc, weapons=weapons, armor=[]
    )


def _random_fight(seed: int, **options: Any) -> Fight:
    """Two to five characters (an allied NPC among them now and then) against one to four NPCs
    with about as many dice as the party (a fight the dice decide, not the numbers), in a
    shuffled list, so the order and the ties are not the list's."""
    rng = random.Random(seed)
    made = [
        _monster(rng, f"p{n}", "party", rng.randint(2, 6))
        if rng.random() < 0.2
        else _character(rng, f"p{n}", "party")
        for n in range(rng.randint(2, 5))
    ]
    party = sum(c.stats["defence_dice"] if c.is_npc else c.max_hp for c in made)
    count = rng.randint(1, 4)
    share = party * rng.uniform(0.6, 1.0) / count
    made += [
        _monster(rng, f"m{n}", "enemies", round(share + rng.uniform(-1, 1))) for n in range(count)
    ]
    rng.shuffle(made)
    return Fight(round=0, combatants=tuple(made), options=options)


def _running() -> Fight:
    """The BIG fight at the start of its round 4: dice lost, HP lost, a dog dead, the first in
    the order beaten, so the round begins with the second one's turn; last round's rolls kept."""
    fight = started(ENGINE, prepared("dice_pool", BIG["dice_pool"])[1], [])
    changed = []
    for combatant in fight.combatants:
        if combatant.id == fight.order[0]:
            combatant = replace(combatant, hp=0, conditions=frozenset({"beaten"}))
        elif combatant.id in {"c2", "c5"}:
            combatant = replace(combatant, hp=combatant.hp - 2)
        elif combatant.id == "c9":
            combatant = replace(combatant, hp=0, conditions=frozenset({"dead"}))
        elif combatant.id in {"c17", "c20"}:
            combatant = replace(combatant, hp=5)
        changed.append(replace(combatant, turn={"roll": {**ROLLED, "round": 3}}))
    return moved(fight, combatants=tuple(changed), round=4, current=fight.order[1])


def test_the_benchmark_fight_agrees_with_the_engine() -> None:
    assert_agrees("dice_pool", _bench(), fast_fights=20_000, engine_fights=1_000)


def test_the_big_fight_agrees_with_the_engine() -> None:
    assert_agrees(
        "dice_pool",
        prepared("dice_pool", BIG["dice_pool"])[1],
        fast_fights=10_000,
        engine_fights=200,
    )


@pytest.mark.parametrize(
    ("seed", "options"),
    [(1, {}), (3, {"rounds": "one"}), (5, {"skip_defeated": "yes"}), (10, {}), (15, {})],
)
def test_randomised_fights_agree_with_the_engine(seed: int, options: dict[str, str]) -> None:
    fight = _random_fight(seed, **options)
    quick, slow = both("dice_pool", fight, fast_fights=20_000, engine_fights=600, seed=seed)
    assert not disagreements(quick, slow), disagreements(quick, slow)
    assert quick.undecided < quick.fights  # not a fight where nothing happens


def test_the_randomised_fights_are_not_one_sided() -> None:
    """The agreement means something only where the dice decide: most random fights are open."""
    open_fights = 0
    for seed in (1, 3, 5, 10, 15):
        result = fast(_random_fight(seed), fights=2_000, seed=seed, round_cap=50)
        assert result is not None
        open_fights += 0.05 < max(result.wins.values(), default=0) / result.fights < 0.95
    assert open_fights == 5


def test_a_running_fight_agrees_with_the_engine() -> None:
    assert_agrees("dice_pool", _running(), fast_fights=10_000, engine_fights=200)


def _tied() -> Fight:
    """Three NPCs of 10 HP: the first in the list a bestiary monster (player A's rolls against
    it are halved), the last not, so which one the party aims at first tells the tie apart."""

    def monster(cid: str, bestiary: bool = False) -> Combatant:
        stats = {"attack_dice": 3, "defence_dice": 3, "hp": 10, "bestiary_monster": bestiary}
        return _made(cid, "enemies", stats, is_npc=True, weapons=[])

    a = _made("a", "party", {"attributes": {"Síla": 5, "Obratnost": 4}}, is_npc=False, weapons=[])
    b_stats = {"attributes": {"Síla": 3}, "skills": {"Rétorika": 3}, "silver_weapon": True}
    b = _made("b", "party", b_stats, is_npc=False, weapons=[])
    return Fight(round=0, combatants=(monster("m1", True), a, monster("m2"), b, monster("m3")))


def test_ties_of_hp_go_to_the_first_in_the_list_as_in_the_engine() -> None:
    assert_agrees("dice_pool", _tied(), fast_fights=20_000, engine_fights=1_000)


def test_characters_beaten_before_join_with_all_their_dice_and_their_drops_do_not_count() -> None:
    fight = _random_fight(4)
    first = next(c for c in fight.combatants if not c.is_npc)
    beaten = replace(first, hp=0, conditions=frozenset({"beaten"}))
    fight = replace(fight, combatants=tuple(beaten if c is first else c for c in fight.combatants))
    quick, slow = both("dice_pool", fight, fast_fights=20_000, engine_fights=600)
    assert not disagreements(quick, slow), disagreements(quick, slow)
    assert quick.drops[first.id] == slow.drops[first.id] == 0


def _declined(fight: Fight) -> None:
    assert fast(fight, fights=10, seed=1, round_cap=50) is None
    tactics = tactics_for("dice_pool")
    assert tactics is not None
    result = simulate(ENGINE, fight, tactics, fights=10, seed=1, fast=fast)
    assert result.fast == 0 and result.fights == 10


def _with(fight: Fight, cid: str, **changes: Any) -> Fight:
    return replace(
        fight,
        combatants=tuple(replace(c, **changes) if c.id == cid else c for c in fight.combatants),
    )


def test_a_timed_condition_is_declined_and_the_engine_plays() -> None:
    timer = Effect("lasts-prone", LASTS, {"condition": "prone", "until": 3})
    _declined(_with(_bench(), "c4", effects=(timer,)))


def test_a_roll_already_made_this_round_is_declined() -> None:
    running = _running()
    _declined(_with(running, "c5", turn={"roll": ROLLED}))
    _declined(replace(running, stage={"settled": 4}))
    _declined(replace(running, current=running.order[3]))  # mid-round: others have had turns


def test_a_third_side_and_an_npc_without_dice_are_declined() -> None:
    fight = _bench()
    _declined(_with(fight, "c6", side="wolves"))
    _declined(_with(fight, "c4", stats={**fight.get("c4").stats, "attack_dice": 0}))


def test_a_character_who_would_run_out_of_dice_is_declined() -> None:
    """The engine refuses a roll of no dice (the actor passes): player A's best combination has
    5 dice; with a sixth die to lose it would have none left while it still stands."""
    fight = _bench()
    _declined(_with(fight, "c1", max_hp=fight.get("c1").max_hp + 1))


def test_the_same_seed_gives_the_same_result() -> None:
    fight = _random_fight(2)
    first = fast(fight, fights=3_000, seed=9, round_cap=50)
    assert first == fast(fight, fights=3_000, seed=9, round_cap=50)
    assert first != fast(fight, fights=3_000, seed=10, round_cap=50)


def test_simulate_uses_the_fast_path_of_the_system() -> None:
    tactics = tactics_for("dice_pool")
    assert SYSTEM.fast is fast and tactics is not None
    result = simulate(ENGINE, _bench(), tactics, fights=2_500, seed=3, fast=SYSTEM.fast)
    assert (result.fast, result.fights, result.requested, result.seed) == (2_500, 2_500, 2_500, 3)
    assert sum(result.wins.values()) + result.nobody + result.undecided == 2_500
    assert result.sides == ("party", "enemies")
    assert set(result.drops) == {c.id for c in _bench().combatants}


def test_the_round_cap_leaves_fights_undecided_as_the_engine_does() -> None:
    fight = _random_fight(5)
    capped = fast(fight, fights=5_000, seed=2, round_cap=10)
    assert isinstance(capped, Simulation)
    assert max(capped.rounds) == 10 and 0 < capped.undecided < 5_000
    tactics = tactics_for("dice_pool")
    assert tactics is not None
    engine = simulate(ENGINE, fight, tactics, fights=600, seed=2, round_cap=10)
    assert not disagreements(capped, engine), disagreements(capped, engine)


def test_a_fight_over_before_it_begins_ends_in_its_first_round() -> None:
    fight = _bench()
    for cid in ("c4", "c5", "c6"):
        fight = _with(fight, cid, hp=0, conditions=frozenset({"dead"}))
    quick, slow = both("dice_pool", fight, fast_fights=100, engine_fights=20)
    assert quick.wins == {"party": 100} and quick.rounds == {1: 100}
    assert slow.wins == {"party": 20} and slow.rounds == {1: 20}
