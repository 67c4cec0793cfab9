"""Deleting an encounter or a whole campaign removes its logs, after the parent row is gone.

The logs' triggers refuse to delete rows whose parent still exists (an edit of history), so the
log rows go last, in the same transaction, with a raw delete that bypasses the ORM's refusal.

The poll cache (combat.fastpoll) hears of every commit, of deleted encounters, of every
membership added, removed or saved (a role changed: campaigns.services.set_role saves it, so a
new co-GM is never sent a player's board kept in the cache), of every save of an account and of
every character handed to another player or deleted.
"""

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from campaigns.log_triggers import log_wipe_allowed
from campaigns.models import (
    Campaign,
    Character,
    JournalRoll,
    Membership,
    Post,
    RegisterEntry,
    Thread,
)

from . import dice_audit, fastpoll, search_index
from .live import encounter_changed
from .models import AuditRoll, Encounter, Event, Roll


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


@receiver(encounter_changed)
def publish_for_polls(sender: Any, encounter_id: int, version: int, **kwargs: Any) -> None:
    if fastpoll.enabled() and "campaign_id" in kwargs:
        fastpoll.publish(encounter_id, kwargs["campaign_id"], version, kwargs.get("head", ""))


@receiver(post_delete, sender=Encounter)
def forget_encounter(sender: type, instance: Encounter, **kwargs: Any) -> None:
    if fastpoll.shared():
        pk = instance.pk
        transaction.on_commit(lambda: fastpoll.forget_encounter(pk))
        fastpoll.forget_encounter(pk)  # at once too: no poll is answered from it meanwhile


@receiver(post_save, sender=Membership)
@receiver(post_delete, sender=Membership)
def membership_changed(sender: type, instance: Membership, **kwargs: Any) -> None:
    _new_generation(instance.user_id)


@receiver(post_save, sender=get_user_model())
@receiver(post_delete, sender=get_user_model())
def account_changed(sender: type, instance: Any, **kwargs: Any) -> None:
    if kwargs.get("update_fields") == frozenset({"last_login"}):  # a login: nothing to forget
        return
    _new_generation(instance.pk)


_UNREAD = object()


@receiver(pre_save, sender=Character)
def note_owner(sender: type, instance: Character, **kwargs: Any) -> None:
    """Whose the character was, where a save may hand it to someone else (read only where the
    poll cache is shared: it is for `owner_changed`)."""
    fields = kwargs.get("update_fields")
    if fastpoll.shared() and instance.pk is not None and (fields is None or "owner" in fields):
        owners = Character.objects.filter(pk=instance.pk).values_list("owner_id", flat=True)
        instance._owner_before = owners.first()  # type: ignore[attr-defined]


@receiver(post_save, sender=Character)
@receiver(post_delete, sender=Character)
def owner_changed(sender: type, instance: Character, **kwargs: Any) -> None:
    """A character handed to another player (or deleted) changes what its players read of every
    fight it is in, without a new version: they get a new generation, so no board kept for how
    they read it before is sent them from the cache (red team: a request that read the old
    owner could record the old sight after the change)."""
    if "created" not in kwargs:  # deleted
        players = {instance.owner_id}
    else:
        before = instance.__dict__.pop("_owner_before", _UNREAD)
        if before is _UNREAD or before == instance.owner_id:
            return
        players = {before, instance.owner_id}
    for user_id in players - {None}:
        _new_generation(user_id)


def _new_generation(user_id: Any) -> None:
    """Now, so no poll is answered from an older "may" meanwhile, and after the commit, so a
    full request that read the old memberships before it cannot write a "may" that counts."""
    if fastpoll.shared():  # also where polls are not answered from it (a maintenance shell)
        fastpoll.new_generation(user_id)
        transaction.on_commit(lambda: fastpoll.new_generation(user_id))


@receiver(post_save, sender=Roll)
def audit_quick_roll(sender: type, instance: Roll, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        AuditRoll.objects.create(**dice_audit.quick_fields(instance))


@receiver(post_save, sender=JournalRoll)
def audit_journal_roll(sender: type, instance: JournalRoll, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        AuditRoll.objects.create(**dice_audit.journal_fields(instance))


# The campaign's search (combat.search_index): what campaigns saves, indexed in the same
# transaction; rows a fixture loads bring their index rows along (as the dice audit's do).


@receiver(post_save, sender=Post)
def index_post(sender: type, instance: Post, created: bool, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        search_index.index_post(instance, created)


@receiver(post_save, sender=Thread)
def index_scene(sender: type, instance: Thread, created: bool, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        search_index.index_scene(instance, created)


@receiver(post_save, sender=RegisterEntry)
def index_entry(sender: type, instance: RegisterEntry, created: bool, **kwargs: Any) -> None:
    if not kwargs.get("raw"):
        search_index.index_entry(instance, created)


@receiver(post_save, sender=Encounter)
def index_fight(sender: type, instance: Encounter, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):  # a fight's name never changes after (its admin reads)
        search_index.index_fight(instance)
