"""Each benchmark owns one marked section of docs/benchmarks.md and rewrites only that.

`make bench` runs every benchmark; the file keeps its sections in ORDER whichever ran last, so
a partial run (one script by hand) leaves the others' numbers and dates as they were.
"""

import re
from pathlib import Path

REPORT = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"
# bench_<name>.py writes section <name>
ORDER = ("dice", "encounter", "history", "simulate", "load", "poll", "knee", "phone", "audit")
HEADER = (
    "# Benchmarks\n\n"
    "Measured numbers, each section written by its script under `bench/` with the date it ran "
    "(`make bench` runs them all; the load section needs PostgreSQL). Latency on a shared "
    "2-core machine is noisy: read the ratios and the medians, not single values.\n"
)
SECTION = re.compile(r"<!-- bench:(\w+):start -->\n(.*?)\n<!-- bench:\1:end -->\n?", re.DOTALL)


def write_section(name: str, body: str) -> str:
    text = REPORT.read_text() if REPORT.exists() else ""
    sections = {found.group(1): found.group(2) for found in SECTION.finditer(text)}
    sections[name] = body.strip()
    names = [n for n in ORDER if n in sections] + sorted(set(sections) - set(ORDER))
    blocks = [f"<!-- bench:{n}:start -->\n{sections[n]}\n<!-- bench:{n}:end -->" for n in names]
    REPORT.write_text(HEADER + "\n" + "\n\n".join(blocks) + "\n")
    return blocks[names.index(name)] + "\n"
