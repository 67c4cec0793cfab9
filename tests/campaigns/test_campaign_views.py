"""Campaign pages as full pages and as htmx partials, with their query counts pinned."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from campaigns.models import Campaign, Invite, Membership, Role

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_creating_a_campaign_makes_the_creator_its_gm(client, make_user, db):
    user = make_user("creator")
    client.force_login(user)
    response = client.post(
        reverse("campaigns:create"),
        {"name": "Temný hvozd", "description": "", "system": "shadowrun3"},
    )
    campaign = Campaign.objects.get(name="Temný hvozd")
    assert response.status_code == 302
    assert response["Location"] == reverse("campaigns:detail", args=[campaign.pk])
    assert Membership.objects.get(campaign=campaign, user=user).role == Role.GM


def test_create_rejects_an_unknown_system_next_to_the_field_and_keeps_the_name(
    client, make_user, db
):
    client.force_login(make_user("creator"))
    response = client.post(reverse("campaigns:create"), {"name": "Keep me", "system": "gurps"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'value="Keep me"' in html
    assert "is-invalid" in html and "gurps" in html
    assert not Campaign.objects.exists()


def test_detail_lists_members_with_roles(client, roles, django_assert_max_num_queries):
    client.force_login(roles["player"])
    with django_assert_max_num_queries(8):
        response = client.get(reverse("campaigns:detail", args=[roles["campaign"].pk]))
    html = response.content.decode()
    assert 'data-member="gm"' in html and 'data-member="player"' in html
    assert "Make co-GM" not in html  # a player sees no GM controls


def test_detail_as_htmx_returns_only_the_members_partial(client, roles):
    client.force_login(roles["gm"])
    response = client.get(reverse("campaigns:detail", args=[roles["campaign"].pk]), **HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<ul class="list-group" id="members">')
    assert "<html" not in html
    assert "HX-Request" in response["Vary"]


def test_history_restore_request_gets_the_full_page(client, roles):
    client.force_login(roles["gm"])
    url = reverse("campaigns:detail", args=[roles["campaign"].pk])
    response = client.get(url, HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in response.content.decode()


def test_gm_makes_a_player_co_gm_with_htmx(client, roles, django_assert_max_num_queries):
    client.force_login(roles["gm"])
    member = roles["player_membership"]
    url = reverse("campaigns:member_role", args=[roles["campaign"].pk, member.pk])
    # 14 for the role change and the page, 7 more to make the new GM admin staff (rare).
    with django_assert_max_num_queries(21):
        response = client.post(url, {"role": "gm"}, **HTMX)
    member.refresh_from_db()
    assert member.role == Role.GM
    assert member.user.is_staff and member.user.groups.filter(name="Game masters").exists()
    html = response.content.decode()
    assert 'id="members"' in html and 'hx-swap-oob="true"' in html


def test_the_last_gm_cannot_step_down_or_leave(client, roles):
    client.force_login(roles["gm"])
    campaign = roles["campaign"]
    client.post(reverse("campaigns:leave", args=[campaign.pk]))
    assert campaign.memberships.filter(role=Role.GM).count() == 1
    response = client.get(reverse("campaigns:detail", args=[campaign.pk]))
    assert "at least one game master" in response.content.decode()


def test_gm_removes_a_player(client, roles):
    client.force_login(roles["gm"])
    member = roles["player_membership"]
    client.post(reverse("campaigns:member_remove", args=[roles["campaign"].pk, member.pk]))
    assert not Membership.objects.filter(pk=member.pk).exists()


def test_player_leaves(client, roles):
    client.force_login(roles["player"])
    response = client.post(reverse("campaigns:leave", args=[roles["campaign"].pk]))
    assert response["Location"] == reverse("campaigns:list")
    assert not roles["campaign"].memberships.filter(user=roles["player"]).exists()


def test_gm_edit_cannot_change_the_system(client, roles):
    client.force_login(roles["gm"])
    campaign = roles["campaign"]
    client.post(
        reverse("campaigns:edit", args=[campaign.pk]),
        {"name": "Renamed", "description": "x", "system": "dnd5e"},
    )
    campaign.refresh_from_db()
    assert (campaign.name, campaign.system) == ("Renamed", "draci_hlidka")


def test_gm_creates_an_invite_with_htmx(client, roles):
    client.force_login(roles["gm"])
    url = reverse("campaigns:invites", args=[roles["campaign"].pk])
    response = client.post(url, {"valid_days": 3, "max_uses": 2}, **HTMX)
    invite = Invite.objects.filter(max_uses=2).get()
    assert invite.expires_at > timezone.now() + timedelta(days=2, hours=23)
    html = response.content.decode()
    assert reverse("campaigns:invite_accept", args=[invite.token]) in html
    assert html.lstrip().startswith('<div id="invites">')


def test_invite_form_errors_are_shown_next_to_the_field(client, roles):
    client.force_login(roles["gm"])
    url = reverse("campaigns:invites", args=[roles["campaign"].pk])
    response = client.post(url, {"valid_days": 500, "max_uses": "abc"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("invalid-feedback") >= 2
    assert 'value="500"' in html


def test_player_joins_through_an_invite(client, roles, make_user):
    newcomer = make_user("newcomer")
    client.force_login(newcomer)
    invite = roles["invite"]
    response = client.post(reverse("campaigns:invite_accept", args=[invite.token]))
    assert response.status_code == 302
    membership = Membership.objects.get(campaign=roles["campaign"], user=newcomer)
    assert membership.role == Role.PLAYER
    invite.refresh_from_db()
    assert invite.uses == 1


@pytest.mark.parametrize("problem", ["revoked", "expired", "used_up"])
def test_unusable_invites_do_not_admit_anybody(client, roles, make_user, problem):
    invite = roles["invite"]
    if problem == "revoked":
        invite.revoked_at = timezone.now()
    elif problem == "expired":
        invite.expires_at = timezone.now() - timedelta(seconds=1)
    else:
        invite.max_uses, invite.uses = 1, 1
    invite.save()
    client.force_login(make_user("late"))
    response = client.post(reverse("campaigns:invite_accept", args=[invite.token]))
    assert response.status_code == 410
    assert "Ask your game master for a new one" in response.content.decode()
    assert roles["campaign"].memberships.count() == 2


def test_unknown_invite_token_is_404(client, db):
    response = client.get(reverse("campaigns:invite_accept", args=["nope"]))
    assert response.status_code == 404


def test_revoke_with_htmx_rerenders_the_invite_list(client, roles):
    client.force_login(roles["gm"])
    invite = roles["invite"]
    url = reverse("campaigns:invite_revoke", args=[roles["campaign"].pk, invite.pk])
    response = client.post(url, **HTMX)
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    assert "Revoked" in response.content.decode()


def test_signup_then_join_keeps_the_next_url(client, roles):
    invite_url = reverse("campaigns:invite_accept", args=[roles["invite"].token])
    response = client.post(
        reverse("signup"),
        {
            "username": "nova",
            "password1": "a-long-pass-123",
            "password2": "a-long-pass-123",
            "next": invite_url,
        },
    )
    assert response["Location"] == invite_url


def test_signup_refuses_an_offsite_next(client, db):
    response = client.post(
        reverse("signup"),
        {
            "username": "nova",
            "password1": "a-long-pass-123",
            "password2": "a-long-pass-123",
            "next": "https://evil.example/",
        },
    )
    assert response["Location"] == reverse("campaigns:list")


def test_htmx_post_is_redirected_with_hx_redirect(client, make_user, db):
    client.force_login(make_user("creator"))
    response = client.post(reverse("campaigns:create"), {"name": "H", "system": "ose"}, **HTMX)
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith("/campaigns/")


def test_list_shows_only_my_campaigns(client, roles, django_assert_max_num_queries):
    client.force_login(roles["outsider"])
    with django_assert_max_num_queries(4):
        html = client.get(reverse("campaigns:list")).content.decode()
    assert "Elsewhere" in html and "Stezka" not in html


def test_gm_downloads_the_campaign_as_json(client, roles):
    import json

    client.force_login(roles["gm"])
    response = client.get(reverse("campaigns:export", args=[roles["campaign"].pk]))
    assert response["Content-Disposition"].startswith("attachment;")
    data = json.loads(response.content)
    assert data["format"] == "iniciativa-campaign"
    assert [c["name"] for c in data["characters"]] == ["Baldur"]
