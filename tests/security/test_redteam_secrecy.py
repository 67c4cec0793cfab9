"""Red team (issue K, "attack what you built yourself"): what a player can still learn of a
hidden combatant or of a monster's defence numbers while the fight's `monster_stats` option
hides them. Each test is what a curious player does with the browser's own requests.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.models import Encounter

HTMX = {"HTTP_HX_REQUEST": "true"}


def _user(name):
    return get_user_model().objects.get(username=name)


def _url(encounter, name="combat:encounter"):
    return reverse(name, args=[encounter.campaign_id, encounter.pk])


def _fight(system, *members):
    """A new encounter of the demo campaign of `system` with (record name, side, hidden)."""
    load_demo()
    gm = _user("gm")
    campaign = Campaign.objects.get(system=system)
    encounter = workflows.create_encounter(campaign, "Red team", gm)
    for number, (name, side, hidden) in enumerate(members):
        model = Character if side == "party" else Monster
        record = model.objects.filter(campaign=campaign, name=name).first()
        record = record or Character.objects.get(campaign=campaign, name=name)
        workflows.add_combatants(
            encounter.pk, gm, f"add-{number}", record=record, side=side, hidden=hidden
        )
    encounter = Encounter.objects.get(pk=encounter.pk)
    return gm, encounter, {row.name: row.key for row in encounter.combatants.all()}


def _odds_of(client, encounter, data):
    response = client.get(_url(encounter, "combat:encounter_odds"), data, **HTMX)
    return response.content.decode()


def _twin(record, name, **stats):
    """A copy of a record under another name, with some of its numbers changed."""
    carried = getattr(record, "weapons", None)
    weapons = list(record.weapons.all()) if carried is not None else []
    armor = list(record.armor.all()) if carried is not None else []
    record.pk, record.id, record.name = None, None, name
    record.stats = {**record.stats, **stats}
    record.save()
    if carried is not None:
        record.weapons.set(weapons)
        record.armor.set(armor)
    return record


def _to_turn_of(gm, encounter, key):
    workflows.roll_initiative(encounter.pk, gm, "init")
    for number in range(12):
        if Encounter.objects.get(pk=encounter.pk).current == key:
            return
        workflows.next_turn(encounter.pk, gm, f"next-{number}")
    raise AssertionError("never the hero's turn")


DEFENCES = [
    # system, player, hero, action, target's record (model, name), a lower defence
    ("dnd5e", "hrac", "Helga", {"kind": "attack", "weapon": "Longsword"},
     (Monster, "Goblin"), {"ac": 8}),
    ("draci_hlidka", "hrac", "Baldur", {"kind": "attack", "weapon": "Široký meč"},
     (Monster, "Vůdce skřetů"), {"oc": 0, "zo": 0, "obr": -3}),
    ("shadowrun3", "gracz", "Liam",
     {"kind": "fire", "weapon": "Ares Predator", "distance": 5, "pool": 0},
     (Character, "Snot"), {"body": 1}),
]  # fmt: skip


@pytest.mark.parametrize(("system", "player", "hero", "action", "target", "lower"), DEFENCES)
def test_the_odds_do_not_give_away_a_defence_the_option_hides(
    client, db, system, player, hero, action, target, lower
):
    """The option `monster_stats` hides a monster's (an NPC's) defence numbers by default in
    these four systems: the log reads "against AC ?". The odds box does not: asked for
    Helga's longsword against the goblin it says "Chance to hit: 55.0 % / Needs 10 or more on
    the d20", which is AC 15 exactly. A player asks the odds against two monsters that differ
    only in the hidden number; the answers must not tell them apart."""
    load_demo()
    model, name = target
    _twin(model.objects.get(campaign__system=system, name=name), "Twin", **lower)
    gm, encounter, keys = _fight(
        system, (hero, "party", False), (name, "enemies", False), ("Twin", "enemies", False)
    )
    assert encounter.options["monster_stats"] == "hidden"
    _to_turn_of(gm, encounter, keys[hero])
    client.force_login(_user(player))
    query = {"key": "o", "actor": keys[hero], **action}
    against = {
        who: _odds_of(client, encounter, {**query, "targets": [keys[who]]})
        for who in (name, "Twin")
    }
    assert against[name].strip(), "the odds answered nothing at all"
    assert against[name] == against["Twin"], against


def _answer(response, key):
    """A response with what differs on every answer taken out (CSRF, fresh one-time keys)."""
    body = re.sub(
        r'(name="(?:csrfmiddlewaretoken|key)" value=)"[^"]*"', r"\1", response.content.decode()
    )
    # the key as a word only: "c2" also occurs inside hex tokens (the `seen` mark)
    body = re.sub(rf"(?<![0-9a-z]){re.escape(key)}(?![0-9a-z])", "KEY", body)
    return response.status_code, response.get("Location"), body


@pytest.mark.parametrize("system", ["draci_hlidka", "dnd5e"])
def test_a_hidden_actor_key_answers_like_an_unknown_one(client, db, system):
    """A player posts the action form with `actor` set to keys they were never shown. A key of
    nobody answers "Nobody's turn: roll initiative first." (302 back to the page); the key of
    a hidden combatant of this fight answers 403 Forbidden. Counting through c1…c999 tells the
    player how many hidden combatants the fight has, and their keys (other encounters' keys
    answer like unknown ones). The same holds for the HTMX post (403 against 200)."""
    hero, monster = {"draci_hlidka": ("Baldur", "Skřet"), "dnd5e": ("Helga", "Wolf")}[system]
    gm, encounter, keys = _fight(system, (hero, "party", False), (monster, "enemies", True))
    _to_turn_of(gm, encounter, keys[hero])
    client.force_login(_user("hrac"))
    url = _url(encounter, "combat:encounter_action")
    unknown = "c987654"
    for extra in ({}, HTMX):
        answers = []
        for key in (keys[monster], unknown):
            client.get(_url(encounter))  # shows (so clears) the messages the posts before left
            data = {"key": "k", "kind": "attack", "actor": key}
            answers.append(_answer(client.post(url, data, **extra), key))
        assert answers[0] == answers[1]


def _panel_id(client, encounter):
    html = client.get(_url(encounter)).content.decode()
    found = re.search(r'<form id="action-([0-9a-f]+)"', html)
    assert found, "the player has no action panel"
    return found[1]


def test_the_action_panels_id_does_not_tell_which_hidden_combatant_acts(client, db):
    """5e lets a player act out of turn (a reaction), so Helga's player has an action panel
    while the hidden wolves act. Its HTML id is sha256 of (the player's own event count,
    status, round, current, stage, the panel's offer)[:24]: everything in it but `current` is
    on the player's screen, so trying c1, c2, … offline names the hidden combatant whose
    turn it is, and tells the first wolf's turn from the second's."""
    load_demo()
    gm = _user("gm")
    campaign = Campaign.objects.get(system="dnd5e")
    encounter = workflows.create_encounter(campaign, "Den", gm)
    helga = Character.objects.get(campaign=campaign, name="Helga")
    wolf = Monster.objects.get(campaign=campaign, name="Wolf")
    workflows.add_combatants(encounter.pk, gm, "h", record=helga, side="party")
    workflows.add_combatants(encounter.pk, gm, "w", record=wolf, count=2, hidden=True)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[20, 10, 5])
    client.force_login(_user("hrac"))
    workflows.next_turn(encounter.pk, gm, "to-wolf-1")
    first = _panel_id(client, encounter)
    workflows.next_turn(encounter.pk, gm, "to-wolf-2")
    assert _panel_id(client, encounter) == first


def test_the_tracker_header_never_names_a_hidden_combatant(client, db):
    """Shadowrun 3's tracker adds "Phase 5: declare lowest first — A, B" when several
    combatants act in the same phase. It is computed from the whole fight, hidden ones too:
    a hidden ganger who ties with the visible one is named to every player. (The header's
    "initiative pass N" counts the hidden ones' passes as well.)"""
    load_demo()
    ganger = Monster.objects.get(campaign__system="shadowrun3", name="Halloweener")
    _twin(ganger, "Ghostganger")
    gm, encounter, keys = _fight(
        "shadowrun3",
        ("Liam", "party", False),
        ("Halloweener", "enemies", False),
        ("Ghostganger", "enemies", True),
    )
    # Liam 5 + 5 first; both gangers 3 + 2 = 5 (their tie broken by 1 against 2)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[5, 2, 2, 1, 2])
    workflows.next_turn(encounter.pk, gm, "next")  # phase 5: the gangers
    client.force_login(gm)
    assert "Ghostganger" in client.get(_url(encounter)).content.decode()
    client.force_login(_user("gracz"))
    page = client.get(_url(encounter)).content.decode()
    poll = client.get(_url(encounter), {"version": 0}, **HTMX).content.decode()
    assert "Ghostganger" not in page and "Ghostganger" not in poll


def test_a_characters_badges_never_name_a_hidden_combatant(client, db):
    """The 5e tracker's badges of Helga ("grappled by Wolf", "… until the end of Wolf's next
    turn") are computed from the whole fight, and a character's badges are the table's: a
    hidden wolf that grapples Helga is named on her row of every player's tracker."""
    from combat.rules.base import Action

    gm, encounter, keys = _fight("dnd5e", ("Helga", "party", False), ("Wolf", "enemies", True))
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[1, 20])  # the wolf first
    grapple = Action("grapple", keys["Wolf"], (keys["Helga"],))
    workflows.resolve_action(encounter.pk, gm, "grab", grapple, [20, 1])
    client.force_login(gm)
    assert "grappled by Wolf" in client.get(_url(encounter)).content.decode()
    client.force_login(_user("hrac"))
    for html in (
        client.get(_url(encounter)).content.decode(),
        client.get(_url(encounter), {"version": 0}, **HTMX).content.decode(),
    ):
        assert "Wolf" not in html
