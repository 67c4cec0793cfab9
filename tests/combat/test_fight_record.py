"""The fight writes the record (issue Q): the draft the log makes of a fight — who fell and to
whom, each character's damage, the notable rolls, the state carried forward, each with its log
entry — holds only what players may read; the GM edits it and posts it to a journal scene, once."""

import re

from django.test import Client
from django.urls import reverse

from campaigns.models import Campaign, Monster, Post, Thread
from combat import workflows
from combat.models import Encounter
from combat.rules.base import Action
from combat.undo import undo

SEED_BLOW = [3, 1]  # seed 001: Baldur's broadsword, attack 12 against defence 5, 8 damage


def _url(encounter: Encounter) -> str:
    return reverse("combat:encounter_record", args=[encounter.campaign_id, encounter.pk])


def _draft(client: Client, encounter: Encounter) -> str:
    response = client.get(_url(encounter), HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    body = re.search(r"<textarea[^>]*>(.*?)</textarea>", response.content.decode(), re.S)
    return body[1].replace("&#x27;", "'").replace("&quot;", '"').strip()


def _blow(fight, key: str, faces=SEED_BLOW):  # type: ignore[no-untyped-def]
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    return workflows.resolve_action(fight["encounter"].pk, fight["gm"], key, action, faces)


def _gm(fight) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(fight["gm"])
    return client


def test_the_seed_blow_that_fells_the_leader_is_in_the_record(fight):
    encounter = fight["encounter"]
    workflows.adjust(encounter.pk, fight["gm"], "hp", fight["leader"], hp=5)  # the GM's wounds
    blow = _blow(fight, "a1")
    workflows.end_encounter(encounter.pk, fight["gm"], "end")
    encounter.refresh_from_db()
    draft = _draft(_gm(fight), encounter)
    baldur = encounter.combatants.get(name="Baldur")
    assert f"Vůdce skřetů: round 1, to Baldur (#{blow.seq})" in draft
    assert "Baldur dealt 8, took 0" in draft  # the log's 8, not the 5 HP the leader had left
    assert f"Decisive: Baldur felled Vůdce skřetů last (#{blow.seq})" in draft
    assert f"Baldur: HP {baldur.hp} / {baldur.max_hp}" in draft
    assert "**Stezka** — 1 round" in draft and "Party: Baldur" in draft
    assert "/ 20" not in draft and "-3" not in draft and "−3" not in draft  # no monster's HP


def test_entries_undone_are_not_in_the_record(fight):
    _blow(fight, "a1")
    undo(fight["encounter"].pk, fight["gm"], "u1")
    draft = _draft(_gm(fight), fight["encounter"])
    assert "Baldur dealt 0, took 0" in draft and "Fallen" not in draft


def test_a_hidden_combatant_is_nowhere_in_the_record(fight):
    encounter = fight["encounter"]
    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, fight["gm"], "h1", record=goblin, hidden=True)
    hidden = encounter.combatants.get(hidden=True)
    workflows.adjust(encounter.pk, fight["gm"], "hp", hidden.key, hp=-1)  # it falls, unseen
    draft = _draft(_gm(fight), encounter)
    assert hidden.name not in draft and "Fallen" not in draft


def test_the_gm_posts_the_record_once_to_a_new_scene_or_an_open_one(fight):
    encounter = fight["encounter"]
    _blow(fight, "a1")
    gm = _gm(fight)
    data = {"scene": "new", "title": "Stezka: zápis", "body": "**Stezka**\nBaldur dealt 8",
            "key": "record-1"}  # fmt: skip
    response = gm.post(_url(encounter), data)
    thread = Thread.objects.get(title="Stezka: zápis")
    assert response.status_code == 302 and response["Location"].endswith(f"/{thread.pk}/")
    gm.post(_url(encounter), data)  # the same form again (a double click): one scene
    assert Thread.objects.filter(title="Stezka: zápis").count() == 1
    again = {**data, "scene": str(thread.pk), "key": "record-2", "body": "Round two"}
    assert gm.post(_url(encounter), again).status_code == 302
    assert list(thread.posts.values_list("body", flat=True)) == [data["body"], "Round two"]


def test_a_bad_record_is_shown_again_with_its_text_and_writes_nothing(fight):
    encounter = fight["encounter"]
    other = Campaign.objects.exclude(pk=encounter.campaign_id).first()
    foreign = Thread.open(other, fight["gm"], "Jinde", "text", key="x1")
    gm = _gm(fight)
    posts = Post.objects.count()
    for data, problem in (
        ({"scene": "new", "title": "", "body": "Kept text"}, "A new scene needs a title."),
        ({"scene": str(foreign.pk), "title": "", "body": "Kept text"}, "one of this campaign"),
        ({"scene": "new", "title": "T", "body": "Kept text [dice]1d0[/dice]"}, "dice"),
        ({"scene": "999999", "title": "", "body": "Kept text"}, "one of this campaign"),
        ({"scene": "²", "title": "", "body": "Kept text"}, "one of this campaign"),
    ):
        html = gm.post(_url(encounter), {**data, "key": "k"}).content.decode()
        assert problem in html and "Kept text" in html
    assert Post.objects.count() == posts


def test_only_the_campaigns_gm_may_read_or_post_the_record(fight, django_user_model):
    encounter = fight["encounter"]
    url = _url(encounter)
    data = {"scene": "new", "title": "Forged", "body": "Forged", "key": "f1"}
    player = Client()
    player.force_login(django_user_model.objects.get(username="hrac"))
    assert player.get(url).status_code == 403 and player.post(url, data).status_code == 403
    stranger = Client()
    stranger.force_login(django_user_model.objects.create_user("cizinec", password="x"))
    assert stranger.get(url).status_code == 404 and stranger.post(url, data).status_code == 404
    missing = reverse("combat:encounter_record", args=[encounter.campaign_id, 999999])
    assert _gm(fight).get(missing).status_code == 404
    elsewhere = Campaign.objects.exclude(pk=encounter.campaign_id).first()
    other = workflows.create_encounter(elsewhere, "Jinde", fight["gm"])  # the same GM's
    crossed = reverse("combat:encounter_record", args=[encounter.campaign_id, other.pk])
    assert _gm(fight).get(crossed).status_code == 404  # as if it did not exist
    assert not Thread.objects.filter(title="Forged").exists()


def test_a_blow_undone_stays_out_after_later_undos(fight):
    """Undo forgets older undone entries of its stacks; the record reads the log's own
    strike-through, which does not."""
    encounter = fight["encounter"]
    _blow(fight, "a1")
    undo(encounter.pk, fight["gm"], "u1")
    workflows.adjust(encounter.pk, fight["gm"], "adj", fight["baldur"], hp=25)
    undo(encounter.pk, fight["gm"], "u2")
    assert "Baldur dealt 0, took 0" in _draft(_gm(fight), encounter)
    from combat.undo import redo

    redo(encounter.pk, fight["gm"], "r1")  # the adjustment comes back, the blow does not
    assert "Baldur dealt 0, took 5" in _draft(_gm(fight), encounter)


def test_a_secret_roll_and_a_hidden_attackers_blow_are_not_in_the_record(fight):
    encounter = fight["encounter"]
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, fight["gm"], "s1", action, SEED_BLOW, secret=True)
    draft = _draft(_gm(fight), encounter)
    assert "Baldur dealt 0, took 0" in draft


def test_a_name_cannot_open_a_dice_tag_in_the_gms_post(fight):
    encounter = fight["encounter"]
    encounter.combatants.filter(name="Baldur").update(name="Baldur [dice]1d6[/dice]")
    draft = _draft(_gm(fight), encounter)
    assert "[dice]" not in draft and "Baldur (dice)1d6(/dice)" in draft
