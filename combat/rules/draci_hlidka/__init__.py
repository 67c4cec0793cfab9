"""Rules of Dračí Hlídka (`draci_hlidka`).

The package describes the system once, in `SYSTEM`; combat.rules.systems lists it.
"""

from combat.rules.draci_hlidka import tactics
from combat.rules.draci_hlidka.common import OUT
from combat.rules.draci_hlidka.engine import DraciHlidka
from combat.rules.draci_hlidka.fast import fast as fast_path
from combat.rules.draci_hlidka.stats import ARMOR, CREATURE, WEAPON, weapon_headline
from combat.rules.schema import Label
from combat.rules.system import RuleSystem, pgettext

__all__ = ["ARMOR", "CREATURE", "SYSTEM", "WEAPON", "weapon_headline"]

SYSTEM = RuleSystem(
    key="draci_hlidka",
    name=Label("draci_hlidka", "Dračí Hlídka"),
    creature=CREATURE,
    weapon=WEAPON,
    armor=ARMOR,
    weapon_headline=weapon_headline,
    engine=DraciHlidka(),
    tactics=tactics,
    fast=fast_path,
    down=OUT,
    demo_records="campaigns.demo_records.draci_hlidka",
    demo_fights="combat.demos.draci_hlidka",
    words={
        "gm": pgettext("draci_hlidka", "Game master"),
        "gm_note": pgettext("draci_hlidka", "GM note"),
        "gm_waiting": pgettext("draci_hlidka", "waiting for the game master"),
    },
)
