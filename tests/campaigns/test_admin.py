"""The admin edits records of every system through named stat fields, with validation."""

import json

import pytest
from django.urls import reverse

from campaigns.models import Armor, Campaign, Character, Monster, Weapon
from campaigns.statforms import form_name, initial_values
from combat.rules.systems import SYSTEMS

MODELS = {"monster": Monster, "weapon": Weapon, "armor": Armor}


@pytest.fixture
def staff(client, django_user_model):
    user = django_user_model.objects.create_superuser("admin", "a@example.com", "pw")
    client.force_login(user)
    return client


def _record(model, system, name="Test"):
    schema = getattr(SYSTEMS[system], model.schema_part)
    return model.objects.create(system=system, name=name, stats=schema.clean({}))


def _post_data(record, **stat_changes):
    schema = record.schema
    data = {"name": record.name, "notes": "", "source": "", "campaign": ""}
    for key, value in initial_values(schema, record.stats, schema.names).items():
        if isinstance(value, bool):
            if value:
                data[key] = "on"
        elif isinstance(value, list | tuple):
            data[key] = list(value)
        elif value is not None:
            data[key] = value
    data.update({form_name(k): v for k, v in stat_changes.items()})
    return data


def _a_changeable_stat(schema):
    """A stat and a legal value other than its default: a number or else a choice."""
    for field in schema.fields:
        if field.kind == "int" and not field.nullable and "range" not in field.name:
            return field, field.min if field.default != field.min else field.min + 1
    for field in schema.fields:
        if field.kind == "choice" and len(field.choices) > 1:
            return field, next(value for value, _ in field.choices if value != field.default)
    field = next(f for f in schema.fields if f.kind == "bool")
    return field, not field.default


def _first_int_field(schema):
    return next(
        f
        for f in schema.fields
        if f.kind == "int" and f.max is not None and not f.nullable and "range" not in f.name
    )


@pytest.mark.parametrize("system", list(SYSTEMS))
@pytest.mark.parametrize("kind", list(MODELS))
def test_change_form_shows_the_systems_named_fields(staff, system, kind):
    record = _record(MODELS[kind], system)
    url = reverse(f"admin:campaigns_{kind}_change", args=[record.pk])
    html = staff.get(url).content.decode()
    for field in record.schema.fields:
        assert f'name="{form_name(field.name)}"' in html
        assert field.label.en in html
    assert 'name="stats"' not in html  # never a raw JSON box


@pytest.mark.parametrize("system", list(SYSTEMS))
@pytest.mark.parametrize("kind", ["monster", "weapon"])
def test_saving_a_named_field_stores_the_stat(staff, system, kind):
    record = _record(MODELS[kind], system)
    field, value = _a_changeable_stat(record.schema)
    url = reverse(f"admin:campaigns_{kind}_change", args=[record.pk])
    data = _post_data(record, **{field.name: value})
    if value is False:
        data.pop(form_name(field.name))  # an unticked checkbox sends nothing
    response = staff.post(url, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    record.refresh_from_db()
    assert record.stats[field.name] == value


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_out_of_range_stat_is_refused_next_to_its_field(staff, system):
    record = _record(Monster, system)
    field = _first_int_field(record.schema)
    url = reverse("admin:campaigns_monster_change", args=[record.pk])
    before = dict(record.stats)
    response = staff.post(url, _post_data(record, **{field.name: field.max + 1}))
    assert response.status_code == 200
    html = response.content.decode()
    assert "errorlist" in html and str(field.max) in html
    record.refresh_from_db()
    assert record.stats == before


def test_shadowrun_weapon_damage_code_and_skills_round_trip(staff):
    weapon = _record(Weapon, "shadowrun3", "Ares Predator")
    url = reverse("admin:campaigns_weapon_change", args=[weapon.pk])
    staff.post(url, _post_data(weapon, power=9, damage_level="M"))
    weapon.refresh_from_db()
    assert (weapon.stats["power"], weapon.stats["damage_level"]) == (9, "M")


def test_levels_and_records_are_edited_as_text(staff):
    monster = _record(Monster, "dnd5e", "Goblin")
    url = reverse("admin:campaigns_monster_change", args=[monster.pk])
    actions = "name: Scimitar\nattack_bonus: 4\ndamage: 1d6+2 slashing\nreach: 5"
    response = staff.post(url, _post_data(monster, actions=actions))
    assert response.status_code == 302, response.content.decode()[:2000]
    monster.refresh_from_db()
    action = monster.stats["actions"][0]
    assert (action["name"], action["attack_bonus"]) == ("Scimitar", 4)
    assert action["damage"][0]["dice"] == "1d6+2" and action["damage"][0]["type"] == "slashing"


def test_add_form_for_a_system_shows_its_fields(staff):
    html = staff.get(reverse("admin:campaigns_weapon_add") + "?system=ose").content.decode()
    assert 'name="stat_damage"' in html


def test_add_without_stat_fields_saves_the_schema_defaults(staff):
    response = staff.post(
        reverse("admin:campaigns_weapon_add"),
        {"name": "Club", "system": "ose", "notes": "", "source": "", "campaign": ""},
    )
    assert response.status_code == 302
    weapon = Weapon.objects.get(name="Club")
    assert weapon.stats == SYSTEMS["ose"].weapon.defaults()


def test_duplicate_action_copies_records(staff):
    record = _record(Monster, "ose", "Orc")
    staff.post(
        reverse("admin:campaigns_monster_changelist"),
        {"action": "duplicate", "_selected_action": [record.pk]},
    )
    copy = Monster.objects.exclude(pk=record.pk).get()
    assert copy.name == "Orc (copy)" and copy.stats == record.stats


def test_export_then_import_json(staff):
    first = _record(Weapon, "dnd5e", "Longsword")
    changelist = reverse("admin:campaigns_weapon_changelist")
    response = staff.post(changelist, {"action": "export_json", "_selected_action": [first.pk]})
    exported = json.loads(response.content)
    Weapon.objects.all().delete()
    upload = _upload(json.dumps(exported))
    staff.post(reverse("admin:campaigns_weapon_import"), {"file": upload})
    again = Weapon.objects.get()
    assert (again.name, again.system, again.stats) == ("Longsword", "dnd5e", first.stats)


def _upload(text):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile("records.json", text.encode(), content_type="application/json")


@pytest.mark.parametrize(
    "body",
    [
        "not json",
        "[]",
        '{"format": "iniciativa-records", "version": 9, "kind": "weapon", "records": []}',
        '{"format": "iniciativa-records", "version": 1, "kind": "weapon", "records": [{"system": "gurps", "name": "X"}]}',
        '{"format": "iniciativa-records", "version": 1, "kind": "weapon", "records": [{"system": "ose", "name": "X", "stats": {"slow": "maybe"}}]}',
    ],
)
def test_bad_import_files_say_why_and_save_nothing(staff, body):
    response = staff.post(reverse("admin:campaigns_weapon_import"), {"file": _upload(body)})
    assert response.status_code == 200
    assert "errorlist" in response.content.decode()
    assert not Weapon.objects.exists()


def test_character_admin_shows_creature_fields_and_copies_weapons(staff):
    campaign = Campaign.objects.create(name="C", system="draci_hlidka")
    weapon = _record(Weapon, "draci_hlidka", "Meč")
    character = Character.objects.create(
        campaign=campaign, system="draci_hlidka", name="Baldur",
        stats=SYSTEMS["draci_hlidka"].creature.clean({}),
    )  # fmt: skip
    character.weapons.add(weapon)
    html = staff.get(reverse("admin:campaigns_character_change", args=[character.pk])).content
    assert b'name="stat_' in html
    staff.post(
        reverse("admin:campaigns_character_changelist"),
        {"action": "duplicate", "_selected_action": [character.pk]},
    )
    copy = Character.objects.exclude(pk=character.pk).get()
    assert list(copy.weapons.all()) == [weapon]


def _gm_client(client, roles):
    from campaigns.staff import make_game_master_staff

    make_game_master_staff(roles["gm"])
    client.force_login(roles["gm"])
    return client


def test_a_gm_sees_only_their_campaigns_records_in_the_admin(client, roles):
    other = Campaign.objects.get(name="Elsewhere")
    hidden = Monster.objects.create(campaign=other, system="ose", name="Hidden orc", stats={})
    gm = _gm_client(client, roles)
    html = gm.get(reverse("admin:campaigns_monster_changelist")).content.decode()
    assert "Skřet" in html and "Vlk" in html and "Hidden orc" not in html
    url = reverse("admin:campaigns_monster_change", args=[hidden.pk])
    assert gm.get(url).status_code == 302  # Django admin: "doesn't exist" → back to the index


def test_a_gm_may_view_but_not_change_the_shared_library(client, roles):
    gm = _gm_client(client, roles)
    library = roles["library_monster"]
    url = reverse("admin:campaigns_monster_change", args=[library.pk])
    response = gm.post(url, _post_data(library, zivoty=99))
    assert response.status_code == 403
    library.refresh_from_db()
    assert library.stats["zivoty"] != 99


def test_a_gm_can_only_file_records_under_their_own_campaigns(client, roles):
    gm = _gm_client(client, roles)
    html = gm.get(reverse("admin:campaigns_weapon_add") + "?system=draci_hlidka").content.decode()
    assert "Stezka" in html and "Elsewhere" not in html


def test_a_character_cannot_carry_another_campaigns_weapon(staff, roles):
    other = Campaign.objects.get(name="Elsewhere")
    foreign = Weapon.objects.create(campaign=other, system="ose", name="Foreign axe", stats={})
    character = roles["character"]
    url = reverse("admin:campaigns_character_change", args=[character.pk])
    data = _post_data(character)
    data.update(kind="pc", campaign=character.campaign_id, weapons=[foreign.pk])
    response = staff.post(url, data)
    assert response.status_code == 200
    assert (
        "Not from this campaign or its system&#x27;s library: Foreign axe"
        in response.content.decode()
    )
    assert not character.weapons.exists()
