"""Issue K, finding 2: every dice request's work is bounded (odds, quick roll, journal, the
`roll` command, the encounter's odds and the simulation).

The nastiest expressions go through the real endpoints; each must give an answer (exact, or an
estimate with its margin) or a clear refusal, never a 500. No wall-clock time is asserted (house
rule): what is asserted is the budget's decision and the bounded number of rolls behind an
estimate (tests/rules/test_budget.py checks the pure decisions one by one).
"""

import re

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.urls import reverse

from campaigns.models import JournalRoll, Post, Thread
from combat.models import Roll
from combat.rules.estimate import MIN_TRIALS, TRIALS
from combat.views import simulate as simulate_views

HTMX = {"HTTP_HX_REQUEST": "true"}

ESTIMATE = re.compile(r"Estimated from (\d+) rolls: each chance ±(\d+\.\d) points")

# expression → what the odds box must answer: "exact", "estimate", or a phrase of the refusal
NASTY = {
    "100d10!>=8+100d10!>=8": "cannot be rolled: most rolls would fail",  # finding 2: 15 s
    "200d6!>=2": "cannot be rolled: most rolls would fail",  # finding 2: 11 s
    "6d1000!kh3": "estimate",  # finding 2: never finished, or a RecursionError
    "1d6!!": "exact",
    "1d6!+1d6!+1d6!+1d6!+1d6!+1d6!+1d6!+1d6!+1d6!+1d6!": "estimate",
    "20d6!": "estimate",
    "200d2!": "cannot be rolled: most rolls would fail",
    "1000d1000": "at most 200 dice can be rolled at once",
    "50d100kh25": "estimate",
    "2d1000kh1": "estimate",  # a pool of 1000 outcomes: icepool would recurse 1000 deep
    "1d1000000": "a die has 2 to 1000 sides",
    "999999d6": "at most 200 dice can be rolled at once",
    "200d1000": "estimate",
    "10d6!kh3": "estimate",
    "190d6!!>=7": "cannot be rolled: most rolls would fail",
    "199d6!<=1": "cannot be rolled: most rolls would fail",
    "(((((((((((1d6)))))))))))": "nests parentheses",
    "1+" * 31 + "1d6": "more than 60 parts",
    "1d6" * 200: "longer than 100 characters",
    "1d20+5": "exact",
    "4d6!kh3": "exact",
    "8d6!!>=7": "exact",
}


def _odds(client, roles, expression, target="10"):  # type: ignore[no-untyped-def]
    url = reverse("combat:odds", args=[roles["campaign"].pk])
    return client.get(url, {"expression": expression, "target": target}, **HTMX)


@pytest.mark.parametrize(("expression", "expected"), NASTY.items(), ids=range(len(NASTY)))
def test_the_odds_box_answers_every_expression_within_its_budget(
    client, roles, expression, expected
):
    client.force_login(roles["player"])
    response = _odds(client, roles, expression)
    assert response.status_code == 200
    html = response.content.decode()
    estimate = ESTIMATE.search(html)
    if expected == "exact":
        assert estimate is None and "total ≥ 10:" in html
    elif expected == "estimate":
        assert estimate is not None and "total ≥ 10: ≈" in html
        rolls, margin = int(estimate.group(1)), float(estimate.group(2))
        assert MIN_TRIALS <= rolls <= TRIALS and 0 < margin <= 3.1
    else:
        assert estimate is None and "mt-1 odds" not in html  # no odds line, only the reason
        assert expected in html


def test_an_estimate_is_the_same_each_time_the_box_asks(client, roles):
    client.force_login(roles["player"])
    first = _odds(client, roles, "6d1000!kh3", "1500").content
    assert _odds(client, roles, "6D1000!KH3", "1500").content == first  # spelling aside


@pytest.mark.parametrize(
    ("expression", "outcome"),
    [
        ("200d6!>=2", "more than 200 dice rolled"),
        ("200d2!", "more than 200 dice rolled"),
        ("1000d1000", "at most 200 dice"),
        ("6d1000!kh3", None),
        ("200d1000", None),
        ("100d6!!>=7", None),
        ("1d1000000", "a die has 2 to 1000 sides"),
    ],
)
def test_a_quick_roll_is_bounded_by_the_dice_limits(client, roles, expression, outcome):
    client.force_login(roles["player"])
    url = reverse("combat:roll", args=[roles["campaign"].pk])
    data = {"expression": expression, "key": f"k-{expression}"}
    response = client.post(url, data, **HTMX)
    assert response.status_code == 200
    rolled = Roll.objects.filter(campaign=roles["campaign"], key=f"k-{expression}")
    if outcome is None:
        assert rolled.count() == 1 and len(rolled.get().faces) <= 200
    else:
        assert not rolled.exists() and outcome in response.content.decode()


@pytest.fixture
def thread(roles):  # type: ignore[no-untyped-def]
    return Thread.open(roles["campaign"], roles["gm"], "Scéna", "Začátek.", key="t-budget")


def test_a_journal_post_with_the_largest_dice_tags_is_rolled_or_refused(client, roles, thread):
    client.force_login(roles["player"])
    url = reverse("campaigns:journal_thread", args=[roles["campaign"].pk, thread.pk])
    body = " ".join(["[dice]200d1000[/dice]"] * 20)
    assert client.post(url, {"body": body, "key": "j1"}).status_code == 302
    assert JournalRoll.objects.filter(post__thread=thread).count() == 20
    too_many = " ".join(["[dice]1d6[/dice]"] * 21)
    response = client.post(url, {"body": too_many, "key": "j2"}, **HTMX)
    assert response.status_code == 200 and "at most 20 dice tags" in response.content.decode()
    exploding = "[dice]200d6![/dice]"  # always rolls more than 200 dice
    response = client.post(url, {"body": exploding, "key": "j3"}, **HTMX)
    assert response.status_code in (200, 400)
    assert "more than 200 dice rolled" in response.content.decode()
    assert not Post.objects.filter(thread=thread, key="j3").exists()


@pytest.mark.parametrize("tag", ["200d6!>=2", "1000d1000", "6d1000!kh3", "1d1000000"])
def test_the_journal_preview_answers_the_nastiest_tags(client, roles, tag):
    client.force_login(roles["player"])
    url = reverse("campaigns:journal_preview", args=[roles["campaign"].pk])
    response = client.post(url, {"body": f"Hod [dice]{tag}[/dice]"}, **HTMX)
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("expression", "refusal"),
    [
        ("200d6!>=2", "more than 200 dice rolled"),
        ("999999d6", "at most 200 dice"),
        ("1d6!" * 30, "longer than 100 characters"),
    ],
)
def test_the_roll_command_refuses_what_the_dice_limits_refuse(expression, refusal):
    with pytest.raises(CommandError, match=refusal):
        call_command("roll", expression)


def test_the_roll_command_rolls_the_largest_allowed_pool(capsys):
    call_command("roll", "200d1000", "--json")
    assert '"total"' in capsys.readouterr().out


@pytest.fixture
def prepared(db, django_user_model):  # type: ignore[no-untyped-def]
    from campaigns.demo import load_demo
    from combat.demo import load_demo_encounters
    from combat.models import Encounter

    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    cache.clear()
    encounter = Encounter.objects.get(name="Přepadení na stezce")
    url = reverse("combat:encounter_simulate", args=[encounter.campaign_id, encounter.pk])
    return {"gm": gm, "encounter": encounter, "url": url}


def test_a_fight_longer_than_the_budget_is_cut_short_with_a_clear_message(
    client, prepared, monkeypatch
):
    # No time at all: even the first fight stops in its first turn instead of playing on.
    monkeypatch.setattr(simulate_views, "BUDGET", 0.0)
    monkeypatch.setattr(simulate_views, "LIMIT", 0.0)
    client.force_login(prepared["gm"])
    response = client.get(prepared["url"], **HTMX)
    assert response.status_code == 200
    assert (
        "A single fight takes longer than the time limit of the simulation"
        in response.content.decode()
    )


def test_play_more_never_plays_past_the_requested_fights(client, prepared, monkeypatch):
    monkeypatch.setattr(simulate_views, "FIGHTS", 3)
    monkeypatch.setattr(simulate_views, "BUDGET", 30.0)  # the count, not the clock, stops it
    client.force_login(prepared["gm"])
    for _ in range(3):
        html = client.get(prepared["url"], {"more": "1"}, **HTMX).content.decode()
        assert re.search(r'data-fights="(\d+)"', html).group(1) == "3"


def test_the_encounter_odds_answer_hostile_parameters(client, prepared):
    encounter = prepared["encounter"]
    client.force_login(prepared["gm"])
    url = reverse("combat:encounter_odds", args=[encounter.campaign_id, encounter.pk])
    for query in (
        {"kind": "attack", "modifiers": "9" * 5000, "targets": ["x"] * 500},
        {"kind": "attack", "weapon": "1d6!" * 30},
    ):
        assert client.get(url, query, **HTMX).status_code in (200, 204)


def test_an_estimate_says_how_often_the_roll_would_fail(client, roles):
    # 166d6! rolls about 199 dice on average: some rolls pass the 200-dice limit, most do not.
    client.force_login(roles["player"])
    html = _odds(client, roles, "166d6!").content.decode()
    assert ESTIMATE.search(html) is not None
    failed = re.search(r"rolls over the dice limit: (\d+\.\d) %", html)
    assert failed is not None and 0 < float(failed.group(1)) < 50


def test_a_refused_quick_roll_says_so_next_to_the_expression_not_the_hidden_faces(client, roles):
    """Found walking the roller: "200d6!>=2" was refused next to the typed-faces field, which is
    hidden unless "Type my dice" is on — the player saw nothing happen."""
    client.force_login(roles["player"])
    url = reverse("combat:roll", args=[roles["campaign"].pk])
    response = client.post(url, {"expression": "200d6!>=2", "key": "k-hidden"}, **HTMX)
    html = response.content.decode()
    assert re.search(r'id="error_\d+_id_expression"><strong>more than 200 dice rolled', html)
    assert "id_faces_error" not in html
    typed = {"expression": "2d6", "typed": "on", "faces": "7, 1", "key": "k-t"}
    html = client.post(url, typed, **HTMX).content.decode()
    assert "id_faces_error" in html  # a typed face that does not fit is told at the faces
