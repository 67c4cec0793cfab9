"""The encounter pages: the list, the live page, and the GM's and players' actions."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from campaigns.access import membership_or_404
from campaigns.models import Membership
from campaigns.views.helpers import redirect_to
from combat.rules.base import RulesError
from combat.rules.dice import InvalidDice
from combat.rules.engines import get_engine, has_engine
from combat.rules.preview import preview

from . import journal_rolls, live, workflows
from .display import log_entry
from .encounter_forms import ActionForm, AddCombatantsForm, AdjustForm, TurnForm
from .fightstate import load_fight
from .models import Encounter, Event
from .options import EncounterOptionsForm, option_specs
from .presenter import (
    _acts_before_initiative,
    _acts_out_of_turn,
    _engine_odds,
    _log_page,
    _stats_readable,
    allowed_options,
    page_context,
)
from .services import new_roll_key
from .visibility import Viewer, without_hidden

SECRET_ODDS = _lazy("The odds depend on numbers the game master keeps hidden.")
TURN_STEPS = frozenset({"initiative", "next", "undo", "redo", "end"})


def _encounter(request: HttpRequest, pk: int, enc_pk: int) -> tuple[Membership, Encounter]:
    membership = membership_or_404(request, pk)
    encounter = get_object_or_404(membership.campaign.encounters.all(), pk=enc_pk)
    return membership, encounter


@login_required
@require_http_methods(["GET", "POST"])
def encounter_list(request: HttpRequest, pk: int) -> HttpResponse:
    membership = membership_or_404(request, pk)
    campaign = membership.campaign
    if request.method == "POST":
        if not membership.is_gm:
            raise PermissionDenied
        # PostgreSQL refuses NUL in text (a 500); forms drop it, this raw field must too.
        name = request.POST.get("name", "").replace("\x00", "").strip()[:120] or _("New encounter")
        try:
            encounter = workflows.create_encounter(campaign, name, request.user)
        except RulesError as error:
            messages.error(request, _(error.template) % error.params)
            return redirect_to(request, reverse("combat:encounters", args=[pk]))
        return redirect_to(request, reverse("combat:encounter", args=[pk, encounter.pk]))
    context = {
        "campaign": campaign,
        "membership": membership,
        "encounters": campaign.encounters.all(),
        "available": has_engine(campaign.system),
    }
    return render(request, "combat/encounters.html", context)


@login_required
@require_GET
def encounter_page(request: HttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    membership, encounter = _encounter(request, pk, enc_pk)
    before = request.GET.get("before", "")
    # Older log entries, loaded as the log scrolls. ASCII digits and a bounded length only:
    # "²" passes isdigit() and 5,000 digits pass it too, and int() raised on both (a 500).
    if before.isascii() and before.isdigit() and len(before) <= 18:
        return _older(request, membership, encounter, int(before))
    warning = live.rewritten_warning(request, encounter)  # what this browser saw is gone
    if warning is not None:
        return warning
    shown = request.GET.get("version")
    if request.htmx and shown == str(encounter.version):  # type: ignore[attr-defined]
        return HttpResponse(status=204)  # nothing changed: no swap, no flicker
    context = page_context(request, membership, encounter)
    if request.htmx and shown is not None:  # type: ignore[attr-defined]
        return render(request, "combat/encounter.html#live", context)
    return render(request, "combat/encounter.html", context)


def _older(
    request: HttpRequest, membership: Membership, encounter: Encounter, before: int
) -> HttpResponse:
    rows = list(encounter.combatants.select_related("character"))
    viewer = Viewer.of(encounter, rows, request.user, gm=membership.is_gm)
    events, older_from = _log_page(encounter, viewer, before=before)
    context = {
        "campaign": membership.campaign,
        "encounter": encounter,
        "log": [log_entry(event, gm=membership.is_gm, viewer=viewer) for event in events],
        "older_from": older_from,
    }
    return render(request, "combat/encounter.html#log_entries", context)


def _done_before(request: HttpRequest, encounter: Encounter) -> bool:
    """A retried or double-clicked form whose key already wrote this user's event: answer with
    the page as it is (showing that one result), without judging the form against the changed
    fight. Only the user's own events count: nobody else's post can use up or block a key."""
    key = (request.POST.get("key") or request.POST.get("turn-key") or "")[:64]
    if not key or "\x00" in key:  # PostgreSQL refuses NUL in text; no key ever has one
        return False
    return Event.objects.keyed(encounter, request.user, key).exists()


def _act(
    request: HttpRequest, pk: int, enc_pk: int, work: Callable[[Membership, Encounter], Any]
) -> HttpResponse:
    membership, encounter = _encounter(request, pk, enc_pk)
    try:
        if not _done_before(request, encounter):
            work(membership, encounter)
    except (RulesError, InvalidDice) as error:
        if not _done_before(request, encounter):  # a retry that lost the race to its first
            messages.error(request, _(error.template) % error.params)
            request.action_error = _(error.template) % error.params  # type: ignore[attr-defined]
    except workflows.NothingToUndo:
        messages.error(request, _("There is nothing to undo or redo."))
    except workflows.TypedFacesLeft as error:
        messages.error(request, _("%(n)s typed faces were not needed.") % {"n": error.args[0]})
    encounter.refresh_from_db()
    if request.htmx:  # type: ignore[attr-defined]
        return render(
            request, "combat/encounter.html#live", page_context(request, membership, encounter)
        )
    return redirect_to(request, reverse("combat:encounter", args=[pk, enc_pk]))


def _gm_only(membership: Membership) -> None:
    if not membership.is_gm:
        raise PermissionDenied


@login_required
@require_POST
def encounter_add(request: HttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    def work(membership: Membership, encounter: Encounter) -> None:
        _gm_only(membership)
        form = AddCombatantsForm(membership.campaign, request.POST)
        if not form.is_valid():
            raise RulesError(_("Choose a character or a monster, and how many."))
        data = form.cleaned_data
        workflows.add_combatants(
            encounter.pk,
            request.user,
            data["key"],
            record=data["record"],
            count=data["count"],
            side=data["side"],
            hidden=data["hidden"],
        )

    return _act(request, pk, enc_pk, work)


@login_required
@require_POST
def encounter_turn(request: HttpRequest, pk: int, enc_pk: int, step: str) -> HttpResponse:
    """The GM's turn controls: initiative, next turn, undo, redo, end."""
    if step not in TURN_STEPS:
        raise Http404

    def work(membership: Membership, encounter: Encounter) -> None:
        _gm_only(membership)
        form = TurnForm(request.POST)
        if not form.is_valid():
            raise RulesError(_("Type the faces as whole numbers, e.g. 4, 2, 6."))
        key, faces = form.cleaned_data["key"], form.cleaned_data["faces"]
        steps = {
            "initiative": lambda: workflows.roll_initiative(
                encounter.pk, request.user, key, typed_faces=faces
            ),
            "next": lambda: workflows.next_turn(encounter.pk, request.user, key, faces),
            "undo": lambda: workflows.undo(encounter.pk, request.user, key),
            "redo": lambda: workflows.redo(encounter.pk, request.user, key),
            "end": lambda: workflows.end_encounter(encounter.pk, request.user, key),
        }
        steps[step]()

    return _act(request, pk, enc_pk, work)


@login_required
@require_POST
def encounter_action(request: HttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """An action of the combatant whose turn it is: by the GM, or by the player who owns it."""

    def work(membership: Membership, encounter: Encounter) -> None:
        current = _posted_actor(request, encounter, gm=membership.is_gm)
        if current is None:
            raise RulesError(_("Nobody's turn: roll initiative first."))
        if not (membership.is_gm or current.owned_by(request.user)):
            raise PermissionDenied
        on_turn = not membership.is_gm and not _acts_out_of_turn(encounter)
        if on_turn and current.key != encounter.current:
            raise PermissionDenied
        fight, _rows = load_fight(encounter)
        engine = get_engine(encounter.system)
        options = allowed_options(engine, fight, current.key, gm=membership.is_gm)
        hidden = (
            frozenset()
            if membership.is_gm
            else frozenset(row.key for row in encounter.combatants.filter(hidden=True))
        )
        rolls = (  # only read when one was chosen: every other action skips the queries
            journal_rolls.offered(membership.campaign, request.user, gm=membership.is_gm)
            if request.POST.get("journal_roll")
            else []
        )
        form = ActionForm(
            fight,
            current.key,
            options,
            request.POST,
            hidden=hidden,
            engine=engine,
            journal_rolls=rolls,
            gm=membership.is_gm,
        )
        if not form.is_valid():
            raise RulesError(_("Check the action: %(errors)s"), errors=form.errors.as_text())
        data = form.cleaned_data
        action = form.action(current.key)
        used = data["journal_roll"] if data["faces"] is None else None
        if used is not None:
            data["faces"] = journal_rolls.faces_of(membership.campaign, used)
        if not membership.is_gm and membership.campaign.players_propose:
            workflows.propose_action(
                encounter.pk,
                request.user,
                data["key"],
                action,
                data["faces"],
                on_turn=on_turn,
                journal_roll=used,
            )
            return
        secret = data["secret"] and membership.is_gm  # only the GM may hide a roll
        workflows.resolve_action(
            encounter.pk,
            request.user,
            data["key"],
            action,
            data["faces"],
            secret=secret,
            journal_roll=used,
            on_turn=on_turn,
        )

    return _act(request, pk, enc_pk, work)


def _posted_actor(request: HttpRequest, encounter: Encounter, *, gm: bool) -> Any | None:
    """The combatant the form acts for: the one it names, or whose turn it is. For a player a
    hidden combatant is nobody, so its key answers like a key of nobody (not "forbidden")."""
    if encounter.status == "ended":
        return None
    if encounter.status == "preparing" and not _acts_before_initiative(encounter):
        return None
    data = request.POST if request.method == "POST" else request.GET
    key = str(data.get("actor", "") or encounter.current)
    number = key[1:]
    if not key.startswith("c") or not (number.isascii() and number.isdigit() and len(key) <= 20):
        return None  # int() raised on "c²" and on 5,000 digits (a 500)
    combatants = encounter.combatants.all() if gm else encounter.combatants.filter(hidden=False)
    return combatants.filter(pk=int(number)).first()


@login_required
@require_GET
def encounter_gm_forms(request: HttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The GM's "add combatants" and "adjust" forms, loaded when their section is opened."""
    membership, encounter = _encounter(request, pk, enc_pk)
    _gm_only(membership)
    context = {
        "campaign": membership.campaign,
        "encounter": encounter,
        "add_form": AddCombatantsForm.fresh(membership.campaign),
        "adjust_form": AdjustForm.fresh(
            list(encounter.combatants.all()), get_engine(encounter.system)
        ),
        "membership": membership,
    }
    if encounter.status == "preparing" and option_specs(encounter.system):
        context["options_form"] = EncounterOptionsForm(
            encounter.system, encounter.options, initial={"key": new_roll_key()}
        )
    if request.htmx:  # type: ignore[attr-defined]
        return render(request, "combat/_gm_forms.html", context)
    return render(request, "combat/gm_forms.html", context)  # without JavaScript: a page


@login_required
@require_POST
def encounter_proposal(request: HttpRequest, pk: int, enc_pk: int, seq: int) -> HttpResponse:
    """The GM accepts (resolves) or rejects a player's proposed action."""

    def work(membership: Membership, encounter: Encounter) -> None:
        _gm_only(membership)
        accept = request.POST.get("decision") == "accept"
        key = request.POST.get("key", "").replace("\x00", "")[:64]
        workflows.decide_proposal(encounter.pk, request.user, key, seq, accept=accept)

    return _act(request, pk, enc_pk, work)


@login_required
@require_GET
def encounter_odds(request: HttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The exact chance to hit and the expected damage of the action being chosen."""
    membership, encounter = _encounter(request, pk, enc_pk)
    current = _posted_actor(request, encounter, gm=membership.is_gm)
    if current is None or not (membership.is_gm or current.owned_by(request.user)):
        return HttpResponse(status=204)
    fight, rows = load_fight(encounter)
    engine = get_engine(encounter.system)
    options = allowed_options(engine, fight, current.key, gm=membership.is_gm)
    # A hidden combatant's key answers like an unknown one: its odds would state its defence.
    hidden = frozenset(k for k, row in rows.items() if row.hidden and not membership.is_gm)
    form = ActionForm(
        fight, current.key, options, request.GET, engine=engine, gm=membership.is_gm, hidden=hidden
    )
    context: dict[str, Any] = {}
    if form.is_valid():
        action = form.action(current.key)
        seen = without_hidden(fight, hidden)
        viewer = Viewer.of(encounter, rows.values(), request.user, gm=membership.is_gm)
        targeted = bool(form.cleaned_data["targets"])
        if not _stats_readable(viewer, seen, current.key):  # targeted: allowed or not, a secret
            lines = _engine_odds(engine, seen, action) if engine.own_odds and not targeted else []
            context["odds_lines"] = [SECRET_ODDS] if targeted or lines else []
        elif engine.own_odds:  # the engine's own exact odds (dice pools too big to enumerate)
            context["odds_lines"] = _engine_odds(engine, seen, action)
        elif targeted:
            context["preview"] = preview(engine, fight, action)
    return render(request, "combat/encounter.html#odds", context)


@login_required
@require_POST
def encounter_options(request: HttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The GM sets the encounter's fight options before its first initiative."""

    def work(membership: Membership, encounter: Encounter) -> None:
        _gm_only(membership)
        form = EncounterOptionsForm(encounter.system, encounter.options, request.POST)
        if not form.is_valid():
            raise RulesError(_("Check the options: %(errors)s"), errors=form.errors.as_text())
        workflows.set_options(encounter.pk, request.user, form.cleaned_data["key"], form.options())

    return _act(request, pk, enc_pk, work)


@login_required
@require_POST
def encounter_adjust(request: HttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    def work(membership: Membership, encounter: Encounter) -> None:
        _gm_only(membership)
        rows = list(encounter.combatants.all())
        form = AdjustForm(rows, request.POST, engine=get_engine(encounter.system))
        if not form.is_valid():
            raise RulesError(_("Check the adjustment: %(errors)s"), errors=form.errors.as_text())
        data = form.cleaned_data
        workflows.adjust(
            encounter.pk,
            request.user,
            data["key"],
            data["combatant"],
            hp=data["hp"],
            add=data["add"],
            remove=data["remove"],
            position=data["position"],
        )

    return _act(request, pk, enc_pk, work)
