"""Encounter workflows: each one transaction — lock, rules, save, event, version, notify.

Every workflow takes the form's one-time key: a retried or double-clicked request finds the
event it already wrote and returns it instead of rolling again (RELIABILITY R6). A key is the
user's own (encounter, user, key): another user's post with the same key never answers, consumes
or blocks mine (issue K). The encounter row is locked first (select_for_update on PostgreSQL;
SQLite's IMMEDIATE transactions serialise writers), so concurrent GM and player actions never lose
an update; every check that guards the write (a proposal still pending, a journal roll not yet
used, whose turn it is) runs after the lock, in the same transaction.
"""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from campaigns.models import Campaign, Character, Monster
from combat.rules import flow
from combat.rules.base import (
    Action,
    Outcome,
    RulesError,
    Step,
    _,
    condition_change,
    hp_change,
)
from combat.rules.engines import get_engine
from combat.rules.faces import FaceSource

from . import history
from .eventlog import append_event
from .fightstate import encounter_snapshot, load_fight, store_combatants
from .models import Combatant, Encounter, EncounterStatus, Event, OpenProposal
from .options import defaults
from .undo import NothingToUndo as NothingToUndo
from .undo import redo as redo
from .undo import undo as undo
from .workflow_frame import Build as Build
from .workflow_frame import TypedFacesLeft as TypedFacesLeft
from .workflow_frame import _apply_outcome, _recorded
from .workflow_frame import faces_from as faces_from
from .workflow_frame import run as run

UNDOABLE = history.UNDOABLE


def create_encounter(campaign: Campaign, name: str, user: AbstractBaseUser) -> Encounter:
    get_engine(campaign.system)  # RulesError when the system cannot run encounters yet
    options = {**defaults(campaign.system), **campaign.fight_options}
    with transaction.atomic():
        encounter = Encounter.objects.create(campaign=campaign, name=name, options=options)
        append_event(encounter, "created", {"name": name}, user=user)
        encounter.save(update_fields=["log_head", "log_length", "log_seal"])
    return encounter


def add_combatants(
    encounter_id: int,
    user: AbstractBaseUser,
    key: str,
    *,
    record: Character | Monster,
    count: int = 1,
    side: str = "enemies",
    hidden: bool = False,
) -> Event:
    """One combatant for a character, or `count` numbered copies of a monster ("Skřet 1..4")."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        engine = get_engine(encounter.system)
        is_npc = not isinstance(record, Character) or record.is_npc
        weapons = [{"name": w.name, **w.stats} for w in _equipment(record, "weapons")]
        armor = [{"name": a.name, **a.stats} for a in _equipment(record, "armor")]
        added = []
        for number in range(1, count + 1):
            name = record.name if count == 1 else f"{record.name} {number}"
            state = engine.combatant_from_record(
                id="new",
                name=name,
                side=side,
                stats=record.stats,
                is_npc=is_npc,
                weapons=weapons,
                armor=armor,
            )
            hp, conditions = _carried_over(record, state.hp, state.conditions)
            row = Combatant.objects.create(
                encounter=encounter,
                name=name,
                side=side,
                is_npc=is_npc,
                stats=dict(state.stats),
                weapons=weapons,
                armor=armor,
                hp=hp,
                max_hp=state.max_hp,
                conditions=conditions,
                hidden=hidden,
                character=record if isinstance(record, Character) else None,
                monster=record if isinstance(record, Monster) else None,
            )
            added.append(
                {
                    "key": row.key,
                    "name": name,
                    "side": side,
                    "hp": row.hp,
                    "max_hp": row.max_hp,
                    "stats": row.stats,
                    "weapons": weapons,
                    "armor": armor,
                    "is_npc": is_npc,
                    "hidden": hidden,
                }
            )
        return {"combatants": added}

    return run(encounter_id, user, key, "added", build)


def _carried_over(record: Any, hp: int, conditions: Any) -> tuple[int, list[str]]:
    """A character starts where the last fight left it; a monster copy starts fresh."""
    if isinstance(record, Character) and record.current_hp is not None:
        return record.current_hp, sorted(set(conditions) | set(record.conditions))
    return hp, sorted(conditions)


def _equipment(record: Character | Monster, name: str) -> list[Any]:
    return list(getattr(record, name).all()) if isinstance(record, Character) else []


def roll_initiative(
    encounter_id: int,
    user: AbstractBaseUser,
    key: str,
    *,
    ids: Sequence[str] | None = None,
    typed_faces: Sequence[int] | None = None,
) -> Event:
    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        before = encounter_snapshot(encounter)
        fight, rows = load_fight(encounter)
        engine = get_engine(encounter.system)
        rolled = list(ids or [c.id for c in fight.combatants])
        outcome = engine.roll_initiative(fight, rolled, faces)
        _apply_outcome(encounter, fight, rows, outcome)
        if encounter.status == EncounterStatus.PREPARING:
            encounter.status, encounter.round = EncounterStatus.RUNNING, 1
        encounter.current = first_turn(encounter.current, fight.order, encounter.order)
        return _recorded(encounter, before, outcome, ids=rolled)

    return run(encounter_id, user, key, "initiative", build, typed_faces)


def first_turn(current: str, old: Sequence[str], new: Sequence[str]) -> str:
    """Whose turn it is after initiative: the first in the new order — unless the running order
    only grew by a late-comer (or stayed as it was), and the one acting keeps the turn."""
    grew = list(new[: len(old)]) == list(old) and len(new) >= len(old)
    if current and grew and current in new:
        return current
    return new[0] if new else ""


def resolve_action(
    encounter_id: int,
    user: AbstractBaseUser,
    key: str,
    action: Action,
    typed_faces: Sequence[int] | None = None,
    *,
    secret: bool = False,
    proposal: int | None = None,
    journal_roll: int | None = None,
    on_turn: bool = False,
) -> Event:
    """One action; `journal_roll`: the faces are that journal roll's, which is then used up;
    `proposal`: the player's proposal it decides; `on_turn`: only while it is the actor's turn
    (a player whose system has no out-of-turn actions)."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        _check_turn(encounter, action.actor, on_turn)
        if proposal is not None:
            _check_pending(encounter, proposal)
        if journal_roll is not None:
            from .journal_rolls import claim

            claim(encounter.campaign, journal_roll)  # locks the roll: one use in the campaign
        before = encounter_snapshot(encounter)
        fight, rows = load_fight(encounter)
        outcome = get_engine(encounter.system).resolve(fight, action, faces)
        _apply_outcome(encounter, fight, rows, outcome)
        extra: dict[str, Any] = {"secret": True} if secret else {}  # players see only that
        if proposal is not None:
            extra["proposal"] = proposal
        if journal_roll is not None:
            extra["journal_roll"] = journal_roll
        return _recorded(encounter, before, outcome, action=_action_json(action), **extra)

    return run(encounter_id, user, key, "action", build, typed_faces)


def _check_turn(encounter: Encounter, actor: str, on_turn: bool) -> None:
    """Judged again inside the lock: the turn may have moved on since the form was checked."""
    if on_turn and encounter.current != actor:
        raise RulesError(_("It is no longer that combatant's turn."))


def propose_action(
    encounter_id: int,
    user: AbstractBaseUser,
    key: str,
    action: Action,
    typed_faces: Sequence[int] | None = None,
    *,
    on_turn: bool = False,
    journal_roll: int | None = None,
) -> Event:
    """A player's action, waiting for the GM: nothing is rolled or changed yet. The journal
    roll whose faces it carries is claimed when the GM accepts (resolve_action)."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        _check_turn(encounter, action.actor, on_turn)
        proposed = {"action": _action_json(action), "faces": list(typed_faces or [])}
        return {**proposed, "journal_roll": journal_roll} if journal_roll is not None else proposed

    return run(encounter_id, user, key, "proposed", build)


def pending_proposals(encounter: Encounter) -> list[Event]:
    """Proposals the GM has neither accepted nor rejected, oldest first."""
    return list(history.open_proposals(encounter))


def _check_pending(encounter: Encounter, seq: int) -> None:
    """Inside the encounter's lock: two GMs deciding at once decide it once."""
    if not OpenProposal.objects.filter(encounter=encounter, seq=seq).exists():
        raise RulesError(_("That proposal was already decided."))


def decide_proposal(
    encounter_id: int, user: AbstractBaseUser, key: str, seq: int, *, accept: bool
) -> Event:
    """Accept (resolve it, with the player's typed dice if any) or reject a proposal. The
    proposal itself never changes (the log is append-only); whether it is still pending is
    judged inside the workflow's lock."""
    proposal = Event.objects.filter(encounter_id=encounter_id, seq=seq, type="proposed").first()
    if proposal is None:
        raise RulesError(_("That proposal was already decided."))

    def reject(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        _check_pending(encounter, seq)
        return {"proposal": seq}

    if not accept:
        return run(encounter_id, user, key, "rejected", reject)
    data = proposal.payload["action"]
    action = Action(
        data["kind"], data["actor"], tuple(data["targets"]), data["weapon"], data["modifiers"]
    )
    faces = proposal.payload.get("faces") or None
    roll = proposal.payload.get("journal_roll")
    return resolve_action(encounter_id, user, key, action, faces, proposal=seq, journal_roll=roll)


def _action_json(action: Action) -> dict[str, Any]:
    return {
        "kind": action.kind,
        "actor": action.actor,
        "targets": list(action.targets),
        "weapon": action.weapon,
        "modifiers": dict(action.modifiers),
    }


def next_turn(
    encounter_id: int, user: AbstractBaseUser, key: str, typed_faces: Sequence[int] | None = None
) -> Event:
    """The next combatant in the order; after the last one, the engine's next stage of the round
    (a pass, a phase) or a new round and its effects (combat.rules.flow)."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        before = encounter_snapshot(encounter)
        fight, rows = load_fight(encounter)
        turned = flow.next_turn(get_engine(encounter.system), fight, faces)
        encounter.round, encounter.current = turned.fight.round, turned.fight.current or ""
        encounter.order, encounter.stage = list(turned.fight.order), dict(turned.fight.stage)
        if turned.outcome is None:
            return {"encounter": {"before": before, "after": encounter_snapshot(encounter)}}
        store_combatants(rows, turned.fight, (c.combatant for c in turned.outcome.changes))
        return _recorded(encounter, before, turned.outcome)

    return run(encounter_id, user, key, "turn", build, typed_faces)


def adjust(
    encounter_id: int,
    user: AbstractBaseUser,
    key: str,
    combatant: str,
    *,
    hp: int | None = None,
    add: str = "",
    remove: str = "",
    position: int | None = None,
) -> Event:
    """The GM's hand: set HP, add or remove a condition, move in the order — as an event."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        before = encounter_snapshot(encounter)
        fight, rows = load_fight(encounter)
        target = fight.get(combatant)
        changes = [hp_change(target, hp)] if hp is not None and hp != target.hp else []
        changes += [
            c
            for c in (
                condition_change(target, add, add=True) if add else None,
                condition_change(target, remove, add=False) if remove else None,
            )
            if c is not None
        ]
        summary = Step(
            _("%(name)s adjusted by the game master"), {"name": target.name}, about=target.id
        )
        order = _moved(encounter.order, combatant, position) if position is not None else None
        outcome = Outcome(summary=summary, changes=tuple(changes), order=order)
        _apply_outcome(encounter, fight, rows, outcome)
        return _recorded(encounter, before, outcome)

    return run(encounter_id, user, key, "adjust", build)


def _moved(order: Sequence[str], combatant: str, position: int) -> tuple[str, ...]:
    """The order with `combatant` at `position` (1 = first), e.g. after a tie the GM decides."""
    rest = [key for key in order if key != combatant]
    index = min(max(position, 1), len(rest) + 1) - 1
    return tuple(rest[:index] + [combatant] + rest[index:])


def set_options(
    encounter_id: int, user: AbstractBaseUser, key: str, options: dict[str, Any]
) -> Event:
    """The GM changes the fight options before the fight starts (the replay reads them)."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        if encounter.status != EncounterStatus.PREPARING:
            raise RulesError(_("The options can only change before the first initiative."))
        before, encounter.options = dict(encounter.options), {**encounter.options, **options}
        return {"before": before, "after": dict(encounter.options)}

    return run(encounter_id, user, key, "options", build)


def end_encounter(encounter_id: int, user: AbstractBaseUser, key: str) -> Event:
    """End the fight; the characters keep their HP and conditions (one event says so)."""

    def build(encounter: Encounter, faces: FaceSource) -> dict[str, Any]:
        before = encounter_snapshot(encounter)
        encounter.status, encounter.current = EncounterStatus.ENDED, ""
        kept = []
        for row in encounter.combatants.filter(character__isnull=False).select_related("character"):
            character = row.character
            kept.append(
                {
                    "character": character.pk,
                    "name": character.name,
                    "hp": row.hp,
                    "hp_before": character.current_hp,
                    "conditions": row.conditions,
                    "conditions_before": character.conditions,
                }
            )
            character.current_hp, character.conditions = row.hp, row.conditions
            character.save(update_fields=["current_hp", "conditions"])
        snapshot = {"before": before, "after": encounter_snapshot(encounter)}
        return {"encounter": snapshot, "characters": kept}

    return run(encounter_id, user, key, "ended", build)
