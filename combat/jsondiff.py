"""Where two JSON values differ, by path: the replay's comparison of recorded and re-resolved."""

from __future__ import annotations

import json
from typing import Any

MISSING = "(missing)"  # how a key present on one side only is shown on the other


def plain(value: Any) -> Any:
    """JSON as stored: tuples become lists, mappings dicts — so both sides compare alike."""
    return json.loads(json.dumps(value, default=str))


def differences(path: str, recorded: Any, replayed: Any) -> list[tuple[str, Any, Any]]:
    """Every place two plain JSON values differ, as (path, recorded, replayed).

    Paths read like "data.damage" and "rolls[0].faces[0]"; true and 1 differ (as in JSON).
    """
    if isinstance(recorded, dict) and isinstance(replayed, dict):
        found: list[tuple[str, Any, Any]] = []
        for key in [*recorded, *(k for k in replayed if k not in recorded)]:
            old, new = recorded.get(key, MISSING), replayed.get(key, MISSING)
            found += differences(f"{path}.{key}", old, new)
        return found
    if isinstance(recorded, list) and isinstance(replayed, list):
        if len(recorded) != len(replayed):
            return [(f"{path} (length)", len(recorded), len(replayed))]
        found = []
        for index, (old, new) in enumerate(zip(recorded, replayed, strict=True)):
            found += differences(f"{path}[{index}]", old, new)
        return found
    same = type(recorded) is type(replayed) and recorded == replayed
    return [] if same else [(path, recorded, replayed)]


def short(value: Any, limit: int = 120) -> str:
    """A value as one line of JSON, cut at `limit` characters."""
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."
