"""Whose combat pool an attack spends, and what a defender parries with (seed 003; melee [std]).

seed 003, Test úspěšnosti útočníka: the attacker adds its pool dice to the test before the roll
("z bojových rezerv si vezme čtyři kostky"), so they are spent on a miss too; "Jestliže nepadne
žádný úspěch, útok se zcela mine účinkem" — then nobody dodges or resists, and the target keeps
the pool dice it would have dodged and resisted with ("Jednou použité kostky …").
"""

from __future__ import annotations

from typing import Any

from combat.rules.base import Fight, Outcome
from combat.rules.flow import after
from tests.rules.shadowrun3.test_turn_helpers import KATANA, PREDATOR, act, fight, rolled, runner

KNIFE = {
    "name": "Nůž",
    "power": 0,
    "strength_based": True,
    "damage_level": "L",
    "weapon_type": "melee",
}
# seed 003: "Liam má dovednost pistole 6"; a pool of 6 (INT 4 + QCK 4 + WIL 4) / 2.
LIAM = {
    "reaction": 5,
    "quickness": 4,
    "intelligence": 4,
    "willpower": 4,
    "body": 4,
    "skills": {"pistols": 6},
    "weapons": [PREDATOR],
}
# Snot, "tělo 5 a balistický pancíř stupně 4", throws "svých 5 kostek bojových rezerv" at the
# dodge; here he has a sixth to resist with.
SNOT = {"reaction": 3, "quickness": 5, "intelligence": 5, "willpower": 2, "body": 5, "ballistic": 4}


def liam_and_snot() -> Fight:
    state = fight(runner("liam", name="Liam", **LIAM), runner("snot", "gang", name="Snot", **SNOT))
    state = rolled(state, [6, 1])
    assert state.current == "liam"
    assert (state.get("liam").turn["pool"], state.get("snot").turn["pool"]) == (6, 6)
    return state


def shoot(state: Fight, faces: list[int], **choices: Any) -> Outcome:
    """Liam fires his Ares Predator at Snot (seed 003) with these dice and choices."""
    return act(state, "fire", "liam", ["snot"], faces, "Ares Predator", **choices)


def test_the_attackers_pool_dice_are_spent_on_a_miss_but_not_the_targets() -> None:
    state = liam_and_snot()
    no_success = [3, 2, 3, 2, 1, 2, 1, 2, 3, 2]  # Pistols 6 + 4 pool dice against TN 4
    outcome = shoot(
        state,
        no_success,
        pool=4,
        dodge_pool=5,
        resist_pool=1,
        distance=5,
    )
    assert outcome.data["hit"] is False and outcome.data["successes"] == 0
    state = after(state, outcome)
    assert state.get("liam").turn["pool"] == 2  # the four dice were rolled
    assert state.get("snot").turn["pool"] == 6  # no dodge test, no resistance test


def test_a_dodged_shot_spends_the_dodge_dice_but_not_the_resistance_dice() -> None:
    state = liam_and_snot()
    liam = [3, 4, 3, 2, 5, 5]  # seed 003's first six dice: three successes against 4
    snot = [5, 5, 5, 6, 1]  # four dodge successes: more than Liam's, no hit
    outcome = shoot(
        state,
        liam + snot,
        dodge_pool=5,
        resist_pool=1,
        distance=5,
    )
    assert outcome.data["hit"] is False and outcome.data["successes"] == 3
    state = after(state, outcome)
    assert state.get("snot").turn["pool"] == 1  # the five dodge dice only


def test_a_hit_spends_the_dodge_and_the_resistance_dice() -> None:
    state = liam_and_snot()
    liam = [3, 4, 3, 2, 5, 5, 1, 2, 6, 5]  # seed 003: five successes against 4
    # Two dodge successes ("2, 3, 3, 5 a 6"); Body 5 + 1 against 9 − 4 = 5: "1, 1, 2, 3 a 6"
    snot = [2, 3, 3, 5, 6] + [1, 1, 2, 3, 6, 1]
    outcome = shoot(
        state,
        liam + snot,
        pool=4,
        dodge_pool=5,
        resist_pool=1,
        distance=5,
    )
    assert outcome.data["hit"] is True
    state = after(state, outcome)
    assert (state.get("liam").turn["pool"], state.get("snot").turn["pool"]) == (2, 0)


def test_the_defender_parries_with_its_best_ready_weapon_not_its_first() -> None:
    """Both carry an edged weapon (Edged Weapons 3); the defender lists its knife (reach 0)
    before its katana (reach 1). Parrying with the katana, the reaches are equal and both roll
    against 4; with the knife the attacker's katana would lower its own TN to 3."""
    blades = {"body": 4, "strength": 5, "quickness": 3, "intelligence": 3, "willpower": 3}
    skills = {"edged_weapons": 3}
    state = fight(
        runner("sam", name="Sam", reaction=6, skills=skills, weapons=[KATANA], **blades),
        runner(
            "ron", "gang", name="Ron", reaction=3, skills=skills, weapons=[KNIFE, KATANA], **blades
        ),
    )
    state = rolled(state, [6, 1])
    attack, defence, resistance = [3, 3, 3], [4, 1, 1], [1, 1, 1, 1]
    outcome = act(state, "melee", "sam", ["ron"], attack + defence + resistance, "Katana")
    # Sam: 0 successes against 4; Ron: 1 — Ron wins and strikes back with (STR 5 + 3)M.
    assert (outcome.data["winner"], outcome.data["victim"]) == ("defender", "sam")
    # Sam's Body 4 against 8 − impact 0: none; one net success keeps the katana's M.
    assert (outcome.data["level"], outcome.data["counter"]) == ("M", 3)
