"""Red team (issue K): "a journal roll is used once across all the campaign's encounters".

When the campaign has players propose their actions (`players_propose`), the action view
copies the roll's faces into the proposal and drops which roll it was: the GM's accept then
resolves typed faces, never claims the roll, and the log does not say the faces came from the
journal. The same lucky roll can be proposed again, in this fight or the next one.
"""

import re

from django.contrib.auth import get_user_model
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster, Post, Thread
from combat import workflows
from combat.models import Encounter
from combat.rules.faces import TypedFaces


def _user(name):
    return get_user_model().objects.get(username=name)


def _url(encounter, name):
    return reverse(name, args=[encounter.campaign_id, encounter.pk])


def _fight(campaign, gm, title):
    """Baldur (hrac's) against the goblin leader, on Baldur's turn."""
    encounter = workflows.create_encounter(campaign, title, gm)
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    leader = Monster.objects.get(campaign=campaign, name="Vůdce skřetů")
    workflows.add_combatants(encounter.pk, gm, f"{title}-b", record=baldur, side="party")
    workflows.add_combatants(encounter.pk, gm, f"{title}-l", record=leader)
    workflows.roll_initiative(encounter.pk, gm, f"{title}-i", typed_faces=[5, 1])
    encounter = Encounter.objects.get(pk=encounter.pk)
    keys = {row.name: row.key for row in encounter.combatants.all()}
    assert encounter.current == keys["Baldur"]
    return encounter, keys


def _propose(client, encounter, keys, roll, key):
    data = {
        "key": key,
        "kind": "attack",
        "actor": keys["Baldur"],
        "targets": [keys["Vůdce skřetů"]],
        "weapon": "Široký meč",
        "modifiers": ["helpless"],
        "journal_roll": roll.pk,
    }
    return client.post(_url(encounter, "combat:encounter_action"), data)


def test_a_journal_roll_proposed_and_accepted_is_used_up(client, db):
    load_demo()
    gm, hrac = _user("gm"), _user("hrac")
    campaign = Campaign.objects.get(system="draci_hlidka")
    Campaign.objects.filter(pk=campaign.pk).update(players_propose=True)
    thread = Thread.open(campaign, gm, "Stezka", "Skřeti čekají.", key="scene")
    post = Post.write(thread, hrac, "Seknu! [dice]1d6[/dice]", key="p", faces=TypedFaces([3]))
    roll = post.rolls.get()
    first, keys = _fight(campaign, gm, "first")
    client.force_login(hrac)
    _propose(client, first, keys, roll, "propose-1")
    proposal = first.events.get(type="proposed")
    client.force_login(gm)
    url = reverse("combat:encounter_proposal", args=[campaign.pk, first.pk, proposal.seq])
    client.post(url, {"decision": "accept", "key": "accept-1"})
    assert first.events.filter(type="action", payload__proposal=proposal.seq).exists()
    # The roll answered Baldur's blow. In the next fight it must not be offered or taken again.
    second, keys = _fight(campaign, gm, "second")
    client.force_login(hrac)
    page = client.get(_url(second, "combat:encounter")).content.decode()
    offered = re.findall(r'<option value="(\d+)"[^>]*>#\d+ 1d6', page)
    _propose(client, second, keys, roll, "propose-2")
    assert (offered, second.events.filter(type="proposed").count()) == ([], 0)


def test_a_roll_voided_before_the_action_takes_the_lock_is_not_used(client, db, monkeypatch):
    """`faces_of` refuses a void roll, but it runs in the view, before the encounter's lock;
    `claim`, inside the lock, checks only that no encounter used the roll. The GM's void that
    lands between the two (the test puts it exactly there, as a concurrent request would) is
    ignored: the fight is decided by a roll the journal shows as void."""
    from combat import journal_rolls
    from combat import submit as encounter_views  # where the view asks for the faces

    load_demo()
    gm, hrac = _user("gm"), _user("hrac")
    campaign = Campaign.objects.get(system="draci_hlidka")
    thread = Thread.open(campaign, gm, "Stezka", "Skřeti čekají.", key="scene")
    post = Post.write(thread, hrac, "Seknu! [dice]1d6[/dice]", key="p", faces=TypedFaces([3]))
    roll = post.rolls.get()
    encounter, keys = _fight(campaign, gm, "fight")
    original = journal_rolls.faces_of

    def voided_meanwhile(*args, **kwargs):
        faces = original(*args, **kwargs)
        roll.void_by(gm, "Rolled for something else.")
        return faces

    monkeypatch.setattr(encounter_views.journal_rolls, "faces_of", voided_meanwhile)
    client.force_login(hrac)
    data = {
        "key": "blow",
        "kind": "attack",
        "actor": keys["Baldur"],
        "targets": [keys["Vůdce skřetů"]],
        "weapon": "Široký meč",
        "modifiers": ["helpless"],
        "journal_roll": roll.pk,
    }
    client.post(_url(encounter, "combat:encounter_action"), data)
    assert roll.__class__.objects.get(pk=roll.pk).void is not None
    assert not encounter.events.filter(type="action").exists()
