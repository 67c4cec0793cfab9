"""The encounter machine (combat.rules.encounter): decide and apply without a database."""

from collections.abc import Sequence

import pytest

from campaigns.demo_records import draci_hlidka as demo
from combat.rules.base import (
    Action,
    Change,
    Combatant,
    Fight,
    Outcome,
    RolledDice,
    RulesError,
    Step,
)
from combat.rules.encounter import (
    Adjust,
    EncounterState,
    End,
    EventType,
    Joined,
    NextTurn,
    NothingToUndo,
    Recorded,
    Redo,
    Resolve,
    RollInitiative,
    SetOptions,
    Undo,
    apply,
    decide,
    payload_from_json,
)
from combat.rules.engine import EngineBase
from combat.rules.faces import FaceSource, TypedFaces
from combat.rules.serialize import action_from_json, action_to_json


class Scripted(EngineBase):
    """Initiative: one d6 each, highest first. An attack: one d6 off the target's HP."""

    key = "scripted"

    def roll_initiative(self, fight: Fight, ids: Sequence[str], faces: FaceSource) -> Outcome:
        rolled = {cid: faces.roll(6) for cid in ids}
        changes = tuple(
            Change(cid, "initiative", value, before=fight.get(cid).initiative)
            for cid, value in rolled.items()
        )
        rolls = tuple(RolledDice("initiative", cid, "1d6", (v,), v) for cid, v in rolled.items())
        order = tuple(sorted(rolled, key=lambda cid: -rolled[cid]))
        return Outcome(Step("Initiative"), rolls=rolls, changes=changes, order=order)

    def resolve(self, fight: Fight, action: Action, faces: FaceSource) -> Outcome:
        target = fight.get(action.targets[0])
        damage = faces.roll(6)
        hp = Change(target.id, "hp", target.hp - damage, before=target.hp)
        return Outcome(Step("Hit"), changes=(hp,), data={"damage": damage})

    def start_of_round(self, fight: Fight, faces: FaceSource) -> Outcome:
        return Outcome(Step("Round %(round)s begins", {"round": fight.round}))


ENGINE = Scripted()


def _state() -> EncounterState:
    fighters = tuple(
        Combatant(id=cid, name=cid.upper(), side=cid, stats={}, hp=10, max_hp=10)
        for cid in ("a", "b")
    )
    return EncounterState("draci_hlidka", Fight(round=0, combatants=fighters))


def _step(state: EncounterState, seq: int, command: object, faces: Sequence[int] = ()):
    payload = decide(state, command, ENGINE, TypedFaces(faces))  # type: ignore[arg-type]
    return apply(state, Recorded(seq, payload)), Recorded(seq, payload)


def test_event_types_keep_the_strings_the_log_stores():
    assert [str(kind) for kind in EventType] == [
        "created",
        "added",
        "initiative",
        "action",
        "proposed",
        "rejected",
        "turn",
        "round",
        "adjust",
        "undo",
        "redo",
        "options",
        "ended",
    ]
    assert EventType.ACTION == "action" and "turn" in {EventType.TURN}


STORED = {
    "created": {"name": "Stezka"},
    "initiative": {"outcome": {"changes": []}, "encounter": {"before": {}, "after": {}}},
    "action": {
        "outcome": {"changes": []},
        "encounter": {"before": {"round": 1}, "after": {"round": 1}},
        "action": {
            "kind": "attack",
            "actor": "c1",
            "targets": ["c2"],
            "weapon": None,
            "modifiers": {"distance": 3},
        },
        "secret": True,
        "proposal": 4,
        "journal_roll": 9,
    },
    "proposed": {
        "action": {
            "kind": "dodge",
            "actor": "c1",
            "targets": [],
            "weapon": "Dýka",
            "modifiers": {},
        },
        "faces": [3, 4],
        "journal_roll": 2,
    },
    "rejected": {"proposal": 5},
    "turn": {"encounter": {"before": {"current": "c1"}, "after": {"current": "c2"}}},
    "adjust": {"outcome": {"changes": []}, "encounter": {"before": {}, "after": {}}},
    "undo": {"target": 5, "type": "action"},
    "redo": {"target": 5, "type": "action"},
    "options": {"before": {"a": 1}, "after": {"a": 2}},
    "ended": {"encounter": {"before": {}, "after": {}}, "characters": [{"character": 1}]},
}


@pytest.mark.parametrize("kind", STORED)
def test_each_payload_reads_and_writes_the_json_the_log_stores(kind):
    data = STORED[kind]
    assert payload_from_json(kind, data).to_json() == data


def test_an_older_initiative_without_ids_and_a_turn_with_an_outcome_round_trip():
    older = {"outcome": {"changes": []}, "encounter": {"before": {}, "after": {}}}
    assert payload_from_json("initiative", older).to_json() == older
    turn = {"outcome": {"changes": []}, "encounter": {"before": {}, "after": {}}}
    assert list(payload_from_json("turn", turn).to_json()) == ["outcome", "encounter"]


def test_an_unknown_event_type_is_refused():
    with pytest.raises(ValueError, match="teleport"):
        payload_from_json("teleport", {})


def test_one_action_codec_both_ways():
    action = Action("attack", "c1", ("c2", "c3"), "Meč", {"distance": 2})
    assert action_from_json(action_to_json(action)) == action
    assert action_from_json({"kind": "dodge", "actor": "c1"}) == Action("dodge", "c1")


def test_the_first_initiative_starts_round_one_with_the_highest_roll():
    state, event = _step(_state(), 3, RollInitiative(), [2, 5])
    assert (state.status, state.fight.round, state.fight.order) == ("running", 1, ("b", "a"))
    assert state.fight.current == "b" and state.fight.get("a").initiative == 2
    assert event.payload.encounter.after == state.snapshot()  # type: ignore[attr-defined]
    assert event.payload.to_json()["ids"] == ["a", "b"]  # type: ignore[attr-defined]
    assert state.done == (3,)


def test_an_action_changes_only_its_target_and_is_undone_and_redone_exactly():
    started, _ = _step(_state(), 1, RollInitiative(), [5, 2])
    hit, action = _step(started, 2, Resolve(Action("attack", "a", ("b",))), [4])
    assert hit.fight.get("b").hp == 6 and hit.fight.get("a") is started.fight.get("a")
    undo = decide(hit, Undo(action), ENGINE, TypedFaces([]))
    undone = apply(hit, Recorded(3, undo, target=action))
    assert undone.fight.get("b").hp == 10 and undone.snapshot() == started.snapshot()
    assert (undone.done, undone.undone) == ((1,), (2,))
    redone = apply(
        undone, Recorded(4, decide(undone, Redo(action), ENGINE, TypedFaces([])), action)
    )
    assert redone.fight.get("b").hp == 6 and (redone.done, redone.undone) == ((1, 2), ())


def test_nothing_to_undo_without_a_target():
    with pytest.raises(NothingToUndo):
        decide(_state(), Undo(None), ENGINE, TypedFaces([]))


def test_an_on_turn_action_is_refused_when_it_is_not_the_actors_turn():
    started, _ = _step(_state(), 1, RollInitiative(), [5, 2])
    with pytest.raises(RulesError, match="no longer"):
        decide(
            started, Resolve(Action("attack", "b", ("a",)), on_turn=True), ENGINE, TypedFaces([4])
        )


def test_options_change_only_before_the_first_initiative():
    changed, _ = _step(_state(), 1, SetOptions({"initiative_once": True}))
    assert changed.fight.options == {"initiative_once": True}
    started, _ = _step(changed, 2, RollInitiative(), [5, 2])
    with pytest.raises(RulesError):
        decide(started, SetOptions({"x": 1}), ENGINE, TypedFaces([]))


def test_the_turn_moves_on_then_a_new_round_begins():
    started, _ = _step(_state(), 1, RollInitiative(), [5, 2])
    second, turn = _step(started, 2, NextTurn())
    assert second.fight.current == "b" and turn.payload.outcome is None  # type: ignore[attr-defined]
    new_round, _ = _step(second, 3, NextTurn())
    assert (new_round.fight.round, new_round.fight.current) == (2, "a")


def test_the_gms_adjustment_records_the_state_before_and_moves_in_the_order():
    started, _ = _step(_state(), 1, RollInitiative(), [5, 2])
    adjusted, event = _step(started, 2, Adjust("b", hp=3, add="prone", position=1))
    assert adjusted.fight.get("b").hp == 3 and adjusted.fight.get("b").has("prone")
    assert adjusted.fight.order == ("b", "a")
    changes = event.payload.outcome["changes"]  # type: ignore[attr-defined]
    assert changes[0] == {"combatant": "b", "kind": "hp", "value": 3, "before": 10}


def test_the_end_leaves_nobody_on_turn():
    started, _ = _step(_state(), 1, RollInitiative(), [5, 2])
    ended, _ = _step(started, 2, End())
    assert (ended.status, ended.fight.current) == ("ended", None)


def test_a_combatant_joins_through_its_engine_with_the_recorded_hp():
    monster = next(m for m in demo.MONSTERS if m["name"] == "Vůdce skřetů")
    joined = Joined("c7", "Vůdce", "enemies", 9, 12, monster["stats"], [], [], True, False)
    added = payload_from_json("added", {"combatants": [joined.to_json()]})
    state = apply(_state(), Recorded(1, added))
    newcomer = state.fight.get("c7")
    assert (newcomer.hp, newcomer.max_hp, newcomer.name) == (9, 12, "Vůdce")
