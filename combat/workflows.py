"""Encounter workflows, one style: lock → load the state → check → decide → persist → append →
version → notify (combat.workflow_frame.perform, the encounter machine combat.rules.encounter).

Every workflow takes the form's one-time key: a retried or double-clicked request finds the
event it already wrote and returns it instead of rolling again (RELIABILITY R6). A key is the
user's own (encounter, user, key): another user's post with the same key never answers, consumes
or blocks mine (issue K). The encounter row is locked first (select_for_update on PostgreSQL;
SQLite's IMMEDIATE transactions serialise writers), so concurrent GM and player actions never lose
an update; every check that guards the write (a proposal still pending, a journal roll not yet
used, whose turn it is) runs after the lock, in the same transaction.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction

from campaigns.models import Campaign, Character, CharacterKind, Monster, SavedCondition
from combat.rules.base import Action, RulesError, _
from combat.rules.encounter import (
    Added,
    Adjust,
    Created,
    End,
    Ended,
    EventType,
    Joined,
    NextTurn,
    Payload,
    Propose,
    Proposed,
    Reject,
    Resolve,
    RollInitiative,
    SetOptions,
    decide,
    payload_from_json,
    still_open,
)
from combat.rules.encounter import first_turn as first_turn
from combat.rules.engines import get_engine
from combat.rules.faces import FaceSource
from combat.rules.flow import NEW_ROUND_WAITS

from . import history
from .eventlog import append_event
from .models import Combatant, Encounter, Event, OpenProposal
from .options import defaults
from .undo import NothingToUndo as NothingToUndo
from .undo import redo as redo
from .undo import undo as undo
from .workflow_frame import Locked
from .workflow_frame import TypedFacesLeft as TypedFacesLeft
from .workflow_frame import faces_from as faces_from
from .workflow_frame import perform as perform

UNDOABLE = history.UNDOABLE


def create_encounter(campaign: Campaign, name: str, user: AbstractBaseUser) -> Encounter:
    get_engine(campaign.system)  # RulesError when the system cannot run encounters yet
    # A new fight plays by the current rules where older logs did not (combat.rules.flow).
    options = {**defaults(campaign.system), **campaign.fight_options, NEW_ROUND_WAITS: "yes"}
    with transaction.atomic():
        encounter = Encounter.objects.create(campaign=campaign, name=name, options=options)
        append_event(encounter, EventType.CREATED, Created(name).to_json(), user=user)
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

    def step(locked: Locked, faces: FaceSource) -> Added:
        still_open(locked.state)
        names = _numbered(record.name, count, locked.state.fight.combatants)
        return Added(tuple(_joined(locked, record, name, side, hidden) for name in names))

    return perform(encounter_id, user, key, step)


def _numbered(name: str, count: int, there: Sequence[Any]) -> list[str]:
    """Names for `count` new copies of `name`: "Skřet" alone, or numbered on from the copies
    already in the fight ("Skřet 4", "Skřet 5" after Skřet 1–3), never a name twice."""
    taken = {c.name for c in there}
    numbers = [
        int(m.group(1)) for n in taken if (m := re.fullmatch(rf"{re.escape(name)} (\d+)", n))
    ]
    if count == 1 and name not in taken and not numbers:
        return [name]
    start = max(numbers, default=1 if name in taken else 0) + 1
    return [f"{name} {n}" for n in range(start, start + count)]


def add_party(encounter_id: int, user: AbstractBaseUser, key: str) -> Event:
    """Every player character of the campaign not yet in the fight joins the party, in one
    event; read under the lock, so two quick clicks never add anyone twice."""

    def step(locked: Locked, faces: FaceSource) -> Added:
        still_open(locked.state)
        encounter = locked.encounter
        there = encounter.combatants.filter(character__isnull=False).values("character_id")
        party = encounter.campaign.characters.filter(kind=CharacterKind.PC).exclude(pk__in=there)
        joined = tuple(_joined(locked, c, c.name, "party", False) for c in party.order_by("name"))
        if not joined:
            raise RulesError(_("Every player character is in the fight already."))
        return Added(joined)

    return perform(encounter_id, user, key, step)


def _joined(
    locked: Locked, record: Character | Monster, name: str, side: str, hidden: bool
) -> Joined:
    """A new combatant's row (the engine computes its stats and HP) and what the log keeps."""
    is_npc = not isinstance(record, Character) or record.is_npc
    weapons = [{"name": w.name, **w.stats} for w in _equipment(record, "weapons")]
    armor = [{"name": a.name, **a.stats} for a in _equipment(record, "armor")]
    state = locked.engine.combatant_from_record(
        id="new",
        name=name,
        side=side,
        stats=record.stats,
        is_npc=is_npc,
        weapons=weapons,
        armor=armor,
    )
    hp, conditions = _carried_over(record, state.hp, state.conditions)
    row = Combatant(
        encounter=locked.encounter,
        name=name,
        side=side,
        is_npc=is_npc,
        hidden=hidden,
        stats=dict(state.stats),
        weapons=weapons,
        armor=armor,
        hp=hp,
        max_hp=state.max_hp,
        conditions=conditions,
    )
    row.character = record if isinstance(record, Character) else None
    row.monster = record if isinstance(record, Monster) else None
    row.save()
    return Joined(
        row.key, name, side, row.hp, row.max_hp, row.stats, weapons, armor, is_npc, hidden
    )


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
    missing_only: bool = False,
) -> Event:
    """Initiative for `ids` (everyone by default); `missing_only`: mid-fight, only for those
    without one, decided under the lock (EveryoneHasOne when nobody lacks one)."""
    command = RollInitiative(tuple(ids or ()), missing_only)

    def step(locked: Locked, faces: FaceSource) -> Payload:
        return decide(locked.state, command, locked.engine, faces)

    return perform(encounter_id, user, key, step, typed_faces)


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
    reactions_wait: bool = False,
    reaction_at: tuple[int, str] | None = None,
) -> Event:
    """One action; `journal_roll`: the faces are that journal roll's, which is then used up;
    `proposal`: the player's proposal it decides; `on_turn`: only while it is the actor's turn
    (a player whose system has no out-of-turn actions); `reactions_wait`: a reaction (as the
    fight stands under the lock) is proposed to the GM instead (a player's, by default);
    `reaction_at`: the accepted proposal was a reaction in that [round, turn], which must last."""
    command = Resolve(action, on_turn, secret, proposal, journal_roll)

    def step(locked: Locked, faces: FaceSource) -> Payload:
        if reactions_wait and locked.engine.is_reaction(locked.state.fight, action):
            # Rehearsed with the typed faces (used up here); the GM's accept rolls with them.
            rehearsal = Propose(action, (), on_turn, journal_roll)
            payload = decide(locked.state, rehearsal, locked.engine, faces)
            assert isinstance(payload, Proposed)
            moment = (locked.state.fight.round, locked.state.fight.current or "")
            return replace(payload, faces=list(typed_faces or ()), reaction_at=moment)
        fight = locked.state.fight
        if reaction_at is not None and (fight.round, fight.current or "") != reaction_at:
            raise RulesError(_("The moment for that reaction has passed: the turn moved on."))
        if proposal is not None:
            _check_pending(locked.encounter, proposal)
        if journal_roll is not None:
            from .journal_rolls import claim

            claim(locked.encounter.campaign, journal_roll)  # locks the roll: one use
        return decide(locked.state, command, locked.engine, faces)

    return perform(encounter_id, user, key, step, typed_faces)


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
    command = Propose(action, tuple(typed_faces or ()), on_turn, journal_roll)

    def step(locked: Locked, faces: FaceSource) -> Payload:
        return decide(locked.state, command, locked.engine, faces)

    return perform(encounter_id, user, key, step)


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
    found = Event.objects.proposals().at(encounter_id, seq).found()
    if found is None:
        raise RulesError(_("That proposal was already decided."))
    if not accept:

        def step(locked: Locked, faces: FaceSource) -> Payload:
            _check_pending(locked.encounter, seq)
            return decide(locked.state, Reject(seq), locked.engine, faces)

        return perform(encounter_id, user, key, step)
    proposed = payload_from_json(found.type, found.payload)
    assert isinstance(proposed, Proposed)
    faces, roll = proposed.faces or None, proposed.journal_roll
    return resolve_action(
        encounter_id,
        user,
        key,
        proposed.action,
        faces,
        proposal=seq,
        journal_roll=roll,
        reaction_at=proposed.reaction_at,
    )


def next_turn(
    encounter_id: int, user: AbstractBaseUser, key: str, typed_faces: Sequence[int] | None = None
) -> Event:
    """The next combatant in the order; after the last one, the engine's next stage of the round
    (a pass, a phase) or a new round and its effects (combat.rules.flow)."""

    def step(locked: Locked, faces: FaceSource) -> Payload:
        return decide(locked.state, NextTurn(), locked.engine, faces)

    return perform(encounter_id, user, key, step, typed_faces)


def adjust(
    encounter_id: int,
    user: AbstractBaseUser,
    key: str,
    combatant: str,
    *,
    hp: int | None = None,
    hp_by: int | None = None,
    add: str = "",
    remove: str = "",
    position: int | None = None,
    also: Sequence[str] = (),
    rounds: int | None = None,
    clock: Mapping[str, Any] | None = None,
) -> Event:
    """The GM's hand: set HP (or change it `hp_by`, from the HP under the lock), add or remove a
    condition, move in the order — as an event; `also`: more combatants the same HP and
    conditions apply to (an area's damage, a whole group knocked prone); `rounds`: the added
    condition ends when that many rounds have passed (combat.rules.lasting)."""
    entry = dict(clock or {})  # label, at | rounds, clear (combat.rules.clock)
    command = Adjust(
        combatant,
        hp,
        hp_by,
        add,
        remove,
        position,
        tuple(also),
        rounds,
        clock_label=str(entry.get("label") or ""),
        clock_at=entry.get("at"),
        clock_rounds=entry.get("rounds"),
        clock_clear=bool(entry.get("clear")),
    )

    def step(locked: Locked, faces: FaceSource) -> Payload:
        # A campaign's own condition brings its modifier as it stands now, read under the lock
        # (the system's own conditions carry their rules instead).
        own = add and add not in locked.engine.condition_labels
        modifier = (
            SavedCondition.objects.modifier_of(locked.encounter.campaign_id, add) if own else None
        )
        return decide(locked.state, replace(command, modifier=modifier), locked.engine, faces)

    return perform(encounter_id, user, key, step)


def set_options(
    encounter_id: int, user: AbstractBaseUser, key: str, options: dict[str, Any]
) -> Event:
    """The GM changes the fight options before the fight starts (the replay reads them)."""

    def step(locked: Locked, faces: FaceSource) -> Payload:
        return decide(locked.state, SetOptions(options), locked.engine, faces)

    return perform(encounter_id, user, key, step)


def end_encounter(encounter_id: int, user: AbstractBaseUser, key: str) -> Event:
    """End the fight; the characters keep their HP and conditions (one event says so)."""

    def step(locked: Locked, faces: FaceSource) -> Payload:
        ended = decide(locked.state, End(), locked.engine, faces)
        assert isinstance(ended, Ended)
        return replace(ended, characters=_kept(locked.encounter))

    return perform(encounter_id, user, key, step)


def _kept(encounter: Encounter) -> list[dict[str, Any]]:
    """Each character takes its HP and conditions out of the fight; what it had is logged."""
    kept = []
    for row in encounter.combatants.filter(character__isnull=False).select_related("character"):
        character = row.character
        assert character is not None
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
    return kept
