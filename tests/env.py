"""Loaded with `-p tests.env` before Django starts: the environment every test run shares."""

import os

# Tests never run in DEBUG; this key exists only for them (production sets SECRET_KEY itself).
os.environ.setdefault("SECRET_KEY", "test-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")
# The real hasher costs ~225 ms per login (RELIABILITY.md); tests of throttling opt back in.
os.environ.setdefault("FAST_PASSWORD_HASHER", "1")
# Hashed static names need `collectstatic`; tests use the plain storage and the finders.
os.environ.setdefault("MANIFEST_STATIC", "0")
# The login throttle counts in the cache: tests use the per-process memory cache (cleared before
# each test, tests/conftest.py), never a Redis that would carry counts between runs. The Redis
# test of the throttle (R13) names its own server.
os.environ.pop("REDIS_URL", None)
