"""The fights a register entry's character or monster took part in (campaigns' register, issue
Q: "an NPC who fought links to its fights"), through campaigns' seam `add_register_fights`.

A player is never shown a fight where every combatant of the record is hidden from players
(combat.visibility: a player reads nothing about a hidden combatant, so not that it fought).
"""

from collections.abc import Sequence

from django.db.models import Q

from campaigns.extensions import FightLink
from campaigns.models import Campaign

from .encounter_urls import EncounterUrls
from .models import Combatant, Encounter

MOST_FIGHTS = 50  # listed on an entry's page, newest first


def register_fights(
    campaign: Campaign, character: int | None, monster: int | None, gm: bool
) -> Sequence[FightLink]:
    record = Q(character_id=character) if character is not None else Q(monster_id=monster)
    fought = Combatant.objects.filter(record, encounter__campaign=campaign)
    if not gm:
        fought = fought.filter(hidden=False)
    encounters = Encounter.objects.filter(pk__in=fought.values("encounter_id")).only("pk", "name")
    return [
        FightLink(e.name, EncounterUrls(campaign.pk, e.pk)["page"])
        for e in encounters.order_by("-created_at", "-pk")[:MOST_FIGHTS]
    ]
