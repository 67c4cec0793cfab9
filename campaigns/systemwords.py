"""A word several rule systems share, said the campaign's system's own way (issue M): OSE's
referee, Shadowrun's gamemaster, the forum pool's narrator, Polish 5e's "PW" for hit points.
A system gives its words as (context, msgid) pairs (RuleSystem.words); a word it does not give
reads as the generic one. The fight page's words are combat.wording.WORDS; the campaign
pages' (a member's role, what the pages tell players and GMs, a sheet's notes and hit points
after a fight, a saved condition's rounds) are SHEET_WORDS below."""

from django.utils.translation import gettext, gettext_noop, pgettext

from combat.rules.systems import SYSTEMS

SHEET_WORDS = {
    "gm": gettext_noop("Game master"),  # a member's role (the fight page's GM panel says it too)
    "make_co_gm": gettext_noop("Make co-GM"),
    "rounds_help": gettext_noop("Empty: until the game master removes it."),  # a condition's
    "ask_gm": gettext_noop(
        "You have no character in this campaign yet. Ask your game master for one."
    ),
    "revealed": gettext_noop("Who and what your game master has revealed to you."),
    "created": gettext_noop("Campaign created. You are its game master."),
    "last_gm": gettext_noop("A campaign needs at least one game master."),
    "already_playing": gettext_noop("You play a character here already: ask your game master."),
    "propose_help": gettext_noop("A player's action waits until the game master accepts it."),
    "gm_notes": gettext_noop("Game master's notes"),  # a sheet's heading and its form's label
    "gm_notes_help": gettext_noop("Only game masters see these."),
    "hp_after": gettext_noop("After the last fight: %(hp)s HP"),
}


def system_word(system: str, key: str, generic: str) -> str:
    """The word `key` in the system's own terms, in the page's language; `generic` (a msgid)
    where the system gives none."""
    own = SYSTEMS[system].words.get(key) if system in SYSTEMS else None
    return pgettext(*own) if own else gettext(generic)


def sheet_word(system: str, key: str) -> str:
    """One of the campaign pages' words (SHEET_WORDS) as the system says it."""
    return system_word(system, key, SHEET_WORDS[key])


def sheet_words(system: str) -> dict[str, str]:
    """Every campaign-page word as the system says it, for a template."""
    return {key: sheet_word(system, key) for key in SHEET_WORDS}
