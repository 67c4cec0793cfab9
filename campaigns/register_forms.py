"""The register's forms (issue Q): an entry, new or edited, and a reveal.

The campaign file's import checks its rows with the same rules (`clean_entry_name`, the model's
`clean`), so a file cannot bring in what the form refuses.
"""

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .models import Campaign, Character, CharacterKind, Monster, Part, RegisterEntry, new_key
from .models.register import MAX_ENTRIES
from .systemwords import sheet_word

ALL = "all"  # the reveal's audience: every player of the campaign
CHOSEN = "chosen"


def clean_entry_name(raw: str) -> str:
    """A name as the register keeps it: one line, single spaces, no NUL; "" when none is left."""
    return " ".join(raw.replace("\x00", "").split())


class EntryForm(forms.ModelForm):  # type: ignore[type-arg]
    key = forms.CharField(widget=forms.HiddenInput, max_length=64, required=False)

    class Meta:
        model = RegisterEntry
        fields = ("kind", "name", "summary", "gm_notes", "character", "monster")
        widgets = {
            "summary": forms.Textarea(attrs={"rows": 3}),
            "gm_notes": forms.Textarea(attrs={"rows": 3}),
        }
        error_messages = {"name": {"required": gettext_lazy("Give the entry a name.")}}

    def __init__(self, campaign: Campaign, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.campaign = campaign
        self.instance.campaign = campaign
        npcs = Character.objects.in_campaign(campaign).filter(kind=CharacterKind.NPC)
        self.fields["character"].queryset = npcs.only("pk", "name")  # type: ignore[attr-defined]
        bestiary = Monster.objects.in_campaign(campaign).only("pk", "name")
        self.fields["monster"].queryset = bestiary  # type: ignore[attr-defined]
        self.fields["character"].help_text = _("Its fights are listed on the entry's page.")
        notes = self.fields["gm_notes"]  # OSE's referee's notes, Shadowrun's gamemaster's
        notes.label = sheet_word(campaign.system, "gm_notes")
        notes.help_text = sheet_word(campaign.system, "gm_notes_help")
        if self.instance.pk is not None:
            del self.fields["key"]  # only a new entry needs a one-time key
        elif not self.is_bound:
            self.initial["key"] = new_key()

    def clean_name(self) -> str:
        name = clean_entry_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError(_("Give the entry a name."))
        others = self.campaign.register.exclude(pk=self.instance.pk)
        if others.filter(name__iexact=name).exists():
            raise forms.ValidationError(_("The register has an entry of that name already."))
        return name

    def clean_key(self) -> str:
        # The page always sends one; a bare request still gets a key of its own.
        return self.cleaned_data.get("key") or new_key()

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.instance.pk is None and self.campaign.register.count() >= MAX_ENTRIES:
            message = _("A campaign's register keeps at most %(n)s entries.")
            raise forms.ValidationError(message % {"n": MAX_ENTRIES})
        return cleaned


class RevealForm(forms.Form):
    audience = forms.ChoiceField(
        label=gettext_lazy("Show it to"),
        choices=[
            (ALL, gettext_lazy("every player")),
            (CHOSEN, gettext_lazy("the players chosen below")),
        ],
        initial=ALL,
        widget=forms.RadioSelect,
    )
    players = forms.MultipleChoiceField(
        label=gettext_lazy("Players"), required=False, widget=forms.CheckboxSelectMultiple
    )
    part = forms.TypedChoiceField(
        label=gettext_lazy("What they see"),
        choices=Part.choices,
        coerce=int,
        initial=Part.NAME,
        widget=forms.RadioSelect,
    )

    def __init__(self, campaign: Campaign, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        members = campaign.memberships.filter(role="player").select_related("user")
        self.users = {str(m.user_id): m.user for m in members}
        choices = [(pk, user.get_username()) for pk, user in self.users.items()]
        self.fields["players"].choices = choices  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("audience") == CHOSEN and not cleaned.get("players"):
            self.add_error("players", _("Choose at least one player, or every player."))
        return cleaned

    def audience_users(self) -> list[Any]:
        """Whom a valid form reveals to: [None] for every player, else the chosen players."""
        if self.cleaned_data["audience"] == ALL:
            return [None]
        return [self.users[pk] for pk in self.cleaned_data["players"]]
