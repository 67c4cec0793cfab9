"""The optional rules of seed 001, chosen per campaign or encounter (`fight.options[key]`).

Each is a ValueField whose first choice is the default: the seed's optional rules are off until
the GM turns them on, and ties are re-rolled ("Buď můžou obě strany hodit znova, nebo …").
"""

from __future__ import annotations

from combat.rules.base import Fight, Step, ValueField, _
from combat.rules.ose.common import fail

NO_YES = (("no", Step(_("No"))), ("yes", Step(_("Yes"))))

FIGHT_OPTIONS: tuple[ValueField, ...] = (
    # seed 001, "Vzestupná TZ (volitelné pravidlo)"
    ValueField("ascending_ac", Step(_("Ascending AC (AAC) instead of THAC0")), NO_YES),
    # seed 001, "Individuální iniciativa (volitelné pravidlo)"
    ValueField(
        "individual_initiative", Step(_("Individual initiative (1d6 + DEX modifier)")), NO_YES
    ),
    # seed 001, "Remízy"
    ValueField(
        "initiative_ties",
        Step(_("Initiative ties")),
        (
            ("reroll", Step(_("Both sides roll again"))),
            ("simultaneous", Step(_("Both sides act at the same time"))),
        ),
    ),
    # seed 001, "Různorodé zranění (volitelné pravidlo)"
    ValueField("variable_damage", Step(_("Variable weapon damage")), NO_YES),
    # seed 001, "Morálka nestvůr (volitelné pravidlo)"
    ValueField("morale", Step(_("Monster morale")), NO_YES),
)

_FIELDS = {f.key: f for f in FIGHT_OPTIONS}
_TRUE = {True, "yes", "true", "on", "1"}
_FALSE = {False, "no", "false", "off", "0"}


def option(fight: Fight, key: str) -> str:
    """The chosen key of an option; the default when the fight does not set it."""
    field = _FIELDS[key]
    keys = [choice for choice, _label in field.choices]
    value = fight.options.get(key)
    if value is None or value == "":
        return keys[0]
    if keys == ["no", "yes"] and isinstance(value, bool | str):
        if value in _TRUE:
            return "yes"
        if value in _FALSE:
            return "no"
    if isinstance(value, str) and value in keys:
        return value
    raise fail(_("the option %(key)s must be one of %(choices)s"), key=key, choices=", ".join(keys))


def enabled(fight: Fight, key: str) -> bool:
    return option(fight, key) == "yes"


def simultaneous_ties(fight: Fight) -> bool:
    return option(fight, "initiative_ties") == "simultaneous"
