"""A sheet in its system's own words (issue M: "a 5e sheet shows '6 PŻ' above 'Punkty
wytrzymałości (PW)'"): the hit points after the last fight and the GM's notes are said as the
campaign's system says them — PW in Polish 5e and OSE, the physical monitor's free boxes in
Shadowrun, the referee's notes in OSE, the narrator's in the forum pool — on the character's
page, the record forms and the register; a system that gives no word reads the generic one."""

from html import unescape

import pytest
from django.urls import reverse
from django.utils import translation

from campaigns.models import Campaign, Character, Membership, Monster, Role
from combat.rules.systems import get_system

# system, language → (the line after a fight with 6, the GM notes' heading, their help)
SAID = {
    ("dnd5e", "pl"): ("Po ostatniej walce: 6 PW", "Notatki Mistrza Gry", "Widzą je tylko Mistrzowie Gry."),
    ("dnd5e", "cs"): ("Po posledním boji: životy 6", "Poznámky Pána jeskyně", "Vidí je jen Páni jeskyně."),
    ("ose", "pl"): ("Po ostatniej walce: 6 PW", "Notatki MG", "Widzą je tylko MG."),
    ("ose", "cs"): ("Po posledním boji: životy 6", "Poznámky sudího", "Vidí je jen sudí."),
    ("ose", "en"): ("After the last fight: 6 HP", "Referee's notes", "Only referees see these."),
    ("shadowrun3", "cs"): ("Po posledním boji: fyzický záznamník, volná políčka 6",
                           "Poznámky gamemastera", "Vidí je jen gamemasteři."),
    ("shadowrun3", "en"): ("After the last fight: physical monitor, 6 boxes free",
                           "Gamemaster's notes", "Only gamemasters see these."),
    ("dice_pool", "cs"): ("Po posledním boji: HP / kostky 6", "Poznámky vypravěče", "Vidí je jen vypravěči."),
    ("draci_hlidka", "cs"): ("Po posledním boji: životy 6", "Poznámky Pána jeskyně", "Vidí je jen Páni jeskyně."),
    ("draci_hlidka", "pl"): ("Po ostatniej walce: 6 PŻ", "Notatki Mistrza Gry", "Widzą je tylko Mistrzowie Gry."),
}  # fmt: skip


@pytest.fixture
def sheet(db, make_user):  # type: ignore[no-untyped-def]
    def make(system: str):  # type: ignore[no-untyped-def]
        gm, player = make_user(f"gm-{system}"), make_user(f"player-{system}")
        campaign = Campaign.objects.create(name=system, system=system)
        Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
        Membership.objects.create(campaign=campaign, user=player)
        described = get_system(system)
        character = Character.objects.create(
            campaign=campaign, system=system, name="Helga", owner=player, current_hp=6,
            notes="Owes the guild.", stats=described.creature.defaults(),
        )  # fmt: skip
        monster = Monster.objects.create(
            campaign=campaign, system=system, name="Goblin", stats=described.creature.defaults()
        )
        return campaign, character, monster, gm, player

    return make


@pytest.mark.parametrize(("system", "lang"), list(SAID))
def test_a_sheet_says_hit_points_and_gm_notes_in_its_systems_words(client, sheet, system, lang):
    after, heading, help_text = SAID[(system, lang)]
    campaign, character, monster, gm, player = sheet(system)
    client.force_login(gm)
    page = reverse("campaigns:character", args=[campaign.pk, character.pk])
    form = reverse("campaigns:monster_edit", args=[campaign.pk, monster.pk])
    with translation.override(lang):
        shown = unescape(client.get(page, HTTP_ACCEPT_LANGUAGE=lang).content.decode())
        edited = unescape(client.get(form, HTTP_ACCEPT_LANGUAGE=lang).content.decode())
    assert after in shown and heading in shown and "Owes the guild." in shown
    assert heading in edited and help_text in edited
    if (system, lang) == ("dnd5e", "pl"):
        assert "PŻ" not in shown  # the issue's own example: "6 PŻ" above "(PW)"


def test_a_player_sees_the_line_but_never_the_gm_notes(client, sheet):
    campaign, character, _monster, _gm, player = sheet("ose")
    client.force_login(player)
    with translation.override("cs"):
        page = reverse("campaigns:character", args=[campaign.pk, character.pk])
        shown = client.get(page, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "Po posledním boji: životy 6" in shown
    assert "Poznámky sudího" not in shown and "Owes the guild." not in shown


# system, language → (the GM's role, the members' button, a saved condition's rounds help)
ROLE = {
    ("ose", "cs"): ("Sudí", "Udělat dalším sudím", "Prázdné: dokud ho sudí neodebere."),
    ("shadowrun3", "en"): ("Gamemaster", "Make co-gamemaster", "Empty: until the gamemaster removes it."),
    ("dice_pool", "pl"): ("Narrator", "Zrób współnarratorem", "Puste: dopóki narrator go nie usunie."),
    ("draci_hlidka", "cs"): ("Pán jeskyně", "Udělat spolu-PJ", "Prázdné: dokud ho Pán jeskyně neodebere."),
}  # fmt: skip


@pytest.mark.parametrize(("system", "lang"), list(ROLE))
def test_the_campaign_pages_name_the_gm_as_the_system_does(client, sheet, system, lang):
    role, button, rounds = ROLE[(system, lang)]
    campaign, _character, _monster, gm, _player = sheet(system)
    client.force_login(gm)
    with translation.override(lang):
        pages = [
            reverse("campaigns:detail", args=[campaign.pk]),
            reverse("campaigns:list"),
            reverse("campaigns:conditions", args=[campaign.pk]),
        ]
        detail, listed, conditions = (
            unescape(client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()) for url in pages
        )
    assert f">{role}</span>" in detail and button in detail
    assert f">{role}</span>" in listed
    assert rounds in conditions


def test_the_register_form_and_a_role_change_say_the_systems_gm(client, sheet):
    """The register's entry form names the GM's notes as the entry's page does, and "Make
    co-referee" answers "… is now: Sudí", not the generic title (review of issue M)."""
    campaign, _character, _monster, gm, player = sheet("ose")
    client.force_login(gm)
    member = campaign.memberships.get(user=player)
    with translation.override("cs"):
        form = client.get(
            reverse("campaigns:register", args=[campaign.pk]), HTTP_ACCEPT_LANGUAGE="cs"
        )
        changed = client.post(
            reverse("campaigns:member_role", args=[campaign.pk, member.pk]),
            {"role": "gm"},
            follow=True,
            HTTP_ACCEPT_LANGUAGE="cs",
        )
    shown = unescape(form.content.decode())
    assert "Poznámky sudího" in shown and "Vidí je jen sudí." in shown
    assert "Pán" not in shown and "Pána" not in shown
    assert f"{player.username} je teď: Sudí." in unescape(changed.content.decode())


# system, language → (a player with no character, the register's line for a player, a new
# campaign's message, the last GM stepping down, a campaign form's proposals help)
SAID_TO = {
    ("ose", "cs"): ("Požádejte o ni sudího.", "Koho a co vám sudí odhalí.",
                    "Kampaň je založená. Jste její sudí.", "Kampaň potřebuje aspoň jednoho sudího.",
                    "Akce hráče počká, až ji sudí přijme."),
    ("shadowrun3", "pl"): ("Poproś o nią mistrza gry.", "Kogo i co ujawnia ci mistrz gry.",
                           "Kampania utworzona. Jesteś jej mistrzem gry.",
                           "Kampania potrzebuje co najmniej jednego mistrza gry.",
                           "Akcja gracza czeka, aż mistrz gry ją zaakceptuje."),
    ("dice_pool", "en"): ("Ask your narrator for one.", "Who and what your narrator has revealed",
                          "Campaign created. You are its narrator.",
                          "A campaign needs at least one narrator.",
                          "A player's action waits until the narrator accepts it."),
    ("draci_hlidka", "cs"): ("Požádejte o ni Pána jeskyně.", "Koho a co vám Pán jeskyně odhalí.",
                             "Kampaň je založená. Jste její Pán jeskyně.",
                             "Kampaň potřebuje aspoň jednoho Pána jeskyně.",
                             "Akce hráče počká, až ji Pán jeskyně přijme."),
}  # fmt: skip


@pytest.mark.parametrize(("system", "lang"), list(SAID_TO))
def test_what_the_campaign_pages_tell_players_and_gms_names_the_systems_gm(
    client, sheet, make_user, system, lang
):
    no_character, revealed, created, last_gm, propose = SAID_TO[(system, lang)]
    campaign, character, _monster, gm, player = sheet(system)
    character.owner = None
    character.save()
    said = {}
    with translation.override(lang):
        client.force_login(player)
        for name, url in (
            ("detail", reverse("campaigns:detail", args=[campaign.pk])),
            ("register", reverse("campaigns:register", args=[campaign.pk])),
        ):
            said[name] = client.get(url, HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        client.force_login(gm)
        said["edit"] = client.get(
            reverse("campaigns:edit", args=[campaign.pk]), HTTP_ACCEPT_LANGUAGE=lang
        ).content.decode()
        me = campaign.memberships.get(user=gm)
        said["step down"] = client.post(
            reverse("campaigns:member_role", args=[campaign.pk, me.pk]),
            {"role": "player"},
            follow=True,
            HTTP_ACCEPT_LANGUAGE=lang,
        ).content.decode()
        client.force_login(make_user(f"founder-{system}"))
        said["create"] = client.post(
            reverse("campaigns:create"),
            {"name": "New", "description": "", "system": system},
            follow=True,
            HTTP_ACCEPT_LANGUAGE=lang,
        ).content.decode()
    said = {name: unescape(text) for name, text in said.items()}
    assert no_character in said["detail"] and revealed in said["register"]
    assert propose in said["edit"] and last_gm in said["step down"]
    assert created in said["create"]
