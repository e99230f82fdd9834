# monster-solver: `make run` and `make test` work from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The browser test drives Debian's chromium (never a downloaded one); installed when missing.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test fuzz lint bench serve clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,ray]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/monsters manno verify

$(CHROMIUM):
	$(SUDO) apt-get update -qq
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# Two processes, a test file each at a time; schemathesis's per-operation tests run
# only in one process, so its file runs after the rest, beside the linters.
FUZZ := tests/api/test_fuzz.py

test: $(STAMP) $(CHROMIUM)
	cd clients && npm ci --no-audit --no-fund
	$(BIN)/pytest -n 2 --dist loadfile --ignore=$(FUZZ)
	$(MAKE) --no-print-directory -j2 --output-sync=target fuzz lint

# schemathesis keeps one core busy; the linters take the other meanwhile
fuzz: $(STAMP)
	$(BIN)/pytest $(FUZZ)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks.manno_engines
	$(BIN)/python -m benchmarks.manno_tasks
	$(BIN)/python -m benchmarks.api_load
	$(BIN)/python -m benchmarks.game_routes
	$(BIN)/python -m benchmarks.load.overload
	$(BIN)/python -m benchmarks.load.soak
	$(BIN)/python -m benchmarks.load.kill
	$(BIN)/python -m benchmarks.slow_clients
	$(BIN)/python -m benchmarks.fuzz_states
	$(BIN)/python -m benchmarks.strength

serve: $(STAMP)
	$(BIN)/monsters serve

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
