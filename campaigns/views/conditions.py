"""A campaign's own conditions (campaigns.models.SavedCondition): the GM lists, adds and
removes them; the encounter page's Adjust gives them in any of the campaign's fights."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import IntegrityError, transaction
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from config.http import AuthedHttpRequest

from ..access import gm_membership_or_403
from ..models import Campaign, SavedCondition
from ..models.conditions import MAX_CONDITIONS, MOST
from ..systemwords import sheet_word
from .helpers import redirect_to

MINUSES = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2014": "-"})  # −, –, — as "-"


class SignedField(forms.IntegerField):
    """A whole number that may be written with a minus sign (−2), as the app writes them."""

    def to_python(self, value: object) -> int | None:
        text = "".join(str(value).split()).translate(MINUSES) if value is not None else value
        return super().to_python(text)


class SavedConditionForm(forms.ModelForm):  # type: ignore[type-arg]
    class Meta:
        model = SavedCondition
        fields = ("name", "description", "rounds", "modifier")
        widgets = {"description": forms.Textarea(attrs={"rows": 2})}
        field_classes = {"modifier": SignedField}
        error_messages = {"name": {"required": gettext_lazy("Give the condition a name.")}}

    def __init__(self, campaign: Campaign, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.campaign = campaign
        self.fields["rounds"].help_text = sheet_word(campaign.system, "rounds_help")

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].replace("\x00", "").split())
        if not name:
            raise forms.ValidationError(_("Give the condition a name."))
        if self.campaign.conditions.filter(name__iexact=name).exists():
            raise forms.ValidationError(_("This campaign has a condition of that name already."))
        return name

    def clean_rounds(self) -> int | None:
        rounds = self.cleaned_data.get("rounds")
        if rounds is not None and not 1 <= rounds <= 99:
            raise forms.ValidationError(ROUNDS_RANGE)
        return rounds

    def clean_modifier(self) -> int | None:
        modifier = self.cleaned_data.get("modifier")
        if modifier is not None and not -MOST <= modifier <= MOST:
            raise forms.ValidationError(MODIFIER_RANGE)
        return modifier or None  # 0 is none

    def clean(self) -> dict[str, object]:
        cleaned = super().clean() or {}
        if self.campaign.conditions.count() >= MAX_CONDITIONS:
            raise forms.ValidationError(
                _("A campaign keeps at most %(n)s conditions of its own.") % {"n": MAX_CONDITIONS}
            )
        return cleaned


ROUNDS_RANGE = gettext_lazy("From 1 to 99 rounds, or empty: until removed.")
MODIFIER_RANGE = gettext_lazy("A modifier from −10 to +10, or empty: none.")


@login_required
@require_http_methods(["GET", "POST"])
def condition_list(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    campaign = membership.campaign
    form = SavedConditionForm(campaign, request.POST or None)
    if request.method == "POST" and _saved(campaign, form):
        name = form.cleaned_data["name"]
        messages.success(request, _("%(name)s can be given in every fight.") % {"name": name})
        return redirect_to(request, reverse("campaigns:conditions", args=[pk]))
    context = {
        "campaign": campaign,
        "membership": membership,
        "conditions": campaign.conditions.all(),
        "form": form,
    }
    return render(request, "campaigns/conditions.html", context)


def _saved(campaign: Campaign, form: SavedConditionForm) -> bool:
    """Checked and saved under the campaign's lock: two quick posts never make one name twice
    nor pass the limit."""
    try:
        with transaction.atomic():
            Campaign.objects.select_for_update().filter(pk=campaign.pk).first()
            if not form.is_valid():
                return False
            condition = form.save(commit=False)
            condition.campaign = campaign
            condition.save()
    except IntegrityError:  # the same name, saved by another request in between
        form.add_error("name", _("This campaign has a condition of that name already."))
        return False
    return True


@login_required
@require_POST
def condition_delete(request: AuthedHttpRequest, pk: int, condition_pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    condition = get_object_or_404(membership.campaign.conditions, pk=condition_pk)
    condition.delete()
    messages.success(
        request,
        _("%(name)s is no longer offered; whoever has it keeps it.") % {"name": condition.name},
    )
    return redirect_to(request, reverse("campaigns:conditions", args=[pk]))
