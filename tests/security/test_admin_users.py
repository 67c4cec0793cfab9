"""Accounts in the admin: deleting a user keeps the logs intact; the demo GM can open the admin."""

from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from campaigns.models import JournalRoll, Thread
from combat.eventlog import verify_chain
from combat.models import Encounter, Event, Roll
from combat.services import quick_roll
from combat.workflows import create_encounter


@pytest.fixture
def superuser(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.com", "pw")
    client.force_login(admin)
    return client


def _delete_user(client, user):
    url = reverse("admin:auth_user_delete", args=[user.pk])
    page = client.get(url)
    assert page.status_code == 200
    return page, client.post(url, {"post": "yes"})


def _bulk_delete(client, users):
    ids = [user.pk for user in users]
    data = {"action": "delete_selected", "_selected_action": ids}
    page = client.post(reverse("admin:auth_user_changelist"), data)
    assert page.status_code == 200
    return page, client.post(reverse("admin:auth_user_changelist"), {**data, "post": "yes"})


def test_deleting_a_user_who_rolled_deactivates_them_and_keeps_the_roll(superuser, roles):
    player = roles["player"]
    roll, _ = quick_roll(roles["campaign"], player, "1d20", key="k")
    page, response = _delete_user(superuser, player)
    assert "deactivated" in page.content.decode()
    assert response.status_code == 302
    player.refresh_from_db()
    assert not player.is_active and not player.has_usable_password()
    assert Roll.objects.get(pk=roll.pk).user_id == player.pk
    assert "deactivated instead of deleted" in superuser.get(response.url).content.decode().lower()


def test_deleting_a_gm_keeps_the_encounter_log_and_its_chain(superuser, roles):
    gm = roles["gm"]
    encounter = create_encounter(roles["campaign"], "Ambush", gm)
    events = list(Event.objects.filter(encounter=encounter).values_list("pk", "user_id"))
    assert events and all(user_id == gm.pk for _, user_id in events)
    _delete_user(superuser, gm)
    assert get_user_model().objects.filter(pk=gm.pk, is_active=False).exists()
    after = list(Event.objects.filter(encounter=encounter).values_list("pk", "user_id"))
    assert after == events
    assert verify_chain(Encounter.objects.get(pk=encounter.pk)) == []


def test_deleting_a_journal_roller_deactivates_instead_of_refusing(superuser, roles):
    player = roles["player"]
    Thread.open(roles["campaign"], player, "Scene", "I look. [dice]1d6[/dice]", key="t")
    _page, response = _delete_user(superuser, player)
    assert response.status_code == 302
    assert JournalRoll.objects.filter(user=player).exists()
    player.refresh_from_db()
    assert not player.is_active


def test_bulk_delete_deletes_the_clean_and_deactivates_the_logged(superuser, roles):
    player, outsider = roles["player"], roles["outsider"]
    quick_roll(roles["campaign"], player, "1d6", key="k")
    page, response = _bulk_delete(superuser, [player, outsider])
    assert "deactivated" in page.content.decode()
    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk=outsider.pk).exists()
    player.refresh_from_db()
    assert not player.is_active
    assert Roll.objects.filter(user=player).count() == 1


def test_a_user_without_log_rows_is_really_deleted(superuser, roles):
    outsider = roles["outsider"]
    _page, response = _delete_user(superuser, outsider)
    assert response.status_code == 302
    assert not get_user_model().objects.filter(pk=outsider.pk).exists()


def test_a_deactivated_user_can_no_longer_log_in(superuser, roles, client):
    player = roles["player"]
    quick_roll(roles["campaign"], player, "1d6", key="k")
    _delete_user(superuser, player)
    superuser.logout()
    assert not client.login(username="player", password="pw-player")


# --- finding 16: the demo GM ----------------------------------------------------------------


@pytest.mark.django_db
def test_the_demo_gm_can_edit_records_in_the_admin(client):
    call_command("load_demo", stdout=StringIO())
    assert client.login(username="gm", password="iniciativa")
    assert client.get("/admin/").status_code == 200
    changelist = client.get(reverse("admin:campaigns_monster_changelist"))
    assert changelist.status_code == 200
    assert "Lost Mine" in changelist.content.decode()
    assert client.get(reverse("admin:campaigns_character_changelist")).status_code == 200


@pytest.mark.django_db
def test_the_demo_players_do_not_get_the_admin(client):
    call_command("load_demo", stdout=StringIO())
    assert client.login(username="hrac", password="iniciativa")
    assert client.get("/admin/").status_code == 302


def test_deleting_a_user_who_rolled_outside_the_admin_is_refused_and_keeps_the_log(roles):
    """`user.delete()` from a shell or a script: the log rows protect their users (no UPDATE of
    an append-only row is ever attempted), so the refusal names them and the chain stays."""
    from django.db.models import ProtectedError

    player = roles["player"]
    quick_roll(roles["campaign"], player, "1d6", key="shell")
    with pytest.raises(ProtectedError):
        player.delete()
    assert Roll.objects.filter(user=player).count() == 1


def test_the_last_superuser_cannot_delete_themselves(superuser, django_user_model):
    """Found by the red team: a superuser deleting their own account was deactivated, and with
    no other superuser nobody could manage accounts or the shared library any more."""
    root = django_user_model.objects.get(username="root")
    url = reverse("admin:auth_user_delete", args=[root.pk])
    page = superuser.post(url, {"post": "yes"}, follow=True)
    assert "leave no active superuser" in page.content.decode()
    data = {"action": "delete_selected", "_selected_action": [root.pk], "post": "yes"}
    bulk = superuser.post(reverse("admin:auth_user_changelist"), data, follow=True)
    assert "leave no active superuser" in bulk.content.decode()
    root.refresh_from_db()
    assert root.is_active and root.is_superuser
    other = django_user_model.objects.create_superuser("root2", "r2@example.com", "pw")
    superuser.post(url, {"post": "yes"})
    assert not django_user_model.objects.filter(pk=root.pk).exists() and other.is_superuser


def test_a_deactivated_account_is_marked_and_cannot_be_made_a_gm_or_be_the_last_gm(client, roles):
    """Found walking the campaign page: a player "deleted" in the admin (so deactivated) looked
    like any member, with "Make co-GM"; promoting them made an account that cannot log in staff,
    and a deactivated co-GM counted as the GM who remains when the last real one steps down."""
    from campaigns.models import Membership, Role
    from campaigns.useradmin import retire

    player, gm, campaign = roles["player"], roles["gm"], roles["campaign"]
    retire(player)
    client.force_login(gm)
    page = client.get(reverse("campaigns:detail", args=[campaign.pk])).content.decode()
    row = page[page.index(f'data-member="{player.username}"') :].split("</li>")[0]
    assert "deactivated account" in row and "Make co-GM" not in row
    member = roles["player_membership"]
    client.post(reverse("campaigns:member_role", args=[campaign.pk, member.pk]), {"role": "gm"})
    member.refresh_from_db()
    player.refresh_from_db()
    assert member.role == Role.PLAYER and not player.is_staff
    Membership.objects.filter(pk=member.pk).update(role=Role.GM)  # a GM deactivated later
    mine = Membership.objects.get(campaign=campaign, user=gm)
    client.post(reverse("campaigns:member_role", args=[campaign.pk, mine.pk]), {"role": "player"})
    mine.refresh_from_db()
    assert mine.role == Role.GM


def test_admin_pages_name_the_sites_icon(superuser):
    """Found walking the admin: without an icon link every admin visit logged a console 404."""
    assert "img/favicon.svg" in superuser.get(reverse("admin:index")).content.decode()
