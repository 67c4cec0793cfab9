"""Sign up. Log in, log out and password change are Django's own views."""

from django.contrib import messages
from django.contrib.auth import login
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from config.usernames import lock_usernames

from ..forms import SignupForm
from .helpers import redirect_to


def _safe_next(request: HttpRequest) -> str:
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else reverse("campaigns:list")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect_to(request, _safe_next(request))
    form = SignupForm(request.POST or None)
    user = None
    if request.method == "POST":
        with transaction.atomic():
            lock_usernames()  # the name is checked and taken inside one lock
            user = form.save() if form.is_valid() else None
    if user is not None:
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, _("Welcome, %(name)s!") % {"name": user.get_username()})
        return redirect_to(request, _safe_next(request))
    next_url = request.POST.get("next") or request.GET.get("next", "")
    return render(request, "registration/signup.html", {"form": form, "next": next_url})
