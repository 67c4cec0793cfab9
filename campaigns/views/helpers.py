"""Small view helpers shared by the campaign views."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django_htmx.http import HttpResponseClientRedirect


def redirect_to(request: HttpRequest, url: str) -> HttpResponse:
    """A normal redirect, or a client-side one for htmx (htmx would follow a 302 in place)."""
    if getattr(request, "htmx", False):
        return HttpResponseClientRedirect(url)
    return redirect(url)


def partial_or_page(request: HttpRequest, template: str, partial: str) -> str:
    """htmx asks for one region; history restores and plain requests want the whole page."""
    htmx = getattr(request, "htmx", None)
    if htmx and not htmx.history_restore_request:
        return f"{template}#{partial}"
    return template
