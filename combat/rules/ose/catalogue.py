"""The action kinds of the OSE engine, their tick boxes and value fields, and reading them.

Every modifier is listed per kind; an unknown key or a wrong value is a RulesError, never a
silent default.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from combat.rules.base import Step, ValueField, _
from combat.rules.ose.common import fail


def _choices(*pairs: tuple[str, str]) -> tuple[tuple[str, Step], ...]:
    return tuple((key, Step(label)) for key, label in pairs)


INTENT = ValueField(
    "intent",
    Step(_("Declared for this round")),
    _choices(
        ("cast", _("Cast a spell")),
        ("withdrawal", _("Fighting withdrawal")),
        ("retreat", _("Retreat")),
        ("none", _("Nothing (take back)")),
    ),
)
INITIATIVE_MOD = ValueField(
    "modifier", Step(_("Referee's initiative modifier (instead of DEX)")), minimum=-5, maximum=5
)
MODE = ValueField(
    "mode",
    Step(_("Movement")),
    _choices(
        ("normal", _("Normal (encounter rate)")),
        ("withdrawal", _("Fighting withdrawal (half)")),
        ("retreat", _("Retreat (full rate, no attack)")),
    ),
)
FEET = ValueField("distance", Step(_("Distance in feet")), minimum=0, maximum=1000)
RANGE = ValueField(
    "range",
    Step(_("Range band")),
    _choices(
        ("short", _("Short (+1)")),
        ("medium", _("Medium (0)")),
        ("long", _("Long (−1)")),
    ),
)
COVER = ValueField("cover", Step(_("Partial cover penalty (0–4)")), minimum=0, maximum=4)
BONUS = ValueField("bonus", Step(_("Referee's bonus or penalty")), minimum=-10, maximum=10)
SAVE = ValueField(
    "save",
    Step(_("Saving throw")),
    _choices(
        ("death", _("Death / poison")),
        ("wands", _("Wands")),
        ("paralysis", _("Paralysis / petrification")),
        ("breath", _("Breath attacks")),
        ("spells", _("Spells / rods / staves")),
    ),
)
RESULT = ValueField(
    "result",
    Step(_("If the check fails")),
    _choices(
        ("flee", _("They flee")),
        ("surrender", _("They surrender")),
    ),
)
SCOPE = ValueField(
    "scope",
    Step(_("Who checks")),
    _choices(
        ("side", _("The whole side (group check)")),
        ("self", _("Only this one")),
    ),
)
MORALE_BONUS = ValueField("bonus", Step(_("Referee's morale modifier")), minimum=-6, maximum=6)


@dataclass(frozen=True)
class Spec:
    kind: str
    label: str
    ticks: tuple[str, ...] = ()
    values: tuple[ValueField, ...] = ()
    needs_target: bool = False
    gm_only: bool = False  # the referee's: never a player's
    main: tuple[str, ...] = ()  # value keys that say what the action is (shown up front)


SPECS: dict[str, Spec] = {
    spec.kind: spec
    for spec in (
        Spec("declare", _("Declare (spell or movement in melee)"), (), (INTENT,)),
        Spec("initiative_mod", _("Referee's initiative modifier"), ("use_dex",), (INITIATIVE_MOD,)),
        Spec("move", _("Move"), ("path_blocked", "disengaged"), (MODE, FEET)),
        Spec(
            "missile",
            _("Missile attack"),
            ("full_cover", "immune"),
            (FEET, RANGE, COVER, BONUS),
            needs_target=True,
        ),
        Spec("melee", _("Melee attack"), ("immune",), (FEET, BONUS), needs_target=True),
        Spec("cast", _("Cast the declared spell"), ("bound", "gagged", "silenced", "cannot_see")),
        Spec("save", _("Saving throw"), (), (SAVE, BONUS), main=("save",)),
        Spec(
            "saves",
            _("Saving throws for several (breath, spell, trap)"),
            (),
            (SAVE, BONUS),
            needs_target=True,
            gm_only=True,
            main=("save",),
        ),
        Spec("morale", _("Morale check (2d6)"), ("cornered",), (RESULT, SCOPE, MORALE_BONUS)),
    )
}
# Monsters choose among their attacks with this value (its choices are the actor's attacks).
ATTACK_KEY = "attack"
# The conditions a morale check sets (the tracker words them; the GM may set them by hand too).
CONDITION_LABELS = {"fled": _("fled"), "surrendered": _("surrendered")}

_TICK_LABELS = {
    "use_dex": _("Use the DEX modifier again"),
    "path_blocked": _("No clear path behind"),
    "disengaged": _("Referee: no longer in melee"),
    "full_cover": _("Full cover (cannot be hit)"),
    "immune": _("Target immune to this attack (no damage roll)"),
    "bound": _("Bound (hands tied)"),
    "gagged": _("Gagged"),
    "silenced": _("Magical silence"),
    "cannot_see": _("Cannot see the target"),
    "cornered": _("Cornered (fights even with morale 2)"),
}
MODIFIER_LABELS: dict[str, Step] = {
    **{key: Step(label) for key, label in _TICK_LABELS.items()},
    **{f.key: f.label for spec in SPECS.values() for f in spec.values},
    ATTACK_KEY: Step(_("Which of its attacks")),
}


class Mods:
    """An action's modifiers, checked against what its kind allows."""

    def __init__(self, raw: Any, spec: Spec, extra: tuple[ValueField, ...] = ()) -> None:
        if not isinstance(raw, Mapping):
            raise fail(_("the modifiers must be a mapping"))
        self.fields = {f.key: f for f in (*spec.values, *extra)}
        for key, value in raw.items():
            if key in spec.ticks:
                if type(value) is not bool:
                    raise fail(_("the modifier %(key)s must be true or false"), key=str(key))
            elif key not in self.fields:
                raise fail(_("unknown modifier %(key)s for this action"), key=str(key))
        self.raw = raw

    def __contains__(self, key: str) -> bool:
        return self.raw.get(key) is not None

    def flag(self, key: str) -> bool:
        return self.raw.get(key) is True

    def integer(self, key: str, default: int) -> int:
        field, value = self.fields[key], self.raw.get(key)
        if value is None:
            return default
        if type(value) is not int or not field.minimum <= value <= field.maximum:
            raise fail(
                _("the modifier %(key)s must be a whole number from %(low)s to %(high)s"),
                key=key,
                low=field.minimum,
                high=field.maximum,
            )
        return value

    def choice(self, key: str, default: str | None) -> str | None:
        field, value = self.fields[key], self.raw.get(key)
        if value is None:
            return default
        keys = [k for k, _label in field.choices]
        if not isinstance(value, str) or value not in keys:
            raise fail(
                _("the modifier %(key)s must be one of %(choices)s"),
                key=key,
                choices=", ".join(keys),
            )
        return value
