"""Accounts and groups in the admin. Deleting an account never touches the logs: one that a
roll, an event or a journal roll names is deactivated instead (a tombstone), and the superuser is
told so. Their history pages refuse like every other admin's (campaigns.adminbase).

The logs are append-only (campaigns.log_triggers): deleting such a user would clear the log
rows' user, an UPDATE the database refuses — and the encounter log's hash covers the user's id.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from django.contrib import admin, messages
from django.contrib.admin import actions as admin_actions
from django.contrib.admin.utils import unquote
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group, User
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .adminbase import HistoryGuard
from .models.appendonly import AppendOnlyModel


def log_holders(user_ids: Iterable[int]) -> set[int]:
    """Those of these accounts that some append-only log row names — every such log, found from
    the models themselves, so a new log is covered without a change here."""
    ids, holders = list(user_ids), set[int]()
    for field in User._meta.get_fields(include_hidden=True):
        model: Any = field.related_model
        reverse = field.auto_created and not field.concrete
        if reverse and isinstance(model, type) and issubclass(model, AppendOnlyModel):
            remote: Any = field.remote_field  # the log row's foreign key to the user
            rows = model._base_manager.filter(**{f"{remote.name}__in": ids})
            holders.update(rows.values_list(remote.attname, flat=True))
    return holders


LAST_SUPERUSER = gettext_lazy(
    "Nothing was deleted: that would leave no active superuser to manage accounts and the "
    "shared library. Make another account a superuser first."
)


def leaves_no_superuser(user_ids: Iterable[int]) -> bool:
    """Would deleting (or deactivating) these accounts leave no active superuser?"""
    superusers = User.objects.filter(is_superuser=True, is_active=True)
    return superusers.exists() and not superusers.exclude(pk__in=list(user_ids)).exists()


def retire(user: User) -> None:
    """The tombstone: no login, no personal data, no rights; the user name stays for the logs."""
    user.is_active = user.is_staff = user.is_superuser = False
    user.email = user.first_name = user.last_name = ""
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()


@admin.action(
    permissions=["delete"], description=gettext_lazy("Delete selected %(verbose_name_plural)s")
)
def delete_selected(
    modeladmin: "AccountAdmin", request: HttpRequest, queryset: QuerySet[User]
) -> HttpResponse | None:
    """Django's bulk delete, except that accounts the logs name are deactivated."""
    if leaves_no_superuser(queryset.values_list("pk", flat=True)):
        messages.error(request, LAST_SUPERUSER)
        return None
    holders = log_holders(queryset.values_list("pk", flat=True))
    kept = list(queryset.filter(pk__in=holders))
    rest = queryset.exclude(pk__in=holders)
    if not kept:
        return admin_actions.delete_selected(modeladmin, request, queryset)
    if not request.POST.get("post"):  # the confirmation page: say so before anything happens
        names = ", ".join(user.get_username() for user in kept)
        warning = ngettext(
            "The campaign logs name %(names)s: the account will be deactivated instead of deleted.",
            "The campaign logs name %(names)s: they will be deactivated instead of deleted.",
            len(kept),
        )
        messages.warning(request, warning % {"names": names})
        return admin_actions.delete_selected(modeladmin, request, queryset)
    modeladmin.retire(request, kept)
    return admin_actions.delete_selected(modeladmin, request, rest) if rest.exists() else None


class AccountAdmin(HistoryGuard, UserAdmin):  # type: ignore[type-arg]
    actions = [delete_selected]

    def get_deleted_objects(
        self, objs: Sequence[User] | QuerySet[User], request: HttpRequest
    ) -> tuple[list[str], dict[str, int], set[str], list[str]]:
        """What deleting would remove: the accounts that are deactivated instead take nothing."""
        holders = log_holders(obj.pk for obj in objs)
        return super().get_deleted_objects([o for o in objs if o.pk not in holders], request)

    def delete_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        user = self.get_object(request, unquote(object_id))
        if user is not None and leaves_no_superuser([user.pk]):
            messages.error(request, LAST_SUPERUSER)
            return redirect("admin:auth_user_changelist")
        if (
            user is None
            or not self.has_delete_permission(request, user)
            or not log_holders([user.pk])
        ):
            return super().delete_view(request, object_id, extra_context)
        if request.method == "POST" and request.POST.get("post"):
            self.retire(request, [user])
            return redirect("admin:auth_user_changelist")
        context = {**(extra_context or {}), "deactivate": True}
        return super().delete_view(request, object_id, context)

    def delete_model(self, request: HttpRequest, obj: User) -> None:
        if log_holders([obj.pk]):  # a safety net: every path that deletes comes through here
            self.retire(request, [obj])
        else:
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        holders = log_holders(queryset.values_list("pk", flat=True))
        self.retire(request, list(queryset.filter(pk__in=holders)))
        super().delete_queryset(request, queryset.exclude(pk__in=holders))

    def retire(self, request: HttpRequest, users: list[User]) -> None:
        if not users:
            return
        with transaction.atomic():
            for user in users:
                retire(user)
                self.log_change(request, user, _("Deactivated instead of deleted."))
        names = ", ".join(user.get_username() for user in users)
        done = ngettext(
            "Deactivated instead of deleted, because the campaign logs name the account: "
            "%(names)s.",
            "Deactivated instead of deleted, because the campaign logs name them: %(names)s.",
            len(users),
        )
        messages.success(request, done % {"names": names})


class GuardedGroupAdmin(HistoryGuard, GroupAdmin):
    pass


for model, model_admin in ((User, AccountAdmin), (Group, GuardedGroupAdmin)):
    if admin.site.is_registered(model):
        admin.site.unregister(model)
    admin.site.register(model, model_admin)
