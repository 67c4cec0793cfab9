"""The GM's "Simulate" (issue J): the encounter played to its end many times from its current
state, with each side's chance to win, the expected rounds, each character's chance to drop and
a histogram of the rounds.

The rules engines are too slow for 10,000 fights in two seconds (docs/simulation.md gives the
numbers), so the simulation starts no fight after `BUDGET` seconds (and abandons the fight in
progress at `LIMIT`) and says how many fights it played and the margin of error that leaves.
"Play more" adds `BUDGET` seconds per request and never more than `FIGHTS` in all. A result is
cached per encounter state (pk, version, fights): asking again before anything changes is
instant, and any change makes a new version.
"""

import time
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from combat.rules.base import RulesError
from combat.rules.dice import InvalidDice
from combat.rules.engines import fast_for, get_engine, has_engine, tactics_for
from combat.rules.simulate import FIGHTS, Simulation, combined, simulate
from config.http import AuthedHttpRequest

from ..encounter_urls import EncounterUrls
from ..fightstate import fight_of
from ..models import Encounter
from ..simulation_chart import histogram
from ..wording import SIDES
from .common import encounter_of, partial

BUDGET = 2.0  # seconds of simulation per request: no new fight starts after them
LIMIT = 4.0  # seconds at most, the fight in progress included: it is abandoned (issue K)
CACHE_SECONDS = 60 * 60


@login_required
@require_GET
def encounter_simulate(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """GET only and for the GM only: the result is the GM's preparation, never the players'."""
    membership, encounter = encounter_of(request, pk, enc_pk)
    if not membership.is_gm:
        raise PermissionDenied
    more = request.GET.get("more") == "1"  # anything else is a first look
    context = {
        "campaign": membership.campaign,
        "encounter": encounter,
        "urls": EncounterUrls(membership.campaign.pk, encounter.pk),
        **simulation_context(encounter, more=more),
    }
    if partial(request):
        return render(request, "combat/_simulation.html#result", context)
    return render(request, "combat/simulation.html", context)  # without JavaScript: a page


def cache_key(encounter: Encounter, fights: int = FIGHTS) -> str:
    return f"simulation:{encounter.pk}:{encounter.version}:{fights}"


def simulation_context(encounter: Encounter, *, more: bool = False) -> dict[str, Any]:
    """The cached result of this encounter state, or a new one; with `more`, a result that
    stopped at the time limit plays another `BUDGET` seconds of fights and adds them."""
    rows = list(encounter.combatants.all())
    problem = _problem(encounter, rows)
    if problem:
        return {"problem": problem}
    key = cache_key(encounter)
    result: Simulation | None = cache.get(key)
    cached = result is not None and not (more and result.fights < result.requested)
    if not cached:
        try:
            result = _run(encounter, rows, result)
        except (RulesError, InvalidDice) as error:
            reason = _(error.template) % error.params
            return {"problem": _("The simulation stopped: %(reason)s") % {"reason": reason}}
        cache.set(key, result, CACHE_SECONDS)
    assert result is not None
    if result.fights == 0:  # the first fight outlasted the budget on its own
        too_long = _(
            "A single fight takes longer than the time limit of the simulation (%(seconds)s s)."
        )
        return {"problem": too_long % {"seconds": max(1, round(max(BUDGET, LIMIT)))}}
    return {"simulation": result, "cached": cached, **_shown(result, rows)}


def _problem(encounter: Encounter, rows: list[Any]) -> str:
    if encounter.status == "ended":
        return _("The fight is over: there is nothing left to simulate.")
    if not has_engine(encounter.system) or tactics_for(encounter.system) is None:
        return _("The simulation is not available for this rule system yet.")
    if len({row.side for row in rows}) < 2:
        return _("Add combatants on at least two sides first.")
    return ""


def _run(encounter: Encounter, rows: list[Any], earlier: Simulation | None) -> Simulation:
    """`BUDGET` seconds of fights (`LIMIT` at most, the last fight included). The seed is the
    encounter's version (the same state plays the same fights); more fights after `earlier`
    continue with a seed of their own."""
    tactics = tactics_for(encounter.system)
    assert tactics is not None  # _problem said so
    start = time.monotonic()
    deadline, cut = start + BUDGET, start + max(BUDGET, LIMIT)
    done = earlier.fights if earlier is not None else 0
    result = simulate(
        get_engine(encounter.system),
        fight_of(encounter, rows),
        tactics,
        fights=FIGHTS - done,
        seed=encounter.version * 100_003 + done,
        stop=lambda: time.monotonic() >= deadline,
        interrupt=lambda: time.monotonic() >= cut,
        fast=fast_for(encounter.system),
    )
    return result if earlier is None else combined(earlier, result)


def _shown(result: Simulation, rows: list[Any]) -> dict[str, Any]:
    """Percentages for the template: sides, characters, the round histogram."""
    sides = [
        {
            "side": str(SIDES.get(side, side)),
            "percent": 100 * result.chance(result.wins.get(side, 0)),
        }
        for side in result.sides
    ]
    characters = [
        {"name": row.name, "percent": 100 * result.chance(result.drops.get(row.key, 0))}
        for row in rows
        if not row.is_npc
    ]
    return {
        "sides": sides,
        "characters": characters,
        "undecided_percent": 100 * result.chance(result.undecided),
        "nobody_percent": 100 * result.chance(result.nobody),
        "margin_percent": 100 * result.margin,
        "stopped": result.fights < result.requested,
        "budget": max(1, round(BUDGET)),
        "chart": histogram(result.rounds),
    }
