"""The demo content: idempotent, valid for every schema, and carrying the seeds' own numbers."""

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from campaigns import demo_records
from campaigns.demo import (
    DEMO_GM,
    DEMO_PLAYERS,
    DemoDataError,
    DemoSummary,
    load_demo,
)
from campaigns.demo_records import demo_campaigns
from campaigns.demo_records import dice_pool as dice_pool_records
from campaigns.models import Armor, Campaign, Character, Membership, Monster, Weapon
from combat.rules.systems import get_system

pytestmark = pytest.mark.django_db

RECORD_MODELS = {"characters": Character, "monsters": Monster, "weapons": Weapon, "armor": Armor}


def row_counts() -> dict[str, int]:
    return {
        "users": get_user_model().objects.count(),
        "campaigns": Campaign.objects.count(),
        "memberships": Membership.objects.count(),
        **{kind: model.objects.count() for kind, model in RECORD_MODELS.items()},
        "carried": Character.weapons.through.objects.count(),
        "worn": Character.armor.through.objects.count(),
    }


def all_stats() -> dict[tuple[str, int], Any]:
    return {(kind, record.pk): record.stats
            for kind, model in RECORD_MODELS.items() for record in model.objects.all()}  # fmt: skip


def campaign_of(system: str) -> Campaign:
    name, _ = demo_campaigns()[system]
    return Campaign.objects.get(name=name, system=system)


def character(system: str, name: str) -> Character:
    return Character.objects.get(campaign=campaign_of(system), name=name)


def monster(system: str, name: str) -> Monster:
    return Monster.objects.get(campaign=campaign_of(system), name=name)


def weapon_of(holder: Character, name: str) -> dict[str, Any]:
    stats: dict[str, Any] = holder.weapons.get(name=name).stats
    return stats


# --- idempotence and validity ------------------------------------------------------------------


def test_loading_twice_changes_nothing_and_creates_no_duplicates() -> None:
    first = load_demo()
    counts = row_counts()
    stats_before = all_stats()
    second = load_demo()
    assert row_counts() == counts
    assert second == DemoSummary(0, 0, 0, 0, 0, 0)
    assert (first.users_created, first.campaigns_created) == (3, 5)
    assert first.characters_created == counts["characters"] == 27
    assert first.monsters_created == counts["monsters"] == 15
    assert first.weapons_created == counts["weapons"] == 26
    assert first.armor_created == counts["armor"] == 12
    assert all_stats() == stats_before


def test_every_demo_record_is_stored_exactly_as_its_schema_cleans_it() -> None:
    load_demo()
    for system in demo_campaigns():
        campaign, rules = campaign_of(system), get_system(system)
        data = demo_records.records_for(system)
        parts = {"characters": rules.creature, "monsters": rules.creature,
                 "weapons": rules.weapon, "armor": rules.armor}  # fmt: skip
        for kind, schema in parts.items():
            entries = getattr(data, kind)
            stored = RECORD_MODELS[kind].objects.filter(campaign=campaign)
            assert stored.count() == len(entries), (system, kind)
            for entry in entries:
                record = stored.get(name=entry["name"])
                assert record.system == system
                assert record.stats == schema.clean(entry["stats"]), (system, entry["name"])
                assert record.stats == schema.clean(record.stats)
                assert record.notes == entry["notes"] != ""


def test_every_campaign_has_characters_a_bestiary_and_an_armoury() -> None:
    load_demo()
    for system in demo_campaigns():
        campaign = campaign_of(system)
        assert Character.objects.filter(campaign=campaign, kind="pc").exists()
        assert Monster.objects.filter(campaign=campaign, source="demo").exists()
        assert Weapon.objects.filter(campaign=campaign, source="demo").exists()


def test_a_bad_demo_entry_fails_loudly_and_writes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = {"name": "Obří pes", "stats": {"attack_dice": 99}, "notes": "too many dice"}
    monkeypatch.setattr(dice_pool_records, "MONSTERS", [bad])
    with pytest.raises(DemoDataError, match="Obří pes"):
        load_demo()
    assert row_counts()["users"] == 0 and Campaign.objects.count() == 0


def test_a_character_with_an_unknown_weapon_fails_loudly(monkeypatch: pytest.MonkeyPatch) -> None:
    lost = [{**dice_pool_records.CHARACTERS[0], "weapons": ["Ztracený meč"]}]
    monkeypatch.setattr(dice_pool_records, "CHARACTERS", lost)
    with pytest.raises(DemoDataError, match="Ztracený meč"):
        load_demo()


def test_running_again_keeps_what_the_gm_changed() -> None:
    load_demo()
    baldur = character("draci_hlidka", "Baldur")
    baldur.stats = {**baldur.stats, "zivoty": 12}
    baldur.save()
    baldur.weapons.clear()
    load_demo()
    baldur.refresh_from_db()
    assert baldur.stats["zivoty"] == 12 and not baldur.weapons.exists()


def test_the_command_reports_what_it_created() -> None:
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "3 users, 5 campaigns, 27 characters, 15 monsters, 26 weapons" in out.getvalue()
    out = StringIO()
    call_command("load_demo", stdout=out)
    assert "0 users, 0 campaigns, 0 characters, 0 monsters, 0 weapons" in out.getvalue()


# --- the seeds' numbers ------------------------------------------------------------------------


def test_baldur_hits_the_goblin_leader_for_8_with_the_seed_numbers() -> None:
    # seed 000: SIL +4, broad sword 5 +1 +2, rolls 3 -> Attack 12 vs Defence 5 -> 8 HP
    load_demo()
    baldur = character("draci_hlidka", "Baldur")
    sword = weapon_of(baldur, "Široký meč")
    assert baldur.stats["sil"] == 4
    assert (sword["utocnost"], sword["zraneni"], sword["obrana"]) == (5, 1, 2)
    attack = baldur.stats["sil"] + sword["utocnost"] + 3
    leader = monster("draci_hlidka", "Vůdce skřetů").stats
    defence = leader["oc"] + 1  # the seed's Defence 5: OČ 4 and a rolled 1
    assert (attack, defence, attack - defence + sword["zraneni"]) == (12, 5, 8)


def test_meredil_and_grop_can_reach_the_seeds_negative_numbers() -> None:
    # seed 000: fist (0), Nevýhoda -5 -> Attack -1; Grop's Defence -2 -> 1 HP
    load_demo()
    meredil, grop = character("draci_hlidka", "Meredil"), character("draci_hlidka", "Grop")
    assert not meredil.weapons.exists()
    attack = meredil.stats["sil"] + 0 + 4 - 5
    club = weapon_of(grop, "Kyj")
    defence = grop.stats["zbroj"] + grop.stats["obr"] + club["obrana"] + grop.stats["stit"] + 1
    assert (attack, defence, attack - defence) == (-1, -2, 1)


def test_the_pursuit_shrinks_the_halflings_lead_by_5() -> None:
    # seed 000: halfling 24 + 7 = 31, barbarian 31 + 3 + Atletika 2 = 36
    load_demo()
    halfling, barbarian = character("draci_hlidka", "Půlčík"), character("draci_hlidka", "Barbar")
    assert (halfling.stats["pohyblivost"], halfling.stats["obr"]) == (24, 4)
    assert "Atletika" not in halfling.stats["dovednosti"]
    assert (barbarian.stats["pohyblivost"], barbarian.stats["dovednosti"]["Atletika"]) == (31, 2)
    assert (barbarian.stats["pohyblivost"] + 3 + 2) - (halfling.stats["pohyblivost"] + 7) == 5


def test_liams_ares_predator_is_9m_and_snot_has_body_5_and_armour_4() -> None:
    load_demo()
    liam, snot = character("shadowrun3", "Liam"), character("shadowrun3", "Snot")
    predator = weapon_of(liam, "Ares Predator")
    assert (predator["power"], predator["damage_level"]) == (9, "M")
    assert liam.stats["skills"]["pistols"] == 6
    assert (snot.stats["body"], snot.stats["ballistic"], snot.stats["combat_pool"]) == (5, 4, 5)
    assert snot.armor.get().stats["ballistic"] == 4
    assert snot.kind == "npc" and snot.owner is None


def test_wedges_ak_97_is_8m_with_compensation_4_and_a_laser() -> None:
    load_demo()
    ak = weapon_of(character("shadowrun3", "Wedge"), "AK-97")
    assert (ak["power"], ak["damage_level"], ak["recoil_compensation"]) == (8, "M", 4)
    assert ak["laser_sight"] is True and "FA" in ak["firing_modes"]


def test_shadowrun_initiative_and_surprise_numbers_come_from_the_seed() -> None:
    load_demo()
    longbone = character("shadowrun3", "John Longbone").stats
    assert (longbone["reaction"], longbone["reaction_bonus"], longbone["initiative_dice"]) == (
        3, 2, 2,
    )  # fmt: skip
    assert longbone["metatype"] == "ork"
    reactions = {name: character("shadowrun3", name).stats["reaction"]
                 for name in ("Tess", "Virgil", "Winger")}  # fmt: skip
    assert reactions == {"Tess": 6, "Virgil": 8, "Winger": 9}
    assert monster("shadowrun3", "Zabiják z Mitsuhamy").stats["reaction"] == 3
    assert character("shadowrun3", "Twitch").stats["quickness"] == 6


def test_the_dog_has_one_die_and_player_a_picks_the_lock_with_three() -> None:
    load_demo()
    dog = monster("dice_pool", "Pes").stats
    assert (dog["attack_dice"], dog["defence_dice"], dog["hp"]) == (1, 1, None)  # HP 6 x 1
    a = character("dice_pool", "Hráč A").stats
    assert a["skills"]["Páčení"] + a["attributes"]["Zručnost"] == 3
    assert a["skills"]["Boj s dýkou"] + a["attributes"]["Obratnost"] == 3
    assert character("dice_pool", "Hráč B").stats["attributes"]["Síla"] == 4


def test_the_5e_goblin_has_the_srd_numbers() -> None:
    load_demo()
    goblin = monster("dnd5e", "Goblin").stats
    assert (goblin["ac"], goblin["hp"], goblin["size"]) == (15, 7, "small")
    scimitar = goblin["actions"][0]
    assert (scimitar["name"], scimitar["attack_bonus"]) == ("Scimitar", 4)
    assert scimitar["damage"] == [{"dice": "1d6+2", "type": "slashing", "note": ""}]


# --- players and their sheets ------------------------------------------------------------------


def test_each_player_owns_characters_in_every_demo_campaign() -> None:
    load_demo()
    for username in DEMO_PLAYERS:
        owned = Character.objects.filter(owner__username=username)
        for system in demo_campaigns():
            mine = owned.filter(campaign=campaign_of(system))
            assert mine.exists(), (username, system)
            assert all(c.kind == "pc" for c in mine)
    assert not Character.objects.filter(owner__username=DEMO_GM).exists()


def test_players_open_their_own_sheets_but_not_each_others(client: Any) -> None:
    load_demo()
    hrac, gracz = (get_user_model().objects.get(username=name) for name in DEMO_PLAYERS)
    baldur, meredil = character("draci_hlidka", "Baldur"), character("draci_hlidka", "Meredil")
    assert (baldur.owner, meredil.owner) == (hrac, gracz)
    client.force_login(hrac)
    edit = reverse("campaigns:character_edit", args=[baldur.campaign_id, baldur.pk])
    assert client.get(edit).status_code == 200
    other = reverse("campaigns:character_edit", args=[meredil.campaign_id, meredil.pk])
    assert client.get(other).status_code == 403
