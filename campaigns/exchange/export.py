"""A campaign to JSON-ready data (docs/campaign-format.md)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from django.db import models
from django.utils import timezone

from ..extensions import FileIds, file_sections
from ..models import Armor, Campaign, Character, Monster, Weapon
from .common import FORMAT, ITEM_MODELS, VERSION, CampaignFormatError, Row
from .journal import journal_out
from .register import register_out

# --- export ------------------------------------------------------------------------------------


def _when(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _record_out(record: Monster | Weapon | Armor, local_id: int) -> Row:
    return {
        "id": local_id,
        "name": record.name,
        "source": record.source,
        "stats": record.stats,
        "notes": record.notes,
        "created_at": _when(record.created_at),
        "updated_at": _when(record.updated_at),
    }


def _records_out(records: Iterable[Any], *, library: bool = False) -> list[Row]:
    """Bestiary, armory or library rows, numbered 1, 2, … in pk order (their file-local ids)."""
    rows = []
    for local_id, record in enumerate(records, 1):
        row = _record_out(record, local_id)
        rows.append({**row, "system": record.system} if library else row)  # library key part
    return rows


def _numbered(records: Iterable[Any]) -> dict[int, int]:
    """Database pk -> file-local id (1, 2, …) in pk order."""
    return {record.pk: number for number, record in enumerate(records, 1)}


def _refs(
    character: Character, kind: str, armory: dict[int, int], library: dict[int, int]
) -> list[Row]:
    refs: list[Row] = []
    for item in getattr(character, kind).all():  # prefetched
        if item.pk in armory:
            refs.append({"armory": armory[item.pk]})
        elif item.pk in library:
            refs.append({"library": library[item.pk]})
        else:
            raise CampaignFormatError(
                f"character {character.name!r} carries {item.name!r} (id {item.pk}) of another "
                "campaign; only the campaign's own armory and the shared library can be exported"
            )
    return sorted(refs, key=lambda ref: sorted(ref.items()))  # armory first, by local id


def _character(character: Character, local_id: int, armory: Row, library: Row) -> Row:
    return {
        "id": local_id,
        "name": character.name,
        "kind": character.kind,
        "owner": character.owner.get_username() if character.owner else None,
        "stats": character.stats,
        "notes": character.notes,
        "portrait": character.portrait.name or "",
        "current_hp": character.current_hp,
        "conditions": character.conditions,
        "weapons": _refs(character, "weapons", armory["weapons"], library["weapons"]),
        "armor": _refs(character, "armor", armory["armor"], library["armor"]),
        "created_at": _when(character.created_at),
        "updated_at": _when(character.updated_at),
    }


def _characters(campaign: Campaign) -> list[Character]:
    return list(
        Character.objects.in_campaign(campaign)
        .select_related("owner")
        .prefetch_related(models.Prefetch("weapons", Weapon.objects.order_by("pk")))
        .prefetch_related(models.Prefetch("armor", Armor.objects.order_by("pk")))
        .order_by("pk")
    )


def _carried_library(characters: list[Character], kind: str) -> list[Weapon | Armor]:
    """The shared-library items the characters carry, each once, in pk order."""
    found = {i.pk: i for c in characters for i in getattr(c, kind).all() if i.campaign_id is None}
    return [found[pk] for pk in sorted(found)]


def export_campaign(campaign: Campaign) -> Row:
    """The whole campaign as JSON-ready data (see docs/campaign-format.md)."""
    characters = _characters(campaign)
    armory = {
        k: list(m.objects.in_campaign(campaign).order_by("pk")) for k, m in ITEM_MODELS.items()
    }
    library = {kind: _carried_library(characters, kind) for kind in ITEM_MODELS}
    ids = [{kind: _numbered(rows) for kind, rows in table.items()} for table in (armory, library)]
    members = campaign.memberships.select_related("user").order_by("pk")
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": _when(timezone.now()),
        "campaign": {
            "name": campaign.name,
            "description": campaign.description,
            "system": campaign.system,
            "players_propose": campaign.players_propose,
            "reactions_need_approval": campaign.reactions_need_approval,
            "fight_options": dict(campaign.fight_options),
            "created_at": _when(campaign.created_at),
        },
        "members": [
            {"username": m.user.get_username(), "role": m.role, "joined_at": _when(m.joined_at)}
            for m in members
        ],
        "characters": [_character(c, n, *ids) for n, c in enumerate(characters, 1)],
        "bestiary": _records_out(Monster.objects.in_campaign(campaign).order_by("pk")),
        "armory": {kind: _records_out(rows) for kind, rows in armory.items()},
        "library": {kind: _records_out(rows, library=True) for kind, rows in library.items()},
        **_sections_out(campaign, characters),
        "journal": journal_out(campaign, _when),
        "conditions": [
            {
                "name": c.name,
                "description": c.description,
                "rounds": c.rounds,
                "modifier": c.modifier,
            }
            for c in campaign.conditions.order_by("name")
        ],
        "register": _register_out(campaign, characters),
    }


def _register_out(campaign: Campaign, characters: list[Character]) -> list[Row]:
    bestiary = _numbered(Monster.objects.in_campaign(campaign).order_by("pk"))
    return register_out(campaign, _numbered(characters), bestiary, _when)


def _sections_out(campaign: Campaign, characters: list[Character]) -> dict[str, list[Row]]:
    """The sections the apps built on campaigns add (combat: "encounters")."""
    bestiary = _numbered(Monster.objects.in_campaign(campaign).order_by("pk"))
    ids = FileIds(_numbered(characters), bestiary, _when)
    return {section.key: section.export(campaign, ids) for section in file_sections()}
