"""Hit points and prone in each system's own words (issue M): the GM's quick HP box, the Adjust
form, the GM's log line of the change and the end's confirmation say Polish 5e's and OSE's "PW",
Dračí Hlídka's and the forum's "PŻ", Shadowrun's physical monitor (it has no HP); 5e's prone is
"powalony" in Polish, the others' the plain "leżący"."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from campaigns.demo import load_demo
from campaigns.systemwords import SHEET_WORDS
from combat import workflows
from combat.demo import load_demo_encounters
from combat.demos import dice_pool, dnd5e, draci_hlidka, ose, shadowrun3
from combat.display import log_entry, tracker_block
from combat.hand_forms import AdjustForm
from combat.models import Encounter
from combat.rules.base import TrackerView
from combat.rules.engines import get_engine
from combat.rules.systems import SYSTEMS
from combat.wording import WORDS, condition_label

PREPARED = {
    "dnd5e": dnd5e.PREPARED,
    "ose": ose.PREPARED,
    "draci_hlidka": draci_hlidka.PREPARED,
    "shadowrun3": shadowrun3.PREPARED,
    "dice_pool": dice_pool.PREPARED,
}
# (system, language): the quick box's label, the GM's log line, variants never in the box
HP = {
    ("dnd5e", "pl"): ("PW", "PW {} → {}", ["PŻ"]),
    ("dnd5e", "cs"): ("životy", "Životy {} → {}", ["PŻ", "PW"]),
    ("ose", "pl"): ("PW", "PW {} → {}", ["PŻ"]),
    ("ose", "cs"): ("životy", "Životy {} → {}", ["PW"]),
    ("draci_hlidka", "pl"): ("PŻ", "PŻ {} → {}", ["PW"]),
    ("draci_hlidka", "cs"): ("životy", "Životy {} → {}", ["PŻ"]),
    ("shadowrun3", "cs"): (
        "Fyzický záznamník, volná políčka",
        "Fyzický záznamník, volná políčka: {} → {}",
        ["životy", "životů", "HP"],
    ),
    ("shadowrun3", "pl"): (
        "Monitor fizyczny, wolne pola",
        "Monitor fizyczny, wolne pola: {} → {}",
        ["PŻ", "PW"],
    ),
    ("dice_pool", "cs"): ("HP / kostky", "HP / kostky: {} → {}", ["životy"]),
    ("dice_pool", "pl"): ("PŻ / kości", "PŻ / kości: {} → {}", ["PW"]),
}
PRONE = {
    ("dnd5e", "pl"): "powalony",
    ("dnd5e", "cs"): "ležící",
    ("ose", "pl"): "leżący",
    ("draci_hlidka", "pl"): "leżący",
    ("draci_hlidka", "cs"): "ležící",
    ("shadowrun3", "pl"): "leżący",
    ("shadowrun3", "cs"): "ležící",
    ("dice_pool", "pl"): "leżący",
}


@pytest.fixture
def demo(db, django_user_model):
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    return gm


def _encounter(system: str) -> Encounter:
    return Encounter.objects.get(name=PREPARED[system], campaign__system=system)


def _url(encounter: Encounter, name: str = "combat:encounter", *more: str) -> str:
    return reverse(name, args=[encounter.campaign_id, encounter.pk, *more])


def _says(word: str, text: str) -> bool:
    """The word as a word: "PW" inside a random CSRF token or signed mark is not the word."""
    return re.search(rf"\b{re.escape(word)}\b", text) is not None


def _quick_box(html: str) -> str:
    return re.search(r'<form method="post" class="quick-hp.*?</form>', html, re.S)[0]


@pytest.mark.parametrize(("system", "lang"), HP)
def test_the_quick_hp_box_says_the_systems_word(client, demo, system, lang):
    label, _line, never = HP[system, lang]
    client.force_login(demo)
    html = client.get(_url(_encounter(system)), HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    box = _quick_box(html)
    assert f'for="quick-hp-who">{label}</label>' in box
    assert [word for word in never if _says(word, box)] == []
    if (system, lang) in (("dnd5e", "pl"), ("ose", "pl")):
        assert not _says("PŻ", html)  # nowhere on the GM's page


@pytest.mark.parametrize(("system", "lang"), HP)
def test_the_gms_log_line_of_an_hp_change_says_the_systems_word(demo, system, lang):
    encounter = _encounter(system)
    row = encounter.combatants.filter(is_npc=True).first()
    event = workflows.adjust(encounter.pk, demo, "hp-1", row.key, hp=row.hp - 2)
    with translation.override(lang):
        steps = log_entry(event, gm=True, system=system).steps
    assert HP[system, lang][1].format(row.hp, row.hp - 2) in steps


@pytest.mark.parametrize(("system", "lang"), HP)
def test_the_adjust_form_and_its_slip_say_the_systems_word(demo, system, lang):
    label, _line, never = HP[system, lang]
    rows = list(_encounter(system).combatants.all())
    with translation.override(lang):
        form = AdjustForm(
            rows, {"key": "k", "combatant": rows[0].key, "hp": "x"}, engine=get_engine(system)
        )
        said = [str(form.fields[name].label) for name in ("hp", "also")]
        said += [str(form.fields["hp"].help_text), *form.errors["hp"]]
    assert said[0] == label
    assert [word for text in said for word in never if _says(word, text)] == []


@pytest.mark.parametrize(("system", "keeps"), [("dnd5e", "PW"), ("draci_hlidka", "PŻ")])
def test_the_end_is_confirmed_in_the_systems_word(client, demo, system, keeps):
    encounter = _encounter(system)
    client.force_login(demo)
    asked = client.post(
        _url(encounter, "combat:encounter_turn", "end"),
        {"turn-key": "end-1"},
        HTTP_HX_REQUEST="true",
        HTTP_ACCEPT_LANGUAGE="pl",
    ).content.decode()
    assert f"Zakończyć walkę? Postacie zachowują {keeps} i stany" in asked
    assert not _says({"PW": "PŻ", "PŻ": "PW"}[keeps], asked)


def test_shadowrun_and_the_forum_pool_end_without_hit_points(demo):
    from combat.wording import system_words

    with translation.override("cs"):
        assert "fyzické poškození" in system_words("shadowrun3")["end_confirm"]
        assert "všemi kostkami" in system_words("dice_pool")["end_confirm"]


@pytest.mark.parametrize(("system", "lang"), PRONE)
def test_prone_is_the_systems_word_in_the_tracker_the_log_and_the_form(demo, system, lang):
    word = PRONE[system, lang]
    encounter = _encounter(system)
    row = encounter.combatants.first()
    event = workflows.adjust(encounter.pk, demo, "prone-1", row.key, add="prone")
    encounter.refresh_from_db()
    rows = list(encounter.combatants.all())
    with translation.override(lang):
        block = tracker_block(encounter, rows, gm=True, user=demo, view=TrackerView())
        shown = [c for group in block.groups for r in group.rows + group.idle for c in r.conditions]
        logged = log_entry(event, gm=True, system=system).steps
        offered = dict(AdjustForm(rows, engine=get_engine(system)).fields["add"].choices)
    assert word in shown and f"+ {word}" in logged and offered["prone"] == word
    other = {"powalony": "leżący", "leżący": "powalony"}.get(word)
    assert other not in shown + list(logged) + list(offered.values())


def test_a_5e_log_line_names_prone_in_the_systems_word():
    """The engines write the condition's key ("prone") into the log; the page reads it."""
    from combat.wording import say

    step = {
        "template": "%(name)s is %(condition)s",
        "params": {"name": "Gob", "condition": "prone"},
    }
    with translation.override("pl"):
        assert say(step, "dnd5e") == "Gob: stan powalony"
        assert say(step) == "Gob: stan leżący"  # the plain word, every other system's
        assert condition_label("prone", "dnd5e") == "powalony"


def test_every_systems_own_word_has_a_generic_one():
    for system in SYSTEMS.values():
        assert set(system.words) <= set(WORDS) | set(SHEET_WORDS), system.key


def test_the_action_forms_condition_choice_says_the_systems_word(demo):
    """5e's "apply a condition" choice offers prone as the tracker and the log name it."""
    from combat.fightstate import fight_of
    from combat.rules.dnd5e.catalogue import value_field as spec_of
    from combat.wording import value_field

    encounter = _encounter("dnd5e")
    spec = spec_of("condition", fight_of(encounter, list(encounter.combatants.all())))
    with translation.override("pl"):
        offered = dict(value_field(spec, "dnd5e").choices)
        plain = dict(value_field(spec).choices)
    assert offered["prone"] == "powalony" and plain["prone"] == "leżący"


def test_a_condition_monitor_is_read_out_as_filled_of_all(client, demo):
    """Issue M: a screen reader heard "10" whatever the damage; it hears "3 of 10"."""
    encounter = _encounter("shadowrun3")
    row = encounter.combatants.filter(is_npc=False).first()
    workflows.adjust(encounter.pk, demo, "monitor-1", row.key, hp=7)  # 3 physical boxes filled
    client.force_login(demo)
    html = client.get(_url(encounter), HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    item = html.split(f'data-combatant="{row.name}"', 1)[1].split("</li>", 1)[0]
    labels = re.findall(r'class="monitor[^"]*" role="img" aria-label="([^"]*)"', item)
    assert labels == ["3 z 10", "0 z 10"]  # physical, then stun
