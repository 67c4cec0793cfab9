"""The request every view of ours receives: Django's, with django-htmx's `htmx` details and a
logged-in user's type where the view requires login (for mypy; nothing at run time)."""

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class AuthedHttpRequest(HtmxHttpRequest):
    """A request behind @login_required: its user is a real account."""

    user: User
