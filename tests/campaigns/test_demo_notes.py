"""The demo records' notes are the game master's notes (issue M): written in the language of the
system's source rules (Czech or Polish), with no developer wording about seeds or picks."""

import re

import pytest

from campaigns.demo_records import demo_campaigns, records_for
from combat.rules.glossary import seed_language

DEVELOPER = re.compile(
    r"\bseeds?\b|picked for the demo|our pick|not in the seed|\bpicks?\b|standard value",
    re.IGNORECASE,
)
DIACRITICS = {"cs": "áčďéěíňóřšťúůýž", "pl": "ąćęłńóśźż"}
ENGLISH = re.compile(r"\b(the|and|with|of|is|are|from|not|only)\b", re.IGNORECASE)


def _texts(system: str) -> list[tuple[str, str]]:
    """(where, text) for every note of the system's demo records and its campaign description."""
    records = records_for(system)
    found = [("campaign description", demo_campaigns()[system][1])]
    for kind in ("characters", "monsters", "weapons", "armor"):
        found += [(f"{kind}: {row['name']}", row["notes"]) for row in getattr(records, kind)]
    return found


def test_every_system_with_demo_records_is_covered():
    assert set(demo_campaigns()) >= {"draci_hlidka", "ose", "dnd5e", "shadowrun3", "dice_pool"}


@pytest.mark.parametrize("system", sorted(demo_campaigns()))
def test_no_developer_wording_in_the_notes(system):
    found = [f"{where}: {text}" for where, text in _texts(system) if DEVELOPER.search(text)]
    assert found == []


@pytest.mark.parametrize("system", sorted(demo_campaigns()))
def test_the_notes_are_in_the_language_of_the_systems_rules(system):
    language = seed_language(system)
    letters = DIACRITICS.get(language)
    if letters is None:  # an English-rules system: nothing to check here
        return
    found = []
    for where, text in _texts(system):
        assert text.strip(), f"{system} {where}: an empty note"
        if not any(letter in text.lower() for letter in letters):
            found.append(f"{where}: no {language} letter in “{text}”")
        if ENGLISH.search(text):
            found.append(f"{where}: English words in “{text}”")
    assert found == []
