"""Rolls kept before the record had a "special" key still decide their round (seed 004)."""

from __future__ import annotations

from dataclasses import replace

from combat.rules.base import Fight
from tests.rules.dice_pool.helpers import (
    DOG,
    PLAYER_A,
    PLAYER_C,
    fight,
    next_round,
    npc,
    pc,
    rolled,
)


def _kept_without_special(state: Fight, cid: str) -> Fight:
    """The fight as stored before rolls recorded "special": the kept roll lacks the key."""
    combatant = state.get(cid)
    record = {k: v for k, v in combatant.turn["roll"].items() if k != "special"}
    changed = replace(combatant, turn={**combatant.turn, "roll": record})
    return replace(state, combatants=tuple(changed if c.id == cid else c for c in state.combatants))


def test_a_kept_roll_without_special_is_no_special_effect_when_the_round_is_decided() -> None:
    # seed 004: "Pes: … útočí hodem jednou kostkou, padlo mu 4." … "Třemi kostkami hází 9. /
    # 9-4=5 -> Pes s HP klesá na 1 HP! (6-5)"
    state = fight(npc("dog", name="Pes", **DOG), pc("a", stats=PLAYER_A))
    state, _bite = rolled(state, "dog", [4])
    state = _kept_without_special(state, "dog")
    state, stab = rolled(state, "a", [3, 3, 3], primary="Boj s dýkou", secondary="Obratnost")
    assert stab.data["sums"] == {"enemies": 4, "party": 9}
    assert stab.data["loser"] == "enemies" and stab.data["difference"] == 5
    assert state.get("dog").hp == 1


def test_a_special_effect_still_beats_a_kept_roll_without_special() -> None:
    # seed 004: "Pokud nefiguruje úspěšný speciální efekt …, kolo prohrává ten, kdo hodil nižší
    # číslo" — the dog's old 4 has no special effect; the player's ticked one wins the round.
    state = fight(npc("dog", name="Pes", **DOG), pc("a", stats=PLAYER_A))
    state, _bite = rolled(state, "dog", [4])
    state = _kept_without_special(state, "dog")
    state, sign = rolled(state, "a", [1, 1], primary="Boj s dýkou", special=True)
    assert sign.data["sums"] == {"enemies": 4, "party": 2}
    assert sign.data["loser"] == "enemies"


def test_a_round_left_over_with_kept_rolls_without_special_is_decided_at_the_next_round() -> None:
    # The dog rolls 4 and A rolls 9, C skips its roll: the new round decides round 1 from the
    # kept rolls (rounds.settle_left_over), 9 against 4 as in seed 004.
    state = fight(npc("dog", name="Pes", **DOG), pc("a", stats=PLAYER_A), pc("c", stats=PLAYER_C))
    state, _bite = rolled(state, "dog", [4])
    state, _stab = rolled(state, "a", [3, 3, 3], primary="Boj s dýkou", secondary="Obratnost")
    state = _kept_without_special(_kept_without_special(state, "dog"), "a")
    state = next_round(state)
    assert state.stage["settled"] == 1
    assert state.get("dog").hp == 1
