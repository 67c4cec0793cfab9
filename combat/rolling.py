"""The quick-roll box's context, shared by the campaign page and the roll log."""

from typing import Any

from campaigns.models import Campaign

from .forms import RollForm
from .models import Roll
from .services import new_roll_key

RECENT_ROLLS = 10


def roller_context(
    campaign: Campaign, form: RollForm | None = None, result: Roll | None = None
) -> dict[str, Any]:
    form = form or RollForm(initial={"key": new_roll_key()})
    rolls = Roll.objects.in_campaign(campaign)[:RECENT_ROLLS]
    return {"campaign": campaign, "roll_form": form, "rolls": rolls, "last_roll": result}
