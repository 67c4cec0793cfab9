"""Who Next turn passes over in 5e when the fight skips the defeated (issue N): the dead, a
monster at 0 HP, a stable character; never a dying character, who rolls its death save on its
own turn, nor a paralysed or unconscious creature, whose saves and durations need its turn."""

from __future__ import annotations

from combat.rules.faces import TypedFaces
from combat.rules.flow import SKIP_DEFEATED, next_turn
from tests.rules.dnd5e.helpers import ENGINE, creature, fight, fighter, goblin

SKIP = {SKIP_DEFEATED: "yes"}


def test_a_monster_at_0_hp_and_the_dead_are_passed_over() -> None:
    state = fight(
        fighter("a"), goblin("b", current=0), fighter("c", conditions=["dead"]), goblin("d"), **SKIP
    )
    turned = next_turn(ENGINE, state, TypedFaces(()))
    assert turned.fight.current == "d"


def test_a_dying_character_keeps_its_turn_for_the_death_save() -> None:
    state = fight(
        fighter("a"), fighter("b", current=0, conditions=["unconscious"]), goblin("c"), **SKIP
    )
    turned = next_turn(ENGINE, state, TypedFaces(()))
    assert turned.fight.current == "b"
    assert "dying" in turned.outcome.notes[0].template


def test_a_stable_character_at_0_hp_is_passed_over() -> None:
    stable = fighter("b", current=0, conditions=["unconscious", "stable"])
    state = fight(fighter("a"), stable, goblin("c"), **SKIP)
    assert next_turn(ENGINE, state, TypedFaces(())).fight.current == "c"


def test_a_paralysed_creature_keeps_its_turn() -> None:
    state = fight(fighter("a"), creature("b", "enemies", hp=9, conditions=["paralyzed"]), **SKIP)
    assert ENGINE.is_out(state.get("b"))
    assert next_turn(ENGINE, state, TypedFaces(())).fight.current == "b"


def test_a_dying_character_first_in_a_new_round_is_told_once() -> None:
    dying = fighter("a", current=0, conditions=["unconscious"])
    state = fight(dying, goblin("b"), current="b", **SKIP)
    turned = next_turn(ENGINE, state, TypedFaces(()))
    assert (turned.fight.round, turned.fight.current) == (2, "a")
    told = [n for n in turned.outcome.notes if "dying" in n.template]
    assert len(told) == 1
