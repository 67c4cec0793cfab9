"""The one error type of the dice engine, and every message it can carry.

Messages are English templates marked with the no-op ``_`` so that Django's ``makemessages``
extracts them; the web layer translates with ``gettext(exc.template) % exc.params``.
"""


def _(text: str) -> str:
    """Mark a message template for translation without translating it here (no Django)."""
    return text


class InvalidDice(Exception):
    """Any bad expression, bad typed face or exceeded limit, with a human message."""

    def __init__(self, template: str, **params: object) -> None:
        self.template = template
        self.params: dict[str, object] = params
        super().__init__(template % params)


class MoreFacesNeeded(InvalidDice):
    """Typed faces ran out: the person has to roll ``count`` more ``d{sides}``."""

    def __init__(self, template: str, *, count: int, sides: int) -> None:
        super().__init__(template, count=count, sides=sides)
        self.count = count
        self.sides = sides


# Syntax
NOT_TEXT = _("the expression must be text")
EMPTY = _("the expression is empty")
TOO_LONG = _("the expression is longer than %(limit)s characters")
BAD_CHARACTER = _("unexpected character %(char)s at position %(position)s")
UNKNOWN_WORD = _("unknown notation '%(word)s' at position %(position)s")
UNEXPECTED = _("unexpected '%(token)s' at position %(position)s")
UNEXPECTED_END = _("the expression ends too early: %(expected)s expected")
EXPECTED = _("%(expected)s expected at position %(position)s, found '%(token)s'")
TOO_MANY_TOKENS = _("the expression has more than %(limit)s parts")
TOO_DEEP = _("the expression nests parentheses and signs more than %(limit)s deep")
NUMBER_TOO_BIG = _("the number %(number)s is larger than %(limit)s")
UNCLOSED = _("a parenthesis opened at position %(position)s is never closed")

# What the parser expects (used as %(expected)s above)
A_NUMBER = _("a number")
A_DIE_SIZE = _("a die size or %")
A_TERM = _("a number, a die or '('")

# Meaning
BAD_SIDES = _("d%(sides)s: a die has %(low)s to %(high)s sides")
TOO_MANY_DICE = _("%(count)s dice: at most %(limit)s dice can be rolled at once")
KEEP_RANGE = _("%(notation)s: can keep %(low)s to %(high)s of %(count)s dice")
DROP_RANGE = _("%(notation)s: can drop %(low)s to %(high)s of %(count)s dice")
KEEP_AND_COUNT = _("%(notation)s: keep or drop dice, or count successes, not both")
COMPOUND_BELOW = _(
    "%(notation)s: compounding dice count successes only with >= or >, "
    "because a larger total can only fail a <= or < target"
)
TOTAL_TOO_BIG = _("the total could reach %(total)s; totals must stay within ±%(limit)s")

# Rolling
TOO_MANY_ROLLED = _("more than %(limit)s dice rolled, explosions included")
CHAIN_TOO_LONG = _("a d%(sides)s exploded more than %(limit)s times in a row")
FACE_NOT_ON_DIE = _("face %(face)s is not on a d%(sides)s")
FACE_NOT_NUMBER = _("face %(face)s is not a whole number")
ROLL_MORE = _("roll %(count)s more d%(sides)s")
ROLL_MORE_SIX = _("roll %(count)s more d6 (the six explodes)")
ROLL_MORE_SIXES = _("roll %(count)s more d6 (%(count)s sixes explode)")
ROLL_MORE_MAX = _("roll %(count)s more d%(sides)s (the %(sides)s explodes)")
ROLL_MORE_MAXES = _("roll %(count)s more d%(sides)s (%(count)s dice explode)")
ONE_TOO_MANY = _("1 face too many: expected %(expected)s")
TOO_MANY_FACES = _("%(extra)s faces too many: expected %(expected)s")

# Odds
ODDS_TOO_BIG = _("%(notation)s has too many outcomes for exact odds (limit %(limit)s)")
