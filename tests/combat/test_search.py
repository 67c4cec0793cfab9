"""The campaign search (issue Q): one box finds a post, a person or place and a fight by a word;
a player never finds what they may not read — an entry not revealed to them, a summary when only
the name was, the GM's notes, a hidden combatant in a fight's log, a secret roll — and nobody
finds another campaign's. Every request is bounded, whatever is typed; on SQLite (FTS5) and on
PostgreSQL (its own full-text search) alike."""

import copy
import json
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.exchange import export_campaign, import_campaign
from campaigns.models import Campaign, Character, Membership, Monster, Part, RegisterEntry, Thread
from combat import search, search_index, workflows
from combat.models import DocKind, Reader, SearchDoc
from combat.rules.base import Action


def _client(user) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(user)
    return client


def _url(campaign_id: int) -> str:
    return reverse("combat:search", args=[campaign_id])


def _ask(client: Client, campaign_id: int, q: str):  # type: ignore[no-untyped-def]
    return client.get(_url(campaign_id), {"q": q})


def _groups(html: str) -> dict[str, str]:
    """Each result group's text (tags gone), by kind."""
    found = {}
    for kind, body in re.findall(r'data-kind="(\w+)"(.*?)</section>', html, re.S):
        found[kind] = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))
    return found


def _found(client: Client, campaign_id: int, q: str) -> dict[str, str]:
    response = _ask(client, campaign_id, q)
    assert response.status_code == 200
    groups = _groups(response.content.decode())
    return {kind: text for kind, text in groups.items() if "Nothing found here" not in text}


@pytest.fixture
def table(fight, django_user_model):  # type: ignore[no-untyped-def]
    """The seed's fight, a scene, and the register: the player `hrac` and the GM."""
    encounter = fight["encounter"]
    campaign = encounter.campaign
    player = django_user_model.objects.get(username="hrac")
    Thread.open(campaign, player, "U brány", "Zlatohlav nás čeká u brány.", key="t1")
    return {
        **fight,
        "campaign": campaign,
        "player": player,
        "gm_client": _client(fight["gm"]),
        "player_client": _client(player),
    }


def _entry(table, name: str, summary: str = "", notes: str = "", part: int | None = None):  # type: ignore[no-untyped-def]
    entry = RegisterEntry.objects.create(
        campaign=table["campaign"], name=name, summary=summary, gm_notes=notes, key=name
    )
    if part is not None:
        entry.reveal(None, part, by=table["gm"])
    return entry


def _join(table, name: str, *, hidden: bool = False, key: str = "j"):  # type: ignore[no-untyped-def]
    campaign = table["campaign"]
    monster = Monster.objects.get(campaign=campaign, name="Skřet")
    monster.pk, monster.name = None, name
    monster.save()
    workflows.add_combatants(table["encounter"].pk, table["gm"], key, record=monster, hidden=hidden)
    return table["encounter"].combatants.get(name=name)


# --- Done when: a post, an NPC and a fight, by a word ---------------------------------------


def test_a_player_finds_a_post_an_npc_and_a_fight_by_a_word(table):
    _entry(table, "Zlatohlav", "Hostinský U Brány.", part=Part.SUMMARY)
    npc = Character.objects.create(
        campaign=table["campaign"], system="draci_hlidka", name="Zlatohlav", kind="npc",
        stats=Monster.objects.get(campaign=table["campaign"], name="Skřet").stats,
    )  # fmt: skip
    workflows.add_combatants(table["encounter"].pk, table["gm"], "z", record=npc, side="party")
    found = _found(table["player_client"], table["campaign"].pk, "zlatohlav")
    assert set(found) == {"posts", "register", "fights"}
    assert "Zlatohlav nás čeká" in found["posts"] and "U brány" in found["posts"]
    assert "Hostinský U Brány." in found["register"]
    assert "Stezka" in found["fights"] and "Zlatohlav" in found["fights"]
    html = _ask(table["player_client"], table["campaign"].pk, "zlatohl").content.decode()
    assert "<mark>Zlatohlav</mark>" in html  # a word's beginning finds it, and is marked
    thread = Thread.objects.get(title="U brány")
    post = thread.posts.get()
    assert (
        reverse("campaigns:journal_thread", args=[thread.campaign_id, thread.pk])
        + (f"#post-{post.pk}")
        in html
    )
    encounter = table["encounter"]
    assert reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk]) in html


def test_accents_and_case_do_not_matter(table):
    for asked in ("ZLATOHLAV", "cEKA", "čeká", "brany"):
        assert "posts" in _found(table["player_client"], table["campaign"].pk, asked), asked


def test_every_word_must_be_found(table):
    campaign = table["campaign"].pk
    assert "posts" in _found(table["player_client"], campaign, "zlatohlav brány")
    assert _found(table["player_client"], campaign, "zlatohlav drak") == {}


# --- what a player never finds ---------------------------------------------------------------


def test_a_player_never_finds_an_entry_not_revealed_to_them(table, django_user_model):
    entry = _entry(table, "Černý rytíř", "Zrádce ze severu.")
    for word in ("rytíř", "zrádce"):
        assert "register" not in _found(table["player_client"], table["campaign"].pk, word)
        assert "register" in _found(table["gm_client"], table["campaign"].pk, word)
    other = django_user_model.objects.get(username="gracz")  # revealed to another player only
    Membership.objects.get_or_create(campaign=table["campaign"], user=other)
    entry.reveal(other, Part.SUMMARY, by=table["gm"])
    assert "register" not in _found(table["player_client"], table["campaign"].pk, "rytíř")
    assert "register" in _found(_client(other), table["campaign"].pk, "zrádce")


def test_a_name_only_reveal_is_never_found_by_its_summary(table):
    entry = _entry(table, "Stará věž", "Skrýš pašeráků.", part=Part.NAME)
    campaign = table["campaign"].pk
    assert "Stará věž" in _found(table["player_client"], campaign, "věž")["register"]
    assert "pašeráků" not in _ask(table["player_client"], campaign, "věž").content.decode()
    assert "register" not in _found(table["player_client"], campaign, "pašeráků")
    entry.reveal(None, Part.SUMMARY, by=table["gm"])
    assert "register" in _found(table["player_client"], campaign, "pašeráků")
    entry.reveals.filter(withdrawn_at__isnull=True).get().withdraw(table["gm"])
    assert "register" not in _found(table["player_client"], campaign, "věž")


def test_the_gms_notes_are_found_by_the_gm_only(table):
    _entry(table, "Mlynář", "Mele mouku.", notes="Ve skutečnosti upír.", part=Part.SUMMARY)
    campaign = table["campaign"].pk
    assert "register" not in _found(table["player_client"], campaign, "upír")
    assert "upír" not in _ask(table["player_client"], campaign, "mlynář").content.decode()
    assert "<mark>upír</mark>" in _ask(table["gm_client"], campaign, "upír").content.decode()


def test_a_hidden_combatant_is_never_found_in_a_fights_log(table):
    hidden = _join(table, "Stínovlk", hidden=True)
    campaign = table["campaign"].pk
    assert "fights" not in _found(table["player_client"], campaign, "stínovlk")
    assert "Stínovlk" in _found(table["gm_client"], campaign, "stínovlk")["fights"]
    encounter = table["encounter"]
    workflows.roll_initiative(
        encounter.pk, table["gm"], "h2", ids=[hidden.key], typed_faces=[3], missing_only=True
    )
    action = Action("attack", table["baldur"], (hidden.key,), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, table["gm"], "b1", action, [6, 1, 1])
    player_html = _ask(table["player_client"], campaign, "stínovlk").content.decode()
    assert "Stínovlk" not in player_html.split("</h1>", 1)[1].replace('value="stínovlk"', "")
    encounter.combatants.filter(pk=hidden.pk).update(hidden=False)  # the GM reveals it
    assert "Stínovlk" in _found(table["player_client"], campaign, "stínovlk")["fights"]


def test_a_secret_roll_is_found_by_the_gm_only(table):
    encounter = table["encounter"]
    action = Action("attack", table["baldur"], (table["leader"],), weapon="Široký meč")
    event = workflows.resolve_action(encounter.pk, table["gm"], "s1", action, [4, 2], secret=True)
    (doc,) = SearchDoc.objects.filter(encounter=encounter, seq=event.seq)
    assert doc.audience == Reader.GM  # no players' row at all
    others = SearchDoc.objects.filter(campaign=table["campaign"]).exclude(pk=doc.pk)
    known = {word for terms in others.values_list("terms", flat=True) for word in terms.split()}
    only_here = [word for word in doc.terms.split() if word not in known and len(word) > 3]
    assert only_here  # words of the secret blow's lines alone ("damage", "zranění" …)
    campaign = table["campaign"].pk
    for word in only_here:
        assert "fights" not in _found(table["player_client"], campaign, word), word
        assert "1 entry of its log" in _found(table["gm_client"], campaign, word)["fights"]
    membership = Membership.objects.get(campaign=table["campaign"], user=table["player"])
    rows = search.readable(SearchDoc.objects.filter(encounter=encounter), membership)
    assert event.seq not in set(rows.values_list("seq", flat=True))


def test_strangers_get_404_and_nobody_finds_another_campaigns_posts(table, django_user_model):
    other = Campaign.objects.exclude(pk=table["campaign"].pk).first()
    Thread.open(other, table["gm"], "Jinde", "Zlatohlav je i tady.", key="t2")
    found = _found(table["player_client"], table["campaign"].pk, "zlatohlav")
    assert "Jinde" not in found["posts"] and "Zlatohlav nás čeká" in found["posts"]
    stranger = django_user_model.objects.create_user("cizinec", password="x")
    assert _ask(_client(stranger), table["campaign"].pk, "zlatohlav").status_code == 404
    Membership.objects.filter(campaign=table["campaign"], user__username="gracz").delete()
    gracz = django_user_model.objects.get(username="gracz")
    Membership.objects.get_or_create(campaign=other, user=gracz)
    assert _ask(_client(gracz), table["campaign"].pk, "zlatohlav").status_code == 404
    assert Client().get(_url(table["campaign"].pk)).status_code == 302  # to the login


# --- bounded, whatever is typed ----------------------------------------------------------------

GARBAGE = [
    "",
    "   ",
    '"',
    '"zlatohlav',
    "zlatohlav*",
    "*",
    "NEAR(zlatohlav čeká)",
    "zlatohlav NOT čeká",
    "-zlatohlav",
    "terms:zlatohlav",
    "{terms}: zlatohlav",
    "zlatohlav AND OR",
    "a & b | !c <-> d:*",
    "'",
    "\\",
    "%_",
    "🐉🐉",
    "x" * 101,
    " ".join(f"w{n}" for n in range(21)),
    "ж" * 100,
    "<script>alert(1)</script>",
]


@pytest.mark.parametrize("asked", GARBAGE)
def test_anything_typed_is_a_page_never_an_error(table, asked):
    for client in (table["gm_client"], table["player_client"]):
        response = _ask(client, table["campaign"].pk, asked)
        assert response.status_code == 200
        html = response.content.decode()
        assert "<script>alert" not in html


def test_a_nul_is_refused_before_the_search_as_everywhere(table):
    for asked in ("\x00", "zlato\x00hlav"):  # config's middleware: a 400 page, never a 500
        assert _ask(table["player_client"], table["campaign"].pk, asked).status_code == 400
    assert search.asked("zlato\x00hlav").words == ("zlatohlav",)  # and the view drops it


def test_a_query_out_of_bounds_says_why(table):
    campaign = table["campaign"].pk
    said = {
        "": "Type a word to search for.",
        "***": "Type a word: letters or digits",
        "x" * 101: "at most 100 characters",
        " ".join(f"w{n}" for n in range(21)): "at most 20 words",
    }
    for asked, message in said.items():
        assert message in _ask(table["player_client"], campaign, asked).content.decode()
    assert "search-problem" not in table["player_client"].get(_url(campaign)).content.decode()


def test_operators_are_words_not_syntax(table):
    campaign = table["campaign"].pk
    assert "posts" in _found(table["player_client"], campaign, '"zlatohlav"')
    assert _found(table["player_client"], campaign, "zlatohlav NEAR") == {}  # "near": a word
    assert "posts" in _found(table["player_client"], campaign, "-zlatohlav*")


def test_a_snippet_is_escaped_and_marks_the_words(table):
    Thread.open(
        table["campaign"], table["player"], "<b>Past</b>", "<img src=x onerror=alert(1)> drak",
        key="t3",
    )  # fmt: skip
    html = _ask(table["player_client"], table["campaign"].pk, "drak").content.decode()
    assert "&lt;img src=x onerror=alert(1)&gt; <mark>drak</mark>" in html
    assert "&lt;b&gt;Past&lt;/b&gt;" in html and "<img src=x" not in html


def test_a_long_post_is_shown_around_the_word_found(table):
    body = "slovo " * 200 + "poklad " + "slovo " * 200
    Thread.open(table["campaign"], table["player"], "Dlouhý", body, key="t4")
    html = _ask(table["player_client"], table["campaign"].pk, "poklad").content.decode()
    snippet = re.search(r'search-snippet">(.*?)</div>', html, re.S)[1]
    assert "<mark>poklad</mark>" in snippet and snippet.startswith("…")
    assert len(snippet) < 300


def test_each_kind_shows_thirty_and_counts_the_rest(table):
    for n in range(search.SHOWN + 5):
        Thread.open(table["campaign"], table["player"], f"Scéna {n}", "Mlha.", key=f"m{n}")
    html = _ask(table["player_client"], table["campaign"].pk, "mlha").content.decode()
    posts = _groups(html)["posts"]
    assert posts.count("Mlha") == search.SHOWN and "and 5 more" in posts


queries: list[str] = []


def _page_queries(client: Client, campaign_id: int, asked: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        response = _ask(client, campaign_id, asked)
    assert response.status_code == 200
    queries[:] = [query["sql"][:150] for query in captured.captured_queries]
    return len(captured)


def test_a_search_costs_the_same_in_a_bigger_campaign(table):
    campaign = table["campaign"]
    _entry(table, "Zlatohlav", "Hostinský.", notes="Zlatohlav lže.", part=Part.SUMMARY)
    _join(table, "Zlatohlavův pes", key="dog")
    counts = {
        who: _page_queries(table[f"{who}_client"], campaign.pk, "zlatohlav")
        for who in ("gm", "player")
    }
    for n in range(12):
        Thread.open(campaign, table["player"], f"Z {n}", f"Zlatohlav {n}.", key=f"b{n}")
        _entry(table, f"Zlatohlav {n}", "Zlatohlav.", part=Part.SUMMARY if n % 2 else Part.NAME)
        encounter = workflows.create_encounter(campaign, f"Zlatohlav {n}", table["gm"])
        baldur = Character.objects.get(campaign=campaign, name="Baldur")
        workflows.add_combatants(encounter.pk, table["gm"], f"a{n}", record=baldur, side="party")
    _join(table, "Zlatohlavův stín", hidden=True, key="shadow")
    bigger = {
        who: _page_queries(table[f"{who}_client"], campaign.pk, "zlatohlav")
        for who in ("gm", "player")
    }
    assert bigger == counts, queries
    # session and user, the membership with its campaign; each group's page and its count; the
    # fights' encounters, their combatants and their first entries found
    assert counts == {"gm": 12, "player": 12}, "\n".join(queries)


# --- the index is written with its sources ----------------------------------------------------


def test_an_edit_changes_what_finds_a_post_and_an_entry(table):
    post = Thread.objects.get(title="U brány").posts.get()
    post.edit(table["player"], "Nikdo nečeká.")
    campaign = table["campaign"].pk
    assert _found(table["player_client"], campaign, "zlatohlav") == {}
    assert "posts" in _found(table["player_client"], campaign, "nikdo")
    entry = _entry(table, "Kovář", part=Part.NAME)
    entry.name = "Zbrojíř"
    entry.save()
    assert "register" in _found(table["player_client"], campaign, "zbrojíř")
    assert "register" not in _found(table["player_client"], campaign, "kovář")
    entry.delete()
    assert not SearchDoc.objects.filter(kind=DocKind.ENTRY, entry_id=entry.pk).exists()


def test_an_imported_campaign_is_found_as_it_was(table):
    _entry(table, "Zlatohlav", "Hostinský.", part=Part.SUMMARY)
    _join(table, "Stínovlk", hidden=True)
    data = json.loads(json.dumps(export_campaign(table["campaign"])))
    imported = import_campaign(copy.deepcopy(data))
    Membership.objects.get_or_create(campaign=imported, user=table["player"])
    gm = Membership.objects.get(campaign=imported, role="gm").user
    for who, client in (("player", _client(table["player"])), ("gm", _client(gm))):
        found = _found(client, imported.pk, "zlatohlav")
        assert {"posts", "register"} <= set(found), who
    assert "fights" not in _found(_client(table["player"]), imported.pk, "stínovlk")
    assert "fights" in _found(_client(gm), imported.pk, "stínovlk")


def test_rebuilding_writes_what_the_writes_wrote(table):
    """The migration's backfill and the writes agree, row for row."""
    _entry(table, "Zlatohlav", "Hostinský.", notes="Lže.", part=Part.NAME)
    hidden = _join(table, "Stínovlk", hidden=True)
    encounter = table["encounter"]
    action = Action("attack", table["baldur"], (table["leader"],), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, table["gm"], "s1", action, [4, 2], secret=True)
    workflows.roll_initiative(
        encounter.pk, table["gm"], "h2", ids=[hidden.key], typed_faces=[3], missing_only=True
    )
    campaign = table["campaign"]
    fields = ("kind", "audience", "post", "thread", "entry", "part", "encounter", "seq", "hides")

    def rows():  # type: ignore[no-untyped-def]
        docs = SearchDoc.objects.filter(campaign=campaign).values_list(*fields, "terms")
        return sorted(docs, key=repr)

    written = rows()
    assert {row[0] for row in written} == set(DocKind)
    search_index.rebuild(campaign.pk, campaign.system)
    assert rows() == written
    assert _found(table["player_client"], campaign.pk, "zlatohlav")


def test_the_database_keeps_its_full_text_index():
    if connection.vendor == "sqlite":
        assert search_index.fts_ready()
    else:
        with connection.cursor() as cursor:
            cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'search_words'")
            (definition,) = cursor.fetchone()
            cursor.execute("SELECT 1 FROM pg_trigger WHERE tgname = 'combat_searchdoc_words'")
            assert cursor.fetchone() == (1,)
        assert "USING gin (words)" in definition


pytestmark = pytest.mark.django_db
