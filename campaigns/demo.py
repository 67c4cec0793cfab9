"""Demo content for `make run`: a GM, two players and one campaign per rule system.

Idempotent: running it again finds what it made before and changes nothing.
"""

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from .models import Campaign, Membership, Role, RuleSystem
from .staff import make_game_master_staff

DEMO_PASSWORD = "iniciativa"  # noqa: S105 - demo logins printed by `make run`, never production
DEMO_GM = "gm"
DEMO_PLAYERS = ("hrac", "gracz")

DEMO_CAMPAIGNS = {
    RuleSystem.DRACI_HLIDKA: (
        "Stezka skřetů",
        "Baldur, Meredil a Grop proti skřetímu vůdci; honička s půlčíkem a barbarem.",
    ),
    RuleSystem.OSE: ("The Caves of Chaos", "A party of four against the caves' inhabitants."),
    RuleSystem.DND5E: ("Lost Mine", "A party of adventurers and monsters from the 5e SRD."),
    RuleSystem.SHADOWRUN3: ("Seattle 2060", "John Longbone, Liam, Wedge and the Halloweeners."),
    RuleSystem.DICE_POOL: ("Zamčené dveře", "Hráči A, B a C; dveře, konflikt a pes."),
}


@dataclass(frozen=True)
class DemoSummary:
    users_created: int
    campaigns_created: int


def _ensure_user(username: str) -> tuple[object, bool]:
    user_model = get_user_model()
    user, created = user_model.objects.get_or_create(username=username)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user, created


@transaction.atomic
def load_demo() -> DemoSummary:
    gm, gm_created = _ensure_user(DEMO_GM)
    players = [_ensure_user(name) for name in DEMO_PLAYERS]
    users_created = int(gm_created) + sum(created for _, created in players)
    campaigns_created = 0
    for system, (name, description) in DEMO_CAMPAIGNS.items():
        campaign, created = Campaign.objects.get_or_create(
            name=name, system=system, defaults={"description": description}
        )
        campaigns_created += int(created)
        Membership.objects.get_or_create(campaign=campaign, user=gm, defaults={"role": Role.GM})
        make_game_master_staff(gm)
        for player, _ in players:
            Membership.objects.get_or_create(campaign=campaign, user=player)
    return DemoSummary(users_created, campaigns_created)
