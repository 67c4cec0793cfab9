"""Journal rolls feeding an encounter (issue H): a [dice] roll rolled in a scene becomes the faces
of one action, once. The event records which roll it was; the faces are the roll's own. Which
roll an action used is also kept in a small row beside the log (JournalRollUse, one per roll,
written in the action's transaction), so no request reads the campaign's events to find it."""

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from campaigns.models import Campaign, JournalRoll, JournalRollVoid
from combat.rules.base import RulesError

from .models import JournalRollUse

OFFERED = 20


def offered(campaign: Campaign, user: Any, *, gm: bool) -> list[tuple[int, str]]:
    """The latest rolls the user may use (a GM: anyone's), not voided and not used yet. The
    rolls are read on their own (three tables, few for the database to plan); who rolled them
    and in which scene only when there are some."""
    rolls = JournalRoll.objects.filter(campaign=campaign, void__isnull=True, use__isnull=True)
    if not gm:
        rolls = rolls.filter(user=user)
    fields = ("pk", "expression", "total", "faces", "user_id", "post_id")
    found = list(rolls.order_by("-pk").values_list(*fields)[:OFFERED])
    if not found:
        return []
    name = f"user__{get_user_model().USERNAME_FIELD}"
    where = JournalRoll.objects.filter(pk__in=[row[0] for row in found])
    about = {
        pk: (who, scene) for pk, who, scene in where.values_list("pk", name, "post__thread__title")
    }
    return [(pk, _label(pk, e, total, faces, *about[pk])) for pk, e, total, faces, *_ in found]


def _label(pk: int, expression: str, total: int, faces: list[Any], who: str, scene: str) -> str:
    shown = ", ".join(str(face) for face in faces)
    return f"#{pk} {expression} = {total} [{shown}] · {who} · {scene}"


def _used(roll_id: int) -> bool:
    return JournalRollUse.objects.filter(roll_id=roll_id).exists()


def claim(campaign: Campaign, roll_id: int) -> None:
    """Inside the action's transaction: lock the roll's row, then check that no encounter of the
    campaign used it yet. Each encounter locks only itself, so two encounters using the same
    roll at once would both pass an unlocked check; the roll's own lock makes the second wait
    and then see the first's use (select_for_update on PostgreSQL; SQLite's IMMEDIATE
    transactions serialise writers). A void that landed after the view read the faces is seen
    here too. The use itself is written with the action's event
    (combat.history.record); its unique roll is the last guard."""
    locked = JournalRoll.objects.select_for_update().filter(campaign=campaign, pk=roll_id)
    voided = JournalRollVoid.objects.filter(roll_id=roll_id)
    if not locked.values_list("pk", flat=True) or voided.exists():
        raise RulesError(_("That journal roll cannot be used (voided, used, or not here)."))
    if _used(roll_id):
        raise RulesError(_("That journal roll was already used."))


def faces_of(campaign: Campaign, roll_id: int) -> list[int]:
    """The faces of an unused, valid roll of this campaign; RulesError otherwise."""
    roll = JournalRoll.objects.filter(campaign=campaign, pk=roll_id, void__isnull=True).first()
    if roll is None or _used(roll_id):
        raise RulesError(_("That journal roll cannot be used (voided, used, or not here)."))
    return [int(face) for face in roll.faces]
