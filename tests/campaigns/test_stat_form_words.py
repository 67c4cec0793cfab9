"""A record form's stat errors in the user's words (issue N: "an error like 'saving_throws.STR +5,
CON: … is not one of the available choices' speaks code"; the help text's own example failed).
Levels may be written on one line with commas ("STR +5, CON +3"), as a 5e stat block writes
them; a problem inside a list names the item and the field's label, never the path."""

from __future__ import annotations

from django import forms
from django.utils import translation

from campaigns.statforms import (
    add_stat_errors,
    form_name,
    from_form_value,
    make_field,
    stats_from_form,
)
from combat.rules.schema import StatError
from combat.rules.systems import get_system

SCHEMA = get_system("dnd5e").creature


def _form(**values: str) -> forms.Form:
    form = forms.Form(data={form_name(k): v for k, v in values.items()})
    form.fields.update({form_name(k): make_field(SCHEMA[k], "en") for k in values})
    form.schema = SCHEMA  # type: ignore[attr-defined]
    assert form.is_valid(), form.errors
    return form


def _stats_or_errors(**values: str) -> dict[str, object] | dict[str, list[str]]:
    form = _form(**values)
    with translation.override("en"):
        try:
            return stats_from_form(SCHEMA, form.cleaned_data, SCHEMA.defaults(), values)
        except StatError as error:
            add_stat_errors(form, error)
            return {key: list(errors) for key, errors in form.errors.items()}


def test_saving_throws_as_a_stat_block_writes_them_on_one_line() -> None:
    stats = _stats_or_errors(saving_throws="STR +5, CON +3")
    assert stats["saving_throws"] == {"str": 5, "con": 3}
    assert _stats_or_errors(saving_throws="str: 5\ncon: 3")["saving_throws"] == {"str": 5, "con": 3}


def test_an_unknown_save_is_named_as_written_not_by_its_path() -> None:
    errors = _stats_or_errors(saving_throws="STR +5, LUCK +2")
    (message,) = errors[form_name("saving_throws")]
    assert message == "LUCK is not one of the available choices."


def test_a_bad_field_of_a_list_item_is_named_by_the_item_and_its_label() -> None:
    errors = _stats_or_errors(actions="name: Claw\nattack_bonus: 4\nweapon: 1d4")
    (message,) = errors[form_name("actions")]
    assert message == "item 1, weapon: Unknown field."
    errors = _stats_or_errors(actions="name: Claw\nattack_bonus: 99")
    (message,) = errors[form_name("actions")]
    assert message.startswith("item 1, Attack bonus: ")


def test_the_help_shows_the_format_with_the_fields_own_first_choice() -> None:
    with translation.override("cs"):
        field = make_field(SCHEMA["saving_throws"], "cs")
    assert "„Síla (SIL): 2“" in str(field.help_text)  # the Czech quotes of the catalogue
    assert _stats_or_errors(saving_throws="Síla (SIL): 2")["saving_throws"] == {"str": 2}


def test_a_free_level_name_with_a_comma_survives_an_edit() -> None:
    """The review's finding: "Lore, arcane: 2" split into two names. Only a closed list of
    names (which never hold a comma) is split on commas."""
    dh = get_system("draci_hlidka").creature
    free = next(f for f in dh.fields if f.kind == "levels" and not f.choices)
    assert from_form_value(free, "Lore, arcane: 2") == {"Lore, arcane": "2"}
    assert from_form_value(SCHEMA["saving_throws"], "STR +5, CON +3") == {"STR": "+5", "CON": "+3"}


def test_a_free_levels_field_shows_its_own_systems_first_name_in_the_pages_language() -> None:
    """Issue M: Shadowrun's skills help no longer says "Atletika: 2" (a Dračí Hlídka skill, in
    Czech) on an English page."""
    skills = get_system("shadowrun3").creature["skills"]
    with translation.override("en"):
        english = make_field(skills, "en").help_text
    with translation.override("cs"):
        czech = make_field(skills, "cs").help_text
    assert 'e.g. "Pistols: 2"' in english and "Atletika" not in english
    assert "Pistole: 2" in czech
