# Iniciativa: `make run` starts the app with demo data; `make test` runs every check.
SHELL := /bin/bash
# The first Python 3.11+ that really runs (a pyenv shim may exist for a version that does not).
PYTHON ?= $(shell for p in python3 python3.13 python3.12 python3.11; do $$p -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null && { echo $$p; break; }; done)
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install lint messages bench clean

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
	$(VENV)/bin/mypy

test: lint
	DEBUG=1 $(PY) manage.py makemigrations --check --dry-run >/dev/null
	FAST_PASSWORD_HASHER=1 $(PY) -m pytest -rs $(PYTEST_ARGS)

messages: install
	DEBUG=1 $(PY) manage.py makemessages -l cs -l en -l pl --no-obsolete --ignore=.venv --ignore=staticfiles
	DEBUG=1 $(PY) manage.py compilemessages --ignore=.venv

bench: install
	$(PY) bench/bench_dice.py
	$(PY) bench/bench_encounter.py

clean:
	rm -rf $(VENV) staticfiles .test-db.sqlite3*
