"""Knock-out, the end of the fight, records, and undo (Rulings; base.apply)."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.base import Action, Effect, apply
from combat.rules.faces import SeededFaces, TypedFaces
from tests.rules.draci_hlidka.helpers import (
    ENGINE,
    SWORD,
    act,
    after,
    fight,
    fighter,
)


def test_a_combatant_at_0_hp_or_below_is_unconscious_and_out_of_the_fight() -> None:
    state = fight(fighter("a", sil=5, weapons=[SWORD]), fighter("t", "enemies", hp=5))
    outcome = act(state, "attack", "a", ["t"], [3], weapon="Široký meč", defence_mode="zo")
    state = after(state, outcome)
    assert state.get("t").hp == 5 - 14 and state.get("t").has("unconscious")
    assert ENGINE.is_over(state)


def test_the_fight_is_over_when_at_most_one_side_stands() -> None:
    a, b = fighter("a"), fighter("b", "enemies")
    assert not ENGINE.is_over(fight(a, b))
    assert ENGINE.is_over(fight(a, replace(b, hp=0)))
    assert ENGINE.is_over(fight(a, replace(b, conditions=frozenset({"fled"}))))
    assert ENGINE.is_over(fight(a, fighter("c")))
    assert ENGINE.is_over(fight())


def test_a_record_becomes_a_combatant_at_full_hp() -> None:
    combatant = ENGINE.combatant_from_record(
        id="c1", name="Skřet 1", side="enemies", stats={"zivoty": 12, "obr": 1}, is_npc=True,
        weapons=[SWORD], armor=[{"druh": "zbroj", "kvalita": 3}, {"druh": "stit", "kvalita": 2}],
    )  # fmt: skip
    assert (combatant.hp, combatant.max_hp) == (12, 12)
    assert combatant.stats["zbroj"] == 3 and combatant.stats["stit"] == 2
    assert combatant.stats["pohyblivost"] == 20  # defaults filled in
    assert combatant.weapons[0]["name"] == "Široký meč"
    assert ENGINE.key == "draci_hlidka"


def test_worn_armour_in_the_stats_wins_over_the_records() -> None:
    combatant = ENGINE.combatant_from_record(
        id="c1", name="x", side="s", stats={"zbroj": 5}, is_npc=True, weapons=[],
        armor=[{"druh": "zbroj", "kvalita": 3}],
    )  # fmt: skip
    assert combatant.stats["zbroj"] == 5


def test_undo_of_an_attack_gives_back_the_original_fight() -> None:
    state = fight(
        fighter("a", sil=4, weapons=[SWORD]),
        fighter("t", "enemies", zivoty=20),
        fighter("b", weapons=[SWORD]),
    )
    outcome = act(state, "attack", "a", ["t"], [6, 6, 6, 3, 2, 5, 2], weapon="Široký meč")
    changed = apply(state, outcome.changes)
    assert changed != state
    assert apply(changed, outcome.changes, undo=True) == state


def test_undo_of_a_round_start_gives_back_the_bleeding_and_the_bookkeeping() -> None:
    bleeding = Effect("bleeding-1", "bleeding", {"dice": 2, "type": "critical"})
    state = fight(fighter("a", turn={"long": "attack"}),
                  fighter("t", "enemies", effects=[bleeding], conditions=["surprised"]),
                  round=2)  # fmt: skip
    outcome = ENGINE.start_of_round(state, TypedFaces([4, 5]))
    changed = apply(state, outcome.changes)
    assert changed.get("t").hp == 21 and not changed.get("t").has("surprised")
    assert changed.get("a").turn == {}
    assert apply(changed, outcome.changes, undo=True) == state


def test_hp_changes_only_through_hp_changes() -> None:
    state = fight(fighter("a", sil=4, weapons=[SWORD]), fighter("t", "enemies", zivoty=20))
    outcome = ENGINE.resolve(state, _attack(), SeededFaces(7))
    assert state.get("t").hp == 20  # the fight itself is never changed
    hp_changes = [c for c in outcome.changes if c.kind == "hp"]
    final = {c.combatant: c.value for c in hp_changes}
    changed = apply(state, outcome.changes)
    for combatant in changed.combatants:
        assert combatant.hp == final.get(combatant.id, state.get(combatant.id).hp)


def test_an_outcome_replays_from_its_recorded_faces() -> None:
    state = fight(fighter("a", sil=4, weapons=[SWORD]), fighter("t", "enemies", zivoty=20))
    first = ENGINE.resolve(state, _attack(), SeededFaces(11))
    faces = [face for rolled in first.rolls for face in rolled.faces]
    again = ENGINE.resolve(state, _attack(), TypedFaces(faces))
    assert again == first


def _attack() -> Action:
    return Action("attack", "a", ("t",), "Široký meč")
