from django.urls import path

from .views import actions, audit, ledger, odds, page, record, rolls, sessions, simulate, table
from .views.search import search_page

app_name = "combat"

ENCOUNTER = "<int:pk>/encounters/<int:enc_pk>/"

urlpatterns = [
    path("<int:pk>/roll/", rolls.quick_roll, name="roll"),
    path("<int:pk>/rolls/", rolls.roll_log, name="rolls"),
    path("<int:pk>/odds/", rolls.odds, name="odds"),
    path("<int:pk>/dice/", audit.audit_page, name="dice_audit"),
    path("<int:pk>/dice/receipt/", audit.receipt_page, name="dice_receipt"),
    path("<int:pk>/search/", search_page, name="search"),
    path("<int:pk>/ledger/", ledger.ledger_page, name="ledger"),
    path("<int:pk>/sessions/", sessions.session_list, name="sessions"),
    path("<int:pk>/sessions/<int:number>/", sessions.session_page, name="session"),
    path("<int:pk>/sessions/<int:number>/print/", sessions.session_print, name="session_print"),
    path(
        "<int:pk>/sessions/<int:number>/session.md",
        sessions.session_markdown,
        name="session_markdown",
    ),
    path("<int:pk>/encounters/", page.encounter_list, name="encounters"),
    path(ENCOUNTER, page.encounter_page, name="encounter"),
    path(ENCOUNTER + "gm-forms/", page.encounter_gm_forms, name="encounter_gm_forms"),
    path(ENCOUNTER + "add/", actions.encounter_add, name="encounter_add"),
    path(ENCOUNTER + "action/", actions.encounter_action, name="encounter_action"),
    path(
        ENCOUNTER + "proposals/<int:seq>/",
        actions.encounter_proposal,
        name="encounter_proposal",
    ),
    path(ENCOUNTER + "odds/", odds.encounter_odds, name="encounter_odds"),
    path(ENCOUNTER + "options/", actions.encounter_options, name="encounter_options"),
    path(ENCOUNTER + "adjust/", actions.encounter_adjust, name="encounter_adjust"),
    path(ENCOUNTER + "simulate/", simulate.encounter_simulate, name="encounter_simulate"),
    path(ENCOUNTER + "table/", table.encounter_table, name="encounter_table"),
    path(ENCOUNTER + "record/", record.encounter_record, name="encounter_record"),
    path(ENCOUNTER + "award/", ledger.encounter_award, name="encounter_award"),
    path(ENCOUNTER + "events/", page.encounter_events, name="encounter_events"),
    path(ENCOUNTER + "<str:step>/", actions.encounter_turn, name="encounter_turn"),
]
