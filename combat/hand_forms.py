"""The GM's hand on the encounter page: who joins (AddCombatantsForm) and what the GM sets
(AdjustForm: HP typed as "12", "−7" or "+5", conditions, for how many rounds, on one combatant
or an area of them)."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from campaigns.models import Campaign, Character, Monster
from combat.rules.engine import EngineBase

from .encounter_forms import PLAIN, _choice
from .services import new_roll_key
from .wording import condition_label, system_word, system_words

PARTY = "party"  # "Who": the whole party at once


class AddCombatantsForm(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    record = forms.ChoiceField(label=_("Who"))
    count = forms.IntegerField(label=_("How many"), min_value=1, max_value=20, initial=1)
    side = forms.ChoiceField(
        label=_("Side"), choices=[("party", _("Party")), ("enemies", _("Enemies"))]
    )
    hidden = forms.BooleanField(label=_("Hidden from players"), required=False)

    def __init__(self, campaign: Campaign, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        characters = [(f"character:{c.pk}", c.name) for c in campaign.characters.all()]
        monsters = [(f"monster:{m.pk}", m.name) for m in Monster.objects.in_campaign(campaign)]
        party = [(PARTY, _("The whole party (every player character not in the fight)"))]
        _choice(self, "record").choices = [
            *party,
            (_("Characters"), characters),
            (_("Bestiary"), monsters),
        ]

    def clean_record(self) -> Character | Monster | str:
        if self.cleaned_data["record"] == PARTY:
            return PARTY
        kind, _sep, pk = self.cleaned_data["record"].partition(":")
        model = Character if kind == "character" else Monster
        record = model.objects.filter(campaign=self.campaign, pk=pk).first()
        if record is None:
            raise forms.ValidationError(_("Choose a character or a monster of this campaign."))
        return record

    @classmethod
    def fresh(cls, campaign: Campaign) -> "AddCombatantsForm":
        return cls(campaign, initial={"key": new_roll_key()})


def _saved_conditions(
    campaign: Campaign | None, known: frozenset[str], offered: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    if campaign is None:
        return offered
    names = campaign.conditions.exclude(name__in=known).values_list("name", flat=True)
    return offered + [(name, name) for name in names]


def _with_these(
    offered: Callable[[], list[tuple[str, str]]], more: list[str]
) -> list[tuple[str, str]]:
    found = offered()
    known = {value for value, _label in found}
    return found + [(name, name) for name in more if name not in known]


@dataclass(frozen=True)
class HpTyped:
    """What the GM typed for HP: a new value ("12", "=12") or a change ("−7", "+5")."""

    value: int
    relative: bool


_MINUSES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})  # −, –, — as "-"


def hp_typed(text: str, system: str = "") -> HpTyped | None:
    """ "12" or "=12" sets the HP, "−7" takes 7 off, "+5" adds 5; "" changes nothing. A slip is
    told in the system's words (Polish 5e's "PW")."""
    typed = "".join(text.split()).translate(_MINUSES)
    if not typed:
        return None
    relative = typed[0] in "+-"
    number = typed[1:] if typed[0] in "+-=" else typed
    if not number.isascii() or not number.isdigit() or len(number) > 4:
        raise forms.ValidationError(system_word(system, "hp_wrong"))
    value = int(number)
    return HpTyped(-value if typed[0] == "-" else value, relative)


class AdjustForm(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    combatant = forms.ChoiceField(label=_("Combatant"))
    hp = forms.CharField(required=False, max_length=12)  # its words are the system's
    add = forms.ChoiceField(label=_("Add condition"), required=False)
    rounds = forms.IntegerField(
        label=_("For how many rounds"),
        help_text=_("Empty: until removed. 2: this round and the next; it ends as round 3 begins."),
        required=False,
        min_value=1,
        max_value=99,
    )
    remove = forms.ChoiceField(label=_("Remove condition"), required=False)
    position = forms.IntegerField(
        label=_("Move to place in the order"), required=False, min_value=1, max_value=999
    )
    clock_label = forms.CharField(
        label=_("Fight clock: what happens"),
        help_text=_("A lair action, a hazard, a countdown: it belongs to this combatant."),
        required=False,
        max_length=60,
    )
    clock_at = forms.IntegerField(
        label=_("…every round at initiative"), required=False, min_value=-99, max_value=999
    )
    clock_rounds = forms.IntegerField(
        label=_("…or once, in how many rounds"), required=False, min_value=1, max_value=99
    )
    clock_clear = forms.BooleanField(label=_("Take its fight clock entries off"), required=False)
    also = forms.MultipleChoiceField(required=False, widget=forms.CheckboxSelectMultiple)

    def __init__(
        self,
        rows: Sequence[Any],
        *args: Any,
        engine: EngineBase = PLAIN,
        campaign: Campaign | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.campaign, self.system = campaign, engine.key
        words = system_words(engine.key)  # HP in the system's words: Polish 5e's "PW"
        self.fields["hp"].label, self.fields["hp"].help_text = words["hp"], words["hp_help"]
        self.fields["also"].label = words["hp_same"]
        _choice(self, "combatant").choices = [(row.key, row.name) for row in rows]
        _choice(self, "also").choices = [(row.key, row.name) for row in rows]
        labels = engine.condition_labels  # the system's conditions, the common ones first
        conditions = [("", "—")] + [(c, condition_label(c, engine.key)) for c in labels]
        # The campaign's own, read only when the field is drawn or a condition was sent.
        saved = partial(_saved_conditions, campaign, frozenset(labels), conditions)
        _choice(self, "add").choices = saved
        # Whatever someone has can be taken off (a campaign condition deleted since, too).
        on_them = sorted({str(c) for row in rows for c in row.conditions} - set(labels))
        _choice(self, "remove").choices = partial(_with_these, saved, on_them)

    def clean(self) -> dict[str, Any]:
        """A campaign's own condition given without a number of rounds lasts its usual ones; a
        fight clock entry is at an initiative or in some rounds, one of the two."""
        cleaned = super().clean() or {}
        cleaned["clock"] = self._clock(cleaned)
        add = cleaned.get("add")
        if add and cleaned.get("rounds") is None and self.campaign is not None:
            usual = self.campaign.conditions.filter(name=add).values_list("rounds", flat=True)
            cleaned["rounds"] = next(iter(usual), None)
        return cleaned

    def clean_hp(self) -> HpTyped | None:
        return hp_typed(self.cleaned_data["hp"], self.system)

    def _clock(self, cleaned: dict[str, Any]) -> dict[str, Any] | None:
        label = " ".join(str(cleaned.get("clock_label") or "").split())
        at, rounds = cleaned.get("clock_at"), cleaned.get("clock_rounds")
        if label and (at is None) == (rounds is None):
            self.add_error("clock_at", _("Give an initiative to act at, or a number of rounds."))
        elif not label and (at is not None or rounds is not None):
            self.add_error("clock_label", _("Say what happens."))
        if not (label or cleaned.get("clock_clear")):
            return None
        return {"label": label, "at": at, "rounds": rounds, "clear": cleaned.get("clock_clear")}

    @classmethod
    def fresh(
        cls, rows: Sequence[Any], engine: EngineBase = PLAIN, campaign: Campaign | None = None
    ) -> "AdjustForm":
        return cls(rows, initial={"key": new_roll_key()}, engine=engine, campaign=campaign)
