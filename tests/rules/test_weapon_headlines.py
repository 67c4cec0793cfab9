"""Each system shows a weapon the way its rulebook writes it."""

from combat.rules.systems import get_system


def headline(system: str, lang: str, **stats: object) -> str:
    rules = get_system(system)
    return rules.weapon_headline(rules.weapon.clean(stats), lang)


def test_draci_hlidka_broad_sword_reads_5_plus_1_plus_2():
    # seed 000: "široký meč 5 +1 +2"
    assert headline("draci_hlidka", "cs", utocnost=5, zraneni=1, obrana=2) == "5 +1 +2"


def test_shadowrun_damage_code_uses_each_languages_letters():
    assert headline("shadowrun3", "en", power=9, damage_level="M") == "9M"
    assert headline("shadowrun3", "en", power=8, damage_level="S") == "8S"
    assert headline("shadowrun3", "cs", power=8, damage_level="S") == "8V"  # vážné
    assert headline("shadowrun3", "cs", power=10, damage_level="D") == "10S"  # smrtelné


def test_shadowrun_melee_code_is_strength_based():
    assert (
        headline("shadowrun3", "en", power=2, strength_based=True, damage_level="M") == "(STR+2)M"
    )


def test_ose_marks_slow_weapons():
    assert headline("ose", "en", damage="1d10", slow=True) == "1d10, slow"
    assert headline("ose", "cs", damage="1d6") == "1d6"


def test_dnd5e_shows_dice_and_type():
    assert headline("dnd5e", "en", damage="1d8", damage_type="slashing") == "1d8 slashing"


def test_dice_pool_shows_silver():
    assert headline("dice_pool", "pl", silver=True) == "srebrna"
