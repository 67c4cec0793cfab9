"""Wiping whole databases on SQLite (`manage.py flush`, test teardown) past the log triggers.

The logs' triggers refuse deletes while a row's parent exists. PostgreSQL's flush truncates, which
fires no row triggers; SQLite's flush deletes row by row, so it needs this deliberate switch.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connections


@contextmanager
def log_wipe_allowed(using: str = "default") -> Iterator[None]:
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
