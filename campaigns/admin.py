"""The Django admin: records edited through their system's named stat fields, never raw JSON."""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db import IntegrityError, transaction
from django.db.models import ForeignKey, ManyToManyField, Q, QuerySet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import URLPattern, path
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from combat.rules.schema import Schema
from combat.rules.systems import SYSTEMS

from . import (  # noqa: F401  (each registers its admin)
    register_admin,  # people and places met: a GM's own campaigns' entries
    useradmin,  # the account admin: deleting keeps the logs
)
from .adminbase import HistoryGuard, SuperuserOnlyAdmin
from .models import (
    Armor,
    Campaign,
    Character,
    Invite,
    Membership,
    Monster,
    Weapon,
)
from .recordforms import offer
from .records_io import (
    MAX_FILE_BYTES,
    Destination,
    Record,
    RecordImportError,
    export_records,
    import_records,
    kind_of,
)
from .staff import gm_campaigns, members_of, staff_user
from .statforms import StatsModelForm, form_name


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]  # not generic at run time
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Campaign)
class CampaignAdmin(SuperuserOnlyAdmin):
    list_display = ["name", "system", "created_at"]
    list_filter = ["system"]
    search_fields = ["name", "description"]
    inlines = [MembershipInline]


@admin.register(Invite)
class InviteAdmin(SuperuserOnlyAdmin):
    list_display = ["campaign", "created_by", "expires_at", "uses", "max_uses", "revoked_at"]
    list_filter = ["campaign__system"]
    readonly_fields = ["token", "uses"]


class CopyRefused(Exception):
    """A duplicate the user may not make; the message says why, nothing was copied."""


class ImportForm(forms.Form):
    campaign = forms.ModelChoiceField(
        queryset=Campaign.objects.none(),
        required=False,
        label=gettext_lazy("Import into"),
        empty_label=gettext_lazy("the campaign the file names"),
    )
    file = forms.FileField(label=gettext_lazy("JSON file"))

    def __init__(self, campaigns: QuerySet[Campaign], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        offer(self, "campaign", campaigns)

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            limit = {"mb": MAX_FILE_BYTES // (1024 * 1024)}
            raise forms.ValidationError(_("The file is larger than %(mb)s MB.") % limit)
        return upload


class RecordAdmin(HistoryGuard, admin.ModelAdmin):  # type: ignore[type-arg]
    form = StatsModelForm
    list_display = ["name", "system", "campaign", "source"]
    list_filter = ["system", ("campaign", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["name", "notes"]
    actions = ["duplicate", "export_json"]
    own_fields: tuple[str, ...] = ("name", "system", "campaign", "source", "notes")
    change_list_template = "admin/campaigns/record_change_list.html"

    # Scoping: a GM sees and edits the records of the campaigns they run; the shared library
    # (no campaign) is read-only to them, and only superusers change it.
    def get_queryset(self, request: HttpRequest) -> QuerySet[Record]:
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        mine = Q(campaign__in=gm_campaigns(staff_user(request)))
        return queryset.filter(mine | Q(campaign__isnull=True) if self.has_library else mine)

    @property
    def has_library(self) -> bool:
        return self.model is not Character

    def _may_write(self, request: HttpRequest, obj: Record | None) -> bool:
        if request.user.is_superuser or obj is None:
            return True
        return (
            obj.campaign_id is not None
            and gm_campaigns(staff_user(request)).filter(pk=obj.campaign_id).exists()
        )

    def has_change_permission(self, request: HttpRequest, obj: Record | None = None) -> bool:
        return super().has_change_permission(request, obj) and self._may_write(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Record | None = None) -> bool:
        return super().has_delete_permission(request, obj) and self._may_write(request, obj)

    def formfield_for_foreignkey(
        self, db_field: ForeignKey[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> forms.ModelChoiceField[Any] | None:
        if db_field.name == "campaign" and not request.user.is_superuser:
            kwargs["queryset"] = gm_campaigns(staff_user(request))
            kwargs["required"] = True
        if db_field.name == "owner" and not request.user.is_superuser:
            kwargs["queryset"] = members_of(gm_campaigns(staff_user(request)))
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(
        self, db_field: ManyToManyField[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> forms.ModelMultipleChoiceField[Any] | None:
        if db_field.name in {"weapons", "armor"} and not request.user.is_superuser:
            mine = Q(campaign__in=gm_campaigns(staff_user(request))) | Q(campaign__isnull=True)
            kwargs["queryset"] = db_field.remote_field.model._default_manager.filter(mine)
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def system_for(self, request: HttpRequest, obj: Record | None) -> str | None:
        """The system whose stat fields the form shows: the record's, or the one asked for."""
        if obj is not None:
            return str(obj.system)
        if request.method == "POST" and not any(k.startswith("stat_") for k in request.POST):
            return None  # the page showed no stat fields: the schema's defaults apply
        wanted = request.POST.get("system") or request.GET.get("system")
        return wanted if wanted in SYSTEMS else None

    def stat_names(self, system: str) -> tuple[str, ...]:
        schema: Schema = getattr(SYSTEMS[system], self.model.schema_part)
        return schema.names

    def get_fieldsets(self, request: HttpRequest, obj: Record | None = None) -> list[Any]:
        fieldsets: list[Any] = [(None, {"fields": self.own_fields})]
        system = self.system_for(request, obj)
        if system:
            names = [form_name(name) for name in self.stat_names(system)]
            fieldsets.append((SYSTEMS[system].name.get(get_language()), {"fields": names}))
        return fieldsets

    def get_form(
        self, request: HttpRequest, obj: Record | None = None, change: bool = False, **kwargs: Any
    ) -> type[forms.ModelForm[Any]]:
        system = self.system_for(request, obj)
        if system:
            schema = getattr(SYSTEMS[system], self.model.schema_part)
            kwargs["form"] = self.form.with_stats(schema, self.stat_names(system))
        return super().get_form(request, obj, change, **kwargs)

    def get_readonly_fields(
        self, request: HttpRequest, obj: Record | None = None
    ) -> tuple[str, ...]:
        return ("system",) if obj is not None else ()

    @admin.action(description=gettext_lazy("Duplicate selected records"))
    def duplicate(self, request: HttpRequest, queryset: QuerySet[Record]) -> None:
        records = list(queryset)  # the changelist's queryset: only rows the user may see
        try:
            targets = [self.copy_target(request, record) for record in records]
            with transaction.atomic():
                for record, campaign in zip(records, targets, strict=True):
                    self.copy(record, campaign)
        except CopyRefused as refusal:
            messages.error(request, str(refusal))
            return
        except IntegrityError:  # the library keeps one row per (system, source, name)
            messages.error(
                request,
                _(
                    "The shared library already has such a copy: rename it "
                    "first. Nothing was duplicated."
                ),
            )
            return
        where = sorted(
            {str(campaign) if campaign else _("the shared library") for campaign in targets}
        )
        done = ngettext(
            "%(n)s record duplicated into %(where)s.",
            "%(n)s records duplicated into %(where)s.",
            len(records),
        )
        messages.success(request, done % {"n": len(records), "where": ", ".join(where)})

    def copy_target(self, request: HttpRequest, record: Record) -> Campaign | None:
        """Where a copy goes: the record's campaign; a library record's copy stays in the library
        for a superuser, and goes to a GM's one campaign of its rule system."""
        if record.campaign_id is not None:
            if not self._may_write(request, record):
                raise CopyRefused(_("Nothing was duplicated."))
            return record.campaign
        if request.user.is_superuser:
            return None
        campaigns = list(gm_campaigns(staff_user(request)).filter(system=record.system)[:2])
        if len(campaigns) == 1:
            return campaigns[0]
        if campaigns:
            message = _(
                "“%(name)s” is in the shared library and you run several campaigns of "
                "its rule system: add it to one from that campaign's own page. Nothing "
                "was duplicated."
            )
        else:
            message = _(
                "“%(name)s” is in the shared library and you run no campaign of its "
                "rule system to copy it into. Nothing was duplicated."
            )
        raise CopyRefused(message % {"name": record.name})

    def copy(self, record: Any, campaign: Campaign | None) -> Any:
        record.pk, record._state.adding = None, True
        record.campaign = campaign
        record.name = _("%(name)s (copy)") % {"name": record.name}
        record.save()
        return record

    @admin.action(description=gettext_lazy("Export selected records as JSON"))
    def export_json(self, request: HttpRequest, queryset: QuerySet[Record]) -> HttpResponse:
        body = json.dumps(export_records(queryset), ensure_ascii=False, indent=2)
        response = HttpResponse(body, content_type="application/json")
        filename = f"iniciativa-{kind_of(self.model)}s.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response

    def changelist_view(
        self, request: HttpRequest, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        systems = [(key, system.name.get(get_language())) for key, system in SYSTEMS.items()]
        return super().changelist_view(
            request, {**(extra_context or {}), "record_systems": systems}
        )

    def get_urls(self) -> list[URLPattern]:
        name = f"{self.model._meta.app_label}_{self.model._meta.model_name}_import"
        view = self.admin_site.admin_view(self.import_view)
        return [path("import/", view, name=name), *super().get_urls()]

    def import_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_add_permission(request):
            return HttpResponse(status=403)
        superuser = request.user.is_superuser
        allowed = Campaign.objects.all() if superuser else gm_campaigns(staff_user(request))
        form = ImportForm(allowed, request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            to = Destination(allowed, library=superuser, into=form.cleaned_data["campaign"])
            try:
                count = import_records(self.model, form.cleaned_data["file"].read(), to)
            except RecordImportError as error:
                form.add_error("file", str(error))
            else:
                messages.success(request, _("%(n)s records imported.") % {"n": count})
                return redirect(
                    f"admin:{self.model._meta.app_label}_{self.model._meta.model_name}_changelist"
                )
        context = {**self.admin_site.each_context(request), "form": form, "opts": self.model._meta}
        return render(request, "admin/campaigns/import_records.html", context)


@admin.register(Monster)
class MonsterAdmin(RecordAdmin):
    pass


@admin.register(Weapon)
class WeaponAdmin(RecordAdmin):
    pass


@admin.register(Armor)
class ArmorAdmin(RecordAdmin):
    pass


class CharacterForm(StatsModelForm):
    """A character's player is a member of its campaign: the choices of a saved character are
    its campaign's members, and whatever is posted is checked against the campaign chosen."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        owner = self.fields.get("owner")
        if not isinstance(owner, forms.ModelChoiceField) or owner.queryset is None:
            return  # a form without the owner field (or its choices)
        if self.instance.campaign_id is not None:
            members = members_of(Campaign.objects.filter(pk=self.instance.campaign_id))
            owner.queryset = owner.queryset.filter(pk__in=members)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        owner, campaign = cleaned.get("owner"), cleaned.get("campaign")
        if owner and campaign and not campaign.memberships.filter(user=owner).exists():
            message = _("%(user)s is not a member of the campaign %(campaign)s.")
            self.add_error("owner", message % {"user": owner, "campaign": campaign})
        return cleaned


@admin.register(Character)
class CharacterAdmin(RecordAdmin):
    form = CharacterForm
    list_display = ["name", "kind", "system", "campaign", "owner"]
    list_filter = ["system", "kind", ("campaign", admin.RelatedOnlyFieldListFilter)]
    own_fields = (
        "name",
        "system",
        "campaign",
        "kind",
        "owner",
        "portrait",
        "weapons",
        "armor",
        "notes",
    )
    filter_horizontal = ["weapons", "armor"]

    def copy(self, record: Any, campaign: Campaign | None) -> Any:
        weapons, armor = list(record.weapons.all()), list(record.armor.all())
        record = super().copy(record, campaign)
        record.weapons.set(weapons)
        record.armor.set(armor)
        return record
