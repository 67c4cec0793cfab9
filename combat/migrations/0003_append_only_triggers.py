"""The append-only triggers of the roll log and the event log (see campaigns.log_triggers)."""

from django.db import migrations

from campaigns.log_triggers import drop_triggers, ensure_triggers


def create(apps, schema_editor):  # type: ignore[no-untyped-def]
    ensure_triggers(schema_editor.connection)


def drop(apps, schema_editor):  # type: ignore[no-untyped-def]
    drop_triggers(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("combat", "0002_encounters")]
    operations = [migrations.RunPython(create, drop)]
