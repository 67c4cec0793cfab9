"""The turn's economy: one action, Extra Attack, Multiattack, reactions, movement (issue G)."""

from __future__ import annotations

import pytest

from combat.rules.base import Fight, RulesError
from tests.rules.dnd5e.helpers import (
    ENGINE,
    SCIMITAR,
    act,
    after,
    creature,
    fight,
    fighter,
    goblin,
)

BOSS_MULTIATTACK = "The goblin boss makes two attacks with its scimitar. The second attack has "


def kinds(state: Fight, actor: str) -> list[str]:
    return [option.kind for option in ENGINE.actions(state, actor)]


def test_one_attack_then_the_action_is_spent() -> None:
    state = fight(fighter(), goblin(hp=30))
    state = after(state, act(state, "attack", "hero", ["gob"], [2], weapon="Longsword"))
    assert state.get("hero").turn["action"] == "attack"
    with pytest.raises(RulesError, match="no attack left"):
        act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    with pytest.raises(RulesError, match="already used the action"):
        act(state, "dash", "hero")
    assert "attack" not in kinds(state, "hero") and "dash" not in kinds(state, "hero")
    assert "move" in kinds(state, "hero")


def test_extra_attack_gives_a_second_attack_in_the_same_action() -> None:
    state = fight(fighter(traits=[{"name": "Extra Attack", "text": ""}]), goblin(hp=30))
    first = act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    assert first.data["used"] == "action"
    state = after(state, first)
    assert "attack" in kinds(state, "hero") and "dash" not in kinds(state, "hero")
    second = act(state, "unarmed", "hero", ["gob"], [2])
    assert second.data["used"] == "extra"
    with pytest.raises(RulesError, match="no attack left"):
        act(after(state, second), "attack", "hero", ["gob"], [2], weapon="Longsword")


def test_a_multiattack_is_a_budget_of_attacks_spent_one_by_one() -> None:
    boss = goblin("boss", multiattack=BOSS_MULTIATTACK + "disadvantage.")
    state = fight(boss, fighter(hp=40))
    assert "multiattack" in kinds(state, "boss")
    started = act(state, "multiattack", "boss")
    assert started.data["attacks"] == 2 and started.rolls == ()
    state = after(state, started)
    for _attack in range(2):
        state = after(state, act(state, "attack", "boss", ["hero"], [2], weapon="Scimitar"))
    with pytest.raises(RulesError, match="no attack left"):
        act(state, "attack", "boss", ["hero"], [2], weapon="Scimitar")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("The dragon can use its Frightful Presence. It then makes three attacks: one with its "
         "bite and two with its claws.", 3),
        ("The medusa makes either three melee attacks--one with its snake hair and two with its "
         "shortsword--or two ranged attacks with its longbow.", 3),
        ("The marilith can make seven attacks: six with its longswords and one with its tail.", 7),
        ("The mummy can use its Dreadful Glare and makes one attack with its rotting fist.", 1),
    ],
)  # fmt: skip
def test_the_multiattack_count_is_read_from_the_srd_text(text: str, count: int) -> None:
    state = fight(goblin("m", multiattack=text), fighter())
    assert act(state, "multiattack", "m").data["attacks"] == count


def test_a_multiattack_without_a_number_asks_the_gm() -> None:
    hydra = goblin("h", multiattack="The hydra makes as many bite attacks as it has heads.")
    with pytest.raises(RulesError, match="set the attacks"):
        act(fight(hydra, fighter()), "multiattack", "h")
    assert act(fight(hydra, fighter()), "multiattack", "h", attacks=5).data["attacks"] == 5


def test_out_of_turn_only_a_reaction_attack() -> None:
    state = fight(goblin(), fighter())  # the goblin's turn
    reaction = act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    assert reaction.data["used"] == "reaction"
    state = after(state, reaction)
    with pytest.raises(RulesError, match="already used the reaction"):
        act(state, "unarmed", "hero", ["gob"], [2])
    with pytest.raises(RulesError, match="not the turn"):
        act(state, "dash", "hero")
    assert kinds(state, "hero") == ["apply_condition", "remove_condition", "grant_temp_hp",
                                    "heal", "exhaustion", "gm_damage"]  # fmt: skip


def test_the_gm_may_ignore_the_economy_and_it_is_logged() -> None:
    state = fight(fighter(), goblin(hp=30))
    state = after(state, act(state, "attack", "hero", ["gob"], [2], weapon="Longsword"))
    again = act(state, "attack", "hero", ["gob"], [2], weapon="Longsword", override=True)
    assert again.data["used"] == "override"
    assert again.steps[0].params == {"name": "hero"}


def test_an_incapacitated_creature_cannot_act() -> None:
    state = fight(fighter(conditions=["stunned"]), goblin())
    with pytest.raises(RulesError, match="incapacitated"):
        act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")


def test_nothing_before_initiative_but_the_gms_bookkeeping() -> None:
    state = fight(fighter(), goblin(), current=None)
    with pytest.raises(RulesError, match="initiative first"):
        act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    assert act(state, "grant_temp_hp", "hero", ["hero"], amount=3).changes


def test_dash_doubles_the_movement_of_the_turn() -> None:
    state = fight(fighter(), goblin())
    assert act(state, "move", "hero", distance=30).data["left"] == 0
    with pytest.raises(RulesError, match="only 30 ft"):
        act(state, "move", "hero", distance=35)
    state = after(state, act(state, "dash", "hero"))
    assert act(state, "move", "hero", distance=60).data["left"] == 0


def test_prone_crawling_costs_double_and_standing_up_half_the_speed() -> None:
    state = fight(fighter(conditions=["prone"]), goblin())
    assert act(state, "move", "hero", distance=10).data["left"] == 10
    stood = after(state, act(state, "stand_up", "hero"))
    assert not stood.get("hero").has("prone") and stood.get("hero").turn["moved"] == 15
    assert act(stood, "move", "hero", distance=15).data["left"] == 0


def test_a_move_needs_its_distance() -> None:
    with pytest.raises(RulesError, match="how far"):
        act(fight(fighter(), goblin()), "move", "hero")


def test_monster_actions_and_weapons_are_what_the_weapon_choice_may_name() -> None:
    archer = creature("a", "enemies", actions=[SCIMITAR, {"name": "Nimble Escape", "text": "x"}])
    assert ENGINE.weapon_names(fight(archer), "a") == ("Scimitar",)
    assert ENGINE.weapon_names(fight(fighter()), "hero") == ("Longsword",)


def test_a_turn_whose_start_was_not_announced_begins_with_its_first_action() -> None:
    spent = {"started": True, "round": 1, "action": "attack", "attacks_left": 0, "ended": True}
    state = fight(fighter(turn=spent), goblin(hp=30), round=2)
    assert "attack" in kinds(state, "hero")
    outcome = act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    assert outcome.changes[0].value == {"started": True, "round": 2}
    assert outcome.data["used"] == "action"
