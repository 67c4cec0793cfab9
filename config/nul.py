"""A request with a NUL character anywhere a view could read it is a 400 that says so.

No page of ours sends a NUL, PostgreSQL refuses it in any text it is asked to compare or store
(a 500 there, where SQLite would quietly find nothing), and Django's form fields refuse it only
where a form reads the value. So it is refused once, here, before any view runs: in the path,
the query string's names and values, the posted fields' names and values and the cookies.
Refused rather than stripped: a request that carried one was not made by our pages, and
quietly changing it would make a different request from the one that was sent.
"""

import logging
from collections.abc import Callable, Iterator
from importlib import import_module

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from config.errors import _alert

SessionStore = import_module(settings.SESSION_ENGINE).SessionStore
logger = logging.getLogger("iniciativa.access")
NUL = "\x00"


def _texts(request: HttpRequest) -> Iterator[str]:
    yield request.path
    yield request.path_info
    for data in (request.GET, request.POST if request.method == "POST" else None):
        if data is not None:
            for name, values in data.lists():
                yield name
                yield from values
    if request.method == "POST":
        yield from request.FILES  # the fields' names (Django drops a NUL from a file's name)
    for name, value in request.COOKIES.items():
        yield name
        yield value


def carries_nul(request: HttpRequest) -> bool:
    return any(NUL in text for text in _texts(request))


class NulRefusalMiddleware:
    """Runs after the session, language, CSRF and user are set up (lazily: nothing has read the
    database yet) and before any view, so the 400 page shows the person as logged in, with a
    working language switch. A cookie with a NUL is never looked up: that request is answered
    as an anonymous one with an empty session."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not carries_nul(request):
            return self.get_response(request)
        logger.warning("400: a NUL character in %r", request.path.replace(NUL, "\\x00")[:200])
        if any(NUL in name or NUL in value for name, value in request.COOKIES.items()):
            request.session = SessionStore()
            request.user = AnonymousUser()
        message = _(
            "The request contained a zero byte (NUL), which no page of Iniciativa sends. "
            "Nothing was saved; go back and try again."
        )
        return _alert(request, message, 400, "errors/400.html")


def nul_path(value: object, where: str = "") -> str | None:
    """Where a decoded JSON file carries a NUL (in a key or a string), as "a.b[2]"; else None.
    Imported files are data that never passed a form, so their importers ask this first."""
    stack: list[tuple[object, str]] = [(value, where)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            if NUL in item:
                return path or "the file"
        elif isinstance(item, dict):
            for key, inner in item.items():
                if NUL in str(key):
                    return path or "the file"
                stack.append((inner, f"{path}.{key}" if path else str(key)))
        elif isinstance(item, list):
            stack.extend((inner, f"{path}[{i}]") for i, inner in enumerate(item))
    return None
