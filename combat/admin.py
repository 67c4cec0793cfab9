"""The combat logs in the admin: readable by superusers, never editable (they are append-only)."""

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from campaigns.adminbase import SuperuserOnlyAdmin

from .models import Encounter, Event, Roll


class ReadOnlyAdmin(SuperuserOnlyAdmin):
    """A superuser reads the logs here; a GM reads their campaigns' on the app's pages."""

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(ReadOnlyAdmin):
    list_display = ["encounter", "seq", "type", "user", "created_at"]
    list_filter = ["type", "encounter__campaign__system"]
    search_fields = ["encounter__name", "type"]


@admin.register(Roll)
class RollAdmin(ReadOnlyAdmin):
    list_display = ["campaign", "expression", "total", "user", "typed", "created_at"]
    list_filter = ["typed", "campaign__system"]
    search_fields = ["expression", "campaign__name"]


@admin.register(Encounter)
class EncounterAdmin(ReadOnlyAdmin):
    """Encounters change only through their workflows, which write the log."""

    list_display = ["name", "campaign", "status", "round", "version", "log_length"]
    list_filter = ["status", "campaign__system"]
    search_fields = ["name", "campaign__name"]
