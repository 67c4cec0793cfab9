"""Limits that keep hostile dice expressions cheap (issue C: hostile input must not hurt).

Every limit is checked before any die is rolled, except the two that depend on the faces
(explosions): the dice budget and the explosion chain, checked while rolling.

Together they bound the work of one roll, whatever the expression (issue K): at most
``MAX_DICE`` faces are drawn, explosions included, from at most ``MAX_TOKENS`` parts; the
notation has no reroll, so nothing can loop. Callers bound how often they roll (a journal post
has at most 20 tags; an estimate of the odds at most ``combat.rules.estimate.TRIALS`` rolls).
"""

MAX_LENGTH = 100
"""Characters in an expression, not counting a surrounding ``[dice]…[/dice]`` tag."""

MAX_TOKENS = 60
"""Numbers, operators and modifiers in one expression."""

MAX_DEPTH = 10
"""Nested parentheses and signs (``-(-(1))`` is three levels)."""

MAX_DICE = 200
"""Dice rolled for one expression, every explosion and compounding roll included."""

MAX_CHAIN = 50
"""Extra rolls one die may cause by exploding or compounding."""

MIN_SIDES = 2
MAX_SIDES = 1000

MAX_NUMBER = 10**9
"""Largest integer literal, and the bound of every total: totals stay within ±MAX_NUMBER."""

MAX_DIGITS = len(str(MAX_NUMBER))
