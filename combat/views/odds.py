"""The odds of the action being chosen, shown in the action panel before the roll."""

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET

from combat.rules.preview import preview
from config.http import AuthedHttpRequest

from ..panel import action_form, posted_actor
from ..presenter import Scene, engine_odds, stats_readable
from ..visibility import without_hidden
from .common import PAGE, scene_of
from .queries import ActorQuery

SECRET_ODDS = gettext_lazy("The odds depend on numbers the game master keeps hidden.")


@login_required
@require_GET
def encounter_odds(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The exact chance to hit and the expected damage of the action being chosen."""
    scene = scene_of(request, pk, enc_pk)
    actor = posted_actor(scene, ActorQuery.read(request.GET)["actor"] or "")
    if actor is None or not (scene.gm or actor.owned_by(request.user)):
        return HttpResponse(status=204)
    # A hidden combatant's key answers like an unknown one: its odds would state its defence.
    form = action_form(scene, actor, request.GET, rolls=False)
    context = odds_of(scene, actor.key, form.action(actor.key)) if form.is_valid() else {}
    return render(request, f"{PAGE}#odds", context)


def odds_of(scene: Scene, actor: str, action: Any) -> dict[str, Any]:
    """The engine's own odds, or the exact preview of a targeted action; to a viewer who may
    not read every defence number in the fight, only that the odds are a secret."""
    engine, targeted = scene.engine, bool(action.targets)
    seen = without_hidden(scene.fight, scene.hidden)
    if not stats_readable(scene.viewer, seen, actor):  # targeted: allowed or not, a secret
        lines = engine_odds(engine, seen, action) if engine.own_odds and not targeted else []
        return {"odds_lines": [SECRET_ODDS] if targeted or lines else []}
    if engine.own_odds:  # the engine's own exact odds (dice pools too big to enumerate)
        return {"odds_lines": engine_odds(engine, seen, action)}
    if targeted and scene.fight is not None:
        return {"preview": preview(engine, scene.fight, action)}
    return {}
