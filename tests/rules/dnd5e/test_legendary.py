"""Legendary actions and Legendary Resistance, with the SRD's Adult Red Dragon (issue O).

SRD 5.1: "The dragon can take 3 legendary actions, choosing from the options below. Only one
legendary action option can be used at a time and only at the end of another creature's turn.
The dragon regains spent legendary actions at the start of its turn." — Detect; Tail Attack
("The dragon makes a tail attack": Tail +14, 2d8 + 8); Wing Attack (Costs 2 Actions): DC 22
Dexterity or 15 (2d6 + 8) bludgeoning. "Legendary Resistance (3/Day). If the dragon fails a
saving throw, it can choose to succeed instead."
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from combat.rules.base import Action, Fight, RulesError
from combat.rules.engines import tactics_for
from combat.rules.faces import SeededFaces, TypedFaces
from combat.rules.flow import next_turn
from combat.rules.simulate import simulate
from tests.rules.dnd5e.helpers import ENGINE, after, fight, fighter, texts
from tests.rules.dnd5e.test_saving_throw_actions import SACRED_FLAME, srd


def _table() -> Fight:
    """Ana acts first, then Bo, then the dragon (order as given)."""
    ana, bo = fighter("ana", hp=90), fighter("bo", hp=90, dex=18)
    return fight(ana, bo, srd("Adult Red Dragon", "wyrm"))


def _legendary(state: Fight, name: str, targets: tuple[str, ...], faces: list[int],
               **mods: Any) -> Any:  # fmt: skip
    action = Action("legendary", "wyrm", targets, name, mods)
    return ENGINE.resolve(state, action, TypedFaces(faces))


def test_three_legendary_actions_outside_its_turn_and_they_come_back_at_its_start() -> None:
    state = _table()
    assert "legendary" in {o.kind for o in ENGINE.actions(state, "wyrm")}  # Ana's turn
    # Tail Attack on Ana: 10 + 14 = 24 against AC 18, a hit; 2d8 + 8 = 3 + 4 + 8 = 15.
    tail = _legendary(state, "Tail Attack", ("ana",), [10, 3, 4], distance=15)
    assert tail.data["hit"] and tail.data["damage"] == 15 and tail.data["used"] == "legendary"
    assert "Legendary action: Tail Attack (2 of 3 left)" in texts(tail)
    state = after(state, tail)
    assert state.get("wyrm").turn.get("action") is None  # no action, no reaction spent
    # Wing Attack costs 2: DC 22 DEX for Ana (10 + 1 = 11) and Bo (20 + 4 = 24): 2d6 + 8 = 12.
    wing = _legendary(state, "Wing Attack (Costs 2 Actions)", ("ana", "bo"), [2, 2, 10, 20])
    saves = wing.data["saves"]
    assert (saves["ana"]["damage"], saves["bo"]["damage"]) == (12, 0)
    state = after(state, wing)
    assert state.get("ana").has("prone") and not state.get("bo").has("prone")  # "knocked prone"
    assert "legendary" not in {o.kind for o in ENGINE.actions(state, "wyrm")}  # none left
    with pytest.raises(RulesError, match="has 0 legendary actions left; Detect costs 1"):
        _legendary(state, "Detect", (), [])
    state = next_turn(ENGINE, state, TypedFaces([])).fight  # Bo
    turned = next_turn(ENGINE, state, TypedFaces([]))  # the dragon's own turn: all 3 back
    assert "Adult Red Dragon regains its legendary actions" in texts(turned.outcome)
    with pytest.raises(RulesError, match="at the end of another creature's turn"):
        _legendary(turned.fight, "Detect", (), [])
    assert ENGINE.tracker(turned.fight).badges["wyrm"][0].filled == 3


def test_detect_is_written_for_the_gm_and_costs_one() -> None:
    outcome = _legendary(_table(), "Detect", (), [])
    assert "Detect: The dragon makes a Wisdom (Perception) check." in texts(outcome)
    assert "Legendary action: Detect (2 of 3 left)" in texts(outcome)


def test_legendary_resistance_turns_three_failures_into_successes_then_none() -> None:
    cleric = fighter("jan", hp=10, wis=16, actions=[SACRED_FLAME])
    state = fight(cleric, srd("Adult Red Dragon", "wyrm"))
    ticks = {"legendary_resistance": True, "override": True}  # override: a cast every time
    flame = Action("save_action", "jan", ("wyrm",), "Sacred Flame", ticks)
    hp = state.get("wyrm").hp
    for used in range(1, 4):  # DEX save +6: 2 + 6 = 8 fails DC 13, and resists
        outcome = ENGINE.resolve(state, flame, TypedFaces([7, 2]))
        assert outcome.data["saves"]["wyrm"]["saved"]
        line = f"Adult Red Dragon uses Legendary Resistance: the save succeeds ({3 - used} left)"
        assert line in texts(outcome)
        state = after(state, outcome)
    outcome = ENGINE.resolve(state, flame, TypedFaces([7, 2]))
    assert not outcome.data["saves"]["wyrm"]["saved"]  # none left: 7 radiant
    assert after(state, outcome).get("wyrm").hp == hp - 7


def test_the_dragons_multiattack_is_one_bite_and_two_claws() -> None:
    """SRD 5.1: "It then makes three attacks: one with its bite and two with its claws." """
    state = fight(srd("Adult Red Dragon", "wyrm"), fighter("ana", hp=200), current="wyrm")
    started = ENGINE.resolve(state, Action("multiattack", "wyrm"), TypedFaces([]))
    assert "The Multiattack: Bite ×1, Claw ×2" in texts(started)
    state = after(state, started)
    bite = Action("attack", "wyrm", ("ana",), "Bite", {"distance": 5})
    claw = Action("attack", "wyrm", ("ana",), "Claw", {"distance": 5})
    state = after(state, ENGINE.resolve(state, bite, TypedFaces([2])))  # a miss
    with pytest.raises(RulesError, match="Multiattack has left: Claw ×2"):
        ENGINE.resolve(state, bite, TypedFaces([2]))
    for _claw in range(2):
        state = after(state, ENGINE.resolve(state, claw, TypedFaces([2])))
    with pytest.raises(RulesError, match="no attack left"):
        ENGINE.resolve(state, claw, TypedFaces([2]))


def test_the_simulator_follows_the_multiattack_plan() -> None:
    state = fight(srd("Adult Red Dragon", "wyrm"), fighter("ana", hp=200), current="wyrm")
    choose = tactics_for("dnd5e").plan(state)  # type: ignore[union-attr]
    state = after(state, ENGINE.resolve(state, Action("multiattack", "wyrm"), TypedFaces([])))
    picked = []
    for taken in range(1, 4):
        action = choose(state, "wyrm", taken)
        assert action is not None
        picked.append(action.weapon)
        state = after(state, ENGINE.resolve(state, action, SeededFaces(taken)))
    assert sorted(picked) == ["Bite", "Claw", "Claw"]


def test_without_the_prose_the_options_name_still_names_the_attack() -> None:
    """The shipped stats-only extract keeps names, not texts: "Tail Attack" is the Tail."""
    wyrm = srd("Adult Red Dragon", "wyrm")
    bare = [{k: v for k, v in e.items() if k != "text"} for e in wyrm.stats["legendary_actions"]]
    state = fight(
        fighter("ana", hp=90), replace(wyrm, stats={**wyrm.stats, "legendary_actions": bare})
    )
    tail = ENGINE.resolve(state, Action("legendary", "wyrm", ("ana",), "Tail Attack",
                                        {"distance": 15}), TypedFaces([10, 3, 4]))  # fmt: skip
    assert tail.data["weapon"] == "Tail" and tail.data["damage"] == 15


def test_the_simulator_spends_legendary_actions_at_the_end_of_others_turns() -> None:
    """Issue O: the simulator plays a legendary monster with simple tactics."""
    state = _table()
    tactics = tactics_for("dnd5e")
    assert tactics is not None
    # Two stand and three actions are left: the Wing Attack (2) on both.
    wing = "Wing Attack (Costs 2 Actions)"
    found = tactics.after_turn(state, "ana")  # type: ignore[attr-defined]
    assert found == [Action("legendary", "wyrm", ("ana", "bo"), wing)]
    spent = after(state, _legendary(state, wing, ("ana", "bo"), [2, 2, 10, 20]))
    tail = [Action("legendary", "wyrm", ("ana",), "Tail Attack", {"distance": 5})]
    assert tactics.after_turn(spent, "ana") == tail  # type: ignore[attr-defined]  # one left
    alone = fight(fighter("ana", hp=90), fighter("bo", hp=0), srd("Adult Red Dragon", "wyrm"))
    assert tactics.after_turn(alone, "bo") == tail  # type: ignore[attr-defined]  # one stands
    assert tactics.after_turn(state, "wyrm") == []  # type: ignore[attr-defined]  # its own turn
    fights = simulate(ENGINE, state, tactics, fights=10, seed=3)  # type: ignore[arg-type]
    assert fights.fights == 10 and fights.fallbacks == 0


def test_a_legendary_options_odds_are_those_of_what_it_does() -> None:
    state = _table()
    tail = ENGINE.odds(state, Action("legendary", "wyrm", ("ana",), "Tail Attack", {}))
    attack = ENGINE.odds(state, Action("attack", "wyrm", ("ana",), "Tail", {}))
    assert tail == attack and tail is not None  # +14 against AC 18: 85 %
    wing = "Wing Attack (Costs 2 Actions)"
    (line,) = ENGINE.odds(state, Action("legendary", "wyrm", ("bo",), wing, {}))
    assert line.params["percent"] == "85.0"  # DC 22, DEX +4: fails on 1–17, 17 of 20
