"""The table display (issue N): the fight for the room — a TV, a second monitor, a stream's
browser source — opened by the GM. Big tracker, whose turn and who is next, HP as the players
may read them, the last few log entries; no controls. It reads the fight as a player with no
character of their own would, whoever opened it, and keeps polling in a background tab."""

from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from campaigns.models import Membership
from campaigns.models.campaign import Role
from config.http import AuthedHttpRequest

from ..models import Encounter
from ..presenter import Scene, board_context
from .common import encounter_of, partial
from .queries import TableQuery

TABLE = "combat/table.html"
SHOWN = 5  # log entries on the screen


@login_required
@require_GET
def encounter_table(request: AuthedHttpRequest, pk: int, enc_pk: int) -> HttpResponse:
    """The GM's (a 403 for a player, a 404 for anybody else); a poll with the version shown
    answers 204 while nothing changed."""
    membership, encounter = encounter_of(request, pk, enc_pk)
    if not membership.is_gm:
        raise PermissionDenied
    query = TableQuery.read(request.GET)
    if partial(request) and query["version"] == encounter.version:
        return HttpResponse(status=204)  # nothing changed: the fight is not even read
    room = _room(membership, encounter)
    context = {
        **board_context(room),
        "dark": query["theme"] == "dark",
        "upcoming": _upcoming(room),
        "shown": SHOWN,
    }
    return render(request, f"{TABLE}#room" if partial(request) else TABLE, context)


def _room(membership: Membership, encounter: Encounter) -> Scene:
    """The encounter as the room reads it: a player's view, with no combatant of its own."""
    seat = Membership(campaign=membership.campaign, role=Role.PLAYER)
    return Scene.load(seat, encounter, AnonymousUser())


def _upcoming(scene: Scene) -> str:
    """Who acts next, if the room may see them."""
    row = scene.combatant(scene.upcoming() or "")
    return row.name if row is not None else ""
