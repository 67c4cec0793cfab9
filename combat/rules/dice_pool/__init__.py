"""Rules of the forum d6 dice-pool system (`dice_pool`).

The package describes the system once, in `SYSTEM`; combat.rules.systems lists it.
"""

from combat.rules.dice_pool import tactics
from combat.rules.dice_pool.common import OUT
from combat.rules.dice_pool.engine import DicePool
from combat.rules.dice_pool.stats import ARMOR, CREATURE, WEAPON, weapon_headline
from combat.rules.schema import Label
from combat.rules.system import RuleSystem, pgettext

__all__ = ["ARMOR", "CREATURE", "SYSTEM", "WEAPON", "weapon_headline"]

# An NPC rolls its attack or defence dice, named by their stats' keys in the log.
NPC_DICE = {
    "attack_dice": Label("kostky útoku", "attack dice", "kości ataku"),
    "defence_dice": Label("kostky obrany", "defence dice", "kości obrony"),
}

SYSTEM = RuleSystem(
    key="dice_pool",
    name=Label("Forumový systém d6 (dice pool)", "Forum d6 dice pool", "Forumowy system puli k6"),
    creature=CREATURE,
    weapon=WEAPON,
    armor=ARMOR,
    weapon_headline=weapon_headline,
    engine=DicePool(),
    tactics=tactics,
    down=OUT,
    log_words={"skills": NPC_DICE},  # "Goblin rolls attack_dice: 3 dice"
    demo_records="campaigns.demo_records.dice_pool",
    demo_fights="combat.demos.dice_pool",
    pool_tags=True,
    words={  # seed 004 l. 13: „vypravěč“; no initiative: the button sets the order
        "gm": pgettext("dice_pool", "Narrator"),
        "gm_note": pgettext("dice_pool", "Narrator's note"),
        "gm_waiting": pgettext("dice_pool", "waiting for the narrator"),
        "roll_initiative": pgettext("dice_pool", "Set the order"),
        "order": pgettext("dice_pool", "Order of play"),
        "nobody_acts": pgettext("dice_pool", "Nobody's turn: set the order first."),
    },
)
