"""The panel's valid forms sent to their workflow. What the rules refuse becomes the form's
error, next to the field it concerns (the faces) or above the form: the view shows the form
again as it was sent, with its errors."""

from collections.abc import Callable

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from combat.rules.base import RulesError
from combat.rules.dice import InvalidDice

from . import journal_rolls, workflows
from .encounter_forms import ActionForm, TurnForm
from .hand_forms import PARTY, AddCombatantsForm, AdjustForm
from .models import Combatant, Event
from .options import EncounterOptionsForm
from .presenter import Scene

REFUSALS = (RulesError, InvalidDice, workflows.NothingToUndo, workflows.TypedFacesLeft)
TURN_STEPS = frozenset({"initiative", "next", "undo", "redo", "end"})
CONFIRMED_STEPS = frozenset({"end"})  # asked again before it is done: "End the fight?"


def unconfirmed(scene: Scene, form: TurnForm, step: str) -> bool:
    """A step that must be confirmed first (ending a fight that has not ended), not yet
    confirmed: the panel asks, and only the confirmation's post does it."""
    asked = step in CONFIRMED_STEPS and scene.encounter.status != "ended"
    return asked and not form.cleaned_data["confirmed"]


def refusal(error: Exception) -> str:
    """What the rules said, in the page's language."""
    if isinstance(error, workflows.NothingToUndo):
        return _("There is nothing to undo or redo.")
    if isinstance(error, workflows.TypedFacesLeft):
        return _("%(n)s typed faces were not needed.") % {"n": error.args[0]}
    assert isinstance(error, RulesError | InvalidDice)
    return _(error.template) % error.params


def attempt(
    form: forms.Form, work: Callable[[], Event], *, faces: str | None = None
) -> Event | None:
    """Run `work` for a valid form; a refusal goes onto the form (a dice problem next to the
    typed faces when the form has them). The event written, or None when it was refused."""
    try:
        return work()
    except REFUSALS as error:
        dice = isinstance(error, InvalidDice | workflows.TypedFacesLeft)
        typed = faces is not None and form.data.get(form.add_prefix(faces))
        form.add_error(faces if dice and typed else None, refusal(error))
        return None


def act(scene: Scene, form: ActionForm, actor: Combatant, *, on_turn: bool) -> Event:
    """Resolve the action, or propose it when the campaign's players propose."""
    data, (pk, user) = form.cleaned_data, _who(scene)
    action = form.action(actor.key)
    used = data["journal_roll"] if data["faces"] is None else None
    faces = data["faces"] if used is None else journal_rolls.faces_of(scene.campaign, used)
    if not scene.gm and scene.campaign.players_propose:
        return workflows.propose_action(
            pk, user, data["key"], action, faces, on_turn=on_turn, journal_roll=used
        )
    return workflows.resolve_action(
        pk,
        user,
        data["key"],
        action,
        faces,
        secret=data["secret"] and scene.gm,  # only the GM may hide a roll
        journal_roll=used,
        on_turn=on_turn,
        reactions_wait=not scene.gm and scene.campaign.reactions_need_approval,
    )


def turn(scene: Scene, form: TurnForm, step: str) -> Event:
    """The GM's turn controls: initiative, next turn, undo, redo, end."""
    key, faces, pk, user = form.cleaned_data["key"], form.cleaned_data["faces"], *_who(scene)
    if step == "initiative":  # mid-fight, for the newcomers unless everyone is confirmed
        again = not form.cleaned_data["confirmed"]
        return workflows.roll_initiative(pk, user, key, typed_faces=faces, missing_only=again)
    if step == "next":
        return workflows.next_turn(pk, user, key, faces)
    if step == "undo":
        return workflows.undo(pk, user, key)
    if step == "redo":
        return workflows.redo(pk, user, key)
    return workflows.end_encounter(pk, user, key)


def add(scene: Scene, form: AddCombatantsForm) -> Event:
    data = form.cleaned_data
    pk, user = _who(scene)
    if data["record"] == PARTY:
        return workflows.add_party(pk, user, data["key"])
    return workflows.add_combatants(
        pk,
        user,
        data["key"],
        record=data["record"],
        count=data["count"],
        side=data["side"],
        hidden=data["hidden"],
    )


def adjust(scene: Scene, form: AdjustForm) -> Event:
    data = form.cleaned_data
    pk, user = _who(scene)
    return workflows.adjust(
        pk,
        user,
        data["key"],
        data["combatant"],
        hp=data["hp"].value if data["hp"] and not data["hp"].relative else None,
        hp_by=data["hp"].value if data["hp"] and data["hp"].relative else None,
        add=data["add"],
        remove=data["remove"],
        position=data["position"],
        also=data["also"],
        rounds=data["rounds"],
        clock=data["clock"],
    )


def set_options(scene: Scene, form: EncounterOptionsForm) -> Event:
    pk, user = _who(scene)
    return workflows.set_options(pk, user, form.cleaned_data["key"], form.options())


def _who(scene: Scene) -> tuple[int, User]:
    """The encounter and the signed-in user who writes (the table display's seat never does)."""
    assert isinstance(scene.user, User)
    return scene.encounter.pk, scene.user
