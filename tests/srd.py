"""Where the tests find the real 5e SRD data: ../shared/data/srd5e beside the repository.

The data is third-party and never copied into the repository. Without it the SRD tests skip,
except in CI (CI=true), where its absence is a failure.
"""

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest


def srd_dir() -> Path:
    override = os.environ.get("INICIATIVA_SRD_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[1].parent / "shared" / "data" / "srd5e"


@cache
def load(filename: str) -> list[dict[str, Any]]:
    path = srd_dir() / filename
    if not path.is_file():
        reason = f"SRD data not found at {path}; set INICIATIVA_SRD_DIR"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    data: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return data
