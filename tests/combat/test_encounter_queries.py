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
    # Pinned: session+user; the encounter with its campaign, the user's membership and whether
    # a proposal waits (one query: combat.history.waiting; none waits here, so they are not
    # read); then the page's reads: the combatants, a page of the log and the journal rolls the
    # action form offers. The action reads no key before its workflow (the workflow finds a
    # retry under the lock; the view asks only when the fight refuses the post). The action
    # reads the fight once: its view takes the locks (membership, encounter) and reads the
    # combatants inside the write's transaction, and its workflow writes from them inside a
    # savepoint, so a refusal rolls back what it wrote (savepoint, key, writes, event, history
    # row, the dice audit's rows of its rolls, the search's row of its entry, version,
    # release); then the re-render from the encounter it saved, with the open proposals read
    # after the lock (combat.views.common.encounter_of says why not with it). A poll that
    # sends the entry its browser remembers adds one indexed lookup (combat.live).
    assert small == {"poll_unchanged": 3, "poll_remembering": 4, "page": 6, "action": 20}
    assert small["poll_remembering"] == small["poll_unchanged"] + 1


def _post_queries(client, fight, **data):
    encounter = fight["encounter"]
    action = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    with CaptureQueriesContext(connection) as queries:
        response = client.post(action, data, **HTMX)
    assert response.status_code == 200
    return [query["sql"] for query in queries.captured_queries], response


def _position(sqls, start):
    return next(n for n, sql in enumerate(sqls) if sql.startswith(start))


def test_an_action_reads_the_fight_once_under_the_locks_its_write_takes(client, fight):
    """The view's checks (membership, turn, the form against the fight) and the workflow's
    write share one transaction: the membership and the encounter are read (on PostgreSQL
    locked) before the combatants, which are read once, and the write follows."""
    client.force_login(fight["gm"])
    data = {"key": "held-1", "kind": "attack", "targets": [fight["leader"]]}
    sqls, _response = _post_queries(client, fight, **data, weapon="Široký meč", faces="1, 6, 1")
    member = _position(sqls, 'SELECT "campaigns_membership"')
    locked = _position(sqls, 'SELECT "combat_encounter"')
    rows = [n for n, sql in enumerate(sqls) if sql.startswith('SELECT "combat_combatant"')]
    written = _position(sqls, 'INSERT INTO "combat_event"')
    assert len(rows) == 1  # the fight is read once
    assert member < locked < rows[0] < written
    if connection.vendor == "postgresql":
        assert 'FOR UPDATE OF "campaigns_membership"' in sqls[member]
        assert sqls[locked].endswith("FOR UPDATE")
    else:  # SQLite: one writer at a time, from the transaction's first statement
        assert any(sql.startswith("SAVEPOINT") for sql in sqls[:member])


def test_a_refused_action_in_the_held_transaction_shows_its_error_and_writes_nothing(client, fight):
    """A refusal inside the post's transaction leaves it usable: the form comes back with its
    error and the fight is read still once."""
    client.force_login(fight["gm"])
    before = Encounter.objects.get(pk=fight["encounter"].pk).log_length
    data = {"key": "held-2", "kind": "attack", "targets": [fight["leader"]]}
    sqls, response = _post_queries(client, fight, **data, weapon="Široký meč", faces="1, 6, 1, 4")
    page = response.content.decode()
    assert "1 face too many: expected 3" in page  # next to the typed faces, which stay
    assert 'name="faces" value="1, 6, 1, 4"' in page
    assert len([s for s in sqls if s.startswith('SELECT "combat_combatant"')]) == 1
    assert not any(s.startswith('INSERT INTO "combat_event"') for s in sqls)
    assert Encounter.objects.get(pk=fight["encounter"].pk).log_length == before
