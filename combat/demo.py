"""Demo encounters for `load_demo`: per rule system, a prepared fight and a finished one with its
whole log (combat/demos/<system>.py). Idempotent: an encounter that exists by name is left alone.
"""

from collections.abc import Callable
from typing import Any

from campaigns.models import Campaign
from combat.rules.engines import has_engine

from .demos import dice_pool, draci_hlidka
from .models import Encounter

PREPARED, FINISHED = draci_hlidka.PREPARED, draci_hlidka.FINISHED
Build = Callable[[Campaign, Any], None]

DEMOS: dict[str, tuple[tuple[str, Build], ...]] = {
    "draci_hlidka": (
        (draci_hlidka.PREPARED, draci_hlidka.prepared),
        (draci_hlidka.FINISHED, draci_hlidka.finished),
    ),
    "dice_pool": (
        (dice_pool.PREPARED, dice_pool.prepared),
        (dice_pool.FINISHED, dice_pool.finished),
    ),
}


def load_demo_encounters(gm: Any) -> int:
    created = 0
    for campaign in Campaign.objects.filter(memberships__user=gm, memberships__role="gm"):
        if not has_engine(campaign.system):
            continue
        for name, build in DEMOS.get(campaign.system, ()):
            if not Encounter.objects.filter(campaign=campaign, name=name).exists():
                build(campaign, gm)
                created += 1
    return created
