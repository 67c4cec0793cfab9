"""A proposal committed while the GM's post waited for the encounter's lock is on the GM's
answer (red team: on PostgreSQL a `SELECT … FOR UPDATE` that waited returns the newest
encounter row but evaluates an EXISTS in it on the snapshot it started with; the locked read
therefore never says whether a proposal waits, combat.views.common.encounter_of)."""

import re
import threading
import time

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from combat.models import Encounter, OpenProposal

HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(fight, name="combat:encounter", *extra):
    encounter = fight["encounter"]
    return reverse(name, args=[encounter.campaign_id, encounter.pk, *extra])


@pytest.mark.django_db(transaction=True)
def test_a_proposal_committed_while_the_gm_waited_is_on_the_gms_answer(fight, django_user_model):
    campaign = fight["encounter"].campaign
    campaign.players_propose = True
    campaign.save()
    player = django_user_model.objects.get(username="hrac")
    holding, errors = threading.Event(), []

    def propose() -> None:  # the player's post, its commit held back while the GM posts
        try:
            client = Client()
            client.force_login(player)
            data = {"key": "race", "kind": "attack", "targets": [fight["leader"]]}
            data |= {"weapon": "Široký meč", "faces": "3, 1"}
            with transaction.atomic():
                client.post(_url(fight, "combat:encounter_action"), data, **HTMX)
                holding.set()
                time.sleep(1.5)
        except Exception as error:  # pragma: no cover - reported below
            errors.append(error)
            holding.set()
        finally:
            connection.close()

    thread = threading.Thread(target=propose)
    thread.start()
    assert holding.wait(10)
    time.sleep(0.3)  # the GM's post now waits for the player's lock
    gm = Client()
    gm.force_login(fight["gm"])
    answer = gm.post(_url(fight, "combat:encounter_turn", "next"), {"turn-key": "n"}, **HTMX)
    thread.join()
    assert not errors, errors
    encounter = Encounter.objects.get(pk=fight["encounter"].pk)
    assert OpenProposal.objects.filter(encounter=encounter).count() == 1
    html = answer.content.decode()
    assert int(re.search(r'data-version="(\d+)"', html)[1]) == encounter.version
    assert "Proposed actions" in html  # the GM's next poll is a 204: this answer is all it sees
