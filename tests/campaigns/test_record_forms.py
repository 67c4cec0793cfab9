"""The GM's in-app forms for the campaign's own monsters, weapons and armour (issue N): made
and changed without the admin, with the system's fields, errors in its words at the field,
nothing lost on an error; the library's rows and other campaigns' rows are out of reach."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Armor, Campaign, Membership, Monster, Role, Weapon
from campaigns.recordforms import record_form_class
from tests.security.sweep_table import form_data


def _blank(model, campaign):  # type: ignore[no-untyped-def]
    record = model(campaign=campaign, system=campaign.system)
    return form_data(record_form_class(record)(instance=record))


def test_a_gm_makes_a_monster_in_the_app_and_finds_it_in_the_bestiary(client, roles):
    campaign = roles["campaign"]
    client.force_login(roles["gm"])
    url = reverse("campaigns:monster_create", args=[campaign.pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert '<h1 class="h4">Nová nestvůra</h1>' in page and 'name="stat_zivoty"' in page
    data = {
        **_blank(Monster, campaign),
        "name": "Jeskynní troll",
        "stat_zivoty": "40",
        "stat_uc": "7",
        "notes": "Spí do poledne.",
    }
    response = client.post(url, data)
    troll = Monster.objects.get(name="Jeskynní troll")
    assert response.status_code == 302
    assert response["Location"] == reverse("campaigns:monster", args=[campaign.pk, troll.pk])
    assert (troll.campaign, troll.system) == (campaign, "draci_hlidka")
    assert (troll.stats["zivoty"], troll.stats["uc"], troll.notes) == (40, 7, "Spí do poledne.")
    bestiary = client.get(reverse("campaigns:bestiary", args=[campaign.pk])).content.decode()
    assert "Jeskynní troll" in bestiary


def test_an_edit_changes_what_was_typed_and_keeps_the_rest(client, roles):
    campaign, monster = roles["campaign"], roles["monster"]
    monster.stats = {**monster.stats, "zivoty": 12, "oc": 3}
    monster.save()
    client.force_login(roles["gm"])
    url = reverse("campaigns:monster_edit", args=[campaign.pk, monster.pk])
    form = record_form_class(monster)(instance=monster)
    response = client.post(url, {**form_data(form), "stat_zivoty": "15"})
    assert response.status_code == 302
    monster.refresh_from_db()
    assert (monster.stats["zivoty"], monster.stats["oc"]) == (15, 3)
    detail = client.get(reverse("campaigns:monster", args=[campaign.pk, monster.pk]))
    assert f'href="{url}"' in detail.content.decode()  # the detail page's Edit


def test_a_wrong_stat_is_shown_at_its_field_with_everything_typed_kept(client, roles):
    campaign = roles["campaign"]
    client.force_login(roles["gm"])
    url = reverse("campaigns:armory_create", args=[campaign.pk, "weapon"])
    data = {
        **_blank(Weapon, campaign),
        "name": "Palcát",
        "stat_zraneni": "k6 a kus",
        "notes": "Z trpasličí kovárny.",
    }
    response = client.post(url, data)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="error-summary"' in html and 'href="#id_stat_zraneni"' in html
    assert 'value="k6 a kus"' in html and "Z trpasličí kovárny." in html and "Palcát" in html
    assert not Weapon.objects.filter(name="Palcát").exists()


def test_armour_of_every_system_is_made_from_its_own_fields(client, roles):
    campaign = roles["campaign"]
    client.force_login(roles["gm"])
    for system in ("draci_hlidka", "dnd5e", "ose", "shadowrun3", "dice_pool"):
        campaign.system = system
        campaign.save()
        url = reverse("campaigns:armory_create", args=[campaign.pk, "armor"])
        response = client.post(url, {**_blank(Armor, campaign), "name": f"Kabátec {system}"})
        assert response.status_code == 302, system
        armor = Armor.objects.get(name=f"Kabátec {system}")
        assert (armor.system, armor.campaign_id) == (system, campaign.pk)
        assert response["Location"].endswith(f"#item-{armor.pk}")


def test_the_library_and_other_campaigns_rows_are_not_edited_here(client, roles):
    campaign = roles["campaign"]
    client.force_login(roles["gm"])
    library = roles["library_monster"]
    elsewhere = Campaign.objects.get(name="Elsewhere")
    theirs = Weapon.objects.create(campaign=elsewhere, system="ose", name="Their axe")
    urls = [
        reverse("campaigns:monster_edit", args=[campaign.pk, library.pk]),
        reverse("campaigns:armory_edit", args=[campaign.pk, "weapon", roles["library_weapon"].pk]),
        reverse("campaigns:armory_edit", args=[campaign.pk, "weapon", theirs.pk]),
        reverse("campaigns:armory_edit", args=[campaign.pk, "armor", theirs.pk]),
        reverse("campaigns:armory_create", args=[campaign.pk, "monster"]),
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url
        assert client.post(url, {"name": "Mine now"}).status_code == 404, url
    assert not Monster.objects.filter(name="Mine now").exists()
    assert not Weapon.objects.filter(name="Mine now").exists()


@pytest.mark.parametrize("who", ["stranger", "other_player", "player", "second_gm"])
def test_nobody_but_the_campaigns_gm_makes_or_changes_its_records(client, roles, who, make_user):
    campaign, monster = roles["campaign"], roles["monster"]
    other = Campaign.objects.create(name="Jinde", system="draci_hlidka")
    users = {
        "stranger": make_user("stranger"),
        "other_player": make_user("other_player"),
        "player": roles["player"],
        "second_gm": roles["outsider"],  # a GM, of another campaign
    }
    Membership.objects.create(campaign=other, user=users["other_player"])
    client.force_login(users[who])
    expected = 403 if who == "player" else 404  # a player of it, or nobody to it
    new = reverse("campaigns:monster_create", args=[campaign.pk])
    edit = reverse("campaigns:monster_edit", args=[campaign.pk, monster.pk])
    for url in (new, edit):
        assert client.get(url).status_code == expected
        data = {**_blank(Monster, campaign), "name": "Vetřelec"}
        assert client.post(url, data).status_code == expected
    assert not Monster.objects.filter(name="Vetřelec").exists()
    monster.refresh_from_db()
    assert monster.name == "Skřet"


def test_a_gm_demoted_while_the_form_is_checked_saves_nothing(client, roles, monkeypatch):
    """The GM check is made again inside the write's lock: a GM whose role is taken away after
    the page let them in (here: while their form is being checked) writes nothing."""
    campaign = roles["campaign"]
    client.force_login(roles["gm"])
    url = reverse("campaigns:monster_create", args=[campaign.pk])
    data = {**_blank(Monster, campaign), "name": "Pozdní skřet"}
    with CaptureQueriesContext(connection) as queries:
        assert client.post(url, data).status_code == 302
    memberships = [q["sql"] for q in queries if 'FROM "campaigns_membership"' in q["sql"]]
    assert len(memberships) == 2  # on opening, and again in the write's transaction
    if connection.vendor == "postgresql":
        assert "FOR UPDATE" in memberships[1]

    import campaigns.views.record_forms as views

    def demoting(record):  # type: ignore[no-untyped-def]
        form_class = record_form_class(record)

        class Demoting(form_class):  # type: ignore[misc,valid-type]
            def clean(self):  # type: ignore[no-untyped-def]
                Membership.objects.filter(campaign=campaign, user=roles["gm"]).update(
                    role=Role.PLAYER
                )  # another GM's change, committed while this form is checked
                return super().clean()

        return Demoting

    monkeypatch.setattr(views, "record_form_class", demoting)
    data["name"] = "Ještě pozdější skřet"
    assert client.post(url, data).status_code == 403
    assert not Monster.objects.filter(name="Ještě pozdější skřet").exists()


def test_a_form_opened_before_another_gms_save_does_not_write_over_it(client, roles):
    """GM A opens the form; GM B saves OČ 5; A's save of ŽIVOTY 15 from the old form comes back
    with a warning and everything A typed, and OČ stays 5. Saving again keeps A's form."""
    campaign, monster = roles["campaign"], roles["monster"]
    url = reverse("campaigns:monster_edit", args=[campaign.pk, monster.pk])
    client.force_login(roles["gm"])
    opened = form_data(record_form_class(monster)(instance=monster))
    assert opened["seen"]
    newer = {**opened, "stat_oc": "5"}
    assert client.post(url, newer).status_code == 302  # GM B, first
    response = client.post(url, {**opened, "stat_zivoty": "15"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Someone saved this record after you opened it" in html and 'value="15"' in html
    monster.refresh_from_db()
    assert (monster.stats["oc"], monster.stats["zivoty"]) == (5, 10)
    again = re.search(r'name="seen" value="([^"]+)"', html)[1]
    assert client.post(url, {**opened, "stat_zivoty": "15", "seen": again}).status_code == 302
    monster.refresh_from_db()
    assert monster.stats["zivoty"] == 15


def test_an_empty_post_shows_the_errors_not_a_blank_form(client, roles):
    client.force_login(roles["gm"])
    response = client.post(reverse("campaigns:monster_create", args=[roles["campaign"].pk]), {})
    assert response.status_code == 200 and 'id="error-summary"' in response.content.decode()
