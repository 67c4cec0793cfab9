"""The dice audit (issue Q): every roll of a campaign counted once, with its die sizes and its
origin, written with the roll; each die size tested against fair dice; a player reads only what
the fights' logs show them, and nobody reads another campaign's dice."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Campaign, Character, JournalRoll, Monster, Thread
from combat import dice_audit, services, workflows
from combat.audit_read import readable
from combat.eventlog import receipt_token
from combat.models import AuditRoll, Origin, Source
from combat.rules.base import Action
from combat.rules.faces import TypedFaces


def _audit_url(campaign_id: int, **query: str) -> str:
    url = reverse("combat:dice_audit", args=[campaign_id])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def _rows(campaign_id: int, **where: object) -> list[AuditRoll]:
    return list(AuditRoll.objects.filter(campaign_id=campaign_id, **where).order_by("pk"))


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_a_quick_roll_is_counted_with_its_die_sizes_and_origin(fight):
    campaign = fight["encounter"].campaign
    gm = fight["gm"]
    server, _ = services.quick_roll(campaign, gm, "2d6+1d20", key="q1")
    typed, _ = services.quick_roll(campaign, gm, "1d8", key="q2", typed_faces=[7])
    rows = _rows(campaign.pk, source=Source.QUICK)
    assert [(r.roll_id, r.origin, r.read) for r in rows] == [
        (server.pk, Origin.SERVER, True),
        (typed.pk, Origin.TYPED, True),
    ]
    sides = sorted(sides for sides, _ in rows[0].dice)
    assert sides == [6, 6, 20] and sorted(f for _, f in rows[0].dice) == sorted(server.faces)
    assert rows[1].dice == [[8, 7]]


def test_a_journal_roll_is_counted_once_even_when_a_fight_uses_its_faces(fight, django_user_model):
    campaign = fight["encounter"].campaign
    player = django_user_model.objects.get(username="hrac")
    Thread.open(campaign, player, "Brána", "[dice]2d6[/dice]", key="t1", faces=TypedFaces([3, 1]))
    roll = JournalRoll.objects.get(campaign=campaign)
    (row,) = _rows(campaign.pk, source=Source.JOURNAL)
    assert (row.roll_id, row.origin, row.user, row.dice) == (
        roll.pk,
        Origin.SERVER,
        player,
        [[6, 3], [6, 1]],
    )
    before = AuditRoll.objects.count()
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    event = workflows.resolve_action(
        fight["encounter"].pk, fight["gm"], "a1", action, [3, 1], journal_roll=roll.pk
    )
    assert event.payload["journal_roll"] == roll.pk and AuditRoll.objects.count() == before


def test_a_fights_rolls_say_whether_the_server_rolled_them(fight):
    encounter = fight["encounter"]
    initiative = _rows(encounter.campaign_id, encounter=encounter)
    assert [(r.seq, r.origin) for r in initiative] == [(4, Origin.TYPED), (4, Origin.TYPED)]
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    event = workflows.resolve_action(encounter.pk, fight["gm"], "a1", action)
    rows = _rows(encounter.campaign_id, encounter=encounter, seq=event.seq)
    baldur = Character.objects.get(campaign=encounter.campaign, name="Baldur")
    logged = event.payload["outcome"]["rolls"]
    assert [r.origin for r in rows] == [Origin.SERVER] * len(logged) and rows
    assert [r.expression for r in rows] == [rolled["expression"] for rolled in logged]
    assert [sorted(f for _, f in r.dice) for r in rows] == [
        sorted(rolled["faces"]) for rolled in logged
    ]
    assert rows[0].character == baldur and rows[0].user == fight["gm"]


def test_a_proposal_rolls_nothing_until_the_gm_accepts_it(fight, django_user_model):
    encounter = fight["encounter"]
    player = django_user_model.objects.get(username="hrac")
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    proposal = workflows.propose_action(encounter.pk, player, "p1", action, [3, 1])
    assert not _rows(encounter.campaign_id, encounter=encounter, seq=proposal.seq)
    accepted = workflows.decide_proposal(encounter.pk, fight["gm"], "d1", proposal.seq, accept=True)
    rows = _rows(encounter.campaign_id, encounter=encounter, seq=accepted.seq)
    assert rows and {r.origin for r in rows} == {Origin.TYPED}  # the player's own dice


def test_the_index_rebuilt_from_the_records_is_the_one_written_live(fight, django_user_model):
    encounter = fight["encounter"]
    campaign = encounter.campaign
    services.quick_roll(campaign, fight["gm"], "4d6kh3", key="q1")
    player = django_user_model.objects.get(username="hrac")
    Thread.open(campaign, player, "Brána", "[dice]1d6![/dice] [dice]3d6[/dice]", key="t1")
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    workflows.resolve_action(encounter.pk, fight["gm"], "a1", action)
    _hidden_goblin(fight)

    def kept() -> list[tuple[object, ...]]:
        rows = _rows(campaign.pk)
        return sorted(
            (r.source, r.roll_id, r.seq, r.index, r.expression, r.total, str(r.dice), r.read)
            + (r.character_id, r.user_id, r.roller, r.audience, r.about)
            for r in rows
        )

    live = kept()
    assert len(live) >= 8  # 2 initiative, 2+ of the attack (a critical rolls more), 1 quick, …
    dice_audit.rebuild(campaign.pk)
    assert kept() == live
    fights = _rows(campaign.pk, source=Source.FIGHT)
    assert {r.origin for r in fights} == {Origin.UNKNOWN}  # the log does not say it


@pytest.mark.parametrize("system", ["draci_hlidka", "ose", "dnd5e", "shadowrun3", "dice_pool"])
def test_every_systems_demo_fights_are_read_by_die_size(db, django_user_model, system):
    """Each engine's rolls, as its demo plays them and as a seeded fight plays on, are told
    apart by die size: nothing falls into "not counted"."""
    from campaigns.demo import load_demo
    from combat.demo import load_demo_encounters

    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    campaign = Campaign.objects.get(system=system)
    rows = _rows(campaign.pk, source=Source.FIGHT)
    assert rows and all(r.read for r in rows)
    assert all(1 <= face <= sides for r in rows for sides, face in r.dice)


def _hidden_goblin(fight):  # type: ignore[no-untyped-def]
    encounter = fight["encounter"]
    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, fight["gm"], "h1", record=goblin, hidden=True)
    hidden = encounter.combatants.get(hidden=True)
    # 3 + OBR 1 = 4: no tie with Baldur's 6 or the leader's 3 (a tie re-rolls the others too)
    event = workflows.roll_initiative(
        encounter.pk, fight["gm"], "h2", ids=[hidden.key], typed_faces=[3], missing_only=True
    )
    return hidden, event


def test_a_player_never_counts_a_hidden_combatants_dice(fight, django_user_model):
    hidden, event = _hidden_goblin(fight)
    campaign_id = fight["encounter"].campaign_id
    (row,) = _rows(campaign_id, encounter=fight["encounter"], seq=event.seq)
    assert row.roller == hidden.key and row.origin == Origin.TYPED and row.dice == [[6, 3]]
    gm, player = Client(), Client()
    gm.force_login(fight["gm"])
    player.force_login(django_user_model.objects.get(username="hrac"))
    seen_by_gm = gm.get(_audit_url(campaign_id)).content.decode()
    seen_by_player = player.get(_audit_url(campaign_id)).content.decode()
    token = receipt_token(event.encounter_id, event.seq, event.hash)
    assert f"#{event.seq}" in _text(seen_by_gm) and token in seen_by_gm
    assert f"#{event.seq}" not in _text(seen_by_player) and token not in seen_by_player
    assert hidden.name not in seen_by_player
    hrac = django_user_model.objects.get(username="hrac")
    mine, _more = readable(AuditRoll.objects.filter(campaign_id=campaign_id), hrac, gm=False)
    assert row.pk not in {seen.pk for seen in mine} and len(mine) == len(_rows(campaign_id)) - 1
    encounter = fight["encounter"]
    encounter.combatants.filter(pk=hidden.pk).update(hidden=False)  # the GM reveals it
    assert readable(AuditRoll.objects.filter(pk=row.pk), hrac, gm=False)[0][0].pk == row.pk


def test_strangers_and_other_campaigns_players_get_nothing(fight, django_user_model):
    campaign_id = fight["encounter"].campaign_id
    stranger = django_user_model.objects.create_user("cizinec", password="x")
    client = Client()
    assert client.get(_audit_url(campaign_id)).status_code == 302  # to the log-in
    client.force_login(stranger)
    assert client.get(_audit_url(campaign_id)).status_code == 404
    other = Campaign.objects.exclude(pk=campaign_id).first()
    assert client.get(_audit_url(other.pk)).status_code == 404
    missing = client.get(_audit_url(999999)).status_code
    assert missing == 404  # the same answer whether the campaign exists or not


def test_a_player_cannot_name_a_non_player_character_or_a_stranger(fight, django_user_model):
    """A scope the viewer may not ask for is simply not one: the whole campaign is shown, and
    nothing tells whether the id exists."""
    encounter = fight["encounter"]
    campaign = encounter.campaign
    npc = Character.objects.create(campaign=campaign, name="Tajný zrádce", kind="npc",
                                   system=campaign.system, stats={})  # fmt: skip
    outsider = django_user_model.objects.create_user("cizinec", password="x")
    player = Client()
    player.force_login(django_user_model.objects.get(username="hrac"))
    whole = _text(player.get(_audit_url(campaign.pk)).content.decode())
    for scope in (f"c{npc.pk}", f"u{outsider.pk}", "c999999", "u٣", "x", "u" + "9" * 40):
        html = player.get(_audit_url(campaign.pk, who=scope)).content.decode()
        assert _text(html) == whole and "Tajný zrádce" not in html
    gm = Client()
    gm.force_login(fight["gm"])
    assert "Tajný zrádce" in gm.get(_audit_url(campaign.pk)).content.decode()


def test_one_players_dice_are_theirs_and_their_characters(fight, django_user_model):
    encounter = fight["encounter"]
    campaign = encounter.campaign
    player = django_user_model.objects.get(username="hrac")
    services.quick_roll(campaign, player, "1d20", key="q1", typed_faces=None)
    services.quick_roll(campaign, fight["gm"], "1d12", key="q2")
    client = Client()
    client.force_login(fight["gm"])
    html = client.get(_audit_url(campaign.pk, who=f"u{player.pk}")).content.decode()
    sides = set(re.findall(r'<details class="card mb-2 audit-die" data-sides="(\d+)"', html))
    assert "20" in sides and "12" not in sides  # the GM's d12 is not the player's
    assert "6" in sides  # Baldur's initiative (typed, counted apart) is his player's


def test_loaded_dice_are_called_unusual_and_fair_ones_are_not(fight):
    campaign = fight["encounter"].campaign
    for n in range(12):  # 60 sixes and 60 other faces: nothing like a fair d6
        services.quick_roll(campaign, fight["gm"], "10d6", key=f"l{n}",
                            typed_faces=[6, 6, 6, 6, 6, n % 5 + 1, 1, 2, 3, 4])  # fmt: skip
    for n in range(40):  # the server's own dice: counted apart from the typed ones
        services.quick_roll(campaign, fight["gm"], "10d8", key=f"s{n}")
    client = Client()
    client.force_login(fight["gm"])
    html = client.get(_audit_url(campaign.pk)).content.decode()
    typed = html.split('data-origin="typed"')[1]
    d6 = typed.split('data-sides="6"')[1].split("</details>")[0]
    assert "Unusual" in d6 and "p = 0.000" in d6
    server = html.split('data-origin="server"')[1].split("</section>")[0]
    assert 'data-sides="8"' in server and "400 faces" in server


def test_the_page_reads_a_few_queries_however_many_rolls(fight, django_user_model):
    campaign = fight["encounter"].campaign
    client = Client()
    client.force_login(django_user_model.objects.get(username="hrac"))

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(_audit_url(campaign.pk)).status_code == 200
        return len(captured)

    few = queries()
    gm = fight["gm"]
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    for n in range(4):
        services.quick_roll(campaign, gm, "3d6", key=f"q{n}")
        Thread.open(campaign, gm, f"Scéna {n}", "[dice]2d10[/dice]", key=f"t{n}")
        other = workflows.create_encounter(campaign, f"Další {n}", gm)
        workflows.add_combatants(other.pk, gm, f"b{n}", record=baldur, side="party")
        workflows.roll_initiative(other.pk, gm, f"i{n}")
    _hidden_goblin(fight)
    again = queries()
    assert again == few <= 12, connection.queries[-again:]
    assert AuditRoll.objects.filter(campaign=campaign).count() >= 15


def _receipt(client: Client, campaign_id: int, **query: object) -> str:
    url = reverse("combat:dice_receipt", args=[campaign_id])
    response = client.get(url, {k: str(v) for k, v in query.items()})
    assert response.status_code == 200
    return _text(response.content.decode())


def test_a_receipt_is_checked_against_the_chain(fight, django_user_model):
    encounter = fight["encounter"]
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    event = workflows.resolve_action(encounter.pk, fight["gm"], "a1", action, [3, 1])
    workflows.next_turn(encounter.pk, fight["gm"], "n1")
    player = Client()
    player.force_login(django_user_model.objects.get(username="hrac"))
    audit_page = player.get(_audit_url(encounter.campaign_id)).content.decode()
    token = receipt_token(encounter.pk, event.seq, event.hash)
    assert f"seq={event.seq}&amp;hash={token}" in audit_page  # each roll's link
    assert event.hash not in audit_page and event.hash[:12] not in audit_page  # a key, no hash
    said = _receipt(player, encounter.campaign_id, encounter=encounter.pk, seq=event.seq,
                    hash=token)  # fmt: skip
    assert token in said and event.hash not in said and "In the log's chain" in said
    assert "every entry after it links" in said  # a player is not told how many follow
    assert "It matches the receipt you kept" in said
    said = _receipt(_gm_client(fight), encounter.campaign_id, encounter=encounter.pk,
                    seq=event.seq, hash=token)  # fmt: skip
    assert event.hash in said and "1 entry after it" in said
    other = "0" * 12 if not event.hash.startswith("0" * 12) else "f" * 12
    said = _receipt(player, encounter.campaign_id, encounter=encounter.pk, seq=event.seq,
                    hash=other)  # fmt: skip
    assert "does not match the receipt you kept" in said


def test_a_changed_roll_breaks_its_receipt(fight, django_user_model):
    """Someone with the database switches the log's trigger off and rewrites an old entry
    (as tests/combat/test_encounter_workflows.py's tamperer does): its receipt no longer holds."""
    from tests.combat.test_encounter_workflows import TAMPER

    encounter = fight["encounter"]
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    event = workflows.resolve_action(encounter.pk, fight["gm"], "a1", action, [6, 1, 1])
    gm = Client()
    gm.force_login(fight["gm"])
    before = _receipt(gm, encounter.campaign_id, encounter=encounter.pk, seq=event.seq)
    assert "In the log's chain" in before
    *disable, update = TAMPER[connection.vendor]
    with connection.cursor() as cursor:
        for statement in disable:
            cursor.execute(statement)
        cursor.execute(update, [event.pk])
    # A check stands for CHECKED_FOR seconds per log head (the work of a request is bounded):
    # once that minute is over (here: the cache emptied), the next check reads the change.
    cache.clear()
    after = _receipt(gm, encounter.campaign_id, encounter=encounter.pk, seq=event.seq)
    assert "The chain is broken from this entry on" in after


def test_a_receipt_tells_nobody_about_entries_they_may_not_see(fight, django_user_model):
    hidden, event = _hidden_goblin(fight)
    encounter = fight["encounter"]
    player = Client()
    player.force_login(django_user_model.objects.get(username="hrac"))
    nothing = _receipt(player, encounter.campaign_id, encounter=encounter.pk, seq=999)
    for query in (
        {"encounter": encounter.pk, "seq": event.seq},  # the hidden goblin's roll
        {"encounter": encounter.pk, "seq": 2},  # an entry with no roll
        {"encounter": 999999, "seq": 1},
        {"encounter": "x", "seq": "²", "hash": "<script>"},
    ):
        assert _receipt(player, encounter.campaign_id, **query) == nothing
    assert "No roll you may see is kept at that place" in nothing and event.hash not in nothing
    other = Campaign.objects.exclude(pk=encounter.campaign_id).first()
    url = reverse("combat:dice_receipt", args=[other.pk])
    query = {"encounter": encounter.pk, "seq": 4}
    assert player.get(url, query).status_code in (200, 404)
    assert encounter.name not in player.get(url, query).content.decode()


def _gm_client(fight) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(fight["gm"])
    return client


def _player_client(django_user_model) -> Client:  # type: ignore[no-untyped-def]
    client = Client()
    client.force_login(django_user_model.objects.get(username="hrac"))
    return client


def test_a_secret_roll_is_nobodys_but_the_gms(fight, django_user_model):
    encounter = fight["encounter"]
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    event = workflows.resolve_action(encounter.pk, fight["gm"], "s1", action, [4, 2], secret=True)
    page = _player_client(django_user_model).get(_audit_url(encounter.campaign_id))
    html = page.content.decode()
    assert f"seq={event.seq}&amp;" not in html and "1d6!+9" not in html
    assert (
        f"seq={event.seq}&amp;"
        in _gm_client(fight).get(_audit_url(encounter.campaign_id)).content.decode()
    )
    said = _receipt(_player_client(django_user_model), encounter.campaign_id,
                    encounter=encounter.pk, seq=event.seq)  # fmt: skip
    assert "No roll you may see is kept at that place" in said


def test_a_roll_in_an_entry_the_log_hides_is_not_counted(fight, django_user_model):
    """Baldur's own blow on a hidden goblin: the player's log has no such entry, so neither
    has their audit (the roll's own declaration, Baldur's, would have shown it)."""
    hidden, _event = _hidden_goblin(fight)
    encounter = fight["encounter"]
    workflows.next_turn(encounter.pk, fight["gm"], "n0")  # to Baldur? he acts first: still his
    action = Action("attack", fight["baldur"], (hidden.key,), weapon="Široký meč")
    blow = workflows.resolve_action(encounter.pk, fight["gm"], "b1", action, [6, 1, 1])
    rows = _rows(encounter.campaign_id, encounter=encounter, seq=blow.seq)
    assert rows and all(hidden.key in row.hides_if for row in rows)
    html = _player_client(django_user_model).get(_audit_url(encounter.campaign_id)).content.decode()
    assert f"seq={blow.seq}&amp;" not in html and f"#{blow.seq}" not in _text(html)
    encounter.combatants.filter(pk=hidden.pk).update(hidden=False)  # revealed: now it is theirs
    html = _player_client(django_user_model).get(_audit_url(encounter.campaign_id)).content.decode()
    assert f"seq={blow.seq}&amp;" in html


def test_many_odd_die_sizes_keep_the_page_small(fight):
    campaign = fight["encounter"].campaign
    sizes = list(range(2, 1001, 7))  # 143 die sizes, some with a thousand faces
    for n, sides in enumerate(sizes):
        services.quick_roll(campaign, fight["gm"], f"1d{sides}", key=f"o{n}")
    html = _gm_client(fight).get(_audit_url(campaign.pk)).content.decode()
    shown = re.findall(r'<details class="card mb-2 audit-die" data-sides="(\d+)"', html)
    assert len(shown) <= 30 + 2  # the 30 most rolled sizes a group (+ the fight's typed d6)
    assert html.count("<tr>") < 30 * 101 and len(html) < 600_000


def test_a_players_list_names_no_npc_character(fight, django_user_model):
    from campaigns.models import Character

    encounter = fight["encounter"]
    campaign = encounter.campaign
    npc = Character.objects.create(campaign=campaign, name="Hrabě Drákula", kind="npc",
                                   system=campaign.system, stats={})  # fmt: skip
    workflows.add_combatants(encounter.pk, fight["gm"], "n1", record=npc)
    row = encounter.combatants.get(character=npc)
    Character.objects.filter(pk=npc.pk).update(name="Hrabě Drákula, upír")  # renamed since
    workflows.roll_initiative(encounter.pk, fight["gm"], "n2", ids=[row.key], typed_faces=[3],
                              missing_only=True)  # fmt: skip
    html = _player_client(django_user_model).get(_audit_url(campaign.pk)).content.decode()
    assert "upír" not in html
    assert "upír" in _gm_client(fight).get(_audit_url(campaign.pk)).content.decode()


def test_an_imported_campaign_is_audited_as_its_file_says(fight, django_user_model):
    """A campaign file carries its journal and its fights' logs: the import indexes their rolls
    (a fight's origin is not in its log: "not recorded"), the same rows a rebuild makes."""
    import copy
    import json

    from campaigns.exchange import export_campaign, import_campaign

    encounter = fight["encounter"]
    campaign = encounter.campaign
    player = django_user_model.objects.get(username="hrac")
    Thread.open(campaign, player, "Brána", "[dice]3d6[/dice]", key="t1")
    _hidden_goblin(fight)
    data = json.loads(json.dumps(export_campaign(campaign)))
    imported = import_campaign(copy.deepcopy(data))
    rows = _rows(imported.pk)
    assert {(r.source, r.origin) for r in rows} == {
        (Source.JOURNAL, Origin.SERVER),
        (Source.FIGHT, Origin.UNKNOWN),
    }
    fights = [r for r in rows if r.source == Source.FIGHT]
    assert len(fights) == len(_rows(campaign.pk, source=Source.FIGHT)) == 3  # 2 + the goblin
    assert all(r.read for r in rows)

    def kept() -> list[tuple[object, ...]]:
        return sorted((r.source, r.origin, r.seq, r.index, str(r.dice)) for r in _rows(imported.pk))

    before = kept()
    dice_audit.rebuild(imported.pk)
    assert kept() == before
