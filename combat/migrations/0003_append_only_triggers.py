"""The append-only triggers of the roll log and the event log (see combat.triggers)."""

from django.db import migrations


def create(apps, schema_editor):  # type: ignore[no-untyped-def]
    from combat.triggers import ensure_triggers

    ensure_triggers(schema_editor.connection)


def drop(apps, schema_editor):  # type: ignore[no-untyped-def]
    from combat.triggers import drop_triggers

    drop_triggers(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("combat", "0002_encounters")]
    operations = [migrations.RunPython(create, drop)]
