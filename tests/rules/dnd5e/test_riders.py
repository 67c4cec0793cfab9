"""What a failed save does, from the SRD's own words (issue O: "saving throws as actions and as
riders"; the wolf's prone save was a GM note, every condition but prone was a note).

SRD 5.1, Ghoul: "Claws. … If the target is a creature other than an elf or undead, it must
succeed on a DC 10 Constitution saving throw or be paralyzed for 1 minute." Adult Red Dragon:
"Frightful Presence. … must succeed on a DC 19 Wisdom saving throw or become frightened for 1
minute." "Fire Breath. … DC 21 Dexterity saving throw, taking 63 (18d6) fire damage on a failed
save, or half as much damage on a successful one." Aboleth: "Tentacle. Melee Weapon Attack: +9
to hit … If the target is a creature, it must succeed on a DC 14 Constitution saving throw or
become diseased."
"""

from __future__ import annotations

from combat.rules.base import Action
from combat.rules.dnd5e import saves
from combat.rules.dnd5e.riders import (
    failed_save_condition,
    prose_dc,
    rider_condition,
    rider_duration,
    spared_by,
)
from combat.rules.faces import TypedFaces
from combat.rules.lasting import LASTS
from tests.rules.dnd5e.helpers import ENGINE, after, fight, fighter, texts
from tests.rules.dnd5e.test_saving_throw_actions import srd


def test_the_condition_a_failed_save_gives_is_read_from_the_sentence_that_calls_for_it() -> None:
    wolf = "Hit: 7 (2d4 + 2). If the target is a creature, it must succeed on a DC 11 Strength "
    assert failed_save_condition(wolf + "saving throw or be knocked prone.") == "prone"
    aboleth = "saving throw or be magically charmed by the aboleth until the aboleth dies."
    assert failed_save_condition("The target must succeed on a DC 14 Wisdom " + aboleth) == (
        "charmed"
    )
    roar = "Each creature that fails a DC 18 Wisdom saving throw is frightened for 1 minute."
    assert failed_save_condition(roar) == "frightened"
    assert failed_save_condition("… saving throw or become diseased.") is None
    # A choice of breaths names two conditions: the GM's, not a guess.
    assert failed_save_condition("DC 18 saving throw or be paralyzed or be poisoned.") is None
    # A condition in another sentence is not the failure's ("Until this grapple ends, …").
    assert failed_save_condition("DC 13 Strength saving throw. The target is restrained.") is None
    assert prose_dc(wolf + "saving throw or be knocked prone.") == (11, "str", "none")
    spider = "must make a DC 11 Constitution saving throw, taking 9 (2d8) poison damage on a "
    assert prose_dc(spider + "failed save, or half as much damage on a successful one.") == (
        11,
        "con",
        "half",
    )
    assert rider_condition({"dc_condition": "stunned", "text": "or be knocked prone"}) == "stunned"


def test_the_import_reads_riders_and_believes_the_text_over_a_wrong_success_type() -> None:
    ghoul = srd("Ghoul", "ghoul")
    claws = next(e for e in ghoul.stats["actions"] if e["name"] == "Claws")
    assert (claws["dc"], claws["dc_ability"], claws["dc_condition"]) == (10, "con", "paralyzed")
    dragon = srd("Adult Red Dragon", "dragon")
    by_name = {e["name"]: e for e in dragon.stats["actions"]}
    assert by_name["Frightful Presence"]["dc_condition"] == "frightened"
    # The data says success "none"; the SRD's text says "or half as much damage": half.
    assert by_name["Fire Breath"]["dc_success"] == "half"
    wing = next(e for e in dragon.stats["legendary_actions"] if e["name"].startswith("Wing"))
    assert wing["dc_condition"] == "prone"


def test_the_ghouls_claws_paralyse_a_fighter_who_fails_the_constitution_save() -> None:
    state = fight(srd("Ghoul", "ghoul"), fighter("ana", hp=30, con=12))
    claws = Action("attack", "ghoul", ("ana",), "Claws")
    # d20 15 + 4 = 19 hits AC 18; 2d4+2 = 2 + 3 + 2 = 7; Ana's CON save d20 8 + 1 = 9 < DC 10.
    outcome = ENGINE.resolve(state, claws, TypedFaces([15, 2, 3, 8]))
    lines = texts(outcome)
    assert "Claws: DC 10 con saving throw"  # the page names the ability in lines
    assert "ana: save 9 = d20 8 +1: failed" in lines and "ana is paralyzed" in lines
    assert after(state, outcome).get("ana").has("paralyzed")
    # The same claws with the save d20 9 + 1 = 10: saved, no condition.
    saved = ENGINE.resolve(state, claws, TypedFaces([15, 2, 3, 9]))
    assert not after(state, saved).get("ana").has("paralyzed")
    # A miss asks for no save at all: the one d20 is the attack's.
    missed = ENGINE.resolve(state, claws, TypedFaces([2]))
    assert not any("saving throw" in line for line in texts(missed))


def test_a_creature_immune_to_the_condition_takes_no_condition_and_the_log_says_so() -> None:
    state = fight(srd("Ghoul", "ghoul"), fighter("ana", hp=30, condition_immunities=["paralyzed"]))
    claws = Action("attack", "ghoul", ("ana",), "Claws")
    outcome = ENGINE.resolve(state, claws, TypedFaces([15, 2, 3, 1]))
    assert "ana is immune to paralyzed" in texts(outcome)
    assert not after(state, outcome).get("ana").has("paralyzed")


def test_frightful_presence_frightens_those_who_fail_and_only_them() -> None:
    state = fight(
        srd("Adult Red Dragon", "dragon"),
        fighter("ana", hp=80, wis=10),
        fighter("bo", hp=80, wis=10),
    )
    presence = Action("save_action", "dragon", ("ana", "bo"), "Frightful Presence")
    outcome = ENGINE.resolve(state, presence, TypedFaces([18, 19]))  # 18 fails DC 19; 19 saves
    done = after(state, outcome)
    assert done.get("ana").has("frightened") and not done.get("bo").has("frightened")


def test_an_attack_with_a_rider_dc_is_not_also_offered_as_a_save_action() -> None:
    """The Aboleth's Tentacle has an attack roll and a DC (its disease): it is an attack."""
    aboleth = srd("Aboleth", "aboleth")
    names = [e["name"] for e in saves.save_actions(aboleth)]
    assert "Tentacle" not in names and "Enslave" in names
    state = fight(aboleth, fighter("ana", hp=60))
    tentacle = Action("attack", "aboleth", ("ana",), "Tentacle")
    # 15 + 9 hits; 2d6+5 and 1d12 acid; a rider with no condition: the GM's note, no save.
    outcome = ENGINE.resolve(state, tentacle, TypedFaces([15, 2, 3, 4]))
    assert any(line.startswith("Tentacle: If the target") for line in texts(outcome))
    assert not any("ana: save" in line for line in texts(outcome))


def test_a_condition_named_in_passing_is_not_the_failures() -> None:
    """The review's finding: the Pit Fiend's Fear Aura ("… unless the pit fiend is
    incapacitated") read as "incapacitated"."""
    aura = (
        "Any creature hostile to the pit fiend that starts its turn within 20 feet of the pit "
        "fiend must make a DC 21 Wisdom saving throw, unless the pit fiend is incapacitated. On "
        "a failed save, the creature is frightened until the start of its next turn."
    )
    assert failed_save_condition(aura) is None  # the save's sentence names no failure
    assert failed_save_condition("A creature that is already poisoned saving throw …") is None
    assert srd("Pit Fiend", "fiend").stats["traits"][0].get("dc_condition") is None


def test_an_undead_or_a_larger_target_is_spared_by_the_riders_own_words() -> None:
    """SRD 5.1, Ghoul: "If the target is a creature other than an elf or undead, it must succeed
    on a DC 10 Constitution saving throw or be paralyzed"."""
    zombie = fighter("zed", hp=30, creature_type="undead")
    state = fight(srd("Ghoul", "ghoul"), zombie)
    claws = ENGINE.resolve(
        state, Action("attack", "ghoul", ("zed",), "Claws"), TypedFaces([15, 2, 3])
    )
    assert "zed is spared: other than an elf or undead" in texts(claws)
    assert not after(state, claws).get("zed").has("paralyzed")  # no save rolled, none needed
    shove = "If the target is Medium or smaller, it must succeed on a DC 13 Strength saving throw "
    assert spared_by(shove + "or be knocked prone.", "large", "") == "Medium or smaller"
    assert spared_by(shove + "or be knocked prone.", "medium", "humanoid") is None


def test_a_paralysing_rider_ends_the_targets_concentration() -> None:
    hero = fighter("ana", hp=30, con=12, conditions={"concentrating"})
    state = fight(srd("Ghoul", "ghoul"), hero)
    # 15 + 4 hits; 2d4+2 = 7; concentration DC 10: d20 15 + 1 keeps it; the Claws' DC 10 CON
    # save: d20 1 + 1 fails: paralyzed, and so the concentration ends.
    faces = TypedFaces([15, 2, 3, 15, 1])
    claws = ENGINE.resolve(state, Action("attack", "ghoul", ("ana",), "Claws"), faces)
    assert "ana is incapacitated and loses concentration" in texts(claws)
    done = after(state, claws)
    assert done.get("ana").has("paralyzed") and not done.get("ana").has("concentrating")
    # The GM reads how long it lasts and how it ends: the stat block's own words.
    assert any(line.startswith("Claws: If the target is a creature") for line in texts(claws))


def test_how_long_the_failures_condition_lasts_is_read_from_the_same_sentence() -> None:
    """SRD 5.1, Otyugh: "… be stunned until the end of the otyugh's next turn"; Mummy Lord,
    Blinding Dust: "… be blinded until the end of the creature's next turn"; Ghoul: "… be
    paralyzed for 1 minute" (ten rounds at most: a repeated save may end it sooner)."""
    assert rider_duration("DC 14 Constitution saving throw or take 10 (2d6 + 3) bludgeoning "
                          "damage and be stunned until the end of the otyugh's next turn.") == (
        "actor", 0)  # fmt: skip
    assert rider_duration("DC 16 Constitution saving throw or be blinded until the end of the "
                          "creature's next turn.") == ("target", 0)  # fmt: skip
    assert rider_duration("DC 10 Constitution saving throw or be paralyzed for 1 minute.") == (
        "rounds",
        10,
    )
    assert rider_duration("DC 11 Strength saving throw or be knocked prone.") is None


def test_the_ghouls_paralysis_lasts_a_minute_ten_rounds_ending_as_round_eleven_begins() -> None:
    state = fight(srd("Ghoul", "ghoul"), fighter("ana", hp=30, con=12))
    claws = ENGINE.resolve(
        state, Action("attack", "ghoul", ("ana",), "Claws"), TypedFaces([15, 2, 3, 1])
    )
    timers = [e for e in after(state, claws).get("ana").effects if e.kind == LASTS]
    assert [t.data for t in timers] == [{"condition": "paralyzed", "until": 11}]


def test_the_otyughs_slam_stuns_until_the_end_of_its_own_next_turn() -> None:
    otyugh = srd("Otyugh", "oty")
    state = fight(otyugh, fighter("ana", hp=60, con=10))
    slam = Action("save_action", "oty", ("ana",), "Tentacle Slam")
    outcome = ENGINE.resolve(state, slam, TypedFaces([2]))  # d20 2 fails (damage: the note's)
    assert "ana is stunned until the end of Otyugh's next turn" in texts(outcome)
    stunned = [e for e in after(state, outcome).get("ana").effects if e.kind == "duration"]
    assert stunned[0].data == {"condition": "stunned", "who": "oty", "when": "end", "skip": True}
