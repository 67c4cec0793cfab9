"""Words of the encounter pages in the page's language: a logged Step as a sentence, a
condition's name, a roll's purpose, the fight page's shared words in each system's own terms,
an engine's value field as a form field. Only Django and the rules core are
imported here, so the log (display), the forms and the fight options all read it without
importing one another."""

import re
from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.formats import number_format
from django.utils.translation import (
    get_language,
    gettext,
    gettext_noop,
    ngettext,
    pgettext,
    pgettext_lazy,
)

from campaigns.systemwords import SHEET_WORDS
from campaigns.systemwords import system_word as campaign_system_word
from combat.rules.base import Step, ValueField, count_of, counted, plain
from combat.rules.schema import Label
from combat.rules.systems import SYSTEMS

SIDES = {"party": pgettext_lazy("side", "party"), "enemies": pgettext_lazy("side", "enemies")}

# What a roll was for, as the log names it (the engines' purpose keys).
PURPOSES = {
    "attack": pgettext_lazy("roll", "attack"),
    "defence": pgettext_lazy("roll", "defence"),
    "initiative": pgettext_lazy("roll", "initiative"),
    "initiative_tiebreak": pgettext_lazy("roll", "initiative tie-break"),
    "bleeding": pgettext_lazy("roll", "bleeding"),
    "disengage": pgettext_lazy("roll", "disengaging"),
    "pursuit": pgettext_lazy("roll", "pursuit"),
    "sprint": pgettext_lazy("roll", "sprint"),
    "skill": pgettext_lazy("roll", "skill"),
    "test": pgettext_lazy("roll", "test"),
    "dodge": pgettext_lazy("roll", "dodge"),
    "resistance": pgettext_lazy("roll", "damage resistance"),
    "misfire": pgettext_lazy("roll", "misfire"),
    "conflict": pgettext_lazy("roll", "conflict round"),
    "free": pgettext_lazy("roll", "free roll"),
    "pool": pgettext_lazy("roll", "dice pool"),
    "initiative_rolloff": pgettext_lazy("roll", "initiative roll-off"),
    "damage": pgettext_lazy("roll", "damage"),
    "contest": pgettext_lazy("roll", "contest"),
    "death_save": pgettext_lazy("roll", "death saving throw"),
    "surprise": pgettext_lazy("roll", "surprise"),
    "quick_draw": pgettext_lazy("roll", "quick draw"),
    "stand_up": pgettext_lazy("roll", "standing up"),
    "athletics": pgettext_lazy("roll", "athletics"),
    "morale": pgettext_lazy("roll", "morale"),
    "save": pgettext_lazy("roll", "saving throw"),
    "recharge": pgettext_lazy("roll", "recharge"),
    "concentration": pgettext_lazy("roll", "concentration"),
}

# The fight page's shared words (issue M), each said its own way by a system that gives it
# (RuleSystem.words: OSE's "Referee", 5e's Polish "PW"). "round" keeps %(n)s, "hp_log"
# %(before)s and %(after)s. The "hp…" words are the GM's quick HP box and Adjust form's.
WORDS = {
    "gm": SHEET_WORDS["gm"],  # the GM panel's title, the same generic word as a member's role
    "gm_note": gettext_noop("GM note"),
    "gm_waiting": gettext_noop("waiting for the game master"),
    "round": gettext_noop("Round %(n)s"),
    "roll_initiative": gettext_noop("Roll initiative"),
    "order": gettext_noop("Initiative"),  # the tracker's heading
    "nobody_acts": gettext_noop("Nobody's turn: roll initiative first."),
    "hp": gettext_noop("HP"),  # the quick box's and the Adjust form's label
    "hp_change": gettext_noop("HP change: −7, +5 or =12"),  # the typed field's own label
    "hp_help": gettext_noop("12 sets the HP to 12; −7 takes 7 off; +5 adds 5."),
    "hp_wrong": gettext_noop(
        "Type a number of HP: 12 sets the HP, −7 takes 7 off, +5 adds 5 (up to 9999)."
    ),
    "hp_same": gettext_noop("The same HP and conditions for"),  # the area's other targets
    "hp_log": gettext_noop("HP %(before)s → %(after)s"),  # the GM's log line of the change
    "end_confirm": gettext_noop(
        "End the fight? The characters keep their HP and conditions; nobody can act or take a "
        "turn until Undo takes the end back."
    ),
}


def _words(value: str, table: Mapping[str, Any]) -> str:
    for key, word in table.items():
        value = value.replace(key, str(word))
    return value


# Log parameters that are keys of translatable words ("party"), not names or numbers; a
# "condition" ("prone") is read as its system names it (`condition_label`).
TRANSLATED_PARAMS: dict[str, Callable[[str], str]] = {
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


def _param(key: str, value: Any, system: str) -> Any:
    """A log parameter as the page's language shows it: words translated, "55.2" as "55,2"."""
    if not isinstance(value, str):
        return value
    if key == "condition":
        return condition_label(value, system)
    if key in TRANSLATED_PARAMS:
        return TRANSLATED_PARAMS[key](value)
    words = _system_words(key)
    if words:
        return _in_words(value, words)
    if DECIMAL.fullmatch(value):
        return number_format(Decimal(value))
    return value


def say(step: Mapping[str, Any] | None, system: str = "") -> str:
    """A logged Step (template + params) as a sentence in the page's language; a condition in
    it as `system` names it."""
    if not step:
        return ""
    template, given = step["template"], step.get("params") or {}
    params = {key: _param(key, value, system) for key, value in given.items()}
    forms = counted(template)
    try:
        if forms is not None:  # the form the count picks in the page's language (cs/pl: 3)
            singular, plural, key = forms
            return ngettext(singular, plural, count_of(given, key)) % params
        return gettext(template) % params if params else gettext(template)
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder
        return plain(template, params)


def step_text(step: Step, system: str = "") -> str:
    return say({"template": step.template, "params": step.params}, system)


def condition_label(condition: str, system: str = "") -> str:
    """A condition in the page's language: the engines name each by its English word, and a
    system that says one its own way gives its own (RuleSystem.condition_words: 5e's Polish
    "powalony" where the others lie "leżący")."""
    own = SYSTEMS[system].condition_words.get(condition) if system in SYSTEMS else None
    return pgettext(*own) if own else gettext(condition)


def value_field(value: ValueField, system: str = "") -> forms.Field:
    """A form field for an engine's ValueField: a choice, or a bounded whole number."""
    label = step_text(value.label, system)
    if value.choices:
        choices = [("", "—")] + [(key, _choice(key, text, system)) for key, text in value.choices]
        return forms.ChoiceField(label=label, choices=choices, required=False)
    return forms.IntegerField(
        label=label, required=False, min_value=value.minimum, max_value=value.maximum
    )


def system_word(system: str, key: str) -> str:
    """One of the fight page's shared words (WORDS) in the system's own terms
    (RuleSystem.words), in the page's language; the generic word where the system gives none."""
    return campaign_system_word(system, key, WORDS[key])


def system_words(system: str) -> dict[str, str]:
    """Every shared word of the fight page in the system's own terms. "round" keeps %(n)s."""
    return {key: system_word(system, key) for key in WORDS}


def _choice(key: str, text: Step, system: str) -> str:
    """A value field's choice; a condition offered by its own word (5e's "prone") as the
    system names it, as the tracker and the log do."""
    own = SYSTEMS[system].condition_words.get(key) if system in SYSTEMS else None
    if own is not None and text.template == own[1] and not text.params:
        return condition_label(key, system)
    return step_text(text, system)
