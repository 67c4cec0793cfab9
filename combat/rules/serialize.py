"""Rules values to and from plain JSON, for the event log and the encounter export."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from combat.rules.base import Action, Audience, Change, Effect, Outcome, RolledDice, Step


def effect_to_json(effect: Effect) -> dict[str, Any]:
    return {"key": effect.key, "kind": effect.kind, "data": dict(effect.data)}


def effect_from_json(data: Mapping[str, Any]) -> Effect:
    return Effect(key=data["key"], kind=data["kind"], data=dict(data.get("data", {})))


def _value_to_json(kind: str, value: Any) -> Any:
    if isinstance(value, Effect):
        return effect_to_json(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


def change_to_json(change: Change) -> dict[str, Any]:
    return {
        "combatant": change.combatant,
        "kind": change.kind,
        "value": _value_to_json(change.kind, change.value),
        "before": _value_to_json(change.kind, change.before),
    }


def change_from_json(data: Mapping[str, Any]) -> Change:
    kind = data["kind"]
    value, before = data["value"], data.get("before")
    if kind in ("add_effect", "remove_effect"):
        value = effect_from_json(value)
    return Change(combatant=data["combatant"], kind=kind, value=value, before=before)


def action_to_json(action: Action) -> dict[str, Any]:
    """An action as the log keeps it: a resolved one, a proposal, the export."""
    return {
        "kind": action.kind,
        "actor": action.actor,
        "targets": list(action.targets),
        "weapon": action.weapon,
        "modifiers": dict(action.modifiers),
    }


def action_from_json(data: Mapping[str, Any]) -> Action:
    return Action(
        kind=data["kind"],
        actor=data["actor"],
        targets=tuple(data.get("targets") or ()),
        weapon=data.get("weapon"),
        modifiers=dict(data.get("modifiers") or {}),
    )


def step_to_json(step: Step) -> dict[str, Any]:
    """A Step with who may read it (combat.visibility). `audience` is always written: a step
    without it was logged before audiences were declared, and is read as such."""
    data: dict[str, Any] = {
        "template": step.template,
        "params": dict(step.params),
        "audience": str(step.audience),
    }
    if step.about is not None:
        data["about"] = step.about
    if step.secret:
        data["secret"] = {key: str(audience) for key, audience in step.secret.items()}
    if step.lists:
        data["lists"] = {key: [list(part) for part in parts] for key, parts in step.lists.items()}
    return data


def roll_to_json(rolled: RolledDice) -> dict[str, Any]:
    """A roll as the log keeps it (and the replay compares it); who it is about is kept beside
    the rolls (`roll_about`), so rolls logged before it existed replay the same."""
    data = asdict(rolled)
    del data["about"], data["audience"]
    data["faces"] = list(rolled.faces)
    return data


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    return {
        "summary": step_to_json(outcome.summary),
        "steps": [step_to_json(step) for step in outcome.steps],
        "rolls": [roll_to_json(rolled) for rolled in outcome.rolls],
        "changes": [change_to_json(change) for change in outcome.changes],
        "order": list(outcome.order) if outcome.order is not None else None,
        "stage": dict(outcome.stage) if outcome.stage is not None else None,
        "notes": [step_to_json(step) for step in outcome.notes],
        "data": dict(outcome.data),
        **_roll_about(outcome),
    }


def _roll_about(outcome: Outcome) -> dict[str, Any]:
    """Who each roll is about and who may read its numbers, beside the rolls (which the replay
    compares, and which were logged without them before)."""
    about = [rolled.about for rolled in outcome.rolls]
    audience = [str(rolled.audience) for rolled in outcome.rolls]
    declared: dict[str, Any] = {"roll_about": about} if any(about) else {}
    if any(value != Audience.ALL for value in audience):
        declared["roll_audience"] = audience
    return declared


def faces_of(outcome_json: Mapping[str, Any]) -> list[int]:
    """Every face of an outcome's rolls, in the order drawn: what a replay types back in."""
    return [face for rolled in outcome_json["rolls"] for face in rolled["faces"]]
