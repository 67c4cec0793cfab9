"""The encounter page's own addresses, reversed once per process: the page draws about thirty
links and form targets, and `{% url %}` reverses each every time (≈ 45 µs apiece)."""

import functools

from django.urls import get_script_prefix, reverse

TURN_STEPS = ("initiative", "next", "undo", "redo", "end")
# What the templates ask for (`{{ urls.turn_next }}`) → the URL's name and its last argument.
NAMES = {
    "page": ("combat:encounter", None),
    "action": ("combat:encounter_action", None),
    "odds": ("combat:encounter_odds", None),
    "simulate": ("combat:encounter_simulate", None),
    "table": ("combat:encounter_table", None),
    "gm_forms": ("combat:encounter_gm_forms", None),
    "add": ("combat:encounter_add", None),
    "adjust": ("combat:encounter_adjust", None),
    "options": ("combat:encounter_options", None),
    "record": ("combat:encounter_record", None),
    "award": ("combat:encounter_award", None),
    **{f"turn_{step}": ("combat:encounter_turn", step) for step in TURN_STEPS},
}


@functools.lru_cache(maxsize=4096)
def _reversed(prefix: str, name: str, args: tuple[object, ...]) -> str:
    """`prefix` is part of the key: `reverse` builds on the running script prefix."""
    return reverse(name, args=args)


class EncounterUrls:
    """`urls.action`, `urls.turn_next`, … for one encounter; `proposal(seq)` in Python."""

    def __init__(self, campaign_pk: int, encounter_pk: int) -> None:
        self.pks = (campaign_pk, encounter_pk)

    def __getitem__(self, what: str) -> str:
        name, last = NAMES[what]
        return _reversed(get_script_prefix(), name, self.pks if last is None else (*self.pks, last))

    def proposal(self, seq: int) -> str:
        return _reversed(get_script_prefix(), "combat:encounter_proposal", (*self.pks, seq))
