"""The log's entries are drawn once per kind of viewer (combat/log_html.py): what one viewer was
shown never reaches another the filter tells apart, whichever of them asked first, and a change
in what a viewer may read (a revealed HP, a language, a renamed author) draws the entry again."""

import sys

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import log_html, workflows
from combat.models import Combatant
from combat.rules.base import Action

HTMX = {"HTTP_HX_REQUEST": "true"}


def _user(name):
    return get_user_model().objects.get(username=name)


def _url(encounter):
    return reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])


def _fight(system, name, *members):
    load_demo()
    gm = _user("gm")
    encounter = workflows.create_encounter(Campaign.objects.get(system=system), name, gm)
    for number, (model, record, side, hidden) in enumerate(members):
        found = model.objects.get(campaign__system=system, name=record)
        workflows.add_combatants(
            encounter.pk, gm, f"add-{number}", record=found, side=side, hidden=hidden
        )
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return gm, encounter, keys


@pytest.fixture
def wolf_fight(db):
    """5e: Helga (hrac's) and a hidden wolf, which rolls 17 for initiative."""
    members = ((Character, "Helga", "party", False), (Monster, "Wolf", "enemies", True))
    gm, encounter, keys = _fight("dnd5e", "Den", *members)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[15, 17])
    return gm, encounter, keys


@pytest.fixture
def leader_hit(db):
    """Dračí Hlídka: Baldur (hrac's) hits the goblin leader (20 životů) for 8: 20 → 12."""
    members = ((Character, "Baldur", "party", False), (Monster, "Vůdce skřetů", "enemies", False))
    gm, encounter, keys = _fight("draci_hlidka", "Stezka", *members)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[6, 1])
    attack = Action("attack", keys["Baldur"], (keys["Vůdce skřetů"],), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, gm, "hit", attack, [3, 1])
    return gm, encounter, keys


def _page(client, user, encounter, **headers):
    client.force_login(user)
    return client.get(_url(encounter), **headers).content.decode()


@pytest.mark.parametrize("first", ["gm", "hrac"])
def test_whoever_asks_first_each_reads_only_their_own_entries(client, wolf_fight, first):
    gm, encounter, _keys = wolf_fight
    order = [gm, _user("hrac")] if first == "gm" else [_user("hrac"), gm]
    pages = {user.username: _page(client, user, encounter) for user in order}
    pages["poll"] = client.get(_url(encounter), {"version": 0}, **HTMX).content.decode()
    if first == "gm":  # the poll above was the player's
        assert "Wolf" not in pages["poll"] and "d20 17" not in pages["poll"]
    assert "Wolf" in pages["gm"] and "d20 17" in pages["gm"]
    assert "Wolf" not in pages["hrac"] and "d20 17" not in pages["hrac"]


def test_a_revealed_hp_is_read_at_once_and_hidden_again_when_taken_back(client, leader_hit):
    gm, encounter, keys = leader_hit
    player = _user("hrac")
    assert "20 → 12" in _page(client, gm, encounter)
    assert "20 → 12" not in _page(client, player, encounter)  # a monster's HP: the GM's
    leader = Combatant.objects.get(encounter=encounter, name="Vůdce skřetů")
    leader.hp_revealed = True
    leader.save()
    assert "20 → 12" in _page(client, player, encounter)
    leader.hp_revealed = False
    leader.save()
    assert "20 → 12" not in _page(client, player, encounter)


def test_each_language_draws_its_own_entries(client, leader_hit):
    gm, encounter, _keys = leader_hit
    english = _page(client, gm, encounter, HTTP_ACCEPT_LANGUAGE="en")
    czech = _page(client, gm, encounter, HTTP_ACCEPT_LANGUAGE="cs")
    assert "Encounter created" in english and "Encounter created" not in czech
    assert "Souboj vytvořen" in czech


def test_a_renamed_author_is_named_anew(client, leader_hit):
    gm, encounter, _keys = leader_hit
    assert "· gm</small>" in _page(client, gm, encounter)
    gm.username = "vypravec"
    gm.save()
    page = _page(client, gm, encounter)
    assert "· vypravec</small>" in page and "· gm</small>" not in page


def test_the_kept_entries_are_bounded(client, leader_hit, monkeypatch):
    gm, encounter, _keys = leader_hit
    monkeypatch.setattr(log_html, "KEPT", 2)
    log_html.forget()
    page = _page(client, gm, encounter)
    assert len(log_html._drawn) == 2
    assert page.count('class="log-entry') == encounter.events.count()  # all drawn all the same


def test_a_combatant_shown_to_the_players_is_read_at_once_and_hidden_again(client, wolf_fight):
    _gm, encounter, _keys = wolf_fight
    player = _user("hrac")
    assert "d20 17" not in _page(client, player, encounter)
    wolf = Combatant.objects.get(encounter=encounter, name="Wolf")
    wolf.hidden = False
    wolf.save()
    assert "d20 17" in _page(client, player, encounter)
    wolf.hidden = True
    wolf.save()
    assert "d20 17" not in _page(client, player, encounter)


def test_the_key_holds_every_field_of_the_viewer():
    """A field added to `Viewer` one day must reach the key, or two viewers the filter tells
    apart would share entries: each field changed alone changes the key."""
    from dataclasses import fields, replace

    from combat.visibility import Viewer

    base = Viewer(gm=False, names={"c1": "Helga"}, hidden=frozenset({"c2"}))
    changed = {
        "gm": True,
        "names": {"c1": "Helga", "c2": "Wolf"},
        "hidden": frozenset(),
        "characters": frozenset({"c1"}),
        "own": frozenset({"c1"}),
        "hp_shown": frozenset({"c2"}),
        "stats_shown": True,
    }
    assert {field.name for field in fields(Viewer)} == set(changed)
    key, digest = log_html.viewer_key(base), log_html.reading_digest(base)
    for name, value in changed.items():
        assert log_html.viewer_key(replace(base, **{name: value})) != key, name
        assert log_html.reading_digest(replace(base, **{name: value})) != digest, name


def test_an_entry_costs_a_few_hundred_bytes_however_many_combatants_the_fight_has(
    client, leader_hit
):
    """Red team: the key held every combatant's name, so 4,096 entries of a fight of many long
    names pinned hundreds of MB per process. Now the reader is one digest in the key."""
    gm, encounter, _keys = leader_hit
    many = Monster.objects.get(campaign=encounter.campaign, name="Vůdce skřetů")
    many.pk, many.name = None, "Ž" * 110
    many.save()
    workflows.add_combatants(encounter.pk, gm, "many", record=many, count=20)
    log_html.forget()
    _page(client, _user("hrac"), encounter)
    assert log_html._drawn
    for key in log_html._drawn:
        assert _deep_size(key) < 1024


def _deep_size(value: object) -> int:
    inner = value if isinstance(value, tuple | list | frozenset) else ()
    return sys.getsizeof(value) + sum(_deep_size(part) for part in inner)
