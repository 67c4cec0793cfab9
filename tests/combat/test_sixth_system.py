"""Adding a rule system touches nothing outside its package (issue L): a tiny sixth system,
Duel (tests/sixth_system/), is registered with one line and fought through the real pages —
a campaign of that system, two characters, an encounter, initiative, a strike, the next turn."""

import re

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Character
from combat.models import Encounter
from combat.rules.systems import SYSTEMS, register, unregister
from tests import sixth_system


@pytest.fixture
def duel(db):  # type: ignore[no-untyped-def]
    register(sixth_system.SYSTEM)  # the one line a sixth system needs
    yield sixth_system.SYSTEM
    unregister("duel")
    assert "duel" not in SYSTEMS


def _character(client, campaign: Campaign, name: str, kind: str, hp: int) -> Character:
    url = reverse("campaigns:character_create", args=[campaign.pk])
    data = {"name": name, "kind": kind, "stat_hp": hp, "stat_notes": ""}
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[-3000:]
    return Character.objects.get(campaign=campaign, name=name)


def _add(client, url: str, key: str, character: Character, side: str) -> None:
    data = {"key": key, "record": f"character:{character.pk}", "count": 1, "side": side}
    assert client.post(f"{url}add/", data).status_code in (200, 302)


def test_a_sixth_system_runs_a_fight_through_the_real_pages(duel, client, make_user):
    gm = make_user("vypravec")
    client.force_login(gm)
    form = client.get(reverse("campaigns:create")).content.decode()
    assert 'value="duel"' in form and "Duel" in form  # the registry's choices, no migration
    created = client.post(
        reverse("campaigns:create"), {"name": "U brány", "description": "", "system": "duel"}
    )
    assert created.status_code == 302
    campaign = Campaign.objects.get(name="U brány")
    assert campaign.system == "duel" and campaign.get_system_display() == "Duel"

    hero = _character(client, campaign, "Hrdina", "pc", 2)
    rival = _character(client, campaign, "Soupeř", "npc", 1)
    made = client.post(reverse("combat:encounters", args=[campaign.pk]), {"name": "Souboj"})
    encounter = Encounter.objects.get(campaign=campaign, name="Souboj")
    url = reverse("combat:encounter", args=[campaign.pk, encounter.pk])
    assert made.status_code == 302 and made["Location"].endswith(url)
    _add(client, url, "add-1", hero, "party")
    _add(client, url, "add-2", rival, "enemies")
    keys = {row.name: row.key for row in encounter.combatants.all()}
    assert set(keys) == {"Hrdina", "Soupeř"}

    # Initiative: the hero rolls 6, the rival 1 — the hero acts first.
    client.post(f"{url}initiative/", {"turn-key": "ini-1", "turn-faces": "6, 1"})
    encounter.refresh_from_db()
    assert encounter.current == keys["Hrdina"] and encounter.round == 1
    page = client.get(url).content.decode()
    assert "Strike" in page  # the engine's action
    assert "yielded" in client.get(f"{url}gm-forms/").content.decode()  # its own condition

    strike = {"key": "act-1", "kind": "strike", "targets": [keys["Soupeř"]], "faces": "5"}
    assert client.post(f"{url}action/", strike).status_code in (200, 302)
    rival_row = encounter.combatants.get(name="Soupeř")
    assert rival_row.hp == 0
    page = client.get(url).content.decode()
    assert "Hrdina hits Soupeř" in page

    client.post(f"{url}next/", {"turn-key": "next-1"})  # the rival is down: passed over
    encounter.refresh_from_db()
    assert (encounter.current, encounter.round) == (keys["Hrdina"], 2)
    assert encounter.events.filter(type="action").count() == 1


def test_a_player_reads_the_sixth_systems_own_down_condition(duel, client, make_user):
    gm = make_user("vypravec")
    campaign = Campaign.objects.create(name="Aréna", system="duel")
    campaign.memberships.create(user=gm, role="gm")
    player = make_user("hracka")
    campaign.memberships.create(user=player, role="player")
    client.force_login(gm)
    rival = _character(client, campaign, "Soupeř", "npc", 3)
    client.post(reverse("combat:encounters", args=[campaign.pk]), {"name": "Zápas"})
    encounter = Encounter.objects.get(campaign=campaign, name="Zápas")
    url = reverse("combat:encounter", args=[campaign.pk, encounter.pk])
    _add(client, url, "add-1", rival, "enemies")
    key = encounter.combatants.get().key
    adjust = {"key": "adj-1", "combatant": key, "add": "yielded"}
    assert client.post(f"{url}adjust/", adjust).status_code in (200, 302)
    assert encounter.combatants.get().conditions == ["yielded"]

    client.force_login(player)
    row = client.get(url).content.decode().split('data-combatant="Soupeř"')[1].split("</li>")[0]
    assert re.search(r"\bdown\b", row) and "3 / 3" not in row  # Duel says "yielded" is down


def test_the_sixth_system_is_gone_after_the_test():
    assert "duel" not in SYSTEMS and set(SYSTEMS) == {
        "draci_hlidka",
        "ose",
        "dnd5e",
        "shadowrun3",
        "dice_pool",
    }
