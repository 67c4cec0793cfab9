"""Encounter export and replay: the event log as a file, and proof that it still adds up.

`export_encounter` turns an encounter's event log into plain JSON (docs/encounter-format.md):
the combatants as they joined, the fight's options, and every event with the faces its dice
showed. `replay_encounter` rebuilds the fight from that file alone — no database — as a fold
of the encounter machine's `apply` (combat.rules.encounter), the one live play uses: every
initiative roll, action and turn is first decided again with the recorded faces through the
system's engine and compared with the recording, then the recorded event is applied. The replay
is the input (`faces`, `action`, `ids`); the recorded `outcome` and `encounter` snapshot are what
it must give.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from combat.rules.base import Fight, Outcome, RulesError, Step, _
from combat.rules.base import plain as untranslated
from combat.rules.dice import InvalidDice
from combat.rules.encounter import (
    UNDOABLE,
    Command,
    EncounterState,
    End,
    EventType,
    NextTurn,
    Payload,
    Recorded,
    Resolve,
    RollInitiative,
    adjusted,
    apply,
    built,
    decide,
    payload_from_json,
    rebased,
)
from combat.rules.engines import get_engine
from combat.rules.faces import FacesExhausted, TypedFaces

from .encounter_export import FORMAT, VERSION
from .encounter_export import export_encounter as export_encounter
from .fightstate import DEFAULTS
from .jsondiff import differences as json_differences
from .jsondiff import plain, short

COMPARED = ("rolls", "changes", "order", "stage", "data")  # the parts of an outcome a replay checks
FAILURES = (RulesError, InvalidDice, FacesExhausted, KeyError, TypeError, ValueError)
Json = dict[str, Any]


class EncounterFormatError(ValueError):
    """Data that is not an encounter file this version can replay; the message says where."""


# --- replay ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Difference:
    """One recorded fact the replay did not reproduce."""

    seq: int
    what: str  # "attack: Baldur → Vůdce skřetů"
    path: str  # "data.damage", "rolls[0].faces[0]", "encounter.current", "error" …
    recorded: Any
    replayed: Any

    def __str__(self) -> str:
        return (
            f"event #{self.seq} ({self.what}): {self.path}: "
            f"recorded {short(self.recorded)}, replayed {short(self.replayed)}"
        )


@dataclass
class ReplayReport:
    summaries: list[Json] = field(default_factory=list)  # one per re-resolved outcome
    differences: list[Difference] = field(default_factory=list)
    fight: Fight | None = None  # the rebuilt fight after the last event
    status: str = ""  # the rebuilt encounter's status after the last event

    @property
    def ok(self) -> bool:
        return not self.differences


def replay_encounter(data: Mapping[str, Any]) -> ReplayReport:
    """Re-resolve every recorded event of an exported encounter; no database is touched."""
    _check_top(data)
    replay = _Replay(data)
    for event in data["events"]:
        seq = event.get("seq", "?") if isinstance(event, Mapping) else "?"
        try:
            replay.event(event)
        except (KeyError, TypeError, AttributeError) as error:
            raise EncounterFormatError(f"event #{seq}: malformed ({error!r})") from None
    replay.report.fight, replay.report.status = replay.state.fight, replay.state.status
    return replay.report


def _check_top(data: Mapping[str, Any]) -> None:
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise EncounterFormatError(f'not an encounter file: "format" must be "{FORMAT}"')
    if data.get("version") != VERSION:
        raise EncounterFormatError(
            f"unknown version {data.get('version')!r}; this Iniciativa reads version {VERSION}"
        )
    for key, kind in (("system", str), ("combatants", list), ("events", list)):
        if not isinstance(data.get(key), kind):
            raise EncounterFormatError(f'"{key}" is missing or of the wrong type')


Verify = Callable[["_Replay", Mapping[str, Any], Recorded], Json | None]


class _Replay:
    """The fight rebuilt event by event with the encounter machine, without the database: each
    event that rolled is decided again with its recorded faces and compared, then the RECORDED
    event is applied with the same `apply` live play uses."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.engine = get_engine(data["system"])
        self.starting = {c["key"]: c for c in data["combatants"]}
        events = [e for e in data["events"] if isinstance(e, Mapping)]
        changed = [e for e in events if e.get("type") == EventType.OPTIONS]
        options = changed[0].get("before") if changed else data.get("options")  # as it began
        fight = Fight(round=0, combatants=(), options=dict(options or {}))
        self.state = EncounterState(data["system"], fight)
        self.report = ReplayReport()
        self.undoable: dict[int, Recorded] = {}  # what an undo or a redo may target

    def event(self, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind not in REPLAYABLE:
            self._differ(event, "type", kind, "not replayable by this version")
            return
        payload = _payload(event, self.starting)
        target = getattr(payload, "target", None)
        recorded = Recorded(event["seq"], payload, self.undoable.get(target) if target else None)
        decided = VERIFY.get(payload.type, _unchecked)(self, event, recorded)
        self.state = apply(self.state, recorded)
        if payload.type in UNDOABLE:
            self.undoable[recorded.seq] = recorded
        if decided is not None:
            self.report.summaries.append(_summary(event, decided, self.state.fight))

    # -- deciding again, and comparing ------------------------------------------------------------

    def _decided(
        self, event: Mapping[str, Any], command: Command, *, all_used: bool = True
    ) -> Any | None:
        """The event decided again with the recorded faces; None (and a difference) on error."""
        faces = TypedFaces(event.get("faces") or [])
        try:
            decided = decide(self.state, command, self.engine, faces, live=False)
            if all_used and faces.remaining:
                raise InvalidDice("%(extra)s typed faces left over", extra=faces.remaining)
        except FAILURES as error:
            self._differ(event, "error", _said(event.get("outcome")), str(error))
            return None
        return decided

    def _check(self, event: Mapping[str, Any], outcome: Json | None) -> None:
        recorded = event.get("outcome")
        if recorded is None or outcome is None:
            if recorded is not None:
                self._differ(event, "outcome", "a new round", "the next combatant's turn")
            elif outcome is not None:
                self._differ(event, "outcome", None, "an outcome")
            return
        replayed = plain(outcome)
        for part in COMPARED:
            self._compare(event, part, recorded.get(part), replayed[part])

    def _check_encounter(self, event: Mapping[str, Any], decided: Any) -> None:
        recorded = {**DEFAULTS, **event["encounter"]["after"]}  # older logs lack "stage"
        self._compare(event, "encounter", recorded, decided.encounter.after)

    def _compare(self, event: Mapping[str, Any], path: str, recorded: Any, replayed: Any) -> None:
        for where, old, new in json_differences(path, plain(recorded), replayed):
            self._differ(event, where, old, new)

    def _differ(self, event: Mapping[str, Any], where: str, recorded: Any, replayed: Any) -> None:
        what = _describe(event, self.state.fight)
        self.report.differences.append(Difference(event["seq"], what, where, recorded, replayed))


def _payload(event: Mapping[str, Any], starting: Mapping[str, Json]) -> Payload:
    """The stored payload an exported event stands for (docs/encounter-format.md)."""
    kind = event["type"]
    data: Mapping[str, Any] = event
    if "payload" in event:  # kept whole: proposals and their rejections
        data = event["payload"]
    elif kind == EventType.ADDED:
        data = {"combatants": [starting[key] for key in event["combatants"]]}
    elif kind in (EventType.UNDO, EventType.REDO):
        data = {"target": event["target"], "type": event["target_type"]}
    return payload_from_json(kind, data)


def _joined(replay: _Replay, event: Mapping[str, Any], recorded: Recorded) -> Json | None:
    """Through the engine's own constructor: a changed engine would give other HP now."""
    for joined in recorded.payload.combatants:  # type: ignore[attr-defined]
        fresh = built(replay.engine, joined)
        for name in ("hp", "max_hp"):
            path = f"combatants.{joined.key}.{name}"
            replay._compare(event, path, getattr(joined, name), getattr(fresh, name))
    return None


def _rolled(replay: _Replay, event: Mapping[str, Any], recorded: Recorded) -> Json | None:
    """An initiative roll or an action, decided again with the recorded faces."""
    payload: Any = recorded.payload
    command: Command = (
        RollInitiative(tuple(payload.ids or ()), missing_only=payload.late_only)
        if payload.type == EventType.INITIATIVE
        else Resolve(payload.action)
    )
    decided = replay._decided(event, command)
    if decided is None:
        return None
    replay._check(event, decided.outcome)
    replay._check_encounter(event, decided)
    return dict(decided.outcome)


def _turned(replay: _Replay, event: Mapping[str, Any], recorded: Recorded) -> Json | None:
    """Through combat.rules.flow, as live play: the next turn, stage or round."""
    decided = replay._decided(event, NextTurn(), all_used=False)
    if decided is None:
        return None
    replay._check(event, decided.outcome)
    replay._check_encounter(event, decided)
    return None if decided.outcome is None or event.get("outcome") is None else decided.outcome


def _adjusted(replay: _Replay, event: Mapping[str, Any], recorded: Recorded) -> Json | None:
    """The GM's hand: the recorded values, each `before` taken from the replayed state."""
    payload: Any = recorded.payload
    order = payload.outcome.get("order")  # the GM moved someone in the order
    changes = rebased(replay.state.fight, payload.changes())
    outcome = Outcome(_ADJUST, changes=changes, order=tuple(order) if order is not None else None)
    decided = adjusted(replay.state, outcome)
    replay._check(event, decided.outcome)
    replay._check_encounter(event, decided)
    return decided.outcome


def _taken(replay: _Replay, event: Mapping[str, Any], recorded: Recorded) -> Json | None:
    """An undo or a redo takes the event the stacks name (the recorded one is applied)."""
    stack = replay.state.done if recorded.payload.type == EventType.UNDO else replay.state.undone
    expected = stack[-1] if stack else None
    if event["target"] != expected and not _before_an_end(replay, stack, event["target"]):
        replay._differ(event, "target", event["target"], expected)
    return None


def _before_an_end(replay: _Replay, stack: tuple[int, ...], target: int) -> bool:
    """A log written before an end could be undone: its undo after the end took back the step
    before the end (what the stack holds under it)."""
    ends = [seq for seq in stack if replay.undoable[seq].payload.type == EventType.ENDED]
    below = [seq for seq in stack if seq not in ends]
    return bool(ends) and stack[-1] in ends and bool(below) and below[-1] == target


def _ended(replay: _Replay, event: Mapping[str, Any], recorded: Recorded) -> Json | None:
    decided = replay._decided(event, End())
    if decided is not None:
        replay._check_encounter(event, decided)
    return None


def _unchecked(replay: _Replay, event: Mapping[str, Any], recorded: Recorded) -> Json | None:
    return None  # nothing was rolled or computed: created, options, proposals


VERIFY: dict[EventType, Verify] = {
    EventType.ADDED: _joined,
    EventType.INITIATIVE: _rolled,
    EventType.ACTION: _rolled,
    EventType.TURN: _turned,
    EventType.ADJUST: _adjusted,
    EventType.UNDO: _taken,
    EventType.REDO: _taken,
    EventType.ENDED: _ended,
}
REPLAYABLE = frozenset(EventType) - {EventType.ROUND}  # older logs' "round": not replayable


_ADJUST = Step(_("%(name)s adjusted by the game master"))


def _said(outcome: Mapping[str, Any] | None) -> str:
    """The recorded outcome's summary line, untranslated: what the replay failed to reach."""
    try:
        summary = outcome["summary"]  # type: ignore[index]
        return untranslated(summary["template"], summary["params"])
    except (KeyError, TypeError, ValueError):
        return "an outcome"


# --- describing --------------------------------------------------------------------------------


def _labels(fight: Fight) -> dict[str, str]:
    """Each combatant's name; "name (id)" where two share a name."""
    names = [c.name for c in fight.combatants]
    return {
        c.id: c.name if names.count(c.name) == 1 else f"{c.name} ({c.id})" for c in fight.combatants
    }


def _describe(event: Mapping[str, Any], fight: Fight) -> str:
    labels = _labels(fight)
    action = event.get("action")
    if event.get("type") == EventType.ACTION and isinstance(action, Mapping):
        actor = str(action.get("actor"))
        actor = labels.get(actor, actor)
        targets = ", ".join(labels.get(t, str(t)) for t in action.get("targets") or ())
        return f"{action.get('kind')}: {actor}" + (f" → {targets}" if targets else "")
    return str(event.get("type"))


def _summary(event: Mapping[str, Any], outcome: Json, fight: Fight) -> Json:
    """What one re-resolved outcome did, for the replay command's output."""
    labels, data = _labels(fight), outcome["data"]
    action = event.get("action") or {}
    targets = list(action.get("targets") or ())
    touched = (
        [action["actor"], *targets] if action else [c["combatant"] for c in outcome["changes"]]
    )
    return {
        "seq": event["seq"],
        "event": event["type"],
        "actor": labels.get(action["actor"]) if action else None,
        "action": action.get("kind", event["type"]),
        "target": ", ".join(labels.get(t, t) for t in targets) or None,
        "totals": [
            {"purpose": r["purpose"], "faces": list(r["faces"]), "total": r["total"]}
            for r in outcome["rolls"]
        ],
        "hit": data.get("hit"),
        "damage": data.get("damage"),
        "hp_after": {labels[cid]: fight.get(cid).hp for cid in dict.fromkeys(touched)},
        "critical": data.get("critical"),
        "bleeding": data.get("bleeding"),
    }
