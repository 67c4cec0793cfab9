"""A player's character save racing the GM's (red team finding 7, issue K).

The character edit page checked the owner on the row it read at the start of the request and
then wrote every column of that row: a GM who handed the character to another player (and
edited the GM's notes) while the player's save was on its way was silently undone. The save now
locks the row, checks the owner again inside the lock and writes only the fields its form
edits. Here the two saves are real requests released together by a barrier, 20 times; the race
matters on PostgreSQL (SQLite's IMMEDIATE transactions serialise the writers anyway).
"""

import time
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import Character, Membership
from campaigns.recordforms import character_form_class
from tests.security.races import at_once

LOOPS = 20


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _gm_form_data(character: Character, **changes: Any) -> dict[str, Any]:
    """What the GM's edit form posts when the GM changes only `changes`: every other field as
    the page showed it."""
    form = character_form_class(character, gm=True)(instance=character)
    data = {}
    for name in form.fields:
        if name == "portrait":
            continue  # no new file: the portrait stays
        value = form[name].value()
        data[name] = "" if value is None else value
    return {**data, **changes}


@pytest.mark.django_db(transaction=True)
def test_a_players_save_racing_the_gms_handover_never_undoes_it(roles, make_user):
    campaign, character = roles["campaign"], roles["character"]
    player, other = roles["player"], make_user("other")
    Membership.objects.create(campaign=campaign, user=other)
    gm, me = _client(roles["gm"]), _client(player)
    url = reverse("campaigns:character_edit", args=[campaign.pk, character.pk])
    outcomes = set()
    for round_ in range(LOOPS):
        Character.objects.filter(pk=character.pk).update(owner=player, notes="", name="Baldur")
        character.refresh_from_db()
        handover = _gm_form_data(character, owner=other.pk, notes=f"Other's now ({round_}).")
        lag = (round_ % 5) * 0.004  # the player's request a little later each round: both orders

        def mine(lag: float = lag) -> Any:
            time.sleep(lag)
            return me.post(url, {"name": "Baldur the Bold"})

        answers = at_once([lambda handover=handover: gm.post(url, handover), mine])
        assert not [a for a in answers if isinstance(a, BaseException)], answers
        assert answers[0].status_code == 302, answers[0].content.decode()[:500]
        assert answers[1].status_code in (302, 403)
        outcomes.add(answers[1].status_code)
        character.refresh_from_db()
        assert (character.owner_id, character.notes) == (other.pk, f"Other's now ({round_}).")
        if answers[1].status_code == 403:  # refused inside the lock: nothing of it was written
            assert character.name == "Baldur"
    print("player's answers seen:", sorted(outcomes))
