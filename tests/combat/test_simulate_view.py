"""The GM's "Simulate" on an encounter (issue J): who may ask, the cache, the SVG histogram."""

import re
import xml.etree.ElementTree as ET

import pytest
from django.core.cache import cache
from django.urls import reverse

from campaigns.demo import load_demo
from combat import workflows
from combat.demo import load_demo_encounters
from combat.models import Encounter
from combat.views import simulate as simulate_views

HTMX = {"HTTP_HX_REQUEST": "true"}
PREPARED = "Přepadení na stezce"  # Dračí Hlídka's prepared demo: 3 heroes, 4 goblins


@pytest.fixture
def demo(db, django_user_model, monkeypatch):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    cache.clear()
    monkeypatch.setattr(simulate_views, "BUDGET", 0.3)  # a short run is enough here
    encounter = Encounter.objects.get(name=PREPARED)
    url = reverse("combat:encounter_simulate", args=[encounter.campaign_id, encounter.pk])
    return {"gm": gm, "encounter": encounter, "url": url}


@pytest.fixture
def counted(monkeypatch):
    """How many simulations really ran."""
    runs = []
    real = simulate_views.simulate

    def simulate(*args, **kwargs):  # type: ignore[no-untyped-def]
        runs.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate_views, "simulate", simulate)
    return runs


def test_the_gm_sees_each_sides_chance_the_rounds_and_who_drops(demo, client, counted):
    client.force_login(demo["gm"])
    response = client.get(demo["url"], **HTMX)
    assert response.status_code == 200 and counted == [1]
    html = response.content.decode()
    played = int(re.search(r'data-fights="(\d+)"', html).group(1))
    assert 1 <= played <= 10_000
    assert "fights played" in html or "fight played" in html
    assert len(re.findall(r'class="simulation-side"', html)) == 2  # party and enemies
    # the characters (Grop is the GM's NPC ally: no line of his own)
    assert re.findall(r'class="simulation-drop"><td>(\w+)</td>', html) == ["Baldur", "Meredil"]
    assert "Expected number of rounds" in html and "Chance to win" in html


def test_the_histogram_is_an_svg_with_a_bar_per_round(demo, client):
    client.force_login(demo["gm"])
    html = client.get(demo["url"], **HTMX).content.decode()
    svg = re.search(r"<svg.*?</svg>", html, re.DOTALL)
    assert svg is not None
    root = ET.fromstring(svg.group(0))  # noqa: S314 - our own page; well-formed, numbers with dots whatever the language
    bars = root.findall("{http://www.w3.org/2000/svg}rect")
    assert bars and all(float(bar.get("height")) >= 0 for bar in bars)
    assert any(float(bar.get("height")) > 0 for bar in bars)


def test_asking_again_is_answered_from_the_cache(demo, client, counted):
    client.force_login(demo["gm"])
    first = client.get(demo["url"], **HTMX).content.decode()
    second = client.get(demo["url"], **HTMX).content.decode()
    assert counted == [1]
    assert 'data-cached="0"' in first and 'data-cached="1"' in second
    assert re.sub(r'data-cached="\d"', "", first) == re.sub(r'data-cached="\d"', "", second)


def test_any_change_to_the_encounter_simulates_anew(demo, client, counted):
    client.force_login(demo["gm"])
    client.get(demo["url"], **HTMX)
    workflows.roll_initiative(demo["encounter"].pk, demo["gm"], "sim-init")
    client.get(demo["url"], **HTMX)  # a running fight, between turns
    assert counted == [1, 1]


def test_the_time_limit_is_said_with_the_fights_played(demo, client, monkeypatch):
    monkeypatch.setattr(simulate_views, "BUDGET", 0.0)  # stop after the first fight
    monkeypatch.setattr(simulate_views, "fast_for", lambda system: None)  # the engine's fights
    client.force_login(demo["gm"])
    html = client.get(demo["url"], **HTMX).content.decode()
    assert 'data-fights="1"' in html
    assert "1 fight played, margin of error ±98.0 %" in html
    assert "stopped at the time limit before 10,000" in html


def test_an_ended_fight_is_not_simulated(demo, client, counted):
    workflows.end_encounter(demo["encounter"].pk, demo["gm"], "sim-end")
    client.force_login(demo["gm"])
    html = client.get(demo["url"], **HTMX).content.decode()
    assert "nothing left to simulate" in html and counted == []


def test_without_javascript_the_result_is_a_page(demo, client):
    client.force_login(demo["gm"])
    response = client.get(demo["url"])
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" in html and "simulation-result" in html and PREPARED in html


@pytest.mark.parametrize(("username", "status"), [("hrac", 403), ("gracz", 403)])
def test_players_may_not_simulate(demo, client, django_user_model, username, status, counted):
    client.force_login(django_user_model.objects.get(username=username))
    assert client.get(demo["url"], **HTMX).status_code == status and counted == []


def test_outsiders_do_not_learn_the_encounter_exists(demo, client, django_user_model, counted):
    client.force_login(django_user_model.objects.create_user("stranger", password="x"))
    assert client.get(demo["url"], **HTMX).status_code == 404 and counted == []


def test_posting_is_not_allowed(demo, client):
    client.force_login(demo["gm"])
    assert client.post(demo["url"]).status_code == 405


def test_play_more_adds_fights_to_a_result_stopped_at_the_time_limit(demo, client, counted,
                                                                      monkeypatch):  # fmt: skip
    monkeypatch.setattr(simulate_views, "BUDGET", 0.0)  # one fight a request
    monkeypatch.setattr(simulate_views, "fast_for", lambda system: None)  # the engine's fights
    client.force_login(demo["gm"])
    first = client.get(demo["url"], **HTMX).content.decode()
    assert 'data-fights="1"' in first and "?more=1" in first
    assert 'data-fights="2"' in client.get(demo["url"] + "?more=1", **HTMX).content.decode()
    again = client.get(demo["url"], **HTMX).content.decode()  # the grown result, cached
    assert 'data-fights="2"' in again and 'data-cached="1"' in again
    assert counted == [1, 1]


def test_the_fast_path_stops_at_the_time_limit_after_a_chunk(demo, client, counted, monkeypatch):
    """Issue P: with the fast path the time limit is asked after each chunk of fights."""
    from combat.rules.simulate import CHUNK

    monkeypatch.setattr(simulate_views, "BUDGET", 0.0)
    client.force_login(demo["gm"])
    first = client.get(demo["url"], **HTMX).content.decode()
    assert f'data-fights="{CHUNK}"' in first and "stopped at the time limit before 10,000" in first
    more = client.get(demo["url"] + "?more=1", **HTMX).content.decode()
    assert f'data-fights="{2 * CHUNK}"' in more and counted == [1, 1]


@pytest.mark.parametrize("module", ["draci_hlidka", "ose", "dnd5e", "shadowrun3", "dice_pool"])
def test_each_systems_prepared_demo_plays_all_ten_thousand_fights_fast(
    demo, client, module, monkeypatch
):
    """Issue P: the system's fast path plays the demo's prepared fight, every one of the 10,000
    fights the page shows (the time limit is lifted here: this is about who plays them; the
    seconds are bench/bench_simulate.py's)."""
    import importlib

    monkeypatch.setattr(simulate_views, "BUDGET", 600.0)

    from combat.rules.simulate import FIGHTS
    from combat.views.simulate import simulation_context

    demo_fights = importlib.import_module(f"combat.demos.{module}")
    encounter = Encounter.objects.get(name=demo_fights.PREPARED)
    result = simulation_context(encounter)["simulation"]
    assert (result.fights, result.fast) == (FIGHTS, FIGHTS)
    client.force_login(demo["gm"])
    url = reverse("combat:encounter_simulate", args=[encounter.campaign_id, encounter.pk])
    html = client.get(url, **HTMX).content.decode()
    assert 'data-fights="10000"' in html and "10,000 fights played" in html
