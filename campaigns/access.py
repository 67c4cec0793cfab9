"""Membership-scoped lookups: outsiders get 404, players get 403 on GM actions."""

import logging

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from .models import Membership

logger = logging.getLogger("iniciativa.access")


def membership_or_404(request: HttpRequest, campaign_pk: int, *, lock: bool = False) -> Membership:
    """The acting user's membership of the campaign; a 404 for anybody outside it. `lock`:
    inside a write's transaction, the membership row is locked until it commits, so a GM who
    removes the member (or a change of role) waits for the write the membership allowed."""
    user = request.user
    if not user.is_authenticated:  # what visible_to would say: nobody's campaign
        raise Http404
    # One query: a campaign is visible exactly to its members (Campaign.objects.visible_to).
    mine = Membership.objects.select_related("campaign").filter(user=user)
    if lock:
        mine = mine.select_for_update(of=("self",))
    return get_object_or_404(mine, campaign__pk=campaign_pk)


def gm_membership_or_403(
    request: HttpRequest, campaign_pk: int, *, lock: bool = False
) -> Membership:
    membership = membership_or_404(request, campaign_pk, lock=lock)
    if not membership.is_gm:
        logger.warning(
            "403: %s is not a GM of campaign %s (%s)", request.user, campaign_pk, request.path
        )
        raise PermissionDenied
    return membership
