"""The GM's situational calls (Výhoda +5, who may surround or defend how, 5e's advantage for a
target's check, the dice pool's special effect) are declared GM-only by each engine: a player's
form never offers them, and a player's post that names one never reaches the rules."""

import pytest

from combat.models import Event
from combat.rules.engines import get_engine
from tests.combat import conftest as combat_fixtures
from tests.combat.test_encounter_views import HTMX, _player, _url

fight = combat_fixtures.fight  # the seed's Dračí Hlídka fight: Baldur's turn

GM_CALLS = {
    "draci_hlidka": {"advantage", "disadvantage", "defence_advantage", "defence_disadvantage",
                     "surround_ok", "zo_only", "active_defence", "helpless_defence", "outnumbered"},
    "dnd5e": {"advantage", "disadvantage", "target_advantage", "target_disadvantage"},
    "dice_pool": {"special"},
}  # fmt: skip


@pytest.mark.parametrize("system", sorted(GM_CALLS))
def test_each_engine_declares_the_gms_calls(system):
    assert GM_CALLS[system] <= get_engine(system).gm_modifiers


def test_a_player_is_not_offered_and_cannot_post_the_gms_advantage(
    client,
    fight,
    django_user_model,
):
    client.force_login(fight["gm"])
    gm_page = client.get(_url(fight)).content.decode()
    assert 'value="advantage"' in gm_page  # the GM's own panel offers the call
    player = _player(client, django_user_model)
    page = player.get(_url(fight)).content.decode()
    assert "Baldur acts" in page and 'value="advantage"' not in page
    data = {"key": "p-adv", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1", "modifiers": ["advantage"]}  # fmt: skip
    player.post(_url(fight, "combat:encounter_action"), data, **HTMX)
    for event in Event.objects.filter(encounter=fight["encounter"], type="action"):
        assert "advantage" not in event.payload["action"]["modifiers"]
