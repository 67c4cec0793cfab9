"""Each system in its own words (issue M): no variant a system's glossary forbids appears in its
own translations (cs, pl; the msgid for en), its stat labels and help, its demo records or the
language's section of its page under docs/systems/; docs/glossary.md is written from the data."""

from pathlib import Path

import polib
import pytest

from combat.rules.glossary import LANGUAGES, markdown, seed_language, systems, terms
from combat.rules.systems import get_system

ROOT = Path(__file__).resolve().parent.parent
SECTIONS = {"cs": "## Česky", "en": "## English", "pl": "## Polski"}


def _catalog_texts(system: str, language: str) -> list[str]:
    """What the system's own msgids read as in `language` (msgids only it uses)."""
    po = polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))
    own = (f"combat/rules/{system}/", f"campaigns/demo_records/{system}")
    texts = []
    for entry in po:
        paths = [path for path, _line in entry.occurrences]
        if not paths or not all(path.startswith(own) for path in paths):
            continue
        if language == "en":
            texts += [entry.msgid, entry.msgid_plural or ""]
        else:
            texts += [entry.msgstr, *entry.msgstr_plural.values()]
    return texts


def _log_word_texts(system: str, language: str) -> list[str]:
    """The system's words the log puts into its lines ("Attack modifiers: STR +1, referee −1")."""
    words = get_system(system).log_words
    return [label.get(language) for table in words.values() for label in table.values()]


def _fields(schema):  # type: ignore[no-untyped-def]
    for field in schema.fields:
        yield field
        yield from field.item_fields or ()


def _label_texts(system: str, language: str) -> list[str]:
    described = get_system(system)
    texts = []
    for schema in (described.creature, described.weapon, described.armor):
        for field in _fields(schema):
            texts.append(field.label.get(language))
            if field.help is not None:
                texts.append(field.help.get(language))
    return texts


def _demo_texts(system: str) -> list[str]:
    place = ROOT / "campaigns" / "demo_records"
    files = [place / f"{system}.py", *sorted((place / system).glob("*.py"))]
    return [path.read_text(encoding="utf-8") for path in files if path.exists()]


def _doc_section(page: str, language: str) -> str:
    text = (ROOT / "docs" / "systems" / page).read_text(encoding="utf-8")
    heading = SECTIONS[language]
    if f"\n{heading}\n" not in text:
        return ""
    section = text.split(f"\n{heading}\n", 1)[1]
    return section.split("\n## ", 1)[0]


def _says(text: str, variant: str) -> bool:
    """`variant` in `text`, also where it opens a sentence or a label ("Sáhy na rundę")."""
    return variant in text or variant[:1].upper() + variant[1:] in text


@pytest.mark.parametrize("system", systems())
def test_no_forbidden_variant_in_the_systems_own_words(system):
    page = systems()[system][1]
    found = []
    for language in LANGUAGES:
        places = {
            "catalog": _catalog_texts(system, language),
            "stat labels": _label_texts(system, language),
            "log words": _log_word_texts(system, language),
            "docs": [_doc_section(page, language)],
        }
        if language == seed_language(system):  # demo records are in the seed's language
            places["demo records"] = _demo_texts(system)
        for term in terms(system):
            for variant in term.avoid.get(language, ()):
                for place, texts in places.items():
                    hits = [text for text in texts if _says(text, variant)]
                    found += [f"{language} {place}: “{variant}” in “{hit[:80]}”" for hit in hits]
    assert found == []


def test_every_system_has_its_glossary_and_its_gm():
    assert set(systems()) >= {"draci_hlidka", "ose", "dnd5e", "shadowrun3", "dice_pool"}
    for system in systems():
        concepts = [term.concept for term in terms(system)]
        assert "the game master" in concepts, system
        assert len(concepts) == len(set(concepts)), system


def test_the_glossary_page_is_written_from_the_data():
    page = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert page == markdown(), "run: python -m combat.rules.glossary > docs/glossary.md"
