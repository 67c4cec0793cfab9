"""Demo encounters for `load_demo`: per rule system, a prepared fight and a finished one with its
whole log (combat/demos/<system>.py). Idempotent: an encounter that exists by name is left alone.
"""

from collections.abc import Callable
from typing import Any

from campaigns.models import Campaign
from combat.rules.engines import has_engine

from .demos import dice_pool, dnd5e, draci_hlidka, ose, shadowrun3
from .models import Encounter

PREPARED, FINISHED = draci_hlidka.PREPARED, draci_hlidka.FINISHED
Build = Callable[[Campaign, Any], None]

DEMOS: dict[str, tuple[tuple[str, Build], ...]] = {
    module.__name__.rsplit(".", 1)[1]: (
        (module.PREPARED, module.prepared),
        (module.FINISHED, module.finished),
    )
    for module in (draci_hlidka, ose, dnd5e, shadowrun3, dice_pool)
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
