"""Fights built from the demo records (campaigns/demo_records), without a database, for the
simulator's tests and bench/bench_simulate.py: each stats dict passes its system's schema, as
`load_demo` and "add combatants" do."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from campaigns.demo_records import records_for
from combat.rules.base import Combatant, Fight
from combat.rules.engine import EngineBase as Engine
from combat.rules.engines import get_engine
from combat.rules.faces import TypedFaces
from combat.rules.flow import after
from combat.rules.systems import get_system

Party = Sequence[tuple[str, str, int]]  # (record name, side, how many)

# The benchmark's fights (issue J): 4 PCs against 6 monsters, and 2 against 4 in Shadowrun.
BENCH: dict[str, Party] = {
    "dnd5e": [("Helga", "party", 1), ("Lis", "party", 1), ("Mira", "party", 1),
              ("Brat Jan", "party", 1), ("Goblin", "enemies", 4), ("Orc", "enemies", 2)],
    "draci_hlidka": [("Baldur", "party", 1), ("Meredil", "party", 1), ("Barbar", "party", 1),
                     ("Půlčík", "party", 1), ("Vůdce skřetů", "enemies", 1),
                     ("Skřet", "enemies", 5)],
    "ose": [("Dagmar", "party", 1), ("Pip", "party", 1), ("Brother Ambrose", "party", 1),
            ("Zelda", "party", 1), ("Goblin", "enemies", 6)],
    "dice_pool": [("Hráč A", "party", 1), ("Hráč B", "party", 1), ("Hráč C", "party", 1),
                  ("Pes", "enemies", 3)],
    "shadowrun3": [("John Longbone", "party", 1), ("Wedge", "party", 1),
                   ("Halloweener", "enemies", 4)],
}  # fmt: skip

# The fast paths' large fights (issue P): 20 combatants, 8 characters against 12 monsters.
BIG: dict[str, Party] = {
    "dnd5e": [("Helga", "party", 2), ("Lis", "party", 2), ("Mira", "party", 2),
              ("Brat Jan", "party", 2), ("Goblin", "enemies", 6), ("Orc", "enemies", 2),
              ("Wolf", "enemies", 2), ("Skeleton", "enemies", 1), ("Zombie", "enemies", 1)],
    "draci_hlidka": [("Baldur", "party", 2), ("Barbar", "party", 2), ("Meredil", "party", 2),
                     ("Grop", "party", 1), ("Půlčík", "party", 1),
                     ("Vůdce skřetů", "enemies", 2), ("Skřet", "enemies", 10)],
    "ose": [("Dagmar", "party", 2), ("Pip", "party", 2), ("Brother Ambrose", "party", 2),
            ("Zelda", "party", 2), ("Goblin", "enemies", 6), ("Orc", "enemies", 4),
            ("Skeleton", "enemies", 1), ("Ogre", "enemies", 1)],
    "dice_pool": [("Hráč A", "party", 3), ("Hráč B", "party", 3), ("Hráč C", "party", 2),
                  ("Pes", "enemies", 8), ("Utopenec", "enemies", 4)],
    "shadowrun3": [("John Longbone", "party", 1), ("Wedge", "party", 1), ("T-Rex", "party", 1),
                   ("Tess", "party", 1), ("Liam", "party", 1), ("Twitch", "party", 1),
                   ("Virgil", "party", 1), ("Winger", "party", 1),
                   ("Halloweener", "enemies", 10), ("Zabiják z Mitsuhamy", "enemies", 2)],
}  # fmt: skip


def combatants(system: str, party: Party) -> tuple[Engine, tuple[Combatant, ...]]:
    records, schema, engine = records_for(system), get_system(system), get_engine(system)
    by_name: dict[str, Mapping[str, Any]] = {
        r["name"]: r for r in (*records.characters, *records.monsters)
    }
    weapons = {w["name"]: {"name": w["name"], **schema.weapon.clean(w["stats"])}
               for w in records.weapons}  # fmt: skip
    armor = {a["name"]: {"name": a["name"], **schema.armor.clean(a["stats"])}
             for a in records.armor}  # fmt: skip
    made: list[Combatant] = []
    for name, side, count in party:
        record = by_name[name]
        for number in range(1, count + 1):
            made.append(engine.combatant_from_record(
                id=f"c{len(made) + 1}", name=name if count == 1 else f"{name} {number}",
                side=side, stats=schema.creature.clean(record["stats"]),
                is_npc=side != "party" or record.get("kind") == "npc",
                weapons=[weapons[w] for w in record.get("weapons", ())],
                armor=[armor[a] for a in record.get("armor", ())],
            ))  # fmt: skip
    return engine, tuple(made)


def prepared(system: str, party: Party, **options: Any) -> tuple[Engine, Fight]:
    """A fight in preparation: round 0, nobody's turn."""
    engine, made = combatants(system, party)
    return engine, Fight(round=0, combatants=made, options=options)


def started(engine: Engine, fight: Fight, faces: Sequence[int]) -> Fight:
    """The fight after "Roll initiative" with these typed faces, as combat.workflows does."""
    outcome = engine.roll_initiative(fight, [c.id for c in fight.combatants], TypedFaces(faces))
    fight = after(fight, outcome)
    return replace(fight, round=1, current=fight.order[0] if fight.order else None)
