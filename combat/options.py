"""A rule system's fight options (its engine's `fight_options`) as form fields and stored values.

Each option is a `ValueField` with choices (the first is the default) or a whole number. The
campaign keeps the GM's defaults; a new encounter starts with them and the GM may change them
before its first initiative (afterwards the log's replay would no longer match).
"""

from collections.abc import Mapping
from typing import Any

from django import forms

from combat.rules.base import Step, ValueField, _
from combat.rules.engines import get_engine, has_engine
from combat.rules.flow import SKIP_DEFEATED

from .models import Encounter
from .wording import value_field

PREFIX = "option_"


# Whether players read a monster's defence numbers in the log (AC, OČ, armour, Body, morale):
# every system has it, and its engine says how its tables usually play (`monster_stats_shown`,
# default hidden); the GM changes it per campaign and encounter (combat.visibility reads it).
MONSTER_STATS = "monster_stats"
# "no" and "yes" under a question: no adjective to agree in gender with a plural label.
_HIDDEN = ("hidden", Step(_("no")))
_SHOWN = ("shown", Step(_("yes")))
_STATS_QUESTION = _(
    "Players see monsters' defence numbers (AC, defence, armour, morale) in the log and the odds"
)


def _monster_stats(system: str) -> ValueField:
    shown = get_engine(system).monster_stats_shown
    return ValueField(
        MONSTER_STATS,
        Step(_STATS_QUESTION),
        (_SHOWN, _HIDDEN) if shown else (_HIDDEN, _SHOWN),
    )


# Whether Next turn passes over the defeated (combat.rules.flow): every system has it, on by
# default; the engine says who is defeated (`skips_turn`: a dying 5e character is not).
_SKIP = ValueField(
    SKIP_DEFEATED,
    Step(_("Next turn passes over the defeated (dead, down, fled)")),
    (("yes", Step(_("yes"))), ("no", Step(_("no")))),
)


def option_specs(system: str) -> tuple[ValueField, ...]:
    if not has_engine(system):
        return ()
    return (*get_engine(system).fight_options, _SKIP, _monster_stats(system))


def stats_shown(encounter: Encounter) -> bool:
    """Do this encounter's players read its monsters' defence numbers? An encounter from
    before the option takes the system's default."""
    if not has_engine(encounter.system):
        return False
    chosen = encounter.options.get(MONSTER_STATS) or defaults(encounter.system)[MONSTER_STATS]
    return bool(chosen == "shown")


def defaults(system: str) -> dict[str, Any]:
    """Every option at its default: the first choice, or 0 for a number."""
    return {spec.key: spec.choices[0][0] if spec.choices else 0 for spec in option_specs(system)}


def add_option_fields(form: forms.BaseForm, system: str, current: Mapping[str, Any]) -> None:
    """Add a field per option to `form`, showing `current` (or the default); one left out of
    the posted data keeps its value."""
    chosen = {**defaults(system), **current}
    for spec in option_specs(system):
        field = value_field(spec)
        # value_field gives a list of choices; no "—" here: an option always has a value.
        if isinstance(field, forms.ChoiceField) and isinstance(field.choices, list):
            field.choices = field.choices[1:]
        field.initial = chosen.get(spec.key)
        form.fields[PREFIX + spec.key] = field


def chosen_options(form: forms.BaseForm, system: str) -> dict[str, Any]:
    """The options from a valid form with option fields (a blank one keeps its value)."""
    chosen: dict[str, Any] = {}
    for spec in option_specs(system):
        value = form.cleaned_data.get(PREFIX + spec.key)
        chosen[spec.key] = form.fields[PREFIX + spec.key].initial if value in (None, "") else value
    return chosen


class EncounterOptionsForm(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, system: str, current: Mapping[str, Any], *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.system = system
        add_option_fields(self, system, current)

    def options(self) -> dict[str, Any]:
        return chosen_options(self, self.system)
