"""What a rule system says about itself: one `RuleSystem`, exported as `SYSTEM` by its package
(combat/rules/<key>/__init__.py) and listed by combat.rules.systems. Nothing outside the
package names the system: the web, the models, the simulator and `load_demo` read this.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from combat.rules.engine import DOWN, EngineBase
from combat.rules.experience import Experience
from combat.rules.resources import Spending
from combat.rules.schema import Label, Schema
from combat.rules.simulate import FastPath, Tactics

MAX_KEY = 20  # the models store the key in a CharField(max_length=20)


def pgettext(context: str, text: str) -> tuple[str, str]:
    """Mark a word a system says its own way where others share the English ("Referee" for
    OSE's game master): xgettext reads `context` as the msgctxt; the web layer translates the
    pair with Django's pgettext (combat.wording.system_words)."""
    return (context, text)


@dataclass(frozen=True, eq=False)  # one object per system: hashed by identity
class RuleSystem:
    """One rule system: its key, names, record schemas, engine and all the rest it brings."""

    key: str
    name: Label
    creature: Schema  # characters, NPCs and monsters alike; npc_only fields are flagged
    weapon: Schema
    armor: Schema
    # A weapon's stats in the system's own short form: "5 +1 +2", "9M", "1d8 slashing".
    weapon_headline: Callable[[Mapping[str, Any], str | None], str]
    engine: EngineBase
    tactics: Tactics | None = None  # the simulator's simple tactics; None: no simulation
    # The same rules and tactics compiled for many fights at once (combat.rules.simulate's
    # FastPath, issue P); None: the engine plays every simulated fight.
    fast: FastPath | None = None
    # The conditions that mean "down" on the tracker, where players see a word, not the HP.
    down: frozenset[str] = DOWN
    # Log parameters whose values hold the system's own words (5e's damage type in `kind`,
    # OSE's "STR +1, range -1" in `modifiers`): parameter → word → its label.
    log_words: Mapping[str, Mapping[str, Label]] = field(default_factory=dict)
    # The Django-side modules of `load_demo`, by dotted path (the rules never import them):
    # demo records (CAMPAIGN, CHARACTERS, MONSTERS, WEAPONS, ARMOR) and demo fights
    # (PREPARED, prepared, FINISHED, finished).
    demo_records: str | None = None
    demo_fights: str | None = None
    # The journal's [dice] tags may be the system's dice-pool tests ("3d6 vs 10", seed 004).
    pool_tags: bool = False
    # The fight page's shared words in the system's own terms (issue M), each a (context, msgid)
    # pair from `pgettext` above, keyed as combat.wording.WORDS: "gm" (the GM panel's title),
    # "gm_note" (a log note's label), "gm_waiting" (a proposal's badge), "round" ("Round
    # %(n)s"), "roll_initiative" (the button), the "hp…" words of the GM's quick HP box and
    # Adjust form ("PW" in Polish 5e), "end_confirm"; and the campaign pages' words, keyed as
    # campaigns.systemwords.SHEET_WORDS ("gm" is also a member's role; "hp_after", "gm_notes",
    # "ask_gm" and the rest are listed there). A word not given reads as the generic one.
    words: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # The conditions the system names its own way where others share the English word (5e's
    # prone: Polish "powalony", not the plain "leżący"): condition → a `pgettext` pair.
    condition_words: Mapping[str, tuple[str, str]] = field(default_factory=dict)
    # Awards for foes defeated and levels by experience (the ledgers, issue Q); None: the GM
    # enters experience by hand.
    experience: Experience | None = None
    # What one change of the log used up (a fight record's "resources spent"); None: nothing
    # the system tracks.
    spending: Spending | None = None

    def __post_init__(self) -> None:
        if not self.key or len(self.key) > MAX_KEY or not self.key.isidentifier():
            raise ValueError(f"a rule system's key is a short identifier, not {self.key!r}")
        if self.engine.key != self.key:
            raise ValueError(f"the engine of {self.key!r} says it is {self.engine.key!r}")
