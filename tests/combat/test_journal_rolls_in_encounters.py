"""Seed 004's fights played in a scene: a post's [dice] roll feeds the tracker, once."""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, JournalRoll, Monster, Thread
from combat import workflows
from combat.models import Encounter, Event
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action, RulesError
from combat.rules.faces import TypedFaces

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def dog_fight(db, django_user_model):
    """Player A against the dog; the dog rolled 4; A's turn; A posted [dice]3d6[/dice] = 9."""
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    player = django_user_model.objects.get(username="hrac")
    campaign = Campaign.objects.get(system="dice_pool")
    encounter = workflows.create_encounter(campaign, "Pes ve vlákně", gm)
    workflows.add_combatants(encounter.pk, gm, "j1", record=Monster.objects.get(
        campaign=campaign, name="Pes"))  # fmt: skip
    hero = Character.objects.get(campaign=campaign, name="Hráč A")
    workflows.add_combatants(encounter.pk, gm, "j2", record=hero, side="party")
    workflows.roll_initiative(encounter.pk, gm, "j3")
    keys = {c.name: c.key for c in Encounter.objects.get(pk=encounter.pk).combatants.all()}
    workflows.resolve_action(encounter.pk, gm, "j4", Action("fight_roll", keys["Pes"]), [4])
    workflows.next_turn(encounter.pk, gm, "j5")
    Thread.open(campaign, player, "U brány", "Bodám! [dice]3d6[/dice]", key="t1",
                faces=TypedFaces([3, 3, 3]))  # fmt: skip
    roll = JournalRoll.objects.get(campaign=campaign)
    url = reverse("combat:encounter_action", args=[campaign.pk, encounter.pk])
    data = {"key": "a1", "kind": "fight_roll", "journal_roll": str(roll.pk),
            "value_primary": "Boj s dýkou", "value_secondary": "Obratnost"}  # fmt: skip
    return {"encounter": encounter, "roll": roll, "url": url, "data": data, "player": player,
            "keys": keys}  # fmt: skip


def test_a_journal_roll_is_the_faces_of_the_action_and_replays(client, dog_fight):
    client.force_login(dog_fight["player"])
    page = client.get(reverse("combat:encounter", args=[dog_fight["encounter"].campaign_id,
                                                        dog_fight["encounter"].pk])).content  # fmt: skip
    assert b"3d6 = 9" in page  # offered in the action panel
    client.post(dog_fight["url"], dog_fight["data"], **HTMX)
    event = Event.objects.filter(encounter=dog_fight["encounter"], type="action").last()
    assert event.payload["journal_roll"] == dog_fight["roll"].pk
    assert event.payload["outcome"]["rolls"][0]["faces"] == [3, 3, 3]
    dog = dog_fight["encounter"].combatants.get(name="Pes")
    assert dog.hp == 1  # 9 against 4: the dog loses 5 of its 6 HP
    assert replay_encounter(export_encounter(dog_fight["encounter"])).ok


def test_a_journal_roll_is_used_only_once(client, dog_fight):
    client.force_login(dog_fight["player"])
    client.post(dog_fight["url"], dog_fight["data"], **HTMX)
    again = {**dog_fight["data"], "key": "a2"}
    html = client.post(dog_fight["url"], again, **HTMX).content.decode()
    assert "journal_roll" in html and "not one of the available choices" in html  # not offered
    assert Event.objects.filter(encounter=dog_fight["encounter"], type="action").count() == 2
    # The workflow checks it again inside its transaction (two forms racing each other).
    action = Action("fight_roll", dog_fight["keys"]["Pes"])
    with pytest.raises(RulesError, match="already used"):
        workflows.resolve_action(dog_fight["encounter"].pk, dog_fight["player"], "a3", action,
                                 [1], journal_roll=dog_fight["roll"].pk)  # fmt: skip


def test_a_player_cannot_use_someone_elses_roll(client, dog_fight, django_user_model):
    other = django_user_model.objects.get(username="gracz")
    thread = Thread.objects.get(title="U brány")
    from campaigns.models import Post

    Post.write(thread, other, "[dice]3d6[/dice]", key="p2", faces=TypedFaces([6, 6, 6]))
    theirs = JournalRoll.objects.get(post__author=other)
    client.force_login(dog_fight["player"])
    data = {**dog_fight["data"], "journal_roll": str(theirs.pk)}
    client.post(dog_fight["url"], data, **HTMX)
    assert Event.objects.filter(encounter=dog_fight["encounter"], type="action").count() == 1
