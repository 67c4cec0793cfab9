"""Campaign pages: the list, create, detail with its members, edit, leave, export."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from config.http import AuthedHttpRequest

from .. import services
from ..access import gm_membership_or_403, membership_or_404
from ..exchange import export_campaign
from ..extensions import page_context
from ..forms import CampaignCreateForm, CampaignEditForm, RoleForm
from ..models import Campaign, CharacterKind, Membership
from ..systemwords import sheet_word, sheet_words
from .helpers import partial_or_page, redirect_to


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect_to(request, reverse("campaigns:list"))
    return render(request, "home.html")


@login_required
@require_GET
def campaign_list(request: AuthedHttpRequest) -> HttpResponse:
    memberships = (
        Membership.objects.filter(user=request.user)
        .select_related("campaign")
        .order_by("campaign__name", "campaign__pk")
    )
    return render(request, "campaigns/list.html", {"memberships": memberships})


@login_required
@require_http_methods(["GET", "POST"])
def campaign_create(request: AuthedHttpRequest) -> HttpResponse:
    form = CampaignCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        campaign = services.create_campaign(request.user, form.save(commit=False))
        created = sheet_word(campaign.system, "created")  # "… You are its referee." in OSE
        messages.success(request, created)
        return redirect_to(request, reverse("campaigns:detail", args=[campaign.pk]))
    return render(request, "campaigns/form.html", {"form": form, "campaign": None})


def _detail_context(membership: Membership) -> dict[str, object]:
    campaign = membership.campaign
    context = {
        **page_context(campaign),  # what apps built on campaigns add: combat's quick-roll box
        "campaign": campaign,
        "membership": membership,
        "members": campaign.memberships.select_related("user"),
        "role_form": RoleForm(),
        "sheet": sheet_words(campaign.system),  # the GM's title as the system says it
    }
    if not membership.is_gm:  # a player: their characters, or the free ones to take
        mine = list(campaign.characters.filter(owner=membership.user))
        free = [] if mine else list(campaign.characters.filter(owner=None, kind=CharacterKind.PC))
        context.update(mine=mine, free=free)
    return context


@login_required
@require_GET
def campaign_detail(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    template = partial_or_page(request, "campaigns/detail.html", "members")
    return render(request, template, _detail_context(membership))


@login_required
@require_http_methods(["GET", "POST"])
def campaign_edit(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    form = CampaignEditForm(request.POST or None, instance=membership.campaign)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Campaign saved."))
        return redirect_to(request, reverse("campaigns:detail", args=[pk]))
    return render(request, "campaigns/form.html", {"form": form, "campaign": membership.campaign})


@login_required
@require_POST
def character_claim(request: AuthedHttpRequest, pk: int, char_pk: int) -> HttpResponse:
    """A player with no character takes a free player character of the campaign (one nobody
    plays), checked under the character's lock: two players never take the same one."""
    membership = membership_or_404(request, pk)
    get_object_or_404(membership.campaign.characters, pk=char_pk)  # another's: nobody
    try:
        character = services.claim_character(membership, char_pk)
    except ValidationError as error:
        messages.error(request, error.messages[0])
    else:
        messages.success(request, _("%(name)s is yours now.") % {"name": character.name})
    return redirect_to(request, reverse("campaigns:detail", args=[pk]))


@login_required
@require_POST
def campaign_leave(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    try:
        services.leave_campaign(membership)
    except ValidationError as error:
        messages.error(request, error.messages[0])
        return redirect_to(request, reverse("campaigns:detail", args=[pk]))
    messages.success(request, _("You left %(name)s.") % {"name": membership.campaign.name})
    return redirect_to(request, reverse("campaigns:list"))


def _member_of(campaign: Campaign, member_pk: int) -> Membership:
    return get_object_or_404(campaign.memberships.select_related("user"), pk=member_pk)


@login_required
@require_POST
def member_remove(request: AuthedHttpRequest, pk: int, member_pk: int) -> HttpResponse:
    acting = gm_membership_or_403(request, pk)
    member = _member_of(acting.campaign, member_pk)
    try:
        services.remove_member(acting, member)
        messages.success(request, _("%(user)s was removed.") % {"user": member.user})
    except ValidationError as error:
        messages.error(request, error.messages[0])
    if member.user_id == request.user.pk and member.pk is None:
        return redirect_to(request, reverse("campaigns:list"))
    return _members_response(request, acting)


@login_required
@require_POST
def member_role(request: AuthedHttpRequest, pk: int, member_pk: int) -> HttpResponse:
    acting = gm_membership_or_403(request, pk)
    member = _member_of(acting.campaign, member_pk)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a role: game master or player."))
        return _members_response(request, acting)
    try:
        services.set_role(acting, member, form.cleaned_data["role"])
        messages.success(
            request,
            _("%(user)s is now: %(role)s.") % {"user": member.user, "role": member.role_word},
        )
    except ValidationError as error:
        messages.error(request, error.messages[0])
    try:
        acting.refresh_from_db()  # the acting GM may have stepped down just now
    except Membership.DoesNotExist:  # or been removed by another GM meanwhile
        return redirect_to(request, reverse("campaigns:list"))
    return _members_response(request, acting)


def _members_response(request: HttpRequest, acting: Membership) -> HttpResponse:
    if getattr(request, "htmx", False):
        return render(request, "campaigns/detail.html#members", _detail_context(acting))
    return redirect_to(request, reverse("campaigns:detail", args=[acting.campaign_id]))


@login_required
@require_GET
def campaign_export(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    """The whole campaign as one JSON file (docs/campaign-format.md), for the GM to keep."""
    membership = gm_membership_or_403(request, pk)
    body = json.dumps(export_campaign(membership.campaign), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    filename = f"iniciativa-campaign-{pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
