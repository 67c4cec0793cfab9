"""One JSON document holds a whole campaign; the format is described in docs/campaign-format.md.

`export_campaign` reads a campaign into plain JSON data; `import_campaign` checks such data
completely and creates a new campaign from it in one transaction, so a bad file leaves the
database as it was. Records are checked by the same model validation as the admin (the rule
system's stat schema included); every problem is one CampaignFormatError naming where it is.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Mapping
from datetime import UTC, datetime
from pathlib import PurePosixPath
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from combat.rules.systems import UnknownSystem, get_system

from .models import Armor, Campaign, Character, Membership, Monster, Weapon

FORMAT = "iniciativa-campaign"
VERSION = 1
ITEM_MODELS: dict[str, type[Weapon | Armor]] = {"weapons": Weapon, "armor": Armor}
_REQUIRED: Any = object()
_STAMPS = {"created_at": (str, None), "updated_at": (str, None)}
_CAMPAIGN = {"name": (str, _REQUIRED), "description": (str, ""), "system": (str, _REQUIRED),
             "created_at": (str, None)}  # fmt: skip
_MEMBER = {"username": (str, _REQUIRED), "role": (str, "player"), "joined_at": (str, None)}
_RECORD = {"id": (int, _REQUIRED), "name": (str, _REQUIRED), "source": (str, ""),
           "stats": (dict, {}), "notes": (str, ""), **_STAMPS}  # fmt: skip
_LIBRARY = {**_RECORD, "system": (str, _REQUIRED)}
_CHARACTER = {"id": (int, _REQUIRED), "name": (str, _REQUIRED), "kind": (str, "pc"),
              "owner": ((str, type(None)), None), "stats": (dict, {}), "notes": (str, ""),
              "portrait": (str, ""), "weapons": (list, []), "armor": (list, []),
              **_STAMPS}  # fmt: skip
_ITEMS = {"weapons": (list, []), "armor": (list, [])}
_TOP = {"format": (str, _REQUIRED), "version": (int, _REQUIRED), "exported_at": (str, None),
        "campaign": (dict, _REQUIRED), "members": (list, []), "characters": (list, []),
        "bestiary": (list, []), "armory": (dict, {}), "library": (dict, {}),
        "encounters": (list, []), "journal": (list, [])}  # fmt: skip
_JSON_TYPES = {dict: "an object", list: "a list", str: "a text", int: "a whole number",
               float: "a number", bool: "true or false", type(None): "null"}  # fmt: skip

Spec = Mapping[str, tuple[type | tuple[type, ...], Any]]
Row = dict[str, Any]


class CampaignFormatError(ValueError):
    """Data that is not a campaign this version can read or write; the message says where."""


# --- export ------------------------------------------------------------------------------------


def _when(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _record(record: Monster | Weapon | Armor, local_id: int) -> Row:
    return {
        "id": local_id,
        "name": record.name,
        "source": record.source,
        "stats": record.stats,
        "notes": record.notes,
        "created_at": _when(record.created_at),
        "updated_at": _when(record.updated_at),
    }


def _library_record(record: Weapon | Armor, local_id: int) -> Row:
    return {**_record(record, local_id), "system": record.system}


def _numbered(records: Iterable[Any]) -> dict[int, int]:
    """Database pk -> file-local id (1, 2, …) in pk order."""
    return {record.pk: number for number, record in enumerate(records, 1)}


def _refs(character: Character, kind: str, armory: dict[int, int], library: dict[int, int]) -> list[Row]:  # fmt: skip
    refs: list[Row] = []
    for item in getattr(character, kind).all():  # prefetched, in pk order
        if item.pk in armory:
            refs.append({"armory": armory[item.pk]})
        elif item.pk in library:
            refs.append({"library": library[item.pk]})
        else:
            raise CampaignFormatError(
                f"character {character.name!r} carries {item.name!r} (id {item.pk}) of another "
                "campaign; only the campaign's own armory and the shared library can be exported"
            )
    return refs


def _character(character: Character, local_id: int, armory: Row, library: Row) -> Row:
    return {
        "id": local_id,
        "name": character.name,
        "kind": character.kind,
        "owner": character.owner.get_username() if character.owner else None,
        "stats": character.stats,
        "notes": character.notes,
        "portrait": character.portrait.name or "",
        "weapons": _refs(character, "weapons", armory["weapons"], library["weapons"]),
        "armor": _refs(character, "armor", armory["armor"], library["armor"]),
        "created_at": _when(character.created_at),
        "updated_at": _when(character.updated_at),
    }


def _characters(campaign: Campaign) -> list[Character]:
    return list(
        Character.objects.in_campaign(campaign)
        .select_related("owner")
        .prefetch_related(
            models.Prefetch("weapons", Weapon.objects.order_by("pk")),
            models.Prefetch("armor", Armor.objects.order_by("pk")),
        )
        .order_by("pk")
    )


def _carried_library(characters: list[Character], kind: str) -> list[Weapon | Armor]:
    """The shared-library items the characters carry, each once, in pk order."""
    found = {i.pk: i for c in characters for i in getattr(c, kind).all() if i.campaign_id is None}
    return [found[pk] for pk in sorted(found)]


def export_campaign(campaign: Campaign) -> Row:
    """The whole campaign as JSON-ready data (see docs/campaign-format.md)."""
    characters = _characters(campaign)
    armory = {k: list(m.objects.in_campaign(campaign).order_by("pk")) for k, m in ITEM_MODELS.items()}
    library = {kind: _carried_library(characters, kind) for kind in ITEM_MODELS}
    armory_ids = {kind: _numbered(rows) for kind, rows in armory.items()}
    library_ids = {kind: _numbered(rows) for kind, rows in library.items()}
    memberships = campaign.memberships.select_related("user").order_by("pk")
    bestiary = Monster.objects.in_campaign(campaign).order_by("pk")
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _when(timezone.now()),
        "campaign": {
            "name": campaign.name,
            "description": campaign.description,
            "system": campaign.system,
            "created_at": _when(campaign.created_at),
        },
        "members": [
            {"username": m.user.get_username(), "role": m.role, "joined_at": _when(m.joined_at)}
            for m in memberships
        ],
        "characters": [
            _character(c, n, armory_ids, library_ids) for n, c in enumerate(characters, 1)
        ],
        "bestiary": [_record(m, n) for n, m in enumerate(bestiary, 1)],
        "armory": {k: [_record(r, n) for n, r in enumerate(rows, 1)] for k, rows in armory.items()},
        "library": {
            k: [_library_record(r, n) for n, r in enumerate(rows, 1)] for k, rows in library.items()
        },
        "encounters": [],  # extension point: encounters with their event logs (a later version)
        "journal": [],  # extension point: the campaign journal (a later version)
    }
