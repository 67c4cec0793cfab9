"""Old-School Essentials (seed 001): Dagmar and Pip against three goblins, with morale on. The
party wins the side initiative 5 to 2; in the melee phase Dagmar's sword kills a goblin (a
modified 16 against THAC0 19 − AC 6 = 13, 1d6 + STR 1 = 3); the goblins' block opens with the
morale check the first death prompts: 2d6 = 8 against morale 7, and they flee."""

from django.contrib.auth.models import User

from campaigns.models import Campaign, Character, Monster
from combat import workflows
from combat.models import Encounter
from combat.rules.base import Action

from .common import keys_of, record

PREPARED = "Goblini v ruinách"
FINISHED = "Dagmar, Pip a goblini"
MORALE = {"morale": "yes"}


def prepared(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, PREPARED, gm)
    workflows.set_options(encounter.pk, gm, "demo-o", MORALE)
    for number, name in enumerate(("Dagmar", "Pip", "Brother Ambrose", "Zelda")):
        hero = record(Character, campaign, name)
        workflows.add_combatants(encounter.pk, gm, f"demo-p{number}", record=hero, side="party")
    goblin = record(Monster, campaign, "Goblin")
    workflows.add_combatants(encounter.pk, gm, "demo-g", record=goblin, count=4, side="enemies")


def until(encounter_pk: int, gm: User, phase: str, name: str, key: str) -> None:
    """Next turn until `name` acts in `phase` (the phases nobody uses are skipped)."""
    for step in range(40):
        encounter = Encounter.objects.get(pk=encounter_pk)
        acting = keys_of(encounter_pk).get(name)
        if encounter.stage.get("phase") == phase and encounter.current == acting:
            return
        workflows.next_turn(encounter_pk, gm, f"{key}-{step}")
    raise RuntimeError(f"{name} never acts in the {phase} phase")


def finished(campaign: Campaign, gm: User) -> None:
    encounter = workflows.create_encounter(campaign, FINISHED, gm)
    workflows.set_options(encounter.pk, gm, "demo-o", MORALE)
    for number, name in enumerate(("Dagmar", "Pip")):
        hero = record(Character, campaign, name)
        workflows.add_combatants(encounter.pk, gm, f"demo-p{number}", record=hero, side="party")
    goblin = record(Monster, campaign, "Goblin")
    workflows.add_combatants(encounter.pk, gm, "demo-g", record=goblin, count=3, side="enemies")
    workflows.roll_initiative(encounter.pk, gm, "demo-i", typed_faces=[5, 2])
    keys = keys_of(encounter.pk)
    until(encounter.pk, gm, "melee", "Dagmar", "demo-n1")
    blow = Action("melee", keys["Dagmar"], (keys["Goblin 1"],), weapon="Sword")
    workflows.resolve_action(encounter.pk, gm, "demo-a1", blow, [15, 2])
    until(encounter.pk, gm, "morale", "Goblin 2", "demo-n2")
    check = Action("morale", keys["Goblin 2"])
    workflows.resolve_action(encounter.pk, gm, "demo-m", check, [4, 4])
    workflows.end_encounter(encounter.pk, gm, "demo-e")
