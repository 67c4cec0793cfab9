"""The shared library (records of no campaign) filled on day one (issue N): `make run`'s
`load_demo` puts each rule system's seed monsters, weapons and armour there, and for D&D 5e the
SRD's, from the stats-only extract the project ships (campaigns.importers.srd5e_extract). A GM
copies what they need into a campaign from the bestiary and the armory. Safe to run again: a
library row of that system and name is left as it is."""

from collections import Counter

from django.db import transaction

from combat.rules.dnd5e import SYSTEM as DND5E
from combat.rules.schema import StatError
from combat.rules.systems import get_system

from .demo import DemoDataError
from .demo_records import DemoRecord, demo_campaigns, records_for
from .importers.srd5e_extract import import_extract
from .models import Armor, Monster, Weapon

SEED_SOURCE = "seed"  # the `source` of a system's seed records in the library
Kind = type[Monster] | type[Weapon] | type[Armor]
KINDS: dict[str, Kind] = {"monsters": Monster, "weapons": Weapon, "armor": Armor}


@transaction.atomic
def fill_library() -> Counter[str]:
    """Every system's library filled; how many rows of each kind were created now."""
    created: Counter[str] = Counter()
    for system in demo_campaigns():
        if system == DND5E.key:
            continue  # the SRD's own, below (the demo's 5e records come from it)
        data = records_for(system)
        for kind, model in KINDS.items():
            created[kind] += _ensure(model, system, getattr(data, kind))
    report = import_extract()
    for kind, model_kind in (("monsters", "monster"), ("weapons", "weapon"), ("armor", "armor")):
        created[kind] += report.tallies[model_kind].created
    return created


def _ensure(model: Kind, system: str, entries: list[DemoRecord]) -> int:
    schema = getattr(get_system(system), model.schema_part)
    there = set(model.objects.library(system).values_list("name", flat=True))
    created = 0
    for entry in entries:
        if entry["name"] in there:
            continue
        try:
            stats = schema.clean(entry["stats"])
        except StatError as error:
            raise DemoDataError(f"{system} {entry['name']!r}: {error}") from error
        record = model(system=system, name=entry["name"], stats=stats, notes=entry["notes"])
        record.source = SEED_SOURCE
        record.full_clean()
        record.save()
        created += 1
    return created
