"""Encounters inside the campaign file (version 2): state, combatants and the whole event log.

Combatant keys ("c12", database-bound) become file-local keys ("k1", "k2", …) everywhere in the
file, payloads included, and back again on import; the hash chain is recomputed on import (the
hashes cover database ids) and its head signed with this server's key, so `verify_log` passes on
the imported log, and an export of the import equals the original file.
"""

from collections.abc import Callable, Mapping
from typing import Any

from campaigns.exchange import CampaignFormatError
from campaigns.extensions import FileIds, FileRecords, FileSection
from campaigns.models import Campaign, Character, Monster

from .dice_audit import record_log
from .eventlog import seal
from .history import rebuild_history
from .models import Combatant, Encounter, Event
from .models.events import GENESIS
from .search_index import index_log

Row = dict[str, Any]
STATE = ("name", "status", "round", "options", "version")
COMBATANT = (
    "name",
    "side",
    "is_npc",
    "stats",
    "weapons",
    "armor",
    "hp",
    "max_hp",
    "conditions",
    "effects",
    "initiative",
    "turn",
    "position",
    "hidden",
    "hp_revealed",
)


class EncounterRowError(CampaignFormatError):
    """A malformed encounter in a campaign file; the message names where."""


def _remap(value: Any, keys: Mapping[str, str]) -> Any:
    """`value` with every combatant key replaced, in strings and in mapping keys alike."""
    if isinstance(value, str):
        return keys.get(value, value)
    if isinstance(value, list):
        return [_remap(item, keys) for item in value]
    if isinstance(value, dict):
        return {keys.get(k, k): _remap(v, keys) for k, v in value.items()}
    return value


def _file_id(ids: Mapping[int, int], pk: int | None) -> int | None:
    return None if pk is None else ids.get(pk)


def encounters_out(
    campaign: Campaign,
    characters: Mapping[int, int],
    monsters: Mapping[int, int],
    when: Callable[[Any], str],
) -> list[Row]:
    """Each encounter of the campaign; `characters`/`monsters` map pks to file-local ids."""
    rows = []
    for encounter in campaign.encounters.order_by("pk"):
        fighters = list(encounter.combatants.order_by("pk"))
        keys = {row.key: f"k{number}" for number, row in enumerate(fighters, 1)}
        events = Event.objects.log(encounter).select_related("user")
        rows.append(
            {
                **{name: getattr(encounter, name) for name in STATE},
                "created_at": when(encounter.created_at),
                "order": _remap(list(encounter.order), keys),
                "current": keys.get(encounter.current, ""),
                "stage": _remap(dict(encounter.stage), keys),
                "combatants": [
                    {
                        "key": keys[row.key],
                        "character": _file_id(characters, row.character_id),
                        "monster": _file_id(monsters, row.monster_id),
                        **{name: getattr(row, name) for name in COMBATANT},
                    }
                    for row in fighters
                ],
                "events": [
                    {
                        "seq": e.seq,
                        "type": e.type,
                        "payload": _remap(e.payload, keys),
                        "key": e.key,
                        "user": e.user.get_username() if e.user else None,
                        "created_at": e.created_at,
                    }
                    for e in events
                ],
            }
        )
    return rows


def _require(row: Any, fields: tuple[str, ...], where: str) -> Row:
    if not isinstance(row, dict) or any(name not in row for name in fields):
        missing = [n for n in fields if not isinstance(row, dict) or n not in row]
        raise EncounterRowError(f"{where}: missing {', '.join(missing)}")
    return row


def encounters_in(
    campaign: Campaign,
    rows: list[Any],
    characters: Mapping[int, Character],
    monsters: Mapping[int, Monster],
    user_of: Callable[[str, str], Any],
    moment: Callable[[str, str], Any],
) -> None:
    """Recreate the file's encounters in `campaign`, their logs re-chained."""
    for index, raw in enumerate(rows):
        where = f"encounters[{index}]"
        row = _require(
            raw, (*STATE, "created_at", "order", "current", "combatants", "events"), where
        )
        encounter = Encounter.objects.create(campaign=campaign, **{n: row[n] for n in STATE})
        encounter.created_at = moment(row["created_at"], where)  # written by the save below
        keys = {}
        for number, fighter in enumerate(row["combatants"]):
            here = f"{where}.combatants[{number}]"
            fighter = _require(fighter, ("key", "character", "monster", *COMBATANT), here)
            created = Combatant.objects.create(
                encounter=encounter,
                character=characters.get(fighter["character"]),
                monster=monsters.get(fighter["monster"]),
                **{n: fighter[n] for n in COMBATANT},
            )
            keys[fighter["key"]] = created.key
        encounter.order, encounter.current = (
            _remap(row["order"], keys),
            keys.get(row["current"], ""),
        )
        stage = row.get("stage", {})  # files written before the stage existed have none
        encounter.stage = _remap(stage, keys) if isinstance(stage, dict) else {}
        _log_in(encounter, row["events"], keys, user_of, moment, where)


def _log_in(
    encounter: Encounter,
    events: list[Any],
    keys: Mapping[str, str],
    user_of: Callable[[str, str], Any],
    moment: Callable[[str, str], Any],
    where: str,
) -> None:
    previous = GENESIS
    for number, raw in enumerate(events, 1):
        here = f"{where}.events[{number - 1}]"
        row = _require(raw, ("seq", "type", "payload", "key", "user", "created_at"), here)
        if row["seq"] != number:
            raise EncounterRowError(f"{here}: events must be numbered 1, 2, … in order")
        moment(row["created_at"], here)
        event = Event(
            encounter=encounter,
            seq=number,
            type=row["type"],
            payload=_remap(row["payload"], keys),
            key=row["key"],
            user=user_of(row["user"], here) if row["user"] else None,
            created_at=row["created_at"],
            prev_hash=previous,
        )
        event.hash = event.compute_hash()
        event.save()
        previous = event.hash
    encounter.log_head, encounter.log_length = previous if events else "", len(events)
    seal(encounter)  # signed by this server's key, as the log stands when imported
    encounter.save()
    rebuild_history(encounter)  # open proposals and the undo/redo stacks, from the log
    record_log(encounter)  # its rolls for the dice audit
    index_log(encounter)  # its entries for the campaign's search


def _export(campaign: Campaign, ids: FileIds) -> list[Row]:
    return encounters_out(campaign, ids.characters, ids.monsters, ids.when)


def _load(campaign: Campaign, rows: list[Any], records: FileRecords) -> None:
    encounters_in(
        campaign, rows, records.characters, records.monsters, records.user_of, records.moment
    )


# The campaign file's "encounters" (registered from combat.campaign_parts).
SECTION = FileSection("encounters", _export, _load)
