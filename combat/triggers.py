"""Database triggers that keep the roll log and the event log append-only, even against raw SQL.

UPDATE is always refused. DELETE is refused too, except while a deliberate wipe is under way:
deleting a whole campaign or encounter (combat.signals) or flushing the database (tests). On
SQLite that switch is a row in `combat_log_maintenance` (a plain table, not a model, so flush
leaves it alone); the triggers name no other table, because SQLite rebuilds a table to alter it
and would then find a trigger that points at a table being renamed. PostgreSQL truncates on
flush (no row triggers fire) and checks whether the log row's parent still exists.

`ensure_triggers` is idempotent and runs after every `migrate` (combat.apps), so a later migration
that rebuilds a log table on SQLite (which drops its triggers) gets them back at once.
"""

from django.db.backends.base.base import BaseDatabaseWrapper

LOGS = (
    ("combat_roll", "campaign_id", "campaigns_campaign"),
    ("combat_event", "encounter_id", "combat_encounter"),
    # the campaign journal's rolls and their voids (campaigns.models.journal)
    ("campaigns_journalroll", "campaign_id", "campaigns_campaign"),
    ("campaigns_journalrollvoid", "campaign_id", "campaigns_campaign"),
    # the earlier texts of edited posts (campaigns.models.journal.PostRevision)
    ("campaigns_postrevision", "campaign_id", "campaigns_campaign"),
)
MAINTENANCE = "combat_log_maintenance"


def _sqlite(table: str) -> list[str]:
    refuse = f"BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END"
    return [
        f"CREATE TABLE IF NOT EXISTS {MAINTENANCE} (reason TEXT NOT NULL)",
        f"CREATE TRIGGER IF NOT EXISTS {table}_no_update BEFORE UPDATE ON {table} {refuse}",
        f"CREATE TRIGGER IF NOT EXISTS {table}_no_delete BEFORE DELETE ON {table} "
        f"WHEN NOT EXISTS (SELECT 1 FROM {MAINTENANCE}) {refuse}",
    ]


def _postgresql(table: str, fk: str, parent: str) -> list[str]:
    return [
        f"""CREATE OR REPLACE FUNCTION {table}_append_only() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM {parent} WHERE id = OLD.{fk}) THEN
            RAISE EXCEPTION '{table} is append-only';
          END IF;
          RETURN OLD;
        END $$ LANGUAGE plpgsql""",
        f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}",
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
        f"FOR EACH ROW EXECUTE FUNCTION {table}_append_only()",
    ]


def ensure_triggers(connection: BaseDatabaseWrapper) -> None:
    tables = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for table, fk, parent in LOGS:
            if table not in tables:
                continue
            if connection.vendor == "sqlite":
                statements = _sqlite(table)
            elif connection.vendor == "postgresql":
                statements = _postgresql(table, fk, parent)
            else:
                continue  # other databases: the ORM still refuses edits
            for statement in statements:
                cursor.execute(statement)


def drop_triggers(connection: BaseDatabaseWrapper) -> None:
    with connection.cursor() as cursor:
        for table, _fk, _parent in LOGS:
            if connection.vendor == "sqlite":
                cursor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update")
                cursor.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
            elif connection.vendor == "postgresql":
                cursor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
                cursor.execute(f"DROP FUNCTION IF EXISTS {table}_append_only()")
