"""The panel's posts: an action, the GM's turn controls, proposals decided, combatants added
and adjusted, fight options. Each answers with the panel (the form again with its errors at
200, or a fresh one) and the board out of band; without JavaScript, POST/redirect/GET."""

from functools import partial

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.views.decorators.http import require_POST

from config.http import AuthedHttpRequest

from .. import submit, workflows
from ..encounter_forms import TurnForm
from ..hand_forms import AddCombatantsForm, AdjustForm
from ..options import EncounterOptionsForm
from ..panel import action_form, gm_forms, on_turn, posted_actor
from ..presenter import words_of
from ..rules.encounter import EveryoneHasOne
from .common import answer, done, done_before, held_post, refused, scene_of
from .queries import ActorQuery


@login_required
@require_POST
@held_post
def encounter_action(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """An action of the combatant whose turn it is: by the GM, or by the player who owns it."""
    scene = scene_of(request, pk, enc_pk)
    # A retried post is found by its key where the fight refuses it (the workflow finds it
    # too, under the lock): a valid first post pays no extra query for it.
    actor = posted_actor(scene, ActorQuery.read(request.POST)["actor"] or "")
    if actor is None:
        if done_before(request, scene):
            return done(request, scene)
        return refused(request, scene, words_of(scene.campaign.system, None)["nobody_acts"])
    try:
        turn = on_turn(scene, actor)  # 403 for anybody else's combatant, or out of turn
    except PermissionDenied:
        if done_before(request, scene):  # the turn moved on since this key's own action
            return done(request, scene)
        raise
    form = action_form(scene, actor, request.POST)
    act = partial(submit.act, scene, form, actor, on_turn=turn)
    written = submit.attempt(form, act, faces="faces") if form.is_valid() else None
    if written is not None:
        return done(request, scene, written=written)
    if done_before(request, scene):  # a retry that lost the race to its first
        return done(request, scene)
    return answer(request, scene, chosen=actor.key, action=form)


@login_required
@require_POST
@held_post
def encounter_turn(request: AuthedHttpRequest, pk: int, enc_pk: int, step: str) -> HttpResponse:
    """The GM's turn controls: initiative, next turn, undo, redo, end."""
    if step not in submit.TURN_STEPS:
        raise Http404
    scene = scene_of(request, pk, enc_pk, gm=True)
    if done_before(request, scene):
        return done(request, scene)
    form = TurnForm.posted(request.POST)
    if form.is_valid() and submit.unconfirmed(scene, form, step):
        return answer(request, scene, turn=form, confirm=step)
    turn = partial(submit.turn, scene, form, step)
    try:
        written = submit.attempt(form, turn, faces="faces") if form.is_valid() else None
    except EveryoneHasOne:  # mid-fight, nobody lacks an initiative: re-roll everyone?
        return answer(request, scene, turn=form, confirm=step)
    if written is not None:
        return done(request, scene, written=written)
    if done_before(request, scene):
        return done(request, scene)
    return answer(request, scene, turn=form)


@login_required
@require_POST
@held_post
def encounter_proposal(request: AuthedHttpRequest, pk: int, enc_pk: int, seq: int) -> HttpResponse:
    """The GM accepts (resolves) or rejects a player's proposed action."""
    scene = scene_of(request, pk, enc_pk, gm=True)
    if done_before(request, scene):
        return done(request, scene)
    accept = request.POST.get("decision") == "accept"
    key = request.POST.get("key", "").replace("\x00", "")[:64]
    try:
        workflows.decide_proposal(scene.encounter.pk, request.user, key, seq, accept=accept)
    except submit.REFUSALS as error:
        if not done_before(request, scene):
            return refused(request, scene, submit.refusal(error))
    return done(request, scene)


@login_required
@require_POST
@held_post
def encounter_add(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    scene = scene_of(request, pk, enc_pk, gm=True)
    if done_before(request, scene):
        return done(request, scene, forms="add")
    form = AddCombatantsForm(scene.campaign, request.POST)
    if form.is_valid() and submit.attempt(form, partial(submit.add, scene, form)):
        return done(request, scene, forms="add")
    return answer(request, scene, gm_forms=gm_forms(scene, add=form, opened="add"))


@login_required
@require_POST
@held_post
def encounter_adjust(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    scene = scene_of(request, pk, enc_pk, gm=True)
    if done_before(request, scene):
        return done(request, scene, forms="adjust")
    form = AdjustForm(scene.rows, request.POST, engine=scene.engine, campaign=scene.campaign)
    quick = bool(request.POST.get("quick"))  # the quick HP box: Adjust stays as it was
    if form.is_valid() and submit.attempt(form, partial(submit.adjust, scene, form)):
        return done(request, scene) if quick else done(request, scene, forms="adjust")
    if quick:  # the quick HP box: its error shown at the box
        return answer(request, scene, hp=form)
    return answer(request, scene, gm_forms=gm_forms(scene, adjust=form, opened="adjust"))


@login_required
@require_POST
@held_post
def encounter_options(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The GM sets the encounter's fight options before its first initiative."""
    scene = scene_of(request, pk, enc_pk, gm=True)
    if done_before(request, scene):
        return done(request, scene, forms="options")
    encounter = scene.encounter
    form = EncounterOptionsForm(encounter.system, encounter.options, request.POST)
    if form.is_valid() and submit.attempt(form, partial(submit.set_options, scene, form)):
        return done(request, scene, forms="options")
    return answer(request, scene, gm_forms=gm_forms(scene, options=form, opened="options"))
