# monster-solver: `make run` and `make test` work from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The browser test drives Debian's chromium (never a downloaded one); installed when missing.
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Where the environment asks Python to write no bytecode (PYTHONDONTWRITEBYTECODE, as
# some containers set), every test process, and every server and command line the
# tests start, would compile the project and rewrite the tests' asserts anew: 15 of
# the 25 s it takes to collect the suite. Bytecode is kept under the venv instead,
# never in the checkout.
export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test deps node suite fuzz lint bench serve clean

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

# The generated-client tests' own tools: openapi-python-client and mypy in their own
# venv (the stamp holds the requirements it was made from, as tests/api/test_clients.py
# checks), and the pinned node packages (and axe-core, which the browser tests inject).
CLIENT_VENV := clients/.venv
CLIENT_STAMP := $(CLIENT_VENV)/.installed
CLIENT_REQUIREMENTS := clients/python/requirements.txt

$(CLIENT_STAMP): $(CLIENT_REQUIREMENTS)
	$(PYTHON) -m venv --clear $(CLIENT_VENV)
	$(CLIENT_VENV)/bin/pip install --quiet --requirement $(CLIENT_REQUIREMENTS)
	cp $(CLIENT_REQUIREMENTS) $@

node:
	cd clients && npm ci --no-audit --no-fund
	cd tests/api/browser && npm ci --no-audit --no-fund

# Everything the tests need, fetched side by side (mostly waiting on the network).
deps: $(STAMP) $(CHROMIUM) $(CLIENT_STAMP) node

# Three test processes on two cores, a test file each at a time: a fifth of the
# suite's time is spent waiting (on servers starting and stopping, timeouts running
# out, subprocesses), which a third process fills. schemathesis's per-operation tests
# run only outside pytest-xdist, so its file is a process of its own; it and the
# linters run beside the suite.
FUZZ := tests/api/test_fuzz.py
test:
	$(MAKE) --no-print-directory -j4 --output-sync=target deps
	$(MAKE) --no-print-directory -j3 --output-sync=target suite fuzz lint

suite: $(STAMP)
	$(BIN)/pytest -n 3 --dist loadfile --ignore=$(FUZZ)

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
