"""Forum dice-pool stats: levels are numbers of d6; NPCs have attack/defence dice (seed 004)."""

from __future__ import annotations

import pytest

from combat.rules.dice_pool import ARMOR, CREATURE, WEAPON
from combat.rules.schema import StatError


def test_player_a_from_the_door_example_has_levels_as_dice() -> None:
    # seed 004: Páčení 1 + Zručnost 2 -> three dice
    a = CREATURE.clean({"skills": {"Páčení": 1}, "attributes": {"Zručnost": 2}})
    assert a["skills"]["Páčení"] + a["attributes"]["Zručnost"] == 3


def test_attribute_names_typed_in_english_become_the_forums_words() -> None:
    cleaned = CREATURE.clean({"attributes": {"strength": 4}, "talents": ["Strength"]})
    assert cleaned["attributes"] == {"Síla": 4} and cleaned["talents"] == ["Síla"]


def test_the_dog_has_one_die_and_derived_hit_points() -> None:
    dog = CREATURE.clean({"attack_dice": 1, "defence_dice": 1})
    assert dog["hp"] is None  # the engine derives 6 x defence dice = 6
    assert CREATURE.clean({"defence_dice": 3, "hp": 20})["hp"] == 20


def test_npc_fields_are_hidden_from_characters() -> None:
    npc_only = {f.name for f in CREATURE.fields if f.npc_only}
    assert npc_only == {"attack_dice", "defence_dice", "hp", "bestiary_monster"}


def test_players_maintain_their_own_skills_and_talents() -> None:
    editable = {f.name for f in CREATURE.fields if f.player_editable}
    assert editable == {"attributes", "skills", "talents", "silver_weapon", "notes"}


@pytest.mark.parametrize(("field", "value"), [("skills", {"Rétorika": 11}),
                                              ("defence_dice", -1), ("hp", 0)])  # fmt: skip
def test_out_of_range_values_are_rejected(field: str, value: object) -> None:
    with pytest.raises(StatError) as caught:
        CREATURE.clean({field: value})
    assert caught.value.for_field(field)


def test_bestiary_monsters_and_silver_weapons_are_flags() -> None:
    assert CREATURE.clean({"bestiary_monster": "yes"})["bestiary_monster"] is True
    assert WEAPON.clean({"silver": True, "skill": "Boj s dýkou"})["silver"] is True
    assert ARMOR.defaults() == {"notes": ""}
