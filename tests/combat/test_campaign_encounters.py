"""Encounters travel inside the campaign file with their whole log, and come back exactly."""

import copy
import json

import pytest

from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
from campaigns.models import Campaign
from combat import workflows
from combat.eventlog import verify_chain
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action


def _without_time(data):
    return {key: value for key, value in data.items() if key != "exported_at"}


def _played(fight):
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    workflows.resolve_action(
        fight["encounter"].pk, fight["gm"], "hit", action, [6, 6, 6, 3, 1, 5, 2]
    )
    workflows.next_turn(fight["encounter"].pk, fight["gm"], "t1")  # the leader is down: round 2
    workflows.roll_initiative(fight["encounter"].pk, fight["gm"], "t2")  # as every round
    workflows.undo(fight["encounter"].pk, fight["gm"], "u")
    return Campaign.objects.get(pk=fight["encounter"].campaign_id)


def test_a_campaign_with_a_fought_encounter_round_trips_exactly(fight):
    campaign = _played(fight)
    first = json.loads(json.dumps(export_campaign(campaign)))
    assert len(first["encounters"]) == 1 and len(first["encounters"][0]["events"]) >= 8
    Campaign.objects.filter(pk=campaign.pk).delete()
    imported = import_campaign(copy.deepcopy(first))
    assert _without_time(export_campaign(imported)) == _without_time(first)
    encounter = Encounter.objects.get(campaign=imported)
    assert verify_chain(encounter) == []
    report = replay_encounter(export_encounter(encounter))
    assert report.ok, [str(d) for d in report.differences]


def test_version_1_files_still_import_but_carry_no_encounters(fight):
    data = export_campaign(_played(fight))
    data["version"] = 1
    with pytest.raises(CampaignFormatError, match="version 1 files carry no encounters"):
        import_campaign(copy.deepcopy(data))
    data["encounters"] = []
    data["campaign"]["name"] = "Old file"
    assert import_campaign(data).name == "Old file"


def test_a_broken_encounter_in_the_file_imports_nothing(fight):
    data = export_campaign(_played(fight))
    before = Campaign.objects.count()
    data["encounters"][0]["combatants"][0]["hp"] = "lots"
    data["campaign"]["name"] = "Broken"
    with pytest.raises(CampaignFormatError):
        import_campaign(data)
    assert Campaign.objects.count() == before
