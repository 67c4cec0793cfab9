"""Exact odds before a roll (issue H, 8): the chance to win a round or reach a difficulty."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

from combat.rules.base import Action
from combat.rules.preview import preview
from tests.rules.dice_pool.helpers import (
    DOG,
    ENGINE,
    PLAYER_A,
    PLAYER_B,
    PLAYER_C,
    fight,
    npc,
    pc,
    rolled,
)

DAGGER_COMBINATION = {"primary": "Boj s dýkou", "secondary": "Obratnost"}


def _brute(dice: int, test: object) -> Fraction:
    """Every outcome of `dice` d6 counted by hand: the share where test(sum) holds."""
    sums = [sum(faces) for faces in product(range(1, 7), repeat=dice)]
    return Fraction(sum(1 for total in sums if test(total)), len(sums))  # type: ignore[operator]


def _lines(steps: object) -> dict[str, dict[str, object]]:
    return {step.template: dict(step.params) for step in steps}  # type: ignore[attr-defined]


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.1f}"


def test_the_chance_that_three_dice_reach_10_on_the_door_is_62_5_percent() -> None:
    state = fight(pc("a", stats=PLAYER_A))
    action = Action("difficulty", "a", modifiers={"difficulty": 10, "primary": "Páčení",
                                                  "secondary": "Zručnost"})  # fmt: skip
    lines = _lines(ENGINE.odds(state, action))
    reach = lines["Chance to reach %(difficulty)s: %(percent)s %%"]
    assert reach["percent"] == "62.5" == _percent(_brute(3, lambda t: t >= 10))


def test_helpers_dice_count_in_the_chance_to_reach_the_difficulty() -> None:
    state = fight(pc("b", stats=PLAYER_B), pc("c", stats=PLAYER_C))
    action = Action("difficulty", "b", ("c",), modifiers={"difficulty": 12, "primary": "Síla"})
    lines = _lines(ENGINE.odds(state, action))
    reach = lines["Chance to reach %(difficulty)s: %(percent)s %%"]
    assert reach["percent"] == _percent(_brute(5, lambda t: t >= 12))


def test_the_chance_to_beat_the_dogs_4_with_three_dice_and_the_expected_hp_loss() -> None:
    state = fight(npc("dog", **DOG), pc("a", stats=PLAYER_A))
    state, _bite = rolled(state, "dog", [4])
    action = Action("fight_roll", "a", modifiers=DAGGER_COMBINATION)
    lines = _lines(ENGINE.odds(state, action))
    win = lines["Chance to win the round: %(percent)s %%, a tie: %(tie)s %%"]
    assert win == {"percent": _percent(_brute(3, lambda t: t > 4)),
                   "tie": _percent(_brute(3, lambda t: t == 4))}  # fmt: skip
    # Seed 004: „Pokud kolo prohrává NPC, odečítá si HP a to dle rozdílu mezi hodem svým a
    # hráčovým." The dog has 6 HP (1 die × 6): a margin of 7 to 10 takes those 6, no more.
    sums = [sum(f) for f in product(range(1, 7), repeat=3)]
    expected = Fraction(sum(min(6, max(0, s - 4)) for s in sums), len(sums))
    assert lines["Expected HP loss of the NPC: %(damage)s"] == {"damage": f"{float(expected):.1f}"}
    uncapped = Fraction(sum(max(0, s - 4) for s in sums), len(sums))
    assert expected < uncapped  # what the odds said before: more than the dog has to lose


def test_the_expected_hp_loss_never_passes_what_the_npc_has() -> None:
    """Issue O, 5: "Expected HP loss of the NPC: 42.0" for a 6-HP dog."""
    big = {  # ten dice against the dog's one
        "attributes": {**PLAYER_A["attributes"], "Obratnost": 5},
        "skills": {**PLAYER_A["skills"], "Boj s dýkou": 5},
    }
    state = fight(npc("dog", **DOG), pc("a", stats=big))
    state, _bite = rolled(state, "dog", [1])
    lines = _lines(ENGINE.odds(state, Action("fight_roll", "a", ("dog",),
                                             modifiers=DAGGER_COMBINATION)))  # fmt: skip
    loss = float(lines["Expected HP loss of the NPC: %(damage)s"]["damage"])
    assert 5.9 < loss <= 6.0


def test_the_generic_preview_agrees_with_the_engines_odds() -> None:
    state = fight(npc("dog", **DOG), pc("a", stats=PLAYER_A))
    state, _bite = rolled(state, "dog", [4])
    action = Action("fight_roll", "a", modifiers=DAGGER_COMBINATION)
    result = preview(ENGINE, replace(state, current="a"), action)
    assert result is not None and result.hit == _brute(3, lambda t: t > 4)
    assert result.damage == Fraction(sum(max(0, sum(f) - 4)
                                         for f in product(range(1, 7), repeat=3)), 216)  # fmt: skip


def test_an_unsilvered_roll_against_a_bestiary_monster_has_halved_odds() -> None:
    drowner = npc("n", attack_dice=3, defence_dice=3, bestiary_monster=True)
    state = fight(drowner, pc("a", stats=PLAYER_A))
    state, _claw = rolled(state, "n", [2, 2, 1])
    lines = _lines(ENGINE.odds(state, Action("fight_roll", "a", modifiers=DAGGER_COMBINATION)))
    win = lines["Chance to win the round: %(percent)s %%, a tie: %(tie)s %%"]
    assert win["percent"] == _percent(_brute(3, lambda t: t // 2 > 5))


def test_before_the_opponent_rolls_an_npc_is_counted_with_its_defence_dice() -> None:
    state = fight(pc("a", stats=PLAYER_A), npc("n", attack_dice=1, defence_dice=2))
    lines = _lines(ENGINE.odds(state, Action("fight_roll", "a", modifiers={"primary": "Síla"})))
    win = lines["Chance to win the round: %(percent)s %%, a tie: %(tie)s %%"]
    both = [(sum(a), sum(b)) for a in product(range(1, 7), repeat=2)
            for b in product(range(1, 7), repeat=2)]  # fmt: skip
    assert win["percent"] == _percent(Fraction(sum(1 for x, y in both if x > y), len(both)))


def test_a_character_still_to_roll_is_counted_with_its_best_combination_and_named() -> None:
    state = fight(npc("dog", **DOG), pc("c", stats=PLAYER_C))
    lines = _lines(ENGINE.odds(state, Action("fight_roll", "dog")))
    assert lines["Counting the best combination of %(names)s, still to roll"] == {"names": "C"}
    win = lines["Chance to win the round: %(percent)s %%, a tie: %(tie)s %%"]
    both = [(x, y) for x in range(1, 7) for y in range(1, 7)]
    assert win["percent"] == _percent(Fraction(sum(1 for x, y in both if x > y), 36))


def test_odds_of_a_free_roll_and_of_an_invalid_action() -> None:
    state = fight(pc("a", stats=PLAYER_A), pc("b", stats=PLAYER_B))
    odd = _lines(ENGINE.odds(state, Action("free_roll", "a", modifiers={"rule": "odd_yes"})))
    assert odd["Chance of yes: %(percent)s %%"] == {"percent": "50.0"}
    contest = _lines(ENGINE.odds(state, Action("free_roll", "a", ("b",),
                                               modifiers={"rule": "high_wins", "dice": 2})))  # fmt: skip
    both = [(sum(a), sum(b)) for a in product(range(1, 7), repeat=2)
            for b in product(range(1, 7), repeat=2)]  # fmt: skip
    expected = Fraction(sum(1 for x, y in both if x > y), len(both))
    assert contest["Chance to roll the highest: %(percent)s %%"] == {"percent": _percent(expected)}
    too_many = Action("difficulty", "a", modifiers={"difficulty": 5, "primary": "Síla", "bonus": 4})
    assert ENGINE.odds(state, too_many) is None
    assert ENGINE.odds(state, Action("attack", "a")) is None
    assert ENGINE.odds(state, Action("free_roll", "a", (), {"rule": "odd_yes"})) is None  # type: ignore[arg-type]
