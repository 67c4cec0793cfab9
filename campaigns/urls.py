from django.urls import path

from .views import campaigns, conditions, invites, journal, record_forms, records, register

app_name = "campaigns"

urlpatterns = [
    path("", campaigns.campaign_list, name="list"),
    path("new/", campaigns.campaign_create, name="create"),
    path("<int:pk>/", campaigns.campaign_detail, name="detail"),
    path("<int:pk>/edit/", campaigns.campaign_edit, name="edit"),
    path("<int:pk>/leave/", campaigns.campaign_leave, name="leave"),
    path("<int:pk>/export/", campaigns.campaign_export, name="export"),
    path("<int:pk>/members/<int:member_pk>/remove/", campaigns.member_remove, name="member_remove"),
    path("<int:pk>/members/<int:member_pk>/role/", campaigns.member_role, name="member_role"),
    path("<int:pk>/invites/", invites.invite_list, name="invites"),
    path("<int:pk>/invites/<int:invite_pk>/revoke/", invites.invite_revoke, name="invite_revoke"),
    path("join/<str:token>/", invites.invite_accept, name="invite_accept"),
    path("<int:pk>/characters/", records.character_list, name="characters"),
    path("<int:pk>/characters/new/", records.character_edit, name="character_create"),
    path("<int:pk>/characters/<int:char_pk>/", records.character_detail, name="character"),
    path(
        "<int:pk>/characters/<int:char_pk>/claim/",
        campaigns.character_claim,
        name="character_claim",
    ),
    path("<int:pk>/characters/<int:char_pk>/edit/", records.character_edit, name="character_edit"),
    path("<int:pk>/bestiary/", records.bestiary, name="bestiary"),
    path("<int:pk>/bestiary/new/", record_forms.monster_edit, name="monster_create"),
    path("<int:pk>/bestiary/<int:monster_pk>/", records.monster_detail, name="monster"),
    path(
        "<int:pk>/bestiary/<int:monster_pk>/edit/", record_forms.monster_edit, name="monster_edit"
    ),
    path("<int:pk>/bestiary/<int:monster_pk>/add/", records.bestiary_add, name="bestiary_add"),
    path("<int:pk>/armory/", records.armory, name="armory"),
    path("<int:pk>/armory/<str:kind>/<int:item_pk>/add/", records.armory_add, name="armory_add"),
    path("<int:pk>/armory/<str:kind>/new/", record_forms.armory_edit, name="armory_create"),
    path(
        "<int:pk>/armory/<str:kind>/<int:own_pk>/edit/",
        record_forms.armory_edit,
        name="armory_edit",
    ),
    path("<int:pk>/conditions/", conditions.condition_list, name="conditions"),
    path(
        "<int:pk>/conditions/<int:condition_pk>/delete/",
        conditions.condition_delete,
        name="condition_delete",
    ),
    path("<int:pk>/journal/", journal.journal, name="journal"),
    path("<int:pk>/journal/<int:thread_pk>/", journal.journal_thread, name="journal_thread"),
    path("<int:pk>/journal/preview/", journal.journal_preview, name="journal_preview"),
    path(
        "<int:pk>/journal/posts/<int:post_pk>/edit/",
        journal.journal_post_edit,
        name="journal_post_edit",
    ),
    path(
        "<int:pk>/journal/posts/<int:post_pk>/history/",
        journal.journal_post_history,
        name="journal_post_history",
    ),
    path("<int:pk>/journal/rolls/<int:roll_pk>/void/", journal.journal_void, name="journal_void"),
    path("<int:pk>/register/", register.register_list, name="register"),
    path("<int:pk>/register/<int:entry_pk>/", register.register_entry, name="register_entry"),
    path("<int:pk>/register/<int:entry_pk>/edit/", register.register_edit, name="register_edit"),
    path(
        "<int:pk>/register/<int:entry_pk>/reveal/",
        register.register_reveal,
        name="register_reveal",
    ),
    path(
        "<int:pk>/register/<int:entry_pk>/reveals/<int:reveal_pk>/withdraw/",
        register.register_withdraw,
        name="register_withdraw",
    ),
    path(
        "<int:pk>/register/<int:entry_pk>/delete/",
        register.register_delete,
        name="register_delete",
    ),
]
