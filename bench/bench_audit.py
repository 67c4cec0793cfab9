"""The dice audit's page against a campaign's length (issue Q); writes its section of
benchmarks.md.

Run: ``.venv/bin/python bench/bench_audit.py`` (``DATABASE_URL`` for PostgreSQL, else SQLite in
a scratch file). The demo is loaded (bench.encounter_scenarios.prepare) and its Dračí Hlídka
campaign given 1,000 and then 20,000 audited rolls shaped as play makes them: half quick rolls,
half rolls of the demo fight's combatants, 1 to 8 d6 faces each (written straight into the
index: the page reads only the index). The GM's and a player's page are timed interleaved with
the bare template view (the login page), each as a ratio to it in the same run.
"""

from __future__ import annotations

import datetime
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.encounter_scenarios import prepare, setup_django  # noqa: E402
from bench.report import write_section  # noqa: E402

ROUNDS, CALLS = 5, 5
SIZES = (1_000, 20_000)


def _rolls(fight: Any, gm: Any, count: int, rng: random.Random) -> None:
    from django.utils import timezone

    from combat.models import AuditRoll, Origin, Source

    AuditRoll.objects.filter(campaign_id=fight.campaign_id).delete()
    keys = [row.key for row in fight.combatants.all()]
    now = timezone.now()
    rows = []
    for n in range(count):
        fought = n % 2 == 1
        roller = rng.choice(keys) if fought else ""
        rows.append(
            AuditRoll(
                campaign_id=fight.campaign_id,
                source=Source.FIGHT if fought else Source.QUICK,
                origin=Origin.SERVER,
                user=gm,
                encounter_id=fight.pk if fought else None,
                seq=1 if fought else None,
                roller=roller,
                hides_if=[roller] if fought else [],
                expression="8d6",
                dice=[[6, rng.randint(1, 6)] for _ in range(rng.randint(1, 8))],
                created_at=now,
            )
        )
    AuditRoll.objects.bulk_create(rows, batch_size=1000)


def _time(client: Any, url: str) -> float:
    start = time.perf_counter()
    for _ in range(CALLS):
        assert client.get(url).status_code == 200
    return (time.perf_counter() - start) / CALLS * 1000


def main() -> None:
    database = setup_django(None)
    scene = prepare()
    fight, gm, clients = scene["fights"]["demo"], scene["gm"], scene["clients"]
    url = f"/campaigns/{fight.campaign_id}/dice/"
    rows = []
    for size in SIZES:
        _rolls(fight, gm, size, random.Random(size))
        times: dict[str, list[float]] = {"bare": [], "gm": [], "player": []}
        for _ in range(ROUNDS):
            times["bare"].append(_time(clients["gm"], "/accounts/login/"))
            times["gm"].append(_time(clients["gm"], url))
            times["player"].append(_time(clients["player"], url))
        bare = statistics.median(times["bare"])
        for who in ("gm", "player"):
            ms = statistics.median(times[who])
            rows.append(f"| {size:,} | {who} | {ms:.1f} | {ms / bare:.0f}× | {bare:.1f} |")
    today = datetime.date.today().isoformat()
    body = "\n".join(
        [
            "## The dice audit (`bench/bench_audit.py`, issue Q)",
            "",
            f"Run {today} on {platform.python_version()}, {database}, in-process test client; "
            f"median of {ROUNDS} interleaved rounds of {CALLS} requests. The page counts at most "
            "the newest 20,000 rolls (combat.audit_read.TALLIED); a player's page also reads "
            "the fights' combatants to filter what their log shows.",
            "",
            "| rolls | viewer | ms | × bare | bare ms |",
            "|---|---|---|---|---|",
            *rows,
        ]
    )
    print(write_section("audit", body))


if __name__ == "__main__":
    main()
