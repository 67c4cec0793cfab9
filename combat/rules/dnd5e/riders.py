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

from combat.rules.dnd5e.words import RIDER_CONDITIONS, SIZES

CONDITION_KEYS = tuple(key for key, _label in RIDER_CONDITIONS)
_SENTENCE = re.compile(r"(?<=\.)\s+")
_CONDITION = "(" + "|".join(CONDITION_KEYS) + r")\b"
# What a failure does, as the SRD words it: "… or be knocked prone", "or become frightened",
# "and be knocked prone", "… saving throw is frightened", "On a failed save, the target is …".
# Never a condition named in passing ("unless the pit fiend is incapacitated").
_FAILED = (
    re.compile(r"\b(?:or|and)\s+(?:be|become)\s+(?:\w+\s+)?(?:knocked\s+)?" + _CONDITION, re.I),
    re.compile(r"\bsaving throw\s+(?:is|becomes)\s+" + _CONDITION, re.I),
    re.compile(
        r"\bfailed save,?\s+(?:the\s+)?(?:target|creature)\s+(?:is|becomes)\s+" + _CONDITION, re.I
    ),
)
_DC = re.compile(
    r"\bDC (\d{1,2}) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw",
    re.IGNORECASE,
)


def _save_sentence(text: str) -> str:
    """The first sentence that names a saving throw ("" when none does)."""
    return next((s for s in _SENTENCE.split(text) if "saving throw" in s.casefold()), "")


def from_the_save(text: str) -> str:
    """The words from the sentence that names the saving throw on ("" when none does): the
    SRD's "Hit: …" comes first."""
    sentences = _SENTENCE.split(text)
    first = next((i for i, s in enumerate(sentences) if "saving throw" in s.casefold()), None)
    return " ".join(sentences[first:]) if first is not None else ""


def failed_save_condition(text: str) -> str | None:
    """The one condition the save's sentence gives on a failure, or None."""
    sentence = _save_sentence(text)
    found = {m.group(1).lower() for pattern in _FAILED for m in pattern.finditer(sentence)}
    return found.pop() if len(found) == 1 else None


def prose_dc(text: str) -> tuple[int, str, str] | None:
    """(DC, ability key, "half" | "none") from "DC 11 Strength saving throw …", or None."""
    sentence = _save_sentence(text)
    found = _DC.search(sentence)
    if found is None:
        return None
    half = "half as much" in sentence.casefold()
    return int(found.group(1)), found.group(2)[:3].lower(), "half" if half else "none"


_LARGEST = re.compile(r"\b(tiny|small|medium|large|huge) or smaller\b", re.IGNORECASE)
_OTHER_THAN = re.compile(r"\bother than (?:an? )?(\w+)(?: or (?:an? )?(\w+))?", re.IGNORECASE)
SIZE_KEYS = tuple(key for key, _label in SIZES)


def spared_by(text: str, size: str, creature_type: str) -> str | None:
    """The words of the save's sentence that spare this target, if its size or creature type
    says so: "If the target is Medium or smaller", "a creature other than an elf or undead"
    (an elf is not a creature type: that one stays the GM's)."""
    sentence = _save_sentence(text)
    largest = _LARGEST.search(sentence)
    if (
        largest
        and size in SIZE_KEYS
        and SIZE_KEYS.index(size) > SIZE_KEYS.index(largest.group(1).lower())
    ):
        return largest.group(0)
    other = _OTHER_THAN.search(sentence)
    kinds = {word.lower() for word in (other.groups() if other else ()) if word}
    if other and any(kind in creature_type.casefold().split() for kind in kinds):
        return other.group(0)
    return None


_ITS_NEXT = re.compile(
    r"\buntil the end of (?:its|the creature's|the target's) next turn\b", re.IGNORECASE
)
_THEIR_NEXT = re.compile(r"\buntil the end of the [\w ]+?'s next turn\b", re.IGNORECASE)
_ONE_MINUTE = re.compile(r"\bfor 1 minute\b", re.IGNORECASE)
MINUTE = 10  # rounds (SRD 5.1: a round is about 6 seconds)


def rider_duration(text: str) -> tuple[str, int] | None:
    """How long the failure's condition lasts, as the save's sentence says: ("target", 0) until
    the end of its next turn, ("actor", 0) until the end of the attacker's next turn, ("rounds",
    10) for 1 minute (at most: a repeated save may end it sooner, the GM's from the note)."""
    sentence = _save_sentence(text)
    if _ITS_NEXT.search(sentence):
        return "target", 0
    if _THEIR_NEXT.search(sentence):
        return "actor", 0
    return ("rounds", MINUTE) if _ONE_MINUTE.search(sentence) else None


def rider_condition(entry: Mapping[str, Any]) -> str | None:
    """The entry's condition on a failed save: its field, else read from its text."""
    chosen = entry.get("dc_condition")
    if chosen in CONDITION_KEYS:
        return str(chosen)
    return failed_save_condition(str(entry.get("text") or ""))
