"""Who may defend actively (seed 000, OBRANA; BOJOVÉ AKCE)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.rules.draci_hlidka.helpers import SWORD, act, act_seeded, after, fight, fighter, texts


def defence_mode(defender_turn: dict[str, Any], **modifiers: Any) -> str:
    attacker = fighter("a", weapons=[SWORD])
    defender = fighter("d", "enemies", weapons=[SWORD], turn=defender_turn, zivoty=999)
    state = fight(attacker, defender)
    outcome = act_seeded(state, "attack", "a", ["d"], weapon="Široký meč", **modifiers)
    return str(outcome.data["defence_mode"])


@pytest.mark.parametrize(
    ("turn", "expected"),
    [
        ({}, "active"),  # nothing done yet this round
        ({"short": ["retreat"]}, "active"),  # one short action (Ústup)
        ({"long": "attack"}, "active"),  # attacking
        ({"short": ["retreat", "stand_up"]}, "zo"),  # two short actions
        ({"long": "move"}, "zo"),  # Přesun
        ({"long": "crawl"}, "zo"),  # Plazení
        ({"long": "skill"}, "zo"),  # any other long action
        ({"long": "flee"}, "zo"),  # flight is a Přesun
        ({"short": ["cast"], "casting": True}, "zo"),  # a caster defends with ZO
        ({"long": "rearm", "rearmed": True}, "zo"),  # re-arming (stowing)
        ({"short": ["rearm"]}, "active"),  # re-arming by dropping the old weapon
        ({"short": ["reload"], "reloaded": True, "shot": True}, "zo"),  # reloading after a shot
        ({"long": "attack", "defences": 1}, "zo"),  # its one active defence is used
    ],
)
def test_active_defence_depends_on_what_the_defender_did_this_round(
    turn: dict[str, Any], expected: str
) -> None:
    assert defence_mode(turn) == expected


def test_only_one_active_defence_a_round() -> None:
    attacker = fighter("a", weapons=[SWORD])
    other = fighter("b", weapons=[SWORD])
    defender = fighter("d", "enemies", weapons=[SWORD])
    state = fight(attacker, other, defender)
    first = act(state, "attack", "a", ["d"], [1, 1], weapon="Široký meč")
    assert first.data["defence_mode"] == "active"
    state = after(state, first)
    second = act(state, "attack", "b", ["d"], [1], weapon="Široký meč")
    assert second.data["defence_mode"] == "zo"
    assert any("used its active defence" in line for line in texts(second))


def test_extra_attacks_give_as_many_defences() -> None:
    # seed 000: "má k dispozici i stejný počet obran"
    assert defence_mode({"long": "attack", "attacks_allowed": 2, "defences": 1}) == "active"
    assert defence_mode({"long": "attack", "attacks_allowed": 2, "defences": 2}) == "zo"
    assert defence_mode({"defences": 1}, defender_defences=2) == "active"


def test_the_gm_may_grant_an_active_defence_or_take_it_away() -> None:
    assert defence_mode({"long": "move"}, defence_mode="active") == "active"
    assert defence_mode({}, defence_mode="zo") == "zo"


def test_an_ambushed_defender_has_zo_only() -> None:
    assert defence_mode({}, ambush=True) == "zo"
