"""The SRD Hell Hound breathes fire on two demo characters through the page (issue O): the GM's
action form sends the save action at both, the damage is rolled once, each target saves on its
own, the log names the ability in the page's language, and a player never reads the DC.

SRD 5.1, Hell Hound: "Fire Breath (Recharge 5–6). The hound exhales fire in a 15-foot cone. Each
creature in that area must make a DC 12 Dexterity saving throw, taking 21 (6d6) fire damage on a
failed save, or half as much damage on a successful one."
"""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.importers.srd5e import MONSTERS_FILE, SOURCE, import_srd5e
from campaigns.models import Campaign, Character, Monster
from campaigns.services import copy_to_campaign
from combat import workflows
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action
from tests.srd import load, srd_dir

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def breath(db, django_user_model):  # type: ignore[no-untyped-def]
    load(MONSTERS_FILE)  # skips (or fails in CI) without the real SRD data
    load_demo()
    import_srd5e(srd_dir())
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="dnd5e")
    library = Monster.objects.get(campaign=None, system="dnd5e", source=SOURCE, name="Hell Hound")
    hound = copy_to_campaign(library, campaign)
    encounter = workflows.create_encounter(campaign, "Pies piekielny", gm)
    for name in ("Helga", "Lis"):
        record = Character.objects.get(campaign=campaign, name=name)
        workflows.add_combatants(encounter.pk, gm, f"t-{name}", record=record, side="party")
    workflows.add_combatants(encounter.pk, gm, "t-hound", record=hound)
    # d20 + DEX: Helga 1 + 1, Lis 1 + 3, the hound 20 + 1: the hound first.
    workflows.roll_initiative(encounter.pk, gm, "t-init", typed_faces=[1, 1, 20])
    encounter.refresh_from_db()
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return gm, encounter, keys


def _page(client, encounter, language="en"):  # type: ignore[no-untyped-def]
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    return client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()


def test_the_hound_breathes_on_two_through_the_page_and_a_player_never_reads_the_dc(
    client, breath, django_user_model
):
    gm, encounter, keys = breath
    assert encounter.current == keys["Hell Hound"]
    client.force_login(gm)
    page = _page(client, encounter)
    assert 'value="save_action"' in page and '<option value="Fire Breath">' in page
    url = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    # 6d6 = 1+1+1+2+2+2 = 9, once. Helga d20 5 + DEX 1 = 6 fails: 9; Lis 9 + her DEX save 5 =
    # 14 saves: half, 4.
    posted = {"key": "breath", "actor": keys["Hell Hound"], "kind": "save_action",
              "weapon": "Fire Breath", "targets": [keys["Helga"], keys["Lis"]],
              "faces": "1, 1, 1, 2, 2, 2, 5, 9"}  # fmt: skip
    answer = client.post(url, posted, **HTMX)
    assert answer.status_code == 200 and 'role="alert"' not in answer.content.decode()
    hp = {row.name: row.hp for row in Encounter.objects.get(pk=encounter.pk).combatants.all()}
    assert (hp["Helga"], hp["Lis"]) == (12 - 9, 9 - 4)
    page = _page(client, encounter)
    assert "Hell Hound uses Fire Breath — failed the save: 1, saved: 1" in page
    assert "Fire Breath: DC 12 Dexterity (DEX) saving throw" in page
    assert "Lis: save 14 = d20 9 +5: saved" in page and "Helga: save 6 = d20 5 +1: failed" in page
    polish = _page(client, encounter, "pl")
    assert "Fire Breath: rzut obronny – Zręczność (ZRC), ST 12" in polish

    client.force_login(django_user_model.objects.get(username="hrac"))  # plays Helga and Lis
    seen = _page(client, encounter)
    assert "Hell Hound uses Fire Breath — failed the save: 1, saved: 1" in seen
    assert "DC 12" not in seen  # the monster's number is the GM's (monster stats hidden)
    assert "Lis: save 14 = d20 9 +5: saved" in seen  # her own numbers are hers
    assert replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk))).ok


def test_a_player_never_reads_a_hidden_combatant_among_whose_reach_to_leave(
    client, breath, django_user_model
):
    """5e's move names whose reach the mover leaves (an opportunity attack): the choice lists
    the fight's combatants, and a player's list leaves out those hidden from them."""
    gm, encounter, keys = breath
    lurker = Monster.objects.filter(campaign=encounter.campaign, name="Hell Hound").first()
    workflows.add_combatants(encounter.pk, gm, "t-lurker", record=lurker, hidden=True)
    hidden = Encounter.objects.get(pk=encounter.pk).combatants.get(hidden=True).key
    workflows.next_turn(encounter.pk, gm, "t-next")  # Lis (DEX +3) before Helga: her turn
    client.force_login(django_user_model.objects.get(username="hrac"))
    page = _page(client, encounter)
    assert 'name="value_leaves"' in page and f'value="{keys["Hell Hound"]}"' in page
    assert f'value="{hidden}"' not in page  # not a choice anywhere on the player's page
    client.force_login(gm)
    assert f'value="{hidden}"' in _page(client, encounter)  # the GM's list has it


def test_a_monsters_save_bonus_is_not_read_by_a_player(client, breath, django_user_model):
    """Brat Jan's Sacred Flame (DC 13 DEX) on the hound: the hound's roll shows its faces to a
    player, not its "1d20+1" (a monster's number, hidden like its AC)."""
    gm, encounter, keys = breath
    campaign = Campaign.objects.get(pk=encounter.campaign_id)
    jan = Character.objects.get(campaign=campaign, name="Brat Jan")
    workflows.add_combatants(encounter.pk, gm, "t-jan", record=jan, side="party")
    jan_key = Encounter.objects.get(pk=encounter.pk).combatants.get(name="Brat Jan").key
    workflows.roll_initiative(encounter.pk, gm, "t-late", typed_faces=[20], missing_only=True)
    workflows.next_turn(encounter.pk, gm, "t-to-jan")  # 20 + DEX 0: right after the hound
    assert Encounter.objects.get(pk=encounter.pk).current == jan_key
    flame = Action("save_action", jan_key, (keys["Hell Hound"],), "Sacred Flame")
    workflows.resolve_action(encounter.pk, gm, "t-flame", flame, [4, 17])
    client.force_login(django_user_model.objects.get(username="gracz"))  # Brat Jan's player
    seen = _page(client, encounter)
    row = "Hell Hound · saving throw <code>1d20+1</code>"
    assert "Sacred Flame" in seen and "Hell Hound · saving throw" in seen and row not in seen
    client.force_login(gm)
    assert row in _page(client, encounter)


def test_what_a_gms_bookkeeping_action_is_shows_up_front_not_in_the_situation(client, breath):
    """Issue N: "Applying a condition hides its fields inside the collapsed 'Situation'
    section". The values that say what the action is (the condition, the HP, the exhaustion
    level) stand beside the action's choice; the situation keeps the attack's ticks."""
    gm, encounter, _keys = breath
    client.force_login(gm)
    page = _page(client, encounter)
    panel = page[page.index('class="card mb-3 action-panel"') :]
    up_front, situation = panel.split("<details", 1)
    for name in ("value_condition", "value_amount", "value_level", "value_damage_type"):
        assert f'name="{name}"' in up_front and f'name="{name}"' not in situation
    assert 'name="value_distance"' in situation  # an attack's distance is its situation
