"""People and places met (issue Q) in the Django admin: a GM's own campaigns' entries only,
whatever the group's permissions say; the reveals are made on the register's page and only
listed here, never edited."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import ForeignKey, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .adminbase import HistoryGuard
from .models import Character, Monster, RegisterEntry, new_key
from .staff import gm_campaigns, staff_user


@admin.register(RegisterEntry)
class RegisterEntryAdmin(HistoryGuard, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "kind", "campaign"]
    list_filter = ["kind", ("campaign", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["name"]
    fields = ["campaign", "kind", "name", "summary", "gm_notes", "character", "monster", "shown"]
    readonly_fields = ["shown"]

    @admin.display(description=gettext_lazy("who was shown what"))
    def shown(self, entry: RegisterEntry) -> str:
        """The reveals, as rows nobody edits here: they are made on the register's page."""
        if entry.pk is None:
            return "—"
        reveals = entry.reveals.select_related("to").order_by("created_at", "pk")
        return (
            "; ".join(
                f"{reveal.to or _('every player')}: {reveal.get_part_display()}"
                + ("" if reveal.standing else f" ({_('taken back')})")
                for reveal in reveals
            )
            or "—"
        )

    def get_queryset(self, request: HttpRequest) -> QuerySet[RegisterEntry]:
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        return queryset.filter(campaign__in=gm_campaigns(staff_user(request)))

    def _may(self, request: HttpRequest, obj: RegisterEntry | None) -> bool:
        """A GM of the entry's campaign (any of theirs, for the list). The admin asks this of
        anybody, the log-in page's visitor too, before it lets only active staff in."""
        user = request.user
        if not (user.is_authenticated and user.is_active and user.is_staff):
            return False
        if user.is_superuser:
            return True
        mine = gm_campaigns(staff_user(request))
        return mine.filter(pk=obj.campaign_id).exists() if obj is not None else mine.exists()

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._may(request, None)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._may(request, obj)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return self._may(request, None)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._may(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._may(request, obj)

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField[Any] | None:
        if not request.user.is_superuser:
            mine = gm_campaigns(staff_user(request))
            choices = {
                "campaign": mine,
                "character": Character.objects.filter(campaign__in=mine, kind="npc"),
                "monster": Monster.objects.filter(campaign__in=mine),
            }
            if db_field.name in choices:
                kwargs["queryset"] = choices[db_field.name]
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def save_model(self, request: HttpRequest, obj: RegisterEntry, form: Any, change: bool) -> None:
        if not change:
            obj.created_by, obj.key = staff_user(request), new_key()
        super().save_model(request, obj, form, change)
