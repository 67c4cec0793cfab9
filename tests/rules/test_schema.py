"""The generic stat-schema machinery (combat/rules/schema.py) and the system registry."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combat.rules import schema as schema_module
from combat.rules.schema import (
    DICE_PATTERN,
    NON_FIELD,
    Field,
    Label,
    Problem,
    Schema,
    StatError,
    ascending,
)
from combat.rules.systems import (
    SYSTEM_KEYS,
    SYSTEMS,
    RuleSystem,
    UnknownSystem,
    get_system,
)

REPO = Path(__file__).resolve().parents[2]
L = Label


def problems_of(schema: Schema, data: object) -> dict[str, Problem]:
    with pytest.raises(StatError) as caught:
        schema.clean(data)
    return {p.field: p for p in caught.value.problems}


SKILLS = (("Atletika", L("draci_hlidka", "Athletics")),)
DAMAGE = (
    Field("dice", "dice", L("test", "dice"), "1d6"),
    Field("type", "choice", L("test", "type"), "fire",
          choices=(("fire", L("dnd5e", "fire")), ("cold", L("dnd5e", "cold")))),
)  # fmt: skip
ACTION = (
    Field("name", "text", L("test", "name"), "", min=1, max=20),
    Field("damage", "records", L("test", "damage"), (), item_fields=DAMAGE, max_items=2),
)
SAMPLE = Schema(
    (
        Field("hp", "int", L("test", "HP"), 10, min=1, max=99),
        Field("bonus", "int", L("test", "bonus"), None, min=-5, max=5, nullable=True),
        Field("bleeds", "bool", L("test", "bleeds"), True),
        Field("size", "choice", L("test", "size"), "b",
              choices=(("a", L("dnd5e", "Small")), ("b", L("dnd5e", "Medium")))),
        Field("notes", "text", L("test", "notes"), "", max=10, player_editable=True),
        Field("code", "text", L("test", "code"), "", max=4, pattern=r"[0-6](?:\.[0-9])?"),
        Field("damage", "dice", L("test", "damage"), "1d6"),
        Field("tags", "tags", L("test", "tags"), (), max=10, suggestions=SKILLS),
        Field("types", "tags", L("test", "types"), (), choices=DAMAGE[1].choices),
        Field("skills", "levels", L("test", "skills"), {}, min=0, max=5, suggestions=SKILLS,
              player_editable=True),
        Field("actions", "records", L("test", "actions"), (), item_fields=ACTION,
              npc_only=True),
        Field("short", "int", L("test", "short"), 0, min=0, max=100),
        Field("long", "int", L("test", "long"), 0, min=0, max=100),
    ),
    checks=(ascending("short", "long"),),
)  # fmt: skip


# --- Label -------------------------------------------------------------------------------------


def test_label_returns_the_text_of_the_language_and_falls_back_to_english() -> None:
    label = L("dnd5e", "Hit points (maximum)")  # its Czech and Polish are in the catalogs
    assert label.get("cs") == "Životy (maximum)"
    assert label.get("pl") == "Punkty wytrzymałości (PW, maksimum)"
    assert label.get("en") == "Hit points (maximum)"
    assert label.get("cs-cz") == "Životy (maximum)"
    assert label.get("pl_PL") == "Punkty wytrzymałości (PW, maksimum)"
    assert label.get("de") == "Hit points (maximum)"
    assert label.get(None) == "Hit points (maximum)"


def test_a_label_reads_its_context_so_one_english_word_can_read_two_ways() -> None:
    assert (L("dnd5e armor", "heavy").pl, L("dnd5e weapon", "heavy").pl) == ("ciężka", "ciężki")
    assert L("ose attack", "Missile").cs == "Střelba" and L("ose weapon", "Missile").cs == "Střelná"


def test_a_label_not_in_the_catalogs_reads_in_english_and_a_verbatim_one_everywhere() -> None:
    assert L("dnd5e", "No such label").get("cs") == "No such label"
    assert [L.verbatim("1/4").get(lang) for lang in ("cs", "en", "pl")] == ["1/4"] * 3
    assert L("dnd5e", "Medium").matches("STŘEDNÍ") and L("dnd5e", "Medium").matches("średni")


# --- defaults and shape ------------------------------------------------------------------------


def test_missing_keys_get_their_defaults() -> None:
    cleaned = SAMPLE.clean({"hp": 5})
    assert cleaned["hp"] == 5
    assert cleaned["bonus"] is None
    assert cleaned["bleeds"] is True
    assert cleaned["tags"] == [] and cleaned["skills"] == {} and cleaned["actions"] == []
    assert SAMPLE.defaults() == SAMPLE.clean({})


def test_defaults_are_fresh_containers_each_time() -> None:
    first = SAMPLE.defaults()
    first["tags"].append("x")
    first["skills"]["x"] = 1
    assert SAMPLE.defaults()["tags"] == []
    assert SAMPLE.defaults()["skills"] == {}


def test_unknown_keys_are_rejected_by_name() -> None:
    found = problems_of(SAMPLE, {"hp": 5, "mana": 3})
    assert found["mana"].template == "Unknown field."


def test_input_that_is_not_an_object_is_a_non_field_problem() -> None:
    found = problems_of(SAMPLE, ["hp", 5])
    assert list(found) == [NON_FIELD]


def test_every_problem_is_reported_at_once() -> None:
    found = problems_of(SAMPLE, {"hp": 0, "size": "huge", "damage": "lots"})
    assert set(found) == {"hp", "size", "damage"}


# --- int ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"), [("5", 5), (" 7 ", 7), ("+3", 3), (12.0, 12), (99, 99), (1, 1)]
)
def test_int_fields_coerce_numeric_input(raw: object, expected: int) -> None:
    assert SAMPLE.clean({"hp": raw})["hp"] == expected


def test_int_fields_accept_a_typographic_minus() -> None:
    assert SAMPLE.clean({"bonus": "\u22123"})["bonus"] == -3


@pytest.mark.parametrize("raw", [True, 5.5, "5a", "", "five", [5], {"v": 5}, float("nan")])
def test_int_fields_reject_non_numbers(raw: object) -> None:
    assert problems_of(SAMPLE, {"hp": raw})["hp"].template in (
        "Enter a whole number.",
        "This field is required.",
    )


def test_int_range_problems_carry_the_limit_as_a_parameter() -> None:
    low = problems_of(SAMPLE, {"hp": 0})["hp"]
    high = problems_of(SAMPLE, {"hp": 100})["hp"]
    assert (low.template, dict(low.params)) == (
        "Ensure this value is at least %(min)s.",
        {"min": 1},
    )
    assert high.message == "Ensure this value is at most 99."


def test_nullable_fields_take_none_and_empty_text_as_not_set() -> None:
    assert SAMPLE.clean({"bonus": None})["bonus"] is None
    assert SAMPLE.clean({"bonus": ""})["bonus"] is None
    assert problems_of(SAMPLE, {"hp": None})["hp"].template == "This field is required."


# --- bool, choice, text, dice ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"), [("yes", True), ("0", False), (1, True), (False, False)]
)
def test_bool_fields_coerce_form_values(raw: object, expected: bool) -> None:
    assert SAMPLE.clean({"bleeds": raw})["bleeds"] is expected


def test_bool_fields_reject_other_values() -> None:
    assert problems_of(SAMPLE, {"bleeds": "maybe"})["bleeds"].template == "Enter yes or no."
    assert "bleeds" in problems_of(SAMPLE, {"bleeds": 2})


def test_choice_fields_accept_the_value_or_a_label_in_any_language() -> None:
    assert SAMPLE.clean({"size": "A"})["size"] == "a"
    assert SAMPLE.clean({"size": "střední"})["size"] == "b"
    assert SAMPLE.clean({"size": "Mały"})["size"] == "a"
    assert problems_of(SAMPLE, {"size": "c"})["size"].template == "Select a valid choice."


def test_text_fields_are_stripped_and_limited() -> None:
    assert SAMPLE.clean({"notes": "  hi  "})["notes"] == "hi"
    assert problems_of(SAMPLE, {"notes": "x" * 11})["notes"].params == {"max": 10}
    assert problems_of(SAMPLE, {"notes": 5})["notes"].template == "Enter text."


@pytest.mark.parametrize("raw", ["a\x00b", "a\ud800b"])
def test_text_fields_reject_characters_a_json_column_cannot_store(raw: str) -> None:
    assert "notes" in problems_of(SAMPLE, {"notes": raw})


def test_text_fields_with_a_pattern_must_match_it() -> None:
    assert SAMPLE.clean({"code": "5.8"})["code"] == "5.8"
    assert "code" in problems_of(SAMPLE, {"code": "7"})


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1d6+2", "1d6+2"), ("1D6 + 2", "1d6+2"), ("2d8\u22121", "2d8-1"), ("7", "7")],
)
def test_dice_fields_normalise_spacing_case_and_minus(raw: str, expected: str) -> None:
    assert SAMPLE.clean({"damage": raw})["damage"] == expected


@pytest.mark.parametrize("raw", ["", "d", "1d6x", "1d6+1d4", "roll", "1d6++2", 6])
def test_dice_fields_reject_what_is_not_a_damage_expression(raw: object) -> None:
    assert "damage" in problems_of(SAMPLE, {"damage": raw})


def test_the_default_dice_pattern_is_anchored_in_full() -> None:
    assert re.fullmatch(DICE_PATTERN, "10d10+10")
    assert not re.fullmatch(DICE_PATTERN, "1d6 and more")


# --- tags, levels, records ---------------------------------------------------------------------


def test_tags_are_stripped_deduplicated_and_mapped_to_suggested_keys() -> None:
    assert SAMPLE.clean({"tags": [" foo ", "foo", "Athletics"]})["tags"] == ["foo", "Atletika"]


def test_restricted_tags_reject_unknown_names_at_their_position() -> None:
    assert SAMPLE.clean({"types": ["Fire", "zimno"]})["types"] == ["fire", "cold"]
    found = problems_of(SAMPLE, {"types": ["fire", "sleep"]})
    assert found["types[1]"].params == {"value": "sleep"}


@pytest.mark.parametrize("raw", ["fire", {"fire": 1}, ["", "a"], ["x" * 11], [3]])
def test_tags_reject_non_lists_and_bad_items(raw: object) -> None:
    with pytest.raises(StatError) as caught:
        SAMPLE.clean({"tags": raw})
    assert all(p.root == "tags" for p in caught.value.problems)


def test_levels_map_names_to_levels_and_suggested_names_to_their_key() -> None:
    cleaned = SAMPLE.clean({"skills": {"athletics": "2", " Šplh ": 1}})
    assert cleaned["skills"] == {"Atletika": 2, "Šplh": 1}


def test_levels_reject_levels_out_of_range_and_names_given_twice() -> None:
    found = problems_of(SAMPLE, {"skills": {"Atletika": 6, "Plavání": -1}})
    assert found["skills.Atletika"].params == {"max": 5}
    assert found["skills.Plavání"].params == {"min": 0}
    twice = problems_of(SAMPLE, {"skills": {"Atletika": 1, "Athletics": 2}})
    assert twice["skills.Athletics"].template == "%(value)s is listed twice."
    assert "skills" in problems_of(SAMPLE, {"skills": ["Atletika", 2]})


def test_records_are_cleaned_item_by_item_with_nested_paths() -> None:
    action = {"name": "Bite", "damage": [{"dice": "2d10+8"}, {"dice": "2d6", "type": "cold"}]}
    cleaned = SAMPLE.clean({"actions": [action]})["actions"]
    assert cleaned == [
        {
            "name": "Bite",
            "damage": [{"dice": "2d10+8", "type": "fire"}, {"dice": "2d6", "type": "cold"}],
        }
    ]
    bad = {"name": "", "damage": [{"dice": "2d6"}, {"dice": "x", "colour": "red"}]}
    found = problems_of(SAMPLE, {"actions": [action, bad]})
    assert set(found) == {
        "actions[1].name",
        "actions[1].damage[1].dice",
        "actions[1].damage[1].colour",
    }
    assert found["actions[1].damage[1].dice"].root == "actions"


def test_lists_longer_than_max_items_are_rejected() -> None:
    action = {"name": "Bite", "damage": [{}, {}, {}]}
    assert problems_of(SAMPLE, {"actions": [action]})["actions[0].damage"].params == {"max": 2}


# --- checks, errors, updates -------------------------------------------------------------------


def test_ascending_check_rejects_a_band_below_the_previous_one() -> None:
    assert SAMPLE.clean({"short": 10, "long": 10})["long"] == 10
    found = problems_of(SAMPLE, {"short": 50, "long": 20})
    assert found["long"].message == "Ensure this value is at least 50."


def test_checks_wait_until_every_field_is_valid() -> None:
    found = problems_of(SAMPLE, {"short": 50, "long": 20, "hp": 0})
    assert set(found) == {"hp"}


def test_stat_error_is_a_value_error_listing_messages_per_field() -> None:
    with pytest.raises(ValueError, match="hp: Ensure this value is at least 1") as caught:
        SAMPLE.clean({"hp": 0, "skills": {"Atletika": 9}})
    error = caught.value
    assert isinstance(error, StatError)
    assert error.for_field("skills") == ["Ensure this value is at most 5."]
    assert error.for_field("bonus") == []


def test_a_player_may_change_only_player_editable_fields() -> None:
    current = SAMPLE.defaults()
    changed = SAMPLE.update(current, {"notes": "lucky", "skills": {"Atletika": 1}}, player=True)
    assert changed["notes"] == "lucky" and changed["skills"] == {"Atletika": 1}
    same_hp = SAMPLE.update(current, {"hp": "10"}, player=True)  # unchanged after cleaning
    assert same_hp == current
    found = problems_of_update(current, {"hp": 12, "notes": "x"})
    assert set(found) == {"hp"}
    assert SAMPLE.update(current, {"hp": 12})["hp"] == 12  # the GM may


def problems_of_update(current: dict[str, Any], changes: dict[str, Any]) -> dict[str, Problem]:
    with pytest.raises(StatError) as caught:
        SAMPLE.update(current, changes, player=True)
    return {p.field: p for p in caught.value.problems}


def test_character_forms_hide_npc_only_fields() -> None:
    assert "actions" not in [f.name for f in SAMPLE.visible_fields(npc=False)]
    assert "actions" in [f.name for f in SAMPLE.visible_fields(npc=True)]


@pytest.mark.parametrize(
    "kwargs",
    [
        {"name": "HP", "kind": "int", "min": 0, "max": 5},
        {"name": "hp", "kind": "int", "max": 5},
        {"name": "hp", "kind": "int", "min": 6, "max": 5},
        {"name": "hp", "kind": "number", "min": 0, "max": 5},
        {"name": "hp", "kind": "choice"},
        {"name": "hp", "kind": "records"},
        {"name": "hp", "kind": "levels"},
    ],
)
def test_malformed_field_definitions_fail_at_import_time(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="field"):
        Field(label=L("test", "a"), default=0, **kwargs)


def test_a_schema_with_an_invalid_default_fails_at_import_time() -> None:
    with pytest.raises(ValueError, match="invalid defaults"):
        Schema((Field("hp", "int", L("test", "a"), 0, min=1, max=5),))
    with pytest.raises(ValueError, match="duplicate"):
        Schema((Field("hp", "bool", L("test", "a"), True),) * 2)


def test_every_message_template_is_marked_for_translation() -> None:
    marked: set[str] = set()
    for path in [REPO / "combat/rules/schema.py", *REPO.glob("combat/rules/*/stats.py")]:
        marked |= set(re.findall(r'_\("((?:[^"\\]|\\.)*)"\)', path.read_text(encoding="utf-8")))
    bad_inputs: list[object] = [
        {"hp": "x", "bonus": 9, "bleeds": "?", "size": "z", "notes": "x" * 99, "code": "9"},
        {"damage": "?", "tags": "x", "types": ["?", 5, ""], "skills": [], "actions": "x"},
        {"skills": {"a": 1, "A ": 2, "b": 9, "c": -1}, "actions": [{"name": ""}, 5]},
        {"short": 9, "long": 1}, {"notes": "\x00"}, "not a dict",
    ]  # fmt: skip
    templates = set()
    for data in bad_inputs:
        with pytest.raises(StatError) as caught:
            SAMPLE.clean(data)
        templates |= {p.template for p in caught.value.problems}
    assert len(templates) >= 12
    assert templates <= marked


# --- properties over every real schema ---------------------------------------------------------

SCHEMAS = [
    (f"{key}.{kind}", getattr(system, kind))
    for key, system in SYSTEMS.items()
    for kind in ("creature", "weapon", "armor")
]
CHECKED = {"range_short", "range_medium", "range_long", "range_extreme", "versatile_damage"}

json_like = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
free_name = st.from_regex(r"x[a-z]{1,10}", fullmatch=True)  # never a suggested name or label
safe_text = st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\x00"))


def valid_value(f: Field) -> st.SearchStrategy[Any]:
    """Values a person could enter correctly for `f` (cross-field checks aside)."""
    options = [value for value, _label in f.choices or ()]
    strategies: dict[str, st.SearchStrategy[Any]] = {
        "int": st.integers(f.min, f.max) | st.integers(f.min, f.max).map(str),
        "bool": st.booleans(),
        "choice": st.sampled_from(options or [""]),
        "text": (
            st.from_regex(f.pattern, fullmatch=True)
            if f.pattern
            else safe_text.filter(lambda t: (f.min or 0) <= len(t.strip()) <= (f.max or 500))
        ),
        "dice": st.from_regex(f.pattern or DICE_PATTERN, fullmatch=True),
        "tags": st.lists(st.sampled_from(options) if options else free_name, max_size=4),
        "levels": st.dictionaries(
            st.sampled_from(options) if options else free_name,
            st.integers(f.min, f.max),
            max_size=4,
        ),
        "records": st.lists(
            st.fixed_dictionaries({sub.name: valid_value(sub) for sub in f.item_fields or ()}),
            max_size=3,
        ),
    }
    value = strategies[f.kind]
    return st.none() | value if f.nullable else value


def shaped_input(schema: Schema) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries(
        {}, optional={f.name: json_like | valid_value(f) for f in schema.fields}
    )


@pytest.mark.parametrize(("name", "schema"), SCHEMAS, ids=[n for n, _ in SCHEMAS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_clean_raises_only_stat_error_and_is_idempotent(
    name: str, schema: Schema, data: st.DataObject
) -> None:
    raw = data.draw(json_like | shaped_input(schema))
    try:
        cleaned = schema.clean(raw)
    except StatError as error:
        assert error.problems
        return
    assert schema.clean(cleaned) == cleaned
    assert json.loads(json.dumps(cleaned)) == cleaned


@pytest.mark.parametrize(("name", "schema"), SCHEMAS, ids=[n for n, _ in SCHEMAS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_well_formed_input_is_accepted_and_stays_clean(
    name: str, schema: Schema, data: st.DataObject
) -> None:
    raw = data.draw(st.fixed_dictionaries({f.name: valid_value(f) for f in schema.fields}))
    try:
        cleaned = schema.clean(raw)
    except StatError as error:  # only the cross-field checks may object to random values
        assert {p.field for p in error.problems} <= CHECKED
        return
    assert schema.clean(cleaned) == cleaned


# --- every real schema -------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "schema"), SCHEMAS, ids=[n for n, _ in SCHEMAS])
def test_every_label_help_and_choice_exists_in_three_languages(name: str, schema: Schema) -> None:
    def labels(fields: tuple[Field, ...]) -> list[Label]:
        found: list[Label] = []
        for f in fields:
            found += [f.label, *([f.help] if f.help else [])]
            found += [label for _v, label in (f.choices or ()) + f.suggestions]
            found += labels(f.item_fields or ())
        return found

    for label in labels(schema.fields):
        assert all(text.strip() for text in (label.cs, label.en, label.pl)), label


@pytest.mark.parametrize(("name", "schema"), SCHEMAS, ids=[n for n, _ in SCHEMAS])
def test_defaults_are_clean_and_json(name: str, schema: Schema) -> None:
    defaults = schema.defaults()
    assert schema.clean(defaults) == defaults
    assert json.loads(json.dumps(defaults)) == defaults


@pytest.mark.parametrize("key", SYSTEM_KEYS)
def test_every_creature_has_notes_a_player_may_edit(key: str) -> None:
    assert get_system(key).creature["notes"].player_editable


def test_the_rules_core_never_imports_django() -> None:
    sources = [REPO / "combat/rules/schema.py", REPO / "combat/rules/systems.py"]
    sources += [p for k in SYSTEM_KEYS for p in (REPO / "combat/rules" / k).glob("*.py")]
    for path in sources:
        assert not re.search(
            r"^\s*(import|from)\s+django", path.read_text(encoding="utf-8"), re.M
        ), path
    assert schema_module.__name__ == "combat.rules.schema"


def test_the_stats_page_documents_every_field_of_every_system() -> None:
    page = (REPO / "docs/stats.md").read_text(encoding="utf-8")
    sections = {part.split("\n", 1)[0]: part for part in page.split("\n## ")}
    for key, system in SYSTEMS.items():
        section = next(text for title, text in sections.items() if f"(`{key}`)" in title)
        for name, schema in (("creature", system.creature), ("weapon", system.weapon),
                             ("armor", system.armor)):  # fmt: skip
            for f in schema.fields:
                assert f"`{f.name}`" in section, (key, name, f.name)


# --- the registry ------------------------------------------------------------------------------


def test_the_five_systems_are_registered_in_order() -> None:
    assert SYSTEM_KEYS == ("draci_hlidka", "ose", "dnd5e", "shadowrun3", "dice_pool")
    assert tuple(SYSTEMS) == SYSTEM_KEYS
    assert all(isinstance(s, RuleSystem) and s.key == k for k, s in SYSTEMS.items())
    assert len({hash(s) for s in SYSTEMS.values()}) == 5  # usable as cache keys


def test_systems_have_their_display_names() -> None:
    assert get_system("draci_hlidka").name.get("cs") == "Dračí Hlídka"
    assert get_system("ose").name.get("en") == "Old-School Essentials"
    assert get_system("dnd5e").name.get("pl") == "D&D 5e"
    assert get_system("shadowrun3").name.get("en") == "Shadowrun 3"
    pool = get_system("dice_pool").name
    assert (pool.cs, pool.en, pool.pl) == (
        "Forumový systém d6 (dice pool)",
        "Forum d6 dice pool",
        "Forumowy system puli k6",
    )
    assert [key for key in SYSTEMS][-1] == "dice_pool"  # the last of the choices


@pytest.mark.parametrize("key", ["", "dnd", "DND5E", None, ["ose"]])
def test_an_unknown_system_key_raises_unknown_system(key: Any) -> None:
    with pytest.raises(UnknownSystem) as caught:
        get_system(key)
    assert isinstance(caught.value, KeyError)
    assert "unknown rule system" in str(caught.value)
