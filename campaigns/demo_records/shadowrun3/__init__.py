"""Shadowrun 3 demo (seed 003): the runners, gangers and hit men of the chapter's examples.

Seed numbers: John Longbone's initiative 3 (5) + 1d6 (2d6); Liam's Pistols 6 and his Ares
Predator 9M; Snot's Body 5, ballistic armour 4 and 5 combat-pool dice; Wedge's AK-97, 8M,
recoil compensation 4 (gas vent 3 and shock pad) and a laser sight; Twitch's Quickness 6 (elf,
run ×3); T-Rex's reflex booster and Browning Max-Power; Tess, Virgil and Winger with Reaction
6, 8 and 9 against three Mitsuhama assassins with Reaction 3. Weapon data the transcript lacks
(ranges, magazines, concealability) and the armour catalogue are the standard SR3 tables [std].
"""

from __future__ import annotations

from campaigns.demo_records.shadowrun3.cast import CHARACTERS as CHARACTERS
from campaigns.demo_records.shadowrun3.cast import MONSTERS as MONSTERS
from campaigns.demo_records.shadowrun3.gear import ARMOR as ARMOR
from campaigns.demo_records.shadowrun3.gear import WEAPONS as WEAPONS

# The demo campaign's name and description.
CAMPAIGN = ("Seattle 2060", "John Longbone, Liam, Wedge a pouliční gang Halloweeners.")
