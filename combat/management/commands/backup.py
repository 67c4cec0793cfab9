"""`python manage.py backup [FILE]`: a consistent copy of the database, taken while people play.

SQLite: the online backup API copies the database in one step from a read snapshot (WAL lets the
writers go on meanwhile), then `PRAGMA integrity_check` must answer "ok" on the copy.
PostgreSQL: `pg_dump -Fc` (one snapshot of the whole database), then `pg_restore --list` must read
the archive back. The file appears under its final name only when it passed (RELIABILITY R12).
"""

import os
import sqlite3
import subprocess
from datetime import datetime
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

SUFFIX = {"sqlite": ".sqlite3", "postgresql": ".dump"}


def default_path(vendor: str) -> Path:
    folder = Path(os.environ.get("BACKUP_DIR", settings.BASE_DIR / "backups"))
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return folder / f"iniciativa-{stamp}{SUFFIX.get(vendor, '.backup')}"


def pg_command(program: str, alias: str = "default") -> tuple[list[str], dict[str, str]]:
    """The PostgreSQL client program with the connection settings Django uses, and its env."""
    db = connections[alias].settings_dict
    args = [program, "--no-password"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if db.get(key):
            args += [flag, str(db[key])]
    env = {**os.environ}
    if db.get("PASSWORD"):
        env["PGPASSWORD"] = str(db["PASSWORD"])
    return args, env


def run(args: list[str], env: dict[str, str]) -> None:
    try:
        done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)  # noqa: S603
    except FileNotFoundError as error:
        raise CommandError(f"{args[0]} is not installed (PostgreSQL's client tools)") from error
    if done.returncode:
        raise CommandError(f"{args[0]} failed: {done.stderr.strip()}")


def sqlite_integrity(path: Path) -> str:
    """ "ok", or what is wrong (a file that is no database at all says so too)."""
    try:
        check = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            rows = check.execute("PRAGMA integrity_check").fetchall()
        finally:
            check.close()
    except sqlite3.DatabaseError as error:
        return str(error)
    return "; ".join(str(row[0]) for row in rows)


class Command(BaseCommand):
    help = "Back up the database while the app runs (SQLite backup API or pg_dump -Fc)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", nargs="?", help="the backup file (default: backups/…)")
        parser.add_argument("--database", default="default")

    def handle(self, *args: Any, **options: Any) -> None:
        connection = connections[options["database"]]
        vendor = connection.vendor
        if vendor not in SUFFIX:
            raise CommandError(f"backing up a {vendor} database is not supported")
        path = Path(options["path"] or default_path(vendor)).resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_name(path.name + ".partial")
        partial.unlink(missing_ok=True)
        try:
            if vendor == "sqlite":
                self._sqlite(connection, partial)
            else:
                self._postgresql(options["database"], connection.settings_dict["NAME"], partial)
        except BaseException:
            partial.unlink(missing_ok=True)
            raise
        partial.replace(path)
        self.stdout.write(f"backup written: {path} ({path.stat().st_size} bytes)")

    def _sqlite(self, connection: Any, partial: Path) -> None:
        connection.ensure_connection()
        target = sqlite3.connect(partial)
        try:
            connection.connection.backup(target)  # pages=-1: one step, one read snapshot
        finally:
            target.close()
        verdict = sqlite_integrity(partial)
        if verdict != "ok":
            raise CommandError(f"the copy failed its integrity check: {verdict}")
        self.stdout.write("integrity_check: ok")

    def _postgresql(self, alias: str, name: str, partial: Path) -> None:
        args, env = pg_command("pg_dump", alias)
        run([*args, "--format=custom", "--no-owner", f"--file={partial}", name], env)
        listing, env = pg_command("pg_restore", alias)
        run([listing[0], "--list", str(partial)], env)  # the archive reads back
        self.stdout.write("pg_dump archive: readable")
