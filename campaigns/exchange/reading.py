"""Checking the structure of an imported campaign file, and the helpers that write it."""

from __future__ import annotations

import copy
from datetime import datetime

from django.utils import timezone
from django.utils.dateparse import parse_datetime

from config.nul import nul_path

from ..extensions import file_sections
from .common import (
    _ITEMS,
    _JSON_TYPES,
    _REQUIRED,
    _TOP,
    FORMAT,
    READABLE,
    CampaignFormatError,
    Row,
    Spec,
)

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
            f"unknown version {data.get('version')!r}; this Iniciativa reads versions 1 to 4"
        )
    sections: Spec = {section.key: (list, []) for section in file_sections()}
    top = _fields(data, "file", {**sections, **_TOP})
    where = nul_path(data)
    if where is not None:  # PostgreSQL refuses NUL in text: say where, before any write
        raise CampaignFormatError(f"{where}: the text contains a zero byte (NUL)")
    _moment(top["exported_at"], "exported_at")
    if top["encounters"] and top["version"] < 2:
        raise CampaignFormatError("encounters: version 1 files carry no encounters")
    if top["journal"] and top["version"] < 3:
        raise CampaignFormatError(f"journal: version {top['version']} files carry no journal")
    top["armory"] = _fields(top["armory"], "armory", _ITEMS)
    top["library"] = _fields(top["library"], "library", _ITEMS)
    return top
