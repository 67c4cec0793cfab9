"""Seed 004's dog in the tracker: the GM rolls for the dog, the player rolls for A from a phone,
both pages follow live, and the log replays exactly."""

from playwright.sync_api import expect

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from tests.browser.test_encounter_live import fill_action, log_in, next_turn


def _roll(page, faces, primary=None, secondary=None):  # type: ignore[no-untyped-def]
    values = {"primary": primary, "secondary": secondary} if primary else None
    fill_action(page, "fight_roll", faces, values=values)


def _dog_fight(new_context, django_user_model):  # type: ignore[no-untyped-def]
    """Seed 004's dog against Hráč A: the GM's desktop and the player's phone on its page, the
    order set (no initiative in seed 004)."""
    load_demo()
    gm_user = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="dice_pool")
    encounter = workflows.create_encounter(campaign, "Pes", gm_user)
    dog = Monster.objects.get(campaign=campaign, name="Pes")
    hero = Character.objects.get(campaign=campaign, name="Hráč A")
    workflows.add_combatants(encounter.pk, gm_user, "b-dog", record=dog)
    workflows.add_combatants(encounter.pk, gm_user, "b-a", record=hero, side="party")
    url = f"/campaigns/{campaign.pk}/encounters/{encounter.pk}/"
    gm = log_in(new_context(), "gm")
    gm.goto(url)
    player = log_in(new_context(width=390, height=844), "hrac")
    player.goto(url)
    gm.get_by_role("button", name="Set the order").click()
    return encounter, gm, player


def test_the_dog_fight_runs_in_the_tracker_and_replays(
    new_context, transactional_db, django_user_model
):
    encounter, gm, player = _dog_fight(new_context, django_user_model)
    expect(gm.locator(".action-panel")).to_contain_text("Pes acts")
    _roll(gm, "4")  # seed 004: the dog attacks with one die and rolls 4
    next_turn(gm)
    expect(player.locator(".action-panel")).to_contain_text("Hráč A acts")  # live, no reload
    _roll(player, "3, 3, 3", "Boj s dýkou", "Obratnost")  # 9 against 4: the dog loses 5 HP
    expect(gm.locator('[data-combatant="Pes"]')).to_contain_text("1 / 6")
    expect(player.locator(".log-entry").first).to_contain_text("9")

    next_turn(gm)  # round 2: the dog flees with one die, 6; A rolls 8 → dead
    _roll(gm, "6")
    next_turn(gm)
    _roll(player, "2, 3, 3", "Boj s dýkou", "Obratnost")
    expect(gm.locator('[data-combatant="Pes"]')).to_contain_text("dead")
    expect(player.locator('[data-combatant="Pes"]')).to_contain_text("down")

    report = replay_encounter(export_encounter(Encounter.objects.get(pk=encounter.pk)))
    assert report.ok, [str(d) for d in report.differences]
    assert Encounter.objects.get(pk=encounter.pk).combatants.get(name="Pes").hp <= 0


def test_a_panel_asked_for_before_the_turn_moved_follows_the_turn(
    new_context, transactional_db, django_user_model
):
    """The race CI met: the player's roll makes the GM's page ask for a new panel (for Hráč A,
    whose turn it is); the GM presses Next turn before that answer comes. The late answer must
    show the dog's turn, not Hráč A "out of turn"."""
    _encounter, gm, player = _dog_fight(new_context, django_user_model)
    _roll(gm, "4")
    next_turn(gm)
    expect(gm.locator(".action-panel")).to_contain_text("Hráč A acts")

    held = []  # the first panel asked for waits; later ones go through

    def hold_first(route):  # type: ignore[no-untyped-def]
        if held:
            route.continue_()
        else:
            held.append(route)

    gm.route("**/*panel=1*", hold_first)
    _roll(player, "3, 3, 3", "Boj s dýkou", "Obratnost")
    gm.wait_for_timeout(100)
    for _ in range(200):  # the GM's poll brings the roll; the page asks for its panel
        if held:
            break
        gm.wait_for_timeout(100)
    assert held, "the page never asked for its panel"
    gm.get_by_role("button", name="Next turn").click()
    expect(gm.locator(".action-panel")).to_contain_text("Pes acts")
    held[0].continue_()  # the panel asked for on Hráč A's turn answers now
    gm.wait_for_timeout(500)
    expect(gm.locator(".action-panel")).to_contain_text("Pes acts")
    expect(gm.locator(".action-panel")).not_to_contain_text("out of turn")
