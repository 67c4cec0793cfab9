"""The campaign file's constants, field specifications and its one error type."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..models import Armor, Weapon

FORMAT = "iniciativa-campaign"
# 2: encounters with their event logs; 3: the journal; 4: the earlier texts of edited posts
# (versions 1 to 3 are still read)
VERSION = 4
READABLE = (1, 2, 3, 4)
ITEM_MODELS: dict[str, type[Weapon | Armor]] = {"weapons": Weapon, "armor": Armor}
_REQUIRED: Any = object()
# The keys of each object: (JSON type(s), default, or _REQUIRED).
Spec = Mapping[str, tuple[type | tuple[type, ...], Any]]
_STAMPS: Spec = {"created_at": (str, None), "updated_at": (str, None)}
_CAMPAIGN: Spec = {
    "name": (str, _REQUIRED),
    "description": (str, ""),
    "system": (str, _REQUIRED),
    "players_propose": (bool, False),
    "reactions_need_approval": (bool, True),
    "fight_options": (dict, {}),
    "created_at": (str, None),
}
_MEMBER: Spec = {"username": (str, _REQUIRED), "role": (str, "player"), "joined_at": (str, None)}
_RECORD: Spec = {
    "id": (int, _REQUIRED),
    "name": (str, _REQUIRED),
    "source": (str, ""),
    "stats": (dict, {}),
    "notes": (str, ""),
    **_STAMPS,
}
_RECORD_VALUES = ("name", "source", "stats", "notes")  # copied as they are onto the model
_LIBRARY: Spec = {**_RECORD, "system": (str, _REQUIRED)}
_CHARACTER: Spec = {
    "id": (int, _REQUIRED),
    "name": (str, _REQUIRED),
    "kind": (str, "pc"),
    "owner": ((str, type(None)), None),
    "stats": (dict, {}),
    "notes": (str, ""),
    "portrait": (str, ""),
    "weapons": (list, []),
    "armor": (list, []),
    "current_hp": ((int, type(None)), None),
    "conditions": (list, []),
    **_STAMPS,
}
_ITEMS: Spec = {"weapons": (list, []), "armor": (list, [])}
_CONDITION: Spec = {
    "name": (str, _REQUIRED),
    "description": (str, ""),
    "rounds": ((int, type(None)), None),
    "modifier": ((int, type(None)), None),
}
_TOP: Spec = {
    "format": (str, _REQUIRED),
    "version": (int, _REQUIRED),
    "exported_at": (str, None),
    "campaign": (dict, _REQUIRED),
    "members": (list, []),
    "characters": (list, []),
    "bestiary": (list, []),
    "armory": (dict, {}),
    "library": (dict, {}),
    "encounters": (list, []),
    "journal": (list, []),
    "conditions": (list, []),  # a campaign's own conditions (any version: absent is none)
    "register": (list, []),  # people and places met, with their reveals (the same)
}
_JSON_TYPES = {
    dict: "an object",
    list: "a list",
    str: "a text",
    int: "a whole number",
    float: "a number",
    bool: "true or false",
    type(None): "null",
}

Row = dict[str, Any]


class CampaignFormatError(ValueError):
    """Data that is not a campaign this version can read or write; the message says where."""
