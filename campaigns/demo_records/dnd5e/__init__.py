"""D&D 5e demo: a first-level party and a handful of SRD 5.1 monsters, written by hand.

Seed 002 (Polish, "Atakowanie") is the attack procedure only — d20 + ability modifier +
proficiency against KP (AC) — and names no creatures. The monsters' numbers are the SRD 5.1 stat
blocks (Goblin: AC 15, HP 7, Scimitar +4, 1d6+2 slashing); the party follows the SRD's
character rules (proficiency +2, level-1 hit points, armour AC). The SRD importer can add the
whole bestiary to the shared library; these few are the campaign's own.
"""

from __future__ import annotations

from campaigns.demo_records.dnd5e.cast import CHARACTERS as CHARACTERS
from campaigns.demo_records.dnd5e.cast import MONSTERS as MONSTERS
from campaigns.demo_records.dnd5e.gear import ARMOR as ARMOR
from campaigns.demo_records.dnd5e.gear import WEAPONS as WEAPONS

# The demo campaign's name and description.
CAMPAIGN = ("Lost Mine", "Drużyna poszukiwaczy przygód i potwory z SRD 5e.")
