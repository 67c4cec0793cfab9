"""Encounter export and replay: the event log as a file, and proof that it still adds up.

`export_encounter` turns an encounter's event log into plain JSON (docs/encounter-format.md):
the combatants as they joined, the fight's options, and every event with the faces its dice
showed. `replay_encounter` rebuilds the fight from that file alone — no database — and
re-resolves every initiative roll, action and new round with the recorded faces through the
system's engine, then compares each outcome with the recorded one. The replay is the input
(`faces`, `action`, `ids`); the recorded `outcome` and `encounter` snapshot are what it must give.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from combat.rules import flow
from combat.rules.base import Action, Change, Combatant, Fight, Outcome, RulesError, Step, _, apply
from combat.rules.dice import InvalidDice
from combat.rules.engines import get_engine
from combat.rules.faces import FacesExhausted, FaceSource, TypedFaces
from combat.rules.serialize import change_from_json, outcome_to_json

from .encounter_export import FORMAT, VERSION
from .encounter_export import export_encounter as export_encounter
from .fightstate import DEFAULTS
from .history import UNDOABLE
from .jsondiff import differences as json_differences
from .jsondiff import plain, short
from .workflows import first_turn

COMPARED = ("rolls", "changes", "order", "stage", "data")  # the parts of an outcome a replay checks
SCALAR_CHANGES = frozenset({"hp", "initiative", "turn"})  # their `before` is the state's value
FAILURES = (RulesError, InvalidDice, FacesExhausted, KeyError, TypeError, ValueError)
Json = dict[str, Any]
Resolve = Callable[[Fight, FaceSource], Outcome]


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
    replay.report.fight = replay.current()
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


@dataclass
class _Undoable:
    """What an undo takes back and a redo puts back: as the replay computed it."""

    changes: Sequence[Change]
    before: Json
    after: Json


class _Replay:
    """The fight rebuilt event by event, mirroring combat.workflows without the database."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.engine = get_engine(data["system"])
        self.starting = {c["key"]: c for c in data["combatants"]}
        events = [e for e in data["events"] if isinstance(e, Mapping)]
        changed = [e for e in events if e.get("type") == "options"]
        options = changed[0].get("before") if changed else data.get("options")  # as it began
        self.fight = Fight(round=0, combatants=(), options=dict(options or {}))
        self.state: Json = {
            "round": 0,
            "order": [],
            "current": "",
            "status": "preparing",
            "stage": {},
        }
        self.report = ReplayReport()
        self.done: list[int] = []
        self.undone: list[int] = []
        self.undoable: dict[int, _Undoable] = {}

    def event(self, event: Mapping[str, Any]) -> None:
        kind, before = event["type"], dict(self.state)
        handler = getattr(self, f"_on_{kind}", None)
        if handler is None:
            self._differ(event, "type", kind, "not replayable by this version")
            return
        changes: Sequence[Change] = handler(event)
        if kind in UNDOABLE:
            self.done.append(event["seq"])
            self.undone.clear()
            self.undoable[event["seq"]] = _Undoable(changes, before, dict(self.state))
        if "encounter" in event:
            recorded = {**DEFAULTS, **event["encounter"]["after"]}  # older logs lack "stage"
            self._compare(event, "encounter", recorded, self.state)

    # -- one method per event type; each returns the changes it applied ---------------------------

    def _on_created(self, event: Mapping[str, Any]) -> Sequence[Change]:
        return ()

    # A player's proposal, and its rejection, change nothing (an accepted one is an action).
    _on_proposed = _on_rejected = _on_created

    def _on_added(self, event: Mapping[str, Any]) -> Sequence[Change]:
        for key in event["combatants"]:
            joined = self._join(event, key)
            self.fight = replace(self.fight, combatants=(*self.fight.combatants, joined))
        return ()

    def _join(self, event: Mapping[str, Any], key: str) -> Combatant:
        """Through the engine's own constructor (conditions, checks); the stats as recorded,
        exactly as combat.fightstate.to_rules hands them to the engine in live play."""
        record = self.starting[key]
        state = self.engine.combatant_from_record(
            id=key,
            name=record["name"],
            side=record["side"],
            stats=record["stats"],
            is_npc=record["is_npc"],
            weapons=record["weapons"],
            armor=record["armor"],
        )
        for name in ("hp", "max_hp"):  # a changed engine would give the fighter other HP now
            self._compare(event, f"combatants.{key}.{name}", record[name], getattr(state, name))
        return replace(state, stats=record["stats"], hp=record["hp"], max_hp=record["max_hp"])

    def _on_initiative(self, event: Mapping[str, Any]) -> Sequence[Change]:
        ids, engine = event["ids"] or [c.id for c in self.fight.combatants], self.engine
        old = list(self.state["order"])
        changes = self._resolve(event, lambda fight, dice: engine.roll_initiative(fight, ids, dice))
        if self.state["status"] == "preparing":
            self.state.update(status="running", round=1)
        self.state["current"] = first_turn(self.state["current"], old, self.state["order"])
        return changes

    def _on_action(self, event: Mapping[str, Any]) -> Sequence[Change]:
        action = _action(event["action"])
        return self._resolve(event, lambda fight, faces: self.engine.resolve(fight, action, faces))

    def _on_turn(self, event: Mapping[str, Any]) -> Sequence[Change]:
        """Through combat.rules.flow, as live play: the next turn, stage or round."""
        faces = TypedFaces(event.get("faces") or [])
        try:
            turned = flow.next_turn(self.engine, self.current(), faces)
        except FAILURES as error:
            self._differ(event, "error", _said(event.get("outcome")), str(error))
            return ()
        fight = turned.fight
        self.state.update(
            round=fight.round,
            order=list(fight.order),
            current=fight.current or "",
            stage=dict(fight.stage),
        )
        self.fight = replace(self.fight, combatants=fight.combatants)
        if turned.outcome is None:
            if event.get("outcome") is not None:
                self._differ(event, "outcome", "a new round", "the next combatant's turn")
            return ()
        self._check(event, turned.outcome)
        self.report.summaries.append(_summary(event, turned.outcome, self.fight))
        return turned.outcome.changes

    def _on_adjust(self, event: Mapping[str, Any]) -> Sequence[Change]:
        """The GM's hand: the recorded values, each `before` taken from the replayed state."""
        recorded = [change_from_json(c) for c in event["outcome"]["changes"]]
        changes = tuple(self._rebased(change) for change in recorded)
        order = event["outcome"].get("order")  # the GM moved someone in the order
        outcome = Outcome(
            summary=_ADJUST, changes=changes, order=tuple(order) if order is not None else None
        )
        self._check(event, outcome)
        self.fight = apply(self.fight, changes)
        if order is not None:
            self.state["order"] = list(order)
        self.report.summaries.append(_summary(event, outcome, self.fight))
        return changes

    def _rebased(self, change: Change) -> Change:
        if change.kind not in SCALAR_CHANGES:
            return change
        combatant = self.fight.get(change.combatant)
        return replace(change, before=getattr(combatant, change.kind))

    def _on_undo(self, event: Mapping[str, Any]) -> Sequence[Change]:
        return self._take(event, self.done, self.undone, undo=True)

    def _on_redo(self, event: Mapping[str, Any]) -> Sequence[Change]:
        return self._take(event, self.undone, self.done, undo=False)

    def _take(
        self, event: Mapping[str, Any], source: list[int], sink: list[int], *, undo: bool
    ) -> Sequence[Change]:
        expected = source[-1] if source else None
        if event["target"] != expected:
            self._differ(event, "target", event["target"], expected)
        if expected is None:
            return ()
        sink.append(source.pop())
        taken = self.undoable[expected]
        self.fight = apply(self.fight, taken.changes, undo=undo)
        self.state = dict(taken.before if undo else taken.after)
        return ()

    def _on_options(self, event: Mapping[str, Any]) -> Sequence[Change]:
        self.fight = replace(self.fight, options=dict(event["after"]))
        return ()

    def _on_ended(self, event: Mapping[str, Any]) -> Sequence[Change]:
        self.state.update(status="ended", current="")
        return ()

    # -- resolving and comparing ------------------------------------------------------------------

    def current(self) -> Fight:
        state = self.state
        return replace(
            self.fight,
            round=state["round"],
            order=tuple(state["order"]),
            current=state["current"] or None,
            stage=state["stage"],
        )

    def _resolve(self, event: Mapping[str, Any], call: Resolve) -> Sequence[Change]:
        """Run the engine with the recorded faces, apply what it did, and check it."""
        faces = TypedFaces(event["faces"])
        fight = self.current()
        try:
            outcome: Outcome = call(fight, faces)
            if faces.remaining:
                raise InvalidDice("%(extra)s typed faces left over", extra=faces.remaining)
        except FAILURES as error:
            self._differ(event, "error", _said(event.get("outcome")), str(error))
            return ()
        self._check(event, outcome)
        self.fight = apply(fight, outcome.changes)
        if outcome.order is not None:
            self.state["order"] = list(outcome.order)
        if outcome.stage is not None:
            self.state["stage"] = dict(outcome.stage)
        self.report.summaries.append(_summary(event, outcome, self.fight))
        return outcome.changes

    def _check(self, event: Mapping[str, Any], outcome: Outcome) -> None:
        recorded = event.get("outcome")
        if recorded is None:
            self._differ(event, "outcome", None, "an outcome")
            return
        replayed = plain(outcome_to_json(outcome))
        for part in COMPARED:
            self._compare(event, part, recorded.get(part), replayed[part])

    def _compare(self, event: Mapping[str, Any], path: str, recorded: Any, replayed: Any) -> None:
        for where, old, new in json_differences(path, plain(recorded), replayed):
            self._differ(event, where, old, new)

    def _differ(self, event: Mapping[str, Any], where: str, recorded: Any, replayed: Any) -> None:
        what = _describe(event, self.fight)
        self.report.differences.append(Difference(event["seq"], what, where, recorded, replayed))


_ADJUST = Step(_("%(name)s adjusted by the game master"))


def _said(outcome: Mapping[str, Any] | None) -> str:
    """The recorded outcome's summary line, untranslated: what the replay failed to reach."""
    try:
        summary = outcome["summary"]  # type: ignore[index]
        return str(summary["template"] % summary["params"])
    except (KeyError, TypeError, ValueError):
        return "an outcome"


def _action(data: Mapping[str, Any]) -> Action:
    return Action(
        kind=data["kind"],
        actor=data["actor"],
        targets=tuple(data.get("targets") or ()),
        weapon=data.get("weapon"),
        modifiers=dict(data.get("modifiers") or {}),
    )


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
    if event.get("type") == "action" and isinstance(action, Mapping):
        actor = str(action.get("actor"))
        actor = labels.get(actor, actor)
        targets = ", ".join(labels.get(t, str(t)) for t in action.get("targets") or ())
        return f"{action.get('kind')}: {actor}" + (f" → {targets}" if targets else "")
    return str(event.get("type"))


def _summary(event: Mapping[str, Any], outcome: Outcome, fight: Fight) -> Json:
    labels, data = _labels(fight), outcome.data
    action = event.get("action") or {}
    targets = list(action.get("targets") or ())
    touched = [action["actor"], *targets] if action else [c.combatant for c in outcome.changes]
    return {
        "seq": event["seq"],
        "event": event["type"],
        "actor": labels.get(action["actor"]) if action else None,
        "action": action.get("kind", event["type"]),
        "target": ", ".join(labels.get(t, t) for t in targets) or None,
        "totals": [
            {"purpose": r.purpose, "faces": list(r.faces), "total": r.total} for r in outcome.rolls
        ],
        "hit": data.get("hit"),
        "damage": data.get("damage"),
        "hp_after": {labels[cid]: fight.get(cid).hp for cid in dict.fromkeys(touched)},
        "critical": data.get("critical"),
        "bleeding": data.get("bleeding"),
    }
