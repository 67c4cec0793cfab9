"""The odds' work budget (issue K): exact within it, estimated past it, refused when the dice
engine itself would refuse most rolls; never a RecursionError. No clock: the decisions and the
bounded number of rolls are what is checked."""

import contextlib
import sys

import pytest

from combat.rules.budget import EXACT_BUDGET, MAX_POOL_OUTCOMES, exact_cost, within_budget
from combat.rules.dice import MAX_DICE, InvalidDice, parse
from combat.rules.estimate import (
    FACE_BUDGET,
    MIN_TRIALS,
    PROBE,
    TRIALS,
    Estimate,
    chances,
    estimate,
    trials_for,
)
from combat.rules.faces import SeededFaces
from combat.rules.odds import Odds, odds

# What tables roll every day, and what the odds tests check against closed forms: exact.
EVERYDAY = [
    "1d20+5",
    "2d20kh1+5",
    "2d20kl1+5",
    "3d6",
    "4d6kh3",
    "4d6!kh3",
    "8d6!!>=7",
    "10d6!!>=4",
    "1d6!",
    "3d6!!>=8",
    "2d10!!kh1-1d4!",
    "12d6",
    "8d6+8d6",
    "20d20kh10",
    "1d100",
    "2d6!",
    "6d6>=5",
    "15d6!!>=5",
    "1d6!+9-1d6!-4",
    "100d2",
]

# Past the budget (finding 2 and its relatives): icepool would take seconds, or recurse.
COSTLY = [
    "100d10!>=8+100d10!>=8",
    "200d6!>=2",
    "6d1000!kh3",
    "50d100kh25",
    "200d1000",
    "20d6!",
    "10d6!kh3",
    "30d100kh15",
    "2d1000kh1",
    "200d6!!>=7",
    "6d6!kh3",
]


class Counting:
    """A seeded face source that counts the faces it hands out."""

    def __init__(self, seed: int) -> None:
        self.faces = SeededFaces(seed)
        self.drawn = 0

    def roll(self, sides: int) -> int:
        self.drawn += 1
        return self.faces.roll(sides)


@pytest.mark.parametrize("expression", EVERYDAY)
def test_everyday_expressions_stay_exact_and_equal_the_exact_odds(expression):
    assert within_budget(parse(expression).root)
    result = chances(expression, SeededFaces(1))
    assert isinstance(result, Odds)
    assert result.totals == odds(expression).totals


@pytest.mark.parametrize("expression", COSTLY)
def test_costly_expressions_are_over_the_budget_before_anything_is_computed(expression):
    assert exact_cost(parse(expression).root) > EXACT_BUDGET
    with pytest.raises(InvalidDice, match="too many outcomes for exact odds"):
        odds(expression)


def test_a_pool_of_more_outcomes_than_the_recursion_guard_is_never_exact():
    assert within_budget(parse("2d150kh1").root)
    assert exact_cost(parse(f"2d{MAX_POOL_OUTCOMES + 1}kh1").root) == float("inf")
    assert exact_cost(parse("2d300!!kh1").root) == float("inf")  # 300 × (depth + 1) outcomes


def test_the_largest_exact_pool_fits_well_inside_the_recursion_limit():
    # icepool recurses once per outcome of a pool's die: a few hundred frames at most.
    depth = len(_frames())
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + MAX_POOL_OUTCOMES + 200)
    try:
        assert isinstance(chances("2d150kh1", SeededFaces(1)), Odds)
        assert isinstance(chances("200d6", SeededFaces(1)), Estimate | Odds)
    finally:
        sys.setrecursionlimit(old)


def _frames() -> list[object]:
    frame, frames = sys._getframe(), []
    while frame is not None:
        frames.append(frame)
        frame = frame.f_back
    return frames


def test_finding_2_keep_highest_of_exploding_d1000s_is_estimated_not_a_recursion_error():
    result = chances("6d1000!kh3", SeededFaces(3))
    assert isinstance(result, Estimate)
    assert MIN_TRIALS <= result.trials <= TRIALS and result.failed == 0
    assert 0 < result.margin <= 0.031


@pytest.mark.parametrize("expression", ["200d6!>=2", "100d10!>=8+100d10!>=8", "200d2!"])
def test_finding_2_expressions_the_engine_cannot_roll_are_refused_after_a_probe(expression):
    source = Counting(5)
    with pytest.raises(InvalidDice, match="more than 200 dice rolled"):
        chances(expression, source)
    assert source.drawn <= PROBE * MAX_DICE  # refused within the probe, not after 4000 rolls


@pytest.mark.parametrize("expression", [*COSTLY, "1d6!+" * 11 + "1d6!"])
def test_an_estimate_rolls_a_bounded_number_of_times(expression):
    parsed = parse(expression)
    assert MIN_TRIALS <= trials_for(parsed) <= TRIALS
    source = Counting(2)
    with contextlib.suppress(InvalidDice):  # refused after the probe: fewer faces still
        estimate(parsed, source)
    assert source.drawn <= trials_for(parsed) * MAX_DICE
    assert source.drawn <= max(FACE_BUDGET * 2, MIN_TRIALS * MAX_DICE)


def test_an_estimate_agrees_with_the_exact_odds_within_its_margin():
    exact = odds("3d6")
    guessed = estimate(parse("3d6"), SeededFaces(11))
    for target in (4, 8, 10, 13, 16):
        difference = guessed.chance_total_at_least(target) - float(
            exact.chance_total_at_least(target)
        )
        assert abs(difference) <= guessed.margin
    assert abs(guessed.expected_total - 10.5) < 0.2


def test_an_estimate_counts_successes_and_sixes_like_the_engine():
    guessed = estimate(parse("8d6!!>=7"), SeededFaces(4))
    exact = odds("8d6!!>=7")
    assert guessed.successes is not None
    for count in (1, 2, 3):
        difference = guessed.chance_successes_at_least(count) - float(
            exact.chance_successes_at_least(count)
        )
        assert abs(difference) <= guessed.margin
    assert (
        guessed.two_sixes_possible and not estimate(parse("1d6"), SeededFaces(1)).two_sixes_possible
    )


def test_the_same_seed_gives_the_same_estimate():
    first = estimate(parse("50d100kh25"), SeededFaces(9))
    assert first.totals == estimate(parse("50d100kh25"), SeededFaces(9)).totals


def test_the_simulation_is_interrupted_in_the_middle_of_a_fight_and_does_not_count_it():
    from combat.rules.engines import tactics_for
    from combat.rules.simulate import simulate
    from tests.rules.simulate_fights import BENCH, prepared

    engine, fight = prepared("ose", BENCH["ose"])
    turns: list[int] = []

    def interrupt() -> bool:  # the caller's clock, as a count of turns here
        turns.append(1)
        return len(turns) > 3

    tactics = tactics_for("ose")
    result = simulate(engine, fight, tactics, fights=100, interrupt=interrupt)  # type: ignore[arg-type]
    assert (result.fights, result.requested) == (0, 100)
    assert len(turns) == 4  # asked before every turn: the first fight stopped in its 4th turn


@pytest.mark.parametrize(("damage", "expected"), [("1d8", "4.3"), ("6d1000!kh3", None)])
def test_a_5e_weapon_with_costly_damage_dice_keeps_its_odds(damage, expected):
    # Before: icepool's RecursionError on 6d1000!kh3 escaped the encounter's odds (a 500).
    from dataclasses import replace

    from combat.rules.base import Action
    from tests.rules.simulate_fights import BENCH, prepared

    engine, fight = prepared("dnd5e", BENCH["dnd5e"])
    helga = next(c for c in fight.combatants if c.name == "Helga")
    goblin = next(c for c in fight.combatants if c.name.startswith("Goblin"))
    weapons = ({**helga.weapons[0], "damage": damage}, *helga.weapons[1:])
    armed = tuple(replace(c, weapons=weapons) if c is helga else c for c in fight.combatants)
    action = Action("attack", helga.id, (goblin.id,), weapon="Longsword")
    lines = {
        step.template: step.params for step in engine.odds(replace(fight, combatants=armed), action)
    }
    assert lines["Chance to hit: %(percent)s%%"] == {"percent": "55.0"}
    shown = lines["Expected damage: %(damage)s"]["damage"]
    assert shown == expected if expected else 1000 < float(shown) < 1400  # an estimate
