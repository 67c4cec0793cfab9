"""The crash drill (RELIABILITY R11) as a test: `make reliability` runs it on SQLite and, where a
PostgreSQL server is known (RELIABILITY_DATABASE_URL or DATABASE_URL), on PostgreSQL too.

It starts real servers and kills them, ~15 s per database, so `make test` skips it (it runs
only with RELIABILITY=1); REQUIRE_PG=1 (CI) turns a missing PostgreSQL into a failure.
"""

import os
import sys
from pathlib import Path

import pytest
from django.urls import reverse

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import restart_test  # noqa: E402

drill_only = pytest.mark.skipif(
    os.environ.get("RELIABILITY") != "1",
    reason="the live-server crash drill runs in `make reliability` (RELIABILITY=1)",
)


def _postgres_url() -> str | None:
    return restart_test.postgres_server(os.environ.get("RELIABILITY_DATABASE_URL"))


@drill_only
@pytest.mark.parametrize("db", ["sqlite", "postgres"])
def test_sigkill_twice_under_four_posting_clients_loses_no_acknowledged_action(db):
    url = _postgres_url()
    if db == "postgres" and url is None:
        if os.environ.get("REQUIRE_PG") == "1":
            pytest.fail("REQUIRE_PG=1 but neither RELIABILITY_DATABASE_URL nor DATABASE_URL is set")
        pytest.skip("no PostgreSQL server given (RELIABILITY_DATABASE_URL or DATABASE_URL)")
    result = restart_test.drill(db, url)
    print(result)  # the figures, for the CI log (-s or on failure)
    assert result["kills"] == 2
    assert result["acknowledged"] >= 20 and result["events"] > 0 and result["rolls"] > 0
    assert result["missing"] == []  # every answered action is in the database
    assert result["duplicated"] == []  # retries with the same key added nothing
    assert result["server_errors"] == [] and result["abandoned"] == []
    assert result["chain_breaks"] == [] and result["replay_differences"] == []
    assert result["hp_as_logged"] and result["page_shows_hp"]
    assert result["page_same_after_restart"]
    assert result["problems"] == []
    assert result["ok"]


def test_healthz_answers_without_the_database(client):
    """The bare view of the load benchmark and the drill's readiness probe. No `db` fixture:
    pytest-django fails the test if the view (or a middleware on its way) opens the database."""
    response = client.get(reverse("healthz"))
    assert response.status_code == 200 and response.content == b"ok"
    assert client.post(reverse("healthz")).status_code == 405
