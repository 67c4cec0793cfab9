"""The odds of the action being chosen, shown in the action panel before the roll."""

import contextlib
import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext_lazy
from django.views.decorators.http import require_GET

from combat.rules.preview import preview
from combat.rules.serialize import action_to_json
from config.http import AuthedHttpRequest

from ..panel import action_form, posted_actor
from ..presenter import Scene, engine_odds, stats_readable
from ..visibility import without_hidden
from .common import PAGE, scene_of
from .queries import ActorQuery

SECRET_ODDS = gettext_lazy("The odds depend on numbers the game master keeps hidden.")
logger = logging.getLogger(__name__)
KEPT_SECONDS = 600  # a fight's version changes with every event: an old answer is never asked
_MISSING = object()


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
    lines = _kept(scene, action, "lines", lambda: engine_odds(engine, seen, action))
    if not stats_readable(scene.viewer, seen, actor):  # targeted: allowed or not, a secret
        shown = lines() if engine.own_odds and not targeted else []
        return {"odds_lines": [SECRET_ODDS] if targeted or shown else []}
    if engine.own_odds:  # the engine's own exact odds (dice pools too big to enumerate)
        return {"odds_lines": lines()}
    if targeted and scene.fight is not None:
        fight = scene.fight
        exact = _kept(scene, action, "preview", lambda: preview(engine, fight, action))
        return {"preview": exact()}
    return {}


def _kept(scene: Scene, action: Any, what: str, compute: Callable[[], Any]) -> Callable[[], Any]:
    """`compute`, answered from the cache for the same fight version and action: a player
    choosing a weapon, or the GM going back to one, does not pay for the odds twice. The key
    holds what the answer depends on: the encounter and its version (every event bumps it),
    the action, the combatants this viewer may not know of (the lines are drawn from the fight
    without them) and the language the lines are in."""
    chosen = json.dumps(action_to_json(action), sort_keys=True, default=str)
    seen = sorted(scene.hidden) if what == "lines" else []
    named = json.dumps([scene.encounter.pk, scene.encounter.version, chosen, seen, get_language()])
    key = f"combat:odds:{what}:{hashlib.sha256(named.encode()).hexdigest()}"

    def answer() -> Any:
        try:
            found = cache.get(key, _MISSING)
        except Exception:  # a cache that is down (Redis): the odds are worked out again
            logger.exception("Odds: the cache failed; worked out without it")
            return compute()
        if found is _MISSING:
            found = compute()
            with contextlib.suppress(Exception):
                cache.set(key, found, KEPT_SECONDS)
        return found

    return answer
