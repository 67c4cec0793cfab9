"""The campaign's search page (issue Q): one box over posts, people and places, and fights, for
every member, each finding only what they may read (combat.search)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from campaigns.access import membership_or_404
from config.http import AuthedHttpRequest

from .. import search


@login_required
@require_GET
def search_page(request: AuthedHttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    asked = search.asked(request.GET.get("q", ""))
    found = None
    if asked.words:
        found = search.search(membership, request.user, asked.words)
    context = {
        "campaign": membership.campaign,
        "membership": membership,
        "asked": asked,
        "text": asked.text,
        "typed": "q" in request.GET,  # the page opened without a query says nothing yet
        "found": found,
        "groups": _groups(found),
    }
    return render(request, "combat/search.html", context)


def _groups(found: search.Found | None) -> list[tuple[str, str, search.Group]]:
    if found is None:
        return []
    return [
        ("posts", _("Journal"), found.posts),
        ("register", _("People and places"), found.register),
        ("fights", _("Fights"), found.fights),
    ]
