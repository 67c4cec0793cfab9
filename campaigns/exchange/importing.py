"""A new campaign from a checked campaign file, in one transaction."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import PurePosixPath
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from ..extensions import FileRecords, file_sections
from ..models import Armor, Campaign, Character, Membership, Monster, SavedCondition, Weapon
from ..models.conditions import MAX_CONDITIONS, MOST
from ..models.records import LibraryRecord
from .common import (
    _CAMPAIGN,
    _CHARACTER,
    _CONDITION,
    _LIBRARY,
    _MEMBER,
    _RECORD,
    _RECORD_VALUES,
    ITEM_MODELS,
    CampaignFormatError,
    Row,
    Spec,
)
from .journal import journal_in
from .reading import _fields, _header, _is, _moment
from .register import register_in
from .writing import _clean, _moments, _save, _Users


def _values(row: Row, keys: Iterable[str]) -> Row:
    return {key: row[key] for key in keys}


def _rows(items: list[Any], where: str, spec: Spec) -> Iterable[tuple[str, Row]]:
    """Each item's place ("bestiary[2] 'Goblin'") and fields; file-local ids must be unique."""
    seen: set[int] = set()
    for index, raw in enumerate(items):
        row = _fields(raw, f"{where}[{index}]", spec)
        here = f"{where}[{index}] {row['name']!r}"
        if row["id"] in seen:
            raise CampaignFormatError(f"{here}: id {row['id']} is used twice in {where}")
        seen.add(row["id"])
        yield here, row


def _records(
    model: type[Monster | Weapon | Armor], campaign: Campaign, items: list[Any], where: str
) -> dict[int, Any]:
    """A campaign's bestiary or armory rows, by their file-local id."""
    created: dict[int, Any] = {}
    for here, row in _rows(items, where, _RECORD):
        record = model(campaign=campaign, system=campaign.system, **_values(row, _RECORD_VALUES))
        _clean(record, here, exclude=["campaign"])
        _save(record, _moments(row, here))
        created[row["id"]] = record
    return created


def _existing_library_item(item: LibraryRecord) -> LibraryRecord | None:
    """The library row this item is: same key and stats, or the one row a non-empty source keys."""
    same = type(item).objects.library(item.system).filter(source=item.source, name=item.name)
    rows = list(same.order_by("pk"))
    equal = [row for row in rows if row.stats == item.stats]
    if equal:
        return equal[0]
    return rows[0] if rows and item.source else None


def _library(model: type[Weapon | Armor], items: list[Any], where: str) -> dict[int, Any]:
    """The library items the characters carry: found by (system, source, name) or created."""
    found: dict[int, Any] = {}
    for here, row in _rows(items, where, _LIBRARY):
        item = model(campaign=None, **_values(row, ("system", *_RECORD_VALUES)))
        _clean(item, here, validate_constraints=False)  # an existing row is reused below
        moments = _moments(row, here)
        existing = _existing_library_item(item)
        if existing is None:
            _save(item, moments)
        found[row["id"]] = existing or item
    return found


def _item_refs(row: Row, kind: str, armory: Row, library: Row, where: str) -> list[Any]:
    """The armory and library rows a character's references name: {"armory": 1} …"""
    tables = {"armory": armory[kind], "library": library[kind]}
    items = []
    for index, ref in enumerate(row[kind]):
        here = f"{where}: {kind}[{index}]"
        place, local_id = next(iter(ref.items())) if _is(ref, dict) and len(ref) == 1 else ("", 0)
        if place not in tables or not _is(local_id, int):
            expected = '{"armory": id} or {"library": id}'
            raise CampaignFormatError(f"{here}: expected {expected}, found {ref!r}")
        if local_id not in tables[place]:
            raise CampaignFormatError(f"{here}: no {place}.{kind} item has id {local_id}")
        items.append(tables[place][local_id])
    return items


def _portrait(name: str, where: str) -> str:
    path = PurePosixPath(name)
    if name and (path.is_absolute() or ".." in path.parts or "\\" in name):
        raise CampaignFormatError(f"{where}: portrait {name!r} must be a relative file name")
    return name


def _characters_in(
    campaign: Campaign, top: Row, users: _Users, armory: Row, library: Row
) -> dict[int, Character]:
    created: dict[int, Character] = {}
    for here, row in _rows(top["characters"], "characters", _CHARACTER):
        owner = users.get(row["owner"], f"{here}: owner") if row["owner"] is not None else None
        values = _values(row, ("kind", "name", "stats", "notes", "current_hp", "conditions"))
        portrait = _portrait(row["portrait"], here)
        character = Character(
            campaign=campaign, system=campaign.system, owner=owner, portrait=portrait, **values
        )
        _clean(character, here, exclude=["campaign", "owner"])
        items = {kind: _item_refs(row, kind, armory, library, here) for kind in ITEM_MODELS}
        _save(character, _moments(row, here))
        character.weapons.set(items["weapons"])
        character.armor.set(items["armor"])
        created[row["id"]] = character
    return created


def _members_of(campaign: Campaign, top: Row, users: _Users) -> None:
    seen: set[str] = set()
    for index, raw in enumerate(top["members"]):
        row = _fields(raw, f"members[{index}]", _MEMBER)
        here = f"members[{index}] {row['username']!r}"
        if row["username"] in seen:
            raise CampaignFormatError(f"{here}: the user is listed twice")
        seen.add(row["username"])
        member = Membership(
            campaign=campaign, user=users.get(row["username"], here), role=row["role"]
        )
        _clean(member, here, exclude=["campaign", "user"], validate_constraints=False)
        _save(member, _moments(row, here, ["joined_at"]))


def _campaign_from(top: Row) -> Campaign:
    row = _fields(top["campaign"], "campaign", _CAMPAIGN)
    campaign = Campaign(
        name=row["name"],
        description=row["description"],
        system=row["system"],
        players_propose=row["players_propose"],
        reactions_need_approval=row["reactions_need_approval"],
        fight_options=row["fight_options"],
    )
    _clean(campaign, "campaign")
    _save(campaign, _moments(row, "campaign", ["created_at"]))
    return campaign


def import_campaign(data: Any) -> Campaign:
    """A new campaign made from exported data; CampaignFormatError and no change if it is bad."""
    top = _header(data)
    with transaction.atomic():
        campaign = _campaign_from(top)
        users = _Users()
        _members_of(campaign, top, users)
        bestiary = _records(Monster, campaign, top["bestiary"], "bestiary")
        armory = {
            k: _records(m, campaign, top["armory"][k], f"armory.{k}")
            for k, m in ITEM_MODELS.items()
        }
        library = {
            k: _library(m, top["library"][k], f"library.{k}") for k, m in ITEM_MODELS.items()
        }
        characters = _characters_in(campaign, top, users, armory, library)
        records = FileRecords(characters, bestiary, users.get, _moment)
        _sections_in(campaign, top, records, after_journal=False)
        journal_in(campaign, top["journal"], users.get, top["version"])
        _sections_in(campaign, top, records, after_journal=True)
        _conditions_in(campaign, top["conditions"])
        register_in(campaign, top["register"], (characters, bestiary), users.get)
    return campaign


def _conditions_in(campaign: Campaign, items: list[Any]) -> None:
    """The campaign's own conditions, checked as the Conditions page checks them."""
    if len(items) > MAX_CONDITIONS:
        raise CampaignFormatError(
            f"conditions: at most {MAX_CONDITIONS} (the file has {len(items)})"
        )
    names: set[str] = set()
    for index, raw in enumerate(items):
        row = _fields(raw, f"conditions[{index}]", _CONDITION)
        here = f"conditions[{index}] {row['name']!r}"
        if not row["name"].strip() or row["name"].casefold() in names:
            raise CampaignFormatError(f"{here}: a name, once (it is empty or given twice)")
        names.add(row["name"].casefold())
        if row["rounds"] is not None and not 1 <= row["rounds"] <= 99:
            raise CampaignFormatError(f"{here}: rounds: from 1 to 99, or null")
        if row["modifier"] is not None and not -MOST <= row["modifier"] <= MOST:
            raise CampaignFormatError(f"{here}: modifier: from -{MOST} to {MOST}, or null")
        condition = SavedCondition(campaign=campaign, **row)
        _clean(condition, here, exclude=["campaign"])
        condition.save()


def _sections_in(
    campaign: Campaign, top: Row, records: FileRecords, *, after_journal: bool
) -> None:
    """The sections the apps built on campaigns read (combat: "encounters")."""
    for section in file_sections():
        if section.after_journal != after_journal:
            continue
        try:
            section.load(campaign, top.get(section.key, []), records)
        except CampaignFormatError:
            raise
        except (TypeError, ValueError, OverflowError, ValidationError) as error:
            raise CampaignFormatError(f"{section.key}: {error}") from None
