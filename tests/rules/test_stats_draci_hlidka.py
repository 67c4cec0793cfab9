"""Dračí Hlídka stats: seed 000's numbers and terms survive cleaning."""

from __future__ import annotations

import pytest

from combat.rules.draci_hlidka import ARMOR, CREATURE, WEAPON
from combat.rules.schema import StatError


def test_broad_sword_5_plus1_plus2_is_utocnost_zraneni_obrana() -> None:
    # seed 000: "širokým mečem 5 +1 +2"
    sword = WEAPON.clean({"utocnost": "5", "zraneni": "+1", "obrana": "+2"})
    assert (sword["utocnost"], sword["zraneni"], sword["obrana"]) == (5, 1, 2)
    assert sword["druh"] == "melee" and sword["nabiti"] == "none"


def test_baldur_and_the_halfling_keep_their_seed_numbers() -> None:
    baldur = CREATURE.clean({"sil": "+4", "dovednosti": {"Atletika": 2}})
    halfling = CREATURE.clean({"obr": 4, "pohyblivost": 24})  # 20 + OBR 4, stored whole
    assert baldur["sil"] == 4 and baldur["dovednosti"] == {"Atletika": 2}
    assert halfling["pohyblivost"] == 24 and halfling["obr"] == 4


def test_negative_bonuses_are_legal() -> None:
    # seed 000: Meredil's attack −1 and Grop's defence −2 need weak attributes
    assert CREATURE.clean({"obr": "\u22122", "sil": -1})["obr"] == -2


def test_skills_typed_in_another_language_use_the_czech_name() -> None:
    cleaned = CREATURE.clean({"dovednosti": {"first aid": 1, "Spostrzegawczość": 2, "Šplh": 1}})
    assert cleaned["dovednosti"] == {"První pomoc": 1, "Postřeh": 2, "Šplh": 1}


def test_defaults_are_a_bleeding_size_b_creature_without_armour() -> None:
    defaults = CREATURE.defaults()
    assert defaults["muze_krvacet"] is True
    assert defaults["velikost"] == "B"
    assert (defaults["zbroj"], defaults["stit"]) == (0, 0)
    assert defaults["uc"] is None and defaults["zo"] is None


@pytest.mark.parametrize(("raw", "expected"), [("d", "D"), ("E", "E"), ("a", "A")])
def test_sizes_are_letters_a_to_e(raw: str, expected: str) -> None:
    assert CREATURE.clean({"velikost": raw})["velikost"] == expected


@pytest.mark.parametrize(
    ("field", "value"),
    [("velikost", "F"), ("zivoty", 0), ("mez_vyrazeni", -1), ("sil", 11), ("zbroj", -1)],
)
def test_out_of_range_creature_values_are_rejected(field: str, value: object) -> None:
    with pytest.raises(StatError) as caught:
        CREATURE.clean({field: value})
    assert [p.field for p in caught.value.problems] == [field]


def test_monster_overrides_of_uc_oc_zo_are_npc_only_and_optional() -> None:
    for name in ("uc", "oc", "zo", "zraneni"):
        assert CREATURE[name].npc_only and CREATURE[name].nullable
    goblin = CREATURE.clean({"uc": 6, "oc": "5", "zo": 2, "zraneni": 1})
    assert (goblin["uc"], goblin["oc"], goblin["zo"], goblin["zraneni"]) == (6, 5, 2, 1)


def test_labels_use_the_games_own_abbreviations() -> None:
    assert "ÚČ" in CREATURE["uc"].label.en and "OČ" in CREATURE["oc"].label.pl
    assert "ZO" in CREATURE["zo"].label.cs
    assert CREATURE["sil"].label.cs == "SIL (Oprava za Sílu)"
    assert CREATURE["mez_vyrazeni"].label.cs == "Mez vyřazení"


def test_weapon_kinds_and_reload_actions_are_the_seeds() -> None:
    assert [v for v, _l in WEAPON["druh"].choices or ()] == ["melee", "ranged", "thrown"]
    assert [v for v, _l in WEAPON["nabiti"].choices or ()] == ["none", "instant", "short", "long"]
    crossbow = WEAPON.clean({"druh": "Střelná", "nabiti": "Dlouhá akce", "utocnost": 3})
    assert (crossbow["druh"], crossbow["nabiti"]) == ("ranged", "long")


def test_armour_and_shields_carry_a_quality() -> None:
    shield = ARMOR.clean({"druh": "štít", "kvalita": "2"})
    assert shield == {"druh": "stit", "kvalita": 2, "notes": ""}
    with pytest.raises(StatError):
        ARMOR.clean({"druh": "helma"})


def test_players_may_edit_their_skills_but_not_their_hit_points() -> None:
    assert CREATURE["dovednosti"].player_editable
    assert not CREATURE["zivoty"].player_editable
    assert not CREATURE["sil"].player_editable
