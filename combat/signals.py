"""Deleting an encounter or a whole campaign removes its logs, after the parent row is gone.

The logs' triggers refuse to delete rows whose parent still exists (an edit of history), so the
log rows go last, in the same transaction, with a raw delete that bypasses the ORM's refusal.
"""

from typing import Any

from django.db.models.signals import post_delete
from django.dispatch import receiver

from campaigns.log_triggers import log_wipe_allowed
from campaigns.models import Campaign

from .models import Encounter, Event, Roll


@receiver(post_delete, sender=Encounter)
def remove_encounter_log(sender: type, instance: Encounter, **kwargs: Any) -> None:
    queryset = Event.objects.filter(encounter_id=instance.pk)  # the whole log, unordered
    with log_wipe_allowed(queryset.db):
        queryset._raw_delete(queryset.db)


@receiver(post_delete, sender=Campaign)
def remove_campaign_rolls(sender: type, instance: Campaign, **kwargs: Any) -> None:
    queryset = Roll.objects.filter(campaign_id=instance.pk)
    with log_wipe_allowed(queryset.db):
        queryset._raw_delete(queryset.db)
