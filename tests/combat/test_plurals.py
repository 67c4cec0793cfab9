"""Counted log lines (issue M): the engines' `ngettext` templates pick the form the number
needs, at 1, 2, 5 and 22, in Czech and Polish (three forms for whole numbers) and in English;
logs written before keep reading in their language."""

import ast
import functools
import re
from pathlib import Path

import polib
import pytest
from django.utils import translation

from combat.rules.base import count_of, counted, ngettext, plain
from combat.wording import say

LOCALE = Path(__file__).resolve().parents[2] / "locale"
# The catalogs' form for each count (Plural-Forms: cs 1 | 2-4 | fractions | 5+; pl 1 | 2-4
# but not 12-14 | 5+ | fractions).
FORM = {"cs": {1: 0, 2: 1, 5: 3, 22: 3}, "pl": {1: 0, 2: 1, 5: 2, 22: 1}}


def _engine_entries(lang: str) -> list[polib.POEntry]:
    po = polib.pofile(str(LOCALE / lang / "LC_MESSAGES" / "django.po"))
    return [
        entry
        for entry in po
        if entry.msgid_plural and any("combat/rules/" in path for path, _line in entry.occurrences)
    ]


def _params(template: str, count_key: str, n: int) -> dict[str, object]:
    names = set(re.findall(r"%\((\w+)\)", template))
    return {name: (n if name == count_key else 7) for name in names} | {"name": "Helga"}


@pytest.mark.parametrize("lang", ["cs", "pl"])
@pytest.mark.parametrize("n", [1, 2, 5, 22])
def test_every_counted_engine_line_takes_the_form_its_number_needs(lang, n):
    entries = _engine_entries(lang)
    assert len(entries) >= 16
    for entry in entries:
        key = _count_key(entry.msgid)
        template = ngettext(entry.msgid, entry.msgid_plural, key)
        params = _params(entry.msgid, key, n)
        with translation.override(lang):
            said = say({"template": template, "params": params})
        assert said == entry.msgstr_plural[FORM[lang][n]] % params, entry.msgid


@functools.cache
def _counted_in_the_engines() -> dict[str, str]:
    """Each `ngettext(singular, plural, count)` call in combat/rules: singular → count."""
    found = {}
    for path in (Path(__file__).resolve().parents[2] / "combat" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "ngettext":
                singular, _plural, key = (arg.value for arg in node.args)  # type: ignore[attr-defined]
                found[singular] = key
    return found


def _count_key(msgid: str) -> str:
    return _counted_in_the_engines()[msgid]


SAID = [
    ("cs", "%(name)s has %(amount)s temporary hit point", "%(name)s has %(amount)s temporary hit points", "amount",
     ["Helga má 1 dočasný život", "Helga má 2 dočasné životy", "Helga má 5 dočasných životů",
      "Helga má 22 dočasných životů"]),
    ("cs", "%(name)s uses a skill: %(successes)s success", "%(name)s uses a skill: %(successes)s successes", "successes",
     ["Helga používá dovednost: 1 úspěch", "Helga používá dovednost: 2 úspěchy",
      "Helga používá dovednost: 5 úspěchů", "Helga používá dovednost: 22 úspěchů"]),
    ("pl", "%(name)s uses a skill: %(successes)s success", "%(name)s uses a skill: %(successes)s successes", "successes",
     ["Helga używa umiejętności: 1 sukces", "Helga używa umiejętności: 2 sukcesy",
      "Helga używa umiejętności: 5 sukcesów", "Helga używa umiejętności: 22 sukcesy"]),
    ("pl", "%(name)s makes a Multiattack (%(attacks)s attack)", "%(name)s makes a Multiattack (%(attacks)s attacks)", "attacks",
     ["Helga: wielokrotny atak (1 atak)", "Helga: wielokrotny atak (2 ataki)",
      "Helga: wielokrotny atak (5 ataków)", "Helga: wielokrotny atak (22 ataki)"]),
    ("en", "%(name)s uses a skill: %(successes)s success", "%(name)s uses a skill: %(successes)s successes", "successes",
     ["Helga uses a skill: 1 success", "Helga uses a skill: 2 successes",
      "Helga uses a skill: 5 successes", "Helga uses a skill: 22 successes"]),
]  # fmt: skip


@pytest.mark.parametrize(("lang", "singular", "plural", "key", "expected"), SAID)
def test_the_words_at_1_2_5_and_22(lang, singular, plural, key, expected):
    template = ngettext(singular, plural, key)
    with translation.override(lang):
        said = [
            say({"template": template, "params": {"name": "Helga", key: n}}) for n in (1, 2, 5, 22)
        ]
    assert said == expected


def test_a_counted_template_keeps_its_three_parts_and_reads_in_english_untranslated():
    mark = ngettext  # not extracted: a test's words are not the catalog's
    template = mark("%(n)s hit", "%(n)s hits", "n")
    assert counted(template) == ("%(n)s hit", "%(n)s hits", "n")
    assert counted("%(n)s hits") is None
    assert plain(template, {"n": 1}) == "1 hit" and plain(template, {"n": 3}) == "3 hits"
    assert count_of({"n": "?"}, "n") == 5  # a hidden number reads as many: "? hits"


def test_a_line_an_older_log_wrote_still_reads_in_czech():
    step = {"template": "%(attacker)s hits %(target)s: %(damage)s životů",
            "params": {"attacker": "Baldur", "target": "Vůdce skřetů", "damage": 8}}  # fmt: skip
    with translation.override("cs"):
        assert say(step) == "Baldur → Vůdce skřetů: zásah, ztráta životů 8"


def test_a_side_that_loses_a_round_is_named_in_the_pages_words_with_no_verb_to_agree():
    """Issue M: the dice pool said "enemies prohrává 2. kolo" (a raw key, and a singular verb
    for a plural side); the side is now translated and named after the verb."""
    step = {"template": "Round %(round)s is lost by %(side)s, by %(difference)s",
            "params": {"round": 2, "side": "enemies", "difference": 3}}  # fmt: skip
    summary = {"template": "%(name)s rolls %(counted)s; round %(round)s is lost by %(loser)s",
               "params": {"name": "Pes", "counted": 9, "round": 2, "loser": "party"}}  # fmt: skip
    with translation.override("cs"):
        assert say(step) == "2. kolo prohrává o 3 strana: nepřátelé"
        assert say(summary) == "Pes: hod 9; 2. kolo prohrává strana: družina"
    with translation.override("pl"):
        assert say(summary).endswith("rundę 2 przegrywa strona: drużyna")
