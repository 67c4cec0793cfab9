"""What a phone downloads (issue M): the player's encounter page, a changed poll (the whole
board, and the board that keeps the page's log with one new entry) and an unchanged poll
(204), without compression and gzipped; an idle hour of polling; and the
page's first render in Chromium on a throttled phone profile.

Run: ``.venv/bin/python bench/bench_phone.py`` (writes the "phone" section of docs/benchmarks.md).
The byte counts are the response as sent (status line, headers, body) through Django's test
client with and without ``Accept-Encoding: gzip``; the render is a real server and Chromium.
"""

from __future__ import annotations

import datetime
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.encounter_scenarios import HTMX, prepare, setup_django  # noqa: E402

POLL_SECONDS = 2  # static/js/app.js polls the board every 2 s
PHONE = {"width": 390, "height": 844}
# Chrome DevTools' "Fast 3G" network and a 4× slower CPU, as Lighthouse's mobile profile.
NETWORK = {
    "offline": False,
    "latency": 150,
    "downloadThroughput": 1_600_000 / 8 * 0.9,
    "uploadThroughput": 750_000 / 8 * 0.9,
}
CPU_SLOWDOWN = 4
KEPT = "changed poll, the log kept (one new entry)"


def _sent(response: Any) -> int:
    """The bytes on the wire: status line, headers and body."""
    status = f"HTTP/1.1 {response.status_code} {response.reason_phrase}\r\n".encode()
    return len(status) + len(response.serialize_headers()) + 4 + len(response.content)


def sizes(state: dict[str, Any]) -> dict[str, tuple[int, int]]:
    """Name → (bytes without compression, bytes gzipped), as the player's phone asks."""
    from combat import workflows
    from combat.live import seen_mark
    from combat.models import Encounter

    encounter = state["fights"]["demo"]
    client = state["clients"]["player"]
    page = f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/"
    now = Encounter.objects.get(pk=encounter.pk)
    seen = seen_mark(now.events.order_by("-seq").first())
    asks = {
        "encounter page": ({}, {}),
        "changed poll (the whole board)": ({"version": now.version - 1, "seen": seen}, HTMX),
        "unchanged poll (204)": ({"version": now.version, "seen": seen}, HTMX),
    }
    found = {name: _both(client, page, *ask) for name, ask in asks.items()}
    # As static/js/app.js polls: with what its board shows, after the GM's next turn.
    board = re.search(r'<div id="board"[^>]*>', client.get(page).content.decode())[0]
    shown = dict(re.findall(r'data-(seen|view)="([^"]*)"', board))
    workflows.next_turn(encounter.pk, state["gm"], "phone-next-turn")
    now = Encounter.objects.get(pk=encounter.pk)
    query = {"version": now.version - 1, "seen": shown["seen"], "shown": shown["seen"]}
    found[KEPT] = _both(client, page, {**query, "view": shown["view"]}, HTMX)
    assert 'class="log-new"' in client.get(page, {**query, "view": shown["view"]}, **HTMX).text
    return found


def _both(client: Any, page: str, query: dict[str, Any], headers: dict[str, str]) -> Any:
    plain = client.get(page, query, **headers)
    packed = client.get(page, query, HTTP_ACCEPT_ENCODING="gzip", **headers)
    assert plain.status_code == packed.status_code, query
    return (_sent(plain), _sent(packed))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def first_render(state: dict[str, Any], rounds: int = 5) -> dict[str, float]:
    """Medians in ms of the player's page on a throttled phone: first contentful paint and
    DOMContentLoaded, over `rounds` fresh loads."""
    from django.conf import settings
    from playwright.sync_api import sync_playwright

    encounter = state["fights"]["demo"]
    port = _free_port()
    env = {
        **os.environ,
        "SQLITE_PATH": str(settings.DATABASES["default"]["NAME"]),
        "ALLOWED_HOSTS": "127.0.0.1",
        "DEBUG": "0",
    }
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", "--insecure", f"127.0.0.1:{port}"],
        cwd=Path(__file__).resolve().parents[1],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        with sync_playwright() as playwright:
            chromium = shutil.which("chromium") or shutil.which("chromium-browser")
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            context = browser.new_context(viewport=PHONE, base_url=base, is_mobile=True)
            page = context.new_page()
            page.goto("/accounts/login/")
            page.locator("#id_username").fill("hrac")
            page.locator("#id_password").fill("iniciativa")
            page.locator("form button[type=submit]").last.click()
            page.wait_for_url(lambda url: "login" not in url)
            paints, ready = [], []
            url = f"/campaigns/{encounter.campaign_id}/encounters/{encounter.pk}/"
            for _ in range(rounds):
                fresh = context.new_page()
                cdp = context.new_cdp_session(fresh)
                cdp.send("Network.enable")
                cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
                cdp.send("Network.emulateNetworkConditions", NETWORK)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
                fresh.goto(url, wait_until="load")
                timing = fresh.evaluate(
                    "() => ({fcp: (performance.getEntriesByName('first-contentful-paint')[0]"
                    " || {}).startTime, dcl: performance.getEntriesByType('navigation')[0]"
                    ".domContentLoadedEventEnd})"
                )
                paints.append(float(timing["fcp"]))
                ready.append(float(timing["dcl"]))
                fresh.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
    return {
        "first contentful paint": statistics.median(paints),
        "DOMContentLoaded": statistics.median(ready),
    }


def report(found: dict[str, tuple[int, int]], render: dict[str, float], database: str) -> str:
    polls = 3600 // POLL_SECONDS
    idle_plain, idle_packed = (polls * found["unchanged poll (204)"][i] for i in (0, 1))
    when = datetime.date.today().isoformat()
    lines = [
        "## Phone: bytes and first render (issue M)",
        "",
        f"Run {when} on {os.cpu_count()} CPUs, Python {platform.python_version()}, {database}. "
        "The player `hrac` on a 390 px phone, the demo's Dračí Hlídka fight (7 combatants), "
        "in English. Bytes as sent: status line, headers and body, through Django's test client "
        "without compression (before) and with `Accept-Encoding: gzip` (after: "
        "`GZipMiddleware`, whose random gzip header bytes and Django's per-response CSRF masking "
        "keep BREACH from reading a secret out of the sizes).",
        "",
        "| response | before: bytes | after: bytes | after ÷ before |",
        "|---|---|---|---|",
    ]
    for name, (plain, packed) in found.items():
        lines.append(f"| {name} | {plain:,} | {packed:,} | {packed / plain:.2f} |")
    lines += [
        f"| an idle hour of polling ({polls:,} unchanged polls, one every {POLL_SECONDS} s) "
        f"| {idle_plain / 1024:,.0f} KiB | {idle_packed / 1024:,.0f} KiB | "
        f"{idle_packed / idle_plain:.2f} |",
        "",
        "An unchanged poll has no body: what it costs is its headers, which compression does not "
        "touch. A change sends the board once to every open page: the whole board to a page "
        "that asks without saying what it shows; to a page that does (static/js/app.js sends "
        "its board's newest entry and how its log was read), the board with the log left as "
        "the page keeps it and only the new entries to add to it (combat.log_html.log_page; "
        "the whole log again after an undo or redo the page may read, or when the reading "
        "changed). The demo's log holds 7 entries; a page of 30 weighs more and saves more.",
        "",
        f"First render of the same page in Chromium (median of 5 fresh loads, cache off) on a "
        f"throttled phone profile — Fast 3G ({NETWORK['latency']} ms latency, 1.6 Mbit/s down) "
        f"and the CPU {CPU_SLOWDOWN}× slower: first contentful paint "
        f"**{render['first contentful paint']:.0f} ms**, DOMContentLoaded "
        f"**{render['DOMContentLoaded']:.0f} ms**.",
    ]
    return "\n".join(lines)


def main() -> None:
    from bench.report import write_section

    database = setup_django(None)
    state = prepare()
    found = sizes(state)
    render = first_render(state)
    print(write_section("phone", report(found, render, database)))


if __name__ == "__main__":
    main()
