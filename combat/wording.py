"""Words of the encounter pages in the page's language: a logged Step as a sentence, a
condition's name, an engine's value field as a form field. Only Django and the rules core are
imported here, so the log (display), the forms and the fight options all read it without
importing one another."""

import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy

from combat.rules.base import Step, ValueField, count_of, counted, plain
from combat.rules.schema import Label
from combat.rules.systems import SYSTEMS

SIDES = {"party": pgettext_lazy("side", "party"), "enemies": pgettext_lazy("side", "enemies")}


def _words(value: str, table: Mapping[str, Any]) -> str:
    for key, word in table.items():
        value = value.replace(key, str(word))
    return value


# Log parameters that are keys of translatable words ("prone", "party"), not names or numbers.
TRANSLATED_PARAMS: dict[str, Callable[[str], str]] = {
    "condition": gettext,
    "action": gettext,  # Dračí Hlídka's action name in "%(name)s: %(action)s" (its msgid)
    "saving_throw": gettext,  # OSE's saving throw in "Saving throws against …: Wands"
    "side": lambda value: str(SIDES.get(value, value)),
    "loser": lambda value: str(SIDES.get(value, value)),  # the dice pool's side that lost
    "sides": lambda value: _words(value, SIDES),
}
DECIMAL = re.compile(r"-?\d+\.\d+")  # "55.2": a chance or a mean, written by the rules
WORD = re.compile(r"[A-Za-z_]+")


def _system_words(key: str) -> dict[str, Label]:
    """The words the rule systems write into the log parameter `key` (5e's damage types in
    "kind", OSE's attack modifiers in "modifiers"), from every system's description."""
    words: dict[str, Label] = {}
    for system in SYSTEMS.values():
        words.update(system.log_words.get(key, {}))
    return words


def _in_words(value: str, words: Mapping[str, Label]) -> str:
    """Each of the system's words in `value` ("STR +1, range -1") in the page's language."""
    lang = get_language()
    return WORD.sub(lambda m: words[m[0]].get(lang) if m[0] in words else m[0], value)


def _param(key: str, value: Any) -> Any:
    """A log parameter as the page's language shows it: words translated, "55.2" as "55,2"."""
    if not isinstance(value, str):
        return value
    if key in TRANSLATED_PARAMS:
        return TRANSLATED_PARAMS[key](value)
    words = _system_words(key)
    if words:
        return _in_words(value, words)
    if DECIMAL.fullmatch(value):
        return number_format(Decimal(value))
    return value


def say(step: Mapping[str, Any] | None) -> str:
    """A logged Step (template + params) as a sentence in the page's language."""
    if not step:
        return ""
    template, given = step["template"], step.get("params") or {}
    params = {key: _param(key, value) for key, value in given.items()}
    forms = counted(template)
    try:
        if forms is not None:  # the form the count picks in the page's language (cs/pl: 3)
            singular, plural, key = forms
            return ngettext(singular, plural, count_of(given, key)) % params
        return gettext(template) % params if params else gettext(template)
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder
        return plain(template, params)


def step_text(step: Step) -> str:
    return say({"template": step.template, "params": step.params})


def condition_label(condition: str) -> str:
    """A condition in the page's language: the engines name each by its English word."""
    return gettext(condition)


def value_field(value: ValueField) -> forms.Field:
    """A form field for an engine's ValueField: a choice, or a bounded whole number."""
    label = step_text(value.label)
    if value.choices:
        choices = [("", "—")] + [(key, step_text(text)) for key, text in value.choices]
        return forms.ChoiceField(label=label, choices=choices, required=False)
    return forms.IntegerField(
        label=label, required=False, min_value=value.minimum, max_value=value.maximum
    )


def system_words(system: str) -> dict[str, str]:
    """The fight page's shared words in the system's own terms (RuleSystem.words), in the
    page's language; the generic word where the system gives none. "round" keeps %(n)s."""
    words = {
        "gm": gettext("Game master"),
        "gm_note": gettext("GM note"),
        "gm_waiting": gettext("waiting for the game master"),
        "round": gettext("Round %(n)s"),
        "roll_initiative": gettext("Roll initiative"),
        "order": gettext("Initiative"),  # the tracker's heading
        "nobody_acts": gettext("Nobody's turn: roll initiative first."),
    }
    own = SYSTEMS[system].words if system in SYSTEMS else {}
    words.update({key: pgettext(context, text) for key, (context, text) in own.items()})
    return words
