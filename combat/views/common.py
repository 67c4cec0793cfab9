"""What the encounter views share: the scoped lookup, the loaded scene, and the answer to a
post (the panel, with the board out of band) or its redirect without JavaScript."""

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from campaigns.access import membership_or_404
from campaigns.models import Membership
from campaigns.views.helpers import redirect_to
from config.http import AuthedHttpRequest

from ..models import Encounter, Event
from ..panel import gm_forms, panel_context
from ..presenter import Scene, board_context, own_result

PAGE = "combat/encounter.html"


def encounter_of(request: AuthedHttpRequest, pk: int, enc_pk: int) -> tuple[Membership, Encounter]:
    membership = membership_or_404(request, pk)
    encounter = get_object_or_404(membership.campaign.encounters.all(), pk=enc_pk)
    return membership, encounter


def scene_of(request: AuthedHttpRequest, pk: int, enc_pk: int, *, gm: bool = False) -> Scene:
    """The encounter as this user sees it, read once; `gm`: a 403 for anybody else."""
    membership, encounter = encounter_of(request, pk, enc_pk)
    if gm and not membership.is_gm:
        raise PermissionDenied
    return Scene.load(membership, encounter, request.user)


def partial(request: AuthedHttpRequest) -> bool:
    """An htmx request that wants a piece (a history restore wants the whole page)."""
    return bool(request.htmx) and not request.htmx.history_restore_request


def done_before(request: AuthedHttpRequest, scene: Scene) -> bool:
    """A retried or double-clicked form whose key already wrote this user's event: answered
    with the page as it is (showing that one result), without judging the form against the
    changed fight. Only the user's own events count: nobody else's post can use up or block a
    key."""
    key = (request.POST.get("key") or request.POST.get("turn-key") or "")[:64]
    if not key or "\x00" in key:  # PostgreSQL refuses NUL in text; no key ever has one
        return False
    return Event.objects.keyed(scene.encounter, request.user, key).exists()


def answer(request: AuthedHttpRequest, scene: Scene, **panel: Any) -> HttpResponse:
    """A post shown again (its form bound, with errors) at 200: the panel with the board out
    of band to htmx; the whole page without JavaScript."""
    if "gm_forms" not in panel and scene.gm and request.POST.get("forms"):
        panel["gm_forms"] = gm_forms(scene)  # open in the page: they stay open (and kept)
    context = {**board_context(scene), **panel_context(scene, **panel)}
    return render(request, f"{PAGE}#answer" if partial(request) else PAGE, context)


def refused(request: AuthedHttpRequest, scene: Scene, message: str) -> HttpResponse:
    """A post refused with no form to show it on (nobody to act for, a proposal decided
    already): the panel with the message (htmx), or the page with it by redirect."""
    if partial(request):
        return answer(request, scene, error=message)
    messages.error(request, message)
    return done(request, scene)


def done(
    request: AuthedHttpRequest, scene: Scene, *, forms: str = "", written: Event | None = None
) -> HttpResponse:
    """After a post that acted: a fresh panel (with the GM's forms, `forms` the one used; the
    line of the event `written`, if given) and the new board (htmx), or the page again by
    POST/redirect/GET (no JavaScript)."""
    if not partial(request):
        url = reverse("combat:encounter", args=[scene.campaign.pk, scene.encounter.pk])
        return redirect_to(request, url)
    scene = scene.reloaded(written)
    result = own_result(scene, written) if written is not None else ""
    if forms:
        return answer(request, scene, gm_forms=gm_forms(scene, opened=forms), result=result)
    return answer(request, scene, result=result)
