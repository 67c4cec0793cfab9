"""Journal tags for the forum's own tests (seed 004): sums against a difficulty or a pool."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from combat.rules.dice import InvalidDice, MoreFacesNeeded, roll
from combat.rules.dice_pool.tags import InvalidPoolTag, looks_like_pool_tag, roll_pool_tag
from combat.rules.faces import SeededFaces, TypedFaces


def test_the_door_as_tags_a_fails_9_against_10_and_b_with_c_reaches_12() -> None:
    # seed 004: A "hází tedy celkem třemi kostkami. Hodí dohromady číslo 9" against 10;
    # B 4 dice roll 9 and C 1 die rolls 3: "(9+3 = 12 -> >10)"
    lock = roll_pool_tag("3d6 proti 10", TypedFaces([2, 3, 4]))
    assert (lock.total, lock.difficulty, lock.verdict) == (9, 10, "failure")
    kick = roll_pool_tag("4d6 + 1d6 vs 10", TypedFaces([1, 2, 3, 3, 3]))
    assert [r.total for r in kick.rolls] == [9, 3]
    assert (kick.total, kick.verdict) == (12, "success")


def test_the_conflict_as_a_tag_a_10_against_b_6_wins_the_round() -> None:
    # seed 004: A "hází tedy třema kostkami. Padlo 10", B "hází dvěma kostkami. Padlo 6"
    tag = roll_pool_tag("3d6 vs 2d6", TypedFaces([4, 3, 3, 1, 5]))
    assert (tag.total, tag.against, tag.verdict) == (10, 6, "won")
    assert roll_pool_tag("1d6 vs 1d6", TypedFaces([3, 3])).verdict == "tie"  # Rulings
    assert roll_pool_tag("1d6 vs 1d6", TypedFaces([2, 3])).verdict == "lost"


def test_a_halved_pool_counts_half_its_sum_rounded_down() -> None:
    tag = roll_pool_tag("3d6/2 >= 5", TypedFaces([3, 3, 3]))
    assert tag.rolls[0].total == 9 and tag.total == 4 and tag.verdict == "failure"


def test_equal_to_the_difficulty_is_a_success_and_a_plain_pool_is_its_sum() -> None:
    # seed 004: "Je-li součet hodu stejný nebo vyšší než … obtížnost, překážku úspěšně překonal"
    assert roll_pool_tag("2k6>=7", TypedFaces([3, 4])).verdict == "success"
    plain = roll_pool_tag("3d6", TypedFaces([1, 2, 3]))
    assert (plain.total, plain.verdict, plain.difficulty) == (6, "sum", None)


def test_only_tags_the_generic_engine_would_read_otherwise_look_like_pool_tags() -> None:
    assert looks_like_pool_tag("3d6 vs 10") and looks_like_pool_tag("3d6>=10")
    assert looks_like_pool_tag("3d6/2 vs 2d6") and looks_like_pool_tag("3k6")
    assert not looks_like_pool_tag("3d6") and not looks_like_pool_tag("2d20 vs 10")
    assert not looks_like_pool_tag("3d6 vs 10" + " " * 100)
    # the generic engine counts dice ≥ 10 in "3d6>=10": never a success on a d6
    assert roll("3d6>=10", TypedFaces([6, 6, 6])).total == 0
    assert roll_pool_tag("3d6>=10", TypedFaces([6, 6, 6])).verdict == "success"


@pytest.mark.parametrize("text", ["", "3d8 vs 10", "0d6", "3d6 vs", "vs 10", "61d6",
                                  "30d6 + 31d6", "3d6 vs 10 vs 12", "3d6 > 10"])  # fmt: skip
def test_anything_else_is_refused_with_a_message(text: str) -> None:
    with pytest.raises(InvalidPoolTag):
        roll_pool_tag(text, TypedFaces([1] * 61))


def test_typed_faces_must_be_exactly_enough() -> None:
    with pytest.raises(MoreFacesNeeded):
        roll_pool_tag("3d6 vs 2d6", TypedFaces([1, 2, 3]))
    with pytest.raises(InvalidDice):
        roll_pool_tag("1d6", TypedFaces([1, 2]))
    with pytest.raises(InvalidDice):
        roll_pool_tag("1d6", TypedFaces([7]))


@given(st.integers(1, 20), st.integers(1, 120), st.integers(0, 2**32))
def test_a_difficulty_tag_succeeds_exactly_when_the_sum_reaches_it(
    dice: int, difficulty: int, seed: int
) -> None:
    tag = roll_pool_tag(f"{dice}d6 vs {difficulty}", SeededFaces(seed))
    assert len(tag.rolls[0].faces) == dice and tag.total == sum(tag.rolls[0].faces)
    assert (tag.verdict == "success") == (tag.total >= difficulty)
    assert tag.to_json()["rolls"][0]["faces"] == list(tag.rolls[0].faces)
