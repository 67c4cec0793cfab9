"""Issue Q's done-when: the record's every number is traced to the log. For each system's
finished demo fight the draft is read back and checked against the log and the fight's end:
its rounds are the fight's, every entry it cites (#n) is a live entry of the log that players
see, the fallen are exactly those the fight ended down, and what each character took is the
hit points the fight cost them."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser

from campaigns.demo import load_demo
from combat.demo import DEMOS, load_demo_encounters
from combat.display import down_conditions
from combat.fight_record import record_of, record_text
from combat.models import Encounter, Event
from combat.visibility import Viewer, entry_keys, entry_shown


@pytest.fixture
def finished(db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    load_demo_encounters(django_user_model.objects.get(username="gm"))


def _draft(encounter: Encounter) -> str:
    rows = list(encounter.combatants.select_related("character"))
    return record_text(record_of(encounter, rows, down_conditions(encounter.system)), rows,
                       encounter.system)  # fmt: skip


def _section(draft: str, heading: str) -> list[str]:
    found = re.search(rf"\*\*{heading}\*\*\n(.*?)(?:\n\n|$)", draft, re.S)
    return found[1].splitlines() if found else []


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_each_number_of_the_demo_fights_record_comes_from_its_log(finished, system):
    encounter = Encounter.objects.get(campaign__system=system, name=DEMOS[system][1][0])
    draft = _draft(encounter)
    rounds = int(re.match(r"\*\*.+\*\* — (\d+) rounds?", draft)[1])
    assert rounds == encounter.round
    live = {e.seq: e for e in Event.objects.filter(encounter=encounter, struck__isnull=True)}
    rows = list(encounter.combatants.all())
    player = Viewer.of(encounter, rows, AnonymousUser(), gm=False)  # a player's eyes
    for cited in map(int, re.findall(r"#(\d+)", draft)):
        event = live[cited]  # a live entry, not one undone
        keys = entry_keys(event.type, event.payload)
        assert entry_shown(player, keys, bool(event.payload.get("secret"))), cited
    down = down_conditions(system)
    ended_down = {c.name for c in encounter.combatants.all()
                  if not c.hidden and (c.hp <= 0 or down & set(c.conditions))}  # fmt: skip
    fallen = {line.split(":")[0] for line in _section(draft, "Fallen")}
    assert fallen == ended_down
    for row in encounter.combatants.exclude(character=None).filter(is_npc=False):
        took = re.search(rf"{re.escape(row.name)} dealt \d+, took (\d+)", draft)
        assert took is not None and int(took[1]) == row.max_hp - row.hp, row.name


def test_resources_spent_are_read_from_the_logs_changes(finished):
    encounter = Encounter.objects.get(campaign__system="shadowrun3", name=DEMOS["shadowrun3"][1][0])
    assert "**Resources spent**\nLiam — rounds fired: 1" in _draft(encounter)  # one SA shot
    ose = Encounter.objects.get(campaign__system="ose", name=DEMOS["ose"][1][0])
    assert "Resources spent" not in _draft(ose)  # nobody cast a spell


def test_each_systems_spending_reads_its_own_state():
    from combat.rules.ose.resources import spending as ose_spending
    from combat.rules.shadowrun3.resources import spending as sr3_spending

    turn = {"kind": "turn", "before": {"pool": 7, "pool_max": 7, "fired": {"key": "1.1", "rounds": 3}},
            "value": {"pool": 4, "pool_max": 7, "fired": {"key": "1.1", "rounds": 6}}}  # fmt: skip
    assert [(s.what.en, s.amount) for s in sr3_spending(turn)] == [
        ("combat pool dice", 3),
        ("rounds fired", 3),
    ]
    refill = {
        "kind": "turn",
        "before": {"pool": 1, "pool_max": 7},
        "value": {"pool": 7, "pool_max": 7},
    }
    new_turn = {
        "kind": "turn",
        "before": {"pool": 7, "pool_max": 6},
        "value": {"pool": 5, "pool_max": 5},
    }
    new_phase = {"kind": "turn", "before": {"fired": {"key": "1.1", "rounds": 5}},
                 "value": {"fired": {"key": "2.1", "rounds": 2}}}  # fmt: skip
    assert sr3_spending(refill) == [] and sr3_spending(new_turn) == []
    assert [s.amount for s in sr3_spending(new_phase)] == [2]
    cast = {
        "kind": "add_effect",
        "value": {"key": "spells_expended", "kind": "spells", "data": {"count": 2}},
    }
    assert [(s.what.en, s.amount) for s in ose_spending(cast)] == [("spells", 1)]
    assert ose_spending({"kind": "add_effect", "value": {"key": "melee"}}) == []
