"""The encounter page: full page, live poll (204 when unchanged), actions, and secrecy."""

import re

from django.urls import reverse

from combat.models import Encounter

HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(fight, name="combat:encounter", *extra):
    encounter = fight["encounter"]
    return reverse(name, args=[encounter.campaign_id, encounter.pk, *extra])


def _player(client, django_user_model):
    client.force_login(django_user_model.objects.get(username="hrac"))
    return client


def test_gm_page_shows_tracker_log_and_the_action_panel(
    client, fight, django_assert_max_num_queries
):
    client.force_login(fight["gm"])
    with django_assert_max_num_queries(16):
        html = client.get(_url(fight)).content.decode()
    assert 'data-combatant="Baldur"' in html and 'data-combatant="Vůdce skřetů"' in html
    assert "Baldur acts" in html and "20 / 20" in html


def test_an_unchanged_poll_is_204_with_no_body(client, fight, django_assert_max_num_queries):
    client.force_login(fight["gm"])
    version = Encounter.objects.get(pk=fight["encounter"].pk).version
    with django_assert_max_num_queries(5):
        response = client.get(_url(fight), {"version": version}, **HTMX)
    assert response.status_code == 204 and response.content == b""


def test_a_changed_poll_returns_the_live_region(client, fight):
    client.force_login(fight["gm"])
    response = client.get(_url(fight), {"version": 0}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200 and html.lstrip().startswith('<div id="board"')


def test_gm_resolves_the_seed_attack_through_the_page(client, fight):
    client.force_login(fight["gm"])
    data = {"key": "page-1", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1"}  # fmt: skip
    html = client.post(_url(fight, "combat:encounter_action"), data, **HTMX).content.decode()
    assert "12 / 20" in html
    assert re.search(r"12\D+5", html)  # the log reads 12 vs 5


def test_players_see_the_goblins_health_as_words_never_numbers(client, fight, django_user_model):
    client.force_login(fight["gm"])
    data = {"key": "page-2", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1"}  # fmt: skip
    client.post(_url(fight, "combat:encounter_action"), data)
    player = _player(client, django_user_model)
    html = player.get(_url(fight)).content.decode()
    leader = html.split('data-combatant="Vůdce skřetů"')[1].split("</li>")[0]
    assert "wounded" in leader and "12" not in leader and "20" not in leader
    assert "12 / 20" not in html


def test_a_player_cannot_act_for_someone_elses_turn(client, fight, django_user_model):
    from combat import workflows

    workflows.next_turn(fight["encounter"].pk, fight["gm"], "to-the-goblin")
    player = _player(client, django_user_model)
    data = {"key": "p-1", "kind": "attack", "targets": [fight["baldur"]], "faces": "3, 1"}
    assert player.post(_url(fight, "combat:encounter_action"), data).status_code == 403


def test_the_owner_acts_on_their_characters_turn(client, fight, django_user_model):
    player = _player(client, django_user_model)  # hrac owns Baldur
    data = {"key": "p-2", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1"}  # fmt: skip
    player.post(_url(fight, "combat:encounter_action"), data)
    assert fight["encounter"].combatants.get(name="Vůdce skřetů").hp == 12


def test_turn_controls_undo_and_bad_faces_say_what_is_wrong(client, fight):
    client.force_login(fight["gm"])
    html = client.post(
        _url(fight, "combat:encounter_turn", "next"), {"turn-key": "n1", "turn-faces": "x"}, **HTMX
    ).content.decode()
    assert "whole numbers" in html
    client.post(_url(fight, "combat:encounter_turn", "undo"), {"turn-key": "u1"})
    encounter = Encounter.objects.get(pk=fight["encounter"].pk)
    assert encounter.round == 0 and encounter.status == "preparing"


def test_unknown_turn_step_is_404(client, fight):
    client.force_login(fight["gm"])
    assert (
        client.post(_url(fight, "combat:encounter_turn", "explode"), {"turn-key": "z"}).status_code
        == 404
    )


def test_older_log_entries_load_as_the_log_scrolls(client, fight):
    from combat import workflows

    for number in range(35):
        workflows.adjust(
            fight["encounter"].pk, fight["gm"], f"a{number}", fight["leader"], hp=number
        )
    client.force_login(fight["gm"])
    html = client.get(_url(fight)).content.decode()
    assert html.count('class="log-entry') == 30 and "?before=" in html
    oldest_shown = int(re.findall(r'data-seq="(\d+)"', html)[-1])
    older = client.get(_url(fight), {"before": oldest_shown}, **HTMX).content.decode()
    seqs = [int(s) for s in re.findall(r'data-seq="(\d+)"', older)]
    assert seqs == list(range(oldest_shown - 1, 0, -1))  # every older event, newest first


def test_secret_rolls_and_hidden_combatants_never_reach_a_players_html(
    client, fight, django_user_model
):
    from campaigns.models import Monster
    from combat import workflows

    goblin = Monster.objects.get(campaign=fight["encounter"].campaign, name="Skřet")
    workflows.add_combatants(fight["encounter"].pk, fight["gm"], "hid", record=goblin, hidden=True)
    client.force_login(fight["gm"])
    data = {"key": "secret-1", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1", "secret": "on"}  # fmt: skip
    gm_html = client.post(_url(fight, "combat:encounter_action"), data).content.decode()
    gm_page = client.get(_url(fight)).content.decode()
    assert "Attack 12" in gm_page and "Skřet" in gm_page  # the GM sees everything
    player = _player(client, django_user_model)
    pages = [player.get(_url(fight)).content.decode(),
             player.get(_url(fight), {"version": 0}, **HTMX).content.decode()]  # fmt: skip
    for html in pages:
        assert "rolled in secret" in html
        assert "Útok 12" not in html and "Obrana 5" not in html and "Skřet" not in html
        assert not re.search(r"\b(12|20) / 20\b", html)
    assert gm_html is not None


def test_the_action_panel_shows_the_exact_chance_to_hit_before_the_roll(client, fight):
    from fractions import Fraction

    from combat.fightstate import load_fight
    from combat.rules.base import Action
    from combat.rules.engines import get_engine
    from combat.rules.odds import chance_total_at_least
    from combat.rules.preview import preview

    client.force_login(fight["gm"])
    query = {"key": "o", "kind": "attack", "targets": [fight["leader"]], "weapon": "Široký meč"}
    html = client.get(_url(fight, "combat:encounter_odds"), query, **HTMX).content.decode()
    assert "Chance to hit" in html
    # Baldur's ÚČ 9 + exploding d6 against the leader's active OČ 4 + exploding d6: hit when >
    fight_state, _rows = load_fight(Encounter.objects.get(pk=fight["encounter"].pk))
    action = Action("attack", fight["baldur"], (fight["leader"],), weapon="Široký meč")
    result = preview(get_engine("draci_hlidka"), fight_state, action)
    exact = chance_total_at_least("1d6!+9-1d6!-4", 1)
    assert abs(result.hit - exact) <= result.uncovered + Fraction(1, 10**6)
    assert f"{float(result.hit) * 100:.1f}" in html


def test_the_odds_of_one_action_are_worked_out_once_per_fight_version(client, fight, monkeypatch):
    """Asked again for the same action in the same fight (a player going back to a weapon),
    the odds come from the cache; after any event of the fight they are worked out anew."""
    from combat import workflows
    from combat.views import odds

    worked: list[object] = []

    def counted(*args):
        worked.append(args[2])
        return preview(*args)

    preview = odds.preview
    monkeypatch.setattr(odds, "preview", counted)
    client.force_login(fight["gm"])
    query = {"key": "o", "kind": "attack", "targets": [fight["leader"]], "weapon": "Široký meč"}
    url = _url(fight, "combat:encounter_odds")
    first = client.get(url, query, **HTMX).content.decode()
    assert client.get(url, query, **HTMX).content.decode() == first
    assert len(worked) == 1
    client.get(url, {**query, "weapon": ""}, **HTMX)  # another action: its own odds
    assert len(worked) == 2
    workflows.adjust(fight["encounter"].pk, fight["gm"], "o-adj", fight["leader"], hp=5)
    assert client.get(url, query, **HTMX).status_code == 200
    assert len(worked) == 3  # the fight changed: worked out again


def test_players_propose_and_the_gm_accepts_or_rejects(client, fight, django_user_model):
    campaign = fight["encounter"].campaign
    campaign.players_propose = True
    campaign.save()
    player = _player(client, django_user_model)  # hrac owns Baldur, whose turn it is
    data = {"key": "prop-1", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1"}  # fmt: skip
    html = player.post(_url(fight, "combat:encounter_action"), data, **HTMX).content.decode()
    assert "waiting for the game master" in html
    leader = fight["encounter"].combatants.get(name="Vůdce skřetů")
    assert leader.hp == 20  # nothing happens until the GM decides
    client.force_login(fight["gm"])
    line = re.search(r'class="[^"]*proposal"[^>]*>\s*<span>(.*?)</span>\s*<form', client.get(
        _url(fight)).content.decode(), re.S)[1]  # fmt: skip
    assert "Attack" in line and "attack" not in line and "typed: 3, 1" in line  # the form's words
    seq = Encounter.objects.get(pk=fight["encounter"].pk).log_length
    accept = {"key": "acc-1", "decision": "accept"}
    html = client.post(
        _url(fight, "combat:encounter_proposal", seq), accept, **HTMX
    ).content.decode()
    leader.refresh_from_db()
    assert leader.hp == 12 and "Proposed actions" not in html  # the player's own dice: 12 vs 5
    player = _player(client, django_user_model)
    data["key"] = "prop-2"
    player.post(_url(fight, "combat:encounter_action"), data)
    client.force_login(fight["gm"])
    seq = Encounter.objects.get(pk=fight["encounter"].pk).log_length
    client.post(_url(fight, "combat:encounter_proposal", seq), {"key": "rej", "decision": "reject"})
    leader.refresh_from_db()
    assert leader.hp == 12
    assert "Proposed actions" not in client.get(_url(fight)).content.decode()


def test_the_gm_forms_load_when_asked_for(client, fight):
    client.force_login(fight["gm"])
    page = client.get(_url(fight)).content.decode()
    assert 'name="record"' not in page and "gm-forms/" in page  # not rendered on every change
    forms = client.get(_url(fight, "combat:encounter_gm_forms"), **HTMX).content.decode()
    assert 'name="record"' in forms and 'name="position"' in forms and "<html" not in forms
    assert "<html" in client.get(_url(fight, "combat:encounter_gm_forms")).content.decode()


def test_a_proposal_with_faces_no_die_shows_is_refused_to_the_player_at_once(
    client, fight, django_user_model
):
    """The walk's finding: a 9 on a d6 was proposed, and only the GM's accept said no."""
    campaign = fight["encounter"].campaign
    campaign.players_propose = True
    campaign.save()
    player = _player(client, django_user_model)
    length = Encounter.objects.get(pk=fight["encounter"].pk).log_length
    for key, faces in (("bad-1", "9, 9"), ("bad-2", "3"), ("bad-3", "3, 1, 4")):
        data = {"key": key, "kind": "attack", "targets": [fight["leader"]],
                "weapon": "Široký meč", "faces": faces}  # fmt: skip
        answer = player.post(_url(fight, "combat:encounter_action"), data, **HTMX)
        html = answer.content.decode()
        assert answer.status_code == 200 and "is-invalid" in html, faces
        assert "waiting for the game master" not in html
    assert Encounter.objects.get(pk=fight["encounter"].pk).log_length == length  # nothing kept


def test_the_answer_to_ones_own_action_says_what_it_did_at_the_top_of_the_panel(
    client, fight, django_user_model
):
    """The walk's finding: on a phone the window stays at the form, far above the log; the
    panel's first line tells the player what their action did."""
    player = _player(client, django_user_model)
    data = {"key": "own-1", "kind": "attack", "targets": [fight["leader"]],
            "weapon": "Široký meč", "faces": "3, 1"}  # fmt: skip
    html = player.post(_url(fight, "combat:encounter_action"), data, **HTMX).content.decode()
    result = re.search(r'class="[^"]*own-result[^"]*"[^>]*>([^<]*)<', html)
    assert result is not None and "Baldur" in result[1] and "Vůdce skřetů" in result[1]
    page = player.get(_url(fight)).content.decode()
    assert "own-result" not in page  # only the answer to one's own post


def test_dice_and_initiative_read_without_sight(client, fight):
    """Issue M: a die says what its colour and strike-through show ("6, exploded"), the
    initiative's ⚡ is not read out as "high voltage", a skip link leads past the menus, and the
    open tab says so."""
    client.force_login(fight["gm"])
    url = _url(fight, "combat:encounter_action")
    data = {"key": "sight", "kind": "attack", "targets": [fight["leader"]], "weapon": "Široký meč"}
    assert client.post(url, {**data, "faces": "6, 3, 1"}).status_code == 302
    html = client.get(_url(fight)).content.decode()
    assert 'role="img" aria-label="6, exploded">6</span>' in html
    assert 'role="img" aria-label="3">3</span>' in html
    assert (
        '<span aria-hidden="true">⚡</span><span class="visually-hidden">initiative </span>' in html
    )
    assert 'href="#main"' in html and '<main id="main"' in html
    assert html.count('aria-current="page"') == 1  # the campaign's tab that is open
