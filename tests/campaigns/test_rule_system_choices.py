"""The models' rule-system choices come from the registry (combat.rules.systems): in the page's
language, and without a migration when a system is added."""

from io import StringIO

from django.core.management import call_command
from django.utils import translation

from campaigns.models.campaign import rule_systems
from combat.rules.systems import register, unregister
from tests import sixth_system


def test_the_choices_are_the_registered_systems_in_the_page_language():
    with translation.override("pl"):
        choices = rule_systems()
    assert [key for key, _name in choices] == [
        "draci_hlidka",
        "ose",
        "dnd5e",
        "shadowrun3",
        "dice_pool",
    ]
    assert choices[-1] == ("dice_pool", "Forumowy system puli k6")
    with translation.override("cs"):
        assert rule_systems()[-1] == ("dice_pool", "Forumový systém d6 (dice pool)")


def test_a_new_system_needs_no_migration(db):
    register(sixth_system.SYSTEM)
    try:
        assert ("duel", "Duel") in rule_systems()
        out = StringIO()
        call_command("makemigrations", "--check", "--dry-run", stdout=out)  # exits 1 on changes
        assert "No changes detected" in out.getvalue()
    finally:
        unregister("duel")


def test_the_journal_explains_pool_tests_where_the_system_has_them(roles, client):
    from django.urls import reverse

    from campaigns.models import Campaign

    pool = Campaign.objects.create(name="Dveře", system="dice_pool")
    pool.memberships.create(user=roles["gm"], role="gm")
    client.force_login(roles["gm"])
    here = client.get(reverse("campaigns:journal", args=[pool.pk])).content.decode()
    there = client.get(reverse("campaigns:journal", args=[roles["campaign"].pk])).content
    assert "journal-pool-help" in here and b"journal-pool-help" not in there
