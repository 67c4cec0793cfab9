"""Every system's demo: a prepared encounter and a finished fight whose log replays exactly."""

import pytest
from django.urls import reverse

from campaigns.demo import load_demo
from combat.demo import DEMOS, load_demo_encounters
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from combat.rules.systems import SYSTEMS


@pytest.fixture
def demos(db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    return gm


def test_every_system_with_an_engine_has_its_demo_fights():
    assert set(DEMOS) == set(SYSTEMS)


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_the_finished_demo_fight_replays_and_the_prepared_one_opens(
    system, demos, client, django_user_model
):
    (prepared, _build), (finished, _build2) = DEMOS[system]
    done = Encounter.objects.get(campaign__system=system, name=finished)
    assert done.status == "ended" and done.events.filter(type="action").exists()
    report = replay_encounter(export_encounter(done))
    assert report.ok, [str(d) for d in report.differences]
    ready = Encounter.objects.get(campaign__system=system, name=prepared)
    url = reverse("combat:encounter", args=[ready.campaign_id, ready.pk])
    for username in ("gm", "hrac"):
        client.force_login(django_user_model.objects.get(username=username))
        assert client.get(url).status_code == 200
        assert (
            client.get(reverse("combat:encounter", args=[done.campaign_id, done.pk])).status_code
            == 200
        )


def test_loading_the_demo_twice_adds_nothing(demos):
    assert load_demo_encounters(demos) == 0


def opened_before(session):  # type: ignore[no-untyped-def]
    """Encounters with an entry in the session's span (the prepared fight was made before)."""
    from django.db.models import Q

    start = session.opened_at.isoformat()
    end = session.closed_at.isoformat()
    return Q(events__created_at__gte=start, events__created_at__lt=end)


def test_the_demo_record_holds_a_session_per_campaign_and_the_tables_awards(demos):
    from combat.demo_record import load_demo_record
    from combat.models import LedgerEntry, PlaySession

    assert load_demo_record(demos) == len(DEMOS)
    assert load_demo_record(demos) == 0  # again: nothing more
    assert PlaySession.objects.filter(closed_at__isnull=False).count() == len(DEMOS)
    awarded = set(LedgerEntry.objects.values_list("campaign__system", flat=True))
    assert awarded == {key for key, system in SYSTEMS.items() if system.experience}
    helga = LedgerEntry.objects.get(campaign__system="dnd5e")
    assert (helga.character.name, helga.amount) == ("Helga", 50)  # the SRD goblin, CR 1/4
    for session in PlaySession.objects.all():
        fights = session.campaign.encounters.filter(name=session.title)
        assert fights.exists()  # the finished fight it holds
        assert session.campaign.encounters.filter(opened_before(session)).distinct().count() == 1
    from campaigns.models import RegisterReveal

    reveals = RegisterReveal.objects.all()
    assert reveals.count() == len(DEMOS)  # a foe met, in every demo campaign's register
    assert {(r.to, r.part) for r in reveals} == {(None, 1)}  # its name, to every player
