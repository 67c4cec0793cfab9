"""Czech and Polish catalogs are complete, and the committed .mo files match the .po files."""

import dataclasses
import gettext
import importlib
import pkgutil
import re
from collections.abc import Mapping
from pathlib import Path

import polib
import pytest
from django.urls import reverse

import combat.rules
from combat.rules.fields import Label
from combat.rules.systems import SYSTEMS

LOCALE = Path(__file__).resolve().parent.parent / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w*\}")


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_every_message_is_translated(lang):
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    untranslated = [e.msgid for e in po.untranslated_entries()]
    fuzzy = [e.msgid for e in po.fuzzy_entries()]
    assert untranslated == [] and fuzzy == []
    plurals = int(re.search(r"nplurals=(\d)", po.metadata["Plural-Forms"]).group(1))
    for entry in po:
        if entry.msgid_plural:
            assert len(entry.msgstr_plural) == plurals, entry.msgid


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_translations_keep_their_placeholders(lang):
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    for entry in po.translated_entries():
        wanted = set(PLACEHOLDER.findall(entry.msgid_plural or entry.msgid))
        for text in entry.msgstr_plural.values() if entry.msgid_plural else [entry.msgstr]:
            found = set(PLACEHOLDER.findall(text))
            assert found <= wanted | set(PLACEHOLDER.findall(entry.msgid)), entry.msgid
            if not entry.msgid_plural:
                assert found == wanted, entry.msgid


# "překvapen(a)", "zaskoczony(a)", "poziom(y)": a form in brackets for another gender or number.
SLASH_FORM = re.compile(r"\w\((?:a|y|o|e|i|ła|ło|aś|eś)\)")


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_no_translation_puts_a_second_form_in_brackets(lang):
    """Issue M: no "(a)" for another gender, no "(y)" for another number; the sentences are
    phrased around them ("Helga: překvapení skončilo")."""
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    found = [
        entry.msgid
        for entry in po.translated_entries()
        for text in [entry.msgstr, *entry.msgstr_plural.values()]
        if SLASH_FORM.search(text)
    ]
    assert found == []


CZECH = re.compile(r"[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]")
# What English keeps of Dračí Hlídka, glossed once in docs/systems/draci-hlidka.md (issue M):
# its abbreviations, its unit of distance, and the system's own name.
KEPT = re.compile(r"ÚČ|OČ|\bsáh\b|Dračí Hlídk[ay]")


def test_english_msgids_carry_no_czech_but_the_glossed_abbreviations():
    """Every msgid is English (the English catalog is empty by design, so a msgid is what an
    English page shows); Czech stays only in the templates older logs carry (old_templates)."""
    po = polib.pofile(str(LOCALE / "en" / "LC_MESSAGES" / "django.po"))
    czech = [
        entry.msgid
        for entry in po
        if CZECH.search(KEPT.sub("", entry.msgid + (entry.msgid_plural or "")))
        and not all(path == "combat/rules/old_templates.py" for path, _ in entry.occurrences)
    ]
    assert czech == []
    old = [e for e in po if all(p == "combat/rules/old_templates.py" for p, _ in e.occurrences)]
    untranslated = [e.msgid for e in old if CZECH.search(e.msgid) and not e.translated()]
    assert untranslated == []  # an older Dračí Hlídka log reads in English too
    rewritten = [e.msgid for e in po if e.translated() and e not in old]
    assert rewritten == []  # the English catalog translates nothing else: the msgid is the text


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_compiled_catalog_matches_the_po_file(lang):
    folder = LOCALE / lang / "LC_MESSAGES"
    with (folder / "django.mo").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in polib.pofile(str(folder / "django.po")).translated_entries():
        if entry.msgid_plural:
            assert compiled.ngettext(entry.msgid, entry.msgid_plural, 1) == entry.msgstr_plural[0]
        elif entry.msgctxt:
            assert compiled.pgettext(entry.msgctxt, entry.msgid) == entry.msgstr
        else:
            assert compiled.gettext(entry.msgid) == entry.msgstr, entry.msgid


@pytest.mark.parametrize(
    ("accept", "heading"),
    [("cs", "Vaše kampaně"), ("pl", "Twoje kampanie"), ("en", "Your campaigns")],
)
def test_language_follows_the_browser(client, roles, accept, heading):
    client.force_login(roles["gm"])
    html = client.get(reverse("campaigns:list"), HTTP_ACCEPT_LANGUAGE=accept).content.decode()
    assert heading in html
    assert f'<html lang="{accept}">' in html


def _labels(value: object, found: set[Label], depth: int = 0) -> None:
    """Every Label in `value`: tuples, lists, mappings and dataclasses (a Schema, a Field, a
    RuleSystem) are walked into."""
    if depth > 8:
        return
    if isinstance(value, Label):
        found.add(value)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            _labels(item, found, depth + 1)
    elif isinstance(value, Mapping):
        for item in value.values():
            _labels(item, found, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            _labels(getattr(value, item.name), found, depth + 1)


def _rules_labels() -> set[Label]:
    found: set[Label] = set()
    for module in pkgutil.walk_packages(combat.rules.__path__, "combat.rules."):
        for value in vars(importlib.import_module(module.name)).values():
            _labels(value, found)
    for system in SYSTEMS.values():  # the schemas too, which are built inside functions
        _labels(system, found)
        for schema in (system.creature, system.weapon, system.armor):
            _labels(tuple(schema.fields), found)
    return found


@pytest.mark.parametrize("lang", ["cs", "pl"])
def test_every_label_of_the_rules_is_in_the_catalogs(lang):
    """Issue M: a stat's label, its help, its choices, a system's name and its log words are
    msgids in the catalogs, where translators' tools see them, not texts kept in the code."""
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    catalog = {(entry.msgctxt or "", entry.msgid): entry.msgstr for entry in po}
    labels = _rules_labels()
    assert len(labels) > 400
    missing = [
        (label.context, label.en)
        for label in labels
        if label.context and not catalog.get((label.context, label.en))
    ]
    assert missing == []
    assert {label.get(lang) for label in labels if label.context} <= set(catalog.values())
