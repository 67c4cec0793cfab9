"""The board and the panel (issue L): the poll brings only the board; a post answers with the
panel (its form bound with errors at 200, or fresh) and the board out of band; without
JavaScript the same forms work by POST/redirect/GET. Each answer requested as a full page and
as an htmx request, its query count pinned; the fight is read once per request."""

import re

from django.db import connection
from django.test.utils import CaptureQueriesContext

from combat.models import Encounter, Event
from combat.rules.engine import EngineBase
from combat.rules.engines import get_engine
from tests.combat.test_encounter_views import HTMX, _player, _url

HIT = {"kind": "attack", "weapon": "Široký meč", "faces": "3, 1"}


def _attack(fight, key, **extra):  # type: ignore[no-untyped-def]
    return {"key": key, "targets": [fight["leader"]], **HIT, **extra}


def _regions(html: str) -> list[str]:
    """The ids of the answer's top-level regions, in order, with "oob" for out-of-band ones."""
    found = re.findall(r'<div id="(panel|board)"([^>]*)>', html)
    return [name + (" oob" if "hx-swap-oob" in attrs else "") for name, attrs in found]


def _actions(fight) -> int:  # type: ignore[no-untyped-def]
    return Event.objects.filter(encounter=fight["encounter"], type="action").count()


def test_a_poll_brings_the_board_and_no_form_no_key(client, fight, django_assert_max_num_queries):
    client.force_login(fight["gm"])
    with django_assert_max_num_queries(9):
        html = client.get(_url(fight), {"version": 0}, **HTMX).content.decode()
    assert _regions(html) == ["board"] and "12" not in _regions(html)
    assert "<form" not in html and 'name="key"' not in html and "turn-key" not in html
    assert 'hx-trigger="every 2s, refresh"' in html and "data-offer=" in html


def test_the_page_has_a_polled_board_and_a_panel_that_is_not(client, fight):
    client.force_login(fight["gm"])
    html = client.get(_url(fight)).content.decode()
    assert _regions(html) == ["panel", "board"]
    panel = html.split('<div id="panel"')[1].split('<div id="board"')[0]
    assert "hx-trigger" not in panel.replace('hx-trigger="change', "")  # never polled
    assert 'name="turn-key"' in panel and "Baldur acts" in panel
    assert "hx-preserve" not in html and "version=pick" not in html


def test_a_valid_action_answers_a_fresh_panel_and_the_board_out_of_band(
    client, fight, django_assert_max_num_queries
):
    client.force_login(fight["gm"])
    with django_assert_max_num_queries(27):
        response = client.post(_url(fight, "combat:encounter_action"), _attack(fight, "a1"), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and _regions(html) == ["panel", "board oob"]
    assert "12 / 20" in html and 'value="a1"' not in html and 'role="alert"' not in html


def test_without_javascript_a_valid_action_redirects_to_the_page(client, fight):
    client.force_login(fight["gm"])
    response = client.post(_url(fight, "combat:encounter_action"), _attack(fight, "a2"))
    assert response.status_code == 302 and response["Location"] == _url(fight)
    assert _actions(fight) == 1


def test_an_invalid_action_is_the_bound_form_with_its_errors_at_200(
    client, fight, django_assert_max_num_queries
):
    client.force_login(fight["gm"])
    data = _attack(fight, "bad-1", value_attack_bonus="999", faces="3, 1")
    for headers in (HTMX, {}):
        with django_assert_max_num_queries(16):
            response = client.post(_url(fight, "combat:encounter_action"), data, **headers)
        html = response.content.decode()
        assert response.status_code == 200 and _actions(fight) == 0
        field = re.search(r'<input[^>]*name="value_attack_bonus"[^>]*>', html)[0]
        assert 'value="999"' in field and "is-invalid" in field
        assert "less than or equal to" in html and "Check the action" in html
        assert 'name="faces" value="3, 1"' in html and 'value="bad-1"' in html
        assert re.search(rf'value="{fight["leader"]}"[^>]*checked', html)
    assert _regions(html) == ["panel", "board"] and "<html" in html  # the page, no JavaScript


def test_faces_the_rules_refuse_are_shown_under_the_faces(client, fight):
    client.force_login(fight["gm"])
    data = _attack(fight, "bad-2", faces="3")  # the attack needs two dice
    html = client.post(_url(fight, "combat:encounter_action"), data, **HTMX).content.decode()
    assert _actions(fight) == 0
    field = re.search(r'<input[^>]*name="faces"[^>]*>', html)[0]
    assert 'value="3"' in field and "is-invalid" in field


def test_the_gms_turn_form_comes_back_with_its_error_and_then_fresh(client, fight):
    client.force_login(fight["gm"])
    url = _url(fight, "combat:encounter_turn", "next")
    html = client.post(url, {"turn-key": "t1", "turn-faces": "x"}, **HTMX).content.decode()
    assert _regions(html) == ["panel", "board oob"]
    assert re.search(r'name="turn-faces" value="x"[^>]*is-invalid|is-invalid[^>]*value="x"', html)
    html = client.post(url, {"turn-key": "t1"}, **HTMX).content.decode()
    assert 'value="t1"' not in html and "whole numbers" not in html
    assert Encounter.objects.get(pk=fight["encounter"].pk).current == fight["leader"]


def test_turn_faces_the_rules_refuse_are_shown_under_the_turn_faces(client, fight):
    client.force_login(fight["gm"])
    url = _url(fight, "combat:encounter_turn", "next")  # nothing to roll: a face left over
    response = client.post(url, {"turn-key": "t9", "turn-faces": "4"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and "1 typed faces were not needed" in html
    field = re.search(r'<input[^>]*name="turn-faces"[^>]*>', html)[0]
    assert 'value="4"' in field and "is-invalid" in field
    assert Encounter.objects.get(pk=fight["encounter"].pk).current == fight["baldur"]


def test_an_invalid_adjustment_keeps_the_gms_forms_open_with_the_error(client, fight):
    client.force_login(fight["gm"])
    data = {"key": "adj-1", "combatant": fight["leader"], "hp": "100000"}
    html = client.post(_url(fight, "combat:encounter_adjust"), data, **HTMX).content.decode()
    assert _regions(html) == ["panel", "board oob"] and 'name="record"' in html
    assert re.search(r'<details class="mt-2 gm-adjust" open>', html)
    assert 'value="100000"' in html and "is-invalid" in html
    data["hp"] = "5"
    html = client.post(_url(fight, "combat:encounter_adjust"), data, **HTMX).content.decode()
    assert 'name="hp"' in html and 'value="5"' not in html  # a fresh form after success
    assert fight["encounter"].combatants.get(name="Vůdce skřetů").hp == 5


def test_the_panel_alone_for_another_combatant(client, fight, django_assert_max_num_queries):
    client.force_login(fight["gm"])
    query = {"panel": "1", "actor": fight["leader"]}
    with django_assert_max_num_queries(11):
        html = client.get(_url(fight), query, **HTMX).content.decode()
    assert _regions(html) == ["panel"] and "Vůdce skřetů acts" in html
    page = client.get(_url(fight), query).content.decode()  # no JavaScript: the whole page
    assert "<html" in page and "Vůdce skřetů acts" in page


def test_a_players_panel_offer_names_no_hidden_combatant(client, fight, django_user_model):
    from campaigns.models import Monster
    from combat import workflows

    goblin = Monster.objects.get(campaign=fight["encounter"].campaign, name="Skřet")
    workflows.add_combatants(fight["encounter"].pk, fight["gm"], "h1", record=goblin, hidden=True)
    hidden = fight["encounter"].combatants.get(hidden=True).key
    client.force_login(fight["gm"])
    assert hidden in re.search(r'data-offer="([^"]*)"', client.get(_url(fight)).content.decode())[1]
    player = _player(client, django_user_model)
    for html in (
        player.get(_url(fight)).content.decode(),
        player.get(_url(fight), {"version": 0}, **HTMX).content.decode(),
    ):
        offers = re.findall(r'data-offer="([^"]*)"', html)
        assert offers and all(hidden not in offer.split() for offer in offers)
        assert all(hidden not in offer for offer in offers)


def test_an_action_reads_the_fight_once_and_asks_the_engine_once_per_state(
    client, fight, monkeypatch
):
    """Before: the fight read three times and the actor's options computed three times."""
    engine = type(get_engine("draci_hlidka"))
    asked: list[str] = []
    real = engine.actions

    def counted(self: EngineBase, state, actor):  # type: ignore[no-untyped-def]
        asked.append(actor)
        return real(self, state, actor)

    monkeypatch.setattr(engine, "actions", counted)
    client.force_login(fight["gm"])
    with CaptureQueriesContext(connection) as queries:
        client.post(_url(fight, "combat:encounter_action"), _attack(fight, "once"), **HTMX)
    reads = [q["sql"] for q in queries if q["sql"].startswith("SELECT") and "combatant" in q["sql"]]
    combatant_reads = [sql for sql in reads if 'FROM "combat_combatant"' in sql]
    # once to judge the form, once inside the workflow's lock, once for the new state shown
    assert len(combatant_reads) <= 3, combatant_reads
    assert len(asked) == 2  # the form judged on the state read, the fresh panel on the new one


def test_the_offer_changes_with_the_engines_stage_alone(db, django_user_model):
    """OSE: Dagmar acts in the movement phase and again in the melee phase, nothing else the
    offer names changed: what her panel offers did, so the board's offer must differ (found by
    the OSE browser test, on a phone that polled less often than the GM clicked)."""
    from campaigns.demo import load_demo
    from campaigns.models import Membership
    from combat import workflows
    from combat.demo import load_demo_encounters
    from combat.demos import ose
    from combat.models import Encounter
    from combat.presenter import Scene

    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    encounter = Encounter.objects.get(name=ose.PREPARED)
    membership = Membership.objects.get(campaign=encounter.campaign, user=gm)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[5, 2])
    dagmar = encounter.combatants.get(name="Dagmar").key

    def now():  # type: ignore[no-untyped-def]
        fresh = Encounter.objects.get(pk=encounter.pk)
        return fresh, Scene.load(membership, fresh, gm).offer()

    first, before = now()
    assert first.current == dagmar
    for number in range(12):  # through the phases to Dagmar's next one
        workflows.next_turn(encounter.pk, gm, f"n{number}")
        later, after = now()
        if later.current == dagmar and later.stage != first.stage:
            break
    assert later.current == dagmar and later.round == first.round
    assert before.split()[:4] == after.split()[:4] and before != after
    assert after.split()[-1] == after.split()[-1].upper()  # no key like "c12" inside
