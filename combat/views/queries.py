"""Query parameters read by small forms: a value out of shape is absent, never a 500 ("²"
passes str.isdigit() and 5,000 digits pass it too; int() raised on both)."""

from typing import Any

from django import forms
from django.forms import BooleanField
from django.http import QueryDict

from combat.log_html import Shown

BIG = 10**18 - 1  # eighteen digits: every number a page of ours ever sends


class AsciiIntegerField(forms.IntegerField):
    """A whole number in ASCII digits only (int() also reads "١٢" and "²" fails it)."""

    def to_python(self, value: Any) -> int | None:
        text = str(value or "").strip()
        if text and not (text.removeprefix("-").isascii() and len(text) <= 19):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(text)


def combatant_key() -> forms.RegexField:
    return forms.RegexField(r"\Ac[0-9]{1,18}\Z", required=False, max_length=19, strip=False)


class Query(forms.Form):
    """A form that reads what it can: each field that is out of shape is simply absent."""

    @classmethod
    def read(cls, data: QueryDict) -> dict[str, Any]:
        form = cls(data)
        form.is_valid()
        cleaned = form.cleaned_data
        return {name: cleaned.get(name) for name in cls.base_fields}


class PageQuery(Query):
    """The encounter page: older log entries (`before`), a poll (`version`), whom to act for,
    the panel alone (`panel`) and with the GM's forms open (`forms`)."""

    before = AsciiIntegerField(required=False, min_value=0, max_value=BIG)
    version = AsciiIntegerField(required=False, min_value=0, max_value=BIG)
    actor = combatant_key()
    panel = BooleanField(required=False)
    forms = BooleanField(required=False)


class TableQuery(Query):
    """The table display: a poll (`version`) and its theme (`theme=dark`)."""

    version = AsciiIntegerField(required=False, min_value=0, max_value=BIG)
    theme = forms.ChoiceField(required=False, choices=[("dark", "dark"), ("light", "light")])


class ActorQuery(Query):
    """The combatant a posted form (or the odds' GET) acts for."""

    actor = combatant_key()


class DiceOddsQuery(Query):
    """The quick-roll box's odds: an expression and an optional total to reach."""

    expression = forms.CharField(required=False)  # the dice parser bounds it (its own limits)
    target = AsciiIntegerField(required=False, min_value=-BIG, max_value=BIG)


class ShownQuery(Query):
    """What the browser's board shows (static/js/app.js sends it with polls and posts): its
    newest entry (`seq.token`) and the mark of the way the log was read for it."""

    shown = forms.RegexField(r"\A[1-9][0-9]{0,8}\.[0-9a-f]{32}\Z", required=False, strip=False)
    view = forms.RegexField(r"\A[0-9a-f]{32}\Z", required=False, strip=False)


def shown_of(data: QueryDict) -> Shown | None:
    """The board's `Shown`, or None when it sent none or one out of shape."""
    read = ShownQuery.read(data)
    if not read["shown"] or not read["view"]:
        return None
    seq, token = read["shown"].split(".")
    return Shown(int(seq), token, read["view"])
