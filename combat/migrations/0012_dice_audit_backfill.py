"""Every campaign's rolls into the dice audit's index (fights' origins "not recorded"), in its
own migration: the table, its keys and indexes exist before a row is written."""

from django.db import migrations

from combat.dice_audit import Records, rebuild


def backfill(apps, schema_editor):
    """Every campaign's rolls into the new index (fights' origins "not recorded")."""
    records = Records(
        *(
            apps.get_model(app, name)
            for app, name in [
                ("combat", "AuditRoll"),
                ("combat", "Roll"),
                ("campaigns", "JournalRoll"),
                ("combat", "Encounter"),
                ("combat", "Combatant"),
                ("combat", "Event"),
            ]
        )
    )
    for campaign in apps.get_model("campaigns", "Campaign").objects.values_list("pk", flat=True):
        rebuild(campaign, records)


class Migration(migrations.Migration):
    dependencies = [("combat", "0011_dice_audit")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
