"""Concentration (SRD 5.1, Spellcasting; issue O): a concentrating caster hit twice.

SRD 5.1: "Whenever you take damage while you are concentrating on a spell, you must make a
Constitution saving throw to maintain your concentration. The DC equals 10 or half the damage you
take, whichever number is higher."
"""

from __future__ import annotations

from combat.rules.base import Fight
from tests.rules.dnd5e.helpers import act, after, fight, fighter, goblin, texts


def _held() -> Fight:
    """Mira (CON 14: +2) holds the goblin paralyzed (Hold Person); an orc-strong goblin hits her."""
    mira = fighter("mira", hp=40, con=14, ac=10)
    state = fight(goblin("gob", str=20), mira, goblin("brute", str=20, hp=30), current="gob")
    held = act(state, "apply_condition", "mira", ["brute"], condition="paralyzed", held_by="mira")
    state = after(state, held)
    assert state.get("mira").has("concentrating") and state.get("brute").has("paralyzed")
    return state


def test_a_concentrating_caster_hit_twice_keeps_it_then_loses_it_and_the_hold_ends() -> None:
    state = _held()
    # The goblin's Scimitar +4: 15 + 4 = 19 hits AC 10 for 1d6 + 2 = 5 + 2 = 7: DC 10; 9 + 2 = 11.
    first = act(state, "attack", "gob", ["mira"], [15, 5, 9], weapon="Scimitar")
    assert "mira: concentration save 11 = d20 9 +2 against DC 10" in texts(first)
    state = after(state, first)
    assert state.get("mira").has("concentrating") and state.get("brute").has("paralyzed")
    # A critical hit: 20, 2d6 + 2 = 6 + 6 + 2 = 14: DC still 10 (half is 7); 7 + 2 = 9 fails.
    second = act(state, "attack", "gob", ["mira"], [20, 6, 6, 7], weapon="Scimitar", override=True)
    assert "mira: concentration save 9 = d20 7 +2 against DC 10" in texts(second)
    assert "mira loses concentration" in texts(second)
    state = after(state, second)
    assert not state.get("mira").has("concentrating")
    assert not state.get("brute").has("paralyzed")  # what it held ends with it
    assert not [e for e in state.get("brute").effects if e.kind == "held"]


def test_half_the_damage_sets_the_dc_when_higher() -> None:
    state = _held()
    # An ogre's club for a flat 30: DC 15 (half the damage); 14 + 2 = 16 keeps it.
    strong = fighter("ogre", weapons=(), str=10, actions=[
        {"name": "Club", "attack_bonus": 10, "damage": [{"dice": "30", "type": "bludgeoning"}]}
    ])  # fmt: skip
    state = Fight(round=1, combatants=(*state.combatants, strong), order=(*state.order, "ogre"),
                  current="ogre")  # fmt: skip
    blow = act(state, "attack", "ogre", ["mira"], [15, 14], weapon="Club")
    assert "mira: concentration save 16 = d20 14 +2 against DC 15" in texts(blow)
    assert after(state, blow).get("brute").has("paralyzed")


def test_dropping_to_0_hp_or_a_new_concentration_ends_it() -> None:
    state = _held()
    state = after(state, act(state, "apply_condition", "mira", ["gob"], condition="restrained",
                             held_by="mira"))  # fmt: skip
    assert not state.get("brute").has("paralyzed")  # one concentration at a time
    assert state.get("gob").has("restrained") and state.get("mira").has("concentrating")
    removed = act(state, "remove_condition", "mira", ["mira"], condition="concentrating")
    assert "mira ends its concentration" in texts(removed)
    assert not after(state, removed).get("gob").has("restrained")


def test_the_gms_typed_damage_goes_through_resistance_and_concentration() -> None:
    state = _held()
    hurt = act(state, "gm_damage", "gob", ["mira", "brute"], [4], amount=20, damage_type="fire")
    assert hurt.data["dealt"] == {"mira": 20, "brute": 20}
    assert "mira: concentration save 6 = d20 4 +2 against DC 10" in texts(hurt)
    assert not after(state, hurt).get("brute").has("paralyzed")  # her concentration broke
    resisting = fighter("bo", hp=40, damage_resistances=["fire"])
    state = fight(resisting, goblin("gob"))
    outcome = act(state, "gm_damage", "gob", ["bo"], [], amount=21, damage_type="fire")
    assert outcome.data["dealt"] == {"bo": 10}  # 21 halved, rounded down
    assert after(state, outcome).get("bo").hp == 30
