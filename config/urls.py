from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse
from django.urls import include, path
from django.views.decorators.http import require_safe

from campaigns.views import accounts, campaigns

handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"


@require_safe
def healthz(request: HttpRequest) -> HttpResponse:
    """For the proxy's health check and as the bare view of the load benchmark: no database."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("healthz", healthz, name="healthz"),
    path("", campaigns.home, name="home"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("campaigns/", include("campaigns.urls")),
    path("campaigns/", include("combat.urls")),
    path("admin/", admin.site.urls),
]

# Uploaded portraits: served by Django only in development; a proxy serves MEDIA_ROOT in production.
urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)
