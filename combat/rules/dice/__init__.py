"""The dice engine (issue C): one notation for all five systems, every face kept.

Public API::

    parse(expression) -> Expression            # immutable, cached; InvalidDice if bad
    roll(expression, source) -> RollResult     # faces from a FaceSource (combat.rules.faces)
    replay(expression, faces) -> RollResult    # the same result again from recorded faces

Every bad input raises ``InvalidDice`` (``MoreFacesNeeded`` is the kind of it that says how
many more physical dice to roll). See docs/dice.md for the notation.
"""

from combat.rules.dice.errors import InvalidDice, MoreFacesNeeded
from combat.rules.dice.limits import (
    MAX_CHAIN,
    MAX_DEPTH,
    MAX_DICE,
    MAX_LENGTH,
    MAX_NUMBER,
    MAX_SIDES,
    MAX_TOKENS,
    MIN_SIDES,
)
from combat.rules.dice.nodes import (
    Compare,
    DiceTerm,
    Explode,
    Expression,
    Keep,
    KeepMode,
    Node,
    Number,
    Sum,
    Target,
)
from combat.rules.dice.parser import parse
from combat.rules.dice.result import Die, RollResult
from combat.rules.dice.roller import replay, roll

__all__ = [
    "MAX_CHAIN",
    "MAX_DEPTH",
    "MAX_DICE",
    "MAX_LENGTH",
    "MAX_NUMBER",
    "MAX_SIDES",
    "MAX_TOKENS",
    "MIN_SIDES",
    "Compare",
    "DiceTerm",
    "Die",
    "Explode",
    "Expression",
    "InvalidDice",
    "Keep",
    "KeepMode",
    "MoreFacesNeeded",
    "Node",
    "Number",
    "RollResult",
    "Sum",
    "Target",
    "parse",
    "replay",
    "roll",
]
