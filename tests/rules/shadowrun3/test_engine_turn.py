"""The engine through the machinery's hooks: a whole combat turn of two passes and the next
turn's start (roll_initiative → resolve → next turn/advance → … → start_of_round), every
outcome applied with combat.rules.base.apply; plus the tracker, the odds and the options."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from combat.rules.base import Action, Fight, Outcome, apply
from combat.rules.faces import SeededFaces, TypedFaces
from combat.rules.flow import next_turn
from combat.rules.shadowrun3.action_fields import MODIFIER_LABELS
from combat.rules.shadowrun3.phase import SPECS
from tests.rules.shadowrun3.test_turn_helpers import ENGINE, KATANA, PREDATOR, fight, runner

LONGBONE = runner("john", name="John Longbone", reaction=3, reaction_bonus=2, initiative_dice=2,
                  quickness=4, intelligence=3, willpower=4, body=7, strength=6,
                  skills={"pistols": 4, "edged_weapons": 5}, weapons=[PREDATOR, KATANA])  # fmt: skip
GANGER: dict[str, Any] = {"reaction": 3, "body": 4, "quickness": 4, "intelligence": 2, "willpower": 3,
          "skills": {"pistols": 3}, "weapons": [PREDATOR]}  # fmt: skip


def applied(state: Fight, outcome: Outcome) -> Fight:
    """What the machinery does with an Outcome: its changes, order and stage."""
    state = apply(state, outcome.changes)
    if outcome.order is not None:
        state = replace(state, order=outcome.order)
    if outcome.stage is not None:
        state = replace(state, stage=outcome.stage)
    return state


def resolve(state: Fight, kind: str, actor: str, targets: tuple[str, ...], faces: list[int],
            weapon: str | None = None, **modifiers: object) -> Fight:  # fmt: skip
    outcome = ENGINE.resolve(state, Action(kind, actor, targets, weapon, modifiers),
                             TypedFaces(faces))  # fmt: skip
    return applied(state, outcome)


def start() -> Fight:
    state = fight(LONGBONE, runner("a", "gang", name="Ganger A", **GANGER),
                  runner("b", "gang", name="Ganger B", **GANGER))  # fmt: skip
    outcome = ENGINE.roll_initiative(state, ["john", "a", "b"], TypedFaces([2, 6, 4, 2]))
    state = applied(state, outcome)
    return replace(state, round=1, current=state.order[0])  # what the workflow sets


def test_a_whole_combat_turn_over_two_passes_and_the_next_turn() -> None:
    state = start()
    assert (state.order, state.stage) == (("john", "a", "b"), {"pass": 1, "passes": 2})
    assert [state.get(c).initiative for c in state.order] == [13, 7, 5]
    # Pass 1, phase 13: Longbone shoots Ganger A with 2 pool dice: 6 dice vs TN 4, two
    # successes; A resists Body 4 vs 9: none → 9M staged up once → 9S: A drops from 7 to 4.
    state = resolve(state, "fire", "john", ("a",), [5, 5, 1, 1, 2, 3, 1, 2, 3, 4],
                    "Ares Predator", pool=2, distance=5)  # fmt: skip
    assert state.get("john").turn["pool"] == 3 and state.get("a").hp == 4
    assert state.order == ("john", "b", "a")  # A now at 4, after B's 5
    turned = next_turn(ENGINE, state, TypedFaces([]))
    state = turned.fight
    assert state.current == "b"
    state = resolve(state, "move", "b", (), [], pace="run", metres=2)
    state = next_turn(ENGINE, state, TypedFaces([])).fight
    assert state.current == "a"
    state = resolve(state, "fire", "a", ("john",), [1, 1, 2], "Ares Predator")  # a miss
    # The last of pass 1: advance → pass 2 with Longbone alone at 3.
    turned = next_turn(ENGINE, state, TypedFaces([]))
    state = turned.fight
    assert turned.outcome is not None and turned.outcome.stage == {"pass": 2, "passes": 2}
    assert (state.order, state.current, state.get("john").initiative) == (("john",), "john", 3)
    # Katana: Edged Weapons 5 vs 4, three successes; B has no melee dice; B resists (6+3)M
    # with Body 4 against 9: none → 9M up one level.
    state = resolve(state, "melee", "john", ("b",), [5, 5, 5, 1, 1, 1, 1, 2, 3], "Katana")
    assert state.get("b").hp < 10
    # The end of pass 2 ends the turn: advance says None, round 2, pools and initiative anew.
    assert ENGINE.advance(state, TypedFaces([])) is None
    turned = next_turn(ENGINE, state, TypedFaces([1, 1, 6, 5]))
    state = turned.fight
    assert state.round == 2 and state.stage == {"pass": 1, "passes": 1}
    assert state.get("john").turn["pool"] == state.get("john").turn["pool_max"] == 5
    wounded_a = 3 + 6 - 3  # A's serious wound: −3 right after the roll
    assert state.get("a").initiative == wounded_a and state.get("john").initiative == 7
    assert state.get("b").initiative == 3 + 5 - 3  # B's serious wound from the katana
    assert state.order == ("john", "a", "b") and state.current == "john"


def test_the_tracker_shows_the_pass_the_formula_the_pool_and_both_monitors() -> None:
    state = start()
    view = ENGINE.tracker(state)
    assert [s.template % dict(s.params) for s in view.header] == [
        "Combat turn 1, initiative pass 1"]  # fmt: skip
    labels = [(b.label.template % dict(b.label.params), b.filled, b.total)
              for b in view.badges["john"]]  # fmt: skip
    assert labels[:5] == [("3 (5) + 1d6 (2d6)", None, 0), ("pass 1: 13", None, 0),
                          ("pool 5/5", None, 0), ("Physical", 0, 10), ("Stun", 0, 10)]  # fmt: skip
    assert ("Ares Predator SA 15/15", None, 0) in labels
    state = resolve(state, "damage", "john", ("a",), [], level="S")
    state = resolve(state, "damage", "john", ("a",), [], level="L", damage_type="stun")
    a = {
        b.label.template % dict(b.label.params): b.filled for b in ENGINE.tracker(state).badges["a"]
    }
    assert a["Physical"] == 6 and a["Stun"] == 1 and "wounds +4 TN, −4 initiative" in a
    assert "pass 1: 3" in a  # 7 − 4


def test_the_tracker_marks_who_acted_in_this_pass() -> None:
    state = start()
    state = resolve(state, "simple_action", "john", (), [], what="use_item")
    state = next_turn(ENGINE, state, TypedFaces([])).fight
    assert ENGINE.tracker(state).acted == frozenset({"john"})


def test_odds_before_the_roll_match_the_planned_attack() -> None:
    state = start()
    steps = ENGINE.odds(state, Action("fire", "john", ("a",), "Ares Predator", {"pool": 2}))
    assert steps is not None
    lines = [s.template % dict(s.params) for s in steps]
    assert lines[0] == "6 dice against TN 4" and lines[1].startswith("chance to hit: ")
    melee = ENGINE.odds(state, Action("melee", "john", ("a",), "Katana", {}))
    assert melee is not None and melee[0].template.startswith("chance the attacker wins")
    assert ENGINE.odds(state, Action("stand_up", "john")) is None
    assert ENGINE.odds(state, Action("fire", "john", ("a",), "Katana", {})) is None


def test_every_attack_outcome_says_hit_and_damage_for_the_generic_preview() -> None:
    state = start()
    for kind, weapon in (("fire", "Ares Predator"), ("melee", "Katana")):
        outcome = ENGINE.resolve(state, Action(kind, "john", ("a",), weapon, {}), SeededFaces(3))
        assert type(outcome.data["hit"]) is bool and type(outcome.data["damage"]) is int


def test_options_labels_and_the_end_of_the_fight() -> None:
    assert [f.key for f in ENGINE.fight_options] == ["weapons", "delays"]
    assert [k for k, _label in ENGINE.fight_options[0].choices] == ["ready", "holstered"]
    ticks = {tick for spec in SPECS.values() for tick in spec.ticks}
    assert ticks <= set(MODIFIER_LABELS)
    state = start()
    assert not ENGINE.is_over(state)
    state = resolve(state, "damage", "john", ("a", "b"), [], level="D")
    assert ENGINE.is_over(state)


def test_stats_and_worn_armour() -> None:
    vest = {"name": "Vesta", "ballistic": 2, "impact": 1}
    made = ENGINE.combatant_from_record(id="x", name="X", side="s", stats={"reaction": 4},
                                        is_npc=True, weapons=[], armor=[vest])  # fmt: skip
    assert (made.hp, made.max_hp) == (10, 10)
    assert made.stats["ballistic"] == 2 and made.stats["impact"] == 1
    assert made.stats["body"] == 3 and made.stats["skills"] == {}


def test_a_new_turn_keeps_the_monitors_and_the_magazine_and_forgets_the_turn() -> None:
    state = start()
    john = state.get("john")
    kept = {**john.turn, "stun": 3, "pool": 0, "ammo": {"Ares Predator": {"rounds": 4,
            "type": "apds", "clip": True}}, "aim": {"weapon": "x", "target": "a", "count": 1}}  # fmt: skip
    state = replace(state, round=2, combatants=tuple(
        replace(c, turn=kept) if c.id == "john" else c for c in state.combatants))  # fmt: skip
    outcome = ENGINE.start_of_round(state, TypedFaces([1, 1, 6, 5]))
    john = applied(state, outcome).get("john")
    assert john.turn["stun"] == 3 and john.turn["ammo"]["Ares Predator"]["rounds"] == 4
    assert john.turn["pool"] == 5 and "aim" not in john.turn
    assert john.initiative == 5 + 2 - 2  # moderate stun: −2 right after the roll
