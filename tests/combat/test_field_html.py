"""combat.fieldhtml draws every field of the encounter forms as crispy does (the same HTML,
whitespace and attribute order aside): fresh and bound with errors, as the GM and as a player,
in every system's demo fight."""

import pytest
from crispy_forms.templatetags.crispy_forms_filters import as_crispy_field
from django.test.html import parse_html

from campaigns.demo import load_demo
from campaigns.models import Membership
from combat import encounter_forms
from combat.demo import DEMOS, load_demo_encounters
from combat.encounter_forms import ActionForm, TurnForm
from combat.fieldhtml import field_html, tick_rows
from combat.models import Encounter
from combat.presenter import Scene


@pytest.fixture
def demos(db, django_user_model, monkeypatch):
    monkeypatch.setattr(encounter_forms, "new_roll_key", lambda: "fixed-key")
    load_demo()
    gm = django_user_model.objects.get(username="gm")
    load_demo_encounters(gm)
    return gm


def _forms(encounter, gm, data):
    """Two forms built alike: crispy mutates a widget's classes as it draws it."""
    membership = (
        Membership.objects.filter(campaign=encounter.campaign, role="gm" if gm else "player")
        .select_related("user", "campaign")
        .first()
    )
    assert membership is not None and membership.is_gm == gm
    scene = Scene.load(membership, encounter, membership.user)
    actor = scene.fight.combatants[0].id
    rolls = [(7, "#7 1d6 = 4 [4] · hrac · <b>Scene</b>")]
    extra = {"initial": {"key": "fixed-key"}} if data is None else {}

    def build():
        form = ActionForm(
            scene.fight,
            actor,
            scene.options(actor),
            data,
            hidden=scene.hidden,
            engine=scene.engine,
            gm=gm,
            journal_rolls=rolls,
            **extra,
        )
        if data is not None:
            form.is_valid()
        return form

    return build(), build()


def _same(ours, crispy):
    assert parse_html(str(ours)) == parse_html(str(crispy)), f"\n{ours}\n---\n{crispy}"


BAD = {
    "key": "",
    "kind": "nonsense",
    "targets": ["nobody"],
    "faces": "x, 7",
    "journal_roll": "99",
    "secret": "on",
    "weapon": "<nope>",
}


@pytest.mark.parametrize("system", sorted(DEMOS))
@pytest.mark.parametrize("gm", [True, False])
@pytest.mark.parametrize("bound", [False, True])
def test_action_form_fields_are_drawn_as_crispy_draws_them(demos, system, gm, bound):
    (prepared, _build), _finished = DEMOS[system]
    encounter = Encounter.objects.get(campaign__system=system, name=prepared)
    fast, slow = _forms(encounter, gm, BAD if bound else None)
    assert fast.fields.keys() == slow.fields.keys()
    if bound:
        assert fast.errors  # the errors are drawn too
    for name in fast.fields:
        _same(field_html(fast[name]), as_crispy_field(slow[name]))
    _same(tick_rows(fast["modifiers"], fast.kinds_of), _django_tick_rows(slow))


def _django_tick_rows(form):
    """The tick boxes as the template drew them box by box with Django's own `tag()`."""
    rows = []
    for box in form["modifiers"]:
        kinds = " ".join(form.kinds_of.get(box.data["value"], []))
        label = f'<label class="form-check-label" for="{box.id_for_label}">{box.choice_label}'
        rows.append(
            f'<div class="form-check" data-kinds="{kinds}">{box.tag()} {label}</label></div>'
        )
    return "".join(rows)


@pytest.mark.parametrize("bound", [False, True])
def test_turn_form_faces_are_drawn_as_crispy_draws_them(bound, monkeypatch):
    monkeypatch.setattr(encounter_forms, "new_roll_key", lambda: "fixed-key")
    forms = []
    for _ in range(2):
        form = (
            TurnForm.posted({"turn-faces": "q", "turn-key": "abc"}) if bound else TurnForm.fresh()
        )
        if bound:
            assert not form.is_valid()
        forms.append(form)
    _same(field_html(forms[0]["faces"]), as_crispy_field(forms[1]["faces"]))
    _same(field_html(forms[0]["key"]), as_crispy_field(forms[1]["key"]))


@pytest.mark.parametrize("system", sorted(DEMOS))
def test_ticked_boxes_and_ones_not_offered_are_drawn_as_django_draws_them(demos, system):
    (prepared, _build), _finished = DEMOS[system]
    encounter = Encounter.objects.get(campaign__system=system, name=prepared)
    fresh, _other = _forms(encounter, True, None)
    offered = [value for value, _label in fresh.fields["modifiers"].choices]
    ticked = {**BAD, "modifiers": offered[::2] + ["<not offered>"]}
    fast, slow = _forms(encounter, True, ticked)
    drawn = tick_rows(fast["modifiers"], fast.kinds_of)
    _same(drawn, _django_tick_rows(slow))
    assert str(drawn).count(" checked") == len(offered[::2])
