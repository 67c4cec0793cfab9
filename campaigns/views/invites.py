"""Invite links: the GM makes and revokes them; anybody with the link may join as a player."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from config.http import AuthedHttpRequest

from .. import services
from ..access import gm_membership_or_403
from ..forms import InviteForm
from ..models import Invite, Membership
from .helpers import partial_or_page, redirect_to


def _invites_context(
    request: HttpRequest, membership: Membership, form: InviteForm
) -> dict[str, object]:
    campaign = membership.campaign
    invites = campaign.invites.all()
    return {
        "campaign": campaign,
        "membership": membership,
        "invites": invites,
        "form": form,
        "base_url": request.build_absolute_uri("/")[:-1],
    }


@login_required
@require_http_methods(["GET", "POST"])
def invite_list(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    form = InviteForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            invite = form.save(commit=False)
            invite.campaign = membership.campaign
            invite.created_by = request.user
            invite.save()
            messages.success(request, _("Invite link created. Send it to your players."))
            if not request.htmx:
                return redirect_to(request, reverse("campaigns:invites", args=[pk]))
            form = InviteForm()
        template = "campaigns/invites.html#invites"
    else:
        template = partial_or_page(request, "campaigns/invites.html", "invites")
    return render(request, template, _invites_context(request, membership, form))


@login_required
@require_POST
def invite_revoke(request: AuthedHttpRequest, pk: int, invite_pk: int) -> HttpResponse:
    membership = gm_membership_or_403(request, pk)
    invite = get_object_or_404(membership.campaign.invites, pk=invite_pk)
    services.revoke_invite(invite)
    messages.success(request, _("The invite link was revoked."))
    if request.htmx:
        context = _invites_context(request, membership, InviteForm())
        return render(request, "campaigns/invites.html#invites", context)
    return redirect_to(request, reverse("campaigns:invites", args=[pk]))


@require_http_methods(["GET", "POST"])
def invite_accept(request: HttpRequest, token: str) -> HttpResponse:
    invite = get_object_or_404(Invite.objects.select_related("campaign"), token=token)
    campaign = invite.campaign
    already = campaign.membership_of(request.user)
    if already is not None:
        return redirect_to(request, reverse("campaigns:detail", args=[campaign.pk]))
    usable = invite.is_usable()
    if request.method == "POST" and request.user.is_authenticated and usable:
        try:
            services.accept_invite(request.user, invite)
        except ValidationError:
            usable = False
        else:
            messages.success(request, _("Welcome to %(name)s!") % {"name": campaign.name})
            return redirect_to(request, reverse("campaigns:detail", args=[campaign.pk]))
    status = 200 if usable else 410
    context = {"invite": invite, "campaign": campaign, "usable": usable}
    return render(request, "campaigns/invite_accept.html", context, status=status)
