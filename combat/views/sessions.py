"""Play sessions (issue Q): the campaign's list — the open one, a GM's "open a session now" and
"enter a past session by date" — and a session's page, its fights, posts and ledger rows in one
timeline. Every member reads them; a GM opens, closes and names them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from campaigns.access import membership_or_404
from campaigns.models import Post, new_key
from campaigns.views.journal import post_views
from config.http import AuthedHttpRequest

from .. import sessions
from ..ledger_forms import OpenForm, PastForm, RenameForm
from ..models import PlaySession
from ..session_export import markdown

SHOWN = 100  # the newest sessions the list shows


def _still_gm(request: AuthedHttpRequest, pk: int) -> Any:
    return lambda: membership_or_404(request, pk, lock=True).is_gm


@login_required
@require_http_methods(["GET", "POST"])
def session_list(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    campaign = membership.campaign
    opening = OpenForm(initial={"key": new_key()}, prefix="open")
    past = PastForm(initial={"key": new_key()}, prefix="past")
    if request.method == "POST":
        if not membership.is_gm:
            raise PermissionDenied
        made, opening, past = _made(request, pk, campaign)
        if made is not None:
            return redirect("combat:session", pk, made.number)
    listed = list(PlaySession.objects.filter(campaign=campaign)[: SHOWN + 1])
    context = {
        "campaign": campaign,
        "membership": membership,
        "section": "sessions",
        "sessions": listed[:SHOWN],
        "more": len(listed) > SHOWN,
        "open_session": next((s for s in listed if s.closed_at is None), None),
        "opening": opening,
        "past": past,
    }
    return render(request, "combat/sessions.html", context)


def _made(request: AuthedHttpRequest, pk: int, campaign: Any) -> tuple[Any, OpenForm, PastForm]:
    """The session the GM's form made (None: the form says why), and both forms as sent."""
    opening = OpenForm(request.POST if "open" in request.POST else None, prefix="open")
    past = PastForm(request.POST if "past" in request.POST else None, prefix="past")
    sent = opening if "open" in request.POST else past
    if not sent.is_valid():
        return None, opening, past
    data = sent.cleaned_data
    try:
        if sent is opening:
            made = sessions.open_now(
                campaign, request.user, data["title"], data["key"], _still_gm(request, pk)
            )
        else:
            title, day, key = data["title"], data["day"], data["key"]
            made = sessions.enter_past(
                campaign, request.user, title, day, key, _still_gm(request, pk)
            )
    except sessions.SessionRefused as refused:
        sent.add_error(None, str(refused))
        return None, opening, past
    return made, opening, past


@login_required
@require_http_methods(["GET", "POST"])
def session_page(request: AuthedHttpRequest, pk: int, number: int) -> HttpResponse:
    membership, session = _session_of(request, pk, number)
    campaign = membership.campaign
    rename = RenameForm(initial={"title": session.title})
    if request.method == "POST":
        if not membership.is_gm:
            raise PermissionDenied
        if "close" in request.POST:
            sessions.close(session, _still_gm(request, pk))
            messages.success(request, _("The session is closed."))
            return redirect("combat:session", pk, number)
        rename = RenameForm(request.POST)
        if rename.is_valid():
            sessions.rename(session, rename.cleaned_data["title"], _still_gm(request, pk))
            return redirect("combat:session", pk, number)
    timeline = sessions.timeline(session, gm=membership.is_gm)
    context = {
        "campaign": campaign,
        "membership": membership,
        "section": "sessions",
        "session": session,
        "timeline": timeline,
        "rename": rename,
    }
    return render(request, "combat/session.html", context)


def _session_of(request: AuthedHttpRequest, pk: int, number: int) -> tuple[Any, PlaySession]:
    membership = membership_or_404(request, pk)
    rows = PlaySession.objects.filter(campaign=membership.campaign)
    session = get_object_or_404(rows, number=number)
    session.campaign = membership.campaign
    return membership, session


@login_required
@require_GET
def session_markdown(request: AuthedHttpRequest, pk: int, number: int) -> HttpResponse:
    """The session as a Markdown file, for every member (what the session page shows)."""
    membership, session = _session_of(request, pk, number)
    text = markdown(session, sessions.timeline(session, gm=membership.is_gm, with_rolls=True))
    response = HttpResponse(text, content_type="text/markdown; charset=utf-8")
    name = f"session-{session.number}.md"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required
@require_GET
def session_print(request: AuthedHttpRequest, pk: int, number: int) -> HttpResponse:
    """The session as one page to print: every post in full, with its rolls."""
    membership, session = _session_of(request, pk, number)
    timeline = sessions.timeline(session, gm=membership.is_gm, with_rolls=True)
    posts = [item.what for item in timeline.items if isinstance(item.what, Post)]
    views = {view["post"].pk: view for view in post_views(posts, membership)}
    for view in views.values():
        view["voidable"] = []  # paper: no forms
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "session": session,
        "timeline": timeline,
        "views": views,
    }
    return render(request, "combat/session_print.html", context)
