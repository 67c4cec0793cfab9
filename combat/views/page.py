"""The encounter list, the encounter page (and its polled board, and the stream that says when
to ask for it), the panel asked for again, and the GM's add / adjust forms."""

import functools

from asgiref.sync import sync_to_async
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from campaigns.access import membership_or_404
from campaigns.views.helpers import redirect_to
from combat.rules.base import RulesError
from combat.rules.engines import has_engine
from config.http import AuthedHttpRequest

from .. import boardcache, fastpoll, live, push, workflows
from ..log_html import Shown, log_page
from ..panel import gm_forms, panel_context
from ..presenter import Scene, board_context
from .common import PAGE, encounter_of, partial, scene_of
from .queries import PageQuery, shown_of


@login_required
@require_http_methods(["GET", "POST"])
def encounter_list(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    campaign = membership.campaign
    if request.method == "POST":
        if not membership.is_gm:
            raise PermissionDenied
        # PostgreSQL refuses NUL in text (a 500); forms drop it, this raw field must too.
        name = request.POST.get("name", "").replace("\x00", "").strip()[:120] or _("New encounter")
        try:
            encounter = workflows.create_encounter(campaign, name, request.user)
        except RulesError as error:
            messages.error(request, _(error.template) % error.params)
            return redirect_to(request, reverse("combat:encounters", args=[pk]))
        return redirect_to(request, reverse("combat:encounter", args=[pk, encounter.pk]))
    context = {
        "campaign": campaign,
        "membership": membership,
        "encounters": campaign.encounters.all(),
        "available": has_engine(campaign.system),
    }
    return render(request, "combat/encounters.html", context)


@login_required
@require_GET
def encounter_page(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The page; to a poll (htmx with the version it shows) the board, or 204 if unchanged;
    with `before`, the older log entries below it; with `panel`, the panel alone (acting for
    another combatant, or after the board said that what the panel offers changed)."""
    membership, encounter = encounter_of(request, pk, enc_pk)
    query = PageQuery.read(request.GET)
    if query["before"] is not None:
        return _older(request, Scene.load(membership, encounter, request.user), query["before"])
    warning = live.rewritten_warning(request, encounter)  # what this browser saw is gone
    if warning is not None:
        return warning
    proof = fastpoll.allow(request, encounter)  # its next unchanged polls: from the cache
    polled = partial(request) and query["version"] is not None
    if polled and query["version"] == encounter.version:
        return HttpResponse(status=204)  # nothing changed: no swap, no flicker
    scene = Scene.load(membership, encounter, request.user)
    boardcache.remember(scene, proof)  # its next changed boards: from the cache, where kept
    if polled:
        return _board(request, scene, shown_of(request.GET))
    if partial(request) and query["panel"]:  # the panel again (acting as, or a new offer)
        forms = gm_forms(scene) if query["forms"] and scene.gm else None
        context = panel_context(scene, chosen=query["actor"] or "", gm_forms=forms)
        return render(request, f"{PAGE}#panel", context)
    context = {**board_context(scene), **panel_context(scene, chosen=query["actor"] or "")}
    if push.offered(request):  # the page listens for new versions (static/js/app.js)
        context["events_url"] = reverse("combat:encounter_events", args=[pk, enc_pk])
    return render(request, PAGE, context)


@login_required
@require_GET
async def encounter_events(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponseBase:
    """The page's stream of new versions (combat.push), for the page's members only (404 for
    anybody else, as the page); 204 where no stream can be had (a WSGI process, no Redis, too
    many open): the page then polls as it always did. It ends when the user's memberships or
    account change (their generation, read before the account: combat.fastpoll)."""
    generation = getattr(request, "poll_generation", None)
    await sync_to_async(_watched)(request, pk, enc_pk)
    if not push.available(request) or generation is None:
        return HttpResponse(status=204)
    listener = await push.subscribed(enc_pk)  # the process's one subscriber (combat.hub)
    if listener is None:
        return HttpResponse(status=204)
    watcher = functools.partial(fastpoll.same_generation, request.user.pk, generation)
    return push.stream_response(request, listener, enc_pk, watcher)


def _watched(request: AuthedHttpRequest, pk: int, enc_pk: int) -> None:
    try:
        encounter_of(request, pk, enc_pk)  # the membership: Http404 for a stranger
    finally:
        if isinstance(request, ASGIRequest):
            push.release()  # the stream holds no database connection


def _board(request: AuthedHttpRequest, scene: Scene, shown: Shown | None) -> HttpResponse:
    """The board alone, to a poll: a player's from the cache when another player who reads
    the fight alike was just sent it (combat.boardcache)."""
    key = boardcache.board_key(scene, shown)
    content = boardcache.get(key)
    if content is not None:
        return HttpResponse(content)
    context = board_context(scene, shown)
    response = render(request, f"{PAGE}#board", context)
    if shown is None or context["log_kept"]:  # a `shown` refused is no key worth keeping
        boardcache.put(key, response.content)
    return response


def _older(request: AuthedHttpRequest, scene: Scene, before: int) -> HttpResponse:
    log = log_page(scene.encounter, scene.viewer, before=before, system=scene.campaign.system)
    context = {
        "campaign": scene.campaign,
        "encounter": scene.encounter,
        "urls": scene.urls,
        "log": log.entries,
        "older_from": log.older_from,
    }
    return render(request, "combat/_board.html#log_entries", context)


@login_required
@require_GET
def encounter_gm_forms(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The GM's "add combatants" and "adjust" forms, loaded when their section is opened."""
    scene = scene_of(request, pk, enc_pk, gm=True)
    context = {
        "campaign": scene.campaign,
        "encounter": scene.encounter,
        "membership": scene.membership,
        "urls": scene.urls,
    }
    context.update(gm_forms(scene))
    if partial(request):
        return render(request, "combat/_gm_forms.html", context)
    return render(request, "combat/gm_forms.html", context)  # without JavaScript: a page
