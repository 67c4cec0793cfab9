"""Rules of Shadowrun 3 (`shadowrun3`).

The package describes the system once, in `SYSTEM`; combat.rules.systems lists it.
"""

from combat.rules.schema import Label
from combat.rules.shadowrun3 import tactics
from combat.rules.shadowrun3.common import OUT
from combat.rules.shadowrun3.engine import Shadowrun3
from combat.rules.shadowrun3.fast import fast
from combat.rules.shadowrun3.resources import spending
from combat.rules.shadowrun3.stats import ARMOR, CREATURE, WEAPON, weapon_headline
from combat.rules.system import RuleSystem, pgettext

__all__ = ["ARMOR", "CREATURE", "SYSTEM", "WEAPON", "weapon_headline"]

SYSTEM = RuleSystem(
    key="shadowrun3",
    name=Label("shadowrun3", "Shadowrun 3"),
    creature=CREATURE,
    weapon=WEAPON,
    armor=ARMOR,
    weapon_headline=weapon_headline,
    engine=Shadowrun3(),
    tactics=tactics,
    down=OUT,
    demo_records="campaigns.demo_records.shadowrun3",
    demo_fights="combat.demos.shadowrun3",
    words={  # seed 003 l. 5: „gamemaster“; the round is the combat turn (l. 5 = p. 1)
        "gm": pgettext("shadowrun3", "Gamemaster"),
        "gm_note": pgettext("shadowrun3", "Gamemaster's note"),
        "gm_waiting": pgettext("shadowrun3", "waiting for the gamemaster"),
        "round": pgettext("shadowrun3", "Combat turn %(n)s"),
        # No HP: the GM's quick box sets the physical condition monitor's free boxes, which the
        # engine keeps as HP (common.py: hp = 10 − filled boxes); stun is not carried over.
        "hp": pgettext("shadowrun3", "Physical monitor, boxes free"),
        "hp_change": pgettext(
            "shadowrun3", "Physical monitor change: −3 fills 3 boxes, +2 frees 2, =10 clears it"
        ),
        "hp_help": pgettext(
            "shadowrun3",
            "7 leaves 7 of the physical monitor's 10 boxes free; −3 fills 3 more; +2 frees 2.",
        ),
        "hp_wrong": pgettext(
            "shadowrun3",
            "Type a number of free boxes: 7 leaves 7 free, −3 fills 3, +2 frees 2 (up to 9999).",
        ),
        "hp_same": pgettext("shadowrun3", "The same physical monitor and conditions for"),
        "hp_log": pgettext("shadowrun3", "Physical monitor, boxes free: %(before)s → %(after)s"),
        "gm_notes": pgettext("shadowrun3", "Gamemaster's notes"),  # a sheet's, its form's
        "gm_notes_help": pgettext("shadowrun3", "Only gamemasters see these."),
        "hp_after": pgettext(
            "shadowrun3", "After the last fight: physical monitor, %(hp)s boxes free"
        ),
        "make_co_gm": pgettext("shadowrun3", "Make co-gamemaster"),
        "rounds_help": pgettext("shadowrun3", "Empty: until the gamemaster removes it."),
        "ask_gm": pgettext(
            "shadowrun3", "You have no character in this campaign yet. Ask your gamemaster for one."
        ),
        "revealed": pgettext("shadowrun3", "Who and what your gamemaster has revealed to you."),
        "created": pgettext("shadowrun3", "Campaign created. You are its gamemaster."),
        "last_gm": pgettext("shadowrun3", "A campaign needs at least one gamemaster."),
        "already_playing": pgettext(
            "shadowrun3", "You play a character here already: ask your gamemaster."
        ),
        "propose_help": pgettext(
            "shadowrun3", "A player's action waits until the gamemaster accepts it."
        ),
        "end_confirm": pgettext(
            "shadowrun3",
            "End the fight? The characters keep their physical damage and conditions; nobody "
            "can act or take a turn until Undo takes the end back.",
        ),
    },
    spending=spending,
    fast=fast,
)
