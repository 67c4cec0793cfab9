"""The ledger's forms: one row (or its correction), a fight's award, and the session forms."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from campaigns.models import Character, Membership, Post, new_key

from .encounter_forms import _choice
from .hand_forms import _MINUSES  # "−5" as typed from a rulebook
from .ledger_award import Suggestion
from .models import Kind, LedgerEntry
from .models.ledger import MAX_AMOUNT, MAX_REASON, MAX_TITLE

PARTY = "party"
EARLIEST = 1900  # a past session's year, at the earliest


class Amount(forms.IntegerField):
    """A whole number, "−5" and "+5" as typed; at most a billion either way."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", -MAX_AMOUNT)
        kwargs.setdefault("max_value", MAX_AMOUNT)
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str):
            value = "".join(value.split()).translate(_MINUSES)
        return super().to_python(value)


class Keyed(forms.Form):
    key = forms.CharField(widget=forms.HiddenInput, max_length=40, required=False)

    def clean_key(self) -> str:
        key: str = self.cleaned_data.get("key") or new_key()
        return key if key.isalnum() else new_key()  # the rows' keys add ":n" to it


class EntryForm(Keyed):
    character = forms.ChoiceField(label=_("For"))
    kind = forms.ChoiceField(label=_("What"), choices=Kind.choices)
    amount = Amount(label=_("Amount"), help_text=_("Below zero takes away: −50 spent."))
    unit = forms.CharField(
        label=_("Coin or item"),
        max_length=80,
        required=False,
        help_text=_("Money: the coin (gp, zl …). An item: its name. Experience: leave empty."),
    )
    reason = forms.CharField(label=_("Why"), max_length=MAX_REASON)
    corrects = forms.IntegerField(widget=forms.HiddenInput, required=False)
    post = forms.IntegerField(widget=forms.HiddenInput, required=False)

    def __init__(self, *args: Any, membership: Membership, pcs: list[Character], **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.membership = membership
        mine = [c for c in pcs if membership.is_gm or c.owner_id == membership.user_id]
        party = [(PARTY, _("The party"))] if membership.is_gm else []
        _choice(self, "character").choices = party + [(str(c.pk), c.name) for c in mine]
        self.by_pk = {str(c.pk): c for c in mine}
        if not membership.is_gm:  # a player's own money and items; experience is the GM's
            kinds = [k for k in Kind.choices if k[0] != Kind.EXPERIENCE]
            _choice(self, "kind").choices = kinds
        self.corrected: LedgerEntry | None = None
        self.from_post: Post | None = None

    def clean_character(self) -> Character | None:
        chosen: str = self.cleaned_data["character"]
        return None if chosen == PARTY else self.by_pk[chosen]

    def clean_corrects(self) -> int | None:
        pk: int | None = self.cleaned_data.get("corrects")
        if pk is not None:
            rows = LedgerEntry.objects.filter(campaign=self.membership.campaign)
            self.corrected = rows.filter(pk=pk).first()
            if self.corrected is None:
                raise forms.ValidationError(_("That ledger row is not this campaign's."))
        return pk

    def clean_post(self) -> int | None:
        pk: int | None = self.cleaned_data.get("post")
        if pk is not None:
            posts = Post.objects.filter(thread__campaign=self.membership.campaign)
            self.from_post = posts.filter(pk=pk).first()
            if self.from_post is None:
                raise forms.ValidationError(_("That post is not this campaign's."))
        return pk

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        kind, unit = cleaned.get("kind"), (cleaned.get("unit") or "").strip()
        cleaned["unit"] = "" if kind == Kind.EXPERIENCE else unit
        if kind in (Kind.MONEY, Kind.ITEM) and not unit:
            self.add_error("unit", _("Name the coin or the item."))
        if cleaned.get("amount") == 0:
            self.add_error("amount", _("Zero changes nothing: type how much is gained or lost."))
        wrong = self.corrected is not None and (
            self.corrected.character_id != getattr(cleaned.get("character"), "pk", None)
            or self.corrected.kind != kind
        )
        if wrong:  # a correction mends its own row: the same character (or party) and kind
            self.add_error(None, _("A correction is for the same character and the same kind."))
        return cleaned


class AwardForm(Keyed):
    """A fight's award: experience per character (the suggestion filled in), and treasure."""

    reason = forms.CharField(label=_("Why"), max_length=MAX_REASON)
    money = Amount(label=_("Money found"), required=False, min_value=0)
    coin = forms.CharField(label=_("Coin"), max_length=80, required=False)
    item = forms.CharField(label=_("Item found"), max_length=80, required=False)
    item_to = forms.ChoiceField(label=_("Item goes to"), required=False)

    def __init__(self, *args: Any, suggestion: Suggestion, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.suggestion = suggestion
        self.share_fields = []
        for share in suggestion.shares:
            name = f"xp_{share.combatant.pk}"
            self.fields[name] = Amount(
                label=share.combatant.name, required=False, min_value=0, initial=share.amount
            )
            self.share_fields.append(name)
        owners = [(str(s.combatant.pk), s.combatant.name) for s in suggestion.shares]
        _choice(self, "item_to").choices = [(PARTY, _("The party")), *owners]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("money") and not (cleaned.get("coin") or "").strip():
            self.add_error("coin", _("Name the coin."))
        given = [cleaned.get(name) for name in self.share_fields]
        if not any(given) and not cleaned.get("money") and not cleaned.get("item"):
            raise forms.ValidationError(_("Nothing to enter: give experience, money or an item."))
        return cleaned


class OpenForm(Keyed):
    title = forms.CharField(label=_("Title"), max_length=MAX_TITLE, required=False)


class PastForm(OpenForm):
    day = forms.DateField(label=_("Played on"), widget=forms.DateInput(attrs={"type": "date"}))

    def clean_day(self) -> dt.date:
        day: dt.date = self.cleaned_data["day"]
        if day > timezone.localdate():
            raise forms.ValidationError(_("A session by date is one already played."))
        if day.year < EARLIEST:
            raise forms.ValidationError(_("Choose a date from 1900 on."))
        return day


class RenameForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=MAX_TITLE, required=False)
