"""Rules of Old-School Essentials (`ose`).

The package describes the system once, in `SYSTEM`; combat.rules.systems lists it.
"""

from combat.rules.ose import tactics
from combat.rules.ose.common import OUT
from combat.rules.ose.engine import OldSchoolEssentials
from combat.rules.ose.experience import EXPERIENCE
from combat.rules.ose.fast import fast
from combat.rules.ose.resources import spending
from combat.rules.ose.stats import ARMOR, CREATURE, WEAPON, weapon_headline
from combat.rules.schema import Label
from combat.rules.system import RuleSystem, pgettext

__all__ = ["ARMOR", "CREATURE", "SYSTEM", "WEAPON", "weapon_headline"]

# The parts of the "Attack modifiers: STR +1, range -1" line (combat.rules.ose.attack).
ATTACK_MODIFIERS = {
    "STR": Label("ose", "STR"),
    "DEX": Label("ose", "DEX"),
    "range": Label("ose", "range"),
    "cover": Label("ose", "cover"),
    "retreat": Label("ose", "retreating target"),
    "referee": Label("ose", "referee"),
}

SYSTEM = RuleSystem(
    key="ose",
    name=Label("ose", "Old-School Essentials"),
    creature=CREATURE,
    weapon=WEAPON,
    armor=ARMOR,
    weapon_headline=weapon_headline,
    engine=OldSchoolEssentials(),
    tactics=tactics,
    fast=fast,
    down=OUT,
    log_words={"modifiers": ATTACK_MODIFIERS},  # "Attack modifiers: STR +1, range -1"
    demo_records="campaigns.demo_records.ose",
    demo_fights="combat.demos.ose",
    words={  # seed 001 l. 28: the referee, „sudí“
        "gm": pgettext("ose", "Referee"),
        "gm_note": pgettext("ose", "Referee's note"),
        "gm_waiting": pgettext("ose", "waiting for the referee"),
        # Hit points: the Polish is 5e's, „punkty wytrzymałości“ (PW); the Czech seed's „životy“.
        "hp": pgettext("ose", "HP"),
        "hp_change": pgettext("ose", "HP change: −7, +5 or =12"),
        "hp_help": pgettext("ose", "12 sets the HP to 12; −7 takes 7 off; +5 adds 5."),
        "hp_wrong": pgettext(
            "ose", "Type a number of HP: 12 sets the HP, −7 takes 7 off, +5 adds 5 (up to 9999)."
        ),
        "hp_same": pgettext("ose", "The same HP and conditions for"),
        "hp_log": pgettext("ose", "HP %(before)s → %(after)s"),
        "gm_notes": pgettext("ose", "Referee's notes"),  # a sheet's heading, its form's label
        "gm_notes_help": pgettext("ose", "Only referees see these."),
        "hp_after": pgettext("ose", "After the last fight: %(hp)s HP"),
        "make_co_gm": pgettext("ose", "Make co-referee"),
        "rounds_help": pgettext("ose", "Empty: until the referee removes it."),
        "ask_gm": pgettext(
            "ose", "You have no character in this campaign yet. Ask your referee for one."
        ),
        "revealed": pgettext("ose", "Who and what your referee has revealed to you."),
        "created": pgettext("ose", "Campaign created. You are its referee."),
        "last_gm": pgettext("ose", "A campaign needs at least one referee."),
        "already_playing": pgettext("ose", "You play a character here already: ask your referee."),
        "propose_help": pgettext("ose", "A player's action waits until the referee accepts it."),
        "end_confirm": pgettext(
            "ose",
            "End the fight? The characters keep their HP and conditions; nobody can act or take "
            "a turn until Undo takes the end back.",
        ),
    },
    experience=EXPERIENCE,
    spending=spending,
)
