from django.db import migrations, models


def seal_existing_logs(apps, schema_editor):
    """Logs from before the seal are signed as they stand when this migration runs (the first
    trust); a chain that is already broken keeps failing verify_log, seal or not."""
    from combat.eventlog import head_seal

    Encounter = apps.get_model("combat", "Encounter")
    for encounter in Encounter.objects.only("pk", "log_length", "log_head").iterator():
        seal = head_seal(encounter.pk, encounter.log_length, encounter.log_head)
        Encounter.objects.filter(pk=encounter.pk).update(log_seal=seal)


class Migration(migrations.Migration):
    dependencies = [
        ("combat", "0004_encounter_stage"),
    ]

    operations = [
        migrations.AddField(
            model_name="encounter",
            name="log_seal",
            field=models.CharField(blank=True, max_length=64),
        ),
        migrations.RunPython(seal_existing_logs, migrations.RunPython.noop),
    ]
