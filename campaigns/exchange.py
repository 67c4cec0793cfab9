"""One JSON document holds a whole campaign; the format is described in docs/campaign-format.md.

`export_campaign` reads a campaign into plain JSON data; `import_campaign` checks such data
completely and creates a new campaign from it in one transaction, so a bad file leaves the
database as it was. Records are checked by the same model validation as the admin (the rule
system's stat schema included); every problem is one CampaignFormatError naming where it is.
"""

from __future__ import annotations

import copy
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

from combat.rules.schema import StatError
from combat.rules.systems import SYSTEMS

from .models import Armor, Campaign, Character, Membership, Monster, Weapon
from .models.records import SystemRecord

FORMAT = "iniciativa-campaign"
VERSION = 2  # 2: encounters with their event logs (1 is still read)
READABLE = (1, 2)
ITEM_MODELS: dict[str, type[Weapon | Armor]] = {"weapons": Weapon, "armor": Armor}
_REQUIRED: Any = object()
_STAMPS = {"created_at": (str, None), "updated_at": (str, None)}
# The keys of each object: (JSON type(s), default, or _REQUIRED).
_CAMPAIGN = {"name": (str, _REQUIRED), "description": (str, ""), "system": (str, _REQUIRED),
             "players_propose": (bool, False), "created_at": (str, None)}  # fmt: skip
_MEMBER = {"username": (str, _REQUIRED), "role": (str, "player"), "joined_at": (str, None)}
_RECORD = {"id": (int, _REQUIRED), "name": (str, _REQUIRED), "source": (str, ""),
           "stats": (dict, {}), "notes": (str, ""), **_STAMPS}  # fmt: skip
_RECORD_VALUES = ("name", "source", "stats", "notes")  # copied as they are onto the model
_LIBRARY = {**_RECORD, "system": (str, _REQUIRED)}
_CHARACTER = {"id": (int, _REQUIRED), "name": (str, _REQUIRED), "kind": (str, "pc"),
              "owner": ((str, type(None)), None), "stats": (dict, {}), "notes": (str, ""),
              "portrait": (str, ""), "weapons": (list, []), "armor": (list, []),
              "current_hp": ((int, type(None)), None), "conditions": (list, []),
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
        "encounters": _encounters_out(campaign, characters),
        "journal": [],  # extension point: the campaign journal (a later version)
    }


# --- import: reading the structure -------------------------------------------------------------


def _kind(value: object) -> str:
    return _JSON_TYPES.get(type(value), type(value).__name__)


def _is(value: object, types: type | tuple[type, ...]) -> bool:
    wanted = types if isinstance(types, tuple) else (types,)
    if isinstance(value, bool):  # JSON true is not a number
        return bool in wanted
    return isinstance(value, wanted)


def _fields(value: object, where: str, spec: Spec) -> Row:
    """The keys of one JSON object, type-checked, with defaults for the optional ones."""
    if not isinstance(value, dict):
        raise CampaignFormatError(f"{where}: expected an object, found {_kind(value)}")
    unknown = sorted(str(key) for key in value if key not in spec)
    if unknown:
        raise CampaignFormatError(f"{where}: unknown key(s): {', '.join(unknown)}")
    row: Row = {}
    for key, (types, default) in spec.items():
        if key not in value:
            if default is _REQUIRED:
                raise CampaignFormatError(f"{where}: {key} is missing")
            row[key] = copy.deepcopy(default)
        elif not _is(value[key], types):
            wanted = " or ".join(
                _JSON_TYPES[t] for t in (types if isinstance(types, tuple) else (types,))
            )
            raise CampaignFormatError(f"{where}: {key} must be {wanted}, found {_kind(value[key])}")
        else:
            row[key] = value[key]
    return row


def _moment(text: str | None, where: str) -> datetime | None:
    if text is None:
        return None
    try:
        moment = parse_datetime(text)
    except ValueError:
        moment = None
    if moment is None or timezone.is_naive(moment):
        raise CampaignFormatError(f"{where}: {text!r} is not an ISO 8601 date-time with a zone")
    return moment


def _header(data: object) -> Row:
    if not isinstance(data, dict):
        raise CampaignFormatError(f"expected a JSON object, found {_kind(data)}")
    if data.get("format") != FORMAT:
        raise CampaignFormatError(f'not an Iniciativa campaign file ("format" must be "{FORMAT}")')
    if data.get("version") not in READABLE or not _is(data.get("version"), int):
        raise CampaignFormatError(
            f"unknown version {data.get('version')!r}; this Iniciativa reads versions 1 and 2"
        )
    top = _fields(data, "file", _TOP)
    _moment(top["exported_at"], "exported_at")
    if top["encounters"] and top["version"] < 2:
        raise CampaignFormatError("encounters: version 1 files carry no encounters")
    if top["journal"]:
        raise CampaignFormatError(f"journal: version {top['version']} files carry no journal yet")
    top["armory"] = _fields(top["armory"], "armory", _ITEMS)
    top["library"] = _fields(top["library"], "library", _ITEMS)
    return top


# --- import: writing ---------------------------------------------------------------------------


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
        self.field = self.model._meta.get_field(self.model.USERNAME_FIELD)
        self.known: dict[str, AbstractBaseUser] = {}

    def get(self, username: str, where: str) -> AbstractBaseUser:
        if username not in self.known:
            try:
                self.field.clean(username, None)
            except ValidationError as error:
                raise CampaignFormatError(f"{where}: {'; '.join(error.messages)}") from None
            user = self.model._default_manager.filter(**{self.field.name: username}).first()
            if user is None:  # no login until an admin activates it and sets a password
                user = self.model(**{self.field.name: username}, is_active=False)
                user.set_unusable_password()
                user.save()
            self.known[username] = user
        return self.known[username]


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


def _existing_library_item(item: Weapon | Armor) -> Weapon | Armor | None:
    """The library row this item is: same key and stats, or the one row a non-empty source keys."""
    same = type(item).objects.library(item.system).filter(source=item.source, name=item.name)
    rows = list(same.order_by("pk"))
    equal = [row for row in rows if row.stats == item.stats]
    if equal:
        return equal[0]  # type: ignore[no-any-return]
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
    campaign = Campaign(name=row["name"], description=row["description"], system=row["system"],
                        players_propose=row["players_propose"])  # fmt: skip
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
        _encounters_in(campaign, top["encounters"], characters, bestiary, users)
    return campaign


def _encounters_out(campaign: Campaign, characters: list[Character]) -> list[Row]:
    from combat.campaign_encounters import encounters_out  # combat builds on campaigns

    bestiary = _numbered(Monster.objects.in_campaign(campaign).order_by("pk"))
    return encounters_out(campaign, _numbered(characters), bestiary, _when)


def _encounters_in(
    campaign: Campaign, rows: list[Any], characters: dict[int, Character],
    bestiary: dict[int, Any], users: _Users,
) -> None:  # fmt: skip
    from combat.campaign_encounters import EncounterRowError, encounters_in

    try:
        encounters_in(campaign, rows, characters, bestiary, users.get, _moment)
    except EncounterRowError as error:
        raise CampaignFormatError(str(error)) from None
    except (TypeError, ValueError, ValidationError) as error:
        raise CampaignFormatError(f"encounters: {error}") from None
