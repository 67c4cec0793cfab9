"""The combat phase (seed 003, Bojová fáze): the action economy, declarations (T-Rex), free
actions in others' phases, quick draw, aim, clips, fire modes, standing up."""

from __future__ import annotations

from dataclasses import replace

import pytest

from combat.rules.base import Action, Fight, RulesError
from combat.rules.faces import SeededFaces
from tests.rules.shadowrun3.test_fire_modes import AK97
from tests.rules.shadowrun3.test_turn_helpers import (
    BROWNING,
    ENGINE,
    PREDATOR,
    act,
    acted,
    after,
    at,
    fight,
    rolled,
    runner,
    texts,
    turn,
)

SMG = {"name": "Uzi", "power": 6, "damage_level": "M", "weapon_type": "smg",
       "firing_modes": ["SA", "BF", "FA"], "magazine": 24, "concealability": 5,
       "smartgun": True}  # fmt: skip


def mafia(**options: object) -> Fight:
    """T-Rex (reflex booster: 4 (6) + 2d6) against Paolo and Luigi, weapons holstered."""
    trex = runner("trex", name="T-Rex", reaction=4, reaction_bonus=2, initiative_dice=2,
                  weapons=[BROWNING], skills={"pistols": 5}, quickness=5, intelligence=4,
                  willpower=4)  # fmt: skip
    paolo = runner("paolo", "mafia", name="Paolo", reaction=3, body=4, ballistic=2,
                   weapons=[PREDATOR], skills={"pistols": 4})  # fmt: skip
    luigi = runner("luigi", "mafia", name="Luigi", reaction=3, body=4, ballistic=2,
                   weapons=[PREDATOR], skills={"pistols": 4})  # fmt: skip
    options = {"weapons": "holstered", **options}
    return rolled(fight(trex, paolo, luigi, **options), [6, 6, 3, 2])


def test_t_rex_declares_quick_draw_and_a_shot_at_paolo_and_cannot_turn_to_luigi() -> None:
    # seed 003: "musí na začátku bojové fáze nahlásit obě a nemůže je později měnit"
    state = mafia()
    assert state.current == "trex"
    state = acted(state, "declare", "trex", ["paolo"], first="quick_draw", second="fire")
    # Reaction 6 dice vs 4: one success draws; Pistols 5 vs TN 4: 5 successes; Paolo resists
    # Body 4 vs 9 − 2 = 7 with none: 9M staged up twice → 9D, Paolo goes down.
    outcome = act(
        state,
        "quick_draw",
        "trex",
        ["paolo"],
        [4, 1, 2, 2, 3, 3, 5, 5, 5, 5, 5, 1, 1, 2, 3],
        weapon="Browning Max-Power",
    )
    assert outcome.data["level"] == "D" and outcome.data["hit"]
    state = after(state, outcome)
    assert state.get("paolo").has("dying")
    with pytest.raises(RulesError, match="declared this action against Paolo"):
        act(state, "fire", "trex", ["luigi"], [], weapon="Browning Max-Power")
    second = act(
        state, "fire", "trex", ["paolo"], [5, 5, 5, 5, 5, 1, 1, 2, 3], weapon="Browning Max-Power"
    )  # the coup de grâce, still at Paolo
    assert "recoil +1 − compensation 0 = +1" in texts(second)  # the SA's second shot


def test_a_declared_plan_fixes_the_kinds_in_order() -> None:
    state = acted(mafia(), "declare", "trex", [], first="ready_weapon", second="aim")
    with pytest.raises(RulesError, match="declared"):
        act(state, "stand_up", "trex")
    state = acted(state, "ready_weapon", "trex", weapon="Browning Max-Power")
    with pytest.raises(RulesError):
        act(state, "ready_weapon", "trex", weapon="Browning Max-Power")


def test_two_simple_or_one_complex_plus_one_free() -> None:
    state = mafia(weapons="ready")
    state = acted(state, "simple_action", "trex", what="use_item")
    with pytest.raises(RulesError, match="complex"):
        act(state, "use_skill", "trex", skill="pistols")
    state = acted(state, "free_action", "trex", what="speak")
    state = acted(state, "simple_action", "trex", what="use_item")
    with pytest.raises(RulesError, match="no simple action left"):
        act(state, "simple_action", "trex", what="use_item")
    with pytest.raises(RulesError, match="no free action left"):
        act(state, "free_action", "trex", what="speak")  # the free one went, both simple too


def test_a_free_action_may_replace_a_simple_one() -> None:
    state = mafia()
    for _ in range(3):
        state = acted(state, "free_action", "trex", what="speak")
    with pytest.raises(RulesError):
        act(state, "free_action", "trex", what="speak")


def test_free_actions_in_others_phases_once_each_never_before_one_s_first_phase() -> None:
    state = mafia()
    with pytest.raises(RulesError, match="before its first phase"):
        act(state, "free_action", "paolo", what="speak")
    outcome = act(state, "drop_prone", "paolo")  # Rulings: dropping prone at any time
    assert "it takes effect at the end of that phase" in texts(outcome)[1]
    state = turn(state).fight  # Paolo's phase
    state = turn(state).fight  # Luigi's phase: Paolo has had his
    state = acted(state, "free_action", "paolo", what="speak")
    with pytest.raises(RulesError, match="already took a free action"):
        act(state, "free_action", "paolo", what="gesture")
    with pytest.raises(RulesError, match="may only take a free action"):
        act(state, "simple_action", "paolo", what="use_item")


def test_quick_draw_needs_one_success_and_a_failed_draw_cannot_fire() -> None:
    state = mafia()
    outcome = act(state, "quick_draw", "trex", ["luigi"], [1, 2, 3, 3, 3, 3],
                  weapon="Browning Max-Power", no_holster=True)  # fmt: skip
    assert outcome.rolls[0].expression == "6d6!!>=6" and not outcome.data["drawn"]
    state = after(state, outcome)
    with pytest.raises(RulesError, match="quick draw failed"):
        act(state, "fire", "trex", ["luigi"], [], weapon="Browning Max-Power")


def test_a_holstered_weapon_must_be_readied_and_ready_weapon_costs_a_simple_action() -> None:
    state = mafia()
    with pytest.raises(RulesError, match="must ready"):
        act(state, "fire", "trex", ["luigi"], [], weapon="Browning Max-Power")
    state = acted(state, "ready_weapon", "trex", weapon="Browning Max-Power")
    outcome = act(state, "fire", "trex", ["luigi"], [1, 1, 1, 1, 2], weapon="Browning Max-Power")
    assert outcome.data["hit"] is False and outcome.data["successes"] == 0


def test_aim_lowers_the_tn_up_to_half_the_skill_and_any_other_action_loses_it() -> None:
    state = mafia(weapons="ready")
    state = acted(state, "aim", "trex", ["luigi"], weapon="Browning Max-Power")
    state = acted(state, "aim", "trex", ["luigi"], weapon="Browning Max-Power")
    assert state.get("trex").turn["aim"]["count"] == 2
    state = turn(turn(turn(state).fight).fight).fight  # pass 2: T-Rex again (12 → 2)
    assert state.current == "trex"
    with pytest.raises(RulesError, match="at most 2"):
        act(state, "aim", "trex", ["luigi"], weapon="Browning Max-Power")
    shot = act(state, "fire", "trex", ["luigi"], [1, 1, 1, 1, 3, 1, 1, 1, 1],
               weapon="Browning Max-Power")  # fmt: skip
    assert "aiming -2" in texts(shot) and "TN 4 -2 = 2" in texts(shot)
    lost = act(state, "free_action", "trex", what="speak")
    assert "T-Rex stops aiming" in texts(lost)


def test_pool_dice_while_aiming_over_several_phases_lose_the_aim() -> None:
    state = mafia(weapons="ready")
    state = acted(state, "aim", "trex", ["luigi"], weapon="Browning Max-Power")
    state = turn(turn(turn(state).fight).fight).fight
    state = acted(state, "aim", "trex", ["luigi"], weapon="Browning Max-Power")
    shot = act(state, "fire", "trex", ["luigi"], [1, 1, 1, 1, 3, 1], weapon="Browning Max-Power",
               pool=1)  # fmt: skip
    assert "pool dice while aiming over several phases: the aim is lost" in texts(shot)
    assert "TN 4  = 4" in texts(shot)


def test_clips_come_out_and_go_in_with_simple_actions_and_the_magazine_is_counted() -> None:
    gunner = runner("g", weapons=[SMG], skills={"smgs": 4}, reaction=6)
    target = runner("t", "gang", reaction=1)
    state = rolled(fight(gunner, target), [6, 1])
    state = acted(state, "fire", "g", ["t"], [1, 1, 1, 2], weapon="Uzi")
    assert state.get("g").turn["ammo"]["Uzi"]["rounds"] == 23
    with pytest.raises(RulesError, match="remove the old clip"):
        act(state, "insert_clip", "g", weapon="Uzi")
    state = acted(state, "remove_clip", "g", weapon="Uzi")
    state = turn(turn(state).fight).fight  # pass 2 (12 → 2)
    with pytest.raises(RulesError, match="no clip in"):
        act(state, "fire", "g", ["t"], [], weapon="Uzi")
    state = acted(state, "insert_clip", "g", weapon="Uzi", ammunition="apds")
    assert state.get("g").turn["ammo"]["Uzi"] == {"rounds": 24, "type": "apds", "clip": True}


def test_changing_the_fire_mode_is_simple_but_free_with_a_smartlink() -> None:
    gunner = runner("g", weapons=[SMG], skills={"smgs": 4}, reaction=6)
    state = rolled(fight(gunner, runner("t", "gang", reaction=1)), [6, 1])
    with pytest.raises(RulesError, match="change the fire mode first"):
        act(state, "fire", "g", ["t"], [], weapon="Uzi", mode="BF")
    state = acted(state, "change_mode", "g", weapon="Uzi", mode="FA")
    assert state.get("g").turn["phase"]["units"] == 1
    with pytest.raises(RulesError, match="complex action after other actions"):
        act(state, "fire", "g", ["t"], [], weapon="Uzi", rounds=3)
    wired = replace(gunner, stats={**gunner.stats, "smartlink": "smartlink"})
    state = rolled(fight(wired, runner("t", "gang", reaction=1)), [6, 1])
    state = acted(state, "change_mode", "g", weapon="Uzi", mode="FA")
    assert state.get("g").turn["phase"]["units"] == 0
    outcome = act(state, "fire", "g", ["t"], [1, 1, 1, 2], weapon="Uzi", rounds=3)
    assert outcome.data["code"] == "9S" and state.get("g").turn["phase"]["free"] == 1


def test_a_wounded_character_stands_up_with_a_willpower_test() -> None:
    # seed 003: "Zraněná postava musí provést test vůle (2) … Nezapomeňte k cílovému číslu
    # přičíst odpovídající modifikátor zranění!"
    hurt = runner("h", reaction=6, willpower=2, conditions=["prone"])
    hurt = replace(hurt, hp=hurt.hp - 3)  # moderate: +2 → TN 4
    state = rolled(fight(hurt, runner("x", "gang")), [6, 1])
    failed = act(state, "stand_up", "h", [], [3, 2])
    assert failed.rolls[0].expression == "2d6!!>=4" and failed.data == {"stood_up": False}
    state = after(state, failed)
    state = acted(state, "stand_up", "h", [], [4, 1])
    assert not state.get("h").has("prone")


def test_use_skill_rolls_the_skill_against_the_gm_s_tn() -> None:
    state = mafia()
    outcome = act(state, "use_skill", "trex", [], [5, 5, 1, 1, 1], skill="pistols", tn=5)
    assert outcome.data == {"skill": "pistols", "successes": 2, "tn": 5}


def test_actions_offer_what_the_phase_has_room_for() -> None:
    state = mafia()
    kinds = {o.kind for o in ENGINE.actions(state, "trex")}
    assert {"quick_draw", "ready_weapon", "delay", "declare", "move", "fire"} <= kinds
    assert "stand_up" not in kinds
    state = acted(state, "use_skill", "trex", [], [1, 1, 1, 1, 2], skill="pistols")
    kinds = {o.kind for o in ENGINE.actions(state, "trex")}
    assert "fire" not in kinds and "free_action" in kinds and "delay" not in kinds
    others = {o.kind for o in ENGINE.actions(state, "luigi")}
    assert "simple_action" not in others and "intercept" in others
    skill = next(o for o in ENGINE.actions(mafia(), "trex") if o.kind == "use_skill")
    assert [key for key, _label in skill.values[0].choices] == ["pistols"]


def test_bad_input_is_a_clear_rules_error() -> None:
    state = mafia()
    with pytest.raises(RulesError, match="unknown modifiers"):
        act(state, "stand_up", "trex", nonsense=1)
    with pytest.raises(RulesError, match="whole number"):
        act(state, "use_skill", "trex", skill="pistols", tn="five")
    with pytest.raises(RulesError, match="not a choice"):
        act(state, "delay", "trex", until="forever")
    with pytest.raises(RulesError, match="unknown action"):
        act(state, "teleport", "trex")
    with pytest.raises(RulesError, match="ticked or not"):
        act(state, "stand_up", "trex", override="yes")
    assert at(state, "trex") is state


def test_a_called_shot_is_the_phase_s_free_action() -> None:
    # seed 003: "Zacílení se považuje za volnou akci" (+4 TN, the level one step up).
    state = mafia(weapons="ready")
    outcome = act(state, "fire", "trex", ["luigi"], [1, 1, 1, 1, 2], weapon="Browning Max-Power",
                  called_shot="level")  # fmt: skip
    assert "called shot +4" in texts(outcome) and outcome.data["code"] == "9S"
    state = after(state, outcome)
    assert state.get("trex").turn["phase"]["free"] == 1
    assert state.get("trex").turn["phase"]["kinds"] == ["fire", "called_shot"]
    state = acted(state, "free_action", "trex", what="speak")  # takes the second simple
    with pytest.raises(RulesError):
        act(state, "fire", "trex", ["luigi"], [], weapon="Browning Max-Power")


def test_those_acting_in_the_same_phase_declare_lowest_first() -> None:
    # seed 003: "vyhlašují své úmysly v opačném pořadí. Začíná postava s nejnižším výsledkem".
    a = runner("a", name="A", reaction=6)
    b = runner("b", "gang", name="B", reaction=5)  # ties A at 11, lower Reaction: second
    c = runner("c", "gang", name="C", reaction=3)
    state = rolled(fight(a, b, c), [5, 6, 1])
    assert state.order == ("a", "b", "c")
    hint = ENGINE.tracker(state).header[-1]
    assert hint.template % dict(hint.params) == "Phase 11: declare lowest first — B, A"
    early = act(state, "declare", "a", ["c"], first="use_skill")
    assert "B acts in the same phase and declares first (lowest first)" in texts(early)
    state = acted(state, "declare", "b", ["a"], first="simple_action")  # out of turn: fine
    assert "B acts" not in " ".join(texts(act(state, "declare", "a", ["c"], first="use_skill")))
    with pytest.raises(RulesError, match="does not act in this phase"):
        act(state, "declare", "c", [], first="simple_action")


def test_a_defender_s_pool_dice_end_an_aim_held_over_several_phases() -> None:
    # Rulings: no pool dice at all while a multi-phase aim is held (using them ends the aim).
    trex = mafia().get("trex")
    paolo = runner("paolo", "mafia", name="Paolo", reaction=3, reaction_bonus=6,
                   weapons=[PREDATOR], skills={"pistols": 4})  # fmt: skip
    luigi = runner("luigi", "mafia", name="Luigi", reaction=3)
    state = rolled(fight(replace(trex, turn={}), paolo, luigi), [6, 6, 6, 2])  # 18, 15, 5
    state = acted(state, "aim", "trex", ["luigi"], weapon="Browning Max-Power")
    state = turn(state).fight  # Paolo: T-Rex has aimed in one phase only
    # Pistols 4 vs 4: one success; T-Rex dodges with 1 die (none) and resists with Body 3.
    faces = [5, 1, 1, 2, 1, 1, 1, 1]
    shot = act(state, "fire", "paolo", ["trex"], faces, weapon="Ares Predator", dodge_pool=1)
    assert after(state, shot).get("trex").turn["aim"]["count"] == 1
    state = turn(turn(state).fight).fight  # pass 2: T-Rex aims again, two phases now
    state = acted(state, "aim", "trex", ["luigi"], weapon="Browning Max-Power")
    state = turn(state).fight
    assert state.current == "paolo"
    shot = act(state, "fire", "paolo", ["trex"], faces, weapon="Ares Predator", dodge_pool=1)
    assert "T-Rex uses combat pool dice: the aim is lost" in texts(shot)
    assert "aim" not in after(state, shot).get("trex").turn


def test_wedge_fires_three_full_auto_bursts_in_one_phase_through_the_engine() -> None:
    """Seed 003: „Plně automaticky lze vystřelit až deset ran za bojovou fázi." Wedge fires 3,
    3 and 4 rounds at three punks: TN 3, 7 and 13, damage 11S, 11S and 12S — one complex
    action, not three (issue O, 1: the second burst was refused)."""
    wedge = runner("wedge", weapons=[AK97], skills={"assault_rifles": 5}, reaction=6,
                   turn={"modes": {"AK-97": "FA"}})  # fmt: skip
    punks = [runner(f"p{n}", "gang", reaction=1) for n in (1, 2, 3)]
    state = rolled(fight(wedge, *punks), [6, 1, 2, 3])
    seen = []
    for punk, rounds in (("p1", 3), ("p2", 3), ("p3", 4)):
        action = Action("fire", "wedge", (punk,), "AK-97", {"rounds": rounds, "distance": 15})
        outcome = ENGINE.resolve(state, action, SeededFaces(rounds))
        seen.append((outcome.data["tn"], outcome.data["code"]))
        state = after(state, outcome)
        offered = [option.kind for option in ENGINE.actions(state, "wedge")]
        assert ("fire" in offered) == (punk != "p3")  # 6 rounds fired: room for 3 or 4 more
    assert seen == [(3, "11S"), (7, "11S"), (13, "12S")]
    assert state.get("wedge").turn["phase"]["units"] == 2  # the phase's one complex action
    with pytest.raises(RulesError, match="at most 10 rounds of full auto a phase"):
        act(state, "fire", "wedge", ["p1"], [], weapon="AK-97", rounds=3)
    with pytest.raises(RulesError, match="no simple action left"):
        act(state, "fire", "wedge", ["p1"], [], weapon="AK-97", mode="SA")
