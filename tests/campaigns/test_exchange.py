"""Campaign export/import (campaigns.exchange and its two commands) against the real database."""

import copy
import json
from datetime import UTC, datetime
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db.models.fields.files import FieldFile

from campaigns.exchange import (
    FORMAT,
    VERSION,
    CampaignFormatError,
    export_campaign,
    import_campaign,
)
from campaigns.models import Armor, Campaign, Character, Membership, Monster, Role, Weapon
from combat.rules.systems import get_system

DND = get_system("dnd5e")
MODELS = (Campaign, Membership, Character, Monster, Weapon, Armor, Character.weapons.through,
          Character.armor.through)  # fmt: skip


def at(day: int, micro: int = 0) -> datetime:
    return datetime(2025, 3, day, 18, 30, 5, micro, tzinfo=UTC)


def stamp(record: Any, created: datetime, updated: datetime | None = None) -> None:
    """Give a row distinct, old timestamps (auto_now would make them all 'now')."""
    values = {"created_at": created}
    if hasattr(record, "updated_at"):
        values["updated_at"] = updated or created
    type(record).objects.filter(pk=record.pk).update(**values)


def make(model: Any, name: str, stats: dict[str, Any] | None = None, **fields: Any) -> Any:
    """A D&D 5e row with cleaned stats, as the admin would save it."""
    schema = {Weapon: DND.weapon, Armor: DND.armor}.get(model, DND.creature)
    return model.objects.create(
        system="dnd5e", name=name, stats=schema.clean(stats or {}), **fields
    )


@pytest.fixture
def campaign(db, make_user):
    gm, player = make_user("gm"), make_user("hráčka")
    campaign = Campaign.objects.create(
        name="Lost Mine", description="Phandelver.", system="dnd5e", players_propose=True
    )
    stamp(campaign, at(1))
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    Membership.objects.create(campaign=campaign, user=player, role=Role.PLAYER)
    scimitar = make(Weapon, "Scimitar", {"damage": "1d6", "damage_type": "slashing",
                    "properties": ["finesse", "light"], "category": "martial"}, source="5e SRD")  # fmt: skip
    leather = make(Armor, "Leather", {"base_ac": 11}, notes="Home-made.")
    talon = make(Weapon, "Talon", {"damage": "1d8"}, campaign=campaign, source="Lost Mine p. 3",
                 notes="+1 sword")  # fmt: skip
    make(Weapon, "Unused spear", campaign=campaign)
    shield = make(Armor, "Shield of Tyr", {"category": "shield", "base_ac": 2}, campaign=campaign)
    goblin = make(Monster, "Goblin", {"ac": 15, "hp": 7, "dex": 14}, campaign=campaign,
                  source="MM", notes="Cowardly.")  # fmt: skip
    baldur = make(Character, "Baldur", {"ac": 16, "hp": 28, "str": 16}, campaign=campaign,
                  kind="pc", owner=player, notes="Loud.\nBrave.", portrait="portraits/baldur.png")  # fmt: skip
    Character.objects.filter(pk=baldur.pk).update(current_hp=11, conditions=["prone"])
    baldur.weapons.set([talon, scimitar])
    baldur.armor.set([leather, shield])
    sildar = make(Character, "Sildar", campaign=campaign, kind="npc")
    sildar.weapons.set([scimitar])
    for number, record in enumerate([scimitar, leather, talon, shield, goblin, baldur, sildar]):
        stamp(record, at(2 + number, 123456), at(20 + number, 654321))
    for number, member in enumerate(Membership.objects.all()):
        Membership.objects.filter(pk=member.pk).update(joined_at=at(10 + number, 42))
    campaign.conditions.create(name="Webbed", description="Speed 0.", rounds=2, modifier=-2)
    campaign.conditions.create(name="Marked")
    # Noise that must stay out of the file: another campaign, a library weapon nobody carries.
    other = Campaign.objects.create(name="Elsewhere", system="dnd5e")
    other.conditions.create(name="Theirs")
    make(Weapon, "Their axe", campaign=other)
    make(Weapon, "Longsword", source="5e SRD")
    return Campaign.objects.get(pk=campaign.pk)


def row(record: Any) -> dict[str, Any]:
    """Every field of a row, its relations by name, its carried items in full."""
    values: dict[str, Any] = {}
    for field in record._meta.concrete_fields:
        value = getattr(record, field.name)
        if field.primary_key:
            continue
        if field.is_relation:
            value = None if value is None else str(getattr(value, "username", value))
        elif isinstance(value, FieldFile):
            value = value.name
        values[field.name] = value
    for field in record._meta.many_to_many:
        values[field.name] = [row(item) for item in getattr(record, field.name).order_by("name")]
    return values


def snapshot(name: str = "Lost Mine") -> dict[str, Any]:
    campaign = Campaign.objects.get(name=name)
    return {
        "campaign": row(campaign),
        "members": [row(m) for m in campaign.memberships.order_by("user__username")],
        **{
            model.__name__: [row(r) for r in model.objects.in_campaign(campaign).order_by("name")]
            for model in (Character, Monster, Weapon, Armor)
        },
    }


def counts() -> dict[str, int]:
    found = {model.__name__: model.objects.count() for model in MODELS}
    return {**found, "users": get_user_model().objects.count()}


def without_time(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key != "exported_at"}


def wipe() -> None:
    for model in (Campaign, Weapon, Armor, Monster, get_user_model()):
        model.objects.all().delete()
    assert not any(counts().values())


# --- the round trip ----------------------------------------------------------------------------


def test_export_import_into_an_empty_database_reproduces_every_field(campaign):
    first = json.loads(json.dumps(export_campaign(campaign)))  # through real JSON text
    before = snapshot()
    wipe()
    imported = import_campaign(copy.deepcopy(first))
    assert without_time(export_campaign(imported)) == without_time(first)
    assert snapshot() == before
    assert before["Character"][0]["created_at"] == at(7, 123456)  # timestamps really compared
    assert before["Character"][0]["portrait"] == "portraits/baldur.png"
    assert [w["name"] for w in before["Character"][0]["weapons"]] == ["Scimitar", "Talon"]


def test_the_file_has_the_documented_shape(campaign):
    data = export_campaign(campaign)
    assert (data["format"], data["version"]) == (FORMAT, VERSION) == ("iniciativa-campaign", 4)
    assert datetime.fromisoformat(data["exported_at"]).tzinfo is not None
    assert (data["encounters"], data["journal"]) == ([], [])
    assert [m["username"] for m in data["members"]] == ["gm", "hráčka"]
    baldur = data["characters"][0]
    assert baldur["owner"] == "hráčka" and baldur["portrait"] == "portraits/baldur.png"
    assert baldur["weapons"] == [{"armory": 1}, {"library": 1}]  # Talon, Scimitar
    assert [w["name"] for w in data["armory"]["weapons"]] == ["Talon", "Unused spear"]
    assert [w["name"] for w in data["library"]["weapons"]] == ["Scimitar"]  # not the Longsword
    assert data["library"]["weapons"][0]["system"] == "dnd5e"
    assert data["bestiary"][0]["stats"]["ac"] == 15
    assert data["conditions"] == [
        {"name": "Marked", "description": "", "rounds": None, "modifier": None},
        {"name": "Webbed", "description": "Speed 0.", "rounds": 2, "modifier": -2},
    ]


def test_missing_users_become_inactive_placeholders_without_a_password(campaign):
    data = export_campaign(campaign)
    wipe()
    import_campaign(data)
    users = get_user_model().objects.order_by("username")
    assert [(u.username, u.is_active, u.has_usable_password()) for u in users] == [
        ("gm", False, False), ("hráčka", False, False),
    ]  # fmt: skip


def test_importing_next_to_the_original_links_users_and_reuses_library_items(campaign):
    data = export_campaign(campaign)
    library = Weapon.objects.filter(campaign=None).count(), Armor.objects.filter(campaign=None)
    users = get_user_model().objects.count()
    copy_ = import_campaign(data)
    assert copy_.pk != campaign.pk and Campaign.objects.filter(name="Lost Mine").count() == 2
    assert get_user_model().objects.count() == users
    assert Weapon.objects.filter(campaign=None).count() == library[0]
    assert Armor.objects.filter(campaign=None).count() == library[1].count()
    baldur = copy_.characters.get(name="Baldur")
    assert baldur.owner.username == "hráčka" and baldur.owner.is_active
    scimitar = baldur.weapons.get(name="Scimitar")
    assert scimitar == Weapon.objects.get(campaign=None, name="Scimitar")
    assert baldur.weapons.get(name="Talon").campaign == copy_  # the armory is the copy's own


def test_a_library_item_is_found_by_system_source_and_name_and_left_as_it_is(campaign):
    data = export_campaign(campaign)
    Weapon.objects.filter(name="Scimitar").update(notes="Updated by a newer SRD import.")
    baldur = import_campaign(data).characters.get(name="Baldur")
    scimitar = Weapon.objects.get(campaign=None, name="Scimitar")
    assert scimitar in baldur.weapons.all() and scimitar.notes == "Updated by a newer SRD import."


def test_a_library_item_without_a_source_is_reused_only_with_equal_stats(campaign):
    data = export_campaign(campaign)
    Armor.objects.filter(campaign=None, name="Leather").update(
        stats=DND.armor.clean({"base_ac": 12})
    )
    import_campaign(data)
    assert Armor.objects.filter(campaign=None, name="Leather").count() == 2


def test_exporting_a_character_carrying_another_campaigns_item_is_refused(campaign):
    axe = Weapon.objects.get(name="Their axe")
    campaign.characters.get(name="Sildar").weapons.add(axe)
    with pytest.raises(CampaignFormatError, match="'Sildar' carries 'Their axe'"):
        export_campaign(campaign)


# --- bad input ---------------------------------------------------------------------------------


def change(path: str, value: Any) -> Any:
    """A mutation of exported data: set (or, for ..., delete) the value at a dotted path."""

    def apply(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if value is ...:
            del target[last]
        elif isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return apply


BAD = {
    "wrong format": (change("format", "iniciativa-records"), "not an Iniciativa campaign file"),
    "no format": (change("format", ...), "not an Iniciativa campaign file"),
    "version 99": (change("version", 99), "unknown version 99"),
    "version as text": (change("version", "1"), "unknown version '1'"),
    "unknown system": (change("campaign.system", "gurps"), "campaign: system: Value 'gurps'"),
    "bad stats": (change("characters.1.stats.hp", 5000), "characters[1] 'Sildar': stats: hp"),
    "bad monster stats": (change("bestiary.0.stats.ac", "high"), "bestiary[0] 'Goblin': stats"),
    "bad library stats": (change("library.weapons.0.stats.damage", "lots"), "'Scimitar': stats"),
    "unknown stat": (change("armory.armor.0.stats.colour", "red"), "'Shield of Tyr': stats"),
    "unknown key": (change("characters.0.colour", "red"), "characters[0]: unknown key(s): colour"),
    "missing name": (change("bestiary.0.name", ...), "bestiary[0]: name is missing"),
    "empty name": (change("characters.0.name", ""), "characters[0] '': name"),
    "name too long": (change("campaign.name", "x" * 121), "campaign: name"),
    "notes too long": (change("bestiary.0.notes", "x" * 20001), "notes: at most 20000 characters"),
    "id as true": (change("bestiary.0.id", True), "id must be a whole number, found true"),
    "twice the same id": (change("armory.weapons.1.id", 1), "id 1 is used twice"),
    "dangling reference": (
        change("characters.0.weapons.1", {"armory": 9}),
        "no armory.weapons item has id 9",
    ),
    "odd reference": (change("characters.0.armor.0", 1), 'expected {"armory": id}'),
    "member twice": (change("members.1.username", "gm"), "listed twice"),
    "bad username": (change("members.1.username", "no spaces"), "members[1] 'no spaces'"),
    "bad role": (change("members.0.role", "king"), "members[0] 'gm': role"),
    "bad kind": (change("characters.0.kind", "pet"), "kind"),
    "bad owner": (change("characters.0.owner", 7), "owner must be a text or null"),
    "portrait outside media": (change("characters.0.portrait", "../../etc/passwd"), "portrait"),
    "naive timestamp": (change("bestiary.0.created_at", "2025-03-01T10:00:00"), "with a zone"),
    "not a timestamp": (change("campaign.created_at", "yesterday"), "campaign: created_at"),
    "malformed encounter": (change("encounters", [{"name": "Ambush"}]), "encounters[0]: missing"),
    "armory as a list": (change("armory", []), "armory must be an object, found a list"),
    "members as an object": (change("members", {}), "members must be a list"),
    "condition twice": (change("conditions.1.name", "marked"), "conditions[1] 'marked': a name"),
    "condition rounds 0": (change("conditions.0.rounds", 0), "rounds: from 1 to 99"),
    "condition modifier 11": (change("conditions.1.modifier", 11), "modifier: from -10 to 10"),
    "condition name too long": (change("conditions.0.name", "x" * 41), "conditions[0] 'xxxx"),
    "condition as text": (change("conditions.0", "Webbed"), "conditions[0]: expected an object"),
}


@pytest.mark.parametrize("mutate, message", BAD.values(), ids=BAD.keys())
def test_bad_data_raises_campaign_format_error_and_changes_nothing(campaign, mutate, message):
    data = export_campaign(campaign)
    data["members"].append({"username": "newcomer", "role": "player"})  # would be created
    mutate(data)
    before = counts()
    with pytest.raises(CampaignFormatError) as error:
        import_campaign(data)
    assert message in str(error.value)
    assert counts() == before


@pytest.mark.parametrize("data", [[], "campaign", None, 7], ids=["list", "text", "null", "number"])
def test_data_that_is_not_an_object_is_refused(db, data):
    with pytest.raises(CampaignFormatError, match="expected a JSON object"):
        import_campaign(data)
    assert not any(counts().values())


# --- the commands ------------------------------------------------------------------------------


def test_export_command_prints_the_json_and_import_command_reads_it_back(campaign, tmp_path):
    out = StringIO()
    call_command("export_campaign", str(campaign.pk), stdout=out)
    printed = json.loads(out.getvalue())
    assert without_time(printed) == without_time(export_campaign(campaign))
    path = tmp_path / "lost-mine.json"
    call_command("export_campaign", str(campaign.pk), "--output", str(path), stderr=StringIO())
    before = snapshot()
    wipe()
    out = StringIO()
    call_command("import_campaign", str(path), stdout=out)
    assert "Imported campaign 'Lost Mine'" in out.getvalue() and "2 characters" in out.getvalue()
    assert snapshot() == before


def test_export_command_of_an_unknown_campaign_fails_clearly(db):
    with pytest.raises(CommandError, match="No campaign has the id 404"):
        call_command("export_campaign", "404", stdout=StringIO())


@pytest.mark.parametrize(
    "text, message",
    [
        ('{"format": "iniciativa-campaign", "version": 1,', "is not valid JSON"),
        ("\xff\xfe garbage", "is not valid JSON"),
        ("[1, 2, 3]", "expected a JSON object, found a list"),
        ('{"format": "iniciativa-campaign", "version": 99}', "unknown version 99"),
    ],
    ids=["truncated", "not text", "a list", "version 99"],
)
def test_import_command_refuses_a_bad_file_and_imports_nothing(db, tmp_path, text, message):
    path = tmp_path / "bad.json"
    path.write_bytes(text.encode("latin-1"))
    with pytest.raises(CommandError, match=message) as error:
        call_command("import_campaign", str(path), stdout=StringIO())
    assert "Nothing was imported" in str(error.value)
    assert not any(counts().values())


def test_import_command_of_a_missing_file_fails_clearly(db, tmp_path):
    with pytest.raises(CommandError, match="Cannot read"):
        call_command("import_campaign", str(tmp_path / "nope.json"), stdout=StringIO())


# --- the documentation -------------------------------------------------------------------------


def test_the_example_in_the_format_documentation_imports(db):
    text = (Path(__file__).resolve().parents[2] / "docs" / "campaign-format.md").read_text()
    example = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    campaign = import_campaign(example)
    baldur = campaign.characters.get(name="Baldur")
    assert baldur.owner.username == "hrac" and baldur.stats["hp"] == 28
    assert sorted(w.name for w in baldur.weapons.all()) == ["Handaxe", "Talon"]
    assert baldur.armor.get().stats["base_ac"] == 16
    assert campaign.created_at == datetime(2026, 11, 1, 17, tzinfo=UTC)
    assert export_campaign(campaign)["bestiary"][0]["stats"]["challenge_rating"] == "1"


def test_a_file_without_conditions_imports_with_none(campaign):
    data = export_campaign(campaign)
    del data["conditions"]  # a file written before they were in it
    wipe()
    assert not import_campaign(data).conditions.exists()


def test_the_round_trip_keeps_the_campaigns_own_conditions(campaign):
    data = json.loads(json.dumps(export_campaign(campaign)))
    wipe()
    imported = import_campaign(data)
    kept = imported.conditions.values_list("name", "description", "rounds", "modifier")
    assert sorted(kept) == [("Marked", "", None, None), ("Webbed", "Speed 0.", 2, -2)]
