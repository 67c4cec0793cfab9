"""The encounter's GET routes read the encounter, its campaign and the user's membership in one
query (combat.views.common.encounter_of): each still answers only the campaign's members, with
their own role, and a 404 to everybody else, whatever the ids (red team of that change)."""

import pytest
from django.urls import reverse

from campaigns.models import Membership, Role
from combat import history
from combat.models import Encounter, OpenProposal
from combat.views.common import _as_member

GET_ROUTES = [
    "encounter",
    "encounter_table",
    "encounter_simulate",
    "encounter_record",
    "encounter_award",
    "encounter_gm_forms",
    "encounter_odds",
    "encounter_events",
]
HUGE = [2**31, 2**63 - 1, 2**63, 2**64, 10**30]


def _status(client, name, pk, enc):
    return client.get(reverse(f"combat:{name}", args=[pk, enc])).status_code


@pytest.mark.parametrize("name", GET_ROUTES)
def test_only_the_campaigns_members_reach_its_encounters(client, roles, name):
    encounter, campaign = roles["encounter"], roles["campaign"]
    other = roles["outsider"].memberships.get().campaign
    elsewhere = Encounter.objects.create(campaign=other, name="Elsewhere")
    assert _status(client, name, campaign.pk, encounter.pk) == 302  # anonymous: the login
    client.force_login(roles["outsider"])
    assert _status(client, name, campaign.pk, encounter.pk) == 404
    assert _status(client, name, other.pk, encounter.pk) == 404  # own campaign, foreign fight
    client.force_login(roles["player"])
    assert _status(client, name, campaign.pk, elsewhere.pk) == 404
    assert _status(client, name, other.pk, elsewhere.pk) == 404
    Membership.objects.filter(user=roles["player"], campaign=campaign).delete()  # removed
    assert _status(client, name, campaign.pk, encounter.pk) == 404


@pytest.mark.parametrize("name", GET_ROUTES)
def test_ids_past_the_columns_range_are_nobodys(client, roles, name):
    client.force_login(roles["gm"])
    campaign, encounter = roles["campaign"], roles["encounter"]
    for huge in HUGE:
        assert _status(client, name, huge, encounter.pk) == 404, huge
        assert _status(client, name, campaign.pk, huge) == 404, huge
        assert _status(client, name, huge, huge) == 404, huge


def test_the_membership_read_is_the_users_own(roles):
    campaign, encounter = roles["campaign"], roles["encounter"]
    # GM of another campaign, a player here
    Membership.objects.create(campaign=campaign, user=roles["outsider"], role=Role.PLAYER)
    for user, gm in ((roles["gm"], True), (roles["player"], False), (roles["outsider"], False)):
        membership, read = _as_member(user, campaign.pk, encounter.pk)
        real = Membership.objects.get(campaign=campaign, user=user)
        found = (membership.pk, membership.role, membership.is_gm, membership.user_id)
        assert found == (real.pk, real.role, gm, user.pk)
        assert membership.campaign == campaign and read == encounter


def test_the_read_says_whether_a_proposal_waits(roles):
    campaign, encounter = roles["campaign"], roles["encounter"]
    _, read = _as_member(roles["gm"], campaign.pk, encounter.pk)
    assert getattr(read, history.WAITING) is False
    assert history.open_proposals(read) == []
    OpenProposal.objects.create(encounter=encounter, seq=1)
    _, read = _as_member(roles["gm"], campaign.pk, encounter.pk)
    assert getattr(read, history.WAITING) is True
