"""A tiny sixth rule system, "Duel", in one package: its rules (`rules.py`) and its one
description, SYSTEM. tests/combat/test_sixth_system.py registers it with one line and fights
through the real pages: adding a system touches nothing outside its package."""

from combat.rules.schema import Field, Label, Schema, notes_field
from combat.rules.system import RuleSystem

from .rules import Duel, weapon_headline

SYSTEM = RuleSystem(
    key="duel",
    name=Label("duel", "Duel"),
    creature=Schema(
        (
            Field("hp", "int", Label("duel", "Hit points"), 2, min=1, max=9),
            notes_field(),
        )
    ),
    weapon=Schema((notes_field(player_editable=False),)),
    armor=Schema((notes_field(player_editable=False),)),
    weapon_headline=weapon_headline,
    engine=Duel(),
    down=frozenset({"dead", "yielded"}),
)
