"""Forms of the encounter page. Each carries a one-time key: a retry never acts twice."""

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django import forms
from django.utils.choices import BaseChoiceIterator
from django.utils.translation import gettext_lazy as _

from campaigns.models.conditions import signed
from combat.rules.base import Action, ActionOption, Fight, Step, ValueField
from combat.rules.engine import EngineBase
from combat.rules.engines import modifier_labels

from .forms import parse_faces
from .services import new_roll_key
from .wording import condition_label, say, step_text, value_field

# The words live in combat.wording; these names stay importable from here as before.
__all__ = [
    "ActionForm",
    "KeyedForm",
    "TurnForm",
    "condition_label",
    "modifier_label",
    "player_options",
    "say",
    "step_text",
    "value_field",
    "value_groups",
]

# A form built without the system's engine offers only what every system has.
PLAIN = EngineBase()


class KeyedForm(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    faces = forms.CharField(
        label=_("I rolled (optional)"),
        required=False,
        max_length=1000,
        help_text=_("Faces of physical dice in the order rolled; empty = roll for me."),
    )

    def clean_faces(self) -> list[int] | None:
        text = self.cleaned_data.get("faces", "").strip()
        return parse_faces(text) if text else None


class TurnForm(KeyedForm):
    prefix = "turn"  # its fields share the page with the action form's
    # Set by the confirmation the panel asks for before a step that ends the fight.
    confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    @classmethod
    def fresh(cls) -> "TurnForm":
        """A new form with a new random key; its ids name this one form (an answer with the
        next form is told apart from the one the GM typed into)."""
        key = new_roll_key()
        return cls(initial={"key": key}, auto_id=_ids(key))

    @classmethod
    def posted(cls, data: Any) -> "TurnForm":
        """The form as the GM sent it (shown again with its errors), with the ids it had."""
        return cls(data, auto_id=_ids(str(data.get("turn-key", ""))))


def _ids(key: str) -> str:
    return "id_%s-" + "".join(c for c in key[:8] if c.isascii() and c.isalnum())


Offered = Sequence[tuple[int, str]] | Callable[[], Sequence[tuple[int, str]]]


class LazyChoices(BaseChoiceIterator):
    """The journal rolls offered, read only when the field is drawn or a roll was chosen: a
    post that uses none (nearly every one) validates without reading them."""

    def __init__(self, offered: Offered) -> None:
        self.offered = offered
        self.read: list[tuple[Any, str]] | None = None

    def _choices(self) -> list[tuple[Any, str]]:
        if self.read is None:
            found = self.offered() if callable(self.offered) else self.offered
            self.read = [("", "—"), *found]
        return self.read

    def __iter__(self) -> Iterator[tuple[Any, str]]:
        return iter(self._choices())

    def __len__(self) -> int:
        return len(self._choices())


class ActionForm(KeyedForm):
    kind = forms.ChoiceField(label=_("Action"))
    targets = forms.MultipleChoiceField(
        label=_("Target"), required=False, widget=forms.CheckboxSelectMultiple
    )
    weapon = forms.ChoiceField(label=_("Weapon"), required=False)
    secret = forms.BooleanField(
        label=_("Secret roll (players see only that you rolled)"), required=False
    )
    modifiers = forms.MultipleChoiceField(
        label=_("Situation"), required=False, widget=forms.CheckboxSelectMultiple
    )

    actor = forms.CharField(widget=forms.HiddenInput, required=False, max_length=20)
    journal_roll = forms.TypedChoiceField(
        label=_("Or a roll from the journal"),
        coerce=int,
        required=False,
        empty_value=None,
        help_text=_("A [dice] roll from a scene of this campaign: its faces, used once."),
    )

    def __init__(
        self,
        fight: Fight,
        actor: str,
        options: Sequence[ActionOption],
        *args: Any,
        hidden: frozenset[str] = frozenset(),
        engine: EngineBase = PLAIN,
        journal_rolls: Offered = (),
        gm: bool = True,
        held: Sequence[tuple[str, int]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.held = HeldModifiers(engine, options, held)
        if not gm:  # the GM's own numbers (a TN modifier, "ignore the economy") are not a player's
            options = player_options(options, engine.gm_modifiers)
        self.fields["actor"].initial = actor
        labels = engine.modifier_labels
        _choice(self, "kind").choices = [
            (o.kind, say({"template": o.label.template, "params": o.label.params})) for o in options
        ]
        _choice(self, "targets").choices = [  # a player never learns of hidden combatants
            (c.id, c.name) for c in fight.combatants if c.id != actor and c.id not in hidden
        ]
        # An engine may offer more than the weapons: a 5e monster's stat-block attacks.
        weapons = engine.weapon_names(fight, actor)
        _choice(self, "weapon").choices = [("", "—")] + [(name, name) for name in weapons]
        if len(weapons) == 1:  # the one weapon the actor has is the likely choice
            self.fields["weapon"].initial = weapons[0]
        # In the engine's order; each field is shown only with the kinds that use it.
        self.kinds_of: dict[str, list[str]] = {}
        for option in options:
            for key in option.modifiers:
                self.kinds_of.setdefault(key, []).append(option.kind)
        keys = [key for key in dict.fromkeys(m for o in options for m in o.modifiers)]
        _choice(self, "modifiers").choices = [(k, modifier_label(k, labels)) for k in keys]
        self.fields["modifiers"].widget.attrs["class"] = "form-check-input"  # drawn box by box
        _choice(self, "journal_roll").choices = LazyChoices(journal_rolls)
        self.target_kinds = [o.kind for o in options if o.needs_target]
        self.weapon_kinds = [o.kind for o in options if o.needs_weapon]
        self.values = value_groups(options)
        for group in self.values:
            self.fields[group.field] = value_field(group.spec, engine.key)

    def value_fields(self) -> list[tuple[Any, str]]:
        """The bound fields of the situation's modifiers that take a number or a choice, each
        with the kinds of action it belongs to (the page shows it only for those)."""
        return [(self[g.field], " ".join(g.kinds)) for g in self.values if not g.main]

    def main_fields(self) -> list[tuple[Any, str]]:
        """The value fields that say what the action is, shown up front (the condition to
        apply), each with its kinds."""
        return [(self[g.field], " ".join(g.kinds)) for g in self.values if g.main]

    def kinds_needing(self) -> dict[str, str]:
        """Which kinds need a target and which a weapon (the page hides the others' fields)."""
        return {"targets": " ".join(self.target_kinds), "weapon": " ".join(self.weapon_kinds)}

    def action(self, actor: str) -> Action:
        """The chosen action (call after is_valid): ticks and the values given."""
        data = self.cleaned_data
        mine = {key for key, kinds in self.kinds_of.items() if data["kind"] in kinds}
        # A box ticked for another kind before the GM changed their mind stays behind.
        modifiers: dict[str, Any] = {k: v for k, v in data["modifiers"].items() if k in mine}
        for group in self.values:
            value = data.get(group.field)
            if value not in (None, "") and data["kind"] in group.kinds:
                modifiers[group.spec.key] = value
        return Action(
            kind=data["kind"],
            actor=actor,
            targets=tuple(data["targets"]),
            weapon=data["weapon"] or None,
            modifiers=modifiers,
        )

    def clean_modifiers(self) -> dict[str, bool]:
        return dict.fromkeys(self.cleaned_data.get("modifiers", []), True)


class HeldModifiers:
    """The modifiers of the campaign's own conditions the actor holds (combat.rules.held), as
    the action form shows them: added to the roll by the engine for the kinds it names, a
    reminder for the others."""

    def __init__(
        self, engine: EngineBase, options: Sequence[ActionOption], held: Sequence[tuple[str, int]]
    ) -> None:
        self.held = [(name, value) for name, value in held if value]
        self.kinds = [o.kind for o in options if o.kind in engine.held_kinds]
        self.reminded = [o.kind for o in options if o.kind not in engine.held_kinds]

    def __bool__(self) -> bool:
        return bool(self.held)

    def text(self) -> str:
        return ", ".join(f"{name} {signed(value)}" for name, value in self.held)

    def applied(self) -> bool:
        """Added to some of the actor's rolls (else a reminder: the system has no such number)."""
        return bool(self.kinds)


def _choice(form: forms.Form, name: str) -> forms.ChoiceField:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)  # each caller names one of its choice fields
    return field


def player_options(options: Sequence[ActionOption], gm_keys: frozenset[str]) -> list[ActionOption]:
    """The options without the modifiers only the GM sets."""
    return [
        replace(
            o,
            modifiers=tuple(k for k in o.modifiers if k not in gm_keys),
            values=tuple(v for v in o.values if v.key not in gm_keys),
        )
        for o in options
    ]


@dataclass
class ValueGroup:
    """One value field of the form: an engine's ValueField and the kinds that ask for it.
    Two kinds asking for the same key with different ranges or choices get two fields
    (OSE's morale modifier −6…6 beside a saving throw's bonus −10…10)."""

    field: str  # "value_bonus", "value_bonus__2"
    spec: ValueField
    kinds: list[str]
    main: bool = False  # what the action is (shown up front), not its situation


def value_groups(options: Sequence[ActionOption]) -> list[ValueGroup]:
    groups: list[ValueGroup] = []
    for option in options:
        for spec in option.values:
            same = [g for g in groups if g.spec.key == spec.key]
            main = spec.key in option.main
            alike = next((g for g in same if g.spec == spec and g.main == main), None)
            if alike is not None:
                alike.kinds.append(option.kind)
                continue
            suffix = f"__{len(same) + 1}" if same else ""
            groups.append(ValueGroup(f"value_{spec.key}{suffix}", spec, [option.kind], main))
    return groups


def modifier_label(key: str, labels: Mapping[str, Step] | None = None) -> str:
    """A modifier's label in the encounter's own system (several systems share key names)."""
    label = (labels or {}).get(key) or modifier_labels().get(key)
    return say({"template": label.template, "params": label.params}) if label else key
