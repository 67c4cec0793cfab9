"""campaigns' seams (campaigns.extensions, campaigns.log_triggers) and what combat plugs into them
from its AppConfig.ready: campaigns itself imports nothing of combat (tests/test_layering.py)."""

from typing import Any

import pytest

from campaigns import extensions
from campaigns.exchange import export_campaign
from campaigns.forms import CampaignEditForm
from campaigns.log_triggers import LOGS, LogTable


def test_the_logs_registered_by_both_apps_are_the_five_log_tables() -> None:
    assert set(LOGS.values()) == {
        LogTable("combat_roll", "campaign_id", "campaigns_campaign"),
        LogTable("combat_event", "encounter_id", "combat_encounter"),
        LogTable("campaigns_journalroll", "campaign_id", "campaigns_campaign"),
        LogTable("campaigns_journalrollvoid", "campaign_id", "campaigns_campaign"),
        LogTable("campaigns_postrevision", "campaign_id", "campaigns_campaign"),
    }


def test_combat_adds_the_quick_roll_box_the_encounters_and_the_fight_options(
    roles: dict[str, Any],
) -> None:
    campaign = roles["campaign"]
    assert {"roll_form", "rolls", "last_roll"} <= extensions.page_context(campaign).keys()
    keys = [section.key for section in extensions.file_sections()]
    assert keys == ["encounters", "sessions", "ledger"]  # the ledger names the encounters
    assert export_campaign(campaign)["encounters"][0]["name"] == "Přepadení"
    assert any(name.startswith("option_") for name in CampaignEditForm(instance=campaign).fields)


@pytest.fixture
def nothing_registered(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(extensions, "_REGISTERED", extensions._Registered())


def test_without_registered_parts_campaigns_stands_alone(
    roles: dict[str, Any], nothing_registered: None
) -> None:
    campaign = roles["campaign"]
    assert extensions.page_context(campaign) == {}
    assert "encounters" not in export_campaign(campaign)
    form = CampaignEditForm(instance=campaign)
    assert not any(name.startswith("option_") for name in form.fields)
