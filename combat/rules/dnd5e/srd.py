"""Map 5e-bits SRD 5.1 JSON entries (monsters, equipment) to cleaned D&D 5e stats.

Pure: takes one decoded JSON object, returns stats that passed the dnd5e schemas. The data's
own shape decides what is read (5e-database v5.10: AC is a list of {type, value}; older data
has a plain int, which is accepted too). Anything unexpected raises SrdEntryError naming the
entry and the SRD field, so an importer can report the bad entry and go on with the others.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any, TypeVar

from combat.rules.dnd5e.gear import ARMOR, WEAPON
from combat.rules.dnd5e.riders import failed_save_condition, prose_dc
from combat.rules.dnd5e.stats import CREATURE
from combat.rules.schema import Schema, StatError

T = TypeVar("T")
_MISSING: Any = object()
_ABILITY_KEYS = ("strength", "dexterity", "constitution", "intelligence", "wisdom", "charisma")
_SPEEDS = {
    "walk": "speed",
    "fly": "speed_fly",
    "swim": "speed_swim",
    "climb": "speed_climb",
    "burrow": "speed_burrow",
}
_ACTION_LISTS = {
    "actions": "actions",
    "reactions": "reactions",
    "legendary_actions": "legendary_actions",
    "special_abilities": "traits",
}
# Our stat name -> the SRD key, to name the SRD field when a value fails the schema.
_MONSTER_KEYS = {
    "ac": "armor_class",
    "hp": "hit_points",
    "str": "strength",
    "dex": "dexterity",
    "con": "constitution",
    "int": "intelligence",
    "wis": "wisdom",
    "cha": "charisma",
    "saving_throws": "proficiencies",
    "skills": "proficiencies",
    "traits": "special_abilities",
    "creature_type": "type",
    "multiattack": "actions",
    "hover": "speed",
    **{stat: "speed" for stat in _SPEEDS.values()},
}
_WEAPON_KEYS = {
    "damage_type": "damage",
    "versatile_damage": "two_handed_damage",
    "range_normal": "range",
    "range_long": "range",
    "notes": "special",
    "category": "weapon_category",
}
_ARMOR_KEYS = {
    "base_ac": "armor_class",
    "dex_bonus": "armor_class",
    "max_dex_bonus": "armor_class",
    "category": "armor_category",
}
_REACH = re.compile(r"reach (\d+) ft")
_RANGE = re.compile(r"range (\d+)(?:/(\d+))? ft")
_FEET = re.compile(r"(\d+) ft")
# What reading a value of the wrong shape raises (RecursionError: absurdly nested options).
_BAD_SHAPE = (
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
    IndexError,
    OverflowError,
    RecursionError,
)


class SrdEntryError(ValueError):
    """An SRD entry that cannot be mapped: which entry, which SRD field, and why."""

    def __init__(self, name: str, field: str, message: str) -> None:
        super().__init__(f"{name}: {field}: {message}")
        self.name = name
        self.field = field
        self.message = message


def _entry_name(entry: object) -> str:
    if not isinstance(entry, Mapping):
        raise SrdEntryError("?", "", "an SRD entry must be a JSON object")
    name = entry.get("name")
    if not isinstance(name, str) or not name.strip():
        raise SrdEntryError("?", "name", "missing or not a text")
    return name.strip()


def _read(
    entry: Mapping[str, Any],
    name: str,
    key: str,
    convert: Callable[[Any], T],
    default: Any = _MISSING,
) -> T:
    if key not in entry:
        if default is _MISSING:
            raise SrdEntryError(name, key, "missing")
        return default  # type: ignore[no-any-return]
    try:
        return convert(entry[key])
    except _BAD_SHAPE as error:
        raise SrdEntryError(name, key, f"unexpected value ({error!r})") from None


def _cleaned(
    schema: Schema, name: str, stats: dict[str, Any], srd_keys: Mapping[str, str]
) -> dict[str, Any]:
    try:
        return schema.clean(stats)
    except StatError as error:
        first = error.problems[0]
        message = "; ".join(f"{p.field}: {p.message}" for p in error.problems)
        raise SrdEntryError(name, srd_keys.get(first.root, first.root), message) from None


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError("expected a list")  # list("fire") would quietly split the word
    return value


def _armor_class(value: Any) -> int:
    # A list of {type, value}: the first is the ordinary AC, later ones are conditional.
    chosen = value[0]["value"] if isinstance(value, list) else value
    if isinstance(chosen, bool) or not isinstance(chosen, int):
        raise TypeError("armour class must be a whole number")
    return chosen


def _speed(value: Mapping[str, Any]) -> dict[str, Any]:
    speeds: dict[str, Any] = {"speed": 0, "hover": bool(value.get("hover", False))}
    for mode, text in value.items():
        if mode in _SPEEDS:
            found = _FEET.search(str(text))
            if found is None:
                raise ValueError(f"speed {text!r} has no feet")
            speeds[_SPEEDS[mode]] = int(found.group(1))
    return speeds


def _challenge(value: Any) -> str:
    return str(Fraction(value).limit_denominator(8))  # 0.125 -> "1/8", 2.0 -> "2"


def _proficiencies(value: list[Mapping[str, Any]]) -> dict[str, dict[str, int]]:
    found: dict[str, dict[str, int]] = {"saving_throws": {}, "skills": {}}
    for item in _list(value):
        index = str(item["proficiency"]["index"])
        if index.startswith("saving-throw-"):
            found["saving_throws"][index.removeprefix("saving-throw-")] = item["value"]
        elif index.startswith("skill-"):
            skill = index.removeprefix("skill-").replace("-", "_")
            found["skills"][skill] = item["value"]
    return found


def _condition(value: Any) -> str:
    return str(value["index"] if isinstance(value, Mapping) else value)


def _damage_item(damage: Mapping[str, Any]) -> dict[str, Any]:
    if "choose" in damage:  # "1d8 one-handed or 1d10 two-handed": keep the first, note the rest
        options = damage["from"]["options"]
        first = _damage_item(options[0])
        notes = [str(options[0]["notes"])] if options[0].get("notes") else []
        for other in options[1:]:
            alternative = _damage_item(other)
            extra = f" ({other['notes']})" if other.get("notes") else ""
            notes.append(f"or {alternative['dice']} {alternative['type']}{extra}")
        first["note"] = "; ".join(notes)
        return first
    return {"dice": damage["damage_dice"], "type": damage["damage_type"]["index"], "note": ""}


def _usage(usage: Mapping[str, Any] | None) -> str:
    if not usage:
        return ""
    kind = usage["type"]
    if kind == "recharge on roll":
        low = usage["min_value"]
        return "Recharge 6" if low >= 6 else f"Recharge {low}–6"
    if kind == "per day":
        return f"{usage['times']}/Day"
    if kind == "recharge after rest":
        rests = " or ".join(str(r).capitalize() for r in usage.get("rest_types", []))
        return f"Recharge after a {rests} Rest"
    return str(kind)


def _dc_fields(dc: Mapping[str, Any] | None, desc: str, attack: bool) -> dict[str, Any]:
    """The save an action calls for: the SRD's DC, else, for an attack, the one its prose names
    (its rider); the condition a failed save gives is read from the prose either way."""
    prose = prose_dc(desc)
    if dc:
        success = dc.get("success_type")
        if prose and prose[2] == "half":  # the data says "none" for five whose text says half
            success = "half"
        found: tuple[Any, ...] = (
            dc["dc_value"],
            dc["dc_type"]["index"],
            success if success in ("none", "half") else None,
        )
    else:
        found = (prose if attack else None) or (None, None, None)
    condition = failed_save_condition(desc) if found[0] is not None else None
    keys = ("dc", "dc_ability", "dc_success", "dc_condition")
    return dict(zip(keys, (*found, condition), strict=True))


def _action(action: Mapping[str, Any]) -> dict[str, Any]:
    desc = str(action.get("desc", ""))
    reach = _REACH.search(desc)
    ranged = _RANGE.search(desc)
    return {
        "name": action["name"],
        "attack_bonus": action.get("attack_bonus"),
        "damage": [_damage_item(d) for d in _list(action.get("damage", []))],
        "reach": int(reach.group(1)) if reach else None,
        "range_normal": int(ranged.group(1)) if ranged else None,
        "range_long": int(ranged.group(2)) if ranged and ranged.group(2) else None,
        **_dc_fields(action.get("dc"), desc, type(action.get("attack_bonus")) is int),
        "usage": _usage(action.get("usage")),
        "text": desc,
    }


def _is_multiattack(action: Mapping[str, Any]) -> bool:
    return "multiattack_type" in action or str(action["name"]).startswith("Multiattack")


def _split_actions(items: list[Mapping[str, Any]]) -> tuple[list[dict[str, Any]], str]:
    items = _list(items)
    multiattack = "\n".join(str(a.get("desc", "")) for a in items if _is_multiattack(a))
    return [_action(a) for a in items if not _is_multiattack(a)], multiattack


def _actions(entry: Mapping[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for srd_key, key in _ACTION_LISTS.items():
        found[key], multiattack = _read(entry, name, srd_key, _split_actions, ([], ""))
        if multiattack:
            found["multiattack"] = multiattack
    return found


def _with_subtype(entry: Mapping[str, Any]) -> Callable[[Any], str]:
    subtype = entry.get("subtype")
    return lambda kind: f"{kind} ({subtype})" if subtype else str(kind)


def monster_from_srd(entry: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """(name, cleaned creature stats) of one SRD monster; SrdEntryError if it cannot be mapped."""
    name = _entry_name(entry)
    stats: dict[str, Any] = {key[:3]: _read(entry, name, key, lambda v: v) for key in _ABILITY_KEYS}
    stats.update(
        ac=_read(entry, name, "armor_class", _armor_class),
        hp=_read(entry, name, "hit_points", lambda v: v),
        hit_dice=_read(entry, name, "hit_dice", str),
        size=_read(entry, name, "size", lambda v: v.lower()),
        creature_type=_read(entry, name, "type", _with_subtype(entry)),
        challenge_rating=_read(entry, name, "challenge_rating", _challenge, "0"),
        proficiency_bonus=_read(entry, name, "proficiency_bonus", lambda v: v, 2),
        condition_immunities=_read(
            entry, name, "condition_immunities", lambda v: [_condition(c) for c in _list(v)], []
        ),
    )
    stats.update(_read(entry, name, "speed", _speed))
    stats.update(_read(entry, name, "proficiencies", _proficiencies, {}))
    for key in ("damage_resistances", "damage_immunities", "damage_vulnerabilities"):
        stats[key] = _read(entry, name, key, _list, [])
    stats.update(_actions(entry, name))
    return name, _cleaned(CREATURE, name, stats, _MONSTER_KEYS)


def _weapon(entry: Mapping[str, Any], name: str) -> dict[str, Any]:
    damage = _read(entry, name, "damage", lambda d: _damage_item(d), None)
    versatile = _read(entry, name, "two_handed_damage", lambda d: d["damage_dice"], None)
    ranged = entry.get("weapon_range") == "Ranged"
    bands = _read(entry, name, "range" if ranged else "throw_range", dict, {})
    return {
        "damage": damage["dice"] if damage else None,
        "damage_type": damage["type"] if damage else "bludgeoning",
        "properties": _read(
            entry,
            name,
            "properties",
            lambda v: [p["index"].replace("-", "_") for p in _list(v)],
            [],
        ),
        "versatile_damage": versatile,
        "range_normal": bands.get("normal"),
        "range_long": bands.get("long"),
        "category": _read(entry, name, "weapon_category", lambda v: v.lower()),
        "weapon_range": _read(entry, name, "weapon_range", lambda v: v.lower()),
        "notes": "\n".join(_read(entry, name, "special", lambda v: [str(s) for s in _list(v)], [])),
    }


def _armor(entry: Mapping[str, Any], name: str) -> dict[str, Any]:
    ac = _read(entry, name, "armor_class", dict)
    return {
        "category": _read(entry, name, "armor_category", lambda v: v.lower()),
        "base_ac": ac.get("base"),
        "dex_bonus": ac.get("dex_bonus", False),
        "max_dex_bonus": ac.get("max_bonus"),
        "str_minimum": _read(entry, name, "str_minimum", lambda v: v, 0),
        "stealth_disadvantage": _read(entry, name, "stealth_disadvantage", lambda v: v, False),
    }


def equipment_from_srd(entry: Mapping[str, Any]) -> tuple[str, str, dict[str, Any]] | None:
    """("weapon" or "armor", name, cleaned stats) of one SRD item; None for other gear."""
    name = _entry_name(entry)
    category = _read(entry, name, "equipment_category", lambda v: v["index"])
    if category == "weapon":
        return "weapon", name, _cleaned(WEAPON, name, _weapon(entry, name), _WEAPON_KEYS)
    if category == "armor":
        return "armor", name, _cleaned(ARMOR, name, _armor(entry, name), _ARMOR_KEYS)
    return None
