"""The numbers seed 001 gives as examples (it has no worked combat example; rules-review 2.3).

"Částečný zákryt: Sudí může k hodu na útok uplatnit postih –1 až –4 (např. menší stolek může dát
postih –1, hustý lesní porost –4)."
"""

from __future__ import annotations

import pytest

from combat.rules.base import Fight, RulesError
from tests.rules.ose.helpers import SLING, act, fighter, goblin, placed


def shot(**mods: object) -> int:
    pip = fighter("pip", weapons=[SLING])
    state = placed(Fight(1, (pip, goblin("g1", hp=20, ac=9))), "pip", "missiles")
    outcome = act(state, "missile", "pip", ["g1"], [15, 1], weapon="Sling", range="medium", **mods)
    return int(outcome.data["total"])


def test_a_small_table_gives_minus_1_and_dense_forest_minus_4() -> None:
    assert shot(cover=1) == 14
    assert shot(cover=4) == 11


def test_cover_beyond_minus_4_is_not_partial_cover() -> None:
    with pytest.raises(RulesError, match="from 0 to 4"):
        shot(cover=5)


def test_the_review_example_thac0_17_rolls_14_plus_1_and_hits_ac_2() -> None:
    hero = fighter("hero", thac0=17, str_mod=1)
    state = placed(Fight(1, (hero, goblin("g1", ac=2, hp=9))), "hero", "melee")
    outcome = act(state, "melee", "hero", ["g1"], [14, 3])
    assert (outcome.data["total"], outcome.data["hit"], outcome.data["damage"]) == (15, True, 4)
