"""A player's reaction waits for the GM by default (issue N: "out-of-turn actions only where the
rules give a trigger (reactions need the GM's approval by default)"). In D&D 5e a player's
attack in another's turn is a reaction (an opportunity attack, SRD 5.1): it becomes a proposal
the GM accepts or rejects, unless the campaign lets reactions through; on one's own turn, an
attack resolves at once. Whether it is a reaction is judged inside the workflow's lock."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.models import Encounter
from combat.rules.base import Action, RulesError
from combat.rules.encounter.events import EventType

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def goblin_first(db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="dnd5e")
    encounter = workflows.create_encounter(campaign, "Opportunity", gm)
    helga = Character.objects.get(campaign=campaign, name="Helga")  # hrac's
    workflows.add_combatants(encounter.pk, gm, "r-helga", record=helga, side="party")
    goblin = Monster.objects.filter(campaign=campaign, name__startswith="Goblin").first()
    workflows.add_combatants(encounter.pk, gm, "r-gob", record=goblin)
    workflows.roll_initiative(encounter.pk, gm, "r-init", typed_faces=[1, 20])  # the goblin
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return gm, encounter, keys


def _swing(client, encounter, keys, key):  # type: ignore[no-untyped-def]
    url = reverse("combat:encounter_action", args=[encounter.campaign_id, encounter.pk])
    data = {"key": key, "actor": keys["Helga"], "kind": "attack", "weapon": "Longsword",
            "targets": [keys["Goblin"]], "faces": "15, 4"}  # fmt: skip
    return client.post(url, data, HTTP_ACCEPT_LANGUAGE="en", **HTMX).content.decode()


def _goblin_hp(encounter: Encounter, keys: dict[str, str]) -> int:
    return next(row.hp for row in encounter.combatants.all() if row.key == keys["Goblin"])


def test_a_players_opportunity_attack_waits_for_the_gm_who_accepts_it(
    client, goblin_first, django_user_model
):
    gm, encounter, keys = goblin_first
    hp = _goblin_hp(encounter, keys)
    client.force_login(django_user_model.objects.get(username="hrac"))
    html = _swing(client, encounter, keys, "r-oa")
    assert "waiting for the game master" in html
    assert "Sent to the game master: it waits for an answer" in html  # the phone's own line
    assert _goblin_hp(encounter, keys) == hp  # nothing rolled or changed yet
    last = encounter.events.order_by("-seq").first()
    assert last.type == EventType.PROPOSED
    workflows.decide_proposal(encounter.pk, gm, "r-yes", last.seq, accept=True)
    assert _goblin_hp(encounter, keys) == hp - 7  # 15 + 5 hits; 1d8 4 + STR 3 with her dice


def test_where_the_campaign_lets_reactions_through_it_resolves_at_once(
    client, goblin_first, django_user_model
):
    _gm, encounter, keys = goblin_first
    Campaign.objects.filter(pk=encounter.campaign_id).update(reactions_need_approval=False)
    hp = _goblin_hp(encounter, keys)
    client.force_login(django_user_model.objects.get(username="hrac"))
    html = _swing(client, encounter, keys, "r-oa-free")
    assert "waiting for the game master" not in html
    assert _goblin_hp(encounter, keys) == hp - 7
    assert "Helga attacks with the reaction" in html


def test_on_her_own_turn_the_attack_is_no_reaction_and_resolves(
    client, goblin_first, django_user_model
):
    gm, encounter, keys = goblin_first
    workflows.next_turn(encounter.pk, gm, "r-next")  # Helga's turn
    hp = _goblin_hp(encounter, keys)
    client.force_login(django_user_model.objects.get(username="hrac"))
    _swing(client, encounter, keys, "r-own")
    assert _goblin_hp(encounter, keys) == hp - 7


def test_the_gms_own_reaction_for_a_monster_needs_nobodys_approval(goblin_first):
    gm, encounter, keys = goblin_first
    workflows.next_turn(encounter.pk, gm, "r-next")  # Helga's turn: the goblin reacts
    bite = Action("attack", keys["Goblin"], (keys["Helga"],), "Scimitar")
    event = workflows.resolve_action(encounter.pk, gm, "r-gm", bite, [2])
    assert event.type == EventType.ACTION


def test_the_reaction_is_judged_as_the_fight_stands_under_the_lock(goblin_first):
    """A swing sent as Helga's own turn ended is a reaction by the time it is written: it waits."""
    gm, encounter, keys = goblin_first
    swing = Action("attack", keys["Helga"], (keys["Goblin"],), "Longsword")
    event = workflows.resolve_action(
        encounter.pk, gm, "r-late", swing, [15, 4], reactions_wait=True
    )
    assert event.type == EventType.PROPOSED


def test_a_reaction_accepted_after_its_turn_is_refused_and_can_be_rejected(
    client, goblin_first, django_user_model
):
    """The review's finding: accepted after Next turn, the opportunity attack spent Helga's own
    turn's action. A reaction's proposal keeps its moment; once the turn moves on it is refused."""
    gm, encounter, keys = goblin_first
    client.force_login(django_user_model.objects.get(username="hrac"))
    _swing(client, encounter, keys, "r-oa-late")
    proposal = encounter.events.order_by("-seq").first()
    assert proposal.payload["reaction_at"] == [1, keys["Goblin"]]
    workflows.next_turn(encounter.pk, gm, "r-next")  # Helga's own turn now
    hp = _goblin_hp(encounter, keys)
    with pytest.raises(RulesError, match="moment for that reaction has passed"):
        workflows.decide_proposal(encounter.pk, gm, "r-yes", proposal.seq, accept=True)
    assert _goblin_hp(encounter, keys) == hp
    workflows.decide_proposal(encounter.pk, gm, "r-no", proposal.seq, accept=False)
    assert encounter.events.order_by("-seq").first().type == EventType.REJECTED
