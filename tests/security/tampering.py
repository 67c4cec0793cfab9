"""What someone with database access (and without the signing key) does to rewrite a fight:
switch the log's triggers off, cut the tail, point the encounter's head at what is left, and
rebuild the indexes beside the log."""

from django.db import connection

from campaigns.log_triggers import log_wipe_allowed
from combat.history import rebuild_history
from combat.models import Encounter, Event


def cut_tail(encounter_id: int, keep: int) -> None:
    """Delete every event after #`keep` and rewind the head (and version) to it."""
    head = Event.objects.get(encounter_id=encounter_id, seq=keep).hash
    postgresql = connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        if postgresql:  # the trigger refuses deletes while the encounter exists
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("ALTER TABLE combat_event DISABLE TRIGGER combat_event_append_only")
        with log_wipe_allowed():
            cursor.execute(
                "DELETE FROM combat_event WHERE encounter_id = %s AND seq > %s",
                [encounter_id, keep],
            )
        if postgresql:
            cursor.execute("ALTER TABLE combat_event ENABLE TRIGGER combat_event_append_only")
    Encounter.objects.filter(pk=encounter_id).update(log_head=head, log_length=keep, version=keep)
    # A careful forger also tidies the indexes beside the log (undo stacks, open proposals),
    # so the fight goes on as if the cut events never were.
    rebuild_history(Encounter.objects.get(pk=encounter_id))


def forge_tail(encounter_id: int, keep: int) -> None:
    """Cut after #`keep`, then append as many events as were cut, with other content and a
    correctly recomputed chain (SHA-256 needs no key): the same length, a different history."""
    length = Encounter.objects.get(pk=encounter_id).log_length
    cut_tail(encounter_id, keep)
    encounter = Encounter.objects.get(pk=encounter_id)
    previous = encounter.log_head
    for seq in range(keep + 1, length + 1):
        event = Event(encounter=encounter, seq=seq, type="adjust", payload={"forged": seq})
        event.created_at, event.prev_hash = "2026-01-01T00:00:00+00:00", previous
        event.hash = event.compute_hash()
        event.save()
        previous = event.hash
    Encounter.objects.filter(pk=encounter_id).update(log_head=previous, log_length=length)
    rebuild_history(Encounter.objects.get(pk=encounter_id))
