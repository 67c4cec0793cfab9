"""The quick-roll form: an expression, and optionally the faces of physical dice."""

import re

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from combat.rules.dice import InvalidDice

MAX_TYPED_FACES = 200
FACE_SEPARATORS = re.compile(r"[\s,;]+")


def parse_faces(text: str) -> list[int]:
    """Faces typed from physical dice: "6, 6, 3" or "6 6 3"."""
    parts = [part for part in FACE_SEPARATORS.split(text.strip()) if part]
    if not parts:
        raise forms.ValidationError(gettext("Type the faces you rolled, e.g. 6, 6, 3."))
    if len(parts) > MAX_TYPED_FACES:
        raise forms.ValidationError(gettext("At most %(n)s faces.") % {"n": MAX_TYPED_FACES})
    if not all(part.isascii() and part.isdigit() for part in parts):
        raise forms.ValidationError(gettext("Faces are whole numbers, e.g. 6, 6, 3."))
    return [int(part) for part in parts]


class RollForm(forms.Form):
    expression = forms.CharField(
        label=_("Dice"), max_length=100, help_text=_("e.g. 2d20kh1+5, 1d6!, 8d6!!>=7, 3d6")
    )
    typed = forms.BooleanField(label=_("Type my dice"), required=False)
    faces = forms.CharField(
        label=_("Faces I rolled"),
        required=False,
        max_length=1000,
        help_text=_("In the order you rolled them, e.g. 6, 6, 3"),
    )
    key = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def clean_faces(self) -> list[int] | None:
        if not self.cleaned_data.get("typed"):
            return None
        return parse_faces(self.cleaned_data.get("faces", ""))

    def add_dice_error(self, error: InvalidDice, *, faces_problem: bool) -> None:
        """Put the engine's message, in the page's language, next to the field it concerns."""
        message = gettext(error.template) % error.params
        self.add_error("faces" if faces_problem else "expression", message)
