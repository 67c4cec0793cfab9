"""What every system's demo encounters use: a demo record by name, the combatants' keys."""

from typing import TypeVar

from campaigns.models import Campaign
from campaigns.models.records import SystemRecord
from combat.models import Encounter

_Record = TypeVar("_Record", bound=SystemRecord)


def record(model: type[_Record], campaign: Campaign, name: str) -> _Record:
    return model._default_manager.get(campaign=campaign, name=name)


def keys_of(encounter_pk: int) -> dict[str, str]:
    return {c.name: c.key for c in Encounter.objects.get(pk=encounter_pk).combatants.all()}
