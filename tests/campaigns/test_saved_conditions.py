"""A campaign's own conditions (issue N): the GM names one once, with what it does and how many
rounds it usually lasts, and gives it in any of the campaign's fights; it ends on time with its
line in the log. Another campaign's conditions are never offered."""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, SavedCondition
from combat import workflows
from combat.demo import load_demo_encounters
from combat.demos.dnd5e import PREPARED as DND_PREPARED
from combat.models import Encounter
from tests.combat.test_at_the_table import _prepared

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(db, django_user_model):
    return _prepared(django_user_model)  # the seed's fight, initiative rolled


def _page(encounter):  # type: ignore[no-untyped-def]
    return reverse("campaigns:conditions", args=[encounter.campaign_id])


def test_the_gm_names_a_condition_once(client, table):
    gm, encounter, _keys = table
    client.force_login(gm)
    url = _page(encounter)
    data = {"name": "  Webbed ", "description": "Speed 0 until it tears free.", "rounds": "2"}
    assert client.post(url, data).status_code == 302
    saved = SavedCondition.objects.get(campaign=encounter.campaign)
    assert (saved.name, saved.rounds) == ("Webbed", 2)
    html = client.post(url, {"name": "webbed"}).content.decode()
    assert "This campaign has a condition of that name already." in html
    for rounds in ("0", "100"):
        html = client.post(url, {"name": "Marked", "rounds": rounds}).content.decode()
        assert "From 1 to 99 rounds" in html
    assert "Give the condition a name." in client.post(url, {"name": "   "}).content.decode()
    assert SavedCondition.objects.count() == 1
    html = client.get(url).content.decode()
    assert "Webbed" in html and "Speed 0 until it tears free." in html


def test_given_in_a_fight_it_lasts_its_usual_rounds_and_ends_with_a_line(client, table):
    gm, encounter, keys = table
    encounter.campaign.conditions.create(name="Webbed", rounds=2)
    other = Campaign.objects.exclude(pk=encounter.campaign_id).first()
    other.conditions.create(name="Cursed", rounds=5)
    client.force_login(gm)
    url = reverse("combat:encounter_adjust", args=[encounter.campaign_id, encounter.pk])
    html = client.get(
        reverse("combat:encounter_gm_forms", args=[encounter.campaign_id, encounter.pk]), **HTMX
    ).content.decode()
    assert '<option value="Webbed">Webbed</option>' in html and "Cursed" not in html
    refused = client.post(url, {"key": "c0", "combatant": keys["Grop"], "add": "Cursed"}, **HTMX)
    assert "Cursed" not in encounter.combatants.get(name="Grop").conditions
    assert "is-invalid" in refused.content.decode()
    client.post(url, {"key": "c1", "combatant": keys["Grop"], "add": "Webbed"}, **HTMX)
    grop = encounter.combatants.get(name="Grop")
    assert grop.conditions == ["Webbed"] and grop.effects[0]["data"]["until"] == 3
    page = client.get(reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk]))
    assert "Webbed · 2 rounds" in page.content.decode()
    for number in range(7):  # round 1: Baldur … Grop; round 2 opens: 1 round left
        workflows.next_turn(encounter.pk, gm, f"n{number}")
    assert encounter.combatants.get(name="Grop").conditions == ["Webbed"]
    workflows.roll_initiative(encounter.pk, gm, "i2")  # Dračí Hlídka: every round (seed 000)
    for number in range(7):
        workflows.next_turn(encounter.pk, gm, f"m{number}")
    encounter.refresh_from_db()
    assert encounter.round == 3 and encounter.combatants.get(name="Grop").conditions == []
    page = client.get(reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk]))
    assert "Grop: Webbed ends" in page.content.decode()


def test_a_number_typed_wins_over_the_usual_one(client, table):
    gm, encounter, keys = table
    encounter.campaign.conditions.create(name="Webbed", rounds=2)
    client.force_login(gm)
    url = reverse("combat:encounter_adjust", args=[encounter.campaign_id, encounter.pk])
    data = {"key": "c1", "combatant": keys["Grop"], "add": "Webbed", "rounds": "5"}
    client.post(url, data, **HTMX)
    assert encounter.combatants.get(name="Grop").effects[0]["data"]["until"] == 6


def test_removing_a_saved_condition_leaves_who_has_it(client, table):
    gm, encounter, keys = table
    webbed = encounter.campaign.conditions.create(name="Webbed")
    workflows.adjust(encounter.pk, gm, "c1", keys["Grop"], add="Webbed")
    client.force_login(gm)
    delete = reverse("campaigns:condition_delete", args=[encounter.campaign_id, webbed.pk])
    assert client.post(delete).status_code == 302
    assert not SavedCondition.objects.exists()
    assert encounter.combatants.get(name="Grop").conditions == ["Webbed"]
    adjust = reverse("combat:encounter_adjust", args=[encounter.campaign_id, encounter.pk])
    client.post(adjust, {"key": "r1", "combatant": keys["Grop"], "remove": "Webbed"}, **HTMX)
    assert encounter.combatants.get(name="Grop").conditions == []  # still to be taken off


def test_a_modifier_is_saved_within_its_range(client, table):
    gm, encounter, _keys = table
    client.force_login(gm)
    url = _page(encounter)
    for wrong in ("11", "-11"):
        html = client.post(url, {"name": "Webbed", "modifier": wrong}).content.decode()
        assert "A modifier from −10 to +10, or empty: none." in html
    assert client.post(url, {"name": "Webbed", "modifier": "−2"}).status_code == 302
    assert SavedCondition.objects.get().modifier == -2  # written with a minus sign, as we do
    assert client.post(url, {"name": "Marked", "modifier": "0"}).status_code == 302
    assert SavedCondition.objects.get(name="Marked").modifier is None  # 0 is none
    assert "modifier −2" in client.get(url).content.decode()


def _attack(client, encounter, keys, key, **extra):  # type: ignore[no-untyped-def]
    """Baldur's blow at the goblin leader (Dračí Hlídka), faces typed; the log's lines."""
    url = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    data = {
        "key": key,
        "kind": "attack",
        "actor": keys["Baldur"],
        "targets": [keys["Vůdce skřetů"]],
        "weapon": "Široký meč",
        "faces": "3, 1",
        **extra,
    }
    answer = client.post(url, data, **HTMX)
    assert answer.status_code == 200 and 'role="alert"' not in answer.content.decode()
    event = encounter.events.get(key=key)
    return event.payload["action"]["modifiers"], [
        step["template"] % step["params"] for step in event.payload["outcome"]["steps"]
    ]


def test_the_holders_attack_carries_its_modifiers_for_the_gm_and_the_player(
    client, table, django_user_model
):
    gm, encounter, keys = table
    encounter.campaign.conditions.create(name="Webbed", modifier=-2)
    encounter.campaign.conditions.create(name="Blessed", modifier=3)
    encounter.campaign.conditions.create(name="Marked")  # no modifier: nothing added
    for number, name in enumerate(("Webbed", "Blessed", "Marked")):
        workflows.adjust(encounter.pk, gm, f"c{number}", keys["Baldur"], add=name)
    encounter.campaign.conditions.filter(name="Blessed").delete()  # given: he keeps its +3
    client.force_login(gm)
    page = client.get(reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk]))
    assert "Added to the roll: Webbed −2, Blessed +3" in page.content.decode()
    typed, lines = _attack(client, encounter, keys, "a1", value_attack_bonus="1")
    assert typed == {"attack_bonus": 1}  # the GM's own number, kept apart from the conditions
    assert {"GM bonus +1", "Webbed -2", "Blessed +3"} <= set(lines)
    assert "Attack 14 = ÚČ 9 +2 + roll [3]" in lines  # +1 − 2 + 3
    workflows.undo(encounter.pk, gm, "u1")
    client.force_login(django_user_model.objects.get(username="hrac"))  # plays Baldur
    typed, lines = _attack(client, encounter, keys, "a2")
    assert typed == {} and {"Webbed -2", "Blessed +3"} <= set(lines)
    assert "Attack 13 = ÚČ 9 +1 + roll [3]" in lines
    assert not any(line.startswith("GM bonus") for line in lines)


def test_a_system_without_such_a_number_shows_it_as_a_reminder(client, db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    campaign = Campaign.objects.get(system="dnd5e")
    campaign.conditions.create(name="Webbed", modifier=-2)
    encounter = Encounter.objects.get(campaign=campaign, name=DND_PREPARED)
    workflows.roll_initiative(encounter.pk, gm, "i")
    encounter.refresh_from_db()
    workflows.adjust(encounter.pk, gm, "c", encounter.current, add="Webbed")
    client.force_login(gm)
    page = client.get(reverse("combat:encounter", args=[campaign.pk, encounter.pk]))
    assert "To remember: Webbed −2" in page.content.decode()
