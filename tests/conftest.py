"""Shared fixtures: users in the four roles every permission test needs."""

import os

import pytest

# The fixtures through which a test reaches the database (pytest-django blocks it otherwise).
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "live_server"}
)


def uses_the_database(item: pytest.Item) -> bool:
    names = set(getattr(item, "fixturenames", ()))
    return bool(names & DATABASE_FIXTURES) or item.get_closest_marker("django_db") is not None


# Modules whose tests share one Redis server's channels and keys with every process (pub/sub
# channels are named by encounter ids, which two workers' databases both start at 1): under
# pytest-xdist (`make test` runs two workers) they all run in one worker, one after another.
SHARED_REDIS = frozenset(
    {"test_push.py", "test_push_hub.py", "test_two_servers_push.py", "test_security_more.py"}
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SHARED_REDIS:
            item.add_marker(pytest.mark.xdist_group("redis"))
    _database_only(config, items)


def _database_only(config: pytest.Config, items: list[pytest.Item]) -> None:
    """`TESTS_DATABASE_ONLY=1` (CI's second pass, on PostgreSQL): only the tests that reach the
    database. The others (the pure rules, the dice, the parsers) cannot tell one database from
    another and already ran in the first pass; pytest-django refuses them any database access,
    so none of them can depend on which one is configured."""
    if os.environ.get("TESTS_DATABASE_ONLY") != "1":
        return
    kept = [item for item in items if uses_the_database(item)]
    deselected = [item for item in items if not uses_the_database(item)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


@pytest.fixture(autouse=True)
def _fresh_cache():  # type: ignore[no-untyped-def]
    """Each test starts with an empty cache: one test's failed logins never throttle the next
    test's real login (config/throttle.py counts them in the cache); the template fragments
    kept in the process (the "fragments" cache) start empty too."""
    from django.core.cache import cache, caches

    cache.clear()
    caches["fragments"].clear()
    yield


@pytest.fixture
def make_user(django_user_model):  # type: ignore[no-untyped-def]
    def make(username: str):  # type: ignore[no-untyped-def]
        return django_user_model.objects.create_user(username=username, password="pw-" + username)

    return make


@pytest.fixture
def roles(db, make_user):  # type: ignore[no-untyped-def]
    """A campaign with a GM and a player, and an outsider who belongs elsewhere."""
    from campaigns.models import Campaign, Character, Invite, Membership, Monster, Role, Weapon
    from combat.rules.systems import get_system

    gm, player, outsider = make_user("gm"), make_user("player"), make_user("outsider")
    campaign = Campaign.objects.create(name="Stezka", system="draci_hlidka")
    Membership.objects.create(campaign=campaign, user=gm, role=Role.GM)
    player_membership = Membership.objects.create(campaign=campaign, user=player)
    other = Campaign.objects.create(name="Elsewhere", system="ose")
    Membership.objects.create(campaign=other, user=outsider, role=Role.GM)
    invite = Invite.objects.create(campaign=campaign, created_by=gm)
    system = get_system("draci_hlidka")
    character = Character.objects.create(
        campaign=campaign, system=campaign.system, name="Baldur", owner=player,
        stats=system.creature.defaults(),
    )  # fmt: skip
    monster = Monster.objects.create(
        campaign=campaign, system=campaign.system, name="Skřet", stats=system.creature.defaults()
    )
    library_monster = Monster.objects.create(
        system=campaign.system, name="Vlk", stats=system.creature.defaults()
    )
    library_weapon = Weapon.objects.create(
        system=campaign.system, name="Široký meč", stats=system.weapon.defaults()
    )
    from combat.models import Encounter

    encounter = Encounter.objects.create(campaign=campaign, name="Přepadení")
    return {
        "encounter": encounter,
        "character": character,
        "monster": monster,
        "library_monster": library_monster,
        "library_weapon": library_weapon,
        "gm": gm,
        "player": player,
        "outsider": outsider,
        "campaign": campaign,
        "player_membership": player_membership,
        "invite": invite,
    }


@pytest.fixture(autouse=True, scope="session")
def _flush_past_the_log_triggers():  # type: ignore[no-untyped-def]
    """Transactional tests end with `flush`; on SQLite it must pass the append-only triggers."""
    from django.core.management.commands import flush

    from campaigns.log_triggers import log_wipe_allowed

    original = flush.Command.handle

    def handle(self, **options):  # type: ignore[no-untyped-def]
        with log_wipe_allowed(options.get("database", "default")):
            return original(self, **options)

    flush.Command.handle = handle
    yield
    flush.Command.handle = original
