"""Two-weapon fighting (SRD 5.1, Actions in Combat; issue O): "When you take the Attack action and
attack with a light melee weapon that you're holding in one hand, you can use a bonus action to
attack with a different light melee weapon that you're holding in the other hand. You don't add
your ability modifier to the damage of the bonus attack, unless that modifier is negative." """

from __future__ import annotations

import pytest

from combat.rules.base import RulesError
from tests.rules.dnd5e.helpers import DAGGER, ENGINE, LONGSWORD, act, after, fight, fighter, goblin

SHORTSWORD = {"name": "Shortsword", "damage": "1d6", "damage_type": "piercing",
              "properties": ["finesse", "light"], "weapon_range": "melee"}  # fmt: skip


def _kinds(state, who="hero"):  # type: ignore[no-untyped-def]
    return {option.kind for option in ENGINE.actions(state, who)}


def test_the_off_hand_attack_after_a_light_blow_has_no_ability_modifier() -> None:
    rogue = fighter("hero", weapons=(SHORTSWORD, DAGGER), dex=16, str=10)
    state = fight(rogue, goblin("gob", hp=30))
    assert "off_hand" not in _kinds(state)
    # The Attack action: Shortsword (finesse, DEX +3, proficiency +2) 15 + 5 = 20, 1d6 + 3 = 7.
    blow = act(state, "attack", "hero", ["gob"], [15, 4], weapon="Shortsword")
    assert blow.data["damage"] == 7
    state = after(state, blow)
    assert "off_hand" in _kinds(state)
    # The bonus action: the Dagger, 12 + 5 = 17 hits AC 15; 1d4 = 3, no +3.
    off = act(state, "off_hand", "hero", ["gob"], [12, 3], weapon="Dagger")
    assert off.data["damage"] == 3 and off.data["used"] == "bonus"
    assert "Off-hand: no ability modifier to the damage" in [s.template for s in off.steps]
    state = after(state, off)
    assert "off_hand" not in _kinds(state)
    with pytest.raises(RulesError, match="already used the bonus action"):
        act(state, "off_hand", "hero", ["gob"], [12, 3], weapon="Dagger")


def test_no_off_hand_attack_without_a_light_blow_or_with_a_heavier_weapon() -> None:
    knight = fighter("hero", weapons=(LONGSWORD, DAGGER))
    state = fight(knight, goblin("gob", hp=30))
    with pytest.raises(RulesError, match="first the Attack action"):
        act(state, "off_hand", "hero", ["gob"], [12, 3], weapon="Dagger")
    state = after(state, act(state, "attack", "hero", ["gob"], [2], weapon="Longsword"))
    assert "off_hand" not in _kinds(state)  # the longsword is not light
    with pytest.raises(RulesError, match="light melee weapon"):
        act(state, "off_hand", "hero", ["gob"], [12, 3], weapon="Longsword")


def test_a_negative_modifier_still_counts() -> None:
    weakling = fighter("hero", weapons=(SHORTSWORD, DAGGER), str=6, dex=6)
    state = fight(weakling, goblin("gob", hp=30))
    state = after(state, act(state, "attack", "hero", ["gob"], [2], weapon="Dagger"))
    off = act(state, "off_hand", "hero", ["gob"], [19, 4], weapon="Shortsword")
    assert off.data["damage"] == 4 - 2  # DEX/STR 6: −2 stays


def test_leaving_a_reach_offers_an_opportunity_attack_unless_disengaged() -> None:
    """SRD 5.1: "You can make an opportunity attack when a hostile creature that you can see moves
    out of your reach … you can avoid provoking an opportunity attack by taking the Disengage
    action." """
    state = fight(goblin("gob", hp=30), fighter("hero"))  # the goblin's turn
    away = act(state, "move", "gob", distance=20, leaves="hero")
    assert away.data["provokes"] == "hero"
    assert "hero may make an opportunity attack on gob: its reaction, chosen as its actor" in [
        note.template % dict(note.params) for note in away.notes
    ]
    state = after(state, away)
    assert "attack" in {o.kind for o in ENGINE.actions(state, "hero")}  # out of its turn
    swing = act(state, "attack", "hero", ["gob"], [2], weapon="Longsword")
    assert swing.data["used"] == "reaction"
    careful = fight(goblin("gob", hp=30), fighter("hero"))
    careful = after(careful, act(careful, "disengage", "gob"))
    calm = act(careful, "move", "gob", distance=20, leaves="hero")
    assert calm.data["provokes"] is None
