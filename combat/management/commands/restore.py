"""`python manage.py restore FILE`: put a backup (`manage.py backup`) back, then prove it sound.

Stop the app servers first: every row of the configured database is replaced.
SQLite: the backup must pass `PRAGMA integrity_check` before it is copied in (with the online
backup API, so the database file keeps its WAL mode) and the result must pass it again.
PostgreSQL: `pg_restore --clean --if-exists --single-transaction`, so a failed restore changes
nothing. Afterwards every encounter's hash chain is checked (`verify_log`).
"""

import sqlite3
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections

from ... import fastpoll
from .backup import pg_command, run, sqlite_integrity


class Command(BaseCommand):
    help = "Restore a backup made by `manage.py backup` into the configured database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="the backup file")
        parser.add_argument(
            "--noinput",
            "--no-input",
            action="store_false",
            dest="interactive",
            help="do not ask before replacing the database",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        alias = "default"  # verify_log checks the default database
        connection = connections[alias]
        path = Path(options["path"]).resolve()
        if not path.is_file():
            raise CommandError(f"no backup file at {path}")
        name = connection.settings_dict["NAME"]
        if options["interactive"]:
            answer = input(f"Replace every row of the database {name} with {path}? [yes/no] ")
            if answer.strip().lower() != "yes":
                raise CommandError("restore cancelled")
        if connection.vendor == "sqlite":
            self._sqlite(connection, path)
        elif connection.vendor == "postgresql":
            connection.close()
            command, env = pg_command("pg_restore", alias)
            run(
                [
                    *command,
                    "--clean",
                    "--if-exists",
                    "--no-owner",
                    "--single-transaction",
                    "--exit-on-error",
                    f"--dbname={name}",
                    str(path),
                ],
                env,
            )
            self.stdout.write(f"restored {path} into {name}")
        else:
            raise CommandError(f"restoring a {connection.vendor} database is not supported")
        if fastpoll.shared():  # what the cache says of the old rows no longer counts
            fastpoll.forget_all()
        call_command("verify_log", stdout=self.stdout, stderr=self.stderr)

    def _sqlite(self, connection: Any, path: Path) -> None:
        verdict = sqlite_integrity(path)
        if verdict != "ok":
            raise CommandError(f"the backup failed its integrity check: {verdict}")
        connection.close()
        name = Path(connection.settings_dict["NAME"])
        source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        target = sqlite3.connect(name, timeout=20)
        try:
            source.backup(target)
        finally:
            source.close()
            target.close()
        verdict = sqlite_integrity(name)
        if verdict != "ok":
            raise CommandError(f"the restored database failed its integrity check: {verdict}")
        self.stdout.write(f"restored {path} into {name}; integrity_check: ok")
