"""Issue K, findings 3, 4 and 13: what a player's page shows of the log is what the engines
declared for players (combat.visibility), never what a naming convention lets through.

Every page is requested as a player would: the page, the live poll (HTMX with a version), the
older entries loaded as the log scrolls, the odds of the action being chosen.
"""

import re

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import Campaign, Character, Monster
from combat import workflow_frame, workflows
from combat.models import Encounter, Event

HTMX = {"HTTP_HX_REQUEST": "true"}
UNKNOWN = "c987654"  # a combatant key no row has


def _user(name):
    return get_user_model().objects.get(username=name)


def _url(encounter, name="combat:encounter"):
    return reverse(name, args=[encounter.campaign_id, encounter.pk])


def _views(client, encounter):
    """The log as a player's browser gets it: page, poll, and the older entries."""
    newest = encounter.events.order_by("-seq").first().seq
    return {
        "page": client.get(_url(encounter)).content.decode(),
        "poll": client.get(_url(encounter), {"version": 0}, **HTMX).content.decode(),
        "older": client.get(_url(encounter), {"before": newest + 1}, **HTMX).content.decode(),
    }


def _fight(system, name, *members):
    """A new encounter of the demo campaign of `system` with (record, side, hidden) members."""
    load_demo()
    gm = _user("gm")
    campaign = Campaign.objects.get(system=system)
    encounter = workflows.create_encounter(campaign, name, gm)
    for number, (record, side, hidden) in enumerate(members):
        workflows.add_combatants(
            encounter.pk, gm, f"add-{number}", record=record, side=side, hidden=hidden
        )
    encounter.refresh_from_db()
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return gm, encounter, keys


def _record(model, system, name):
    return model.objects.get(campaign__system=system, name=name)


@pytest.fixture
def wolf_fight(db):
    """5e: Helga (hrac's) and a hidden wolf; the wolf rolls 17 + DEX 2 = 19 for initiative."""
    load_demo()
    helga = _record(Character, "dnd5e", "Helga")
    wolf = _record(Monster, "dnd5e", "Wolf")
    gm, encounter, keys = _fight("dnd5e", "Den", (helga, "party", False), (wolf, "enemies", True))
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[15, 17])
    return gm, encounter, keys


def test_a_hidden_combatant_is_absent_from_the_initiative_a_player_reads(client, wolf_fight):
    gm, encounter, _keys = wolf_fight
    client.force_login(gm)
    gm_page = client.get(_url(encounter)).content.decode()
    assert "Wolf" in gm_page and "d20 17" in gm_page  # the GM reads everything
    client.force_login(_user("hrac"))
    for where, html in _views(client, encounter).items():
        assert "Helga" in html, where
        assert "Wolf" not in html and "d20 17" not in html and "initiative 19" not in html, where


def test_older_entries_never_name_a_hidden_combatant(client, wolf_fight):
    gm, encounter, keys = wolf_fight
    for number in range(31):  # the initiative scrolls off the first page
        workflows.adjust(encounter.pk, gm, f"hp-{number}", keys["Helga"], hp=5 + number % 3)
    client.force_login(_user("hrac"))
    page = client.get(_url(encounter)).content.decode()
    assert "Initiative: " not in page and "?before=" in page
    older_from = re.findall(r"before=(\d+)", page)[-1]
    older = client.get(_url(encounter), {"before": older_from}, **HTMX).content.decode()
    assert "Initiative: " in older and "Helga" in older
    assert "Wolf" not in older and "d20 17" not in older


def test_the_gms_hand_on_a_hidden_combatant_is_not_in_a_players_log(client, wolf_fight):
    gm, encounter, keys = wolf_fight
    workflows.adjust(encounter.pk, gm, "hide-hp", keys["Wolf"], hp=3)
    workflows.undo(encounter.pk, gm, "undo-hide")
    client.force_login(_user("hrac"))
    for where, html in _views(client, encounter).items():
        assert "Wolf" not in html and "adjusted" not in html and "Undone" not in html, where


def test_a_hidden_monsters_turn_is_not_announced_to_players(client, wolf_fight):
    gm, encounter, _keys = wolf_fight
    workflows.next_turn(encounter.pk, gm, "next-1")  # the wolf (19) → Helga (16)
    workflows.next_turn(encounter.pk, gm, "next-2")  # round 2: the wolf's turn again
    client.force_login(gm)
    gm_html = client.get(_url(encounter)).content.decode()
    assert "Wolf" in gm_html and "Round 2 begins" in gm_html
    client.force_login(_user("hrac"))
    for where, html in _views(client, encounter).items():
        assert "Wolf" not in html, where


@pytest.fixture
def dh_fight(db):
    """Dračí Hlídka: Baldur (hrac's) against the goblin leader (20 životů) and a hidden goblin."""
    load_demo()
    baldur = _record(Character, "draci_hlidka", "Baldur")
    leader = _record(Monster, "draci_hlidka", "Vůdce skřetů")
    goblin = _record(Monster, "draci_hlidka", "Skřet")
    return _fight(
        "draci_hlidka",
        "Stezka",
        (baldur, "party", False),
        (leader, "enemies", False),
        (goblin, "enemies", True),
    )


def _helpless_blow(client, encounter, keys, target, key):
    data = {
        "key": key,
        "kind": "attack",
        "actor": keys["Baldur"],
        "targets": [keys[target]],
        "weapon": "Široký meč",
        "modifiers": ["helpless"],
        "faces": "3",
    }
    response = client.post(_url(encounter, "combat:encounter_action"), data)
    assert response.status_code == 302, response.content.decode()[:500]


def _to_next_round(gm, encounter):
    start = Encounter.objects.get(pk=encounter.pk).round
    for number in range(10):
        workflows.next_turn(encounter.pk, gm, f"round-{start}-{number}")
        if Encounter.objects.get(pk=encounter.pk).round > start:
            return
    raise AssertionError("the round did not end")


def _dh_initiative(gm, encounter):
    # 1k6 + OBR: Baldur 6 first, then the leader and the goblin
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[5, 2, 1])


def test_the_helpless_line_shows_the_gm_a_monsters_hp_and_players_not(client, dh_fight):
    gm, encounter, keys = dh_fight
    _dh_initiative(gm, encounter)
    client.force_login(gm)
    _helpless_blow(client, encounter, keys, "Vůdce skřetů", "helpless-1")
    assert "loses ¼ of its hit points (5)" in client.get(_url(encounter)).content.decode()
    client.force_login(_user("hrac"))
    for where, html in _views(client, encounter).items():
        assert "loses ¼ of its hit points (?)" in html, where  # the line, without the number
        assert "(5)" not in html and "/ 20" not in html, where


def test_a_hidden_combatants_bleeding_at_the_round_start_stays_hidden(client, dh_fight):
    gm, encounter, keys = dh_fight
    _dh_initiative(gm, encounter)
    client.force_login(gm)
    _helpless_blow(client, encounter, keys, "Skřet", "helpless-hidden")
    _to_next_round(gm, encounter)
    gm_html = client.get(_url(encounter)).content.decode()
    assert "Skřet bleeds" in gm_html
    client.force_login(_user("hrac"))
    for where, html in _views(client, encounter).items():
        assert "Skřet" not in html and "bleeds" not in html, where


def test_a_hidden_key_answers_the_odds_like_an_unknown_key(client, dh_fight):
    gm, encounter, keys = dh_fight
    _dh_initiative(gm, encounter)
    # The leader's defence numbers shown to players (they are not by default, and the odds
    # state them: red team finding 1, tests/security/test_redteam_secrecy.py).
    encounter.options = {**encounter.options, "monster_stats": "shown"}
    encounter.save(update_fields=["options"])
    client.force_login(_user("hrac"))  # Baldur's turn: hrac may ask for odds
    query = {"key": "odds", "kind": "attack", "actor": keys["Baldur"], "weapon": "Široký meč"}
    url = _url(encounter, "combat:encounter_odds")
    visible = client.get(url, {**query, "targets": [keys["Vůdce skřetů"]]}, **HTMX)
    assert "Chance to hit" in visible.content.decode()  # the odds work for a visible target
    hidden = client.get(url, {**query, "targets": [keys["Skřet"]]}, **HTMX)
    unknown = client.get(url, {**query, "targets": [UNKNOWN]}, **HTMX)
    assert (hidden.status_code, hidden.content) == (unknown.status_code, unknown.content)
    assert "Chance" not in hidden.content.decode()


def test_a_hidden_key_answers_an_action_like_an_unknown_key(client, dh_fight):
    gm, encounter, keys = dh_fight
    _dh_initiative(gm, encounter)
    client.force_login(_user("hrac"))
    url = _url(encounter, "combat:encounter_action")
    answers = []
    for number, target in enumerate((keys["Skřet"], UNKNOWN)):
        data = {
            "key": f"try-{number}",
            "kind": "attack",
            "actor": keys["Baldur"],
            "targets": [target],
            "weapon": "Široký meč",
            "faces": "3, 1",
        }
        response = client.post(url, data, **HTMX)
        # The key as a whole word only: "c3" also occurs inside the page's hex tokens.
        named = re.sub(
            rf"(?<![0-9a-z]){re.escape(target)}(?![0-9a-z])", "KEY", _random_removed(response)
        )
        answers.append((response.status_code, named))
    assert answers[0] == answers[1]
    assert not Event.objects.filter(encounter=encounter, type="action").exists()


def _random_removed(response):
    """The page without what differs on every answer (the CSRF token, fresh one-time keys)."""
    return re.sub(
        r'(name="(?:csrfmiddlewaretoken|key)" value=)"[^"]*"', r"\1", response.content.decode()
    )


def _demo_fight(system):
    """The finished fight `load_demo` writes from the rule text's own example."""
    from combat.demo import DEMOS, load_demo_encounters

    load_demo()
    load_demo_encounters(_user("gm"))
    finished = DEMOS[system][-1][0]
    return Encounter.objects.get(campaign__system=system, name=finished)


def _show_monster_stats(encounter, shown):
    Encounter.objects.filter(pk=encounter.pk).update(
        options={**encounter.options, "monster_stats": "shown" if shown else "hidden"}
    )


@pytest.mark.parametrize(
    ("system", "player", "secrets", "public"),
    [
        # Shadowrun 3: Snot's Body and armour in the resistance line ("Body 5 … armour 4")
        ("shadowrun3", "gracz", ["Body 5", "armour 4", "ballistic armour 4"], "Snot resists"),
        # OSE: the goblins' morale score ("Morale 2d6 8 against 7")
        ("ose", "hrac", ["against 7", "against AC 6"], "Morale 2d6 8 against"),
        # 5e: the goblin's AC 15 in the hit line
        ("dnd5e", "hrac", ["against AC 15"], "against AC"),
    ],
)
def test_monster_defence_numbers_follow_the_fights_option(
    client, db, system, player, secrets, public
):
    encounter = _demo_fight(system)
    gm = _user("gm")
    client.force_login(gm)
    gm_html = client.get(_url(encounter)).content.decode()
    assert all(secret in gm_html for secret in secrets)
    client.force_login(_user(player))
    _show_monster_stats(encounter, False)  # how these systems' tables usually play
    hidden = client.get(_url(encounter)).content.decode()
    assert public in hidden
    assert not [secret for secret in secrets if secret in hidden]
    _show_monster_stats(encounter, True)
    shown = client.get(_url(encounter)).content.decode()
    assert all(secret in shown for secret in secrets)


def test_the_gm_sets_the_monster_stats_option_before_the_fight(client, db):
    load_demo()
    helga = _record(Character, "dnd5e", "Helga")
    goblin = _record(Monster, "dnd5e", "Goblin")
    gm, encounter, keys = _fight(
        "dnd5e", "Cave", (helga, "party", False), (goblin, "enemies", False)
    )
    assert encounter.options["monster_stats"] == "hidden"  # 5e tables keep a monster's AC
    client.force_login(gm)
    forms = client.get(_url(encounter, "combat:encounter_gm_forms"), **HTMX).content.decode()
    assert "option_monster_stats" in forms
    options = {f"option_{k}": v for k, v in encounter.options.items()}
    client.post(
        _url(encounter, "combat:encounter_options"),
        {**options, "key": "opt", "option_monster_stats": "shown"},
    )
    encounter.refresh_from_db()
    assert encounter.options["monster_stats"] == "shown"
    workflows.roll_initiative(encounter.pk, gm, "init", typed_faces=[15, 2])
    data = {
        "key": "hit",
        "kind": "attack",
        "actor": keys["Helga"],
        "targets": [keys["Goblin"]],
        "weapon": "Longsword",
        "faces": "14, 4",
    }
    client.post(_url(encounter, "combat:encounter_action"), data)
    client.force_login(_user("hrac"))
    assert "against AC 15" in client.get(_url(encounter)).content.decode()


def test_a_monsters_hp_line_is_declared_for_the_gm_not_guessed_from_its_name(client, db):
    """The HP lines are hidden because the engine said so: a player still reads a character's
    own HP line, and never a monster's."""
    encounter = _demo_fight("dnd5e")
    client.force_login(_user("hrac"))
    html = client.get(_url(encounter)).content.decode()
    assert "Helga: 12 → 6 HP" in html  # a character's HP is the table's
    assert not re.search(r"Goblin: \d+ → \d+ HP", html)
    client.force_login(_user("gm"))
    assert re.search(r"Goblin: \d+ → \d+ HP", client.get(_url(encounter)).content.decode())


@pytest.mark.parametrize("system", ["draci_hlidka", "ose", "dnd5e", "shadowrun3", "dice_pool"])
def test_every_step_of_every_demo_fight_declares_who_may_read_it(db, system):
    """No line is written without an audience: the filter never has to guess."""
    encounter = _demo_fight(system)
    for event in encounter.events.all():
        outcome = event.payload.get("outcome") or {}
        for step in [outcome.get("summary"), *outcome.get("steps", []), *outcome.get("notes", [])]:
            if step:
                assert step.get("audience") in {"all", "stats", "health", "gm"}, step
        for note in outcome.get("notes", []):
            assert note["audience"] == "gm", note


def test_a_standing_hidden_monster_is_not_given_away_by_the_fights_end(client, dh_fight):
    """The leader is down; only the hidden goblin stands. The GM's page says the fight goes on;
    a player's page says nothing either way — the prompt to end the fight is the GM's alone
    (walked in the browser: a player was told "only one side is still standing" at the start of
    an ambush by hidden wolves) — and it says the same once the goblin falls too."""
    gm, encounter, keys = dh_fight
    _dh_initiative(gm, encounter)
    workflows.adjust(encounter.pk, gm, "down", keys["Vůdce skřetů"], hp=0, add="unconscious")
    client.force_login(gm)
    assert "Only one side is still standing" not in client.get(_url(encounter)).content.decode()
    client.force_login(_user("hrac"))
    standing = _views(client, encounter)
    for where, html in standing.items():
        assert "Only one side is still standing" not in html, where
    for key in keys.values():
        if key != keys["Baldur"]:
            workflows.adjust(encounter.pk, gm, f"down-{key}", key, hp=0, add="unconscious")
    client.force_login(gm)
    assert "Only one side is still standing" in client.get(_url(encounter)).content.decode()
    client.force_login(_user("hrac"))
    for where, html in _views(client, encounter).items():
        assert "Only one side is still standing" not in html, where


def test_a_line_logged_before_audiences_existed_is_read_as_it_was_then(client, dh_fight):
    """Old events cannot be re-declared (the log is append-only): their HP lines stay the GM's,
    their other lines everyone's, and the chain still verifies."""
    from combat.eventlog import chain_problems

    gm, encounter, keys = dh_fight
    summary = {"template": "%(name)s adjusted by the game master", "params": {"name": "Vůdce"}}
    hp_line = {
        "template": "%(target)s: %(before)s → %(hp)s životů",
        "params": {"target": "Vůdce", "before": 20, "hp": 13},
    }
    oc_line = {"template": "OČ %(oc)s (from the stat block)", "params": {"oc": 4}}
    outcome = {"summary": summary, "steps": [hp_line, oc_line], "rolls": [], "changes": []}
    outcome |= {"order": None, "stage": None, "notes": [], "data": {}}
    legacy = {"outcome": outcome}
    with transaction.atomic():  # written as the frame wrote it then: no payload class
        locked = Encounter.objects.select_for_update().get(pk=encounter.pk)
        workflow_frame.append(locked, gm, "legacy", "adjust", legacy)
    client.force_login(gm)
    assert "20 → 13 hit points" in client.get(_url(encounter)).content.decode()  # in English now
    client.force_login(_user("hrac"))
    for where, html in _views(client, encounter).items():
        assert "adjusted by the game master" in html and "OČ 4" in html, where
        assert "20 → 13" not in html, where
    assert chain_problems(Encounter.objects.get(pk=encounter.pk)) == []


def test_the_gm_sees_who_is_hidden_and_a_player_never_sees_the_mark(client, wolf_fight):
    """Found walking the page: the GM's tracker drew a hidden combatant like any other."""
    gm, encounter, _keys = wolf_fight
    client.force_login(gm)
    html = client.get(_url(encounter)).content.decode()
    wolf = html[html.index('data-combatant="Wolf"') :].split("</li>")[0]
    helga = html[html.index('data-combatant="Helga"') :].split("</li>")[0]
    assert "hidden-badge" in wolf and "hidden-badge" not in helga
    client.force_login(_user("hrac"))
    for where, page in _views(client, encounter).items():
        assert "hidden-badge" not in page, where
