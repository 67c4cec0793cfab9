"""The D&D 5e demo campaign's party and bestiary work in the engine as they are recorded."""

from __future__ import annotations

from typing import Any

import pytest

from campaigns.demo_records import records_for
from combat.rules.base import Action, Combatant
from combat.rules.dnd5e.gear import WEAPON
from combat.rules.dnd5e.saves import save_actions
from combat.rules.dnd5e.stats import CREATURE
from tests.rules.dnd5e.helpers import ENGINE, fight

RECORDS = records_for("dnd5e")
WEAPONS = {w["name"]: {"name": w["name"], **WEAPON.clean(w["stats"])} for w in RECORDS.weapons}


def _combatant(record: Any, side: str, npc: bool) -> Combatant:
    arms = [WEAPONS[name] for name in record.get("weapons", [])]
    return ENGINE.combatant_from_record(id=record["name"], name=record["name"], side=side,
                                        stats=CREATURE.clean(record["stats"]), is_npc=npc,
                                        weapons=arms, armor=())  # fmt: skip


PARTY = [_combatant(c, "party", False) for c in RECORDS.characters]
MONSTERS = [_combatant(m, "enemies", True) for m in RECORDS.monsters]


@pytest.mark.parametrize("attacker", PARTY + MONSTERS, ids=lambda c: c.id)
def test_every_demo_attack_has_odds_against_a_demo_enemy(attacker: Combatant) -> None:
    target = MONSTERS[0] if attacker.side == "party" else PARTY[0]
    state = fight(attacker, target)
    names = ENGINE.weapon_names(state, attacker.id)
    assert names
    with_saves = {str(entry["name"]) for entry in save_actions(attacker)}
    for name in names:  # an attack, or an action with a saving throw (Sacred Flame)
        kind = "save_action" if name in with_saves else "attack"
        lines = ENGINE.odds(state, Action(kind, attacker.id, (target.id,), name,
                                          {"distance": 5} if kind == "attack" else {}))  # fmt: skip
        assert lines is not None, name


def test_helga_hits_the_goblin_at_plus_5_and_lis_stabs_with_dex() -> None:
    helga, lis, goblin = PARTY[0], PARTY[1], MONSTERS[0]
    assert (helga.id, lis.id, goblin.id) == ("Helga", "Lis", "Goblin")
    state = fight(helga, goblin)
    lines = ENGINE.odds(state, Action("attack", "Helga", ("Goblin",), "Longsword", {}))
    assert lines is not None and lines[1].params == {"need": "10"}  # +5 against KP 15
    state = fight(lis, goblin)
    lines = ENGINE.odds(state, Action("attack", "Lis", ("Goblin",), "Shortsword", {}))
    assert lines is not None and lines[1].params == {"need": "10"}  # DEX 3 + proficiency 2
