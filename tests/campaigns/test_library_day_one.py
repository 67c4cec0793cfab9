"""`make run` fills every system's shared library (issue N): the D&D 5e SRD's 334 monsters, its
weapons and armour from the stats-only extract the project ships, and each other system's seed
records. The extract is what its generator makes of the real SRD files, and holds no prose."""

import json
import re
from collections import Counter

import pytest
from django.core.management import call_command

from campaigns.demo_records import demo_campaigns, records_for
from campaigns.importers.srd5e_extract import EXTRACT, build_extract
from campaigns.models import Armor, Monster, Weapon
from combat.rules.dnd5e.srd import equipment_from_srd
from combat.rules.dnd5e.turns import multiattack_count
from tests.srd import load, srd_dir

KINDS = {"monsters": Monster, "weapons": Weapon, "armor": Armor}


def _library() -> dict[str, Counter[str]]:
    return {
        kind: Counter(model.objects.filter(campaign=None).values_list("system", flat=True))
        for kind, model in KINDS.items()
    }


@pytest.mark.django_db
def test_load_demo_fills_every_library_once(capsys):
    call_command("load_demo")
    equipment = Counter(
        kind
        for kind, *_rest in filter(None, map(equipment_from_srd, load("5e-SRD-Equipment.json")))
    )
    library = _library()
    assert library["monsters"]["dnd5e"] == 334 == len(load("5e-SRD-Monsters.json"))
    assert library["weapons"]["dnd5e"] == equipment["weapon"] == 37
    assert library["armor"]["dnd5e"] == equipment["armor"]
    for system in demo_campaigns():
        if system == "dnd5e":
            continue
        seeds = records_for(system)
        for kind, model in KINDS.items():
            names = set(model.objects.library(system).values_list("name", flat=True))
            assert names == {entry["name"] for entry in getattr(seeds, kind)}, (system, kind)
    assert "Shared library: 344 monsters" in capsys.readouterr().out
    call_command("load_demo")  # again: nothing new, nothing twice
    assert _library() == library
    assert "Shared library: 0 monsters, 0 weapons and 0 armour" in capsys.readouterr().out


def test_the_shipped_extract_is_what_the_srd_files_give():
    load("5e-SRD-Monsters.json")  # skips (or fails in CI) without the SRD data
    shipped = json.loads(EXTRACT.read_text(encoding="utf-8"))
    assert shipped == build_extract(srd_dir())


def test_the_extract_holds_numbers_and_names_not_prose():
    extract = json.loads(EXTRACT.read_text(encoding="utf-8"))
    assert "CC-BY-4.0" in extract["attribution"] and "SRD 5.1" in extract["attribution"]
    casting = re.compile(
        r"^Its spellcasting ability is (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma)\.$"
    )
    for name, stats in extract["monster"].items():
        assert re.fullmatch(r"(\d+ attacks)?", stats["multiattack"]), name
        for part in ("actions", "traits", "reactions", "legendary_actions"):
            for entry in stats.get(part) or ():
                assert entry.get("text", "") == "" or casting.match(entry["text"]), (name, part)
    for kind in ("weapon", "armor"):
        assert all(stats.get("notes", "") == "" for stats in extract[kind].values())
    aboleth = extract["monster"]["Aboleth"]
    assert multiattack_count(aboleth["multiattack"]) == 3  # what the rules read, kept
    assert (aboleth["ac"], aboleth["hp"], aboleth["actions"][0]["attack_bonus"]) == (17, 135, 9)
    longest = max(len(json.dumps(stats)) for stats in extract["monster"].values())
    assert longest < 12_000  # a stat block, not a page of text
