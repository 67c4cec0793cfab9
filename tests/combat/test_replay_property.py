"""Replay equals live play: a randomised fight per rule system, played through the real
workflows (the database), exported and replayed, ends in the state the database holds — and so
does every demo fight. Both move the state with the encounter machine's one `apply`."""

import contextlib
import os
import random
from collections.abc import Callable

import pytest
from django.db import connection

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.demo import load_demo_encounters
from combat.eventlog import verify_chain
from combat.fightstate import load_state
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action, ActionOption, RulesError
from combat.rules.dice import InvalidDice
from combat.rules.encounter import (
    Adjust,
    Command,
    EncounterState,
    NextTurn,
    NothingToUndo,
    Resolve,
    RollInitiative,
    decide,
    payload_from_json,
)
from combat.rules.engines import get_engine
from combat.rules.faces import FacesExhausted, SeededFaces
from combat.rules.systems import SYSTEMS

# Events per system: 500 on PostgreSQL; on SQLite (the everyday run) 300, to keep the suite
# fast; MACHINE_EVENTS sets another number (500 on SQLite: about 80 s).
EVENTS = int(os.environ.get("MACHINE_EVENTS", 500 if connection.vendor == "postgresql" else 300))
REFUSED = (RulesError, NothingToUndo, InvalidDice, FacesExhausted, workflows.TypedFacesLeft)


class _Recording:
    """Seeded faces that remember what they showed: the faces typed into the workflow."""

    def __init__(self, seed: int) -> None:
        self.source, self.faces = SeededFaces(seed), []

    def roll(self, sides: int) -> int:
        face = self.source.roll(sides)
        self.faces.append(face)
        return face


class _Fight:
    """One encounter played by a seeded random GM through combat.workflows."""

    def __init__(self, campaign: Campaign, gm, rng: random.Random) -> None:
        self.gm, self.rng, self.n = gm, rng, 0
        self.engine = get_engine(campaign.system)
        self.pk = workflows.create_encounter(campaign, "Vlastnost", gm).pk
        workflows.set_options(self.pk, gm, self._key(), {})
        for character in Character.objects.filter(campaign=campaign, conditions=[])[:2]:
            workflows.add_combatants(self.pk, gm, self._key(), record=character, side="party")
        for monster in Monster.objects.filter(campaign=campaign)[:2]:
            count = rng.randint(1, 2)
            workflows.add_combatants(self.pk, gm, self._key(), record=monster, count=count)

    def _key(self) -> str:
        self.n += 1
        return f"p{self.n}"

    def state(self) -> EncounterState:
        return load_state(Encounter.objects.select_related("campaign").get(pk=self.pk))[0]

    def faces(self, command: Command, state: EncounterState | None = None) -> list[int] | None:
        """The faces the command rolls now (decided once, in memory); None: it is refused."""
        recording = _Recording(self.rng.randrange(2**32))
        try:
            decide(state or self.state(), command, self.engine, recording)
        except REFUSED:
            return None
        return recording.faces

    def play(self, move: Callable[[], object]) -> None:
        with contextlib.suppress(REFUSED):  # nothing to undo or redo, an option refused
            move()

    def step(self) -> None:
        kind = self.rng.choices(MOVES, weights=WEIGHTS)[0]
        getattr(self, f"_{kind}")(self.state())

    def _initiative(self, state: EncounterState) -> None:
        faces = self.faces(RollInitiative(), state)
        if faces is not None:
            workflows.roll_initiative(self.pk, self.gm, self._key(), typed_faces=faces)

    def _turn(self, state: EncounterState) -> None:
        faces = self.faces(NextTurn(), state)
        if faces is not None:
            workflows.next_turn(self.pk, self.gm, self._key(), faces)

    def _action(self, state: EncounterState) -> None:
        action = self._random_action(state)
        faces = self.faces(Resolve(action), state) if action else None
        if action is None or faces is None:
            return
        if self.rng.random() < 0.2:  # a proposal, accepted or rejected at once
            proposal = workflows.propose_action(self.pk, self.gm, self._key(), action, faces)
            accept = self.rng.random() < 0.6
            workflows.decide_proposal(self.pk, self.gm, self._key(), proposal.seq, accept=accept)
            return
        workflows.resolve_action(self.pk, self.gm, self._key(), action, faces)

    def _random_action(self, state: EncounterState) -> Action | None:
        fight = state.fight
        if not fight.combatants:
            return None
        actor = fight.current or self.rng.choice(fight.combatants).id
        options = self.engine.actions(fight, actor)
        if not options:
            return None
        option: ActionOption = self.rng.choice(options)
        others = [c.id for c in fight.combatants if c.id != actor]
        targets = (self.rng.choice(others),) if option.needs_target and others else ()
        weapons = self.engine.weapon_names(fight, actor)
        weapon = self.rng.choice(weapons) if option.needs_weapon and weapons else None
        modifiers: dict[str, object] = {
            key: True for key in option.modifiers if self.rng.random() < 0.2
        }
        for field in option.values:
            if field.choices and self.rng.random() < 0.3:
                modifiers[field.key] = self.rng.choice(field.choices)[0]
        return Action(option.kind, actor, targets, weapon, modifiers)

    def _adjust(self, state: EncounterState) -> None:
        fight = state.fight
        if not fight.combatants:
            return
        target = self.rng.choice(fight.combatants)
        conditions = list(self.engine.condition_labels)
        hp = self.rng.randint(0, target.max_hp) if self.rng.random() < 0.7 else None
        command = Adjust(
            target.id,
            hp=hp,
            hp_by=self.rng.randint(-9, 9) if hp is None and self.rng.random() < 0.5 else None,
            add=self.rng.choice(conditions) if self.rng.random() < 0.3 else "",
            remove=self.rng.choice(sorted(target.conditions) or [""]),
            position=self.rng.randint(1, 4) if fight.order and self.rng.random() < 0.2 else None,
            also=tuple(c.id for c in fight.combatants if self.rng.random() < 0.2),
            rounds=self.rng.randint(1, 3) if self.rng.random() < 0.5 else None,
        )
        if self.faces(command, state) is not None:
            self.play(
                lambda: workflows.adjust(
                    self.pk,
                    self.gm,
                    self._key(),
                    command.combatant,
                    hp=command.hp,
                    hp_by=command.hp_by,
                    add=command.add,
                    remove=command.remove,
                    position=command.position,
                    also=command.also,
                    rounds=command.rounds,
                )
            )

    def _undo(self, state: EncounterState) -> None:
        self.play(lambda: workflows.undo(self.pk, self.gm, self._key()))

    def _redo(self, state: EncounterState) -> None:
        self.play(lambda: workflows.redo(self.pk, self.gm, self._key()))


MOVES = ("initiative", "turn", "action", "adjust", "undo", "redo")
WEIGHTS = (1, 6, 8, 3, 2, 2)


def _assert_replay_equals_live(encounter: Encounter) -> None:
    for event in encounter.events.order_by("seq"):  # one codec: the stored JSON, exactly
        assert payload_from_json(event.type, event.payload).to_json() == event.payload
    assert verify_chain(encounter) == []
    report = replay_encounter(export_encounter(encounter))
    assert report.ok, [str(d) for d in report.differences[:5]]
    encounter.refresh_from_db()
    live = load_state(encounter)[0]
    replayed = report.fight
    assert replayed is not None
    assert replayed.combatants == live.fight.combatants
    assert (replayed.round, replayed.order, replayed.current, dict(replayed.stage)) == (
        live.fight.round,
        live.fight.order,
        live.fight.current,
        dict(live.fight.stage),
    )
    assert report.status == live.status and dict(replayed.options) == dict(live.fight.options)


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_a_randomised_fight_replays_to_the_live_state(db, django_user_model, system):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.filter(system=system).first()
    if campaign is None:
        pytest.skip(f"no demo campaign for {system}")
    fight = _Fight(campaign, gm, random.Random(f"machine-{system}"))
    workflows.roll_initiative(fight.pk, gm, "first", typed_faces=fight.faces(RollInitiative()))
    while Encounter.objects.get(pk=fight.pk).log_length < EVENTS:
        fight.step()
    workflows.end_encounter(fight.pk, gm, "end")
    encounter = Encounter.objects.get(pk=fight.pk)
    played = set(encounter.events.values_list("type", flat=True))
    assert played >= {"options", "initiative", "action", "turn", "adjust", "undo", "redo"}
    assert played >= {"proposed", "rejected"}, played
    _assert_replay_equals_live(encounter)


def test_every_demo_fight_replays_to_the_live_state(db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    encounters = Encounter.objects.select_related("campaign")
    assert encounters.count() >= 2 * len(SYSTEMS)
    for encounter in encounters:
        _assert_replay_equals_live(encounter)
