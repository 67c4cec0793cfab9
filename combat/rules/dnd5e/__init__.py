"""Rules of D&D 5e (`dnd5e`).

The package describes the system once, in `SYSTEM`; combat.rules.systems lists it.
"""

from combat.rules.dnd5e import tactics
from combat.rules.dnd5e.engine import Dnd5e
from combat.rules.dnd5e.gear import ARMOR, WEAPON, weapon_headline
from combat.rules.dnd5e.stats import CREATURE
from combat.rules.dnd5e.words import ABILITIES, DAMAGE_TYPES
from combat.rules.schema import Label
from combat.rules.system import RuleSystem

__all__ = ["ARMOR", "CREATURE", "SYSTEM", "WEAPON", "weapon_headline"]

SYSTEM = RuleSystem(
    key="dnd5e",
    name=Label("D&D 5e", "D&D 5e", "D&D 5e"),
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
)
