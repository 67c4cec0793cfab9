from django.contrib import admin

from .models import Campaign, Invite, Membership


class MembershipInline(admin.TabularInline):  # type: ignore[type-arg]
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "system", "created_at"]
    list_filter = ["system"]
    search_fields = ["name", "description"]
    inlines = [MembershipInline]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["campaign", "created_by", "expires_at", "uses", "max_uses", "revoked_at"]
    list_filter = ["campaign__system"]
    readonly_fields = ["token", "uses"]
