"""combat.rules.lasting: a condition given for N rounds ends as the round after its last one
begins, with its line in the log, in any system (here an engine with no hooks of its own)."""

from dataclasses import replace

from combat.rules.base import Combatant, Fight, Outcome, Step, apply
from combat.rules.engine import EngineBase
from combat.rules.faces import TypedFaces
from combat.rules.flow import next_turn
from combat.rules.lasting import LASTS, ended, given_for, timer_of, timer_removed


class Plain(EngineBase):
    key = "plain"

    def start_of_round(self, fight: Fight, faces: object) -> Outcome:
        return Outcome(Step("Round %(round)s begins", {"round": fight.round}))


def _fighter(cid: str) -> Combatant:
    return Combatant(id=cid, name=cid.upper(), side=cid, stats={}, hp=5, max_hp=5)


FIGHT = Fight(round=1, combatants=(_fighter("a"), _fighter("b")), order=("a", "b"), current="a")


def _given(fight: Fight, cid: str, condition: str, rounds: int) -> Fight:
    return apply(fight, given_for(fight.get(cid), condition, rounds, fight.round))


def test_two_rounds_end_as_round_three_begins_with_a_line():
    fight = _given(FIGHT, "b", "prone", 2)
    assert fight.get("b").has("prone") and timer_of(fight.get("b"), "prone").data["until"] == 3
    for _turn in range(3):  # a→b, round 2, b
        fight = next_turn(Plain(), fight, TypedFaces([])).fight
        assert fight.get("b").has("prone")
    turned = next_turn(Plain(), fight, TypedFaces([]))  # round 3 begins
    assert turned.fight.round == 3 and not turned.fight.get("b").has("prone")
    assert timer_of(turned.fight.get("b"), "prone") is None
    assert [s.template for s in turned.outcome.steps] == ["%(name)s: %(condition)s ends"]
    assert turned.outcome.steps[0].params == {"name": "B", "condition": "prone"}
    assert turned.outcome.steps[0].about == "b"  # a hidden one stays unnamed for players


def test_given_again_the_newer_timer_counts_and_undo_puts_all_back():
    fight = _given(FIGHT, "a", "prone", 1)
    again = given_for(fight.get("a"), "prone", 3, 1)
    later = apply(fight, again)
    assert [e.data["until"] for e in later.get("a").effects if e.kind == LASTS] == [4]
    assert apply(later, again, undo=True) == fight


def test_two_timers_of_one_combatant_end_together():
    fight = _given(_given(FIGHT, "a", "prone", 1), "a", "blinded", 1)
    fight = replace(fight, round=2)
    outcome = ended(fight)
    after = apply(fight, outcome.changes)
    assert after.get("a").conditions == frozenset() and after.get("a").effects == ()
    assert apply(after, outcome.changes, undo=True) == fight


def test_taken_off_by_hand_the_timer_goes_too_and_nothing_ends_later():
    fight = _given(FIGHT, "a", "prone", 2)
    fight = apply(fight, timer_removed(fight.get("a"), "prone"))
    assert fight.get("a").has("prone") and fight.get("a").effects == ()
    assert ended(replace(fight, round=5)) is None
