"""Error pages that htmx can show: a stale CSRF token or a refused action says so in place."""

from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _


def _alert(request: HttpRequest, message: str, status: int, template: str) -> HttpResponse:
    if request.headers.get("HX-Request") == "true":
        html = render_to_string("errors/alert.html", {"message": message}, request=request)
        response = HttpResponse(html, status=status)
        # Put the message in the page's message area, whatever the request meant to swap.
        response["HX-Retarget"] = "#messages"
        response["HX-Reswap"] = "innerHTML"
        return response
    html = render_to_string(template, {"message": message}, request=request)
    return HttpResponse(html, status=status)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    message = _(
        "Your session changed (for example you logged in or out elsewhere). "
        "Reload the page and try again."
    )
    return _alert(request, message, 403, "errors/403.html")


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _alert(
        request, _("Only the campaign's game master may do that."), 403, "errors/403.html"
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _alert(
        request, _("That page does not exist, or it is not yours to see."), 404, "errors/404.html"
    )


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _alert(request, _("The request was not understood."), 400, "errors/400.html")


def server_error(request: HttpRequest) -> HttpResponse:
    return _alert(
        request,
        _("Something went wrong on our side. Nothing you sent was lost; try again."),
        500,
        "errors/500.html",
    )
