"""People and places met (issue Q) in the campaign file: each register entry with its reveals,
members by username, records by their file-local ids. Absent means none, in any version.

An imported row is checked as the register's form checks it (the name, its length and that it
is the campaign's only one, the kind, a linked record of the campaign) and each reveal is to a
member the file lists; a taken-back reveal keeps who took it back and when.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Prefetch

from ..models import Campaign, Character, Monster, Part, RegisterEntry, RegisterReveal, new_key
from ..models.register import MAX_ENTRIES, MAX_REVEALS
from ..register_forms import clean_entry_name
from .common import _REQUIRED, CampaignFormatError, Row, Spec
from .reading import _fields, _moment
from .writing import _clean, _moments, _save

_ENTRY: Spec = {
    "kind": (str, "person"),
    "name": (str, _REQUIRED),
    "summary": (str, ""),
    "gm_notes": (str, ""),
    "character": ((int, type(None)), None),
    "monster": ((int, type(None)), None),
    "created_by": ((str, type(None)), None),
    "created_at": (str, None),
    "updated_at": (str, None),
    "reveals": (list, []),
}
_REVEAL: Spec = {
    "to": ((str, type(None)), None),
    "part": (str, _REQUIRED),
    "revealed_by": ((str, type(None)), None),
    "created_at": (str, None),
    "withdrawn_at": ((str, type(None)), None),
    "withdrawn_by": ((str, type(None)), None),
}
PARTS = {Part.NAME: "name", Part.SUMMARY: "summary"}  # as the file writes a Part
When = Callable[[datetime], str]
UserOf = Callable[[str, str], User]


def _name(user: User | None) -> str | None:
    return user.get_username() if user is not None else None


# --- export ------------------------------------------------------------------------------------


def _reveal_out(reveal: RegisterReveal, when: When) -> Row:
    return {
        "to": _name(reveal.to),
        "part": PARTS[Part(reveal.part)],
        "revealed_by": _name(reveal.revealed_by),
        "created_at": when(reveal.created_at),
        "withdrawn_at": when(reveal.withdrawn_at) if reveal.withdrawn_at else None,
        "withdrawn_by": _name(reveal.withdrawn_by),
    }


def register_out(
    campaign: Campaign, characters: Mapping[int, int], monsters: Mapping[int, int], when: When
) -> list[Row]:
    """Every entry, in the order it was made, with every reveal, standing or taken back."""
    reveals = RegisterReveal.objects.select_related("to", "revealed_by", "withdrawn_by")
    entries = (
        RegisterEntry.objects.filter(campaign=campaign)
        .select_related("created_by")
        .prefetch_related(Prefetch("reveals", reveals.order_by("created_at", "pk")))
        .order_by("pk")
    )
    return [
        {
            "kind": entry.kind,
            "name": entry.name,
            "summary": entry.summary,
            "gm_notes": entry.gm_notes,
            "character": characters.get(entry.character_id) if entry.character_id else None,
            "monster": monsters.get(entry.monster_id) if entry.monster_id else None,
            "created_by": _name(entry.created_by),
            "created_at": when(entry.created_at),
            "updated_at": when(entry.updated_at),
            "reveals": [_reveal_out(reveal, when) for reveal in entry.reveals.all()],
        }
        for entry in entries
    ]


# --- import ------------------------------------------------------------------------------------


def _record(table: Mapping[int, Any], local_id: int | None, what: str, here: str) -> Any:
    if local_id is None:
        return None
    if local_id not in table:
        raise CampaignFormatError(f"{here}: {what}: no {what} has id {local_id}")
    return table[local_id]


def _entry(
    campaign: Campaign, row: Row, here: str, records: tuple[Any, ...], user_of: UserOf
) -> Any:
    characters, monsters = records
    if clean_entry_name(row["name"]) != row["name"] or not row["name"]:
        raise CampaignFormatError(f"{here}: name: one line of text, without extra spaces")
    creator = row["created_by"]
    entry = RegisterEntry(
        campaign=campaign,
        kind=row["kind"],
        name=row["name"],
        summary=row["summary"],
        gm_notes=row["gm_notes"],
        character=_record(characters, row["character"], "character", here),
        monster=_record(monsters, row["monster"], "bestiary", here),
        created_by=user_of(creator, f"{here}: created_by") if creator is not None else None,
        key=new_key(),
    )
    _clean(entry, here, exclude=["campaign", "created_by"], validate_constraints=False)
    _save(entry, _moments(row, here))
    return entry


def _reveal(
    entry: RegisterEntry, raw: object, here: str, members: set[str], user_of: UserOf
) -> None:
    row = _fields(raw, here, _REVEAL)
    parts = {text: part for part, text in PARTS.items()}
    if row["part"] not in parts:
        raise CampaignFormatError(f'{here}: part: "name" or "summary", found {row["part"]!r}')
    if row["to"] is not None and row["to"] not in members:
        raise CampaignFormatError(f"{here}: to: {row['to']!r} is not a member of the campaign")
    if row["withdrawn_by"] is not None and row["withdrawn_at"] is None:
        raise CampaignFormatError(f"{here}: withdrawn_by without withdrawn_at")

    def user(key: str) -> User | None:
        return user_of(row[key], f"{here}: {key}") if row[key] is not None else None

    reveal = RegisterReveal(
        entry=entry,
        to=user("to"),
        part=parts[row["part"]],
        revealed_by=user("revealed_by"),
        withdrawn_at=_moment(row["withdrawn_at"], f"{here}: withdrawn_at"),
        withdrawn_by=user("withdrawn_by"),
    )
    _save(reveal, _moments(row, here, ["created_at"]))


def register_in(
    campaign: Campaign,
    items: list[Any],
    records: tuple[Mapping[int, Character], Mapping[int, Monster]],
    user_of: UserOf,
) -> None:
    if len(items) > MAX_ENTRIES:
        raise CampaignFormatError(f"register: at most {MAX_ENTRIES} (the file has {len(items)})")
    members = set(campaign.memberships.values_list("user__username", flat=True))
    names: set[str] = set()
    for index, raw in enumerate(items):
        row = _fields(raw, f"register[{index}]", _ENTRY)
        here = f"register[{index}] {row['name']!r}"
        if row["name"].casefold() in names:
            raise CampaignFormatError(f"{here}: the name is given twice (case does not matter)")
        names.add(row["name"].casefold())
        if len(row["reveals"]) > MAX_REVEALS:
            raise CampaignFormatError(f"{here}: reveals: at most {MAX_REVEALS}")
        entry = _entry(campaign, row, here, records, user_of)
        for number, reveal in enumerate(row["reveals"]):
            _reveal(entry, reveal, f"{here}: reveals[{number}]", members, user_of)
