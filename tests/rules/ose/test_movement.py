"""Movement (seed 001, "Pohyb"): the encounter rate, 60 rounds, and in melee only a fighting
withdrawal or a retreat."""

from __future__ import annotations

import pytest

from combat.rules.base import Effect, Fight, RulesError, apply
from tests.rules.ose.helpers import SHIELD, SWORD, Table, act, fighter, goblin, placed, texts


def mover(**turn: object) -> Fight:
    hero = fighter("hero", movement=40, weapons=[SWORD], turn=turn)
    return placed(Fight(1, (hero, goblin("g1", hp=9))), "hero", "movement")


def engaged(state: Fight) -> Fight:
    """The goblin attacked the hero in melee: they are engaged."""
    return apply(state, act(placed(state, "g1", "melee"), "melee", "g1", ["hero"], [2]).changes)


def test_a_combatant_moves_up_to_its_encounter_rate() -> None:
    outcome = act(mover(), "move", "hero", distance=40)
    assert outcome.data == {"mode": "normal", "distance": 40, "rounds": 1}
    assert "Hero moves 40' (encounter rate 40')" in texts(outcome.steps)
    with pytest.raises(RulesError, match="at most 40'"):
        act(mover(), "move", "hero", distance=45)


def test_a_combatant_moves_once_a_round() -> None:
    state = mover()
    state = apply(state, act(state, "move", "hero", distance=10).changes)
    with pytest.raises(RulesError, match="already moved"):
        act(state, "move", "hero", distance=10)


def test_in_melee_only_a_declared_withdrawal_or_retreat() -> None:
    state = engaged(mover())
    assert state.get("hero").effects[0].data == {"with": ["g1"]}
    with pytest.raises(RulesError, match="in melee"):
        act(state, "move", "hero", distance=10)
    with pytest.raises(RulesError, match="did not declare a fighting withdrawal"):
        act(state, "move", "hero", mode="withdrawal")


def test_a_fighting_withdrawal_is_half_the_rate_with_a_clear_path() -> None:
    state = engaged(mover(declared="withdrawal"))
    with pytest.raises(RulesError, match="at most 20'"):
        act(state, "move", "hero", distance=25)
    with pytest.raises(RulesError, match="clear path"):
        act(state, "move", "hero", path_blocked=True)
    outcome = act(state, "move", "hero")
    assert outcome.data["distance"] == 20 and outcome.data["mode"] == "withdrawal"
    after = apply(state, outcome.changes)
    assert all(e.kind != "melee" for c in after.combatants for e in c.effects)


def test_a_retreat_is_the_full_rate_and_no_attack_that_round() -> None:
    state = engaged(mover(declared="retreat"))
    outcome = act(state, "move", "hero")
    assert outcome.data == {"mode": "retreat", "distance": 40, "rounds": 1}
    after = apply(state, outcome.changes)
    with pytest.raises(RulesError, match="retreating"):
        act(placed(after, "hero", "melee"), "melee", "hero", ["g1"], [15])


def test_the_retreat_penalty_lasts_until_the_end_of_the_round() -> None:
    knight = fighter("knight", ac=4, armor=[SHIELD], weapons=[SWORD], hp=20)
    table = Table(knight, goblin("g1", hp=9))
    table.act("declare", "knight", intent="retreat")
    table.initiative(1, 6)  # the goblins first: the knight is attacked before it runs
    table.until("b1", "melee")
    blow = table.act("melee", "g1", ["knight"], [12, 1])
    assert blow.data["hit"] is True  # 12 + 2 = 14 against AC 5 (no shield)
    table.until("b2", "movement")
    table.act("move", "knight")
    table.next()  # round over
    assert table.fight.round == 2 and table.get("knight").turn == {}
    table.initiative(6, 1)
    table.until("b2", "melee")
    assert table.act("melee", "g1", ["knight"], [12]).data["hit"] is False  # needs 15 again


def test_a_declared_caster_cannot_move() -> None:
    with pytest.raises(RulesError, match="cannot move"):
        act(mover(declared="cast"), "move", "hero")


def test_the_referee_may_end_an_engagement() -> None:
    state = engaged(mover())
    outcome = act(state, "move", "hero", distance=30, disengaged=True)
    assert outcome.data["mode"] == "normal"


def test_sixty_rounds_at_encounter_rate_then_a_warning() -> None:
    tired = fighter("hero", effects=[Effect("movement", "movement_rounds", {"rounds": 60})])
    state = placed(Fight(1, (tired, goblin("g1"))), "hero", "movement")
    outcome = act(state, "move", "hero", distance=5)
    assert outcome.data["rounds"] == 61
    assert texts(outcome.notes) == [
        "Hero has moved at encounter rate for 61 rounds: the rules allow 60; the referee decides"
    ]
    fresh = placed(Fight(1, (fighter("hero", effects=[Effect("movement", "movement_rounds",
                                                              {"rounds": 59})]), goblin("g1"))),
                   "hero", "movement")  # fmt: skip
    assert act(fresh, "move", "hero", distance=5).notes == ()


def test_a_move_of_0_feet_does_not_count_a_round() -> None:
    outcome = act(mover(), "move", "hero", distance=0)
    assert outcome.data["rounds"] is None
