"""Demo encounters for `load_demo`: per rule system, a prepared fight and a finished one with its
whole log, from the module its description names (`demo_fights`, e.g. combat/demos/ose.py).
Idempotent: an encounter that exists by name is left alone.
"""

import importlib
from collections.abc import Callable

from django.contrib.auth.models import User

from campaigns.models import Campaign
from combat.rules.systems import SYSTEMS

from .demos import draci_hlidka
from .models import Encounter

# The demo fights the tests and benchmarks play in: the first system's (Dračí Hlídka's).
PREPARED, FINISHED = draci_hlidka.PREPARED, draci_hlidka.FINISHED
Build = Callable[[Campaign, User], None]


def demo_fights() -> dict[str, tuple[tuple[str, Build], ...]]:
    """Each rule system with demo fights: (name, build) of its prepared and finished one."""
    fights: dict[str, tuple[tuple[str, Build], ...]] = {}
    for key, system in SYSTEMS.items():
        if system.demo_fights is not None:
            module = importlib.import_module(system.demo_fights)
            fights[key] = ((module.PREPARED, module.prepared), (module.FINISHED, module.finished))
    return fights


DEMOS = demo_fights()  # the built-in systems' (a system registered later: demo_fights())


def load_demo_encounters(gm: User) -> int:
    created = 0
    fights = demo_fights()
    for campaign in Campaign.objects.filter(memberships__user=gm, memberships__role="gm"):
        for name, build in fights.get(campaign.system, ()):
            if not Encounter.objects.filter(campaign=campaign, name=name).exists():
                build(campaign, gm)
                created += 1
    return created
