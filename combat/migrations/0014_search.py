"""The campaign search's index (issue Q): its rows, the database's own full-text index over their
words (PostgreSQL: a GIN index; SQLite: an FTS5 table kept by triggers), and every campaign's
posts, scenes, register entries and fights written into it."""

import django.contrib.postgres.search
import django.db.models.deletion
from django.db import migrations, models

from combat.search_index import (
    Records,
    install_postgresql,
    install_sqlite,
    rebuild,
    uninstall_sqlite,
)


def full_text(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        install_postgresql(schema_editor, apps.get_model("combat", "SearchDoc"))
    elif vendor == "sqlite":
        install_sqlite(schema_editor)


def no_full_text(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":  # PostgreSQL's index goes with its table
        uninstall_sqlite(schema_editor)


def backfill(apps, schema_editor):
    records = Records(
        *(
            apps.get_model(app, name)
            for app, name in [
                ("combat", "SearchDoc"),
                ("campaigns", "Post"),
                ("campaigns", "Thread"),
                ("campaigns", "RegisterEntry"),
                ("combat", "Encounter"),
                ("combat", "Combatant"),
                ("combat", "Event"),
            ]
        )
    )
    for pk, system in apps.get_model("campaigns", "Campaign").objects.values_list("pk", "system"):
        rebuild(pk, system, records)


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0015_register"),
        ("combat", "0013_sessions_and_ledgers"),
    ]

    operations = [
        migrations.CreateModel(
            name="SearchDoc",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                (
                    "kind",
                    models.CharField(
                        choices=[
                            ("post", "Post"),
                            ("scene", "Scene"),
                            ("entry", "Entry"),
                            ("fight", "Fight"),
                            ("log", "Log"),
                        ],
                        max_length=8,
                    ),
                ),
                (
                    "audience",
                    models.CharField(
                        choices=[("all", "All"), ("players", "Players"), ("gm", "Gm")],
                        default="all",
                        max_length=8,
                    ),
                ),
                ("part", models.PositiveSmallIntegerField(default=0)),
                ("seq", models.PositiveIntegerField(null=True)),
                ("hides", models.TextField(blank=True)),
                ("terms", models.TextField()),
                (
                    "words",
                    django.contrib.postgres.search.SearchVectorField(editable=False, null=True),
                ),
                (
                    "campaign",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="campaigns.campaign",
                    ),
                ),
                (
                    "encounter",
                    models.ForeignKey(
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="combat.encounter",
                    ),
                ),
                (
                    "entry",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="campaigns.registerentry",
                    ),
                ),
                (
                    "post",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="campaigns.post",
                    ),
                ),
                (
                    "thread",
                    models.ForeignKey(
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="campaigns.thread",
                    ),
                ),
            ],
            options={
                "verbose_name": "search index row",
                "verbose_name_plural": "search index rows",
                "indexes": [
                    models.Index(fields=["campaign", "kind"], name="search_by_campaign"),
                    models.Index(fields=["encounter", "seq"], name="search_by_entry"),
                ],
            },
        ),
        migrations.RunPython(full_text, no_full_text),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
