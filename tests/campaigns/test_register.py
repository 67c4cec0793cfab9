"""People and places met (issue Q): the GM's register, what players are shown of it, the
journal's links to it, an NPC's fights, and the campaign file's "register" section."""

import json

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.exchange import CampaignFormatError, export_campaign, import_campaign
from campaigns.journal import Mentions, render_pieces
from campaigns.models import (
    Campaign,
    Character,
    Membership,
    Part,
    RegisterEntry,
    RegisterReveal,
    Role,
    Thread,
)
from combat.models import Combatant, Encounter

SECRET = "Secretly the duke's brother."
SUMMARY = "Keeps the ferry at the ford."


@pytest.fixture
def reg(roles, make_user):  # type: ignore[no-untyped-def]
    """The roles' campaign with a second GM, a second player and an NPC behind the entry
    "Old Bob" (unrevealed), beside "Bob" (a place, unrevealed)."""
    campaign = roles["campaign"]
    second_gm, second_player = make_user("gm2"), make_user("player2")
    Membership.objects.create(campaign=campaign, user=second_gm, role=Role.GM)
    Membership.objects.create(campaign=campaign, user=second_player)
    npc = Character.objects.create(
        campaign=campaign, system=campaign.system, name="Ferryman", kind="npc",
        stats=roles["character"].stats,
    )  # fmt: skip
    entry = RegisterEntry.objects.create(
        campaign=campaign, name="Old Bob", summary=SUMMARY, gm_notes=SECRET, character=npc,
        created_by=roles["gm"], key="k1",
    )  # fmt: skip
    place = RegisterEntry.objects.create(campaign=campaign, name="Bob", kind="place", key="k2")
    return {**roles, "gm2": second_gm, "player2": second_player, "npc": npc, "entry": entry,
            "place": place}  # fmt: skip


def _url(name, r, *more):  # type: ignore[no-untyped-def]
    return reverse(f"campaigns:{name}", args=[r["campaign"].pk, *more])


def _reveal(client, r, entry, shown, **extra):  # type: ignore[no-untyped-def]
    client.force_login(r["gm"])
    data = {"audience": "all", "part": str(int(shown)), **extra}
    return client.post(_url("register_reveal", r, entry.pk), data)


def _as(client, user, url):  # type: ignore[no-untyped-def]
    client.force_login(user)
    response = client.get(url)
    return response.status_code, response.content.decode()


# --- the GM's pages ----------------------------------------------------------------------------


def test_the_gm_adds_an_entry_once_however_often_the_form_is_sent(client, reg):
    client.force_login(reg["gm"])
    data = {"kind": "person", "name": "  Ann   the  Smith ", "summary": "Smith.", "key": "once"}
    first = client.post(_url("register", reg), data)
    again = client.post(_url("register", reg), data)
    entry = RegisterEntry.objects.get(name="Ann the Smith")
    assert first["Location"] == again["Location"] == _url("register_entry", reg, entry.pk)
    assert (entry.created_by, entry.summary) == (reg["gm"], "Smith.")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": " "}, "Give the entry a name."),
        ({"name": "old bob"}, "The register has an entry of that name already."),
        ({"name": "x" * 121}, "at most 120 characters"),
        ({"name": "Ann", "kind": "dragon"}, "Select a valid choice."),
        ({"name": "Ann", "summary": "s" * 2001}, "at most 2000 characters"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_nothing_saved(client, reg, data, message):
    client.force_login(reg["gm"])
    response = client.post(_url("register", reg), {"kind": "person", **data})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert RegisterEntry.objects.count() == 2


def test_only_the_campaigns_own_npc_or_monster_may_be_linked(client, reg):
    client.force_login(reg["gm"])
    foreign = Character.objects.create(
        campaign=Campaign.objects.get(name="Elsewhere"), system="ose", name="Stranger", kind="npc"
    )
    for field, value in (("character", foreign.pk), ("character", reg["character"].pk)):
        response = client.post(
            _url("register", reg), {"kind": "person", "name": "Ann", field: value}
        )
        assert "Select a valid choice." in response.content.decode()  # a PC is no NPC either
    assert not RegisterEntry.objects.filter(name="Ann").exists()


def test_a_second_gm_edits_an_entry(client, reg):
    client.force_login(reg["gm2"])
    url = _url("register_edit", reg, reg["entry"].pk)
    data = {"kind": "person", "name": "Old Bob", "summary": "New.", "gm_notes": "Mine."}
    assert client.post(url, data).status_code == 302
    reg["entry"].refresh_from_db()
    assert (reg["entry"].summary, reg["entry"].gm_notes) == ("New.", "Mine.")


# --- what players see ---------------------------------------------------------------------------


def test_a_player_sees_nothing_of_an_entry_until_it_is_revealed(client, reg):
    entry = reg["entry"]
    status, html = _as(client, reg["player"], _url("register", reg))
    assert status == 200 and "Old Bob" not in html and "Nothing has been revealed" in html
    missing, _ = _as(client, reg["player"], _url("register_entry", reg, 999999))
    assert _as(client, reg["player"], _url("register_entry", reg, entry.pk))[0] == missing == 404


def test_a_name_only_reveal_shows_the_name_and_never_the_summary_or_notes(client, reg):
    assert _reveal(client, reg, reg["entry"], Part.NAME).status_code == 302
    for url in (_url("register", reg), _url("register_entry", reg, reg["entry"].pk)):
        status, html = _as(client, reg["player"], url)
        assert status == 200 and "Old Bob" in html
        assert SUMMARY not in html and SECRET not in html and "Ferryman" not in html
        assert "Take back" not in html and "every player" not in html


def test_a_summary_reveal_shows_the_summary_and_still_never_the_notes(client, reg):
    _reveal(client, reg, reg["entry"], Part.NAME)
    _reveal(client, reg, reg["entry"], Part.SUMMARY)
    status, html = _as(client, reg["player"], _url("register_entry", reg, reg["entry"].pk))
    assert status == 200 and SUMMARY in html and SECRET not in html
    standing = reg["entry"].reveals.filter(withdrawn_at__isnull=True)
    assert list(standing.values_list("part", flat=True)) == [Part.SUMMARY]  # it replaced the name
    assert reg["entry"].reveals.count() == 2  # the first reveal stays, taken back


def test_a_reveal_to_one_player_is_theirs_alone(client, reg):
    chosen = {"audience": "chosen", "players": [str(reg["player2"].pk)]}
    assert _reveal(client, reg, reg["entry"], Part.SUMMARY, **chosen).status_code == 302
    assert "Old Bob" in _as(client, reg["player2"], _url("register", reg))[1]
    assert "Old Bob" not in _as(client, reg["player"], _url("register", reg))[1]


def test_a_reveal_to_nobody_or_an_outsider_is_refused_with_a_message(client, reg):
    for extra in (
        {"audience": "chosen"},
        {"audience": "chosen", "players": [str(reg["outsider"].pk)]},
        {"audience": "chosen", "players": [str(reg["gm2"].pk)]},
        {"audience": "everyone"},
        {"part": "3"},
        {"part": "x"},
    ):
        response = _reveal(client, reg, reg["entry"], Part.NAME, **extra)
        assert response.status_code == 302
        assert "alert-danger" in client.get(response["Location"]).content.decode()
    assert not RegisterReveal.objects.exists()


def test_taking_a_reveal_back_hides_the_entry_and_keeps_the_row(client, reg):
    _reveal(client, reg, reg["entry"], Part.SUMMARY)
    reveal = reg["entry"].reveals.get()
    url = _url("register_withdraw", reg, reg["entry"].pk, reveal.pk)
    assert client.post(url).status_code == 302
    reveal.refresh_from_db()
    assert reveal.withdrawn_by == reg["gm"] and reveal.withdrawn_at is not None
    assert _as(client, reg["player"], _url("register_entry", reg, reg["entry"].pk))[0] == 404
    html = _as(client, reg["gm"], _url("register_entry", reg, reg["entry"].pk))[1]
    assert "taken back by gm" in html


def test_a_player_may_not_reveal_edit_withdraw_or_delete(client, reg):
    _reveal(client, reg, reg["entry"], Part.SUMMARY)
    reveal = reg["entry"].reveals.get()
    client.force_login(reg["player"])
    pk = reg["entry"].pk
    for url, data in (
        (_url("register", reg), {"name": "Mine", "kind": "person"}),
        (_url("register_edit", reg, pk), {"name": "Mine", "kind": "person"}),
        (_url("register_reveal", reg, reg["place"].pk), {"audience": "all", "part": "2"}),
        (_url("register_withdraw", reg, pk, reveal.pk), {}),
        (_url("register_delete", reg, pk), {}),
    ):
        assert client.post(url, data).status_code == 403
    assert client.get(_url("register_edit", reg, pk)).status_code == 403
    assert RegisterEntry.objects.count() == 2 and RegisterReveal.objects.count() == 1
    assert RegisterEntry.objects.get(pk=pk).name == "Old Bob"


def test_strangers_and_another_campaigns_gm_get_404_as_for_a_missing_entry(client, reg, make_user):
    other_player = make_user("elsewhere_player")
    Membership.objects.create(campaign=Campaign.objects.get(name="Elsewhere"), user=other_player)
    _reveal(client, reg, reg["entry"], Part.SUMMARY)
    pk = reg["entry"].pk
    for user in (reg["outsider"], other_player):
        for url in (_url("register", reg), _url("register_entry", reg, pk)):
            assert _as(client, user, url)[0] == 404
    # A GM naming another campaign's entry in their own campaign's URLs: the same 404.
    own = Campaign.objects.get(name="Elsewhere")
    client.force_login(reg["outsider"])
    reveal = reg["entry"].reveals.get()
    for entry_pk in (pk, 999999):
        for name, more in (
            ("register_entry", ()),
            ("register_edit", ()),
            ("register_reveal", ()),
            ("register_delete", ()),
            ("register_withdraw", (reveal.pk,)),
        ):
            url = reverse(f"campaigns:{name}", args=[own.pk, entry_pk, *more])
            response = client.get(url) if name == "register_entry" else client.post(url)
            assert response.status_code == 404, url
    assert RegisterEntry.objects.filter(pk=pk).exists() and reveal.withdrawn_at is None


def test_the_gm_removes_an_entry(client, reg):
    client.force_login(reg["gm"])
    assert client.post(_url("register_delete", reg, reg["place"].pk)).status_code == 302
    assert not RegisterEntry.objects.filter(pk=reg["place"].pk).exists()


@pytest.mark.parametrize("who", ["gm", "player"])
def test_the_list_costs_the_same_queries_however_many_entries(
    client, reg, who, django_assert_num_queries
):
    client.force_login(reg[who])
    for entry in (reg["entry"], reg["place"]):
        entry.reveal(None, Part.SUMMARY, reg["gm"])
    expected = {"gm": 8, "player": 4}[who]
    with django_assert_num_queries(expected):
        assert client.get(_url("register", reg)).status_code == 200
    for n in range(8):
        made = RegisterEntry.objects.create(campaign=reg["campaign"], name=f"N{n}", key=f"n{n}")
        made.reveal(None, Part.NAME, reg["gm"])
        made.reveal(reg["player"], Part.SUMMARY, reg["gm"])
    with django_assert_num_queries(expected):
        html = client.get(_url("register", reg)).content.decode()
    assert "N7" in html


# --- the journal's links ------------------------------------------------------------------------


def _thread_html(client, user, thread):  # type: ignore[no-untyped-def]
    client.force_login(user)
    url = reverse("campaigns:journal_thread", args=[thread.campaign_id, thread.pk])
    return client.get(url).content.decode()


def test_the_journal_links_a_revealed_name_and_leaves_an_unrevealed_one_plain(client, reg):
    body = "Old Bob rowed us past Bob. [dice]1d6[/dice] Bobby waved."
    thread = Thread.open(reg["campaign"], reg["player"], "Ford", body, key="t")
    reg["entry"].reveal(None, Part.NAME, reg["gm"])
    entry_url = _url("register_entry", reg, reg["entry"].pk)
    place_url = _url("register_entry", reg, reg["place"].pk)
    html = _thread_html(client, reg["player"], thread)
    assert f'<a class="register-mention" href="{entry_url}">Old Bob</a>' in html
    assert place_url not in html and "register-mention" in html
    assert html.count(">Bob") == 0 and html.count("Bob") == body.count("Bob")  # the text only
    gm_html = _thread_html(client, reg["gm"], thread)
    assert f'<a class="register-mention" href="{place_url}">Bob</a>' in gm_html
    assert "Bobby" in gm_html and "Bobby</a>" not in gm_html


def test_the_journal_page_costs_the_same_queries_however_many_entries(
    client, reg, django_assert_num_queries
):
    thread = Thread.open(reg["campaign"], reg["player"], "Ford", "Old Bob.", key="t")
    client.force_login(reg["player"])
    url = reverse("campaigns:journal_thread", args=[thread.campaign_id, thread.pk])
    with CaptureQueriesContext(connection) as before:
        client.get(url)
    with django_assert_num_queries(len(before.captured_queries)):
        client.get(url)  # the links' query is there without any entry to link
    for n in range(20):
        RegisterEntry.objects.create(campaign=reg["campaign"], name=f"N{n}", key=f"n{n}").reveal(
            None, Part.NAME, reg["gm"]
        )
    with django_assert_num_queries(len(before.captured_queries)):
        client.get(url)


def _linked(text, names):  # type: ignore[no-untyped-def]
    mentions = Mentions.of({name: f"/e/{i}/" for i, name in enumerate(names)})
    pieces, _removed = render_pieces(text, {}, mentions)
    return "".join(str(piece) for piece in pieces if not getattr(piece, "is_roll", False))


def test_mentions_are_whole_words_in_their_case_longest_first():
    html = _linked("Old Bob met Bob, bob and Bobby.", ["Bob", "Old Bob"])
    assert '<a class="register-mention" href="/e/1/">Old Bob</a>' in html
    assert '<a class="register-mention" href="/e/0/">Bob</a>,' in html
    assert "bob and Bobby" in html


def test_mentions_never_reach_inside_a_dice_tag_and_stay_escaped():
    html = _linked("**A&B** [dice]1d6[/dice] <i>", ["A&B", "d6", "i"])
    assert '<strong><a class="register-mention" href="/e/0/">A&amp;B</a></strong>' in html
    assert "/e/1/" not in html and "&lt;" in html and "<i>" not in html
    pieces, _ = render_pieces("d6: [dice]1d6[/dice]", {}, Mentions.of({"d6": "/x/"}))
    rolls = [piece for piece in pieces if getattr(piece, "is_roll", False)]
    assert [roll.tag.expression for roll in rolls] == ["1d6"]
    assert "".join(str(piece) for piece in pieces if piece not in rolls).count("/x/") == 1


# --- an NPC's fights ----------------------------------------------------------------------------


def _fight(r, name, hidden):  # type: ignore[no-untyped-def]
    encounter = Encounter.objects.create(campaign=r["campaign"], name=name)
    Combatant.objects.create(
        encounter=encounter, character=r["npc"], name="Ferryman", hp=5, max_hp=5, hidden=hidden
    )
    return encounter


def test_an_npc_links_to_its_fights_and_players_never_to_a_hidden_one(client, reg):
    _fight(reg, "Ford fight", hidden=False)
    _fight(reg, "Night ambush", hidden=True)
    url = _url("register_entry", reg, reg["entry"].pk)
    gm_html = _as(client, reg["gm"], url)[1]
    assert "Ford fight" in gm_html and "Night ambush" in gm_html
    reg["entry"].reveal(None, Part.NAME, reg["gm"])
    assert "Ford fight" not in _as(client, reg["player"], url)[1]  # fights go with the summary
    reg["entry"].reveal(None, Part.SUMMARY, reg["gm"])
    html = _as(client, reg["player"], url)[1]
    assert "Ford fight" in html and "Night ambush" not in html


# --- the campaign file --------------------------------------------------------------------------


def _file(reg):  # type: ignore[no-untyped-def]
    reg["entry"].reveal(None, Part.NAME, reg["gm"])
    reg["entry"].reveal(reg["player"], Part.SUMMARY, reg["gm"])
    reg["entry"].reveals.get(to=None).withdraw(reg["gm2"])
    return json.loads(json.dumps(export_campaign(reg["campaign"])))


def _without_time(data):  # type: ignore[no-untyped-def]
    return {key: value for key, value in data.items() if key != "exported_at"}


def test_export_import_export_keeps_the_register_exactly(reg):
    data = _file(reg)
    assert [e["name"] for e in data["register"]] == ["Old Bob", "Bob"]
    first = data["register"][0]
    assert first["character"] == 2 and first["gm_notes"] == SECRET
    assert [(r["to"], r["part"], r["withdrawn_by"]) for r in first["reveals"]] == [
        (None, "name", "gm2"),
        ("player", "summary", None),
    ]
    imported = import_campaign(data)
    again = json.loads(json.dumps(export_campaign(imported)))
    assert _without_time(again) == _without_time(data)


def test_a_file_without_a_register_imports_with_none(reg):
    data = _file(reg)
    del data["register"]
    assert not import_campaign(data).register.exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda e: e.update(kind="dragon"), "kind"),
        (lambda e: e.update(name="x" * 121), "name"),
        (lambda e: e.update(name=" Old  Bob"), "one line of text"),
        (lambda e: e.update(name="bob"), "given twice"),
        (lambda e: e.update(summary="s" * 2001), "at most 2000 characters"),
        (lambda e: e.update(character=99), "no character has id 99"),
        (lambda e: e.update(character=1), "non-player character"),  # Baldur, a PC
        (lambda e: e.update(monster=1), "not both"),
        (lambda e: e["reveals"][0].update(to="outsider"), "not a member"),
        (lambda e: e["reveals"][0].update(part="all"), "part"),
        (lambda e: e["reveals"][1].update(withdrawn_at=None), "withdrawn_by without"),
        (lambda e: e.update(secret=True), "unknown key"),
    ],
)
def test_a_bad_register_row_is_refused_and_nothing_is_imported(reg, change, message):
    data = _file(reg)
    data["register"][0]["reveals"].reverse()  # the taken-back one second
    change(data["register"][0])
    campaigns = Campaign.objects.count()
    with pytest.raises(CampaignFormatError, match=message):
        import_campaign(data)
    assert Campaign.objects.count() == campaigns
