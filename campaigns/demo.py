"""Demo content for `make run`: a GM, two players and one campaign per rule system, filled with
the characters, bestiary and armoury of the seeds' own examples (campaigns/demo_records/).

Idempotent: running it again finds what it made before and changes nothing — records are found by
campaign and name, so a GM's later edits to them are kept. Every stats dict passes its system's
schema first; a bad demo entry raises DemoDataError and nothing is written.
"""

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from django.contrib.auth.models import User
from django.db import models, transaction

from combat.rules.schema import Schema, StatError
from combat.rules.systems import get_system

from .demo_records import DemoCharacter, DemoRecord, demo_campaigns, records_for
from .models import Armor, Campaign, Character, Membership, Monster, Role, Weapon
from .staff import make_game_master_staff

DEMO_PASSWORD = "iniciativa"  # noqa: S105 - demo logins printed by `make run`, never production
DEMO_GM = "gm"
DEMO_PLAYERS = ("hrac", "gracz")
DEMO_SOURCE = "demo"  # the `source` of the demo's monsters, weapons and armour

RecordT = TypeVar("RecordT", bound=models.Model)


class DemoDataError(ValueError):
    """A demo entry its rule system rejects: a bug in campaigns/demo_records, never user input."""


@dataclass(frozen=True)
class DemoSummary:
    users_created: int
    campaigns_created: int
    characters_created: int = 0
    monsters_created: int = 0
    weapons_created: int = 0
    armor_created: int = 0


def _ensure_user(username: str) -> tuple[User, bool]:
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save(update_fields=["password"])
    return user, created


def _clean_stats(schema: Schema, entry: DemoRecord, where: str) -> dict[str, Any]:
    try:
        return schema.clean(entry["stats"])
    except StatError as error:
        raise DemoDataError(f"{where} {entry['name']!r}: {error}") from error


def _find_or_create(
    model: type[RecordT], campaign: Campaign, name: str, **values: Any
) -> tuple[RecordT, bool]:
    """The campaign's record of that name (the oldest, should a GM have copied it), or a new,
    fully validated one. An existing record is left as it is: the GM may have edited it."""
    found = model._default_manager.filter(campaign=campaign, name=name).order_by("pk").first()
    if found is not None:
        return found, False
    record = model(campaign=campaign, system=campaign.system, name=name, **values)
    record.full_clean()
    record.save()
    return record, True


def _ensure_items(
    model: type[Monster | Weapon | Armor], campaign: Campaign, entries: Iterable[DemoRecord]
) -> tuple[dict[str, Any], int]:
    """Monsters, weapons or armour of one campaign, by name, and how many were created now."""
    schema: Schema = getattr(get_system(campaign.system), model.schema_part)
    by_name: dict[str, Any] = {}
    created = 0
    for entry in entries:
        stats = _clean_stats(schema, entry, f"{campaign.system} {model.__name__}")
        by_name[entry["name"]], new = _find_or_create(
            model, campaign, entry["name"], stats=stats, notes=entry["notes"], source=DEMO_SOURCE
        )
        created += new
    return by_name, created


def _pick(items: Mapping[str, Any], names: Iterable[str], where: str) -> list[Any]:
    missing = [name for name in names if name not in items]
    if missing:
        raise DemoDataError(f"{where}: no demo item named {', '.join(missing)}")
    return [items[name] for name in names]


def _owner(owners: Mapping[str, User], username: str | None, where: str) -> User | None:
    if username is None:
        return None  # the GM's character
    if username not in owners:
        raise DemoDataError(f"{where}: the owner {username!r} is not a demo player")
    return owners[username]


def _ensure_characters(
    campaign: Campaign,
    entries: Iterable[DemoCharacter],
    owners: Mapping[str, User],
    armory: Mapping[str, Mapping[str, Any]],
) -> int:
    """The campaign's characters; new ones get their owner, weapons and armour."""
    schema = get_system(campaign.system).creature
    created = 0
    for entry in entries:
        where = f"{campaign.system} Character {entry['name']!r}"
        stats = _clean_stats(schema, entry, f"{campaign.system} Character")
        owner = _owner(owners, entry["owner"], where)
        weapons = _pick(armory["weapons"], entry["weapons"], where)
        armor = _pick(armory["armor"], entry["armor"], where)
        character, new = _find_or_create(
            Character,
            campaign,
            entry["name"],
            kind=entry["kind"],
            stats=stats,
            owner=owner,
            notes=entry["notes"],
        )
        if new:  # an existing character keeps the gear its GM gave it
            character.weapons.set(weapons)
            character.armor.set(armor)
            created += 1
    return created


def _ensure_records(campaign: Campaign, owners: Mapping[str, User]) -> Counter[str]:
    """One campaign's armoury, bestiary and characters; how many of each were created now."""
    data = records_for(campaign.system)
    created: Counter[str] = Counter()
    weapons, created["weapons"] = _ensure_items(Weapon, campaign, data.weapons)
    armor, created["armor"] = _ensure_items(Armor, campaign, data.armor)
    _, created["monsters"] = _ensure_items(Monster, campaign, data.monsters)
    armory = {"weapons": weapons, "armor": armor}
    created["characters"] = _ensure_characters(campaign, data.characters, owners, armory)
    return created


def _ensure_campaign(
    system: str, name: str, description: str, gm: User, players: Iterable[User]
) -> tuple[Campaign, bool]:
    campaign, created = Campaign.objects.get_or_create(
        name=name, system=system, defaults={"description": description}
    )
    Membership.objects.get_or_create(campaign=campaign, user=gm, defaults={"role": Role.GM})
    for player in players:
        Membership.objects.get_or_create(campaign=campaign, user=player)
    return campaign, created


@transaction.atomic
def load_demo() -> DemoSummary:
    gm, gm_created = _ensure_user(DEMO_GM)
    make_game_master_staff(gm)  # like every GM: edits their campaigns' records in the admin
    players = {name: _ensure_user(name) for name in DEMO_PLAYERS}
    owners = {name: user for name, (user, _) in players.items()}
    users_created = int(gm_created) + sum(created for _, created in players.values())
    campaigns_created = 0
    records: Counter[str] = Counter()
    for system, (name, description) in demo_campaigns().items():
        campaign, created = _ensure_campaign(system, name, description, gm, owners.values())
        campaigns_created += int(created)
        records.update(_ensure_records(campaign, owners))
    return DemoSummary(
        users_created,
        campaigns_created,
        characters_created=records["characters"],
        monsters_created=records["monsters"],
        weapons_created=records["weapons"],
        armor_created=records["armor"],
    )
