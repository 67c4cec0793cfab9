"""What a Shadowrun 3 fight used up (seed 003): combat pool dice and rounds fired, read from the
turn state the engine keeps ("pool" of the combat turn; "fired" of the phase — its rounds, for
recoil). A new combat turn refills the pool, a new phase starts "fired" again: neither is spent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from combat.rules.fields import Label
from combat.rules.resources import Spent, turn_change

POOL = Label("shadowrun3", "combat pool dice")
ROUNDS = Label("shadowrun3", "rounds fired")


def _number(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def spending(change: Mapping[str, Any]) -> list[Spent]:
    before, after = turn_change(change)
    spent: list[Spent] = []
    pool = _number(before.get("pool")) - _number(after.get("pool"))
    if pool > 0 and before.get("pool_max") == after.get("pool_max"):
        spent.append(Spent(POOL, pool))
    fired, was = after.get("fired"), before.get("fired")
    if isinstance(fired, Mapping):
        earlier = was if isinstance(was, Mapping) and was.get("key") == fired.get("key") else {}
        rounds = _number(fired.get("rounds")) - _number(earlier.get("rounds"))
        if rounds > 0:
            spent.append(Spent(ROUNDS, rounds))
    return spent
