"""Journal rolls feeding an encounter (issue H): a [dice] roll rolled in a scene becomes the faces
of one action, once. The event records which roll it was; the faces are the roll's own."""

from typing import Any

from django.utils.translation import gettext as _

from campaigns.models import Campaign, JournalRoll
from combat.rules.base import RulesError

from .models import Event

OFFERED = 20


def used_rolls(campaign: Campaign) -> set[int]:
    events = Event.objects.filter(encounter__campaign=campaign, payload__has_key="journal_roll")
    return {e.payload["journal_roll"] for e in events.only("payload")}


def offered(campaign: Campaign, user: Any, *, gm: bool) -> list[tuple[int, str]]:
    """The latest rolls the user may use (a GM: anyone's), not voided and not used yet."""
    rolls = JournalRoll.objects.filter(campaign=campaign, void__isnull=True)
    if not gm:
        rolls = rolls.filter(user=user)
    rolls = rolls.select_related("post__thread", "user").order_by("-pk")[: OFFERED * 2]
    used = used_rolls(campaign)
    return [(roll.pk, _label(roll)) for roll in rolls if roll.pk not in used][:OFFERED]


def _label(roll: JournalRoll) -> str:
    faces = ", ".join(str(face) for face in roll.faces)
    where = f"{roll.user} · {roll.post.thread}"
    return f"#{roll.pk} {roll.expression} = {roll.total} [{faces}] · {where}"


def claim(campaign: Campaign, roll_id: int) -> None:
    """Inside the action's transaction: lock the roll's row, then check that no encounter of the
    campaign used it yet. Each encounter locks only itself, so two encounters using the same
    roll at once would both pass an unlocked check; the roll's own lock makes the second wait
    and then see the first's event (select_for_update on PostgreSQL; SQLite's IMMEDIATE
    transactions serialise writers)."""
    locked = JournalRoll.objects.select_for_update().filter(campaign=campaign, pk=roll_id)
    if not locked.values_list("pk", flat=True) or roll_id in used_rolls(campaign):
        raise RulesError(_("That journal roll was already used."))


def faces_of(campaign: Campaign, roll_id: int) -> list[int]:
    """The faces of an unused, valid roll of this campaign; RulesError otherwise."""
    roll = JournalRoll.objects.filter(campaign=campaign, pk=roll_id, void__isnull=True).first()
    if roll is None or roll_id in used_rolls(campaign):
        raise RulesError(_("That journal roll cannot be used (voided, used, or not here)."))
    return [int(face) for face in roll.faces]
