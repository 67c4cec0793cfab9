"""What a failed saving throw does, read from a stat block's words (issue O: "saving throws as
actions and as riders").

The SRD gives most save actions a structured DC, but the condition a failed save imposes — and
an attack's rider DC ("Bite … If the target is a creature, it must succeed on a DC 11 Strength
saving throw or be knocked prone.") — only in prose. These read the sentence that calls for the
save: `failed_save_condition` finds the one condition it names ("or be knocked prone", "or be
magically charmed", "is frightened for 1 minute"); `prose_dc` its DC, ability and what a success
does. Several conditions in one sentence (a choice of breaths) are the GM's: None.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from combat.rules.dnd5e.words import RIDER_CONDITIONS

CONDITION_KEYS = tuple(key for key, _label in RIDER_CONDITIONS)
_SENTENCE = re.compile(r"(?<=\.)\s+")
_BE = r"\b(?:be|become|becomes|is|are)\s+(?:\w+\s+)?(?:knocked\s+)?"  # "be magically charmed"
_FAILED = re.compile(_BE + "(" + "|".join(CONDITION_KEYS) + r")\b", re.IGNORECASE)
_DC = re.compile(
    r"\bDC (\d{1,2}) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw",
    re.IGNORECASE,
)


def _save_sentence(text: str) -> str:
    """The first sentence that names a saving throw ("" when none does)."""
    return next((s for s in _SENTENCE.split(text) if "saving throw" in s.casefold()), "")


def failed_save_condition(text: str) -> str | None:
    """The one condition the save's sentence gives on a failure, or None."""
    found = {m.group(1).lower() for m in _FAILED.finditer(_save_sentence(text))}
    return found.pop() if len(found) == 1 else None


def prose_dc(text: str) -> tuple[int, str, str] | None:
    """(DC, ability key, "half" | "none") from "DC 11 Strength saving throw …", or None."""
    sentence = _save_sentence(text)
    found = _DC.search(sentence)
    if found is None:
        return None
    half = "half as much" in sentence.casefold()
    return int(found.group(1)), found.group(2)[:3].lower(), "half" if half else "none"


def rider_condition(entry: Mapping[str, Any]) -> str | None:
    """The entry's condition on a failed save: its field, else read from its text."""
    chosen = entry.get("dc_condition")
    if chosen in CONDITION_KEYS:
        return str(chosen)
    return failed_save_condition(str(entry.get("text") or ""))
