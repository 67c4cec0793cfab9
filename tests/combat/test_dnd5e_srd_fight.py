"""A goblin imported from the SRD (AC 15, HP 7, Scimitar +4, 1d6+2) fights a fighter through the
encounter workflow: the importer's library row, copied into a 5e campaign, joins an encounter
with the demo's Helga (Longsword +5, 1d8+3, AC 18, HP 12); initiative, attacks both ways and an
opportunity attack with typed faces, undo and redo, the end, and the exported log replays."""

import pytest
from django.utils import translation

from campaigns.demo import load_demo
from campaigns.importers.srd5e import MONSTERS_FILE, SOURCE, import_srd5e
from campaigns.models import Campaign, Character, Monster
from campaigns.services import copy_to_campaign
from combat import workflows
from combat.display import log_entry
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action, RulesError
from tests.srd import load, srd_dir


@pytest.fixture
def srd_goblin_fight(db, django_user_model):  # type: ignore[no-untyped-def]
    load(MONSTERS_FILE)  # skips (or fails in CI) without the real SRD data
    load_demo()
    import_srd5e(srd_dir())
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="dnd5e")
    library = Monster.objects.get(campaign=None, system="dnd5e", source=SOURCE, name="Goblin")
    goblin = copy_to_campaign(library, campaign)  # what the bestiary's "add" button does
    helga = Character.objects.get(campaign=campaign, name="Helga")
    encounter = workflows.create_encounter(campaign, "SRD goblin", gm)
    workflows.add_combatants(encounter.pk, gm, "t-helga", record=helga, side="party")
    workflows.add_combatants(encounter.pk, gm, "t-goblin", record=goblin)
    return gm, encounter, goblin, helga


def rows(encounter: Encounter) -> dict[str, object]:
    return {row.name: row for row in encounter.combatants.all()}


def last_entry(
    encounter: Encounter, *, gm: bool = True
) -> tuple[str, list[str], list[tuple[str, list[int]]]]:
    """The latest log entry as the GM (or a player) reads it in English: summary, steps, dice."""
    event = encounter.events.order_by("-seq").first()
    with translation.override("en"):
        entry = log_entry(event, gm=gm)
    dice = [(str(r["expression"]), list(r["faces"])) for r in entry.rolls]
    return entry.summary, list(entry.steps), dice


def test_the_srd_goblin_fights_helga_through_the_workflow_and_the_log_replays(srd_goblin_fight):
    gm, encounter, goblin, helga = srd_goblin_fight
    pk = encounter.pk
    joined = rows(encounter)
    gob, hero = joined["Goblin"], joined["Helga"]
    # The imported stat block reaches the combatant unchanged.
    assert (gob.stats["ac"], gob.hp, gob.max_hp, gob.is_npc) == (15, 7, 7, True)
    scimitar = next(a for a in gob.stats["actions"] if a["name"] == "Scimitar")
    assert scimitar["attack_bonus"] == 4 and scimitar["damage"][0]["dice"] == "1d6+2"
    assert (hero.hp, hero.stats["ac"]) == (12, 18)

    # Initiative in the order they joined: Helga 15 + DEX 1 = 16, the goblin 9 + DEX 2 = 11.
    workflows.roll_initiative(pk, gm, "t-init", typed_faces=[15, 9])
    encounter.refresh_from_db()
    assert encounter.order == [hero.key, gob.key] and encounter.current == hero.key
    summary, steps, dice = last_entry(encounter)
    assert summary == "Initiative: Helga, Goblin"
    assert "Goblin: initiative 11 = d20 9, DEX +2" in steps
    assert dice == [("1d20+1", [15]), ("1d20+2", [9])]

    # Helga's Longsword: 8 + STR 3 + proficiency 2 = 13 against AC 15, a miss.
    swing = Action("attack", hero.key, (gob.key,), weapon="Longsword")
    workflows.resolve_action(pk, gm, "t-a1", swing, [8])
    summary, steps, _dice = last_entry(encounter)
    assert summary == "Helga → Goblin (Longsword): miss"
    assert "Attack 13 = d20 8 + STR +3 + proficiency bonus +2" in steps
    assert "13 against AC 15: a miss" in steps
    assert rows(encounter)["Goblin"].hp == 7
    with pytest.raises(RulesError):  # one attack in her action: a second one is refused
        workflows.resolve_action(pk, gm, "t-a1b", swing, [19, 4])

    # The goblin's turn: Scimitar +4 rolls 14 → 18 against AC 18, a hit for 4 + 2 = 6.
    workflows.next_turn(pk, gm, "t-n1")
    encounter.refresh_from_db()
    assert encounter.current == gob.key
    slash = Action("attack", gob.key, (hero.key,), weapon="Scimitar")
    workflows.resolve_action(pk, gm, "t-a2", slash, [14, 4])
    summary, steps, dice = last_entry(encounter)
    assert summary == "Goblin → Helga (Scimitar): hit, 6 damage"
    assert "Attack 18 = d20 14 + attack bonus +4" in steps
    assert "18 against AC 18: a hit" in steps
    assert "Damage 6 slashing = 1d6+2 [4]" in steps
    assert dice == [("1d20+4", [14]), ("1d6+2", [4])]
    assert rows(encounter)["Helga"].hp == 6

    # Undo restores her 12 HP exactly; redo re-applies the same 6, no new roll.
    workflows.undo(pk, gm, "t-u1")
    assert rows(encounter)["Helga"].hp == 12
    workflows.redo(pk, gm, "t-r1")
    assert rows(encounter)["Helga"].hp == 6

    # Out of turn Helga may only react: an opportunity attack as the goblin moves off, 3 + 5 = 8.
    with pytest.raises(RulesError):
        workflows.resolve_action(pk, gm, "t-x", Action("dodge", hero.key), [])
    workflows.resolve_action(pk, gm, "t-oa", swing, [3])
    summary, steps, _dice = last_entry(encounter)
    assert summary == "Helga → Goblin (Longsword): miss" and "8 against AC 15: a miss" in steps
    with pytest.raises(RulesError):  # one reaction between her turns
        workflows.resolve_action(pk, gm, "t-oa2", swing, [17, 6])

    # Round 2: Helga rolls 17 → 22 and deals 6 + 3 = 9 — the goblin (7 HP) dies.
    workflows.next_turn(pk, gm, "t-n2")
    encounter.refresh_from_db()
    assert (encounter.round, encounter.current) == (2, hero.key)
    workflows.resolve_action(pk, gm, "t-a3", swing, [17, 6])
    summary, steps, _dice = last_entry(encounter)
    assert summary == "Helga → Goblin (Longsword): hit, 9 damage"
    assert "Damage 9 slashing = 1d8+3 [6]" in steps and "Goblin dies" in steps
    assert "Goblin: 7 → 0 HP" in steps
    _summary, seen, _dice = last_entry(encounter, gm=False)  # a player never reads its HP
    assert "Goblin dies" in seen and not [line for line in seen if "HP" in line]
    assert "dead" in rows(encounter)["Goblin"].conditions

    workflows.end_encounter(pk, gm, "t-end")
    encounter.refresh_from_db()
    helga.refresh_from_db()
    assert encounter.status == "ended"
    assert helga.current_hp == 6  # she keeps her wound after the fight
    report = replay_encounter(export_encounter(encounter))
    assert report.ok, [str(d) for d in report.differences]


def test_a_tampered_log_of_the_srd_fight_does_not_replay(srd_goblin_fight):
    """The replay really checks the dice: a changed face in the export is a difference."""
    gm, encounter, _goblin, _helga = srd_goblin_fight
    keys = {row.name: row.key for row in encounter.combatants.all()}
    workflows.roll_initiative(encounter.pk, gm, "t-init", typed_faces=[15, 9])
    swing = Action("attack", keys["Helga"], (keys["Goblin"],), weapon="Longsword")
    workflows.resolve_action(encounter.pk, gm, "t-a1", swing, [17, 6])
    data = export_encounter(Encounter.objects.get(pk=encounter.pk))
    assert replay_encounter(data).ok
    action = next(e for e in data["events"] if e["type"] == "action")
    assert action["faces"] == [17, 6]
    action["faces"] = [17, 1]  # the damage die: 1 + 3 = 4 would leave the goblin at 3 HP
    assert not replay_encounter(data).ok


def test_the_srd_wolfs_bite_knocks_helga_prone_when_she_fails_its_saving_throw(srd_goblin_fight):
    """SRD 5.1, Wolf: "Bite. … Hit: 7 (2d4 + 2) piercing damage. If the target is a creature, it
    must succeed on a DC 11 Strength saving throw or be knocked prone." — a rider the data has
    only in prose: the import reads its DC and condition, and a hit makes the target save."""
    gm, _encounter, _goblin, helga = srd_goblin_fight
    campaign = helga.campaign
    library = Monster.objects.get(campaign=None, system="dnd5e", source=SOURCE, name="Wolf")
    bite_entry = library.stats["actions"][0]
    assert (bite_entry["dc"], bite_entry["dc_ability"], bite_entry["dc_condition"]) == (
        11,
        "str",
        "prone",
    )
    encounter = workflows.create_encounter(campaign, "SRD wolf", gm)
    workflows.add_combatants(encounter.pk, gm, "w-helga", record=helga, side="party")
    workflows.add_combatants(encounter.pk, gm, "w-wolf", record=copy_to_campaign(library, campaign))
    keys = {row.name: row.key for row in encounter.combatants.all()}
    workflows.roll_initiative(encounter.pk, gm, "w-init", typed_faces=[1, 20])  # the wolf first
    bite = Action("attack", keys["Wolf"], (keys["Helga"],), weapon="Bite")
    # d20 15 + 4 = 19 hits AC 18; 2 + 3 + 2 = 7; Helga's STR save d20 6 + 5 = 11 ≥ DC 11: saved.
    workflows.resolve_action(encounter.pk, gm, "w-bite", bite, [15, 2, 3, 6])
    summary, steps, dice = last_entry(encounter)
    assert summary == "Wolf → Helga (Bite): hit, 7 damage"
    assert "Bite: DC 11 Strength (STR) saving throw" in steps
    assert "Helga: save 11 = d20 6 +5: saved" in steps and "Helga is prone" not in steps
    assert not rows(encounter)["Helga"].conditions
    workflows.undo(encounter.pk, gm, "w-undo")
    # The same bite, and the save d20 5 + 5 = 10 < 11: Helga is knocked prone.
    workflows.resolve_action(encounter.pk, gm, "w-bite-2", bite, [15, 2, 3, 5])
    summary, steps, dice = last_entry(encounter)
    assert "Helga: save 10 = d20 5 +5: failed" in steps and "Helga is prone" in steps
    assert dice[-1] == ("1d20+5", [5])
    assert rows(encounter)["Helga"].conditions == ["prone"]
    _summary, seen_by_player, _dice = last_entry(encounter, gm=False)
    assert "Helga is prone" in seen_by_player  # her own save and its outcome, not the DC
    assert not any("DC 11" in step for step in seen_by_player)
    assert replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk))).ok
