"""What the encounter views share: the scoped lookup, the loaded scene, and the answer to a
post (the panel, with the board out of band) or its redirect without JavaScript."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db.models import FilteredRelation, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import reverse

from campaigns.access import membership_or_404
from campaigns.models import Membership
from campaigns.views.helpers import redirect_to
from config.http import AuthedHttpRequest

from .. import history
from ..models import Encounter, Event
from ..panel import gm_forms, panel_context
from ..presenter import Scene, board_context, own_result
from ..workflow_frame import hold, holding
from .queries import shown_of

PAGE = "combat/encounter.html"


def encounter_of(
    request: AuthedHttpRequest, pk: int, enc_pk: int, *, lock: bool = False
) -> tuple[Membership, Encounter]:
    """The user's membership of the campaign and its encounter; a 404 for anybody outside it,
    and for an encounter of another campaign. `lock`: inside a post's transaction, the
    membership and the encounter locked as read (two queries); else one query, which also
    says whether a proposal waits (combat.history.waiting).

    Never in the locking read: on PostgreSQL a `SELECT … FOR UPDATE` that waited for another
    post's lock returns that post's encounter row but evaluates the EXISTS on the snapshot it
    started with, so a proposal committed meanwhile would be missing from the answer (red
    team). Under the lock, the proposals are read after it (combat.history.open_proposals)."""
    if lock:
        membership = membership_or_404(request, pk, lock=True)
        encounters = membership.campaign.encounters.select_for_update()
        return membership, get_object_or_404(encounters, pk=enc_pk)
    return _as_member(request.user, pk, enc_pk)


def _as_member(user: Any, pk: int, enc_pk: int) -> tuple[Membership, Encounter]:
    """One query: the encounter, its campaign, the user's membership of it and whether a
    proposal waits. (django-stubs does not know a FilteredRelation's alias: `misc`.)"""
    if not user.is_authenticated:  # what membership_or_404 says: nobody's campaign
        raise Http404
    mine = FilteredRelation("campaign__memberships", condition=Q(campaign__memberships__user=user))
    read = Encounter.objects.annotate(mine=mine, **{history.WAITING: history.waiting()})
    read = read.select_related("campaign", "mine")  # type: ignore[misc]
    # campaign__pk, not campaign_id: an id past the column's range finds nothing (a 404).
    read = read.filter(campaign__pk=pk, mine__isnull=False)  # type: ignore[misc]
    encounter = get_object_or_404(read.order_by(), pk=enc_pk)
    membership: Membership = encounter.mine  # type: ignore[attr-defined]
    membership.campaign, membership.user = encounter.campaign, user
    return membership, encounter


def scene_of(request: AuthedHttpRequest, pk: int, enc_pk: int, *, gm: bool = False) -> Scene:
    """The encounter as this user sees it, read once; `gm`: a 403 for anybody else. In a
    `held_post`, read under the locks the write takes, and kept for its workflow."""
    kept = hold()
    membership, encounter = encounter_of(request, pk, enc_pk, lock=kept is not None)
    if gm and not membership.is_gm:
        raise PermissionDenied
    scene = Scene.load(membership, encounter, request.user)
    if kept is not None and scene.fight is not None:
        kept.keep(encounter, {row.key: row for row in scene.rows}, scene.fight)
    return scene


View = Callable[..., HttpResponse]


def held_post(view: View) -> View:
    """The post's checks (membership, GM, turn, the form against the fight) and its write in
    one transaction, under the locks the write takes; the fight is read once. The answer's
    context is built inside the transaction; its template is drawn after the commit (a
    TemplateResponse)."""

    @wraps(view)
    def post(request: AuthedHttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        with holding():
            return view(request, *args, **kwargs)

    return post


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
    shown = shown_of(request.POST) if partial(request) else None  # the page keeps its log
    context = {**board_context(scene, shown), **panel_context(scene, **panel)}
    return TemplateResponse(request, f"{PAGE}#answer" if partial(request) else PAGE, context)


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
