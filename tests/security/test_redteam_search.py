"""Red team: the campaign search (issue Q). Each test is one attack on the secrecy or the bounds
of combat.search / combat.search_index; a failing test is a defect."""

import contextlib
import re
import time

import pytest
from django.conf import settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from campaigns.models import Campaign, Membership, Part, RegisterEntry, Role, Thread
from combat import search, workflows
from combat.display import log_entry
from combat.models import DocKind, Event, Reader, SearchDoc
from combat.rules.base import Action, RulesError
from combat.search_index import TOKEN, fold
from combat.visibility import Viewer, visible_events
from tests.combat import conftest as combat_fixtures
from tests.combat import test_search as base

fight = combat_fixtures.fight  # the fixtures this file builds on
table = base.table
_ask, _client, _entry, _found, _groups, _join = (
    base._ask, base._client, base._entry, base._found, base._groups, base._join,
)  # fmt: skip

pytestmark = pytest.mark.django_db


def _body(html: str) -> str:
    """The page below its heading, without the search box's own echo of the query."""
    body = html.split("</h1>", 1)[1]
    return re.sub(r'value="[^"]*"', "", body)


def _membership(table):  # type: ignore[no-untyped-def]
    return Membership.objects.get(campaign=table["campaign"], user=table["player"])


def _player_log_words(table) -> dict[int, set[str]]:  # type: ignore[no-untyped-def]
    """Every word the player's own log shows of each entry (in every language), by seq; an entry
    the player's log does not show at all is absent."""
    encounter = table["encounter"]
    encounter.refresh_from_db()
    rows = list(encounter.combatants.select_related("character"))
    viewer = Viewer.of(encounter, rows, table["player"], gm=False)
    events = list(Event.objects.filter(encounter=encounter).order_by("seq"))
    shown = visible_events(events, viewer)
    words: dict[int, set[str]] = {}
    for event in shown:
        found: set[str] = set()
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                entry = log_entry(event, gm=False, viewer=viewer, system=encounter.system)
            for text in (entry.summary, *entry.steps, *entry.notes):
                found |= {fold(w) for w in TOKEN.findall(text)}
                found |= set(TOKEN.findall(fold(text)))
        words[event.seq] = found
    return words


def _busy_fight(table):  # type: ignore[no-untyped-def]
    """A fight with something of every kind: a hidden monster rolled with everyone, blows on
    a monster (its HP), the GM's hand on a monster, a secret roll."""
    encounter = table["encounter"]
    gm = table["gm"]
    hidden = _join(table, "Stínovlk", hidden=True, key="hid")
    visible = _join(table, "Bahnivec", key="vis")
    workflows.roll_initiative(encounter.pk, gm, "ri", missing_only=True)
    encounter.combatants.filter(name="Baldur").update(hp=500, max_hp=500)  # he keeps fighting
    targets = [table["leader"], table["leader"], visible.key, hidden.key]
    for n, target in enumerate(targets):
        action = Action("attack", table["baldur"], (target,), weapon="Široký meč")
        try:
            workflows.resolve_action(encounter.pk, gm, f"a{n}", action)
        except RulesError:  # the dice are random: Baldur down, or the target
            continue
        _next_round(table, f"r{n}")
    workflows.adjust(encounter.pk, gm, "adj", table["leader"], hp_by=-1)
    workflows.adjust(encounter.pk, gm, "adj2", visible.key, hp=1)
    action = Action("attack", table["baldur"], (table["leader"],), weapon="Široký meč")
    with contextlib.suppress(RulesError):  # the leader fell already
        workflows.resolve_action(encounter.pk, gm, "sec", action, secret=True)
    return hidden, visible


def _next_round(table, key):  # type: ignore[no-untyped-def]
    """Turns passed until a new round begins (Baldur may act again)."""
    encounter = table["encounter"]
    encounter.refresh_from_db()
    start = encounter.round
    for n in range(12):
        try:
            workflows.next_turn(encounter.pk, table["gm"], f"{key}-{n}")
        except RulesError:  # this fight rolls initiative before every round
            workflows.roll_initiative(encounter.pk, table["gm"], f"{key}-i{n}")
        encounter.refresh_from_db()
        if encounter.round > start:
            return
    raise AssertionError("no new round")


# --- 1. the players' rows say no more than the players' log ------------------------------------


@pytest.mark.parametrize("attempt", range(5))  # the dice are random: a few fights
def test_a_players_row_has_no_word_the_players_log_does_not_show(table, attempt):
    hidden, _visible = _busy_fight(table)
    docs = SearchDoc.objects.filter(encounter=table["encounter"], kind=DocKind.LOG)
    assert docs.filter(audience=Reader.GM).exists()  # the readings differed somewhere
    assert docs.filter(hides__contains=f" {hidden.key} ").count() >= 2  # added, rolled
    readable = search.readable(
        SearchDoc.objects.filter(encounter=table["encounter"], kind=DocKind.LOG),
        _membership(table),
    )
    log = _player_log_words(table)
    leaks = {}
    for seq, terms in readable.values_list("seq", "terms"):
        assert seq in log, f"entry {seq}: found, but the player's log does not show it"
        extra = set(terms.split()) - log[seq]
        if extra:
            leaks[seq] = sorted(extra)
    assert not leaks, leaks


def test_a_hidden_monster_rolled_with_everyone_is_never_found(table):
    _busy_fight(table)
    campaign = table["campaign"].pk
    for asked in ("stínovlk", "stinov", "st"):
        html = _ask(table["player_client"], campaign, asked).content.decode()
        assert "Stínovlk" not in _body(html), asked
    assert "Stínovlk" in _found(table["gm_client"], campaign, "stínovlk")["fights"]


def test_the_count_of_a_fights_entries_is_what_the_players_log_shows(table):
    """'N entries of its log' counts only entries the player's log shows with the word."""
    _busy_fight(table)
    log = _player_log_words(table)
    campaign = table["campaign"].pk
    for asked in ("baldur", "utoci", "zasah", "attacks", "hit", "hp", "skret"):
        shown = sum(1 for words in log.values() if any(w.startswith(asked) for w in words))
        html = _ask(table["player_client"], campaign, asked).content.decode()
        count = re.search(r"(\d+) entr(?:y|ies) of its log", html)
        said = int(count[1]) if count else 0
        assert said <= shown, (asked, said, shown)


def test_a_secret_rolls_numbers_are_not_found_by_a_player(table):
    encounter = table["encounter"]
    action = Action("attack", table["baldur"], (table["leader"],), weapon="Široký meč")
    event = workflows.resolve_action(encounter.pk, table["gm"], "s", action, [4, 2], secret=True)
    rows = search.readable(SearchDoc.objects.filter(encounter=encounter), _membership(table))
    assert event.seq not in set(rows.values_list("seq", flat=True))


# --- 2. the register, letter by letter ----------------------------------------------------------


def test_an_unrevealed_name_is_not_spelled_out_by_counts(table):
    _entry(table, "Abaddon", "Démon.", notes="Abaddon je otec.")
    _entry(table, "Abeceda", "Kniha.", part=Part.NAME)
    campaign = table["campaign"].pk
    counts = []
    for asked in ("ab", "aba", "abad", "abaddon", "otec", "demon", "kniha"):
        html = _ask(table["player_client"], campaign, asked).content.decode()
        groups = _groups(html)
        counts.append((asked, groups.get("register", "")))
        assert "Abaddon" not in _body(html)
        body = _body(html).replace(f"“{asked}”", "")
        assert "Démon" not in body and "otec" not in body, (asked, body[:3000])
    expected = {"ab": True, "aba": False, "abad": False, "abaddon": False}
    for asked, text in counts[:4]:
        has = "Abeceda" in text
        assert has == expected[asked], (asked, text)
    # the badge: 1 for "ab" (Abeceda), 0 beyond it
    html = _ask(table["player_client"], campaign, "aba").content.decode()
    assert "Nothing you may read" in html


def test_a_reveal_to_another_player_or_a_withdrawn_one_finds_nothing(table, django_user_model):
    entry = _entry(table, "Kněžna", "Vládne Hradu.", notes="Jed.")
    other = django_user_model.objects.get(username="gracz")
    Membership.objects.get_or_create(campaign=table["campaign"], user=other)
    entry.reveal(other, Part.SUMMARY, by=table["gm"])
    entry.reveal(None, Part.NAME, by=table["gm"])
    campaign = table["campaign"].pk
    assert "register" not in _found(table["player_client"], campaign, "vládne")
    assert "Vládne" not in _ask(table["player_client"], campaign, "kněžna").content.decode()
    entry.reveals.filter(to__isnull=True).get().withdraw(table["gm"])
    assert "register" not in _found(table["player_client"], campaign, "kněžna")
    assert "register" in _found(_client(other), campaign, "vládne")
    assert "register" not in _found(_client(other), campaign, "jed")


def test_an_entry_renamed_or_rewritten_is_not_found_by_its_old_words(table):
    entry = _entry(table, "Tajný spojenec", "Pomáhá nám.", notes="Zradí.", part=Part.SUMMARY)
    entry.name, entry.summary, entry.gm_notes = "Kupec", "Prodává sůl.", "Nic."
    entry.save()
    campaign = table["campaign"].pk
    for old in ("tajný", "spojenec", "pomáhá", "zradí"):
        assert "register" not in _found(table["player_client"], campaign, old), old
        assert "register" not in _found(table["gm_client"], campaign, old), old


# --- 3. other campaigns ------------------------------------------------------------------------


def test_the_gm_or_a_player_of_another_campaign_gets_404_for_any_id(table, django_user_model):
    other = Campaign.objects.create(name="Cizí", system="draci_hlidka")
    stranger_gm = django_user_model.objects.create_user("cizi_gm", password="x")
    Membership.objects.create(campaign=other, user=stranger_gm, role=Role.GM)
    client = _client(stranger_gm)
    for pk in (table["campaign"].pk, 987654):
        response = _ask(client, pk, "zlatohlav")
        assert response.status_code == 404
    # a 404 for a campaign that exists and one that does not look the same
    a = _ask(client, table["campaign"].pk, "x").content.decode()
    b = _ask(client, 987654, "x").content.decode()
    a, b = (re.sub(r"[A-Za-z0-9]{64}", "", x) for x in (a, b))
    here = f"/campaigns/{table['campaign'].pk}/"
    assert a.replace(here, "/campaigns/ID/") == b.replace("/campaigns/987654/", "/campaigns/ID/")


def test_a_gm_here_never_finds_another_campaigns_rows(table, django_user_model):
    other = Campaign.objects.exclude(pk=table["campaign"].pk).first()
    _membership_gm = Membership.objects.get_or_create(
        campaign=other, user=table["player"], defaults={"role": Role.GM}
    )
    Thread.open(other, table["player"], "Tajemství", "Heslo je meloun.", key="o1")
    RegisterEntry.objects.create(campaign=other, name="Meloun", gm_notes="meloun", key="m")
    for client in (table["gm_client"], table["player_client"]):
        assert _found(client, table["campaign"].pk, "meloun") == {}


# --- 4. what is typed ---------------------------------------------------------------------------

TYPED = [
    "ꟊꟊ",  # a letter newer than SQLite's unicode61 tables
    "௰ zlatohlav",  # a number PostgreSQL's parser may drop
    "𐺀𐺀 zlatohlav",
    "ﷺ",  # one character, eighteen after NFKD
    "㍿㍿㍿",
    "İstanbul",
    "a\u0301\u0301\u0301",
    "עברית zlatohlav",
    "🐉zlatohlav🐉",
    "Ł" * 100,
    "zlatohlav:* & !a",
    "zlatohlav') OR 1=1 --",
    "x:A",
    "1e10 0x1f 1.2.3",
    "NEAR(a b, 2)",
    "^zlatohlav",
    "(zlatohlav) OR (brany)",
    " ".join("ab" for _ in range(20)),
    "\u200b\u200d\u2066zlatohlav\u2069",
]


@pytest.mark.parametrize("asked", TYPED)
def test_anything_typed_is_answered(table, asked):
    for client in (table["gm_client"], table["player_client"]):
        response = _ask(client, table["campaign"].pk, asked)
        assert response.status_code == 200, asked


def test_every_word_asked_must_be_found_on_either_database(table):
    """'Every word asked must be found': a word the database cannot parse must not vanish from
    the query (it would then find rows without it)."""
    campaign = table["campaign"].pk
    for asked in ("௰ zlatohlav", "𐺀𐺀 zlatohlav", "ꟊꟊ zlatohlav", "ǀǀ zlatohlav"):
        assert _found(table["player_client"], campaign, asked) == {}, (connection.vendor, asked)


def test_names_with_markup_are_escaped_in_every_group(table):
    evil = '<script>alert("x")</script> & "q" <b>'
    _entry(table, evil[:100], evil, part=Part.SUMMARY)
    workflows.create_encounter(table["campaign"], evil, table["gm"])
    Thread.open(table["campaign"], table["player"], evil, evil, key="evil")
    _join(table, "<img src=x onerror=alert(1)>", key="evil-m")
    for client in (table["gm_client"], table["player_client"]):
        for asked in ("script", "alert", "img", "onerror", "q", "amp", "lt"):
            html = _ask(client, table["campaign"].pk, asked).content.decode()
            assert "<script>alert" not in html and "<img src=x" not in html, asked
            assert "<b>" not in html.replace("<b>Past</b>", ""), asked
            assert "&amp;amp;" not in html and "&amp;lt;" not in html, asked  # escaped twice


# --- 5. the index and its transaction ------------------------------------------------------------


def test_a_rolled_back_write_leaves_no_row(table):
    before = SearchDoc.objects.count()
    with pytest.raises(RuntimeError), transaction.atomic():
        Thread.open(table["campaign"], table["player"], "Zmizí", "Zmizí beze stopy.", key="rb")
        RegisterEntry.objects.create(campaign=table["campaign"], name="Zmizelý", key="rb")
        raise RuntimeError
    assert SearchDoc.objects.count() == before
    assert _found(table["gm_client"], table["campaign"].pk, "zmiz") == {}


def test_a_failed_fight_action_leaves_no_row(table):
    encounter = table["encounter"]
    before = SearchDoc.objects.filter(encounter=encounter).count()
    action = Action("attack", table["baldur"], ("c987654",), weapon="Široký meč")
    with pytest.raises(Exception):  # noqa: B017 (any refusal)
        workflows.resolve_action(encounter.pk, table["gm"], "bad", action, [6, 1, 1])
    assert SearchDoc.objects.filter(encounter=encounter).count() == before


def test_a_deleted_scene_and_entry_take_their_rows(table):
    thread = Thread.objects.get(title="U brány")
    entry = _entry(table, "Prchlík", "Utekl.", notes="Žije.", part=Part.SUMMARY)
    thread.delete()
    entry.delete()
    for asked in ("zlatohlav", "prchlík", "žije"):
        assert _found(table["gm_client"], table["campaign"].pk, asked) == {}, asked
    if connection.vendor == "sqlite":  # the FTS index forgot them too
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM combat_searchfts WHERE combat_searchfts MATCH '\"prchlik\"'"
            )
            assert cursor.fetchone()[0] == 0


# --- 6. cost -------------------------------------------------------------------------------------


def test_ten_thousand_matching_rows_cost_the_same_queries_and_little_time(table):
    encounter = table["encounter"]
    campaign = table["campaign"]
    hidden = _join(table, "Mlžák", hidden=True, key="mz")
    rows = [
        SearchDoc(
            campaign=campaign, kind=DocKind.LOG, encounter=encounter, seq=100000 + n,
            audience=Reader.ALL, hides=f" {table['baldur']} {hidden.key if n % 2 else 'c0'} ",
            terms=f"baldur utoci mlha{n % 50}",
        )
        for n in range(10000)
    ]  # fmt: skip
    SearchDoc.objects.bulk_create(rows, batch_size=1000)
    for n in range(2000):
        Thread.open(campaign, table["player"], f"Mlha {n}", f"Mlha {n}.", key=f"mlha{n}") if (
            n < 40
        ) else None
    for who in ("player", "gm"):
        started = time.monotonic()
        with CaptureQueriesContext(connection) as captured:
            response = _ask(table[f"{who}_client"], campaign.pk, "mlha")
        took = time.monotonic() - started
        assert response.status_code == 200
        assert len(captured) <= 12, who
        assert took < 5, (who, took)
        html = response.content.decode()
        if who == "player":  # the odd half names the hidden Mlžák: not counted
            assert "5000 entries" in html, re.findall(r"\d+ entr\w+ of its log", html)


# --- 7. an imported campaign's index is the original's, row for row ----------------------------


def test_an_import_writes_each_row_once_and_hides_what_the_original_hides(table):
    import copy
    import json
    from collections import Counter

    from campaigns.exchange import export_campaign, import_campaign

    hidden, _visible = _busy_fight(table)
    _entry(table, "Zlatohlav", "Hostinský.", notes="Lže.", part=Part.NAME)
    data = json.loads(json.dumps(export_campaign(table["campaign"])))
    imported = import_campaign(copy.deepcopy(data))

    def rows(campaign):  # type: ignore[no-untyped-def]
        docs = SearchDoc.objects.filter(campaign=campaign)
        return Counter(
            (kind, audience, part, seq, terms, bool(hides.strip()))
            for kind, audience, part, seq, terms, hides in docs.values_list(
                "kind", "audience", "part", "seq", "terms", "hides"
            )
        )

    assert rows(imported) == rows(table["campaign"])
    Membership.objects.get_or_create(campaign=imported, user=table["player"])
    html = _ask(_client(table["player"]), imported.pk, "stínovlk").content.decode()
    assert "Stínovlk" not in _body(html)


def test_a_combatant_hidden_after_its_entries_were_indexed_is_no_longer_found(table):
    visible = _join(table, "Kamenožrout", key="late")
    encounter = table["encounter"]
    action = Action("attack", table["baldur"], (visible.key,), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, table["gm"], "late-a", action)
    campaign = table["campaign"].pk
    assert "Kamenožrout" in _found(table["player_client"], campaign, "kamenožrout")["fights"]
    encounter.combatants.filter(pk=visible.pk).update(hidden=True)
    html = _ask(table["player_client"], campaign, "kamenožrout").content.decode()
    assert "Kamenožrout" not in _body(html)
    assert "fights" in _found(table["gm_client"], campaign, "kamenožrout")
