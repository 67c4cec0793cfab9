"""The admin as an attacker uses it: a second GM, and a player who GMs a campaign of their own.

Every admin query is scoped to what the user may touch (import, export, actions, choices,
filters); only a superuser writes the shared library; a refusal never tells whether another
user's object exists.
"""

import json
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from campaigns.models import Campaign, Character, Monster, Weapon
from campaigns.services import create_campaign
from campaigns.staff import make_game_master_staff
from campaigns.statforms import initial_values

MISSING = 999_999


@pytest.fixture
def second_gm(client, roles):
    """`outsider` GMs "Elsewhere" (OSE); GMing made them staff, as the app does."""
    make_game_master_staff(roles["outsider"])
    client.force_login(roles["outsider"])
    return client


@pytest.fixture
def player_staff(client, roles):
    """`player` plays in "Stezka" and GMs a campaign of their own (same system)."""
    create_campaign(roles["player"], Campaign(name="Own table", system="draci_hlidka"))
    client.force_login(roles["player"])
    return client


@pytest.fixture
def gm(client, roles):
    make_game_master_staff(roles["gm"])
    client.force_login(roles["gm"])
    return client


def _file(kind, campaign, system="draci_hlidka", name="Intruder"):
    row = {"system": system, "name": name, "stats": {}, "notes": "", "campaign": campaign}
    body = {"format": "iniciativa-records", "version": 1, "kind": kind, "records": [row]}
    return SimpleUploadedFile("r.json", json.dumps(body).encode(), "application/json")


def _import(client, kind, file_campaign, **form):
    url = reverse(f"admin:campaigns_{kind}_import")
    return client.post(url, {"file": _file(kind, file_campaign), **form})


def _field_error(response, field):
    """The admin marks the row of a field with an error `errors field-NAME`."""
    return re.search(rf'class="form-row errors field-{field}"', response.content.decode())


def _blank_tokens(html):
    """A page with its per-request CSRF tokens blanked, to compare two answers."""
    return re.sub(r'(csrfmiddlewaretoken" value=|"X-CSRFToken": )"\w+"', "", html)


def _errors(response):
    return re.findall(
        r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', response.content.decode(), re.S
    )


# --- finding 1: the JSON import -------------------------------------------------------------


@pytest.mark.parametrize("kind", ["monster", "weapon", "character"])
def test_a_second_gm_cannot_import_into_another_gms_campaign(second_gm, roles, kind):
    response = _import(second_gm, kind, roles["campaign"].pk)
    assert response.status_code == 200 and _errors(response)
    model = {"monster": Monster, "weapon": Weapon, "character": Character}[kind]
    assert not model.objects.filter(name="Intruder").exists()


def test_a_refused_campaign_id_reads_exactly_like_a_missing_one(second_gm, roles):
    foreign = _errors(_import(second_gm, "monster", roles["campaign"].pk))
    missing = _errors(_import(second_gm, "monster", MISSING))
    assert foreign and foreign == missing


@pytest.mark.parametrize("kind", ["monster", "weapon", "armor"])
def test_a_gm_cannot_import_into_the_shared_library(second_gm, kind):
    response = _import(second_gm, kind, None)
    assert response.status_code == 200 and _errors(response)
    assert not Monster.objects.filter(name="Intruder").exists()


def test_a_player_cannot_import_into_the_campaign_they_play_in(player_staff, roles):
    response = _import(player_staff, "monster", roles["campaign"].pk)
    assert response.status_code == 200 and _errors(response)
    assert not Monster.objects.filter(name="Intruder").exists()


def test_the_import_form_offers_only_the_importers_own_campaigns(player_staff, roles):
    html = player_staff.get(reverse("admin:campaigns_monster_import")).content.decode()
    assert "Own table" in html and "Stezka" not in html and "Elsewhere" not in html
    response = _import(player_staff, "monster", None, campaign=roles["campaign"].pk)
    assert response.status_code == 200 and _errors(response)
    assert not Monster.objects.filter(name="Intruder").exists()


def test_a_gm_imports_into_the_campaign_chosen_in_the_form(player_staff, roles):
    own = Campaign.objects.get(name="Own table")
    response = _import(player_staff, "monster", roles["campaign"].pk, campaign=own.pk)
    assert response.status_code == 302
    assert Monster.objects.get(name="Intruder").campaign == own


def test_a_gm_imports_into_their_own_campaign_by_the_files_id(gm, roles):
    response = _import(gm, "monster", roles["campaign"].pk)
    assert response.status_code == 302
    assert Monster.objects.get(name="Intruder").campaign == roles["campaign"]


@pytest.mark.parametrize(
    "row",
    [
        {"campaign": "1"},
        {"campaign": "abc"},
        {"campaign": [1]},
        {"campaign": True},
        {"campaign": 1.0},
        {"campaign": 10**30},
        {"campaign": -1},
        {"system": ["ose"]},
        {"system": None},
        {"stats": [1, 2]},
        {"stats": "x"},
        {"name": {"a": 1}},
    ],
)
def test_a_malformed_import_row_is_a_message_never_a_500(gm, roles, row):
    record = {
        "system": "draci_hlidka",
        "name": "Odd",
        "stats": {},
        "campaign": roles["campaign"].pk,
    }
    body = {"format": "iniciativa-records", "version": 1, "kind": "monster"}
    body["records"] = [{**record, **row}]
    upload = SimpleUploadedFile("r.json", json.dumps(body).encode(), "application/json")
    response = gm.post(reverse("admin:campaigns_monster_import"), {"file": upload})
    assert response.status_code == 200 and _errors(response)
    assert not Monster.objects.filter(name="Odd").exists()


def test_an_oversized_import_file_is_refused_unread(gm, monkeypatch):
    monkeypatch.setattr("campaigns.admin.MAX_FILE_BYTES", 100)
    row = {"system": "ose", "name": "X" * 200}
    body = json.dumps(
        {"format": "iniciativa-records", "version": 1, "kind": "monster"} | {"records": [row]}
    )
    upload = SimpleUploadedFile("r.json", body.encode(), "application/json")
    response = gm.post(reverse("admin:campaigns_monster_import"), {"file": upload})
    assert "larger than" in " ".join(_errors(response))
    assert not Monster.objects.filter(name__startswith="XXX").exists()


def test_importing_into_a_campaign_of_another_system_says_so(player_staff, roles):
    own = create_campaign(roles["player"], Campaign(name="Own OSE", system="ose"))
    response = _import(player_staff, "monster", None, campaign=own.pk)
    assert "another rule system" in " ".join(_errors(response))
    assert not Monster.objects.filter(name="Intruder").exists()


# --- finding 9 and the other actions --------------------------------------------------------


def _action(client, kind, action, ids, **extra):
    url = reverse(f"admin:campaigns_{kind}_changelist")
    return client.post(url, {"action": action, "_selected_action": ids, **extra})


def test_duplicating_a_library_record_copies_it_into_the_gms_campaign(gm, roles):
    library = roles["library_monster"]
    _action(gm, "monster", "duplicate", [library.pk])
    copy = Monster.objects.get(name__startswith=f"{library.name} (")
    assert copy.campaign == roles["campaign"]
    assert not Monster.objects.filter(campaign=None).exclude(pk=library.pk).exists()


def test_a_gm_without_a_campaign_of_that_system_cannot_duplicate_into_the_library(second_gm, roles):
    before = Monster.objects.count()
    response = _action(second_gm, "monster", "duplicate", [roles["library_monster"].pk])
    assert response.status_code == 302
    assert Monster.objects.count() == before
    page = second_gm.get(response.url).content.decode()
    assert "Vlk" in page and "no campaign" in page.lower()


def test_a_gm_running_two_campaigns_of_the_system_is_told_to_choose(gm, roles):
    create_campaign(roles["gm"], Campaign(name="Second", system="draci_hlidka"))
    before = Monster.objects.count()
    response = _action(gm, "monster", "duplicate", [roles["library_monster"].pk])
    assert Monster.objects.count() == before
    assert "several campaigns" in gm.get(response.url).content.decode()


def test_a_superuser_duplicating_a_library_copy_twice_gets_a_message(client, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "r@example.com", "pw")
    client.force_login(admin)
    wolf = Monster.objects.create(system="ose", name="Wolf", source="srd", stats={})
    _action(client, "monster", "duplicate", [wolf.pk])
    response = _action(client, "monster", "duplicate", [wolf.pk])
    assert response.status_code == 302
    assert Monster.objects.filter(campaign=None, name="Wolf (copy)").count() == 1
    assert "already has such a copy" in client.get(response.url).content.decode()


def test_actions_ignore_posted_ids_of_another_gms_records(second_gm, roles):
    theirs = roles["monster"]
    before = Monster.objects.count()
    _action(second_gm, "monster", "duplicate", [theirs.pk])
    assert Monster.objects.count() == before
    response = _action(second_gm, "monster", "export_json", [theirs.pk])
    assert theirs.name not in response.content.decode()


def test_select_across_exports_only_what_the_user_sees(second_gm, roles):
    other = Campaign.objects.get(name="Elsewhere")
    Monster.objects.create(campaign=other, system="ose", name="Own goblin", stats={})
    response = _action(second_gm, "monster", "export_json", [MISSING], select_across="1")
    rows = json.loads(response.content)["records"]
    assert {row["name"] for row in rows} == {"Own goblin", "Vlk"}


# --- finding 12: a character's owner --------------------------------------------------------


def _character_data(character, **changes):
    data = {"name": character.name, "system": character.system, "kind": "pc", "notes": ""}
    stats = initial_values(character.schema, character.stats, character.schema.names)
    data.update({key: value for key, value in stats.items() if value not in (None, "")})
    data = {key: value for key, value in data.items() if value is not False}
    data.update(campaign=character.campaign_id, owner=character.owner_id or "")
    data.update(changes)
    return data


def test_the_owner_choices_are_the_campaigns_members(gm, roles):
    url = reverse("admin:campaigns_character_change", args=[roles["character"].pk])
    html = gm.get(url).content.decode()
    options = re.search(r'<select name="owner".*?</select>', html, re.S).group(0)
    assert ">player<" in options and ">outsider<" not in options


def test_a_non_member_owner_is_refused_next_to_the_field(gm, roles):
    character = roles["character"]
    url = reverse("admin:campaigns_character_change", args=[character.pk])
    response = gm.post(url, _character_data(character, owner=roles["outsider"].pk))
    assert response.status_code == 200 and _field_error(response, "owner")
    character.refresh_from_db()
    assert character.owner == roles["player"]


def test_a_member_of_another_of_the_gms_campaigns_cannot_own_here(gm, roles, make_user):
    elsewhere = create_campaign(roles["gm"], Campaign(name="Second", system="draci_hlidka"))
    stranger = make_user("stranger")
    elsewhere.memberships.create(user=stranger)
    character = roles["character"]
    url = reverse("admin:campaigns_character_change", args=[character.pk])
    assert ">stranger<" not in gm.get(url).content.decode()  # the choices: this campaign's
    response = gm.post(url, _character_data(character, owner=stranger.pk))
    assert response.status_code == 200 and _field_error(response, "owner")
    character.refresh_from_db()
    assert character.owner == roles["player"]
    # a new character: the choices span the GM's campaigns, the campaign chosen decides
    add = reverse("admin:campaigns_character_add") + "?system=draci_hlidka"
    assert ">stranger<" in gm.get(add).content.decode()
    data = _character_data(character, owner=stranger.pk, name="Newcomer")
    response = gm.post(add, data)
    assert response.status_code == 200 and _field_error(response, "owner")
    assert "stranger is not a member of the campaign Stezka" in " ".join(_errors(response))
    assert not Character.objects.filter(name="Newcomer").exists()


def test_even_a_superuser_cannot_give_a_character_to_a_non_member(client, roles, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "r@example.com", "pw")
    client.force_login(admin)
    character = roles["character"]
    url = reverse("admin:campaigns_character_change", args=[character.pk])
    response = client.post(url, _character_data(character, owner=roles["outsider"].pk))
    assert response.status_code == 200 and _field_error(response, "owner")
    character.refresh_from_db()
    assert character.owner == roles["player"]


# --- the class: every page, choice list and filter ------------------------------------------


def _refusal(client, page, pk):
    """The redirect and the page it leads to, the record's id and the CSRF token blanked."""
    response = client.get(reverse(f"admin:campaigns_monster_{page}", args=[pk]))
    assert response.status_code == 302
    html = client.get(response.url).content.decode()
    return response.url, _blank_tokens(re.sub(r"ID “\d+”", "", html))


@pytest.mark.parametrize("page", ["change", "history", "delete"])
def test_another_gms_record_answers_like_a_missing_one(second_gm, roles, page):
    theirs = _refusal(second_gm, page, roles["monster"].pk)
    assert theirs == _refusal(second_gm, page, MISSING)
    assert "doesn’t exist" in theirs[1]


@pytest.mark.parametrize(
    "url",
    [
        "/admin/campaigns/campaign/",
        "/admin/campaigns/invite/",
        "/admin/auth/user/",
        "/admin/auth/group/",
        "/admin/combat/event/",
        "/admin/combat/roll/",
        "/admin/combat/encounter/",
    ],
)
def test_a_gm_cannot_reach_campaigns_users_or_logs_in_the_admin(second_gm, url):
    assert second_gm.get(url).status_code == 403


def test_the_admins_object_shortcut_is_no_existence_oracle(second_gm, roles):
    from django.contrib.contenttypes.models import ContentType

    for model, pk in ((Campaign, roles["campaign"].pk), (type(roles["gm"]), roles["gm"].pk)):
        content_type = ContentType.objects.get_for_model(model).pk
        pages = []
        for url in (f"/admin/r/{content_type}/{pk}/", f"/admin/r/{content_type}/{MISSING}/"):
            response = second_gm.get(url)
            assert response.status_code == 404
            pages.append(_blank_tokens(response.content.decode().replace(url, "")))
        assert pages[0] == pages[1]


@pytest.mark.parametrize(
    ("app", "model", "field"),
    [("campaigns", "membership", "user"), ("campaigns", "character", "owner")],
)
def test_autocomplete_lists_no_accounts_to_a_gm(second_gm, app, model, field):
    url = f"/admin/autocomplete/?app_label={app}&model_name={model}&field_name={field}&term=g"
    response = second_gm.get(url)
    assert response.status_code == 403
    # Not in the page's words; its random CSRF tokens held "gm" now and then (about 1 in 60).
    assert "gm" not in _blank_tokens(response.content.decode())


def test_the_campaign_filter_names_only_the_gms_own_campaigns(second_gm, roles):
    other = Campaign.objects.get(name="Elsewhere")
    Monster.objects.create(campaign=other, system="ose", name="Own goblin", stats={})
    for kind in ("monster", "weapon", "armor", "character"):
        url = reverse(f"admin:campaigns_{kind}_changelist")
        html = second_gm.get(url).content.decode()
        assert "Stezka" not in html and ("Elsewhere" in html or kind != "monster")
        picked = second_gm.get(f"{url}?campaign__id__exact={roles['campaign'].pk}")
        assert "Stezka" not in picked.content.decode()


def test_the_add_forms_offer_only_the_gms_campaigns_and_items(second_gm, roles):
    Weapon.objects.create(campaign=roles["campaign"], system="draci_hlidka", name="Kord", stats={})
    url = reverse("admin:campaigns_character_add") + "?system=ose"
    html = second_gm.get(url).content.decode()
    assert "Elsewhere" in html and "Stezka" not in html and "Kord" not in html
    assert ">player<" not in html and ">gm<" not in html


def test_a_gm_cannot_add_a_record_to_another_gms_campaign(second_gm, roles):
    data = {"name": "Planted", "system": "draci_hlidka", "notes": "", "source": ""}
    data["campaign"] = roles["campaign"].pk
    response = second_gm.post(reverse("admin:campaigns_monster_add"), data)
    assert response.status_code == 200 and _errors(response)
    assert not Monster.objects.filter(name="Planted").exists()


def test_a_gm_cannot_add_to_the_shared_library(gm):
    data = {"name": "Planted", "system": "draci_hlidka", "notes": "", "source": "", "campaign": ""}
    response = gm.post(reverse("admin:campaigns_weapon_add"), data)
    assert response.status_code == 200 and _field_error(response, "campaign")
    assert not Weapon.objects.filter(name="Planted").exists()


def test_bulk_delete_cannot_remove_library_records(gm, roles):
    library = roles["library_monster"]
    data = {"action": "delete_selected", "_selected_action": [library.pk], "post": "yes"}
    gm.post(reverse("admin:campaigns_monster_changelist"), data)
    assert Monster.objects.filter(pk=library.pk).exists()
    _action(gm, "monster", "delete_selected", [roles["monster"].pk], post="yes")
    assert not Monster.objects.filter(pk=roles["monster"].pk).exists()  # their own: deleted


def test_a_player_who_gms_elsewhere_sees_none_of_the_campaign_they_play_in(player_staff, roles):
    for kind in ("monster", "character"):
        html = player_staff.get(reverse(f"admin:campaigns_{kind}_changelist")).content.decode()
        assert "Stezka" not in html and "Skřet" not in html and "Baldur" not in html
    url = reverse("admin:campaigns_character_change", args=[roles["character"].pk])
    assert player_staff.get(url).status_code == 302  # their own character: not a GM's record


@pytest.mark.parametrize("page", ["change", "history", "delete"])
@pytest.mark.parametrize(
    "model",
    ["campaigns.campaign", "campaigns.invite", "auth.user", "auth.group", "combat.encounter"],
)
def test_pages_of_models_a_gm_has_no_right_on_never_tell_an_id_exists(
    second_gm, roles, model, page
):
    from django.apps import apps
    from django.contrib.auth.models import Group

    Group.objects.get_or_create(name="Game masters")
    row = apps.get_model(model)._default_manager.first()
    url = f"/admin/{model.replace('.', '/')}/%s/{page}/"
    theirs, missing = second_gm.get(url % row.pk), second_gm.get(url % MISSING)
    assert theirs.status_code == missing.status_code == 403


def test_the_duplicate_message_says_where_the_copy_went(gm, roles):
    """Found walking the admin: "1 records duplicated." said neither the number right nor where
    a library record's copy went."""
    response = _action(gm, "monster", "duplicate", [roles["library_monster"].pk])
    page = gm.get(response.url).content.decode()
    assert f"1 record duplicated into {roles['campaign'].name}." in page
