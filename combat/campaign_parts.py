"""What combat adds to campaigns, through campaigns' own seams (campaigns.extensions): combat
builds on campaigns, and campaigns imports nothing of combat. Registered once, from
CombatConfig.ready (the models are loaded by then).
"""

from campaigns import extensions
from campaigns.log_triggers import register_log

from .campaign_encounters import SECTION
from .models import Event, Roll
from .options import add_option_fields, chosen_options
from .rolling import roller_context


def register() -> None:
    register_log(Roll, parent="campaign")  # a deleted campaign takes its roll log along
    register_log(Event, parent="encounter")  # and a deleted encounter its event log
    extensions.add_page_context("quick_roll", roller_context)  # the box and the recent rolls
    extensions.add_file_section(SECTION)
    extensions.set_option_fields(extensions.OptionFields(add_option_fields, chosen_options))
