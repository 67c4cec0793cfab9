"""Database triggers: the roll log and the event log refuse UPDATE, and refuse DELETE while the
row's parent (campaign, encounter) still exists — so history cannot be edited even with raw SQL.

SQLite has no TRUNCATE, so `manage.py flush` (which the test runner uses) deletes row by row, in no
fixed order. A row in `combat_log_maintenance` (a plain table, not a model, so flush leaves it
alone) lets a deliberate wipe through; see combat.maintenance.
"""

from django.db import migrations

LOGS = [("combat_roll", "campaign_id", "campaigns_campaign"),
        ("combat_event", "encounter_id", "combat_encounter")]  # fmt: skip


def _sqlite(table: str, fk: str, parent: str) -> list[str]:
    return [
        "CREATE TABLE IF NOT EXISTS combat_log_maintenance (reason TEXT NOT NULL)",
        f"CREATE TRIGGER {table}_no_update BEFORE UPDATE ON {table} "
        f"BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END",
        f"CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table} "
        f"WHEN EXISTS (SELECT 1 FROM {parent} WHERE id = OLD.{fk}) "
        "AND NOT EXISTS (SELECT 1 FROM combat_log_maintenance) "
        f"BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END",
    ]


def _postgresql(table: str, fk: str, parent: str) -> list[str]:
    return [
        f"""CREATE FUNCTION {table}_append_only() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM {parent} WHERE id = OLD.{fk}) THEN
            RAISE EXCEPTION '{table} is append-only';
          END IF;
          RETURN OLD;
        END $$ LANGUAGE plpgsql""",
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
        f"FOR EACH ROW EXECUTE FUNCTION {table}_append_only()",
    ]


def _drop(vendor: str, table: str) -> list[str]:
    if vendor == "sqlite":
        return [f"DROP TRIGGER IF EXISTS {table}_no_update",
                f"DROP TRIGGER IF EXISTS {table}_no_delete"]  # fmt: skip
    return [f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}",
            f"DROP FUNCTION IF EXISTS {table}_append_only()"]  # fmt: skip


def create(apps, schema_editor):  # type: ignore[no-untyped-def]
    vendor = schema_editor.connection.vendor
    build = {"sqlite": _sqlite, "postgresql": _postgresql}.get(vendor)
    if build is None:
        return  # other databases: the ORM still refuses edits
    for table, fk, parent in LOGS:
        for statement in build(table, fk, parent):
            schema_editor.execute(statement)


def drop(apps, schema_editor):  # type: ignore[no-untyped-def]
    vendor = schema_editor.connection.vendor
    if vendor in ("sqlite", "postgresql"):
        for table, _fk, _parent in LOGS:
            for statement in _drop(vendor, table):
                schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("combat", "0002_encounters")]
    operations = [migrations.RunPython(create, drop)]
