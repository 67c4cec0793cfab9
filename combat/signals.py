"""Deleting an encounter or a whole campaign removes its logs, after the parent row is gone.

The logs' triggers refuse to delete rows whose parent still exists (an edit of history), so the
log rows go last, in the same transaction, with a raw delete that bypasses the ORM's refusal.
"""

from typing import Any

from django.db import connections
from django.db.models.signals import post_delete
from django.dispatch import receiver

from campaigns.models import Campaign

from .maintenance import log_wipe_allowed
from .models import Encounter, Event, Roll
from .triggers import ensure_triggers


@receiver(post_delete, sender=Encounter)
def remove_encounter_log(sender: type, instance: Encounter, **kwargs: Any) -> None:
    queryset = Event.objects.filter(encounter_id=instance.pk)
    with log_wipe_allowed(queryset.db):
        queryset._raw_delete(queryset.db)


@receiver(post_delete, sender=Campaign)
def remove_campaign_rolls(sender: type, instance: Campaign, **kwargs: Any) -> None:
    queryset = Roll.objects.filter(campaign_id=instance.pk)
    with log_wipe_allowed(queryset.db):
        queryset._raw_delete(queryset.db)


def restore_log_triggers(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """After every migrate: a migration that rebuilt a log table on SQLite dropped them."""
    ensure_triggers(connections[using])
