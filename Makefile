# `make run` and `make test` are the README's; `make dev`, `lint`, `bench` and the rest are in docs/operations.md.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1:8000

.PHONY: run dev test install install-test migrate demo lint format bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the dependencies change.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

migrate: install
	$(BIN)/python manage.py migrate --noinput

demo: migrate
	$(BIN)/python manage.py load_demo

# The hall's server (waitress, DEBUG off); the work is in `manage.py serve`, which is
# also what an organizer without make runs.
run: install
	$(BIN)/python manage.py serve $(HOST)

# Django's development server: DEBUG on, reloads on code changes.
dev: demo
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST)

# The suite in a process per core and one more (pytest-xdist): a third of its time is
# spent waiting on servers, browsers and scripts, which the extra process fills. Each
# has its own test database; a process that runs out of tests takes some of another's
# (worksteal), so that the slow ones at the end do not leave the others idle.
# `make test PYTEST_ARGS=` runs it in one.
PYTEST_ARGS ?= -n $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)") --dist worksteal
test: install-test
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Style, formatting and dead code (vulture: paths and allow-list in pyproject.toml).
lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/vulture

format: install-test
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: install
	$(BIN)/python scripts/bench_scoring.py
	$(BIN)/python scripts/bench_petrtyl.py
	$(BIN)/python scripts/bench_statistics.py

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache .hypothesis
