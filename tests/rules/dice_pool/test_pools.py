"""How many dice a roll has (seed 004): levels, the one-die minimum, bonus dice, lost dice."""

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from tests.rules.dice_pool.helpers import PLAYER_A, PLAYER_C, act, fight, npc, pc, rolled


def test_a_skill_at_level_0_still_rolls_one_die_against_a_difficulty() -> None:
    # seed 004: "Pokud nemá k dispozici žádnou kostku … může si stále hodit jednou kostkou."
    state = fight(pc("c", stats=PLAYER_C))
    outcome = act(state, "difficulty", "c", [5], difficulty=4, primary="Páčení")
    assert outcome.rolls[0].expression == "1d6"
    assert outcome.data["success"] is True
    assert "C has no dice in Páčení 0: one die all the same" in [
        step.template % dict(step.params) for step in outcome.steps
    ]


def test_a_combination_with_a_zero_skill_rolls_only_the_other_skills_dice() -> None:
    # seed 004: "hází si pouze kostkami jedné dovednosti, žádná kostka za nulu … se nepřičítá"
    state = fight(pc("c", stats=PLAYER_C))
    outcome = act(state, "difficulty", "c", [2], difficulty=5, primary="Páčení", secondary="Síla")
    assert outcome.rolls[0].expression == "1d6"  # Síla 1 + Páčení 0, not 1 + 1


def test_skills_may_also_come_as_a_list_and_english_names_find_the_forums_words() -> None:
    state = fight(pc("a", stats=PLAYER_A))
    outcome = act(state, "difficulty", "a", [1, 1, 1], difficulty=3,
                  skills=["Lockpicking", "Dexterity"])  # fmt: skip
    assert outcome.rolls[0].expression == "3d6"
    assert outcome.data["success"] is True


def test_an_npc_without_attributes_has_half_its_defence_rounded_down() -> None:
    # seed 004: "primární atributy rovny polovině obrany zaokrouhlené dolů"
    drowner = npc("n", attack_dice=3, defence_dice=5)
    state = fight(drowner, pc("a", stats=PLAYER_A))
    outcome = act(state, "difficulty", "n", [1, 1], difficulty=2, primary="Obratnost")
    assert outcome.rolls[0].expression == "2d6"
    given = npc("g", defence_dice=5, attributes={"Obratnost": 4})
    assert act(fight(given), "difficulty", "g", [1] * 4, difficulty=2,
               primary="Obratnost").rolls[0].expression == "4d6"  # fmt: skip


def test_three_bonus_dice_are_allowed_and_a_fourth_without_a_talent_is_refused() -> None:
    # seed 004: "Maximální počet bonusových kostek … na jeden hod jsou +3"
    state = fight(pc("a", stats=PLAYER_A))
    three = act(state, "difficulty", "a", [1] * 6, difficulty=5, primary="Páčení",
                secondary="Zručnost", bonus=3)  # fmt: skip
    assert three.rolls[0].expression == "6d6"
    with pytest.raises(RulesError, match="at most 3 bonus dice per roll"):
        act(state, "difficulty", "a", [1] * 7, difficulty=5, primary="Páčení",
            secondary="Zručnost", bonus=4)  # fmt: skip


def test_a_talent_in_a_used_attribute_allows_a_fourth_bonus_die_but_not_a_fifth() -> None:
    # seed 004: "(v případě, že na některý z užitých atributů máte talent +4)"
    state = fight(pc("a", stats=PLAYER_A, talents=["Zručnost"]))
    four = act(state, "difficulty", "a", [1] * 7, difficulty=5, primary="Páčení",
               secondary="Zručnost", bonus=4)  # fmt: skip
    assert four.rolls[0].expression == "7d6"
    with pytest.raises(RulesError, match="at most 3 bonus dice"):
        act(state, "difficulty", "a", [1] * 8, difficulty=5, primary="Páčení",
            secondary="Zručnost", bonus=5)  # fmt: skip
    with pytest.raises(RulesError, match="at most 3 bonus dice"):  # talent not in a used one
        act(state, "difficulty", "a", [1] * 6, difficulty=5, primary="Síla", bonus=4)


def test_a_lost_die_counts_against_every_skill_of_the_character() -> None:
    # seed 004: "platí i na hody z ostatních dovednostních kategorií – pokazím kouzlo = ubírám
    # kostku i do fyzických"
    state = fight(pc("a", stats=PLAYER_A, lost=1), npc("dog", attack_dice=1, defence_dice=1))
    state, fists = rolled(state, "a", [1, 1], primary="Boj beze zbraně", secondary="Síla")
    assert fists.rolls[0].expression == "2d6"  # 1 + 2 − 1


def test_bonus_dice_count_before_the_lost_ones_are_taken_off() -> None:
    state = fight(pc("a", stats=PLAYER_A, lost=2), npc("dog", attack_dice=1, defence_dice=1))
    state, outcome = rolled(state, "a", [1, 1, 1, 1], primary="Boj s dýkou",
                            secondary="Obratnost", bonus=3)  # fmt: skip
    assert outcome.rolls[0].expression == "4d6"  # 2 + 1 + 3 − 2


def test_a_combination_with_no_dice_left_is_refused_but_another_may_be_rolled() -> None:
    # seed 004: out only when no ability has more dice than those lost; no one-die minimum here
    state = fight(pc("a", stats=PLAYER_A, lost=3), npc("dog", attack_dice=1, defence_dice=1))
    with pytest.raises(RulesError, match="no dice left for Páčení 1 \\+ Zručnost 2"):
        rolled(state, "a", [], primary="Páčení", secondary="Zručnost")
    _state, outcome = rolled(state, "a", [6, 6], primary="Tělesná konstituce", secondary="Síla")
    assert outcome.rolls[0].expression == "2d6"  # 3 + 2 − 3


def test_a_characters_default_roll_is_its_best_combination() -> None:
    state = fight(pc("a", stats=PLAYER_A), npc("dog", attack_dice=1, defence_dice=1))
    _state, outcome = rolled(state, "a", [1, 1, 1, 1, 1])
    assert outcome.data["skills"] == ["Tělesná konstituce", "Síla"]
    assert outcome.rolls[0].expression == "5d6"


@pytest.mark.parametrize(
    "modifiers",
    [
        {"bonus": "3"},
        {"bonus": True},
        {"bonus": -1},
        {"primary": 5},
        {"primary": ""},
        {"primary": "x" * 41},
        {"secondary": "Síla"},
        {"primary": "Síla", "secondary": "síla"},
        {"skills": "Síla"},
        {"skills": ["Síla", "Páčení", "Rétorika"]},
        {"skills": ["Síla"], "primary": "Síla"},
        {"primary": "attack_dice"},
        {"unknown": 1},
    ],
)
def test_bad_roll_modifiers_are_refused_with_a_message(modifiers: dict[str, object]) -> None:
    state = fight(pc("a", stats=PLAYER_A))
    with pytest.raises(RulesError):
        act(state, "difficulty", "a", [1, 1, 1], difficulty=5, **modifiers)
