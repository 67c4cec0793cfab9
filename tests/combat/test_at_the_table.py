"""The GM at the table (issue N): HP typed into the quick box ("−7", "+5", "=12") from the HP
the fight holds under the lock, its before → after in the GM's log only; Next turn passes over
the defeated, who are dimmed and last in the tracker; the keys N, U, R and H are named on the
controls they press."""

import re

import pytest
from django.forms import ValidationError
from django.urls import reverse

from campaigns.demo import load_demo
from combat import workflows
from combat.demo import PREPARED, load_demo_encounters
from combat.encounter_export import export_encounter
from combat.hand_forms import HpTyped, hp_typed
from combat.models import Encounter, Event
from combat.replay import replay_encounter

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def table(db, django_user_model):
    return _prepared(django_user_model)


@pytest.fixture
def table_once(db, django_user_model):
    """The same fight with initiative rolled once for the whole fight (set before it starts)."""
    return _prepared(django_user_model, initiative_once="yes")


def _prepared(django_user_model, **options):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    encounter = Encounter.objects.get(name=PREPARED)
    if options:
        workflows.set_options(encounter.pk, gm, "opts", options)
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[6, 5, 1, 4, 3, 1, 2])
    encounter.refresh_from_db()
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return gm, encounter, keys


def _url(encounter, name="combat:encounter"):
    return reverse(name, args=[encounter.campaign_id, encounter.pk])


def _hp(encounter, name):
    return encounter.combatants.get(name=name).hp


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("-7", HpTyped(-7, True)),
        ("\u22127", HpTyped(-7, True)),  # the minus sign a phone's keyboard may give
        ("+5", HpTyped(5, True)),
        ("=12", HpTyped(12, False)),
        (" 12 ", HpTyped(12, False)),
        ("0", HpTyped(0, False)),
        ("", None),
    ],
)
def test_what_the_gm_may_type(typed, meant):
    assert hp_typed(typed) == meant


@pytest.mark.parametrize("typed", ["abc", "--3", "+", "=", "=-3", "12345", "1e3", "٣", "7-"])
def test_what_the_gm_is_told_to_type_again(typed):
    with pytest.raises(ValidationError):
        hp_typed(typed)


def test_typed_hp_changes_the_hp_the_fight_holds(client, table, django_user_model):
    gm, encounter, keys = table
    client.force_login(gm)
    url = _url(encounter, "combat:encounter_adjust")
    leader = keys["Vůdce skřetů"]
    for key, typed, hp in (("q1", "-7", 13), ("q2", "+5", 18), ("q3", "=12", 12), ("q4", "9", 9)):
        data = {"key": key, "combatant": leader, "hp": typed, "quick": "1"}
        response = client.post(url, data, **HTMX)
        assert response.status_code == 200 and _hp(encounter, "Vůdce skřetů") == hp
        assert "gm-adjust" not in response.content.decode()  # the quick box opens nothing
    html = client.get(_url(encounter)).content.decode()
    assert "HP 20 → 13" in html and "HP 13 → 18" in html and "HP 18 → 12" in html
    client.force_login(django_user_model.objects.get(username="hrac"))
    html = client.get(_url(encounter)).content.decode()
    assert "HP 20 → 13" not in html and "→ 13" not in html  # the leader's numbers are the GM's
    assert 'id="quick-hp"' not in html


def test_a_mistyped_hp_is_shown_at_the_box_with_what_was_typed(client, table):
    gm, encounter, keys = table
    client.force_login(gm)
    before = Event.objects.filter(encounter=encounter).count()
    data = {"key": "q1", "combatant": keys["Grop"], "hp": "-x7", "quick": "1"}
    html = client.post(_url(encounter, "combat:encounter_adjust"), data, **HTMX).content.decode()
    box = re.search(r'<input[^>]*id="quick-hp"[^>]*>', html)[0]
    assert 'value="-x7"' in box and "is-invalid" in box and "Type a number of HP" in html
    assert f'<option value="{keys["Grop"]}" selected>' in html
    assert Event.objects.filter(encounter=encounter).count() == before


def test_the_quick_box_is_the_gms_and_never_polled(client, table, django_user_model):
    gm, encounter, keys = table
    client.force_login(gm)
    page = client.get(_url(encounter)).content.decode()
    panel = page.split('<div id="panel"')[1].split('<div id="board"')[0]
    assert 'id="quick-hp"' in panel and 'aria-keyshortcuts="h"' in panel
    assert f'<option value="{keys["Baldur"]}" selected>' in panel  # whose turn it is
    for key in "nur":
        assert f'data-shortcut="{key}"' in panel
    poll = client.get(_url(encounter), {"version": 0}, **HTMX).content.decode()
    assert "<form" not in poll and f'data-key="{keys["Grop"]}"' in poll
    client.force_login(django_user_model.objects.get(username="hrac"))
    data = {"key": "q9", "combatant": keys["Grop"], "hp": "-7", "quick": "1"}
    assert client.post(_url(encounter, "combat:encounter_adjust"), data).status_code == 403
    assert _hp(encounter, "Grop") == 45
    poll = client.get(_url(encounter), {"version": 0}, **HTMX).content.decode()
    assert "data-key=" not in poll


def test_next_turn_passes_over_the_defeated_dimmed_and_last(client, table):
    gm, encounter, keys = table
    workflows.adjust(encounter.pk, gm, "down", keys["Meredil"], hp=0)
    workflows.adjust(encounter.pk, gm, "dead", keys["Vůdce skřetů"], add="dead")
    workflows.next_turn(encounter.pk, gm, "n1")  # Baldur → (Meredil, leader) → Skřet 1
    encounter.refresh_from_db()
    assert encounter.current == keys["Skřet 1"]
    client.force_login(gm)
    html = client.get(_url(encounter)).content.decode()
    rows = re.findall(
        r'<li class="list-group-item[^"]*?( defeated)?" data-combatant="([^"]+)"', html
    )
    assert rows[-2:] == [(" defeated", "Meredil"), (" defeated", "Vůdce skřetů")]
    assert all(not dim for dim, _name in rows[:-2])


def test_a_hidden_combatant_next_is_nobody_for_players_and_the_room(client, table):
    gm, encounter, keys = table
    encounter.combatants.filter(name="Meredil").update(hidden=True)  # Baldur, (Meredil), leader
    client.force_login(gm)
    html = client.get(_url(encounter, "combat:encounter_table")).content.decode()
    assert "Next: Vůdce skřetů" in html and "Meredil" not in html


def test_a_fight_that_keeps_the_defeated_gives_them_their_turns(table):
    gm, encounter, keys = table
    encounter.options = {**encounter.options, "skip_defeated": "no"}
    encounter.save(update_fields=["options"])
    workflows.adjust(encounter.pk, gm, "down", keys["Meredil"], hp=0)
    workflows.next_turn(encounter.pk, gm, "n1")
    encounter.refresh_from_db()
    assert encounter.current == keys["Meredil"]


def _panel(client, encounter):  # type: ignore[no-untyped-def]
    html = client.get(_url(encounter)).content.decode()
    return html.split('<div id="panel"')[1].split('<div id="board"')[0]


def test_a_player_reads_your_turn_and_on_deck(client, table, django_user_model):
    gm, encounter, keys = table
    client.force_login(django_user_model.objects.get(username="hrac"))  # Baldur is hers
    panel = _panel(client, encounter)
    assert "Your turn: Baldur" in panel and "On deck" not in panel
    workflows.next_turn(encounter.pk, gm, "n1")  # Meredil: not hers, nor the leader after him
    panel = _panel(client, encounter)
    assert "Your turn" not in panel and "On deck" not in panel
    for number in range(5):  # to Grop, the last; Baldur opens round 2
        workflows.next_turn(encounter.pk, gm, f"n{number + 2}")
    assert "On deck" not in _panel(client, encounter)  # a new round's order is not known yet
    client.force_login(gm)
    assert "Your turn" not in _panel(client, encounter)


def test_on_deck_looks_past_the_defeated(client, table, django_user_model):
    gm, encounter, keys = table
    player = django_user_model.objects.get(username="hrac")
    meredil = encounter.combatants.get(name="Meredil")
    meredil.character.owner = player
    meredil.character.save(update_fields=["owner"])
    workflows.next_turn(encounter.pk, gm, "n1")  # Meredil acts: hers now
    client.force_login(player)
    assert "Your turn: Meredil" in _panel(client, encounter)
    workflows.next_turn(encounter.pk, gm, "n2")  # the leader
    workflows.adjust(encounter.pk, gm, "down", keys["Skřet 1"], hp=0)
    workflows.adjust(encounter.pk, gm, "down3", keys["Skřet 3"], hp=0)
    workflows.adjust(encounter.pk, gm, "down2", keys["Skřet 2"], hp=0)
    grop = encounter.combatants.get(name="Grop")
    assert "On deck" not in _panel(client, encounter)
    grop.character.owner = player
    grop.character.save(update_fields=["owner"])
    assert "On deck: Grop acts next" in _panel(client, encounter)


def test_the_table_display_reads_the_fight_as_the_room_may(client, table, django_user_model):
    gm, encounter, keys = table
    from campaigns.models import Monster

    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, gm, "h1", record=goblin, hidden=True)
    workflows.adjust(encounter.pk, gm, "hurt", keys["Vůdce skřetů"], hp=12)
    hidden = encounter.combatants.get(hidden=True).name
    client.force_login(gm)
    url = _url(encounter, "combat:encounter_table")
    html = client.get(url).content.decode()
    assert 'data-combatant="Baldur"' in html and "30 / 30" in html  # a character's numbers
    assert 'data-combatant="Vůdce skřetů"' in html and "12 / 20" not in html  # a monster's not
    assert "45 / 45" not in html  # nor an NPC character's (Grop): the seat plays nobody
    assert f'data-combatant="{hidden}"' not in html and "hidden from players" not in html
    assert "Next: Meredil" in html and "<form" not in html.split('id="room"')[1]
    assert "<nav" not in html and 'data-bs-theme="dark"' not in html
    assert "HP 20 → 12" not in html  # the GM's own log lines stay the GM's
    assert 'data-bs-theme="dark"' in client.get(url, {"theme": "dark"}).content.decode()
    version = Encounter.objects.get(pk=encounter.pk).version
    assert client.get(url, {"version": version}, **HTMX).status_code == 204
    workflows.next_turn(encounter.pk, gm, "n1")
    polled = client.get(url, {"version": version}, **HTMX).content.decode()
    assert polled.startswith('<div id="room"') and "Next: Vůdce skřetů" in polled
    client.force_login(django_user_model.objects.get(username="hrac"))
    assert client.get(url).status_code == 403


def _turn(client, encounter, step, **data):  # type: ignore[no-untyped-def]
    url = reverse("combat:encounter_turn", args=[encounter.campaign_id, encounter.pk, step])
    return client.post(url, {f"turn-{k}": v for k, v in data.items()}, **HTMX)


def test_initiative_mid_fight_rolls_for_newcomers_and_asks_before_rerolling(client, table_once):
    gm, encounter, keys = table_once
    from campaigns.models import Monster

    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, gm, "late", record=goblin)
    late = next(r.key for r in encounter.combatants.all() if r.key not in keys.values())
    client.force_login(gm)
    response = _turn(client, encounter, "initiative", key="i1")  # live dice
    assert response.status_code == 200
    rolled = Event.objects.filter(encounter=encounter, type="initiative").order_by("seq").last()
    assert rolled.payload["ids"] == [late]
    encounter.refresh_from_db()
    # Whatever the live die gave (first place too), the one acting keeps the turn.
    assert late in encounter.order and encounter.current == keys["Baldur"]
    assert rolled.payload["late_only"] is True
    assert replay_encounter(export_encounter(encounter)).ok

    count = Event.objects.filter(encounter=encounter).count()
    html = _turn(client, encounter, "initiative", key="i2").content.decode()
    assert "Everyone already has an initiative" in html and "Re-roll everyone" in html
    assert Event.objects.filter(encounter=encounter).count() == count  # only asked
    html = _turn(client, encounter, "initiative", key="i2", confirmed="on").content.decode()
    rolled = Event.objects.filter(encounter=encounter, type="initiative").order_by("seq").last()
    assert len(rolled.payload["ids"]) == 8 and "Everyone already" not in html


def _entry(html: str, seq: int) -> str:
    return re.search(rf'<li class="log-entry[^"]*" data-seq="{seq}".*?</li>', html, re.S)[0]


def test_an_undone_entry_is_struck_through_until_redone(client, table, django_user_model):
    gm, encounter, keys = table
    client.force_login(gm)
    turned = workflows.next_turn(encounter.pk, gm, "n1").seq
    assert "undone" not in _entry(client.get(_url(encounter)).content.decode(), turned)  # kept
    undo = workflows.undo(encounter.pk, gm, "u1").seq
    for user in (gm, django_user_model.objects.get(username="hrac")):
        client.force_login(user)
        html = client.get(_url(encounter)).content.decode()
        entry = _entry(html, turned)
        assert 'class="log-entry border-bottom py-2 undone"' in entry
        assert f'href="#log-{undo}">undone by #{undo}</a>' in entry
        taken = f'<a class="small taken-link" id="taken-{undo}" href="#log-{turned}">#{turned}</a>'
        assert taken in _entry(html, undo)  # its own id: focus comes back to it after a poll
    redo = workflows.redo(encounter.pk, gm, "r1").seq
    html = client.get(_url(encounter)).content.decode()
    assert " undone" not in _entry(html, turned) and "undone by" not in _entry(html, turned)
    assert f'href="#log-{turned}"' in _entry(html, redo)
    workflows.undo(encounter.pk, gm, "u2")
    workflows.next_turn(encounter.pk, gm, "n2")  # a new step: the undone one stays struck
    html = client.get(_url(encounter)).content.decode()
    assert " undone" in _entry(html, turned).split(">")[0]


def test_the_whole_party_joins_at_once_and_never_twice(client, table):
    gm, encounter, keys = table
    from campaigns.models import Character

    campaign = encounter.campaign
    pcs = set(campaign.characters.filter(kind="pc").values_list("name", flat=True))
    missing = pcs - set(keys)
    assert missing  # the demo's fight leaves some of the party out
    client.force_login(gm)
    url = _url(encounter, "combat:encounter_add")
    client.post(url, {"key": "p1", "record": "party", "count": "1", "side": "party"}, **HTMX)
    names = set(encounter.combatants.values_list("name", flat=True))
    assert pcs <= names and len(names) == len(keys) + len(missing)
    joined = encounter.combatants.filter(name__in=missing)
    assert {row.side for row in joined} == {"party"}
    assert all(row.character.campaign_id == campaign.pk for row in joined)
    html = client.post(
        url, {"key": "p2", "record": "party", "count": "1", "side": "party"}, **HTMX
    ).content.decode()
    assert "Every player character is in the fight already." in html
    assert encounter.combatants.count() == len(names)
    assert (
        not Character.objects.exclude(campaign=campaign)
        .filter(pk__in=encounter.combatants.values("character_id"))
        .exists()
    )


@pytest.mark.parametrize(
    ("there", "count", "names"),
    [
        ([], 1, ["Skřet"]),
        ([], 3, ["Skřet 1", "Skřet 2", "Skřet 3"]),
        (["Skřet"], 1, ["Skřet 2"]),
        (["Skřet 1", "Skřet 3", "Skřetí šaman 9"], 2, ["Skřet 4", "Skřet 5"]),
        (["Baldur"], 1, ["Baldur 2"]),
    ],
)
def test_copies_are_numbered_on_never_a_name_twice(there, count, names):
    from types import SimpleNamespace

    from combat.workflows import _numbered

    rows = [SimpleNamespace(name=name) for name in there]
    assert _numbered(names[0].split(" ")[0], count, rows) == names


def test_area_damage_on_four_targets_in_one_entry(client, table, django_user_model):
    gm, encounter, keys = table
    from campaigns.models import Monster

    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, gm, "h1", record=goblin, hidden=True)  # Skřet 4
    hidden = encounter.combatants.get(hidden=True)
    area = [keys["Skřet 1"], keys["Skřet 2"], keys["Skřet 3"], hidden.key]
    client.force_login(gm)
    data = {"key": "a1", "combatant": keys["Vůdce skřetů"], "hp": "-6", "also": area, "quick": "1"}
    client.post(_url(encounter, "combat:encounter_adjust"), data, **HTMX)
    hps = dict(encounter.combatants.values_list("name", "hp"))
    assert [hps[n] for n in ("Vůdce skřetů", "Skřet 1", "Skřet 2", "Skřet 3", "Skřet 4")] == [
        14,
        4,
        4,
        4,
        4,
    ]
    event = Event.objects.filter(encounter=encounter, type="adjust").order_by("seq").last()
    html = client.get(_url(encounter)).content.decode()
    entry = _entry(html, event.seq)
    assert "Adjusted by the game master: Vůdce skřetů, Skřet 1, Skřet 2, Skřet 3, Skřet 4" in entry
    assert "Skřet 4: HP 10 → 4" in entry and "Vůdce skřetů: HP 20 → 14" in entry
    player = django_user_model.objects.get(username="hrac")
    client.force_login(player)
    html = client.get(_url(encounter)).content.decode()
    assert f'data-seq="{event.seq}"' not in html and "Skřet 4" not in html  # it names a hidden one
    client.force_login(gm)
    data = {"key": "a2", "combatant": keys["Skřet 1"], "hp": "+1", "also": area[1:3], "quick": "1"}
    client.post(_url(encounter, "combat:encounter_adjust"), data, **HTMX)
    event = Event.objects.filter(encounter=encounter, type="adjust").order_by("seq").last()
    client.force_login(player)
    entry = _entry(client.get(_url(encounter)).content.decode(), event.seq)
    assert "Adjusted by the game master: Skřet 1, Skřet 2, Skřet 3" in entry and "HP" not in entry


def test_the_gms_log_marks_a_secret_roll_and_every_roll_names_its_combatant(
    client, table, django_user_model
):
    gm, encounter, keys = table
    from combat.rules.base import Action

    attack = Action("attack", keys["Baldur"], (keys["Vůdce skřetů"],), weapon="Široký meč")
    secret = workflows.resolve_action(encounter.pk, gm, "s1", attack, [3, 1], secret=True).seq
    client.force_login(gm)
    html = client.get(_url(encounter)).content.decode()
    assert "secret-badge" in _entry(html, secret)
    initiative = Event.objects.get(encounter=encounter, type="initiative").seq
    rows = re.findall(
        r'<div class="dice small"><span class="text-body-secondary">([^<]*)<code>',
        _entry(html, initiative),
    )
    assert [row.split(" · ")[0] for row in rows][:2] == ["Baldur", "Meredil"]
    client.force_login(django_user_model.objects.get(username="hrac"))
    html = client.get(_url(encounter)).content.decode()
    assert "secret-badge" not in html and "The game master rolled in secret." in _entry(
        html, secret
    )


def test_a_fight_that_rolls_initiative_every_round_asks_for_it_and_rolls_for_all(client, table):
    gm, encounter, keys = table  # Dračí Hlídka, initiative every round (the default)
    client.force_login(gm)
    assert "A new round" not in _panel(client, encounter)
    for number in range(7):
        workflows.next_turn(encounter.pk, gm, f"n{number}")
    panel = _panel(client, encounter)  # round 2, nobody has acted yet
    assert "A new round: this fight rolls initiative every round." in panel
    assert re.search(r'class="btn btn-sm btn-primary"[^>]*initiative/"', panel)
    encounter.refresh_from_db()
    assert encounter.round == 2 and not encounter.current  # nobody's turn until it is rolled
    refused = _turn(client, encounter, "next", key="n-early").content.decode()
    assert "Round 2: roll initiative first (this fight rolls it before every round)" in refused
    _turn(client, encounter, "initiative", key="i1")
    rolled = Event.objects.filter(encounter=encounter, type="initiative").order_by("seq").last()
    assert len(rolled.payload["ids"]) == 7  # everyone, at once: no question
    panel = _panel(client, encounter)
    assert "Everyone already" not in panel and "A new round" not in panel  # rolled: no hint
    encounter.refresh_from_db()
    assert encounter.round == 2 and encounter.current == encounter.order[0]


def test_a_late_comer_who_rolls_first_waits_for_the_next_round(table_once):
    gm, encounter, keys = table_once
    from campaigns.models import Monster

    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, gm, "late", record=goblin)
    workflows.next_turn(encounter.pk, gm, "n1")  # Meredil acts
    # The late goblin: 6 + 1 = 7 ties Baldur's 7 and his OBR; the tie is rolled again, Baldur 1, the goblin 6.
    workflows.roll_initiative(encounter.pk, gm, "i1", typed_faces=[6, 1, 6], missing_only=True)
    encounter.refresh_from_db()
    late = next(r.key for r in encounter.combatants.all() if r.key not in keys.values())
    assert encounter.order[0] == late and encounter.current == keys["Meredil"]
    assert replay_encounter(export_encounter(encounter)).ok


def test_a_lair_action_at_20_fires_every_round_and_a_hidden_ones_stays_hidden(
    client, table, django_user_model
):
    gm, encounter, keys = table  # initiatives 7 … −2: the lair acts as each round begins
    client.force_login(gm)
    url = _url(encounter, "combat:encounter_adjust")
    data = {"key": "c1", "combatant": keys["Vůdce skřetů"], "clock_label": "Lair action"}
    html = client.post(url, data, **HTMX).content.decode()
    assert "Give an initiative to act at, or a number of rounds." in html
    client.post(url, {**data, "clock_at": "20"}, **HTMX)
    page = client.get(_url(encounter)).content.decode()
    assert "Lair action · initiative 20" in page
    for number in range(14):  # rounds 2 and 3 wait for their initiative (seed 000): rolled
        workflows.next_turn(encounter.pk, gm, f"n{number}")
        if not Encounter.objects.get(pk=encounter.pk).current:
            workflows.roll_initiative(encounter.pk, gm, f"i{number}")
    fired = [
        e.seq
        for e in Event.objects.filter(encounter=encounter).order_by("seq")
        if "(initiative %(at)s)" in str(e.payload) and "Lair action" in str(e.payload)
    ]
    kinds = Event.objects.filter(encounter=encounter, seq__in=fired).values_list("type", flat=True)
    assert list(kinds) == ["initiative", "initiative"]  # rounds 2 and 3: before anyone acts
    client.force_login(django_user_model.objects.get(username="hrac"))
    assert "Lair action (initiative 20)" in _entry(
        client.get(_url(encounter)).content.decode(), fired[-1]
    )
    assert replay_encounter(export_encounter(encounter)).ok


def test_a_hidden_holders_clock_never_reaches_a_player(client, table, django_user_model):
    gm, encounter, keys = table
    from campaigns.models import Monster

    goblin = Monster.objects.get(campaign=encounter.campaign, name="Skřet")
    workflows.add_combatants(encounter.pk, gm, "h1", record=goblin, hidden=True)
    hidden = encounter.combatants.get(hidden=True).key
    workflows.adjust(encounter.pk, gm, "c1", hidden, clock={"label": "Ambush", "rounds": 1})
    for number in range(7):  # the seventh begins round 2 (the late goblin has no initiative)
        workflows.next_turn(encounter.pk, gm, f"n{number}")
    client.force_login(gm)
    assert "Ambush (round 2)" in client.get(_url(encounter)).content.decode()
    client.force_login(django_user_model.objects.get(username="hrac"))
    assert "Ambush" not in client.get(_url(encounter)).content.decode()
