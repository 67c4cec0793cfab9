"""Rules of D&D 5e (`dnd5e`).

The package describes the system once, in `SYSTEM`; combat.rules.systems lists it.
"""

from combat.rules.dnd5e import tactics
from combat.rules.dnd5e.engine import Dnd5e
from combat.rules.dnd5e.experience import EXPERIENCE
from combat.rules.dnd5e.fast import simulate_fast
from combat.rules.dnd5e.gear import ARMOR, WEAPON, weapon_headline
from combat.rules.dnd5e.stats import CREATURE
from combat.rules.dnd5e.words import ABILITIES, DAMAGE_TYPES
from combat.rules.schema import Label
from combat.rules.system import RuleSystem, pgettext

__all__ = ["ARMOR", "CREATURE", "SYSTEM", "WEAPON", "weapon_headline"]

SYSTEM = RuleSystem(
    key="dnd5e",
    name=Label("dnd5e", "D&D 5e"),
    creature=CREATURE,
    weapon=WEAPON,
    armor=ARMOR,
    weapon_headline=weapon_headline,
    engine=Dnd5e(),
    tactics=tactics,
    # "Damage 7 slashing", "DC 17 Dexterity (DEX) saving throw"
    log_words={"kind": dict(DAMAGE_TYPES), "ability": dict(ABILITIES)},
    demo_records="campaigns.demo_records.dnd5e",
    demo_fights="combat.demos.dnd5e",
    words={  # hit points: Polish 5e's „punkty wytrzymałości“ (PW), the glossary's standard
        "hp": pgettext("dnd5e", "HP"),
        "hp_change": pgettext("dnd5e", "HP change: −7, +5 or =12"),
        "hp_help": pgettext("dnd5e", "12 sets the HP to 12; −7 takes 7 off; +5 adds 5."),
        "hp_wrong": pgettext(
            "dnd5e", "Type a number of HP: 12 sets the HP, −7 takes 7 off, +5 adds 5 (up to 9999)."
        ),
        "hp_same": pgettext("dnd5e", "The same HP and conditions for"),
        "hp_log": pgettext("dnd5e", "HP %(before)s → %(after)s"),
        "hp_after": pgettext("dnd5e", "After the last fight: %(hp)s HP"),  # a sheet's line
        "end_confirm": pgettext(
            "dnd5e",
            "End the fight? The characters keep their HP and conditions; nobody can act or take "
            "a turn until Undo takes the end back.",
        ),
    },
    condition_words={"prone": pgettext("dnd5e", "prone")},  # Polish 5e: „powalony“
    experience=EXPERIENCE,
    fast=simulate_fast,
)
