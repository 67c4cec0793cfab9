"""The action economy of a round (seed 000, BOJOVÉ AKCE)."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Combatant, Fight, RulesError
from tests.rules.draci_hlidka.helpers import (
    CROSSBOW,
    ENGINE,
    SWORD,
    act,
    act_seeded,
    after,
    fight,
    fighter,
    new_round,
)


def hero(**kwargs: Any) -> Combatant:
    return fighter("h", weapons=[SWORD, CROSSBOW], pohyblivost=20, **kwargs)


def state_with(**kwargs: Any) -> Fight:
    return fight(hero(**kwargs), fighter("e", "enemies"))


def test_one_long_action_a_round() -> None:
    state = after(state_with(), act(state_with(), "move", "h"))
    with pytest.raises(RulesError):
        act_seeded(state, "attack", "h", ["e"], weapon="Široký meč")
    with pytest.raises(RulesError):
        act(state, "retreat", "h")


def test_two_short_actions_but_no_third_and_no_long_after_a_short() -> None:
    state = state_with()
    state = after(state, act(state, "retreat", "h"))
    with pytest.raises(RulesError):
        act(state, "move", "h")
    state = after(state, act(state, "cast", "h"))
    assert state.get("h").turn["short"] == ["retreat", "cast"]
    with pytest.raises(RulesError):
        act(state, "retreat", "h")
    assert act(state, "speak", "h").data["action"] == "speak"


def test_instant_actions_take_no_time() -> None:
    state = state_with()
    state = after(state, act(state, "move", "h"))
    state = after(state, act(state, "speak", "h"))
    state = after(state, act(state, "speak", "h"))
    assert state.get("h").turn["instant"] == ["speak", "speak"]


def test_the_short_move_is_once_a_round_and_a_tenth_of_pohyblivost() -> None:
    state = state_with()
    outcome = act(state, "short_move", "h")
    assert outcome.data["distance"] == 2
    state = after(state, outcome)
    state = after(state, act_seeded(state, "attack", "h", ["e"], weapon="Široký meč"))
    with pytest.raises(RulesError):
        act(state, "short_move", "h")


def test_the_short_move_does_not_go_with_a_movement_action() -> None:
    state = after(state_with(), act(state_with(), "move", "h"))
    with pytest.raises(RulesError):
        act(state, "short_move", "h")


@pytest.mark.parametrize("movement", ["move", "retreat", "flee"])
def test_a_movement_action_does_not_follow_a_short_move(movement: str) -> None:
    """Seed 000: „Jednou za kolo ho tak můžeš použít jako součást kterékoliv dlouhé či krátké
    akce (kromě pohybových)." Either order is refused (issue O, 2: this one was accepted)."""
    state = after(state_with(), act(state_with(), "short_move", "h"))
    with pytest.raises(RulesError, match="Short move"):
        act(state, movement, "h")
    kinds = {option.kind for option in ENGINE.actions(state, "h")}
    assert not kinds & {"move", "retreat", "flee"}
    assert {"attack", "speak"} <= kinds  # any other long or short action still goes with it


def test_after_a_movement_action_the_short_move_is_not_offered() -> None:
    state = after(state_with(), act(state_with(), "retreat", "h"))
    kinds = {option.kind for option in ENGINE.actions(state, "h")}
    assert "short_move" not in kinds and "cast" in kinds


@pytest.mark.parametrize(
    ("kind", "time", "share"),
    [("move", "long", 1), ("retreat", "short", 4)],
)
def test_movement_distances_and_time(kind: str, time: str, share: int) -> None:
    outcome = act(state_with(), kind, "h")
    assert outcome.data["distance"] == 20 / share
    turn = after(state_with(), outcome).get("h").turn
    assert (turn.get("long") == kind) if time == "long" else (turn["short"] == [kind])


def test_crawling_and_standing_up_need_a_prone_combatant() -> None:
    with pytest.raises(RulesError):
        act(state_with(), "crawl", "h")
    with pytest.raises(RulesError):
        act(state_with(), "stand_up", "h")
    prone = state_with(conditions=["prone"])
    assert act(prone, "crawl", "h").data["distance"] == 2
    with pytest.raises(RulesError):
        act(prone, "move", "h")
    stood = after(prone, act(prone, "stand_up", "h"))
    assert not stood.get("h").has("prone")
    assert stood.get("h").turn["short"] == ["stand_up"]


def test_a_long_spell_or_skill_is_long_and_a_half_round_spell_short() -> None:
    long_spell = after(state_with(), act(state_with(), "cast", "h", duration="long"))
    assert long_spell.get("h").turn["long"] == "cast"
    assert long_spell.get("h").turn["casting"] is True
    skill = after(state_with(), act(state_with(), "skill", "h"))
    assert skill.get("h").turn["long"] == "skill"
    quick = after(state_with(), act(state_with(), "skill", "h", duration="short"))
    assert quick.get("h").turn["short"] == ["skill"]


def test_a_skill_with_a_difficulty_is_tested() -> None:
    outcome = act(
        state_with(obr=2, dovednosti={"Šplh": 1}),
        "skill",
        "h",
        [],
        [4],
        difficulty=7,
        attribute="obr",
        skill="Šplh",
    )
    assert outcome.data["total"] == 7 and outcome.data["success"] is True


def test_reload_takes_the_weapons_time() -> None:
    state = state_with()
    outcome = act(state, "reload", "h", weapon="Kuše")
    assert after(state, outcome).get("h").turn["short"] == ["reload"]
    with pytest.raises(RulesError):
        act(state, "reload", "h", weapon="Široký meč")


def test_rearming_is_long_unless_the_old_weapon_is_dropped() -> None:
    stow = after(state_with(), act(state_with(), "rearm", "h", weapon="Kuše"))
    assert stow.get("h").turn == {"long": "rearm", "rearmed": True}
    drop = after(state_with(), act(state_with(), "rearm", "h", weapon="Kuše", drop=True))
    assert drop.get("h").turn == {"short": ["rearm"]}


def test_an_item_is_short_unless_the_gm_says_long() -> None:
    potion = after(state_with(), act(state_with(), "item", "h"))
    assert potion.get("h").turn["short"] == ["item"]
    bomb = after(state_with(), act(state_with(), "item", "h", duration="long"))
    assert bomb.get("h").turn["long"] == "item"


def test_the_gm_may_override_the_economy_and_the_log_says_so() -> None:
    state = after(state_with(), act(state_with(), "move", "h"))
    outcome = act_seeded(state, "attack", "h", ["e"], weapon="Široký meč", override=True)
    assert any("GM override" in step.template for step in outcome.steps)


def test_the_turn_bookkeeping_is_reset_at_the_start_of_a_round() -> None:
    state = after(state_with(), act(state_with(), "move", "h"))
    state, outcome = new_round(state)
    assert state.get("h").turn == {}
    assert act(state, "move", "h").data["distance"] == 20


def test_actions_lists_what_is_still_possible() -> None:
    state = state_with()
    kinds = {option.kind for option in ENGINE.actions(state, "h")}
    assert {"attack", "move", "retreat", "cast", "speak", "reload", "short_move"} <= kinds
    assert "crawl" not in kinds and "stand_up" not in kinds
    attack = next(o for o in ENGINE.actions(state, "h") if o.kind == "attack")
    assert attack.needs_target and attack.needs_weapon and "advantage" in attack.modifiers
    moved = after(state, act(state, "move", "h"))
    kinds = {option.kind for option in ENGINE.actions(moved, "h")}
    assert "attack" not in kinds and "retreat" not in kinds
    assert {"speak", "pursuit", "test"} <= kinds


def test_actions_of_someone_out_of_the_fight_are_none() -> None:
    state = state_with(hp=0, conditions=["unconscious"])
    assert ENGINE.actions(state, "h") == ()
    with pytest.raises(RulesError):
        act(state, "move", "h")


def test_unknown_actions_and_actors_are_rules_errors() -> None:
    with pytest.raises(RulesError):
        act(state_with(), "dance", "h")
    with pytest.raises(RulesError):
        act(state_with(), "move", "ghost")
    with pytest.raises(RulesError):
        ENGINE.actions(state_with(), "ghost")


def test_reloading_after_a_shot_leaves_only_zo_this_round() -> None:
    state = fight(hero(obr=2), fighter("e", "enemies", weapons=[SWORD]))
    state = after(state, act_seeded(state, "attack", "h", ["e"], weapon="Kuše", distance=10))
    state = after(state, act(state, "reload", "h", weapon="Kuše", override=True))
    assert state.get("h").turn["reloaded"] is True
    blow = act_seeded(state, "attack", "e", ["h"], weapon="Široký meč")
    assert blow.data["defence_mode"] == "zo"


def test_the_engine_is_registered_under_its_key() -> None:
    from combat.rules.engines import get_engine

    assert get_engine("draci_hlidka").key == "draci_hlidka"
