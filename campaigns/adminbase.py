"""What every admin page of this project shares: a refusal never tells whether an object exists.

Django's history page looks the object up before it checks the permission, so a staff user
without any right on a model would get 403 for an existing id and "doesn't exist" for a missing
one: an oracle of whose accounts and campaigns exist. Every admin here checks the model first.
"""

from typing import Any

from django.contrib import admin
from django.core.exceptions import PermissionDenied
from django.db.models import Model, QuerySet
from django.http import HttpRequest, HttpResponse


class HistoryGuard:
    """Mixin for a ModelAdmin: the history page refuses on the model before it looks up the id."""

    def history_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        if not self.has_view_or_change_permission(request):  # type: ignore[attr-defined]
            raise PermissionDenied
        return super().history_view(request, object_id, extra_context)  # type: ignore[misc, no-any-return]


class SuperuserOnlyAdmin(HistoryGuard, admin.ModelAdmin):  # type: ignore[type-arg]
    """Campaigns, invites and logs are a superuser's in the admin: a GM manages theirs on the
    app's own pages, and whatever permissions a group is given, no other staff user sees whose
    campaigns exist, who plays in them or how to join them."""

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        queryset = super().get_queryset(request)
        return queryset if request.user.is_superuser else queryset.none()

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.is_superuser

    def has_view_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return request.user.is_superuser

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return request.user.is_superuser

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return request.user.is_superuser

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return request.user.is_superuser
