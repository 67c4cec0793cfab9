"""The action panel's generic parts: value modifiers, acting out of turn, and fight options."""

from campaigns.models import Campaign
from combat import workflows
from combat.models import Encounter, Event
from tests.combat.test_encounter_views import HTMX, _player, _url


def test_a_value_modifier_from_the_panel_reaches_the_rules(client, fight):
    """The GM's bonus to the attack: Útok 12 + 2 = 14 against Obrana 5 → 10 HP lost, not 8."""
    client.force_login(fight["gm"])
    page = client.get(_url(fight)).content.decode()
    assert 'name="value_attack_bonus"' in page
    data = {"key": "v-1", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1", "value_attack_bonus": "2"}  # fmt: skip
    client.post(_url(fight, "combat:encounter_action"), data, **HTMX)
    event = Event.objects.filter(encounter=fight["encounter"], type="action").get()
    assert event.payload["action"]["modifiers"] == {"attack_bonus": 2}
    assert fight["encounter"].combatants.get(name="Vůdce skřetů").hp == 20 - 10


def test_a_value_out_of_its_bounds_is_refused_with_a_message(client, fight):
    client.force_login(fight["gm"])
    data = {"key": "v-2", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1", "value_attack_bonus": "999"}  # fmt: skip
    html = client.post(_url(fight, "combat:encounter_action"), data, **HTMX).content.decode()
    assert "Check the action" in html
    assert not Event.objects.filter(encounter=fight["encounter"], type="action").exists()


def test_the_gm_may_act_for_another_combatant_out_of_turn(client, fight):
    client.force_login(fight["gm"])
    page = client.get(_url(fight), {"actor": fight["leader"], "version": "pick"}, **HTMX)
    html = page.content.decode()
    assert "Vůdce skřetů acts" in html and "out of turn" in html
    data = {"key": "o-1", "kind": "attack", "actor": fight["leader"], "targets": [fight["baldur"]],
            "faces": "1, 1"}  # fmt: skip
    client.post(_url(fight, "combat:encounter_action"), data, **HTMX)
    event = Event.objects.filter(encounter=fight["encounter"], type="action").get()
    assert event.payload["action"]["actor"] == fight["leader"]


def test_a_player_cannot_act_out_of_turn_for_a_monster(client, fight, django_user_model):
    player = _player(client, django_user_model)
    page = player.get(_url(fight), {"actor": fight["leader"], "version": "pick"}, **HTMX)
    assert "Vůdce skřetů acts" not in page.content.decode()  # the panel stays with Baldur
    data = {"key": "o-2", "kind": "attack", "actor": fight["leader"], "targets": [fight["baldur"]],
            "faces": "1, 1"}  # fmt: skip
    assert player.post(_url(fight, "combat:encounter_action"), data).status_code == 403


def test_campaign_options_start_new_encounters_and_the_gm_changes_them_before_the_fight(
    client, fight
):
    campaign = Campaign.objects.get(system="draci_hlidka")
    client.force_login(fight["gm"])
    edit = client.get(f"/campaigns/{campaign.pk}/edit/").content.decode()
    assert "option_initiative_once" in edit
    client.post(f"/campaigns/{campaign.pk}/edit/", {"name": campaign.name, "description": "",
                "option_initiative_once": "yes", "option_critical_bleeds_at_hit": "yes"})  # fmt: skip
    campaign.refresh_from_db()
    assert campaign.fight_options["initiative_once"] == "yes"
    encounter = workflows.create_encounter(campaign, "Nová", fight["gm"])
    assert encounter.options["initiative_once"] == "yes"
    url = f"/campaigns/{campaign.pk}/encounters/{encounter.pk}/"
    assert "option_initiative_once" in client.get(url + "gm-forms/", **HTMX).content.decode()
    client.post(url + "options/", {"key": "opt-1", "option_initiative_once": "no",
                                   "option_critical_bleeds_at_hit": "no"})  # fmt: skip
    encounter.refresh_from_db()
    # monster_stats and skip_defeated: every system's options (combat.visibility, .rules.flow);
    # new_round_waits: every new fight's, not a choice (combat.rules.flow)
    every = {"skip_defeated": "yes", "monster_stats": "hidden", "new_round_waits": "yes"}
    chosen = {"initiative_once": "no", "critical_bleeds_at_hit": "no", **every}
    assert encounter.options == chosen
    before = {"initiative_once": "yes", "critical_bleeds_at_hit": "yes", **every}
    assert Event.objects.get(encounter=encounter, type="options").payload["before"] == before


def test_options_cannot_change_once_the_fight_runs(client, fight):
    client.force_login(fight["gm"])
    html = client.post(_url(fight, "combat:encounter_options"),
                       {"key": "opt-2", "option_initiative_once": "yes"}, **HTMX)  # fmt: skip
    assert "before the first initiative" in html.content.decode()
    assert Encounter.objects.get(pk=fight["encounter"].pk).options["initiative_once"] == "no"


def _five_e_fight(django_user_model):  # type: ignore[no-untyped-def]
    """Helga (hrac's) against a goblin; the goblin's turn, so Helga may only react."""
    from campaigns.models import Character, Monster

    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="dnd5e")
    encounter = workflows.create_encounter(campaign, "Reakce", gm)
    helga = Character.objects.get(campaign=campaign, name="Helga")
    goblin = Monster.objects.get(campaign=campaign, name="Goblin")
    workflows.add_combatants(encounter.pk, gm, "r1", record=helga, side="party")
    workflows.add_combatants(encounter.pk, gm, "r2", record=goblin)
    workflows.roll_initiative(encounter.pk, gm, "r3", typed_faces=[15, 9])
    workflows.next_turn(encounter.pk, gm, "r4")
    encounter.refresh_from_db()
    keys = {c.name: c.key for c in encounter.combatants.all()}
    url = f"/campaigns/{campaign.pk}/encounters/{encounter.pk}/"
    return encounter, keys, url


def test_a_player_reacts_out_of_turn_but_never_gets_the_gms_bookkeeping(
    client, fight, django_user_model
):
    encounter, keys, url = _five_e_fight(django_user_model)
    player = _player(client, django_user_model)
    html = player.get(url).content.decode()
    assert "Helga acts" in html and "out of turn" in html
    assert 'value="apply_condition"' not in html and 'value="attack"' in html
    gm_kind = {"key": "g-1", "kind": "apply_condition", "actor": keys["Helga"],
               "targets": [keys["Goblin"]], "value_condition": "paralyzed"}  # fmt: skip
    player.post(url + "action/", gm_kind, **HTMX)
    assert not Event.objects.filter(encounter=encounter, type="action").exists()
    reaction = {"key": "g-2", "kind": "attack", "actor": keys["Helga"], "weapon": "Longsword",
                "targets": [keys["Goblin"]], "faces": "2"}  # fmt: skip
    player.post(url + "action/", reaction, **HTMX)  # by default a reaction waits for the GM
    assert Event.objects.filter(encounter=encounter, type="proposed").count() == 1
    assert not Event.objects.filter(encounter=encounter, type="action").exists()
    Campaign.objects.filter(pk=encounter.campaign_id).update(reactions_need_approval=False)
    player.post(url + "action/", {**reaction, "key": "g-3"}, **HTMX)
    assert Event.objects.filter(encounter=encounter, type="action").count() == 1


def test_a_tick_left_from_another_kind_does_not_reach_the_rules(client, fight):
    """The GM ticked "flat" for an attack, then chose a sprint: only the sprint's ones go."""
    client.force_login(fight["gm"])
    data = {"key": "k-1", "kind": "move", "modifiers": ["flat", "override"], "faces": ""}
    client.post(_url(fight, "combat:encounter_action"), data, **HTMX)
    event = Event.objects.filter(encounter=fight["encounter"], type="action").get()
    assert event.payload["action"]["modifiers"] == {"override": True}
