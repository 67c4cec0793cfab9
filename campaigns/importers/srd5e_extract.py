"""The stats-only extract of the 5e SRD that the project ships (issue N): a GM has no download,
yet `make run` fills the D&D 5e library with the SRD's monsters, weapons and armour.

`build_extract(DIR)` maps the 5e-bits SRD files exactly as `import_srd5e` does, then keeps only
numbers and names: the prose of every action, trait, reaction and legendary action, and the
notes, are left out. What the rules read from that prose is kept as a short statement of its
own: a Multiattack's number of attacks ("3 attacks") and a spellcaster's ability ("Its
spellcasting ability is Wisdom."). `manage.py srd5e_extract DIR` writes it to EXTRACT;
`import_extract()` writes its rows into the library like the full import (same source, same
keys), so a later `import_srd5e DIR` brings the prose over the same rows. The SRD 5.1 is
CC-BY-4.0: campaigns/data/SRD5E-ATTRIBUTION.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.db import transaction

from combat.rules.base import Combatant
from combat.rules.dnd5e.common import spellcasting_ability
from combat.rules.dnd5e.turns import multiattack_count

from .srd5e import SOURCE, SrdImportReport, _read_and_plan, _write

EXTRACT = Path(__file__).resolve().parents[1] / "data" / "srd5e-stats.json"
ATTRIBUTION = (
    'This work includes material taken from the System Reference Document 5.1 ("SRD 5.1") by '
    "Wizards of the Coast LLC, licensed under the Creative Commons Attribution 4.0 "
    "International License (CC-BY-4.0). Numbers and names only, from the 5e-bits/5e-database "
    "collections."
)
PROSE_LISTS = ("actions", "traits", "reactions", "legendary_actions")
ABILITY_NAMES = {
    "str": "Strength",
    "dex": "Dexterity",
    "con": "Constitution",
    "int": "Intelligence",
    "wis": "Wisdom",
    "cha": "Charisma",
}


def stats_only(kind: str, stats: dict[str, Any]) -> dict[str, Any]:
    """One mapped record with its prose left out (what the rules read kept as a statement)."""
    kept = dict(stats)
    if "notes" in kept:
        kept["notes"] = ""
    if kind != "monster":
        return kept
    count = multiattack_count(str(kept.get("multiattack") or ""))
    kept["multiattack"] = f"{count} attacks" if count else ""
    ability = _casting(stats)
    for name in PROSE_LISTS:
        entries = kept.get(name)
        if isinstance(entries, list):
            kept[name] = [_without_text(entry, ability) for entry in entries]
    return kept


def _casting(stats: dict[str, Any]) -> str:
    found = spellcasting_ability(Combatant("x", "x", "x", stats=stats, hp=1, max_hp=1))
    return f"Its spellcasting ability is {ABILITY_NAMES[found]}." if found else ""


def _without_text(entry: Any, ability: str) -> Any:
    if not isinstance(entry, dict) or "text" not in entry:
        return entry
    casting = ability and "spellcasting" in str(entry.get("name", "")).casefold()
    return {**entry, "text": ability if casting else ""}


def build_extract(directory: Path) -> dict[str, Any]:
    """The extract of the SRD files in `directory`: {"monster": {name: stats}, "weapon": …}."""
    rows: dict[str, dict[str, Any]] = {}
    for plan in _read_and_plan(Path(directory), lambda line: None):
        for kind, named in plan.rows.items():
            rows.setdefault(kind, {}).update(
                {name: stats_only(kind, stats) for name, stats in named.items()}
            )
    return {"source": SOURCE, "attribution": ATTRIBUTION, **rows}


def write_extract(directory: Path, path: Path = EXTRACT) -> dict[str, Any]:
    extract = build_extract(directory)
    text = json.dumps(extract, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    path.write_text(text + "\n", encoding="utf-8")
    return extract


def import_extract(path: Path = EXTRACT) -> SrdImportReport:
    """The shipped extract into the shared D&D 5e library, in one transaction; safe to run
    again (rows keyed by system, source and name, as the full import keys them)."""
    extract = json.loads(path.read_text(encoding="utf-8"))
    report = SrdImportReport()
    with transaction.atomic():
        for kind in report.tallies:
            report.tallies[kind] = _write(kind, extract.get(kind, {}))
    return report
