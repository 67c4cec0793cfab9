"""The logs cannot be edited: not through the ORM, not with raw SQL; deleting the parent can."""

import pytest
from django.db import DatabaseError, connection, transaction

from campaigns.models import Campaign
from combat.models import Roll
from combat.services import quick_roll


@pytest.fixture
def logged_roll(roles):
    roll, _ = quick_roll(roles["campaign"], roles["gm"], "1d20", key="raw")
    return roll


def test_raw_sql_update_of_a_roll_is_refused(logged_roll):
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE combat_roll SET total = 99 WHERE id = %s", [logged_roll.pk])
    assert Roll.objects.get(pk=logged_roll.pk).total == logged_roll.total


def test_raw_sql_delete_of_a_roll_is_refused(logged_roll):
    with pytest.raises(DatabaseError), transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DELETE FROM combat_roll WHERE id = %s", [logged_roll.pk])
    assert Roll.objects.filter(pk=logged_roll.pk).exists()


def test_deleting_the_campaign_removes_its_roll_log(logged_roll, roles):
    Campaign.objects.filter(pk=roles["campaign"].pk).delete()
    assert not Roll.objects.filter(pk=logged_roll.pk).exists()


def test_the_admin_shows_logs_read_only(client, logged_roll, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", "r@example.com", "pw"))
    url = f"/admin/combat/roll/{logged_roll.pk}/change/"
    html = client.get(url).content.decode()
    assert client.get(url).status_code == 200 and 'name="_save"' not in html
    assert (
        client.post(f"/admin/combat/roll/{logged_roll.pk}/delete/", {"post": "yes"}).status_code
        == 403
    )
    assert client.get("/admin/combat/event/add/").status_code == 403


def test_every_log_table_has_its_triggers_after_migrate(db):
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        else:
            cursor.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")
        names = {row[0] for row in cursor.fetchall()}
    expected = {"sqlite": {"combat_roll_no_update", "combat_roll_no_delete",
                           "combat_event_no_update", "combat_event_no_delete"},
                "postgresql": {"combat_roll_append_only", "combat_event_append_only"}}  # fmt: skip
    assert expected[connection.vendor] <= names


def test_deleting_an_encounter_removes_its_log(fight):
    from combat.models import Encounter, Event

    pk = fight["encounter"].pk
    assert Event.objects.filter(encounter_id=pk).exists()
    Encounter.objects.get(pk=pk).delete()
    assert not Event.objects.filter(encounter_id=pk).exists()
