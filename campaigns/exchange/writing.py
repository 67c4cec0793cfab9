"""Writing an imported campaign file's rows: the admin's validation, the file's times, users.

Shared by the import of the records and encounters (importing.py) and of the journal
(journal.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import models

from combat.rules.schema import StatError
from combat.rules.systems import SYSTEMS
from config.usernames import taken

from ..models.records import SystemRecord
from .common import _STAMPS, CampaignFormatError, Row
from .reading import _moment


def _clean(record: models.Model, where: str, **options: Any) -> None:
    """The admin's validation; the stats first, so that a problem names the stat."""
    if isinstance(record, SystemRecord) and record.system in SYSTEMS:
        try:
            record.stats = record.schema.clean(record.stats)
        except StatError as error:
            raise CampaignFormatError(f"{where}: stats: {error}") from None
    texts = [f for f in record._meta.concrete_fields if isinstance(f, models.TextField)]
    for field in texts:  # full_clean leaves a TextField's max_length to the forms
        length = len(getattr(record, field.attname))
        if field.max_length and length > field.max_length:
            limit = f"at most {field.max_length} characters (it has {length})"
            raise CampaignFormatError(f"{where}: {field.name}: {limit}")
    try:
        record.full_clean(**options)
    except ValidationError as error:
        details = "; ".join(
            message if name == "__all__" else f"{name}: {message}"
            for name, messages in error.message_dict.items()
            for message in messages
        )
        raise CampaignFormatError(f"{where}: {details}") from None


def _moments(row: Row, where: str, keys: Iterable[str] = _STAMPS) -> dict[str, datetime]:
    moments = {key: _moment(row[key], f"{where}: {key}") for key in keys}
    return {key: moment for key, moment in moments.items() if moment is not None}


def _save(record: models.Model, moments: Mapping[str, datetime]) -> None:
    record.save()
    if moments:  # auto_now(_add) replaced them on save; update() keeps the file's values
        type(record)._default_manager.filter(pk=record.pk).update(**moments)
        for key, moment in moments.items():
            setattr(record, key, moment)


class _Users:
    """Usernames to users: existing ones are linked, missing ones become inactive placeholders."""

    def __init__(self) -> None:
        self.model = get_user_model()
        field = self.model._meta.get_field(self.model.USERNAME_FIELD)
        assert isinstance(field, models.Field)  # the username is a column, never a relation
        self.field = field
        self.known: dict[str, User] = {}

    def get(self, username: str, where: str) -> User:
        if username not in self.known:
            try:
                self.field.clean(username, None)
            except ValidationError as error:
                raise CampaignFormatError(f"{where}: {'; '.join(error.messages)}") from None
            user = self.model._default_manager.filter(**{self.field.name: username}).first()
            if user is None and taken(username):  # "GM" beside gm: one name, two accounts
                raise CampaignFormatError(
                    f"{where}: {username!r} is another spelling of an existing account's name; "
                    "write that account's name exactly, or another name"
                )
            if user is None:  # no login until an admin activates it and sets a password
                user = self.model(**{self.field.name: username}, is_active=False)
                user.set_unusable_password()
                user.save()
            self.known[username] = user
        return self.known[username]
