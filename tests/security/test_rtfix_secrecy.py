"""Red team findings 1 and 8 (issue K), from the other side: what still works after the fixes.

The odds of an action against a monster whose defence numbers the fight hides are the GM's
secret (the panel says so, for every system that hides them by default); the GM still reads
them, and players read them again once the GM shows monsters' numbers. A username with a
character that shows nothing is refused with a message that says why.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.models import Encounter

HTMX = {"HTTP_HX_REQUEST": "true"}
SECRET = "The odds depend on numbers the game master keeps hidden."


def _user(name):
    return get_user_model().objects.get(username=name)


@pytest.fixture
def helga_and_goblin(db):
    """5e: Helga (hrac's) against a goblin; initiative rolled, Helga's turn."""
    load_demo()
    gm = _user("gm")
    campaign = Campaign.objects.get(system="dnd5e")
    encounter = workflows.create_encounter(campaign, "Cesta", gm)
    helga = Character.objects.get(campaign=campaign, name="Helga")
    goblin = Monster.objects.get(campaign=campaign, name="Goblin")
    workflows.add_combatants(encounter.pk, gm, "h", record=helga, side="party")
    workflows.add_combatants(encounter.pk, gm, "g", record=goblin)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[20, 1])
    encounter = Encounter.objects.get(pk=encounter.pk)
    keys = {row.name: row.key for row in encounter.combatants.all()}
    assert encounter.current == keys["Helga"]
    return gm, encounter, keys


def _odds(client, encounter, keys):
    url = reverse("combat:encounter_odds", args=[encounter.campaign_id, encounter.pk])
    query = {
        "key": "o",
        "kind": "attack",
        "actor": keys["Helga"],
        "weapon": "Longsword",
        "targets": [keys["Goblin"]],
    }
    return client.get(url, query, **HTMX).content.decode()


def test_hidden_defence_odds_are_the_gms_secret_and_the_gms_to_read(client, helga_and_goblin):
    gm, encounter, keys = helga_and_goblin
    client.force_login(_user("hrac"))
    player = _odds(client, encounter, keys)
    assert SECRET in player and "Needs" not in player and "%" not in player
    client.force_login(gm)
    assert "Needs 10 or more on the d20" in _odds(client, encounter, keys)  # AC 15, Longsword +5


def test_players_read_the_odds_once_the_gm_shows_monsters_numbers(client, helga_and_goblin):
    gm, encounter, keys = helga_and_goblin
    encounter.options = {**encounter.options, "monster_stats": "shown"}
    encounter.save(update_fields=["options"])
    client.force_login(_user("hrac"))
    html = _odds(client, encounter, keys)
    assert "Needs 10 or more on the d20" in html and SECRET not in html


@pytest.mark.parametrize("name", ["g\u00adm", "gm\u3164", "\u115fgm", "gm\ufe0f", "gm\U000e0067"])
def test_a_new_name_with_an_invisible_character_is_refused_with_a_reason(client, db, name):
    response = client.post(
        reverse("signup"),
        {
            "username": name,
            "password1": "a long pass phrase 42",
            "password2": "a long pass phrase 42",
        },
    )
    assert response.status_code == 200
    assert "A username cannot contain invisible characters." in response.content.decode()
    assert not get_user_model().objects.exists()
