"""Each benchmark owns one marked section of docs/benchmarks.md and rewrites only that."""

import re
from pathlib import Path

REPORT = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


def write_section(name: str, body: str) -> str:
    start, end = f"<!-- bench:{name}:start -->", f"<!-- bench:{name}:end -->"
    section = f"{start}\n{body.strip()}\n{end}\n"
    text = REPORT.read_text() if REPORT.exists() else "# Benchmarks\n\n"
    pattern = re.compile(re.escape(start) + r".*?" + re.escape(end) + r"\n?", re.DOTALL)
    if pattern.search(text):
        text = pattern.sub(lambda _: section, text, count=1)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    REPORT.write_text(text)
    return section
