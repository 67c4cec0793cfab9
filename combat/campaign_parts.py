"""What combat adds to campaigns, through campaigns' own seams (campaigns.extensions): combat
builds on campaigns, and campaigns imports nothing of combat. Registered once, from
CombatConfig.ready (the models are loaded by then).
"""

from typing import Any

from campaigns import extensions
from campaigns.log_triggers import register_log
from campaigns.models import Campaign

from .campaign_encounters import SECTION
from .campaign_record import LEDGER, SESSIONS
from .encounter_urls import EncounterUrls
from .models import Event, Roll
from .options import add_option_fields, chosen_options
from .register_fights import register_fights
from .rolling import roller_context


def running_fights(campaign: Campaign) -> dict[str, Any]:
    """The campaign page's banner: each running fight, with its page."""
    running = campaign.encounters.filter(status="running").only("pk", "name", "round")
    fights = [
        {"name": e.name, "round": e.round, "url": EncounterUrls(campaign.pk, e.pk)["page"]}
        for e in running
    ]
    return {"running_fights": fights}


def register() -> None:
    register_log(Roll, parent="campaign")  # a deleted campaign takes its roll log along
    register_log(Event, parent="encounter")  # and a deleted encounter its event log
    extensions.add_page_context("quick_roll", roller_context)  # the box and the recent rolls
    extensions.add_page_context("running_fights", running_fights)  # "A fight is running"
    extensions.add_file_section(SECTION)
    extensions.add_file_section(SESSIONS)
    extensions.add_file_section(LEDGER)  # after the encounters it names
    extensions.set_option_fields(extensions.OptionFields(add_option_fields, chosen_options))
    extensions.add_register_fights(register_fights)  # an NPC's fights on its register entry
