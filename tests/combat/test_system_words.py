"""The fight page says the system's own words (issue M, seeds 000–004): the GM's title on the
panel, a note's label and a proposal's badge, Shadowrun's combat turn for the round, and the
forum pool's order set without an initiative roll."""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from combat import workflows
from combat.demo import load_demo_encounters
from combat.demos import dice_pool, dnd5e, draci_hlidka, ose, shadowrun3
from combat.models import Encounter

# system: (its prepared fight, Czech words that must show, Czech words that must not)
EXPECTED = {
    "draci_hlidka": (
        draci_hlidka.PREPARED,
        ["Pán jeskyně", "Kolo 1", "Hodit na iniciativu", 'id="tracker-heading">Iniciativa<'],
        [],
    ),
    "ose": (ose.PREPARED, ["Sudí"], ["Pán jeskyně"]),
    "shadowrun3": (
        shadowrun3.PREPARED,
        ["Gamemaster", "Bojové kolo 1"],
        ["Pán jeskyně", ">Kolo 1<"],
    ),
    "dice_pool": (
        dice_pool.PREPARED,
        ["Vypravěč", "Určit pořadí", 'id="tracker-heading">Pořadí<'],
        ["Pán jeskyně", "Hodit na iniciativu", 'id="tracker-heading">Iniciativa<'],
    ),
    "dnd5e": (dnd5e.PREPARED, ["Pán jeskyně"], []),
}


@pytest.fixture
def demo(db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    return gm


@pytest.mark.parametrize("system", EXPECTED)
def test_the_fight_page_speaks_the_systems_words_in_czech(client, demo, system):
    name, shown, never = EXPECTED[system]
    encounter = Encounter.objects.get(name=name, campaign__system=system)
    if system != "dice_pool":  # the pool's button is checked before the order is set
        workflows.roll_initiative(encounter.pk, demo, f"words-{system}")
    client.force_login(demo)
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert [word for word in shown if word not in html] == []
    assert [word for word in never if word in html] == []


def test_english_says_referee_for_ose_and_narrator_for_the_forum_pool(client, demo):
    client.force_login(demo)
    for system, title in (("ose", "Referee"), ("dice_pool", "Narrator"), ("dnd5e", "Game master")):
        encounter = Encounter.objects.filter(campaign__system=system).first()
        url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
        assert f'<h2 class="h6" id="gm-heading">{title}</h2>' in client.get(url).content.decode()


def _noted(encounter, gm, note):  # type: ignore[no-untyped-def]
    """An event whose outcome carries a note for the GM, appended as the frame writes one."""
    from django.db import transaction

    from combat import workflow_frame

    summary = {"template": "%(name)s adjusted by the game master", "params": {"name": "X"}}
    outcome = {
        "summary": summary,
        "steps": [],
        "rolls": [],
        "changes": [],
        "notes": [{"template": note, "params": {}}],
    }
    outcome |= {"order": None, "stage": None, "data": {}}
    with transaction.atomic():
        locked = Encounter.objects.select_for_update().get(pk=encounter.pk)
        workflow_frame.append(locked, gm, f"note-{encounter.pk}", "adjust", {"outcome": outcome})


@pytest.mark.parametrize(
    ("system", "label"),
    [
        ("draci_hlidka", "Poznámka PJ"),
        ("ose", "Poznámka sudího"),
        ("dice_pool", "Poznámka vypravěče"),
    ],
)
def test_a_note_in_the_log_is_labelled_in_the_systems_words(client, demo, system, label):
    encounter = Encounter.objects.get(name=EXPECTED[system][0], campaign__system=system)
    _noted(encounter, demo, "a push, a scare")
    client.force_login(demo)
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert f"{label}: a push, a scare" in html


def test_a_draci_hlidka_action_name_reads_in_the_pages_language(client, demo):
    """The log stores the action's msgid ("Speaking"); Czech reads "Mluvení", Polish "Mówienie",
    and an older log's Czech name ("Mluvení") reads in English as "Speaking"."""
    from combat.rules.base import Action

    encounter = Encounter.objects.get(name=draci_hlidka.PREPARED)
    workflows.roll_initiative(encounter.pk, demo, "speak-init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    encounter.refresh_from_db()
    workflows.resolve_action(encounter.pk, demo, "speak-1", Action("speak", encounter.current))
    client.force_login(demo)
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    name = next(row.name for row in encounter.combatants.all() if row.key == encounter.current)
    assert f"{name}: Mluvení" in client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert f"{name}: Mówienie" in client.get(url, HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert f"{name}: Speaking" in client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_the_forum_pool_asks_for_the_order_not_an_initiative(client, demo):
    encounter = Encounter.objects.get(name=dice_pool.PREPARED, campaign__system="dice_pool")
    client.force_login(demo)
    url = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    answer = client.post(url, {"key": "k1", "kind": "fight_roll"}, HTTP_HX_REQUEST="true")
    assert "Nobody&#x27;s turn: set the order first." in answer.content.decode()
