"""What every log shares: rows are written once, never changed or removed.

The journal's rolls, their voids and the earlier texts of posts (campaigns.models.journal) are
such logs, and so are combat's roll log and event log, which build on this base. The database
triggers (campaigns.log_triggers) refuse edits too; this is the ORM's side of it.
"""

from typing import Any, NoReturn

from django.db import models


class AppendOnlyError(RuntimeError):
    """A log row cannot be edited or deleted; a correction is a new row."""


class AppendOnlyQuerySet(models.QuerySet[Any]):
    def update(self, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{self.model._meta.verbose_name_plural} are append-only")

    def delete(self) -> NoReturn:
        raise AppendOnlyError(f"{self.model._meta.verbose_name_plural} are append-only")


class AppendOnlyModel(models.Model):
    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:
            raise AppendOnlyError(f"{self._meta.verbose_name_plural} are append-only")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise AppendOnlyError(f"{self._meta.verbose_name_plural} are append-only")
