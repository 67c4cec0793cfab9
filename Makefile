# Iniciativa: `make run` starts the app with demo data; `make test` runs every check.
SHELL := /bin/bash
# The first Python 3.11+ that really runs (a pyenv shim may exist for a version that does not).
PYTHON ?= $(shell for p in python3 python3.13 python3.12 python3.11; do $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000
TEST_WORKERS ?= 2  # pytest-xdist workers for `make test` (tests/conftest.py groups the Redis tests)

.PHONY: run test install lint messages bench reliability backup restore clean

$(VENV)/.installed: pyproject.toml
	@test -n "$(PYTHON)" || { echo "Python 3.11 or newer is needed (set PYTHON=...)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	# xstatic-bootstrap ships only as an sdist whose build needs pkg_resources.
	$(PIP) install --quiet "setuptools<81" wheel
	$(PIP) install --quiet --no-build-isolation "xstatic-bootstrap>=5.3,<5.4"
	$(PIP) install --quiet -e ".[dev]"
	@touch $@

install: $(VENV)/.installed

run: install
	DEBUG=1 $(PY) manage.py migrate --noinput
	DEBUG=1 $(PY) manage.py load_demo
	@echo "Iniciativa runs on http://$(HOST):$(PORT)/ (Ctrl+C stops it)"
	DEBUG=1 $(PY) manage.py runserver $(HOST):$(PORT)

lint: install
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	DEBUG=1 $(VENV)/bin/mypy

test: lint
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run >/dev/null
	FAST_PASSWORD_HASHER=1 $(PY) -m pytest -rs -n $(TEST_WORKERS) --dist loadgroup $(PYTEST_ARGS)

messages: install
	DEBUG=1 $(PY) manage.py makemessages -l cs -l en -l pl --no-obsolete --ignore=.venv --ignore=staticfiles --ignore=tests
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv

# Every benchmark; each rewrites its own section of docs/benchmarks.md. The load benchmark needs
# a PostgreSQL server (DATABASE_URL, else postgres@127.0.0.1:5432) and takes about 3 minutes.
bench: install
	$(PY) bench/bench_dice.py
	$(PY) bench/bench_encounter.py
	$(PY) bench/bench_history.py
	$(PY) bench/bench_simulate.py
	$(PY) bench/bench_load.py
	$(PY) bench/bench_phone.py
	$(PY) bench/bench_audit.py

# The crash drill (bench/restart_test.py: SIGKILL the server twice under four posting clients) on
# SQLite, and on PostgreSQL when RELIABILITY_DATABASE_URL or DATABASE_URL names a server
# (REQUIRE_PG=1 makes its absence a failure). About 15 s per database, so not in `make test`.
reliability: install
	RELIABILITY=1 $(PY) -m pytest -rs -p no:cacheprovider tests/reliability/test_restart.py $(PYTEST_ARGS)

# A consistent copy while the app runs: `make backup [FILE=path]` (default backups/…), and
# `make restore FILE=path` (stop the app first; asks before replacing unless NOINPUT=1).
# Production sets SECRET_KEY; without it these run with DEBUG=1, as `make run` does.
MANAGE := $(if $(SECRET_KEY),,DEBUG=1) $(PY) manage.py
backup: install
	$(MANAGE) backup $(FILE)

restore: install
	@test -n "$(FILE)" || { echo "Usage: make restore FILE=backups/iniciativa-….sqlite3 (or .dump)"; exit 2; }
	$(MANAGE) restore "$(FILE)" $(if $(NOINPUT),--noinput,)

clean:
	rm -rf $(VENV) staticfiles .test-db.sqlite3*
