"""Advantage and disadvantage (issue G.3): two d20s logged, the kept one named, sources cancel."""

from __future__ import annotations

import pytest

from tests.rules.dnd5e.helpers import SHORTBOW, act, fight, fighter, goblin, texts


def test_advantage_rolls_two_d20_and_keeps_the_higher() -> None:
    outcome = act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [4, 13, 2],
                  weapon="Longsword", advantage=True)  # fmt: skip
    attack = outcome.rolls[0]
    assert (attack.expression, attack.faces, attack.total) == ("2d20kh1+5", (4, 13), 18)
    assert "Advantage: d20 4, 13, the higher 13 counts" in texts(outcome)
    assert outcome.data["d20"] == [4, 13] and outcome.data["natural"] == 13


def test_disadvantage_rolls_two_d20_and_keeps_the_lower() -> None:
    outcome = act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [17, 6],
                  weapon="Longsword", disadvantage=True)  # fmt: skip
    attack = outcome.rolls[0]
    assert (attack.expression, attack.faces, attack.total) == ("2d20kl1+5", (17, 6), 11)
    assert "Disadvantage: d20 17, 6, the lower 6 counts" in texts(outcome)
    assert not outcome.data["hit"]


def test_advantage_and_disadvantage_cancel_to_one_d20() -> None:
    outcome = act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [12, 4],
                  weapon="Longsword", advantage=True, disadvantage=True)  # fmt: skip
    assert outcome.rolls[0].expression == "1d20+5" and outcome.data["mode"] == "normal"
    assert "Advantage and disadvantage cancel: one d20" in texts(outcome)


def test_several_advantages_and_one_disadvantage_still_cancel() -> None:
    # unseen attacker, invisible attacker, GM advantage — against one beyond-range penalty
    state = fight(fighter(weapons=[SHORTBOW], conditions=["invisible"]), goblin())
    outcome = act(state, "attack", "hero", ["gob"], [12, 3], weapon="Shortbow", distance=200,
                  advantage=True, unseen_attacker=True)  # fmt: skip
    assert (outcome.data["advantages"], outcome.data["disadvantages"]) == (3, 1)
    assert outcome.data["mode"] == "normal" and len(outcome.rolls[0].faces) == 1


def test_two_disadvantages_are_still_one_disadvantage() -> None:
    state = fight(fighter(conditions=["poisoned"]), goblin(conditions=["invisible"]))
    outcome = act(state, "attack", "hero", ["gob"], [19, 9], weapon="Longsword")
    assert outcome.data["disadvantages"] == 2 and outcome.data["natural"] == 9
    assert outcome.rolls[0].expression == "2d20kl1+5"


@pytest.mark.parametrize(
    ("attacker", "target", "mode"),
    [
        ([], ["dodging"], "disadvantage"),
        (["invisible"], ["dodging"], "advantage"),  # a dodger who cannot see gains nothing
        ([], ["dodging", "blinded"], "advantage"),
    ],
)
def test_dodging_works_only_against_a_seen_attacker(
    attacker: list[str], target: list[str], mode: str
) -> None:
    state = fight(fighter(conditions=attacker), goblin(conditions=target))
    assert act(state, "attack", "hero", ["gob"], [3, 4], weapon="Longsword").data["mode"] == mode
