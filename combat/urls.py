from django.urls import path

from . import encounter_views, simulate_views, views

app_name = "combat"

urlpatterns = [
    path("<int:pk>/roll/", views.quick_roll, name="roll"),
    path("<int:pk>/rolls/", views.roll_log, name="rolls"),
    path("<int:pk>/odds/", views.odds, name="odds"),
    path("<int:pk>/encounters/", encounter_views.encounter_list, name="encounters"),
    path("<int:pk>/encounters/<int:enc_pk>/", encounter_views.encounter_page, name="encounter"),
    path(
        "<int:pk>/encounters/<int:enc_pk>/add/",
        encounter_views.encounter_add,
        name="encounter_add",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/action/",
        encounter_views.encounter_action,
        name="encounter_action",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/proposals/<int:seq>/",
        encounter_views.encounter_proposal,
        name="encounter_proposal",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/gm-forms/",
        encounter_views.encounter_gm_forms,
        name="encounter_gm_forms",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/odds/",
        encounter_views.encounter_odds,
        name="encounter_odds",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/options/",
        encounter_views.encounter_options,
        name="encounter_options",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/adjust/",
        encounter_views.encounter_adjust,
        name="encounter_adjust",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/simulate/",
        simulate_views.encounter_simulate,
        name="encounter_simulate",
    ),
    path(
        "<int:pk>/encounters/<int:enc_pk>/<str:step>/",
        encounter_views.encounter_turn,
        name="encounter_turn",
    ),
]
