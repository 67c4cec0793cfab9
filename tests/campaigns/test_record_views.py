"""Character sheets, the bestiary and the armory as the table uses them."""

from django.urls import reverse

from campaigns.models import Character, Monster, Weapon

HTMX = {"HTTP_HX_REQUEST": "true"}


def _sheet_url(roles, character=None):
    character = character or roles["character"]
    return reverse("campaigns:character", args=[roles["campaign"].pk, character.pk])


def test_player_sees_their_sheet_with_the_systems_labels(
    client, roles, django_assert_max_num_queries
):
    client.force_login(roles["player"])
    with django_assert_max_num_queries(9):
        html = client.get(_sheet_url(roles)).content.decode()
    assert "SIL (Oprava za Sílu)" not in html  # English page: the English label
    assert "SIL (Strength bonus)" in html and "Baldur" in html


def test_sheet_in_czech_uses_czech_terms(client, roles):
    client.force_login(roles["player"])
    html = client.get(_sheet_url(roles), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert "SIL (Oprava za Sílu)" in html and "Životy (maximum)" in html


def test_players_do_not_see_npc_sheets(client, roles):
    npc = Character.objects.create(
        campaign=roles["campaign"], system="draci_hlidka", name="Skřetí vůdce", kind="npc",
        stats=roles["character"].stats,
    )  # fmt: skip
    client.force_login(roles["player"])
    assert client.get(_sheet_url(roles, npc)).status_code == 404
    listing = client.get(reverse("campaigns:characters", args=[roles["campaign"].pk]))
    assert "Skřetí vůdce" not in listing.content.decode()


def test_owner_edits_only_player_editable_stats(client, roles):
    client.force_login(roles["player"])
    url = reverse("campaigns:character_edit", args=[roles["campaign"].pk, roles["character"].pk])
    form_html = client.get(url).content.decode()
    assert 'name="stat_dovednosti"' in form_html and 'name="stat_sil"' not in form_html
    response = client.post(
        url,
        {"name": "Baldur", "notes": "", "stat_dovednosti": "Atletika: 2\nVýdrž 1", "stat_sil": 5},
    )
    assert response.status_code == 302
    character = Character.objects.get(pk=roles["character"].pk)
    assert character.stats["dovednosti"] == {"Atletika": 2, "Výdrž": 1}
    assert character.stats["sil"] == 0  # not the player's to change


def test_another_player_may_not_edit(client, roles, make_user):
    from campaigns.models import Membership

    other = make_user("other")
    Membership.objects.create(campaign=roles["campaign"], user=other)
    client.force_login(other)
    url = reverse("campaigns:character_edit", args=[roles["campaign"].pk, roles["character"].pk])
    assert client.get(url).status_code == 403


def test_gm_creates_a_character_and_bad_stats_are_shown_next_to_the_field(client, roles):
    client.force_login(roles["gm"])
    url = reverse("campaigns:character_create", args=[roles["campaign"].pk])
    data = {"name": "Meredil", "kind": "pc", "owner": roles["player"].pk, "stat_sil": 99,
            "stat_obr": 1, "stat_odo": 0, "stat_zivoty": 20, "stat_mez_vyrazeni": 0,
            "stat_pohyblivost": 22, "stat_velikost": "B", "stat_muze_krvacet": "on",
            "stat_zbroj": 0, "stat_stit": 0}  # fmt: skip
    response = client.post(url, data)
    html = response.content.decode()
    assert response.status_code == 200 and "is-invalid" in html and 'value="Meredil"' in html
    data["stat_sil"] = -1
    response = client.post(url, data)
    assert response.status_code == 302
    meredil = Character.objects.get(name="Meredil")
    assert (meredil.stats["sil"], meredil.stats["zivoty"], meredil.owner) == (
        -1,
        20,
        roles["player"],
    )


def test_bestiary_search_as_htmx_returns_the_results_partial(client, roles):
    client.force_login(roles["gm"])
    url = reverse("campaigns:bestiary", args=[roles["campaign"].pk])
    html = client.get(url, {"q": "vl"}, **HTMX).content.decode()
    assert html.lstrip().startswith('<div id="results">')
    assert "Vlk" in html and "Skřet" not in html


def test_gm_adds_a_library_monster_to_the_campaign(client, roles):
    client.force_login(roles["gm"])
    library = roles["library_monster"]
    client.post(reverse("campaigns:bestiary_add", args=[roles["campaign"].pk, library.pk]))
    copy = Monster.objects.get(campaign=roles["campaign"], name="Vlk")
    assert copy.pk != library.pk and copy.stats == library.stats
    assert Monster.objects.filter(campaign__isnull=True, name="Vlk").count() == 1


def test_library_of_another_system_cannot_be_added(client, roles):
    other = Monster.objects.create(system="ose", name="Orc", stats={})
    client.force_login(roles["gm"])
    url = reverse("campaigns:bestiary_add", args=[roles["campaign"].pk, other.pk])
    assert client.post(url).status_code == 404


def test_armory_lists_weapons_and_gm_adds_from_the_library(
    client, roles, django_assert_max_num_queries
):
    client.force_login(roles["player"])
    with django_assert_max_num_queries(12):
        html = client.get(reverse("campaigns:armory", args=[roles["campaign"].pk])).content.decode()
    assert "Široký meč" in html and "Add to campaign" not in html
    client.force_login(roles["gm"])
    weapon = roles["library_weapon"]
    client.post(reverse("campaigns:armory_add", args=[roles["campaign"].pk, "weapon", weapon.pk]))
    assert Weapon.objects.filter(campaign=roles["campaign"], name="Široký meč").exists()


def test_unknown_armory_kind_is_404(client, roles):
    client.force_login(roles["gm"])
    url = reverse("campaigns:armory_add", args=[roles["campaign"].pk, "potion", 1])
    assert client.post(url).status_code == 404


def test_a_weapon_the_campaign_and_the_library_both_hold_says_which_is_which(client, roles):
    """The GM's character form lists the campaign's copy and the library's under one name:
    each says where it is from; a name held once stays as it is."""
    library = roles["library_weapon"]
    Weapon.objects.create(
        campaign=roles["campaign"], system=library.system, name=library.name, stats=library.stats
    )
    Weapon.objects.create(system=library.system, name="Dýka", stats=library.stats)
    client.force_login(roles["gm"])
    url = reverse("campaigns:character_edit", args=[roles["campaign"].pk, roles["character"].pk])
    html = client.get(url).content.decode()
    assert "Široký meč (campaign)" in html and "Široký meč (library)" in html
    assert "Dýka" in html and "Dýka (" not in html
