"""Encounter export and replay (docs/encounter-format.md): real fights, exported and re-resolved."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.db import connection

from campaigns.demo import load_demo
from campaigns.models import Monster
from combat import workflows
from combat.demo import FINISHED, load_demo_encounters
from combat.fightstate import load_fight, to_rules
from combat.models import Encounter
from combat.replay import EncounterFormatError, export_encounter, replay_encounter
from combat.rules.base import Action
from tests.combat.test_encounter_workflows import TAMPER

DOC = Path(settings.BASE_DIR) / "docs" / "encounter-format.md"


# --- fights ------------------------------------------------------------------------------------


@pytest.fixture
def demo_fight(db, django_user_model):
    """The demo's finished fight: initiative 6 vs 3, Baldur's Útok 12 vs Obrana 5 → 8 HP."""
    load_demo()
    load_demo_encounters(django_user_model.objects.get(username="gm"))
    return Encounter.objects.get(name=FINISHED)


@pytest.fixture
def long_fight(fight_every_turn):
    """A critical with bleeding, a new round that bleeds, the GM's hand, undo, redo, the end."""
    fight = fight_every_turn
    pk, gm, baldur, leader = fight["encounter"].pk, fight["gm"], fight["baldur"], fight["leader"]
    attack = Action("attack", baldur, (leader,), weapon="Široký meč")
    # 6,6,6,3 → Útok 30 with three sixes; Obrana 4 + 1; bleeding 2d6: 5 + 2
    workflows.resolve_action(pk, gm, "l-attack", attack, [6, 6, 6, 3, 1, 5, 2])  # event 5
    workflows.next_turn(pk, gm, "l-t1")  # 6: the leader's turn
    workflows.next_turn(pk, gm, "l-t2", typed_faces=[4, 3])  # 7: round 2, bleeding 4 + 3
    workflows.adjust(pk, gm, "l-adj", baldur, hp=25, add="prone")  # 8
    workflows.undo(pk, gm, "l-undo")  # 9
    workflows.redo(pk, gm, "l-redo")  # 10
    workflows.end_encounter(pk, gm, "l-end")  # 11
    return {**fight, "encounter": Encounter.objects.get(pk=pk)}


def _exported(encounter, tmp_path, name="fight.json"):
    path = tmp_path / name
    call_command("export_encounter", str(encounter.pk), output=str(path))
    return path


def _replayed(path, capsys):
    call_command("replay", str(path))
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


# --- export → replay reproduces every outcome ------------------------------------------------------


def test_the_demo_fight_exports_and_replays_through_the_commands(demo_fight, tmp_path, capsys):
    lines = _replayed(_exported(demo_fight, tmp_path), capsys)
    assert [line["event"] for line in lines] == ["initiative", "action"]
    assert lines[1] == {
        "seq": 5, "event": "action", "actor": "Baldur", "action": "attack",
        "target": "Vůdce skřetů",
        "totals": [{"purpose": "attack", "faces": [3], "total": 12},
                   {"purpose": "defence", "faces": [1], "total": 5}],
        "hit": True, "damage": 8, "hp_after": {"Baldur": 30, "Vůdce skřetů": 12},
        "critical": False, "bleeding": 0,
    }  # fmt: skip


def test_a_long_fight_replays_every_outcome(long_fight, tmp_path, capsys):
    lines = _replayed(_exported(long_fight["encounter"], tmp_path), capsys)
    by_seq = {line["seq"]: line for line in lines}
    assert sorted(by_seq) == [4, 5, 7, 8]  # initiative, attack, round 2, adjust (undo/redo: none)
    attack, round_two = by_seq[5], by_seq[7]
    assert (attack["hit"], attack["critical"], attack["bleeding"]) == (True, True, 7)
    assert attack["totals"][0] == {"purpose": "attack", "faces": [6, 6, 6, 3], "total": 30}
    assert attack["hp_after"]["Vůdce skřetů"] == 20 - attack["damage"] - 7
    assert round_two["bleeding"] == {long_fight["leader"]: 7}
    # everyone the new round changed (Baldur's turn bookkeeping was reset)
    assert round_two["hp_after"] == {
        "Baldur": 30, "Vůdce skřetů": attack["hp_after"]["Vůdce skřetů"] - 7
    }  # fmt: skip
    assert by_seq[8]["hp_after"] == {"Baldur": 25}


def test_the_replay_ends_where_the_database_ended(long_fight):
    """Undo and redo are replayed too: the rebuilt fight ends in the live rows' state."""
    encounter = long_fight["encounter"]
    data = export_encounter(encounter)
    report = replay_encounter(data)
    assert report.ok, report.differences
    assert [(e["target"], e["target_type"]) for e in data["events"][8:10]] == [(8, "adjust")] * 2
    assert to_rules(encounter.combatants.get(name="Baldur")).conditions == {"prone"}
    assert report.fight == load_fight(encounter)[0]
    assert data == export_encounter(encounter)  # deterministic


def test_a_late_comer_and_initiative_once_per_fight_replay(fight, tmp_path, capsys):
    pk, gm = fight["encounter"].pk, fight["gm"]
    goblin = Monster.objects.get(campaign=fight["encounter"].campaign, name="Skřet")
    workflows.add_combatants(pk, gm, "late-add", record=goblin)
    late = Encounter.objects.get(pk=pk).combatants.get(name="Skřet").key
    workflows.roll_initiative(pk, gm, "late-init", ids=[late], typed_faces=[4])  # 4 + OBR 1
    Encounter.objects.filter(pk=pk).update(options={"initiative_once": True})
    workflows.roll_initiative(pk, gm, "once-init", typed_faces=[])  # everyone keeps theirs
    data = export_encounter(Encounter.objects.get(pk=pk))
    initiatives = [event for event in data["events"] if event["type"] == "initiative"]
    assert [event["ids"] for event in initiatives] == [
        [fight["baldur"], fight["leader"]],
        [late],
        [fight["baldur"], fight["leader"], late],  # asked for all; with "once" all keep theirs
    ]
    assert data["options"] == {"initiative_once": True}
    report = replay_encounter(data)
    assert report.ok, [str(difference) for difference in report.differences]
    assert report.summaries[-1]["totals"] == []


# --- a tampered file makes replay exit 1, naming the action and the field --------------------------


def _set(path, value):
    def change(data):
        *steps, last = path
        target = data
        for step in steps:
            target = target[step]
        target[last] = value

    return change


ATTACK = "event #5 (attack: Baldur → Vůdce skřetů)"
TAMPERED = {
    "a face": (_set(["events", 4, "faces", 3], 2), f"{ATTACK}: rolls[0].faces[3]: recorded 3, "
               "replayed 2"),
    "the recorded damage": (_set(["events", 4, "outcome", "data", "damage"], 1),
                            f"{ATTACK}: data.damage: recorded 1, replayed 26"),
    "a bleeding face": (_set(["events", 6, "faces", 0], 6),
                        "event #7 (turn): rolls[0].faces[0]: recorded 4, replayed 6"),
    "a face too many": (lambda data: data["events"][6]["faces"].append(1),
                        "event #7 (turn): error: recorded \"Round 2 begins\", replayed \"1 face too many"),
    "the GM's before": (_set(["events", 7, "outcome", "changes", 0, "before"], 99),
                        "event #8 (adjust): changes[0].before: recorded 99, replayed 30"),
    "the undo's target": (_set(["events", 8, "target"], 5),
                          "event #9 (undo): target: recorded 5, replayed 8"),
    "whose turn": (_set(["events", 5, "encounter", "after", "current"], ""),
                   "event #6 (turn): encounter.current: recorded \"\", replayed \"c"),
    "an unknown event": (_set(["events", 10, "type"], "teleport"),
                         "event #11 (teleport): type: recorded \"teleport\""),
}  # fmt: skip


@pytest.mark.parametrize("name", TAMPERED)
def test_a_tampered_export_makes_replay_exit_1(long_fight, tmp_path, name):
    tamper, expected = TAMPERED[name]
    data = export_encounter(long_fight["encounter"])
    tamper(data)
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(CommandError) as raised:
        call_command("replay", str(path))
    assert raised.value.returncode == 1
    assert "the replay differs from the recording" in str(raised.value)
    assert expected in str(raised.value)


def test_a_tampered_hp_change_is_named_by_its_index(long_fight):
    data = export_encounter(long_fight["encounter"])
    changes = data["events"][4]["outcome"]["changes"]
    index = next(i for i, c in enumerate(changes) if c["kind"] == "hp" and c["value"] < 20)
    real, changes[index]["value"] = changes[index]["value"], 12
    report = replay_encounter(data)
    assert f"{ATTACK}: changes[{index}].value: recorded 12, replayed {real}" in [
        str(difference) for difference in report.differences
    ]


def test_the_replay_command_exits_1_and_prints_the_diff(demo_fight, tmp_path):
    data = export_encounter(demo_fight)
    data["events"][4]["outcome"]["data"]["damage"] = 9
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(  # noqa: S603 - our own manage.py, a path we made
        [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "replay", str(path)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert f"{ATTACK}: data.damage: recorded 9, replayed 8" in done.stderr
    assert json.loads(done.stdout.splitlines()[1])["damage"] == 8  # the summaries still print


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "iniciativa-campaign"}, 'not an encounter file: "format" must be'),
        ({"version": 2}, "unknown version 2; this Iniciativa reads version 1"),
        ({"events": {}}, '"events" is missing or of the wrong type'),
    ],
)
def test_files_that_are_not_version_1_encounters_are_refused(demo_fight, change, message):
    with pytest.raises(EncounterFormatError, match=re.escape(message)):
        replay_encounter({**export_encounter(demo_fight), **change})


def test_a_malformed_event_is_a_format_error_not_a_crash(demo_fight):
    data = export_encounter(demo_fight)
    del data["events"][4]["action"]
    with pytest.raises(EncounterFormatError, match="event #5: malformed"):
        replay_encounter(data)


def test_export_refuses_a_log_edited_in_the_database(demo_fight, tmp_path):
    event = demo_fight.events.get(type="action")
    *disable, update = TAMPER[connection.vendor]
    with connection.cursor() as cursor:
        for statement in disable:
            cursor.execute(statement)
        cursor.execute(update, [event.pk])
    with pytest.raises(CommandError, match="tampered with, not exported"):
        _exported(demo_fight, tmp_path)
    assert not (tmp_path / "fight.json").exists()


# --- the document: its schema and its example ---------------------------------------------------


def _doc_json(heading):
    """The first ```json block after `heading` in docs/encounter-format.md."""
    text = DOC.read_text(encoding="utf-8")
    after = text[text.index(f"\n{heading}\n") :]
    return json.loads(after.split("```json\n", 1)[1].split("\n```", 1)[0])


def test_the_schema_in_the_doc_validates_every_export(demo_fight, long_fight):
    schema = _doc_json("## JSON Schema")
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    for encounter in (demo_fight, long_fight["encounter"]):
        assert schema_errors(schema, export_encounter(encounter)) == []


@pytest.mark.parametrize(
    "tamper",
    [
        lambda data: data.pop("version"),
        _set(["events", 4, "faces", 0], "3"),
        _set(["events", 4, "unexpected"], True),
        _set(["events", 4, "type"], "turn"),
        _set(["combatants", 0, "record"], {"type": "spell", "name": "x"}),
    ],
)
def test_the_schema_rejects_what_is_not_the_format(demo_fight, tamper):
    data = export_encounter(demo_fight)
    tamper(data)
    assert schema_errors(_doc_json("## JSON Schema"), data) != []


def test_the_doc_example_is_the_demo_export_and_replays(demo_fight):
    example = _doc_json("### Dračí Hlídka")
    assert replay_encounter(example).ok
    assert schema_errors(_doc_json("## JSON Schema"), example) == []
    exported = export_encounter(demo_fight)
    keys = {ours["key"]: theirs["key"]
            for ours, theirs in zip(exported["combatants"], example["combatants"], strict=True)}  # fmt: skip
    text = re.sub(r'"(c\d+)"', lambda m: f'"{keys.get(m[1], m[1])}"', json.dumps(exported))
    renamed = json.loads(text)
    for data in (renamed, example):
        for event in data["events"]:
            event["at"] = "(time)"
    assert renamed == example, "regenerate the example in docs/encounter-format.md"


# --- validating against the schema ---------------------------------------------------------------

KEYWORDS = {"$schema", "title", "description", "$defs", "$ref", "type", "properties", "required",
            "additionalProperties", "items", "enum", "const", "oneOf", "not", "minimum"}  # fmt: skip
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None)}


def schema_errors(schema, value):
    """Draft 2020-12 validation: by `jsonschema` when installed, else the subset below."""
    try:
        import jsonschema
    except ImportError:
        assert _unknown_keywords(schema) == set(), "the fallback validator would ignore these"
        return _errors(schema, value, schema, "$")
    return [error.message for error in jsonschema.Draft202012Validator(schema).iter_errors(value)]


def _unknown_keywords(schema):
    unknown = set(schema) - KEYWORDS
    children = [*schema.get("$defs", {}).values(), *schema.get("properties", {}).values(),
                *schema.get("oneOf", []), *(schema[k] for k in ("items", "not") if k in schema)]  # fmt: skip
    if isinstance(schema.get("additionalProperties"), dict):
        children.append(schema["additionalProperties"])
    return unknown.union(*(_unknown_keywords(child) for child in children))


def _is(value, name):
    if name in ("integer", "number"):
        return type(value) is int or (name == "number" and type(value) is float)
    return isinstance(value, TYPES[name]) and (name == "boolean" or type(value) is not bool)


def _same(one, other):
    return type(one) is type(other) and one == other


def _errors(schema, value, root, path):
    if "$ref" in schema:
        name = schema["$ref"].removeprefix("#/$defs/")
        return _errors(root["$defs"][name], value, root, path)
    names = schema.get("type")
    if names and not any(_is(value, n) for n in ([names] if isinstance(names, str) else names)):
        return [f"{path}: not of type {names}"]
    errors = []
    if "const" in schema and not _same(value, schema["const"]):
        errors.append(f"{path}: not {schema['const']!r}")
    if "enum" in schema and not any(_same(value, option) for option in schema["enum"]):
        errors.append(f"{path}: not one of {schema['enum']}")
    if "minimum" in schema and type(value) in (int, float) and value < schema["minimum"]:
        errors.append(f"{path}: below {schema['minimum']}")
    if "not" in schema and not _errors(schema["not"], value, root, path):
        errors.append(f"{path}: matches what it must not")
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not _errors(s, value, root, path)]
        if len(matching) != 1:
            errors.append(f"{path}: matches {len(matching)} of oneOf, not 1")
    return errors + _members(schema, value, root, path)


def _members(schema, value, root, path):
    errors = []
    if isinstance(value, dict):
        errors += [
            f"{path}: {key} missing" for key in schema.get("required", ()) if key not in value
        ]
        properties = schema.get("properties", {})
        for key, item in value.items():
            if key in properties:
                errors += _errors(properties[key], item, root, f"{path}.{key}")
            elif schema.get("additionalProperties") is False:
                errors.append(f"{path}: unexpected key {key}")
    if isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            errors += _errors(schema["items"], item, root, f"{path}[{index}]")
    return errors
