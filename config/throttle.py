"""Login throttling (RELIABILITY R13, R16): failed logins per username and per address.

Every POST to a login form (ours and the admin's) first takes a numbered attempt from two
counters in the cache: one for the username, one for the client's address. The username is
counted by its key (config.usernames), so every spelling that Django would log in as the same
account ("ｇｍ", "GM") shares one count. An attempt past either limit is refused with 429
before the password is hashed, so a flood of guesses costs no hasher time (~225 ms of CPU
each). Counting before checking, with the cache's atomic increment, lets at most N attempts
through even when many arrive at once in several worker processes sharing Redis. A successful
login gives its attempts back: the username's counter is cleared and the address's is
decremented, so a table of players behind one NAT is never locked out by logging in. The
window is fixed from the first failure: refused attempts do not extend it.

Without REDIS_URL the cache is each process's own memory, so each worker counts alone.
If the cache fails, logins go on (logged as errors): an outage of Redis must not lock every
player out.
"""

import contextlib
import hashlib
import logging
import math
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.core.cache import caches
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from config.usernames import username_key

logger = logging.getLogger("iniciativa.access")

PREFIX = "login-throttle"


def _setting(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def client_address(request: HttpRequest) -> str:
    """The address of the client: behind NUM_PROXIES trusted proxies it is the one the
    nearest of them appended to X-Forwarded-For (entries further left can be forged)."""
    proxies = _setting("NUM_PROXIES", 0)
    forwarded = str(request.META.get("HTTP_X_FORWARDED_FOR", ""))
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    if proxies > 0 and hops:
        return hops[-min(proxies, len(hops))][:64]
    return str(request.META.get("REMOTE_ADDR", ""))[:64]


def _key(kind: str, value: str) -> str:
    # Hashed: any text a form sends becomes a short key every cache accepts. A username is
    # counted by its key (config.usernames): "ｇｍ" and "GM" are more guesses at gm's password.
    name = username_key(value) if kind == "user" else value.strip().lower()
    digest = hashlib.sha256(name.encode("utf-8", "replace")).hexdigest()
    return f"{PREFIX}:{kind}:{digest[:40]}"


class Attempt:
    """One login attempt, counted against the username and the address."""

    def __init__(self, request: HttpRequest, username: str) -> None:
        self.cache = caches[getattr(settings, "LOGIN_THROTTLE_CACHE", "default")]
        self.window = _setting("LOGIN_THROTTLE_WINDOW", 900)
        self.keys = {
            _key("user", username): _setting("LOGIN_FAILURES_PER_USERNAME", 5),
            _key("addr", client_address(request)): _setting("LOGIN_FAILURES_PER_ADDRESS", 20),
        }
        self.counted: dict[str, int] = {}

    def take(self) -> bool:
        """Count this attempt; False when it is past a limit and must be refused."""
        for key in self.keys:
            self.counted[key] = self._increment(key)
        return all(self.counted[key] <= limit for key, limit in self.keys.items())

    def _increment(self, key: str) -> int:
        now = time.time()
        if self.cache.add(key, 0, self.window):  # a new window starts with this attempt
            self.cache.set(f"{key}:until", now + self.window, self.window)
        try:
            return int(self.cache.incr(key))
        except ValueError:  # the window ended between add and incr
            self.cache.set(key, 1, self.window)
            self.cache.set(f"{key}:until", now + self.window, self.window)
            return 1

    def retry_after(self) -> int:
        """Seconds until every counter past its limit has expired."""
        refused = [key for key, limit in self.keys.items() if self.counted.get(key, 0) > limit]
        until = [self.cache.get(f"{key}:until") or 0 for key in refused]
        return max(1, math.ceil(max(until, default=0) - time.time()))

    def succeeded(self, username: str) -> None:
        user_key, address_key = list(self.keys)
        self.cache.delete_many([user_key, f"{user_key}:until", _key("user", username)])
        if address_key in self.counted:
            with contextlib.suppress(ValueError):  # the window has just ended
                self.cache.decr(address_key)


def login_paths() -> set[str]:
    paths = set()
    for name in ("login", "admin:login"):
        try:
            paths.add(reverse(name))
        except NoReverseMatch:
            continue
    return paths


def refusal(request: HttpRequest, seconds: int) -> HttpResponse:
    from config.errors import _alert  # the htmx-aware error page every refusal uses

    minutes = max(1, math.ceil(seconds / 60))
    message = _("Too many failed logins. Wait %(minutes)s min, then try again.") % {
        "minutes": minutes
    }
    response = _alert(request, message, 429, "429.html")
    response["Retry-After"] = str(seconds)
    return response


class LoginThrottleMiddleware:
    """Refuses a login POST past the limits; runs after CSRF, before the login view."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Any, args: Any, kwargs: Any
    ) -> HttpResponse | None:
        if request.method != "POST" or request.path_info not in login_paths():
            return None
        username, password = request.POST.get("username", ""), request.POST.get("password", "")
        if not (username and password):
            return None  # the form refuses it before any password is checked
        attempt = Attempt(request, username)
        try:
            allowed = attempt.take()
            if allowed:
                request._login_attempt = attempt  # type: ignore[attr-defined]
                return None
            seconds = attempt.retry_after()
        except Exception:  # the cache is down: log it, and let people log in
            logger.exception("Login throttle: the cache failed; the login goes on unthrottled")
            return None
        logger.warning(
            "429: login refused for %r from %s (%s)",
            username[:150],
            client_address(request),
            request.path,
        )
        return refusal(request, seconds)


@receiver(user_logged_in, dispatch_uid="iniciativa-login-throttle")
def _logged_in(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    attempt = getattr(request, "_login_attempt", None)
    if attempt is None:
        return
    try:
        attempt.succeeded(user.get_username())
    except Exception:
        logger.exception("Login throttle: the cache failed while clearing a counter")
