"""`manage.py import_srd5e DIR` against the real 5e-bits data (read from ../shared, never copied)."""

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from campaigns.importers.srd5e import EQUIPMENT_FILE, MONSTERS_FILE, SOURCE
from campaigns.models import Armor, Campaign, Monster, Weapon
from tests.srd import load, srd_dir


def run(directory: Path) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("import_srd5e", str(directory), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def library_counts() -> tuple[int, int, int]:
    return tuple(  # type: ignore[return-value]
        model.objects.filter(campaign=None, system="dnd5e", source=SOURCE).count()
        for model in (Monster, Weapon, Armor)
    )


def write_dir(tmp_path: Path, monsters: Any = None, equipment: Any = None) -> Path:
    """A temporary data folder: the real files, or the given replacements (text or data)."""
    for filename, content in ((MONSTERS_FILE, monsters), (EQUIPMENT_FILE, equipment)):
        content = load(filename) if content is None else content
        text = content if isinstance(content, str) else json.dumps(content)
        (tmp_path / filename).write_text(text, encoding="utf-8")
    return tmp_path


def test_imports_all_334_monsters_37_weapons_and_13_armours_with_progress(db):
    load(MONSTERS_FILE)  # skips the test when the data is missing
    out, err = run(srd_dir())
    assert library_counts() == (334, 37, 13)
    assert "5e-SRD-Monsters.json: 50/334 entries read" in out
    assert "5e-SRD-Monsters.json: 334/334 entries read" in out
    assert "Monsters: 334 created, 0 updated, 0 unchanged." in out
    assert "Weapons: 37 created" in out and "Armour: 13 created" in out
    assert "0 entries skipped, 187 other items" in out and err == ""


def test_the_goblin_has_ac_15_hp_7_and_a_scimitar_at_plus_4_for_1d6_plus_2_slashing(db):
    load(MONSTERS_FILE)
    run(srd_dir())
    goblin = Monster.objects.get(campaign=None, system="dnd5e", source=SOURCE, name="Goblin")
    assert (goblin.stats["ac"], goblin.stats["hp"], goblin.stats["challenge_rating"]) == (
        15, 7, "1/4",
    )  # fmt: skip
    scimitar = next(a for a in goblin.stats["actions"] if a["name"] == "Scimitar")
    assert scimitar["attack_bonus"] == 4
    assert scimitar["damage"] == [{"dice": "1d6+2", "type": "slashing", "note": ""}]
    goblin.full_clean()  # a library row the admin accepts as it is


def test_a_weapon_and_an_armour_arrive_with_their_srd_numbers(db):
    load(EQUIPMENT_FILE)
    run(srd_dir())
    longsword = Weapon.objects.get(campaign=None, source=SOURCE, name="Longsword").stats
    assert (longsword["damage"], longsword["damage_type"], longsword["versatile_damage"]) == (
        "1d8", "slashing", "1d10",
    )  # fmt: skip
    mail = Armor.objects.get(campaign=None, source=SOURCE, name="Chain Mail").stats
    assert (mail["base_ac"], mail["str_minimum"], mail["stealth_disadvantage"]) == (16, 13, True)
    assert Armor.objects.get(name="Shield").stats["category"] == "shield"


def test_running_again_updates_in_place_and_never_duplicates(db):
    load(MONSTERS_FILE)
    run(srd_dir())
    goblin = Monster.objects.get(campaign=None, source=SOURCE, name="Goblin")
    Monster.objects.filter(pk=goblin.pk).update(stats={**goblin.stats, "hp": 1}, notes="Mine.")
    out, _err = run(srd_dir())
    assert library_counts() == (334, 37, 13)
    assert "Monsters: 0 created, 1 updated, 333 unchanged." in out
    assert "Weapons: 0 created, 0 updated, 37 unchanged." in out
    goblin.refresh_from_db()
    assert (goblin.pk, goblin.stats["hp"], goblin.notes) == (goblin.pk, 7, "Mine.")


def test_campaign_rows_and_other_sources_are_left_alone(db):
    load(MONSTERS_FILE)
    campaign = Campaign.objects.create(name="Lost Mine", system="dnd5e")
    own = Monster.objects.create(campaign=campaign, system="dnd5e", source=SOURCE, name="Goblin")
    homebrew = Monster.objects.create(system="dnd5e", source="Homebrew", name="Goblin")
    run(srd_dir())
    assert Monster.objects.filter(name="Goblin").count() == 3
    own.refresh_from_db()
    homebrew.refresh_from_db()
    assert own.stats == {} and homebrew.stats == {}


def test_a_bad_entry_is_reported_by_name_and_field_and_the_rest_imports(db, tmp_path):
    monsters = [dict(m) for m in load(MONSTERS_FILE)]
    goblin = next(m for m in monsters if m["name"] == "Goblin")
    goblin["armor_class"] = "very high"
    out, err = run(write_dir(tmp_path, monsters=monsters + ["not an object"]))
    assert library_counts() == (333, 37, 13)
    assert not Monster.objects.filter(name="Goblin").exists()
    assert "5e-SRD-Monsters.json entry " in err and "'Goblin': armor_class:" in err
    assert "entry 335 '?'" in err  # a non-object entry is named by its place
    assert "Monsters: 333 created" in out and "2 entries skipped" in out


def test_a_name_twice_in_one_file_keeps_the_first_and_reports_the_second(db, tmp_path):
    monsters = load(MONSTERS_FILE)
    goblin = next(m for m in monsters if m["name"] == "Goblin")
    out, err = run(write_dir(tmp_path, monsters=[*monsters, {**goblin, "hit_points": 99}]))
    assert library_counts()[0] == 334
    assert Monster.objects.get(name="Goblin", source=SOURCE).stats["hp"] == 7
    assert "'Goblin': name: appears twice" in err


@pytest.mark.parametrize(
    "monsters, equipment, message",
    [
        (None, '[{"name": "Club",', "5e-SRD-Equipment.json: not valid JSON"),
        ('{"results": []}', None, "expected a JSON list of SRD entries, found a dict"),
        ("[]", None, "the list of SRD entries is empty"),
        ("equipment", None, "is an SRD monster"),
        (None, "monsters", "is an SRD item"),
    ],
    ids=["malformed json", "object", "empty", "equipment as monsters", "monsters as equipment"],
)
def test_a_bad_file_is_a_command_error_and_nothing_is_imported(
    db, tmp_path, monsters, equipment, message
):
    swap = {"equipment": load(EQUIPMENT_FILE), "monsters": load(MONSTERS_FILE)}
    monsters, equipment = swap.get(monsters, monsters), swap.get(equipment, equipment)
    with pytest.raises(CommandError, match=message) as error:
        run(write_dir(tmp_path, monsters=monsters, equipment=equipment))
    assert "Nothing was imported" in str(error.value)
    assert library_counts() == (0, 0, 0)


def test_a_missing_folder_is_a_command_error(db, tmp_path):
    with pytest.raises(CommandError, match=f"{MONSTERS_FILE}: no such file"):
        run(tmp_path / "nowhere")
