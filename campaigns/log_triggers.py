"""Database triggers that keep the logs append-only, even against raw SQL, and the one switch
that lets a deliberate wipe past them.

UPDATE is always refused. DELETE is refused too, except while a deliberate wipe is under way:
deleting a whole campaign or encounter (the logs' post_delete receivers) or flushing the database
(tests). On SQLite that switch is a row in `combat_log_maintenance` (a plain table, not a model,
so flush leaves it alone; its name is older than this module and stays, the databases have it);
the triggers name no other table, because SQLite rebuilds a table to alter it and would then find
a trigger that points at a table being renamed. PostgreSQL truncates on flush (no row triggers
fire) and checks whether the log row's parent still exists.

Each app names its logs from its AppConfig.ready (`register_log`): campaigns its journal, combat
its roll and event logs. `ensure_triggers` is idempotent and runs after every `migrate`
(campaigns.apps), so a later migration that rebuilds a log table on SQLite (which drops its
triggers) gets them back at once.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.db import connections, models
from django.db.backends.base.base import BaseDatabaseWrapper

if TYPE_CHECKING:  # campaigns.models reads this module while it loads (the journal's wipes)
    from .models.appendonly import AppendOnlyModel

MAINTENANCE = "combat_log_maintenance"


@dataclass(frozen=True)
class LogTable:
    table: str
    fk: str  # the column naming the parent row ...
    parent: str  # ... in this table: while it exists, its log rows are history


LOGS: dict[str, LogTable] = {}


def register_log(model: type["AppendOnlyModel"], parent: str) -> None:
    """`model`'s table is a log whose rows may go only with the row its `parent` field names."""
    field = model._meta.get_field(parent)
    if not isinstance(field, models.ForeignKey):
        raise TypeError(f"{model.__name__}.{parent} is not a foreign key")
    table = model._meta.db_table
    LOGS[table] = LogTable(table, field.column, field.remote_field.model._meta.db_table)


def _sqlite(table: str) -> list[str]:
    refuse = f"BEGIN SELECT RAISE(ABORT, '{table} is append-only'); END"
    return [
        f"CREATE TABLE IF NOT EXISTS {MAINTENANCE} (reason TEXT NOT NULL)",
        f"CREATE TRIGGER IF NOT EXISTS {table}_no_update BEFORE UPDATE ON {table} {refuse}",
        f"CREATE TRIGGER IF NOT EXISTS {table}_no_delete BEFORE DELETE ON {table} "  # noqa: S608
        f"WHEN NOT EXISTS (SELECT 1 FROM {MAINTENANCE}) {refuse}",
    ]


def _postgresql(log: LogTable) -> list[str]:
    table = log.table
    return [
        f"""CREATE OR REPLACE FUNCTION {table}_append_only() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'UPDATE' OR EXISTS (SELECT 1 FROM {log.parent} WHERE id = OLD.{log.fk}) THEN
            RAISE EXCEPTION '{table} is append-only';
          END IF;
          RETURN OLD;
        END $$ LANGUAGE plpgsql""",  # noqa: S608
        f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}",
        f"CREATE TRIGGER {table}_append_only BEFORE UPDATE OR DELETE ON {table} "
        f"FOR EACH ROW EXECUTE FUNCTION {table}_append_only()",
    ]


def ensure_triggers(connection: BaseDatabaseWrapper) -> None:
    tables = set(connection.introspection.table_names())
    with connection.cursor() as cursor:
        for log in LOGS.values():
            if log.table not in tables:
                continue
            if connection.vendor == "sqlite":
                statements = _sqlite(log.table)
            elif connection.vendor == "postgresql":
                statements = _postgresql(log)
            else:
                continue  # other databases: the ORM still refuses edits
            for statement in statements:
                cursor.execute(statement)


def drop_triggers(connection: BaseDatabaseWrapper) -> None:
    with connection.cursor() as cursor:
        for table in LOGS:
            if connection.vendor == "sqlite":
                cursor.execute(f"DROP TRIGGER IF EXISTS {table}_no_update")
                cursor.execute(f"DROP TRIGGER IF EXISTS {table}_no_delete")
            elif connection.vendor == "postgresql":
                cursor.execute(f"DROP TRIGGER IF EXISTS {table}_append_only ON {table}")
                cursor.execute(f"DROP FUNCTION IF EXISTS {table}_append_only()")


def restore_log_triggers(sender: Any, using: str = "default", **kwargs: Any) -> None:
    """After every migrate: a migration that rebuilt a log table on SQLite dropped them."""
    ensure_triggers(connections[using])


@contextmanager
def log_wipe_allowed(using: str = "default") -> Iterator[None]:
    """Wiping whole databases on SQLite (`manage.py flush`, test teardown, a deleted parent's
    log) past the triggers: PostgreSQL's flush truncates, which fires no row triggers; SQLite's
    deletes row by row, so it needs this deliberate switch."""
    connection = connections[using]
    if connection.vendor != "sqlite":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("INSERT INTO combat_log_maintenance (reason) VALUES ('flush')")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM combat_log_maintenance")
