"""Rules of the forum d6 dice-pool system (`dice_pool`).

The package describes the system once, in `SYSTEM`; combat.rules.systems lists it.
"""

from combat.rules.dice_pool import tactics
from combat.rules.dice_pool.common import OUT
from combat.rules.dice_pool.engine import DicePool
from combat.rules.dice_pool.fast import fast
from combat.rules.dice_pool.stats import ARMOR, CREATURE, WEAPON, weapon_headline
from combat.rules.schema import Label
from combat.rules.system import RuleSystem, pgettext

__all__ = ["ARMOR", "CREATURE", "SYSTEM", "WEAPON", "weapon_headline"]

# An NPC rolls its attack or defence dice, named by their stats' keys in the log.
NPC_DICE = {
    "attack_dice": Label("dice_pool", "attack dice"),
    "defence_dice": Label("dice_pool", "defence dice"),
}

SYSTEM = RuleSystem(
    key="dice_pool",
    name=Label("dice_pool", "Forum d6 dice pool"),
    creature=CREATURE,
    weapon=WEAPON,
    armor=ARMOR,
    weapon_headline=weapon_headline,
    engine=DicePool(),
    tactics=tactics,
    fast=fast,
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
        # An NPC has HP (l. 34–35), a player character loses dice (l. 28; common.py: its HP
        # are its dice): the GM's quick box sets either; a character's dice are whole again
        # at its next fight (order.py).
        "hp": pgettext("dice_pool", "HP / dice"),
        "hp_change": pgettext("dice_pool", "HP or dice change: −1, +1 or =3"),
        "hp_help": pgettext(
            "dice_pool",
            "An NPC's HP, a character's dice: 3 sets them to 3; −1 takes 1 off; +1 adds 1.",
        ),
        "hp_wrong": pgettext(
            "dice_pool",
            "Type a number of HP or dice: 3 sets them, −1 takes 1 off, +1 adds 1 (up to 9999).",
        ),
        "hp_same": pgettext("dice_pool", "The same HP or dice and conditions for"),
        "hp_log": pgettext("dice_pool", "HP / dice: %(before)s → %(after)s"),
        "gm_notes": pgettext("dice_pool", "Narrator's notes"),  # a sheet's, its form's
        "gm_notes_help": pgettext("dice_pool", "Only narrators see these."),
        "hp_after": pgettext("dice_pool", "After the last fight: HP / dice %(hp)s"),
        "make_co_gm": pgettext("dice_pool", "Make co-narrator"),
        "rounds_help": pgettext("dice_pool", "Empty: until the narrator removes it."),
        "ask_gm": pgettext(
            "dice_pool", "You have no character in this campaign yet. Ask your narrator for one."
        ),
        "revealed": pgettext("dice_pool", "Who and what your narrator has revealed to you."),
        "created": pgettext("dice_pool", "Campaign created. You are its narrator."),
        "last_gm": pgettext("dice_pool", "A campaign needs at least one narrator."),
        "already_playing": pgettext(
            "dice_pool", "You play a character here already: ask your narrator."
        ),
        "propose_help": pgettext(
            "dice_pool", "A player's action waits until the narrator accepts it."
        ),
        "end_confirm": pgettext(
            "dice_pool",
            "End the fight? Nobody can act or take a turn until Undo takes the end back; the "
            "characters start their next fight with all their dice.",
        ),
    },
)
