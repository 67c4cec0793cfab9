"""The dice audit (issue Q): every roll of a campaign in one index (combat.models.AuditRoll),
written with the roll, and read back as each die size's face counts against fair dice.

Written: a quick roll and a journal roll when they are saved (combat.signals), a fight's rolls
by the workflow that appends their event (combat.workflow_frame.perform, which alone knows
whether the faces were typed in), and all of them again from the records by `rebuild` (the
migration that made the index, the campaign import). A fight action whose faces were a journal
roll's adds nothing: those faces are counted once, as the journal roll.

Read by combat.audit_read.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from campaigns.models import JournalRoll
from combat.rules.dice import InvalidDice, roll
from combat.rules.encounter import EventType
from combat.rules.faces import FacesExhausted, TypedFaces

from .models import AuditRoll, Combatant, Encounter, Event, Origin, Roll, Source
from .visibility import entry_keys

ROLLS_SHOWN = 50  # the rolls behind the counts: the newest, a page of them


def dice_of(expression: str, faces: Iterable[Any], result: Any = None) -> list[list[int]] | None:
    """Each face drawn with its die's size: from the recorded result's dice when it has them,
    else by rolling the expression again over the recorded faces. None when neither gives back
    exactly the faces recorded (an engine that rolls in its own way)."""
    drawn = sorted(int(face) for face in faces)
    found = _from_result(result)
    if found is None or sorted(face for _, face in found) != drawn:
        found = _replayed(expression, [int(face) for face in faces])
    if found is None or sorted(face for _, face in found) != drawn:
        return None
    return found


def _from_result(result: Any) -> list[list[int]] | None:
    dice = result.get("dice") if isinstance(result, Mapping) else None
    if not isinstance(dice, list):
        return None
    try:
        return [[int(die["sides"]), int(face)] for die in dice for face in die["faces"]]
    except (KeyError, TypeError, ValueError):
        return None


def _replayed(expression: str, faces: list[int]) -> list[list[int]] | None:
    try:
        result = roll(expression, TypedFaces(faces))
    except (InvalidDice, FacesExhausted, ValueError, TypeError):
        return None
    return [[die.sides, face] for die in result.dice for face in die.faces]


def _fields(campaign_id: int, faces: Iterable[Any], **fields: Any) -> dict[str, Any]:
    dice = dice_of(fields["expression"], faces, fields.pop("result", None))
    return {"campaign_id": campaign_id, "dice": dice or [], "read": dice is not None, **fields}


def quick_fields(record: Any) -> dict[str, Any]:
    """A quick roll's row (a Roll, or the migration's historical one)."""
    origin = Origin.TYPED if record.typed else Origin.SERVER
    return _fields(
        record.campaign_id,
        record.faces,
        source=Source.QUICK,
        origin=origin,
        user_id=record.user_id,
        roll_id=record.pk,
        expression=record.expression,
        total=record.total,
        result=record.result,
        created_at=record.created_at,
    )


def journal_fields(record: Any) -> dict[str, Any]:
    """A journal roll's row: a [dice] tag is always rolled by the server."""
    return _fields(
        record.campaign_id,
        record.faces,
        source=Source.JOURNAL,
        origin=Origin.SERVER,
        user_id=record.user_id,
        roll_id=record.pk,
        post_id=record.post_id,
        index=record.index,
        expression=record.expression,
        total=record.total,
        result=record.result,
        created_at=record.created_at,
    )


def event_fields(
    event: Any, origin: str, characters: Mapping[str, int | None], campaign_id: int
) -> list[dict[str, Any]]:
    """A fight event's rolls (none for a proposal, which rolls nothing yet, nor for an action
    whose faces were a journal roll's)."""
    payload = event.payload if isinstance(event.payload, dict) else {}
    if event.type == EventType.PROPOSED or payload.get("journal_roll") is not None:
        return []
    outcome = payload.get("outcome") or {}
    about, audience = outcome.get("roll_about") or [], outcome.get("roll_audience") or []
    entry = {"hides_if": entry_keys(event.type, payload), "secret": bool(payload.get("secret"))}
    rows = []
    for index, rolled in enumerate(outcome.get("rolls") or []):
        roller = str(rolled.get("roller") or "")
        total = rolled.get("total")
        rows.append(
            _fields(
                campaign_id,
                rolled.get("faces") or [],
                source=Source.FIGHT,
                origin=origin,
                user_id=event.user_id,
                encounter_id=event.encounter_id,
                seq=event.seq,
                index=index,
                roller=roller[:20],
                character_id=characters.get(roller),
                audience=str(_at(audience, index) or "")[:10],
                about=str(_at(about, index) or "")[:20],
                expression=str(rolled.get("expression") or "")[:200],
                total=total if isinstance(total, int) else None,
                created_at=event.created_at,
                **entry,
            )
        )
    return rows


def _at(values: Any, index: int) -> Any:
    return values[index] if isinstance(values, list) and index < len(values) else None


def record_event(
    event: Event, encounter: Encounter, rows: Iterable[Combatant], *, typed: bool
) -> None:
    """Inside the workflow's transaction: the new event's rolls, with their origin."""
    characters = {row.key: row.character_id for row in rows}
    origin = Origin.TYPED if typed else Origin.SERVER
    found = event_fields(event, origin, characters, encounter.campaign_id)
    AuditRoll.objects.bulk_create(AuditRoll(**fields) for fields in found)


@dataclass(frozen=True)
class Records:
    """The models the index is filled from: the app's, or a migration's historical ones."""

    audit: Any
    quick: Any
    journal: Any
    encounter: Any
    combatant: Any
    event: Any


RECORDS = Records(AuditRoll, Roll, JournalRoll, Encounter, Combatant, Event)


def rebuild(campaign_id: int, records: Records = RECORDS) -> None:
    """The campaign's index again from its records; a fight's origin is not in its log, so
    rows rebuilt from events say "not recorded" (an import, the index's first fill)."""
    records.audit.objects.filter(campaign_id=campaign_id).delete()
    mine = {"campaign_id": campaign_id}
    rows = [quick_fields(r) for r in records.quick.objects.filter(**mine).iterator()]
    rows += [journal_fields(r) for r in records.journal.objects.filter(**mine).iterator()]
    for encounter in records.encounter.objects.filter(**mine).order_by("pk"):
        rows += _logged(encounter, campaign_id, records)
    records.audit.objects.bulk_create((records.audit(**f) for f in rows), batch_size=500)


def record_log(encounter: Encounter) -> None:
    """An imported fight's rolls: its log says nothing of their origin."""
    found = _logged(encounter, encounter.campaign_id, RECORDS)
    AuditRoll.objects.bulk_create((AuditRoll(**fields) for fields in found), batch_size=500)


def _logged(encounter: Any, campaign_id: int, records: Records) -> list[dict[str, Any]]:
    fighting = records.combatant.objects.filter(encounter_id=encounter.pk)
    characters = {f"c{pk}": who for pk, who in fighting.values_list("pk", "character_id")}
    log = records.event.objects.filter(encounter_id=encounter.pk).order_by("seq")
    rows: list[dict[str, Any]] = []
    for event in log.iterator():
        rows += event_fields(event, Origin.UNKNOWN, characters, campaign_id)
    return rows
