"""An end of a fight can be undone (issue N): the undo index (combat.history) of every encounter
whose log holds an end is folded again from the log, so that its end is the next thing undo
takes back, as it is for a fight ended from now on."""

from django.db import migrations

from combat.history import fold


def refold(apps, schema_editor):
    Event = apps.get_model("combat", "Event")
    UndoEntry = apps.get_model("combat", "UndoEntry")
    ended = Event.objects.filter(type="ended").values_list("encounter_id", flat=True).distinct()
    for encounter_id in sorted(set(ended)):
        log = Event.objects.filter(encounter_id=encounter_id).order_by("seq")
        folded = fold(log.values_list("seq", "type", "payload").iterator())
        UndoEntry.objects.filter(encounter_id=encounter_id).delete()
        UndoEntry.objects.bulk_create(
            [UndoEntry(encounter_id=encounter_id, seq=seq) for seq in folded.done]
            + [UndoEntry(encounter_id=encounter_id, seq=seq, undone=True) for seq in folded.undone]
        )


def unindex_ends(apps, schema_editor):
    """Back to 0008, whose code cannot undo an end: no end stays in the undo index."""
    Event = apps.get_model("combat", "Event")
    UndoEntry = apps.get_model("combat", "UndoEntry")
    for encounter_id, seq in Event.objects.filter(type="ended").values_list("encounter_id", "seq"):
        UndoEntry.objects.filter(encounter_id=encounter_id, seq=seq).delete()


class Migration(migrations.Migration):
    dependencies = [("combat", "0008_history_index")]

    operations = [migrations.RunPython(refold, unindex_ends)]
