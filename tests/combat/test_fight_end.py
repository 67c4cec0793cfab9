"""An ended fight is final until its end is undone (issue N): no turn, roll, action, adjustment or
second end; a waiting proposal can still be turned down; the undo says the fight goes on. The
GM's "End fight" is asked first, with and without JavaScript; nobody else can end it. And the
GM reads "down" beside HP that say so, as the players read it."""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign
from combat import workflows
from combat.demo import PREPARED, load_demo_encounters
from combat.fightstate import load_state
from combat.models import Encounter
from combat.rules.base import Action, RulesError
from combat.rules.encounter import End, NextTurn, decide
from combat.rules.engines import get_engine
from combat.rules.faces import TypedFaces

HTMX = {"HTTP_HX_REQUEST": "true"}
ENDED = "The fight has ended: undo its end to go on."


@pytest.fixture
def fight(db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    encounter = Encounter.objects.get(name=PREPARED)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return gm, encounter, keys


def _url(encounter, step):
    return reverse("combat:encounter_turn", args=[encounter.campaign_id, encounter.pk, step])


def test_after_the_end_nothing_happens_but_an_undo(fight):
    gm, encounter, keys = fight
    workflows.end_encounter(encounter.pk, gm, "end")
    logged = encounter.events.count()
    attack = Action("attack", keys["Baldur"], (keys["Vůdce skřetů"],), weapon="Široký meč")
    refused = {
        "next": lambda: workflows.next_turn(encounter.pk, gm, "n"),
        "initiative": lambda: workflows.roll_initiative(encounter.pk, gm, "i"),
        "action": lambda: workflows.resolve_action(encounter.pk, gm, "a", attack, [3, 1]),
        "adjust": lambda: workflows.adjust(encounter.pk, gm, "h", keys["Baldur"], hp=1),
        "end again": lambda: workflows.end_encounter(encounter.pk, gm, "e2"),
    }
    for name, attempt in refused.items():
        with pytest.raises(RulesError) as error:
            attempt()
        assert error.value.template == ENDED, name
    assert encounter.events.count() == logged  # nothing was written
    workflows.undo(encounter.pk, gm, "u")
    assert Encounter.objects.get(pk=encounter.pk).status == "running"
    workflows.next_turn(encounter.pk, gm, "n-after")  # the fight goes on


def test_a_replay_reads_an_older_log_written_after_an_end(fight):
    """Logs written before the end was final may hold a turn after it: a replay decides them
    again as they were (not live), so they still replay."""
    gm, encounter, _keys = fight
    workflows.end_encounter(encounter.pk, gm, "end")
    state, _rows = load_state(Encounter.objects.get(pk=encounter.pk))
    engine = get_engine(encounter.system)
    with pytest.raises(RulesError):
        decide(state, NextTurn(), engine, TypedFaces([]))
    assert decide(state, NextTurn(), engine, TypedFaces([]), live=False).type == "turn"
    with pytest.raises(RulesError):
        decide(state, End(), engine, TypedFaces([]))


def test_a_waiting_proposal_can_still_be_turned_down(fight, django_user_model):
    gm, encounter, keys = fight
    Campaign.objects.filter(pk=encounter.campaign_id).update(players_propose=True)
    player = django_user_model.objects.get(username="hrac")
    attack = Action("attack", keys["Baldur"], (keys["Vůdce skřetů"],), weapon="Široký meč")
    proposal = workflows.propose_action(encounter.pk, player, "p", attack, [3, 1])
    workflows.end_encounter(encounter.pk, gm, "end")
    with pytest.raises(RulesError):
        workflows.decide_proposal(encounter.pk, gm, "yes", proposal.seq, accept=True)
    workflows.decide_proposal(encounter.pk, gm, "no", proposal.seq, accept=False)
    assert workflows.pending_proposals(encounter) == []


def test_the_undo_of_an_end_says_the_fight_goes_on(client, fight):
    gm, encounter, _keys = fight
    end = workflows.end_encounter(encounter.pk, gm, "end")
    workflows.undo(encounter.pk, gm, "u")
    workflows.redo(encounter.pk, gm, "r")
    client.force_login(gm)
    page = client.get(reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk]))
    html = page.content.decode()
    assert f"The fight goes on again (its end, event #{end.seq}, undone)" in html
    assert f"The fight has ended again (event #{end.seq} redone)" in html


@pytest.mark.parametrize("headers", [HTMX, {}], ids=["htmx", "no-js"])
def test_end_fight_is_asked_first_then_done(client, fight, headers):
    gm, encounter, _keys = fight
    client.force_login(gm)
    asked = client.post(_url(encounter, "end"), {"turn-key": "end-1"}, **headers)
    assert asked.status_code == 200
    html = asked.content.decode()
    assert "End the fight?" in html and 'name="turn-confirmed"' in html
    assert 'value="end-1"' in html  # the confirmation carries the same one-time key
    assert Encounter.objects.get(pk=encounter.pk).status == "running"
    data = {"turn-key": "end-1", "turn-confirmed": "on"}
    done = client.post(_url(encounter, "end"), data, **headers)
    assert done.status_code == (200 if headers else 302)
    assert Encounter.objects.get(pk=encounter.pk).status == "ended"
    again = client.post(_url(encounter, "end"), data, **headers)  # a double click: the same end
    assert again.status_code == (200 if headers else 302)
    assert Encounter.objects.get(pk=encounter.pk).events.filter(type="ended").count() == 1
    page = client.get(reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk]))
    html = page.content.decode()
    assert "fight-over" in html and ">Next turn<" not in html and ">End fight<" not in html


def test_next_turn_after_the_end_is_refused_in_the_panel(client, fight):
    gm, encounter, _keys = fight
    workflows.end_encounter(encounter.pk, gm, "end")
    client.force_login(gm)
    answer = client.post(_url(encounter, "next"), {"turn-key": "late"}, **HTMX)
    assert answer.status_code == 200 and ENDED in answer.content.decode()
    assert Encounter.objects.get(pk=encounter.pk).status == "ended"


@pytest.mark.parametrize("who", ["hrac", "stranger", "gm2"])
def test_nobody_else_can_end_the_fight(client, fight, django_user_model, who):
    """A player of the campaign: 403; a stranger, or a GM of another campaign: 404."""
    _gm, encounter, _keys = fight
    user = django_user_model.objects.filter(username=who).first()
    if user is None:
        user = django_user_model.objects.create_user(who, password="x")
    if who == "gm2":
        Campaign.objects.create(name="Jinde", system=encounter.campaign.system)
        other = Campaign.objects.exclude(pk=encounter.campaign_id).first()
        other.memberships.create(user=user, role="gm")
    client.force_login(user)
    data = {"turn-key": "mine", "turn-confirmed": "on"}
    answer = client.post(_url(encounter, "end"), data, **HTMX)
    assert answer.status_code == (403 if who == "hrac" else 404)
    assert Encounter.objects.get(pk=encounter.pk).status == "running"


def test_an_end_undone_and_redone_replays_and_its_index_is_the_logs(fight):
    from combat import history
    from combat.replay import export_encounter, replay_encounter

    gm, encounter, _keys = fight
    workflows.end_encounter(encounter.pk, gm, "end")
    workflows.undo(encounter.pk, gm, "u")
    workflows.next_turn(encounter.pk, gm, "n")
    workflows.end_encounter(encounter.pk, gm, "end-2")
    workflows.undo(encounter.pk, gm, "u-2")
    workflows.redo(encounter.pk, gm, "r-2")
    encounter = Encounter.objects.get(pk=encounter.pk)
    assert encounter.status == "ended"
    report = replay_encounter(export_encounter(encounter))
    assert report.ok, [str(d) for d in report.differences]
    folded = history.fold(encounter.events.order_by("seq").values_list("seq", "type", "payload"))
    assert history.stacks(encounter) == (list(folded.done), list(folded.undone))


def test_the_migration_makes_an_older_end_the_next_undo(fight):
    """Migration 0009 over an end written before ends were undoable (no undo row of its own):
    afterwards undo takes back the end, not the step before it."""
    import importlib

    from django.apps import apps as django_apps

    from combat.models import UndoEntry

    gm, encounter, _keys = fight
    end = workflows.end_encounter(encounter.pk, gm, "end")
    UndoEntry.objects.filter(encounter=encounter, seq=end.seq).delete()  # as it was written
    importlib.import_module("combat.migrations.0009_an_end_can_be_undone").refold(django_apps, None)
    undo = workflows.undo(encounter.pk, gm, "u")
    assert undo.payload == {"target": end.seq, "type": "ended"}
    assert Encounter.objects.get(pk=encounter.pk).status == "running"


@pytest.mark.parametrize("older", [True, False], ids=["step-before-the-end", "anything-else"])
def test_a_log_from_before_ends_could_be_undone_still_replays(fight, older):
    """Before, an undo after the end took back the step before it: such a log replays; an undo
    of anything else than what the stacks hold is still a difference."""
    from django.db import transaction

    from combat import workflow_frame
    from combat.replay import export_encounter, replay_encounter

    gm, encounter, _keys = fight
    initiative = encounter.events.get(type="initiative").seq
    workflows.end_encounter(encounter.pk, gm, "end")
    target = initiative if older else 1
    with transaction.atomic():  # the undo as the frame wrote it then
        locked = Encounter.objects.select_for_update().get(pk=encounter.pk)
        undo = {"target": target, "type": "initiative" if older else "created"}
        workflow_frame.append(locked, gm, "old-undo", "undo", undo)
    report = replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk)))
    assert report.ok is older, [str(d) for d in report.differences]


def test_the_gm_reads_down_beside_numbers_that_say_so(client, fight):
    """Found by issue N: the GM read "-3 / 20" where the players read "down"."""
    gm, encounter, keys = fight
    workflows.adjust(encounter.pk, gm, "hp", keys["Vůdce skřetů"], hp=-3)
    client.force_login(gm)
    page = client.get(reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk]))
    html = page.content.decode()
    leader = html[html.index('data-combatant="Vůdce skřetů"') :].split("</li>")[0]
    assert "-3 / 20 · down" in leader
    baldur = html[html.index('data-combatant="Baldur"') :].split("</li>")[0]
    assert "30 / 30<" in baldur  # standing: the numbers alone


def test_a_log_from_before_ends_could_be_undone_folds_to_what_it_says(fight):
    """Found by review: the fold took the top of the stack, not the undo's target, so migration
    0009 made the old undo's initiative the next undo again (undone twice, and the replay
    then broken). The fold follows each undo's target, as the live index does."""
    import importlib

    from django.apps import apps as django_apps
    from django.db import transaction

    from combat import history, workflow_frame
    from combat.models import UndoEntry
    from combat.replay import export_encounter, replay_encounter

    gm, encounter, _keys = fight
    initiative = encounter.events.get(type="initiative").seq
    end = workflows.end_encounter(encounter.pk, gm, "end")
    UndoEntry.objects.filter(encounter=encounter, seq=end.seq).delete()  # as written then
    with transaction.atomic():
        locked = Encounter.objects.select_for_update().get(pk=encounter.pk)
        undo = {"target": initiative, "type": "initiative"}
        workflow_frame.append(locked, gm, "old-undo", "undo", undo)
    importlib.import_module("combat.migrations.0009_an_end_can_be_undone").refold(django_apps, None)
    assert history.stacks(encounter)[0] == [end.seq]
    again = workflows.undo(encounter.pk, gm, "u-new")
    assert again.payload == {"target": end.seq, "type": "ended"}
    report = replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk)))
    assert report.ok, [str(d) for d in report.differences]


def test_nobody_joins_an_ended_fight(fight):
    """Found by review: adding combatants went past the rule (it decides no command)."""
    from campaigns.models import Monster

    gm, encounter, _keys = fight
    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.end_encounter(encounter.pk, gm, "end")
    joined = encounter.combatants.count()
    with pytest.raises(RulesError) as error:
        workflows.add_combatants(encounter.pk, gm, "late", record=goblin)
    assert error.value.template == ENDED
    assert encounter.combatants.count() == joined  # no row was left behind either


def test_going_back_to_0008_leaves_no_end_in_the_undo_index(fight):
    import importlib

    from django.apps import apps as django_apps

    from combat.models import UndoEntry

    gm, encounter, _keys = fight
    end = workflows.end_encounter(encounter.pk, gm, "end")
    assert UndoEntry.objects.filter(encounter=encounter, seq=end.seq).exists()
    migration = importlib.import_module("combat.migrations.0009_an_end_can_be_undone")
    migration.unindex_ends(django_apps, None)
    assert not UndoEntry.objects.filter(encounter=encounter, seq=end.seq).exists()
    assert UndoEntry.objects.filter(encounter=encounter).exists()  # the initiative stays
