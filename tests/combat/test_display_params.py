"""combat.display.say: log parameters in the page's language (words and decimal numbers)."""

import re
from pathlib import Path

from django.utils import translation

from combat.display import PURPOSES, say

OSE_LINE = {"template": "Attack modifiers: %(modifiers)s",
            "params": {"modifiers": "STR +1, range -1, retreat +2, referee -1"}}  # fmt: skip
SR3_TN = {"template": "TN %(base)s %(modifiers)s = %(tn)s",
          "params": {"base": 4, "modifiers": "+2 -1", "tn": 5}}  # fmt: skip
ODDS = {"template": "chance to hit: %(percent)s %%", "params": {"percent": "55.2"}}


def test_ose_attack_modifiers_are_named_in_the_page_language():
    with translation.override("en"):
        assert (
            say(OSE_LINE) == "Attack modifiers: STR +1, range -1, retreating target +2, referee -1"
        )
    with translation.override("cs"):
        czech = say(OSE_LINE)
    assert "STR" not in czech and "range" not in czech and "referee" not in czech
    assert czech.endswith("-1") and "+2" in czech


def test_a_shadowrun_tn_line_keeps_its_signed_numbers():
    with translation.override("cs"):
        assert say(SR3_TN).endswith("4 +2 -1 = 5")


def test_decimals_use_the_page_decimal_separator():
    with translation.override("en"):
        assert say(ODDS) == "chance to hit: 55.2 %"
    with translation.override("cs"):
        assert "55,2" in say(ODDS)
    with translation.override("pl"):
        assert "55,2" in say(ODDS)


def test_every_roll_purpose_the_engines_write_has_a_label():
    # The log names a roll by its purpose ("morale 2d6 4 4"); a key without a label would show
    # in English on a Czech or Polish page. The engines name purposes as literals.
    rules = Path(__file__).resolve().parents[2] / "combat" / "rules"
    pattern = re.compile(r'(?:\.roll\(\s*|purpose=|RolledDice\(\s*)"([a-z_]+)"')
    used = {key for path in rules.rglob("*.py") for key in pattern.findall(path.read_text())}
    assert {"attack", "morale", "save", "resistance"} <= used  # the scan finds them
    assert sorted(used - set(PURPOSES)) == []
