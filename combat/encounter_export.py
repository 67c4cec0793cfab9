"""The encounter export: the event log as a plain JSON file (docs/encounter-format.md) — the
combatants as they joined, the fight's options, and every event with the faces its dice showed.
`combat.replay` reads such a file back and re-resolves it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.encounter import EventType
from combat.rules.serialize import faces_of

from .models import Encounter, Event

FORMAT = "iniciativa-encounter"
VERSION = 1
Json = dict[str, Any]
_ROLLED = frozenset(
    {EventType.INITIATIVE, EventType.ACTION, EventType.TURN, EventType.ADJUST}
)  # their faces and outcome are exported
_DESCRIBED = _ROLLED | {EventType.CREATED, EventType.ENDED}


def export_encounter(encounter: Encounter) -> Json:
    """The encounter as JSON data: deterministic, self-contained, read from its event log."""
    events = list(encounter.events.order_by("seq").select_related("user"))
    records = _records(encounter)
    combatants = [
        {**combatant, "record": records.get(combatant["key"])}
        for event in events
        if event.type == EventType.ADDED
        for combatant in event.payload["combatants"]
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "system": encounter.system,
        "name": encounter.name,
        "status": encounter.status,
        "options": dict(encounter.options),
        "combatants": combatants,
        "events": [_event_out(event) for event in events],
    }


def _records(encounter: Encounter) -> dict[str, Json | None]:
    """Which character or monster each combatant was made from (informational)."""
    found: dict[str, Json | None] = {}
    for row in encounter.combatants.select_related("character", "monster"):
        record = row.character or row.monster
        kind = "character" if row.character else "monster"
        found[row.key] = {"type": kind, "name": record.name} if record else None
    return found


def _event_out(event: Event) -> Json:
    payload, kind = event.payload, event.type
    out: Json = {
        "seq": event.seq,
        "type": kind,
        "at": event.created_at,
        "by": event.user.username if event.user else None,
    }
    if kind == EventType.ADDED:
        out["combatants"] = [combatant["key"] for combatant in payload["combatants"]]
    elif kind == EventType.OPTIONS:
        out.update(before=payload["before"], after=payload["after"])
    elif kind in (EventType.UNDO, EventType.REDO):
        out.update(target=payload["target"], target_type=payload["type"])
    elif kind in _DESCRIBED:
        out.update({key: payload[key] for key in ("name", "action") if key in payload})
        if kind in _ROLLED:
            outcome = payload.get("outcome")
            out.update(faces=faces_of(outcome) if outcome else [], outcome=outcome)
        if kind == EventType.INITIATIVE:
            out["ids"] = payload.get("ids") or _initiative_ids(outcome)
            if payload.get("late_only") is True:  # for late-comers: the turn stayed
                out["late_only"] = True
        out.update({key: payload[key] for key in ("encounter",) if key in payload})
    else:  # a type this version does not know: kept whole, and the replay says it cannot check it
        out["payload"] = payload
    return out


def _initiative_ids(outcome: Mapping[str, Any]) -> list[str]:
    """Who rolled: every engine records a new initiative as an "initiative" change, in order."""
    changed = (c["combatant"] for c in outcome["changes"] if c["kind"] == "initiative")
    return list(dict.fromkeys(changed))
