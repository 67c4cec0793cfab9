"""The encounter's event types and their payloads, each with one codec each way.

A payload's `to_json` gives exactly the JSON the log has always stored (the log is hash-chained
and docs/encounter-format.md is fixed), and `from_json` reads it back, older logs included
(an initiative without `ids`, a snapshot without `stage`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol

from combat.rules.base import Action, Change
from combat.rules.serialize import action_from_json, action_to_json, change_from_json

Json = dict[str, Any]
Snapshot = dict[str, Any]  # {"round", "order", "current", "status", "stage"}


class EventType(StrEnum):
    """The stored `Event.type` strings: a StrEnum, so stored logs and comparisons keep working."""

    CREATED = "created"
    ADDED = "added"
    INITIATIVE = "initiative"
    ACTION = "action"
    PROPOSED = "proposed"
    REJECTED = "rejected"
    TURN = "turn"
    ROUND = "round"  # older logs' new round; today a `turn`
    ADJUST = "adjust"
    UNDO = "undo"
    REDO = "redo"
    OPTIONS = "options"
    ENDED = "ended"


UNDOABLE = frozenset(
    {EventType.INITIATIVE, EventType.ACTION, EventType.ROUND, EventType.TURN, EventType.ADJUST}
    | {EventType.ENDED}  # undoing the end goes on with the fight (the characters keep their HP)
)
DECIDES = frozenset({EventType.REJECTED, EventType.ACTION})  # may decide a proposal


@dataclass(frozen=True)
class Transition:
    """The encounter's fields before and after an event, as the log keeps them."""

    before: Snapshot
    after: Snapshot

    def to_json(self) -> Json:
        return {"before": self.before, "after": self.after}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Transition:
        return cls(dict(data["before"]), dict(data["after"]))


class Payload(Protocol):
    type: ClassVar[EventType]

    def to_json(self) -> Json: ...


def _changes(outcome: Mapping[str, Any] | None) -> tuple[Change, ...]:
    return tuple(change_from_json(c) for c in (outcome or {}).get("changes", []))


@dataclass(frozen=True)
class Created:
    type: ClassVar[EventType] = EventType.CREATED
    name: str

    def to_json(self) -> Json:
        return {"name": self.name}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Created:
        return cls(data["name"])


@dataclass(frozen=True)
class Joined:
    """One combatant as it joined: its record's stats and equipment, and its HP then."""

    key: str
    name: str
    side: str
    hp: int
    max_hp: int
    stats: Mapping[str, Any]
    weapons: list[Any]
    armor: list[Any]
    is_npc: bool
    hidden: bool

    def to_json(self) -> Json:
        return {
            "key": self.key,
            "name": self.name,
            "side": self.side,
            "hp": self.hp,
            "max_hp": self.max_hp,
            "stats": self.stats,
            "weapons": self.weapons,
            "armor": self.armor,
            "is_npc": self.is_npc,
            "hidden": self.hidden,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Joined:
        fields = ("key", "name", "side", "hp", "max_hp", "stats", "weapons", "armor", "is_npc")
        return cls(**{name: data[name] for name in fields}, hidden=data.get("hidden", False))


@dataclass(frozen=True)
class Added:
    type: ClassVar[EventType] = EventType.ADDED
    combatants: tuple[Joined, ...]

    def to_json(self) -> Json:
        return {"combatants": [joined.to_json() for joined in self.combatants]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Added:
        return cls(tuple(Joined.from_json(c) for c in data["combatants"]))


@dataclass(frozen=True)
class Initiative:
    type: ClassVar[EventType] = EventType.INITIATIVE
    outcome: Json
    encounter: Transition
    ids: list[str] | None  # None: an older log, which did not say who rolled
    # Mid-fight, for late-comers only: whoever was acting keeps the turn (kept only when true).
    late_only: bool = False

    def changes(self) -> tuple[Change, ...]:
        return _changes(self.outcome)

    def to_json(self) -> Json:
        data: Json = {"outcome": self.outcome, "encounter": self.encounter.to_json()}
        data = data if self.ids is None else {**data, "ids": self.ids}
        return {**data, "late_only": True} if self.late_only else data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Initiative:
        late = data.get("late_only") is True
        return cls(data["outcome"], Transition.from_json(data["encounter"]), data.get("ids"), late)


@dataclass(frozen=True)
class Resolved:
    """An action resolved (the event type "action")."""

    type: ClassVar[EventType] = EventType.ACTION
    outcome: Json
    encounter: Transition
    action: Action
    secret: bool = False  # players see only that an action happened
    proposal: int | None = None  # the player's proposal it decides
    journal_roll: int | None = None  # the journal roll whose faces it used

    def changes(self) -> tuple[Change, ...]:
        return _changes(self.outcome)

    def to_json(self) -> Json:
        data: Json = {
            "outcome": self.outcome,
            "encounter": self.encounter.to_json(),
            "action": action_to_json(self.action),
        }
        data.update({"secret": True} if self.secret else {})
        data.update({"proposal": self.proposal} if self.proposal is not None else {})
        data.update({"journal_roll": self.journal_roll} if self.journal_roll is not None else {})
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Resolved:
        return cls(
            data["outcome"],
            Transition.from_json(data["encounter"]),
            action_from_json(data["action"]),
            secret=bool(data.get("secret", False)),
            proposal=data.get("proposal"),
            journal_roll=data.get("journal_roll"),
        )


@dataclass(frozen=True)
class Proposed:
    """A player's action waiting for the GM; `reaction_at`: a reaction, made in this round and
    turn ([round, whose turn]) — accepted only while that turn lasts."""

    type: ClassVar[EventType] = EventType.PROPOSED
    action: Action
    faces: list[int]
    journal_roll: int | None = None
    reaction_at: tuple[int, str] | None = None

    def to_json(self) -> Json:
        data: Json = {"action": action_to_json(self.action), "faces": self.faces}
        if self.journal_roll is not None:
            data["journal_roll"] = self.journal_roll
        if self.reaction_at is not None:
            data["reaction_at"] = list(self.reaction_at)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Proposed:
        faces = list(data.get("faces") or [])
        at = data.get("reaction_at")
        moment = (int(at[0]), str(at[1])) if isinstance(at, list) and len(at) == 2 else None
        return cls(action_from_json(data["action"]), faces, data.get("journal_roll"), moment)


@dataclass(frozen=True)
class Rejected:
    type: ClassVar[EventType] = EventType.REJECTED
    proposal: int

    def to_json(self) -> Json:
        return {"proposal": self.proposal}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rejected:
        return cls(data["proposal"])


@dataclass(frozen=True)
class Turned:
    """The next turn (or stage, or round); `outcome` None when only the turn moved on."""

    type: ClassVar[EventType] = EventType.TURN
    encounter: Transition
    outcome: Json | None = None

    def changes(self) -> tuple[Change, ...]:
        return _changes(self.outcome)

    def to_json(self) -> Json:
        data = {"encounter": self.encounter.to_json()}
        return data if self.outcome is None else {"outcome": self.outcome, **data}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Turned:
        return cls(Transition.from_json(data["encounter"]), data.get("outcome"))


@dataclass(frozen=True)
class NewRound(Turned):
    """Older logs' "round" event: a turn past the last combatant."""

    type: ClassVar[EventType] = EventType.ROUND


@dataclass(frozen=True)
class Adjusted:
    type: ClassVar[EventType] = EventType.ADJUST
    outcome: Json
    encounter: Transition

    def changes(self) -> tuple[Change, ...]:
        return _changes(self.outcome)

    def to_json(self) -> Json:
        return {"outcome": self.outcome, "encounter": self.encounter.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Adjusted:
        return cls(data["outcome"], Transition.from_json(data["encounter"]))


@dataclass(frozen=True)
class Undone:
    """An undo: `target` is the event taken back, `target_type` its type."""

    type: ClassVar[EventType] = EventType.UNDO
    target: int
    target_type: str

    def to_json(self) -> Json:
        return {"target": self.target, "type": self.target_type}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Undone:
        return cls(data["target"], data["type"])


@dataclass(frozen=True)
class Redone(Undone):
    type: ClassVar[EventType] = EventType.REDO


@dataclass(frozen=True)
class OptionsSet:
    type: ClassVar[EventType] = EventType.OPTIONS
    before: Json
    after: Json

    def to_json(self) -> Json:
        return {"before": self.before, "after": self.after}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> OptionsSet:
        return cls(dict(data["before"]), dict(data["after"]))


@dataclass(frozen=True)
class Ended:
    type: ClassVar[EventType] = EventType.ENDED
    encounter: Transition
    characters: list[Json]  # each character's HP and conditions, kept after the fight

    def changes(self) -> tuple[Change, ...]:
        return ()  # the fight's state is as it was: only its status and turn move

    def to_json(self) -> Json:
        return {"encounter": self.encounter.to_json(), "characters": self.characters}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Ended:
        return cls(Transition.from_json(data["encounter"]), list(data.get("characters", [])))


PAYLOADS: dict[EventType, Any] = {
    cls.type: cls
    for cls in (Created, Added, Initiative, Resolved, Proposed, Rejected, Turned, NewRound)
    + (Adjusted, Undone, Redone, OptionsSet, Ended)
}


def payload_from_json(type: str, data: Mapping[str, Any]) -> Payload:
    """The typed payload of a stored event; ValueError for a type this version does not know,
    KeyError or TypeError for a payload that is not its type's."""
    decoded: Payload = PAYLOADS[EventType(type)].from_json(data)
    return decoded


@dataclass(frozen=True)
class Recorded:
    """An event as `apply` takes it: its place in the log, its payload, and for an undo or a
    redo the event it takes back or puts back."""

    seq: int
    payload: Payload
    target: Recorded | None = None
