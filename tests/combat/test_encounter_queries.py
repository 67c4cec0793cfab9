"""Query counts per poll, per page and per action do not grow with combatants or log length."""

from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Monster
from combat import workflows
from combat.live import seen_mark
from combat.models import Encounter

HTMX = {"HTTP_HX_REQUEST": "true"}


def _count(client, method, url, data=None, **headers):
    with CaptureQueriesContext(connection) as queries:
        response = getattr(client, method)(url, data or {}, **headers)
    assert response.status_code in (200, 204, 302)
    return len(queries)


def _measure(client, fight, key):
    encounter = Encounter.objects.get(pk=fight["encounter"].pk)
    page = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    newest = encounter.events.order_by("-seq").first()
    seen = {"version": encounter.version, "seen": seen_mark(newest)}  # as app.js polls
    action = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    data = {
        "key": key,
        "kind": "attack",
        "targets": [fight["leader"]],
        "weapon": "Široký meč",
        "faces": "1, 6, 1",
    }  # a miss: nothing changes but the log
    return {
        "poll_unchanged": _count(client, "get", page, {"version": encounter.version}, **HTMX),
        "poll_remembering": _count(client, "get", page, seen, **HTMX),
        "page": _count(client, "get", page),
        "action": _count(client, "post", action, data, **HTMX),
    }  # fmt: skip


def test_queries_do_not_grow_with_combatants_or_log_entries(client, fight):
    client.force_login(fight["gm"])
    small = _measure(client, fight, "q1")
    workflows.undo(fight["encounter"].pk, fight["gm"], "q-undo")  # Baldur may attack again
    goblin = Monster.objects.get(campaign=fight["encounter"].campaign, name="Skřet")
    workflows.add_combatants(fight["encounter"].pk, fight["gm"], "q-add", record=goblin, count=8)
    for number in range(10):
        workflows.adjust(fight["encounter"].pk, fight["gm"], f"q-adj{number}", fight["leader"],
                         hp=20 - number)  # fmt: skip
    large = _measure(client, fight, "q2")
    actions = Encounter.objects.get(pk=fight["encounter"].pk).events.filter(type="action")
    assert actions.count() == 2  # both attacks were resolved
    assert large == small
    # Pinned: session+user and the membership with its campaign (one query), the encounter;
    # then the page's reads: the combatants, a page of the log, the open proposals (none: one
    # small indexed read) and the journal rolls the action form offers. The action reads no
    # key before its workflow (the workflow finds a retry under the lock; the view asks only
    # when the fight refuses the post), then the locked workflow (lock, key, combatants,
    # writes, event, history row, version) and the re-render from the encounter it saved. A
    # poll that sends the entry its browser remembers adds one indexed lookup (combat.live).
    assert small == {"poll_unchanged": 4, "poll_remembering": 5, "page": 8, "action": 18}
    assert small["poll_remembering"] == small["poll_unchanged"] + 1
