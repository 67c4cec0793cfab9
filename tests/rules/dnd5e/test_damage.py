"""Damage, temporary hit points, 0 HP and death saving throws (issue G.6)."""

from __future__ import annotations

from typing import Any

import pytest

from combat.rules.base import Combatant, Effect, Fight, Outcome, RulesError
from tests.rules.dnd5e.helpers import (
    ENGINE,
    act,
    after,
    creature,
    fight,
    fighter,
    goblin,
    texts,
)

MACE = {"name": "Mace", "damage": "1d6", "damage_type": "bludgeoning", "category": "simple",
        "weapon_range": "melee"}  # fmt: skip


def _smash(target_stats: dict[str, Any], face: int = 5) -> tuple[int, list[str]]:
    """Mace 1d6+3 showing `face` against a creature with the given defences."""
    state = fight(fighter(weapons=[MACE]), goblin(hp=40, **target_stats))
    outcome = act(state, "attack", "hero", ["gob"], [15, face], weapon="Mace")
    return outcome.data["damage"], texts(outcome)


def test_resistance_halves_rounding_down() -> None:
    dealt, lines = _smash({"damage_resistances": ["bludgeoning"]})
    assert dealt == 4  # (5 + 3) / 2
    odd, _lines = _smash({"damage_resistances": ["bludgeoning"]}, face=4)
    assert odd == 3  # 7 / 2 rounded down
    assert "gob resists bludgeoning: 8 → 4 (halved, rounded down)" in lines


def test_vulnerability_doubles_and_immunity_ignores() -> None:
    assert _smash({"damage_vulnerabilities": ["bludgeoning"]})[0] == 16
    assert _smash({"damage_immunities": ["bludgeoning"]})[0] == 0
    assert _smash({"damage_resistances": ["fire"]})[0] == 8  # another type changes nothing


def test_a_qualified_srd_phrase_is_left_to_the_gm() -> None:
    phrase = "bludgeoning, piercing, and slashing from nonmagical attacks"
    dealt, lines = _smash({"damage_resistances": [phrase]})
    assert dealt == 8
    assert f"gob: {phrase} — the GM decides whether it applies" in lines


def test_each_damage_type_of_a_hit_is_adjusted_on_its_own() -> None:
    bite = {
        "name": "Bite",
        "attack_bonus": 5,
        "reach": 5,
        "damage": [{"dice": "1d6", "type": "piercing"}, {"dice": "1d6", "type": "fire"}],
    }
    state = fight(creature("hound", "enemies", actions=[bite]),
                  fighter(hp=30, damage_resistances=["fire"]))  # fmt: skip
    outcome = act(state, "attack", "hound", ["hero"], [15, 4, 5], weapon="Bite")
    assert outcome.data["damage"] == 4 + 2


def test_temporary_hit_points_are_lost_first_and_do_not_add_up() -> None:
    state = fight(fighter(), goblin(hp=7))
    granted = act(state, "grant_temp_hp", "hero", ["gob"], amount=5)
    state = after(state, granted)
    lower = act(state, "grant_temp_hp", "hero", ["gob"], amount=3)
    assert not lower.changes and "gob keeps 5 temporary hit points (not 3)" in texts(lower)
    hit = act(state, "attack", "hero", ["gob"], [15, 4], weapon="Longsword")
    assert hit.data["damage"] == 7 and hit.data["hp_after"] == 5
    assert after(state, hit).get("gob").effects == ()


def test_a_monster_at_0_hp_dies() -> None:
    outcome = act(fight(fighter(), goblin()), "attack", "hero", ["gob"], [15, 8],
                  weapon="Longsword")  # fmt: skip
    state = after(fight(fighter(), goblin()), outcome)
    assert state.get("gob").hp == 0 and state.get("gob").has("dead")


def _down(hp: int = 2, damage_face: int = 2) -> tuple[Fight, Outcome]:
    """The goblin's scimitar (1d6+2) drops a character with `hp` HP."""
    state = fight(goblin(), fighter(current=hp))
    outcome = act(state, "attack", "gob", ["hero"], [18, damage_face], weapon="Scimitar")
    return after(state, outcome), outcome


def test_a_character_at_0_hp_falls_unconscious_and_prone() -> None:
    state, outcome = _down()
    hero = state.get("hero")
    assert hero.hp == 0 and {"unconscious", "prone"} <= hero.conditions
    assert not hero.has("dead")
    assert hero.effects == (Effect("death-saves", "death_saves", {"successes": 0, "failures": 0}),)
    assert "hero falls unconscious and makes death saving throws" in texts(outcome)


def test_damage_beyond_0_of_at_least_the_maximum_kills_outright() -> None:
    # 2 HP of 12 left: 14 damage is 12 beyond 0 (dead), 13 is 11 beyond 0 (unconscious)
    maul = {"name": "Maul", "attack_bonus": 6, "reach": 5,
            "damage": [{"dice": "2d10+4", "type": "bludgeoning"}]}  # fmt: skip
    state = fight(creature("ogre", "enemies", actions=[maul]), fighter(current=2))
    outcome = act(state, "attack", "ogre", ["hero"], [15, 5, 5], weapon="Maul")
    assert after(state, outcome).get("hero").has("dead")
    lucky = act(state, "attack", "ogre", ["hero"], [15, 5, 4], weapon="Maul")
    hero = after(state, lucky).get("hero")
    assert hero.has("unconscious") and not hero.has("dead")


SHORTBOW_ACTION = {"name": "Shortbow", "attack_bonus": 4, "range_normal": 80, "range_long": 320,
                   "damage": [{"dice": "1d6+2", "type": "piercing"}]}  # fmt: skip


def test_damage_at_0_hp_is_a_failure_and_a_critical_two() -> None:
    archer = goblin(actions=[SHORTBOW_ACTION])
    state = fight(archer, _dying())
    # from 30 ft the unconscious hero's advantage and its prone disadvantage cancel;
    # 1d6+2 = 3 is one failure
    shot = act(state, "attack", "gob", ["hero"], [15, 1], weapon="Shortbow", distance=30)
    assert not shot.data["critical"] and shot.data["mode"] == "normal"
    assert after(state, shot).get("hero").effects[0].data == {"successes": 0, "failures": 1}
    # from 5 ft every hit on an unconscious creature is critical: two failures
    close = act(state, "attack", "gob", ["hero"], [10, 15, 1, 1], weapon="Shortbow", distance=5)
    assert close.data["critical"] and close.rolls[1].expression == "2d6+2"
    assert after(state, close).get("hero").effects[0].data["failures"] == 2


def test_three_failures_kill() -> None:
    state = fight(goblin(), _dying(successes=2, failures=2))
    outcome = act(state, "attack", "gob", ["hero"], [15, 15, 1, 1], weapon="Scimitar")
    hero = after(state, outcome).get("hero")
    assert hero.has("dead") and hero.effects == ()


def _dying(successes: int = 0, failures: int = 0, **turn: object) -> Combatant:
    saves = Effect("death-saves", "death_saves", {"successes": successes, "failures": failures})
    return fighter(current=0, conditions=["unconscious", "prone"], effects=[saves], turn=turn)


@pytest.mark.parametrize(
    ("face", "result", "successes", "failures"),
    [(10, "success", 1, 0), (9, "failure", 0, 1), (1, "failure", 0, 2), (20, "revived", 0, 0)],
)
def test_death_saving_throws(face: int, result: str, successes: int, failures: int) -> None:
    state = fight(_dying(), goblin())
    outcome = act(state, "death_save", "hero", [], [face])
    assert outcome.data["result"] == result
    assert (outcome.data["successes"], outcome.data["failures"]) == (successes, failures)


def test_a_natural_20_brings_the_character_back_with_1_hp() -> None:
    state = fight(_dying(failures=2), goblin())
    hero = after(state, act(state, "death_save", "hero", [], [20])).get("hero")
    assert hero.hp == 1 and not hero.has("unconscious") and hero.effects == ()
    assert hero.has("prone")  # SRD: it wakes where it fell


def test_three_successes_stabilise_and_three_failures_kill() -> None:
    state = fight(_dying(successes=2), goblin())
    stable = after(state, act(state, "death_save", "hero", [], [14])).get("hero")
    assert stable.has("stable") and stable.effects == () and stable.hp == 0
    state = fight(_dying(failures=2), goblin())
    assert after(state, act(state, "death_save", "hero", [], [3])).get("hero").has("dead")


def test_a_death_save_only_once_and_only_on_its_own_turn() -> None:
    state = fight(_dying(death_save=True), goblin())
    with pytest.raises(RulesError, match="one death saving throw"):
        act(state, "death_save", "hero", [], [12])
    state = fight(goblin(), _dying())
    with pytest.raises(RulesError, match="one death saving throw"):
        act(state, "death_save", "hero", [], [12])
    assert "death_save" not in [o.kind for o in ENGINE.actions(state, "hero")]
    assert "death_save" in [o.kind for o in ENGINE.actions(fight(*reversed(state.combatants)),
                                                           "hero")]  # fmt: skip


def test_healing_wakes_a_dying_character() -> None:
    state = fight(goblin(), _dying(failures=1))
    hero = after(state, act(state, "heal", "gob", ["hero"], amount=4)).get("hero")
    assert hero.hp == 4 and not hero.has("unconscious") and hero.effects == ()
    with pytest.raises(RulesError, match="dead"):
        act(fight(goblin(current=0, conditions=["dead"]), fighter()), "heal", "hero", ["gob"],
            amount=4)  # fmt: skip
