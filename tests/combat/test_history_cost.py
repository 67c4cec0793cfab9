"""A request costs the same in a young campaign and in one with a long history (issue L).

The user's paths — an action through the view, a changed poll, undo and redo — make the same
number of queries, and on SQLite the same work inside the database (its virtual machine's steps,
counted by a progress handler: deterministic, unlike a clock), whether the campaign holds a few
events or thousands, most of them in the fight itself. Used journal rolls, open proposals and
the undo/redo stacks are kept in small indexed rows (combat.models.history), maintained by the
workflow that appends the event; `rebuild_history` folds the log into the same rows.
"""

import importlib
import json

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.exchange import export_campaign, import_campaign
from campaigns.models import Campaign, JournalRoll, Monster, Thread
from combat import history, workflows
from combat.models import Encounter, JournalRollUse, OpenProposal, StruckEntry, UndoEntry
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action
from combat.rules.faces import TypedFaces

HTMX = {"HTTP_HX_REQUEST": "true"}
IN_FIGHT, ELSEWHERE = 1_050, 1_000  # events added to the fight, and to another encounter


class _Steps:
    """SQLite virtual machine steps (in hundreds) spent while the block runs; None elsewhere."""

    def __enter__(self) -> "_Steps":
        self.count = 0
        self.raw = connection.connection if connection.vendor == "sqlite" else None
        if self.raw is not None:
            self.raw.set_progress_handler(self._tick, 100)
        return self

    def _tick(self) -> int:
        self.count += 1
        return 0

    def __exit__(self, *exc: object) -> None:
        if self.raw is not None:
            self.raw.set_progress_handler(None, 0)


def _request(client, method, url, data=None, **headers):
    with CaptureQueriesContext(connection) as queries, _Steps() as steps:
        response = getattr(client, method)(url, data or {}, **headers)
    assert response.status_code in (200, 204), response.status_code
    return len(queries), steps.count


def _paths(client, fight, n):
    """Each user path once: (queries, steps) by name. The attack misses (1, 6, 1)."""
    encounter = Encounter.objects.get(pk=fight["encounter"].pk)
    page = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    action = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    turn = reverse("combat:encounter_turn", args=[encounter.campaign_id, encounter.pk, "x"])
    attack = {
        "key": f"h{n}",
        "kind": "attack",
        "targets": [fight["leader"]],
        "weapon": "Široký meč",
        "faces": "1, 6, 1",
    }
    measured = {
        "changed poll": _request(client, "get", page, {"version": encounter.version - 1}, **HTMX),
        "action": _request(client, "post", action, attack, **HTMX),
        "undo": _request(
            client, "post", turn.replace("/x/", "/undo/"), {"turn-key": f"u{n}"}, **HTMX
        ),
        "redo": _request(
            client, "post", turn.replace("/x/", "/redo/"), {"turn-key": f"r{n}"}, **HTMX
        ),
    }
    workflows.undo(encounter.pk, fight["gm"], f"back{n}")  # Baldur may attack again
    return measured


def _history(fight, in_fight, elsewhere, mark):
    """A longer campaign: adjustments, attacks and undos in the fight; another encounter's log."""
    gm, pk, leader = fight["gm"], fight["encounter"].pk, fight["leader"]
    miss = Action("attack", fight["baldur"], (leader,), weapon="Široký meč")
    for number in range(in_fight // 3):
        workflows.adjust(pk, gm, f"{mark}-adj{number}", leader, hp=20 - number % 5)
        workflows.resolve_action(pk, gm, f"{mark}-act{number}", miss, [1, 6, 1])
        workflows.undo(pk, gm, f"{mark}-undo{number}")
    other = workflows.create_encounter(fight["encounter"].campaign, f"Jinde {mark}", gm)
    goblin = Monster.objects.get(campaign=fight["encounter"].campaign, name="Skřet")
    workflows.add_combatants(other.pk, gm, f"{mark}-add", record=goblin, count=2)
    goblins = [c.key for c in other.combatants.all()]
    for number in range(elsewhere):
        workflows.adjust(other.pk, gm, f"{mark}-o{number}", goblins[number % 2], hp=3 + number % 3)


def test_user_paths_cost_the_same_in_a_short_and_a_long_history(client, fight):
    client.force_login(fight["gm"])
    _history(fight, 45, 0, "short")  # a full page of log: the page shows the same rows later
    _paths(client, fight, 0)  # warm caches (templates, translations)
    small = _paths(client, fight, 1)
    _history(fight, IN_FIGHT, ELSEWHERE, "long")
    assert Encounter.objects.get(pk=fight["encounter"].pk).log_length > IN_FIGHT
    large = _paths(client, fight, 2)
    assert {k: q for k, (q, _s) in large.items()} == {k: q for k, (q, _s) in small.items()}
    if connection.vendor == "sqlite":  # the database's own work: not one step per old event
        for name, (_queries, steps) in large.items():
            assert steps <= small[name][1] * 1.2 + 3, (name, small[name][1], steps)


@pytest.fixture
def played(fight, django_user_model):
    """Proposals accepted, rejected and open; a journal roll used; undo, redo and a new action
    that forgets what could be redone; and an undo left to redo."""
    gm, pk, leader, baldur = fight["gm"], fight["encounter"].pk, fight["leader"], fight["baldur"]
    campaign = Campaign.objects.get(pk=fight["encounter"].campaign_id)
    player = django_user_model.objects.get(username="hrac")  # owns Baldur
    miss = Action("attack", baldur, (leader,), weapon="Široký meč")
    proposals = [workflows.propose_action(pk, player, f"p{n}", miss, [1, 6, 1]) for n in range(3)]
    workflows.decide_proposal(pk, gm, "d0", proposals[0].seq, accept=True)
    workflows.decide_proposal(pk, gm, "d1", proposals[1].seq, accept=False)
    Thread.open(campaign, gm, "Stezka", "[dice]3d6[/dice]", key="t1", faces=TypedFaces([1, 6, 1]))
    roll = JournalRoll.objects.get(campaign=campaign)
    workflows.next_turn(pk, gm, "n1")  # the leader's turn
    workflows.next_turn(pk, gm, "n2")  # round 2: Baldur's again
    workflows.resolve_action(pk, gm, "j", miss, [1, 6, 1], journal_roll=roll.pk)
    for step in ("u1", "u2", "r1"):
        (workflows.undo if step[0] == "u" else workflows.redo)(pk, gm, step)
    workflows.adjust(pk, gm, "a1", leader, hp=15)  # forgets the second undo
    workflows.undo(pk, gm, "u3")
    return {**fight, "player": player, "roll": roll, "open": proposals[2].seq}


def _index(encounter):
    uses = JournalRollUse.objects.filter(encounter=encounter).values_list("roll_id", "seq")
    return {
        "rolls": dict(uses),
        "proposals": [e.seq for e in history.open_proposals(encounter)],
        "stacks": history.stacks(encounter),
        "struck": dict(
            StruckEntry.objects.filter(encounter=encounter).values_list("event__seq", "by")
        ),
    }


def _folded(encounter):
    log = encounter.events.order_by("seq").values_list("seq", "type", "payload")
    folded = history.fold(log)
    return {
        "rolls": folded.rolls,
        "proposals": list(folded.proposals),
        "stacks": (folded.done, folded.undone),
        "struck": folded.struck,
    }


def test_the_index_says_what_the_whole_log_says(client, played):
    encounter = Encounter.objects.get(pk=played["encounter"].pk)
    index = _index(encounter)
    assert index == _folded(encounter)
    assert index["proposals"] == [played["open"]] and list(index["rolls"]) == [played["roll"].pk]
    assert len(index["stacks"][1]) == 1  # the adjustment's undo, and nothing older
    # Struck through: the first undo's entry (the journal roll's action: the redo put back the
    # second undo's, the older one) and the adjustment, each naming its undo.
    undos = list(encounter.events.filter(type="undo").order_by("seq"))
    assert index["struck"] == {u.payload["target"]: u.seq for u in (undos[0], undos[2])}
    client.force_login(played["gm"])
    page = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    assert "Proposed actions" in client.get(page).content.decode()
    redo = reverse("combat:encounter_turn", args=[encounter.campaign_id, encounter.pk, "redo"])
    client.post(redo, {"turn-key": "r-view"}, **HTMX)
    html = client.post(redo, {"turn-key": "r-view2"}, **HTMX).content.decode()
    assert "nothing to undo or redo" in html  # the older undo was forgotten by the adjustment
    assert _index(encounter) == _folded(Encounter.objects.get(pk=encounter.pk))


def test_the_migration_fills_the_index_from_existing_logs(played):
    """Migration 0008's back-fill, run over logs written before the index existed."""
    encounter = Encounter.objects.get(pk=played["encounter"].pk)
    expected = _index(encounter)
    for model in (JournalRollUse, OpenProposal, UndoEntry):
        model.objects.all().delete()
    migration = importlib.import_module("combat.migrations.0008_history_index")
    migration.backfill(django_apps, None)
    assert _index(encounter) == expected


def test_the_migration_strikes_through_what_existing_logs_undid(client, played):
    """Migration 0010's back-fill; the page strikes through the same entries, naming the undo."""
    encounter = Encounter.objects.get(pk=played["encounter"].pk)
    expected = _index(encounter)["struck"]
    StruckEntry.objects.all().delete()
    importlib.import_module("combat.migrations.0010_log_strikes").backfill(django_apps, None)
    assert _index(encounter)["struck"] == expected and len(expected) == 2
    client.force_login(played["gm"])
    page = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    html = client.get(page).content.decode()
    for seq, by in expected.items():
        assert f'undone" data-seq="{seq}"' in html and f'href="#log-{by}">undone by #{by}' in html
    assert html.count("undone by #") == 2


def test_an_imported_campaign_keeps_its_open_proposals_and_what_redo_puts_back(played):
    exported = json.loads(json.dumps(export_campaign(played["encounter"].campaign)))
    exported["campaign"]["name"] = "Kopie"
    copy = import_campaign(exported)
    encounter = Encounter.objects.get(campaign=copy, name=played["encounter"].name)
    original = Encounter.objects.get(pk=played["encounter"].pk)
    ours, theirs = _index(encounter), _index(original)
    assert ours["proposals"] == theirs["proposals"] and ours["stacks"] == theirs["stacks"]
    assert ours["struck"] == theirs["struck"]
    workflows.redo(encounter.pk, played["gm"], "after-import")  # the adjustment comes back
    assert encounter.combatants.get(name="Vůdce skřetů").hp == 15


def test_a_fight_with_proposals_replays_to_the_live_state(played):
    """Proposals and rejections change nothing; replay steps over them (it used to stop)."""
    encounter = Encounter.objects.get(pk=played["encounter"].pk)
    report = replay_encounter(export_encounter(encounter))
    assert report.ok, [str(difference) for difference in report.differences]
    live = {row.key: row.hp for row in encounter.combatants.all()}
    assert {c.id: c.hp for c in report.fight.combatants} == live
