"""One-time keys belong to one user; every check that guards a write runs inside its lock.

Issue K, findings 5, 7 and 8. The turn controls' key was a hash of what a player also sees, so a
player who posted his own action with it made the GM's Next turn, Undo and End do nothing. Keys
are now random, issued per render, and looked up per (encounter, user, key): nobody else's post
can consume or block mine. The races (two GMs demoting each other or leaving at once, a
proposal decided twice, a journal roll used by two encounters, a one-use invite joined twice)
run with threads released together by a barrier, each looped 20 times; they run on SQLite too,
where IMMEDIATE transactions serialise writers, and matter most on PostgreSQL.
"""

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.demo import load_demo
from campaigns.models import (
    Campaign,
    Character,
    Invite,
    JournalRoll,
    Membership,
    Monster,
    Role,
    Thread,
)
from combat import workflows
from combat.models import Encounter, Event
from combat.rules.base import Action
from combat.rules.faces import TypedFaces
from tests.security.races import at_once

HTMX = {"HTTP_HX_REQUEST": "true"}

LOOPS = 20
BALDUR_HITS = {"kind": "attack", "weapon": "Široký meč", "faces": "3, 1"}


def _new_fight(gm: Any, campaign: Campaign, name: str = "Stezka") -> dict[str, Any]:
    """Baldur (hrac's) against the goblin leader, initiative rolled: Baldur's turn."""
    encounter = workflows.create_encounter(campaign, name, gm)
    baldur = Character.objects.get(campaign=campaign, name="Baldur")
    leader = Monster.objects.get(campaign=campaign, name="Vůdce skřetů")
    workflows.add_combatants(encounter.pk, gm, f"{name}-add-1", record=baldur, side="party")
    workflows.add_combatants(encounter.pk, gm, f"{name}-add-2", record=leader)
    workflows.roll_initiative(encounter.pk, gm, f"{name}-init", typed_faces=[5, 2])
    encounter.refresh_from_db()
    keys = {c.name: c.key for c in encounter.combatants.all()}
    return {"encounter": encounter, "baldur": keys["Baldur"], "leader": keys["Vůdce skřetů"]}


@pytest.fixture
def table(db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    player = django_user_model.objects.get(username="hrac")  # owns Baldur
    campaign = Campaign.objects.get(system="draci_hlidka")
    return {"gm": gm, "player": player, "campaign": campaign, **_new_fight(gm, campaign)}


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _url(table: dict[str, Any], name: str = "combat:encounter", *extra: Any) -> str:
    encounter = table["encounter"]
    return reverse(name, args=[encounter.campaign_id, encounter.pk, *extra])


def _turn_key(html: str) -> str:
    found = re.search(r'name="turn-key" value="([^"]+)"', html)
    assert found, "the GM's turn controls carry no key"
    return found.group(1)


def _action_form(html: str) -> tuple[str, str]:
    """(the action form's id, its key)."""
    found = re.search(r'<form id="(action-[^"]+)".*?name="key" value="([^"]+)"', html, re.DOTALL)
    assert found, "no action form on the page"
    return found.group(1), found.group(2)


def _actions(table: dict[str, Any], user: Any) -> int:
    return Event.objects.filter(encounter=table["encounter"], type="action", user=user).count()


# --- finding 5: one-time keys are random and belong to one user -------------------------------


def test_a_player_posting_with_the_gms_turn_key_does_not_jam_next_turn(table):
    gm, player = _client(table["gm"]), _client(table["player"])
    key = _turn_key(gm.get(_url(table)).content.decode())
    attack = {**BALDUR_HITS, "key": key, "targets": [table["leader"]]}
    player.post(_url(table, "combat:encounter_action"), attack, **HTMX)
    assert _actions(table, table["player"]) == 1  # his own action is his, with any key

    html = gm.post(
        _url(table, "combat:encounter_turn", "next"), {"turn-key": key}, **HTMX
    ).content.decode()
    assert Encounter.objects.get(pk=table["encounter"].pk).current == table["leader"]
    assert 'role="alert"' not in html
    gm.post(_url(table, "combat:encounter_turn", "undo"), {"turn-key": _turn_key(html)}, **HTMX)
    assert Encounter.objects.get(pk=table["encounter"].pk).current == table["baldur"]


def test_a_key_someone_else_used_first_blocks_nothing(table):
    """Whoever used the same key first, mine still acts once, and my retry is answered once."""
    gm, player = _client(table["gm"]), _client(table["player"])
    adjust = {"key": "shared-1", "combatant": table["leader"], "hp": "19"}
    gm.post(_url(table, "combat:encounter_adjust"), adjust, **HTMX)
    assert Event.objects.filter(encounter=table["encounter"], type="adjust").count() == 1
    attack = {**BALDUR_HITS, "key": "shared-1", "targets": [table["leader"]]}
    answers = [
        player.post(_url(table, "combat:encounter_action"), attack, **HTMX) for _ in range(2)
    ]
    assert [answer.status_code for answer in answers] == [200, 200]
    assert _actions(table, table["player"]) == 1
    assert table["encounter"].combatants.get(pk=int(table["leader"][1:])).hp == 19 - 8


def test_keys_are_random_and_carry_no_state(table):
    gm, player = _client(table["gm"]), _client(table["player"])
    turn_keys = {_turn_key(gm.get(_url(table)).content.decode()) for _ in range(3)}
    action_keys = {_action_form(player.get(_url(table)).content.decode())[1] for _ in range(3)}
    assert len(turn_keys) == 3 and len(action_keys) == 3  # the same state, new keys each time
    encounter = table["encounter"]
    for key in turn_keys | action_keys:
        assert len(key) >= 32
        assert f"{encounter.pk}-{table['gm'].pk}" not in key
        assert f"{encounter.pk}-{table['player'].pk}" not in key


def test_a_poll_carries_no_form_and_no_key(table):
    """The board is the only region polled (issue L): no form and no one-time key rides on a
    poll, so nothing a poll brings replaces what a user is typing or the key their form holds."""
    for user in (table["gm"], table["player"]):
        polled = _client(user).get(_url(table) + "?version=0", **HTMX).content.decode()
        assert polled.lstrip().startswith('<div id="board"')
        assert "<form" not in polled and 'name="key"' not in polled and "turn-key" not in polled


def test_a_form_kept_in_the_page_keeps_a_key_that_still_acts_once(table):
    """The page keeps its panel while it polls: the key its first render gave still acts, once."""
    player = _client(table["player"])
    _id, first_key = _action_form(player.get(_url(table)).content.decode())
    player.get(_url(table) + "?version=0", **HTMX)  # polls come and go
    attack = {**BALDUR_HITS, "key": first_key, "targets": [table["leader"]]}
    answers = [
        player.post(_url(table, "combat:encounter_action"), attack, **HTMX) for _ in range(2)
    ]
    assert _actions(table, table["player"]) == 1  # a double submit is one action
    assert all('role="alert"' not in answer.content.decode() for answer in answers)


def test_the_gms_turn_form_is_new_after_the_gm_acts(table):
    gm = _client(table["gm"])
    html = gm.get(_url(table)).content.decode()
    key = _turn_key(html)
    typed_id = re.search(r'name="turn-faces"[^>]*id="([^"]+)"', html)[1]
    answer = gm.post(_url(table, "combat:encounter_turn", "next"), {"turn-key": key}, **HTMX)
    html = answer.content.decode()
    assert _turn_key(html) != key  # a fresh form with a new one-time key
    assert re.search(r'name="turn-faces"[^>]*id="([^"]+)"', html)[1] != typed_id


# --- races: the check runs inside the write's lock --------------------------------------------


def _statuses(answers: list[Any]) -> list[int]:
    assert not [a for a in answers if isinstance(a, BaseException)], answers
    return sorted(answer.status_code for answer in answers)


@pytest.fixture
def two_gms(transactional_db, make_user):  # type: ignore[no-untyped-def]
    campaign = Campaign.objects.create(name="Dva vládci", system="draci_hlidka")
    first, second = make_user("vladce1"), make_user("vladce2")
    Membership.objects.create(campaign=campaign, user=make_user("hrac1"))
    return campaign, first, second


def _crown(campaign: Campaign, *users: Any) -> list[Membership]:
    """Both users GMs of the campaign again (after a round of the race)."""
    memberships = []
    for user in users:
        membership, _created = Membership.objects.update_or_create(
            campaign=campaign, user=user, defaults={"role": Role.GM}
        )
        memberships.append(membership)
    return memberships


def test_two_gms_demoting_each_other_at_once_leave_one_gm(two_gms):
    campaign, first, second = two_gms
    clients = [_client(first), _client(second)]
    for _ in range(LOOPS):
        mine, theirs = _crown(campaign, first, second)
        urls = [reverse("campaigns:member_role", args=[campaign.pk, m.pk]) for m in (theirs, mine)]
        answers = at_once(
            [
                lambda c=c, u=u: c.post(u, {"role": "player"}, **HTMX)
                for c, u in zip(clients, urls, strict=True)
            ]
        )
        assert _statuses(answers) in ([200, 200], [200, 403])
        assert campaign.gm_count() == 1


def test_two_gms_removing_each_other_at_once_leave_one_gm(two_gms):
    campaign, first, second = two_gms
    clients = [_client(first), _client(second)]
    for _ in range(LOOPS):
        mine, theirs = _crown(campaign, first, second)
        urls = [
            reverse("campaigns:member_remove", args=[campaign.pk, m.pk]) for m in (theirs, mine)
        ]
        answers = at_once(
            [lambda c=c, u=u: c.post(u, **HTMX) for c, u in zip(clients, urls, strict=True)]
        )
        assert 500 not in _statuses(answers)
        assert campaign.gm_count() == 1


def test_two_gms_leaving_at_once_leave_one_gm(two_gms):
    campaign, first, second = two_gms
    clients = [_client(first), _client(second)]
    url = reverse("campaigns:leave", args=[campaign.pk])
    for _ in range(LOOPS):
        _crown(campaign, first, second)
        answers = at_once([lambda c=c: c.post(url) for c in clients])
        assert _statuses(answers) == [302, 302]
        assert campaign.gm_count() == 1


@pytest.fixture
def proposing(transactional_db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    campaign = Campaign.objects.get(system="draci_hlidka")
    campaign.players_propose = True
    campaign.save()
    second_gm = django_user_model.objects.create_user(username="druhy", password="pw")
    Membership.objects.create(campaign=campaign, user=second_gm, role=Role.GM)
    player = django_user_model.objects.get(username="hrac")
    return {"gm": gm, "second_gm": second_gm, "player": player, "campaign": campaign}


def _proposal(proposing: dict[str, Any], number: int) -> tuple[dict[str, Any], int]:
    """A fresh fight in which the player proposed Baldur's blow; (the fight, its seq)."""
    table = {**proposing, **_new_fight(proposing["gm"], proposing["campaign"], f"F{number}")}
    attack = {**BALDUR_HITS, "key": f"prop-{number}", "targets": [table["leader"]]}
    _client(table["player"]).post(_url(table, "combat:encounter_action"), attack, **HTMX)
    proposed = Event.objects.get(encounter=table["encounter"], type="proposed")
    return table, proposed.seq


def _decisions(table: dict[str, Any], seq: int) -> list[str]:
    events = Event.objects.filter(encounter=table["encounter"], type__in=("action", "rejected"))
    return [e.type for e in events if e.payload.get("proposal") == seq]


@pytest.mark.parametrize("second", ["accept", "reject"])
def test_a_proposal_decided_twice_at_once_is_decided_once(proposing, second):
    clients = [_client(proposing["gm"]), _client(proposing["second_gm"])]
    for number in range(LOOPS):
        table, seq = _proposal(proposing, number)
        url = _url(table, "combat:encounter_proposal", seq)
        posts = [
            {"key": f"a-{number}", "decision": "accept"},
            {"key": f"b-{number}", "decision": second},
        ]
        answers = at_once(
            [
                lambda c=c, d=d, u=url: c.post(u, d, **HTMX)
                for c, d in zip(clients, posts, strict=True)
            ]
        )
        assert _statuses(answers) == [200, 200]
        assert len(_decisions(table, seq)) == 1, _decisions(table, seq)
        pages = [answer.content.decode() for answer in answers]
        assert sum("already decided" in page for page in pages) == 1  # the loser is told


def test_a_players_action_racing_next_turn_never_lands_in_the_next_turn(proposing):
    """Whose turn it is guards a player's action; it is judged again inside the lock."""
    campaign = proposing["campaign"]
    campaign.players_propose = False
    campaign.save()
    gm, player = _client(proposing["gm"]), _client(proposing["player"])
    for number in range(LOOPS):
        table = {**proposing, **_new_fight(proposing["gm"], campaign, f"T{number}")}
        attack = {**BALDUR_HITS, "key": f"hit-{number}", "targets": [table["leader"]]}
        answers = at_once(
            [
                lambda t=table, a=attack: player.post(
                    _url(t, "combat:encounter_action"), a, **HTMX
                ),
                lambda t=table, n=number: gm.post(
                    _url(t, "combat:encounter_turn", "next"), {"turn-key": f"next-{n}"}, **HTMX
                ),
            ]
        )
        assert 500 not in _statuses(answers)
        for event in Event.objects.filter(encounter=table["encounter"], type="action"):
            assert event.payload["encounter"]["before"]["current"] == table["baldur"]


@pytest.fixture
def dice_pool(transactional_db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    player = django_user_model.objects.get(username="hrac")  # plays Hráč A
    return {"gm": gm, "player": player, "campaign": Campaign.objects.get(system="dice_pool")}


def _dog_fight(dice_pool: dict[str, Any], name: str) -> Encounter:
    """Player A against the dog; the dog rolled 4; A's turn."""
    gm, campaign = dice_pool["gm"], dice_pool["campaign"]
    encounter = workflows.create_encounter(campaign, name, gm)
    dog = Monster.objects.get(campaign=campaign, name="Pes")
    hero = Character.objects.get(campaign=campaign, name="Hráč A")
    workflows.add_combatants(encounter.pk, gm, f"{name}-1", record=dog)
    workflows.add_combatants(encounter.pk, gm, f"{name}-2", record=hero, side="party")
    workflows.roll_initiative(encounter.pk, gm, f"{name}-3")
    keys = {c.name: c.key for c in Encounter.objects.get(pk=encounter.pk).combatants.all()}
    workflows.resolve_action(encounter.pk, gm, f"{name}-4", Action("fight_roll", keys["Pes"]), [4])
    workflows.next_turn(encounter.pk, gm, f"{name}-5")
    return encounter


def test_a_journal_roll_used_in_two_encounters_at_once_is_used_once(dice_pool):
    campaign, player = dice_pool["campaign"], dice_pool["player"]
    clients = [_client(player), _client(player)]
    data = {"kind": "fight_roll", "value_primary": "Boj s dýkou", "value_secondary": "Obratnost"}
    for number in range(LOOPS):
        fights = [_dog_fight(dice_pool, f"Pes {number}-{n}") for n in range(2)]
        Thread.open(
            campaign,
            player,
            f"Brána {number}",
            "Bodám! [dice]3d6[/dice]",
            key=f"t{number}",
            faces=TypedFaces([3, 3, 3]),
        )
        roll = JournalRoll.objects.filter(campaign=campaign).latest("pk")
        posts = [
            (
                reverse("combat:encounter_action", args=[campaign.pk, fight.pk]),
                {**data, "journal_roll": str(roll.pk), "key": f"j{number}-{n}"},
            )
            for n, fight in enumerate(fights)
        ]
        answers = at_once(
            [lambda c=c, p=p: c.post(*p, **HTMX) for c, p in zip(clients, posts, strict=True)]
        )
        assert _statuses(answers) == [200, 200]
        used = Event.objects.filter(encounter__in=fights, payload__journal_roll=roll.pk)
        assert used.count() == 1


def test_a_one_use_invite_joined_by_two_at_once_lets_one_in(transactional_db, make_user):
    campaign = Campaign.objects.create(name="Jedno místo", system="draci_hlidka")
    gm = make_user("pan")
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    for number in range(LOOPS):
        invite = Invite.objects.create(campaign=campaign, created_by=gm, max_uses=1)
        url = reverse("campaigns:invite_accept", args=[invite.token])
        joiners = [_client(make_user(f"j{number}-{n}")) for n in range(2)]
        answers = at_once([lambda c=c, u=url: c.post(u) for c in joiners])
        assert _statuses(answers) == [302, 410]
        invite.refresh_from_db()
        assert invite.uses == 1
        assert campaign.memberships.filter(user__username__startswith=f"j{number}-").count() == 1
