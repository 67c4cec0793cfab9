"""The forum dice pool (seed 004): player A and the dog — 1 die, 6 HP; 9 vs 4 → 1 HP left, then
8 vs 6 → the dog is dead (seed 004's example, faces typed as the seed rolled them)."""

from django.contrib.auth.models import User

from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.rules.base import Action

from .common import keys_of, record

PREPARED = "Pes u brány"
FINISHED = "Hráč A a pes"
DAGGER = {"primary": "Boj s dýkou", "secondary": "Obratnost"}


def prepared(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, PREPARED, gm)
    for number, name in enumerate(("Hráč A", "Hráč B", "Hráč C")):
        hero = record(Character, campaign, name)
        workflows.add_combatants(encounter.pk, gm, f"demo-p{number}", record=hero, side="party")
    workflows.add_combatants(encounter.pk, gm, "demo-dog", record=record(Monster, campaign, "Pes"))


def finished(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, FINISHED, gm)
    dog = record(Monster, campaign, "Pes")
    workflows.add_combatants(encounter.pk, gm, "demo-d", record=dog)
    hero = record(Character, campaign, "Hráč A")
    workflows.add_combatants(encounter.pk, gm, "demo-a", record=hero, side="party")
    workflows.roll_initiative(encounter.pk, gm, "demo-i")
    keys = keys_of(encounter.pk)
    rolls: tuple[tuple[str, list[int], dict[str, str]], ...] = (
        ("Pes", [4], {}),
        ("Hráč A", [3, 3, 3], DAGGER),
        ("Pes", [6], {}),
        ("Hráč A", [2, 3, 3], DAGGER),
    )
    for number, (name, faces, modifiers) in enumerate(rolls):
        action = Action("fight_roll", keys[name], (), None, modifiers)
        workflows.resolve_action(encounter.pk, gm, f"demo-r{number}", action, faces)
        if number < len(rolls) - 1:
            workflows.next_turn(encounter.pk, gm, f"demo-n{number}")
    workflows.end_encounter(encounter.pk, gm, "demo-e")
