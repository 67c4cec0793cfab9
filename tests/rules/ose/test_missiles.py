"""Missile attacks: DEX, range bands, cover, 5' (seed 001, "Útoky střelbou", "Cíle v zákrytu")."""

from __future__ import annotations

import pytest

from combat.rules.base import Fight, RulesError
from tests.rules.ose.helpers import DAGGER, SLING, act, fighter, goblin, placed, texts


def archer_state(**stats: object) -> Fight:
    pip = fighter("pip", weapons=[SLING, DAGGER], **stats)
    return placed(Fight(1, (pip, goblin("foe", hp=20, ac=9))), "pip", "missiles")


@pytest.mark.parametrize(("distance", "total"), [(30, 12), (40, 12), (60, 11), (120, 10)])
def test_range_bands_add_plus_1_0_minus_1(distance: int, total: int) -> None:
    # Sling 40/80/160: short +1, medium 0, long −1; DEX +0.
    outcome = act(archer_state(), "missile", "pip", ["foe"], [11, 1], weapon="Sling",
                  distance=distance)  # fmt: skip
    assert outcome.data["total"] == total


def test_beyond_long_range_is_impossible() -> None:
    with pytest.raises(RulesError, match="beyond long range"):
        act(archer_state(), "missile", "pip", ["foe"], [11], weapon="Sling", distance=161)


def test_missiles_need_5_feet_and_melee_at_most_5() -> None:
    with pytest.raises(RulesError, match="at least 5'"):
        act(archer_state(), "missile", "pip", ["foe"], [11], weapon="Sling", distance=4)
    # Rulings: at exactly 5' both are allowed.
    assert act(archer_state(), "missile", "pip", ["foe"], [11, 1], weapon="Dagger",
               distance=5).data["total"] == 12  # fmt: skip
    melee = placed(archer_state(), "pip", "melee")
    assert act(melee, "melee", "pip", ["foe"], [11, 1], weapon="Dagger", distance=5).data["hit"]
    with pytest.raises(RulesError, match="at most 5'"):
        act(melee, "melee", "pip", ["foe"], [11], weapon="Dagger", distance=6)


def test_dex_and_partial_cover_and_the_band_choice_add_up() -> None:
    # DEX +1, long −1, cover −3 → −3.
    outcome = act(archer_state(dex_mod=1), "missile", "pip", ["foe"], [15, 1], weapon="Sling",
                  range="long", cover=3)  # fmt: skip
    assert outcome.data["total"] == 12
    assert "Attack modifiers: DEX +1, range -1, cover -3" in texts(outcome.steps)


def test_full_cover_cannot_be_hit() -> None:
    with pytest.raises(RulesError, match="full cover"):
        act(archer_state(), "missile", "pip", ["foe"], [20], weapon="Sling", full_cover=True)


def test_no_range_given_assumes_medium_and_says_so() -> None:
    outcome = act(archer_state(), "missile", "pip", ["foe"], [10, 1], weapon="Sling")
    assert outcome.data["total"] == 10
    assert "Range not given: medium range assumed (no modifier)" in texts(outcome.steps)


def test_missile_damage_adds_no_strength() -> None:
    outcome = act(archer_state(str_mod=2), "missile", "pip", ["foe"], [15, 4], weapon="Sling",
                  range="short")  # fmt: skip
    assert outcome.data["damage"] == 4


def test_a_melee_only_weapon_cannot_shoot() -> None:
    with pytest.raises(RulesError, match="nothing called"):
        act(archer_state(), "missile", "pip", ["foe"], [15], weapon="Sword")
