"""The quick-roll box: typed physical dice, every face kept, odds, and an append-only log."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from combat.models import AppendOnlyError, Roll
from combat.rules.dice import replay

HTMX = {"HTTP_HX_REQUEST": "true"}


def _roll(client, roles, expression, faces=None, key="k1", **headers):
    data = {"expression": expression, "key": key}
    if faces is not None:
        data.update(typed="on", faces=faces)
    return client.post(reverse("combat:roll", args=[roles["campaign"].pk]), data, **headers)


def test_typed_faces_for_an_exploding_d6_show_15_and_two_sixes(client, roles):
    client.force_login(roles["player"])
    response = _roll(client, roles, "1d6!", "6, 6, 3", **HTMX)
    html = response.content.decode()
    roll = Roll.objects.get()
    assert (roll.total, roll.faces, roll.typed, roll.user) == (15, [6, 6, 3], True, roles["player"])
    assert roll.result["sixes"] == 2
    assert '<strong class="roll-total">15</strong>' in html and "2 sixes" in html
    assert html.count("die-exploded") >= 2


def test_the_log_replays_to_the_same_result(client, roles):
    client.force_login(roles["gm"])
    _roll(client, roles, "8d6!!>=7")
    roll = Roll.objects.get()
    assert replay(roll.expression, roll.faces).to_dict() == roll.result


def test_too_few_typed_faces_say_how_many_more_to_roll(client, roles):
    client.force_login(roles["gm"])
    response = _roll(client, roles, "1d6!", "6", **HTMX)
    html = response.content.decode()
    assert "roll 1 more d6 (the six explodes)" in html
    assert 'id="id_faces"' in html and "is-invalid" in html
    assert not Roll.objects.exists()


def test_bad_expression_is_reported_next_to_it_and_kept(client, roles):
    client.force_login(roles["gm"])
    html = _roll(client, roles, "2d20kh9", **HTMX).content.decode()
    assert "2d20kh9" in html and "is-invalid" in html
    assert not Roll.objects.exists()


def test_dice_errors_are_translated(client, roles):
    client.force_login(roles["gm"])
    response = _roll(client, roles, "1d6!", "6", HTTP_ACCEPT_LANGUAGE="cs", **HTMX)
    assert "hoďte ještě 1 k6" in response.content.decode()


def test_the_same_form_twice_records_one_roll(client, roles):
    client.force_login(roles["gm"])
    _roll(client, roles, "3d6", key="same")
    _roll(client, roles, "3d6", key="same")
    assert Roll.objects.count() == 1


def test_without_javascript_a_roll_redirects_to_the_log(client, roles):
    client.force_login(roles["player"])
    response = _roll(client, roles, "2d20kh1+5")
    assert response.status_code == 302
    assert response["Location"] == reverse("combat:rolls", args=[roles["campaign"].pk])
    page = client.get(response["Location"]).content.decode()
    assert "2d20kh1+5" in page and 'data-roll="' in page


def test_without_javascript_errors_render_the_log_page_with_the_message(client, roles):
    client.force_login(roles["player"])
    response = _roll(client, roles, "1d0")
    assert response.status_code == 200 and "is-invalid" in response.content.decode()


def test_rolls_cannot_be_edited_or_deleted(roles):
    from combat.services import quick_roll

    roll, _ = quick_roll(roles["campaign"], roles["gm"], "1d20", key="x")
    roll.total = 20
    with pytest.raises(AppendOnlyError):
        roll.save()
    with pytest.raises(AppendOnlyError):
        roll.delete()
    with pytest.raises(AppendOnlyError):
        Roll.objects.filter(pk=roll.pk).update(total=1)
    with pytest.raises(AppendOnlyError):
        Roll.objects.all().delete()


def test_outsiders_cannot_roll_in_a_campaign(client, roles):
    client.force_login(roles["outsider"])
    assert _roll(client, roles, "1d20").status_code == 404


@pytest.mark.parametrize(
    ("expression", "target", "expected"),
    [("1d20+5", "15", "total ≥ 15: 55.0 %"), ("2d20kh1+5", "15", "total ≥ 15: 79.8 %"),
     ("8d6!!>=7", "", "1+ successes: 76.7 %"), ("1d6!", "", "2+ sixes: 2.8 %")],
)  # fmt: skip
def test_odds_are_shown_before_the_roll(client, roles, expression, target, expected):
    client.force_login(roles["player"])
    url = reverse("combat:odds", args=[roles["campaign"].pk])
    html = client.get(url, {"expression": expression, "target": target}, **HTMX).content.decode()
    assert expected in html


def test_campaign_page_carries_the_quick_roll_box(client, roles, django_assert_max_num_queries):
    client.force_login(roles["player"])
    with django_assert_max_num_queries(9):
        html = client.get(reverse("campaigns:detail", args=[roles["campaign"].pk])).content.decode()
    assert 'id="roller"' in html and 'id="roll-log"' in html


def test_roll_command_prints_json(capsys):
    call_command("roll", "1d6!", "--faces", "6,6,3", "--json")
    data = json.loads(capsys.readouterr().out)
    assert (data["total"], data["sixes"], data["fumble"]) == (15, 2, False)
    assert [die["faces"] for die in data["dice"]] == [[6], [6], [3]]


def test_roll_command_refuses_bad_input():
    with pytest.raises(CommandError, match="more d6"):
        call_command("roll", "1d6!", "--faces", "6")
