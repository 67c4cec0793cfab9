"""The demo Shadowrun fight ("Přestřelka v Redmondu") through combat.workflows, no browser: two
initiative passes with typed dice, wounds re-ordering the pass at once (seed 003, "Iniciativa a
poškození"), the rule of six asking for one more face, undo and redo of a wounding shot, the
next combat turn, and the exported log replays exactly.

Combatants in the order they joined: Liam, Twitch, Wedge (Reaction 5, 1d6), Snot and three
Halloweeners (Reaction 3, 1d6). Initiative faces 6, 2, 4, 5, 3, 2, 1 → Liam 11, Twitch 7,
Wedge 9, Snot 8, Halloweener 1 6, Halloweener 2 5, Halloweener 3 4: only Liam (11 − 10 = 1)
acts in pass 2.
"""

from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from campaigns.demo import load_demo
from combat import workflows
from combat.demo import load_demo_encounters
from combat.demos.shadowrun3 import ATTACK, DODGE, PREPARED, RESIST
from combat.display import log_entry, tracker_block
from combat.encounter_forms import ActionForm
from combat.fightstate import fight_of
from combat.models import Encounter
from combat.replay import export_encounter, replay_encounter
from combat.rules.base import Action
from combat.rules.dice import InvalidDice
from combat.rules.dice.errors import MoreFacesNeeded
from combat.rules.engines import get_engine

INITIATIVE = [6, 2, 4, 5, 3, 2, 1]
PASS_1 = ["Liam", "Wedge", "Snot", "Twitch", "Halloweener 1", "Halloweener 2", "Halloweener 3"]
# Snot 8 → 5 after 9S (6 boxes, −3): below Twitch 7 and Halloweener 1 6; tied with Halloweener 2
# at 5, he goes first on the earlier score (8 against 5, Rulings).
AFTER_SNOT = ["Liam", "Wedge", "Twitch", "Halloweener 1", "Snot", "Halloweener 2",
              "Halloweener 3"]  # fmt: skip
# Halloweener 2 5 → 3 after 8M (3 boxes, −2): below Halloweener 3's 4.
AFTER_H2 = ["Liam", "Wedge", "Twitch", "Halloweener 1", "Snot", "Halloweener 3",
            "Halloweener 2"]  # fmt: skip
SEED_SHOT = ATTACK + DODGE + RESIST  # seed 003: 5 successes, Snot 2 + 1 → 9M stages up to 9S
# Wedge's AK-97 (SA) at 10 m: short range 4, laser −1 → TN 3; Assault rifles 6 dice: one
# success (3). Halloweener 2 resists with Body 4 against 8 − 2 = TN 6: none. 8M, 3 boxes.
WEDGE_SHOT = [3, 1, 1, 2, 2, 1] + [1, 2, 2, 5]
# Liam in pass 2 with the GM's +4: TN 8. Pistols 6 dice; the 6 is rolled again (rule of six)
# and the extra 4 makes 10 ≥ 8: one success. Halloweener 1: Body 4 against 9 − 2 = 7, none.
SIX_DICE = [6, 3, 1, 2, 2, 1]
PASS_2_SHOT = SIX_DICE + [4] + [1, 2, 3, 4]
# Turn 2, in the order they joined, wound modifiers off at once: Liam 5 + 5 = 10, Twitch 8,
# Wedge 9, Snot 3 + 6 − 3 = 6, Halloweener 1 3 + 4 − 2 = 5, Halloweener 2 3 + 1 − 2 = 2,
# Halloweener 3 7.
TURN_2 = [5, 3, 4, 6, 4, 1, 4]
TURN_2_ORDER = ["Liam", "Wedge", "Twitch", "Halloweener 3", "Snot", "Halloweener 1",
                "Halloweener 2"]  # fmt: skip


@pytest.fixture
def redmond(db, django_user_model):  # type: ignore[no-untyped-def]
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    encounter = Encounter.objects.get(name=PREPARED, campaign__system="shadowrun3")
    keys = {row.name: row.key for row in encounter.combatants.all()}
    return gm, encounter, keys


def seen(encounter: Encounter) -> dict[str, Any]:
    """What the tracker shows now: the header lines (in English), the order by name, whose
    turn, each combatant's initiative and the stage."""
    encounter.refresh_from_db()
    rows = list(encounter.combatants.all())
    names = {row.key: row.name for row in rows}
    view = get_engine("shadowrun3").tracker(fight_of(encounter, rows))
    with translation.override("en"):
        block = tracker_block(encounter, rows, gm=True, user=None, view=view)
    badges = {r.name: [b.text for b in r.badges] for g in block.groups for r in (*g.rows, *g.idle)}
    return {
        "round": encounter.round,
        "stage": dict(encounter.stage),
        "order": [names[key] for key in encounter.order],
        "current": names.get(encounter.current),
        "header": list(block.header),
        "initiative": {row.name: row.initiative for row in rows},
        "hp": {row.name: row.hp for row in rows},
        "pool": {row.name: row.turn.get("pool") for row in rows},
        "badges": badges,
    }


def fire(keys: dict[str, str], actor: str, target: str, weapon: str, **modifiers: Any) -> Action:
    return Action("fire", keys[actor], (keys[target],), weapon=weapon, modifiers=modifiers)


def test_two_passes_wounds_reorder_the_pass_and_the_log_replays(redmond):  # type: ignore[no-untyped-def]
    gm, encounter, keys = redmond
    pk = encounter.pk

    workflows.roll_initiative(pk, gm, "sr-init", typed_faces=INITIATIVE)
    now = seen(encounter)
    assert now["stage"] == {"pass": 1, "passes": 2}
    assert now["header"] == ["Combat turn 1, initiative pass 1"]
    assert (now["order"], now["current"]) == (PASS_1, "Liam")
    assert now["initiative"]["Liam"] == 11 and now["initiative"]["Snot"] == 8
    assert "pass 1: 11" in now["badges"]["Liam"] and "pool 7/7" in now["badges"]["Liam"]

    # Liam's seed shot at Snot: 9S, six boxes, −3 initiative at once → Snot drops to 5th.
    workflows.resolve_action(pk, gm, "sr-liam", fire(keys, "Liam", "Snot", "Ares Predator",
                             pool=4, dodge_pool=2, distance=5), SEED_SHOT)  # fmt: skip
    now = seen(encounter)
    assert (now["order"], now["current"]) == (AFTER_SNOT, "Liam")
    assert now["hp"]["Snot"] == 4 and now["initiative"]["Snot"] == 5
    assert now["pool"]["Liam"] == 3 and now["pool"]["Snot"] == 3
    assert "wounds +3 TN, −3 initiative" in now["badges"]["Snot"]

    workflows.next_turn(pk, gm, "sr-n1")
    assert seen(encounter)["current"] == "Wedge"
    workflows.resolve_action(pk, gm, "sr-wedge", fire(keys, "Wedge", "Halloweener 2", "AK-97",
                             distance=10), WEDGE_SHOT)  # fmt: skip
    now = seen(encounter)
    assert (now["order"], now["current"]) == (AFTER_H2, "Wedge")
    assert now["hp"]["Halloweener 2"] == 7 and now["initiative"]["Halloweener 2"] == 3

    for expected in AFTER_H2[2:]:  # the rest of pass 1, nobody else acting
        workflows.next_turn(pk, gm, f"sr-n-{expected}")
        now = seen(encounter)
        assert (now["current"], now["stage"]["pass"]) == (expected, 1)

    workflows.next_turn(pk, gm, "sr-pass-2")  # after the last of pass 1: pass 2, Liam alone
    now = seen(encounter)
    assert now["stage"] == {"pass": 2, "passes": 2}
    assert now["header"] == ["Combat turn 1, initiative pass 2"]
    assert (now["round"], now["order"], now["current"]) == (1, ["Liam"], "Liam")
    assert now["initiative"]["Liam"] == 1
    assert "no actions in pass 2" in now["badges"]["Snot"]

    # The rule of six: against TN 8 a typed 6 asks for one more face, and nothing is recorded.
    shot = fire(keys, "Liam", "Halloweener 1", "Ares Predator", distance=5, tn_modifier=4)
    events = encounter.events.count()
    with pytest.raises(MoreFacesNeeded) as asked:
        workflows.resolve_action(pk, gm, "sr-six-short", shot, SIX_DICE)
    assert (asked.value.count, asked.value.sides) == (1, 6)
    assert encounter.events.count() == events
    workflows.resolve_action(pk, gm, "sr-six", shot, PASS_2_SHOT)
    now = seen(encounter)
    assert now["hp"]["Halloweener 1"] == 7  # 9M: three boxes
    assert now["order"] == ["Liam"] and now["current"] == "Liam"
    attack = encounter.events.order_by("-seq").first().payload["outcome"]["rolls"][0]
    assert (attack["expression"], attack["faces"]) == ("6d6!!>=8", [6, 3, 1, 2, 2, 1, 4])

    workflows.next_turn(pk, gm, "sr-turn-2", TURN_2)  # no pass 3: combat turn 2
    now = seen(encounter)
    assert now["round"] == 2 and now["stage"] == {"pass": 1, "passes": 1}
    assert now["header"] == ["Combat turn 2, initiative pass 1"]
    assert (now["order"], now["current"]) == (TURN_2_ORDER, "Liam")
    assert now["pool"]["Liam"] == 7 and now["pool"]["Snot"] == 5  # the pools refresh

    workflows.end_encounter(pk, gm, "sr-end")
    report = replay_encounter(export_encounter(Encounter.objects.get(pk=pk)))
    assert report.ok, [str(d) for d in report.differences]


def test_undo_of_a_wounding_shot_restores_the_order_and_the_scores(redmond):  # type: ignore[no-untyped-def]
    gm, encounter, keys = redmond
    pk = encounter.pk
    workflows.roll_initiative(pk, gm, "u-init", typed_faces=INITIATIVE)
    before = seen(encounter)
    shot = fire(keys, "Liam", "Snot", "Ares Predator", pool=4, dodge_pool=2, distance=5)
    workflows.resolve_action(pk, gm, "u-shot", shot, SEED_SHOT)
    wounded = seen(encounter)
    assert wounded["order"] == AFTER_SNOT and wounded != before

    workflows.undo(pk, gm, "u-undo")
    assert seen(encounter) == before  # order, scores, monitors, pools and badges as they were
    assert before["order"] == PASS_1 and before["initiative"]["Snot"] == 8
    assert before["hp"]["Snot"] == 10 and before["pool"]["Snot"] == 5

    workflows.redo(pk, gm, "u-redo")  # the same dice, not a new roll
    assert seen(encounter) == wounded
    report = replay_encounter(export_encounter(Encounter.objects.get(pk=pk)))
    assert report.ok, [str(d) for d in report.differences]


def test_too_many_typed_faces_for_initiative_are_refused(redmond):  # type: ignore[no-untyped-def]
    """Initiative dice have no rule of six: a typed 6 takes no extra face, so one more is left
    over and the roll is refused without a trace."""
    gm, encounter, _keys = redmond
    with pytest.raises(InvalidDice, match="1 face too many: expected 7"):
        workflows.roll_initiative(encounter.pk, gm, "t-init", typed_faces=[*INITIATIVE, 4])
    assert seen(encounter)["order"] == [] and not encounter.events.filter(type="initiative")
    with pytest.raises(MoreFacesNeeded):  # one face short: Halloweener 3's die
        workflows.roll_initiative(encounter.pk, gm, "t-init2", typed_faces=INITIATIVE[:-1])


@pytest.mark.parametrize(
    ("kind", "choice", "said"),
    [
        ("free_action", "gesture", "Gesture"),
        ("simple_action", "pick_up", "Pick up or put down an object"),
        ("complex_action", "summon", "Summon or banish a spirit"),
    ],
)
def test_the_action_form_offers_each_kind_its_own_choices(redmond, kind, choice, said):  # type: ignore[no-untyped-def]
    """The page's form merges every action's value fields by key: each generic kind has its
    own "which" field, so a simple or free action's choice is not lost to the complex list."""
    gm, encounter, keys = redmond
    workflows.roll_initiative(encounter.pk, gm, "f-init", typed_faces=INITIATIVE)
    encounter.refresh_from_db()
    fight = fight_of(encounter, encounter.combatants.all())
    engine = get_engine("shadowrun3")
    liam = keys["Liam"]
    post = {"key": "f-act", "kind": kind, f"value_{kind.split('_')[0]}_what": choice}
    form = ActionForm(fight, liam, engine.actions(fight, liam), post, engine=engine)
    assert form.is_valid(), form.errors
    workflows.resolve_action(encounter.pk, gm, "f-act", form.action(liam))
    event = encounter.events.order_by("-seq").first()
    assert event.payload["outcome"]["data"] == {"what": choice}
    with translation.override("en"):
        assert said in log_entry(event, gm=True).steps


def test_players_are_not_offered_the_gm_s_bookkeeping(redmond, client, django_user_model):  # type: ignore[no-untyped-def]
    """Surprise tests and damage by the GM are gm_only: Liam's player acts out of turn (a free
    action in Wedge's phase) without them; the GM still has them."""
    gm, encounter, keys = redmond
    workflows.roll_initiative(encounter.pk, gm, "g-init", typed_faces=INITIATIVE)
    workflows.next_turn(encounter.pk, gm, "g-next")  # Wedge's phase; Liam has acted
    url = reverse("combat:encounter", args=[encounter.campaign_id, encounter.pk])
    offered = {}
    for username in ("gracz", "gm"):
        client.force_login(django_user_model.objects.get(username=username))
        with translation.override("en"):
            page = client.get(url, {"actor": keys["Liam"]}, HTTP_ACCEPT_LANGUAGE="en")
        form = page.context["action_form"]
        offered[username] = [kind for kind, _label in form.fields["kind"].choices]
    assert "free_action" in offered["gracz"] and "drop_prone" in offered["gracz"]
    assert not {"surprise", "damage"} & set(offered["gracz"])
    assert {"surprise", "damage"} <= set(offered["gm"])
