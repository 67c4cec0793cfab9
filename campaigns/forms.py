"""Forms take only the fields the acting role may change."""

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.usernames import has_invisible, taken

from .extensions import add_option_fields, chosen_options
from .models import Campaign, Invite
from .systemwords import sheet_word


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    """A new account whose name is not another spelling of an existing one ("GM", "ｇｍ")."""

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined,misc]
        model = get_user_model()
        fields = ("username",)

    def clean_username(self) -> str:
        username = super().clean_username()  # Django's own check: same but case
        if username and has_invisible(username):  # "gm" + a blank letter reads "gm"
            raise forms.ValidationError(_("A username cannot contain invisible characters."))
        if username and taken(username):
            raise self.instance.unique_error_message(type(self.instance), ["username"])
        return username


class CampaignCreateForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = Campaign
        fields = ("name", "description", "system")
        widgets = {"description": forms.Textarea(attrs={"rows": 4})}


class CampaignEditForm(forms.ModelForm):  # type: ignore[type-arg]
    """The rule system is fixed once a campaign exists: its records are in that system. Its
    fight options (the defaults of new encounters) follow the system's engine."""

    class Meta:
        model = Campaign
        fields = ("name", "description", "players_propose", "reactions_need_approval")
        widgets = {"description": forms.Textarea(attrs={"rows": 4})}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        add_option_fields(self, self.instance.system, self.instance.fight_options)
        propose = sheet_word(self.instance.system, "propose_help")  # OSE: "… the referee …"
        self.fields["players_propose"].help_text = propose

    def save(self, commit: bool = True) -> Campaign:
        self.instance.fight_options = chosen_options(self, self.instance.system)
        campaign: Campaign = super().save(commit)
        return campaign


class InviteForm(forms.ModelForm):  # type: ignore[type-arg]
    valid_days = forms.IntegerField(
        label=_("Valid for (days)"), min_value=1, max_value=90, initial=7
    )

    class Meta:
        model = Invite
        fields = ("max_uses",)
        help_texts = {"max_uses": _("Leave empty for no limit.")}

    def clean_max_uses(self) -> int | None:
        value = self.cleaned_data.get("max_uses")
        if value is not None and not 1 <= value <= 1000:
            raise forms.ValidationError(_("Choose a limit from 1 to 1000, or leave it empty."))
        return value

    def save(self, commit: bool = True) -> Invite:
        invite: Invite = super().save(commit=False)
        invite.expires_at = timezone.now() + timedelta(days=self.cleaned_data["valid_days"])
        if commit:
            invite.save()
        return invite


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=[("gm", _("Game master")), ("player", _("Player"))])
