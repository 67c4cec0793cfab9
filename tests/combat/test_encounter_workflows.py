"""Encounter workflows on the real database, with the Dračí Hlídka engine and scripted dice."""

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from campaigns.models import Character
from combat import workflows
from combat.eventlog import verify_chain
from combat.models import AppendOnlyError, Encounter, Event
from combat.rules.base import Action
from combat.rules.dice import InvalidDice


def _attack(fight, key="k-attack", faces=(3, 1)):
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    return workflows.resolve_action(fight["encounter"].pk, fight["gm"], key, action, list(faces))


def _leader_hp(fight):
    return fight["encounter"].combatants.get(name="Vůdce skřetů").hp


def test_baldur_hits_the_goblin_leader_12_vs_5_for_8(fight):
    encounter = fight["encounter"]
    assert encounter.current == fight["baldur"] and encounter.round == 1
    event = _attack(fight)
    data = event.payload["outcome"]["data"]
    assert (data["attack"], data["defence"], data["damage"]) == (12, 5, 8)
    assert _leader_hp(fight) == 12
    assert [r["faces"] for r in event.payload["outcome"]["rolls"]] == [[3], [1]]


def test_the_same_form_key_twice_resolves_once(fight):
    first, second = _attack(fight), _attack(fight)
    assert first.pk == second.pk and _leader_hp(fight) == 12


def test_undo_restores_the_exact_state_and_redo_reapplies_the_same_dice(fight):
    _attack(fight)
    pk, gm = fight["encounter"].pk, fight["gm"]
    workflows.undo(pk, gm, "k-undo")
    assert _leader_hp(fight) == 20
    workflows.redo(pk, gm, "k-redo")
    assert _leader_hp(fight) == 12
    types = list(Event.objects.filter(encounter_id=pk).values_list("type", flat=True))
    assert types[-3:] == ["action", "undo", "redo"]


def test_nothing_to_undo_is_said(fight):
    pk, gm = fight["encounter"].pk, fight["gm"]
    workflows.undo(pk, gm, "u1")  # takes back the initiative
    with pytest.raises(workflows.NothingToUndo):
        workflows.undo(pk, gm, "u2")


def test_every_workflow_bumps_the_version(fight):
    before = Encounter.objects.get(pk=fight["encounter"].pk).version
    _attack(fight)
    assert Encounter.objects.get(pk=fight["encounter"].pk).version == before + 1


def test_typed_faces_left_over_are_refused_and_nothing_changes(fight):
    with pytest.raises(InvalidDice, match="1 face too many"):
        _attack(fight, faces=(3, 1, 6))
    assert _leader_hp(fight) == 20


def test_a_critical_bleeds_at_the_start_of_the_next_round_exactly_once(fight_every_turn):
    fight = fight_every_turn
    # 6,6,6,3 → three sixes; the leader's active defence 1; bleed dice 5 and 2 → 7 lost now
    event = _attack(fight, faces=(6, 6, 6, 3, 1, 5, 2))
    hp_after_hit = _leader_hp(fight)
    assert event.payload["outcome"]["data"]["critical"] is True
    pk, gm = fight["encounter"].pk, fight["gm"]
    workflows.next_turn(pk, gm, "t1")  # the leader's turn
    assert _leader_hp(fight) == hp_after_hit
    workflows.next_turn(pk, gm, "t2", typed_faces=[4, 3])  # round 2: 2d6 bleed again → 7
    assert _leader_hp(fight) == hp_after_hit - 7
    workflows.undo(pk, gm, "t3")
    workflows.redo(pk, gm, "t4")
    assert _leader_hp(fight) == hp_after_hit - 7  # redo does not bleed twice


def test_the_log_chain_verifies(fight):
    _attack(fight)
    assert verify_chain(Encounter.objects.get(pk=fight["encounter"].pk)) == []


def test_events_cannot_be_edited_through_the_orm(fight):
    event = Event.objects.filter(encounter=fight["encounter"]).last()
    with pytest.raises(AppendOnlyError):
        event.save()


TAMPER = {
    "sqlite": ["DROP TRIGGER combat_event_no_update",
               "UPDATE combat_event SET payload = json_set(payload, '$.outcome.data.damage', 1) "
               "WHERE id = %s"],
    "postgresql": ["SET CONSTRAINTS ALL IMMEDIATE",
                   "ALTER TABLE combat_event DISABLE TRIGGER combat_event_append_only",
                   "UPDATE combat_event SET payload = jsonb_set(payload, '{outcome,data,damage}', "
                   "'1') WHERE id = %s"],
}  # fmt: skip


def test_verify_log_names_an_event_edited_directly_in_the_database(fight):
    _attack(fight)
    event = Event.objects.filter(encounter=fight["encounter"], type="action").get()
    *disable, update = TAMPER[connection.vendor]
    with connection.cursor() as cursor:  # a tamperer who switches the trigger off first
        for statement in disable:
            cursor.execute(statement)
        cursor.execute(update, [event.pk])
    with pytest.raises(CommandError):
        call_command("verify_log", str(fight["encounter"].pk))
    problems = verify_chain(Encounter.objects.get(pk=fight["encounter"].pk))
    assert problems == [f"event #{event.seq} (action) was edited"]


def test_characters_keep_their_hp_and_conditions_after_the_fight(fight):
    pk, gm = fight["encounter"].pk, fight["gm"]
    workflows.adjust(pk, gm, "hurt", fight["baldur"], hp=17, add="prone")
    event = workflows.end_encounter(pk, gm, "end")
    baldur = Character.objects.get(name="Baldur", campaign=fight["encounter"].campaign)
    assert (baldur.current_hp, baldur.conditions) == (17, ["prone"])
    assert event.payload["characters"][0]["hp"] == 17
    again = workflows.create_encounter(fight["encounter"].campaign, "Next day", gm)
    workflows.add_combatants(again.pk, gm, "again", record=baldur, side="party")
    assert again.combatants.get().hp == 17


def test_worn_armour_counts_in_the_fight_when_the_record_leaves_zbroj_empty(fight):
    from campaigns.models import Armor
    from combat.rules.systems import get_system

    campaign = fight["encounter"].campaign
    schema = get_system("draci_hlidka")
    mail = Armor.objects.create(campaign=campaign, system="draci_hlidka", name="Kroužková",
                                stats=schema.armor.clean({"druh": "zbroj", "kvalita": 3}))  # fmt: skip
    recruit = Character.objects.create(campaign=campaign, system="draci_hlidka", name="Nováček",
                                       stats=schema.creature.clean({"zbroj": 0}))  # fmt: skip
    recruit.armor.add(mail)
    workflows.add_combatants(fight["encounter"].pk, fight["gm"], "armour", record=recruit)
    assert fight["encounter"].combatants.get(name="Nováček").stats["zbroj"] == 3


def test_the_gm_moves_a_combatant_in_the_order_and_undo_moves_it_back(fight):
    pk, gm = fight["encounter"].pk, fight["gm"]
    workflows.adjust(pk, gm, "move", fight["leader"], position=1)
    assert Encounter.objects.get(pk=pk).order == [fight["leader"], fight["baldur"]]
    workflows.undo(pk, gm, "move-undo")
    assert Encounter.objects.get(pk=pk).order == [fight["baldur"], fight["leader"]]
