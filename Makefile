# monster-solver: `make run` and `make test` work from a fresh clone.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench serve clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/monsters manno verify

test: $(STAMP)
	$(BIN)/pytest
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks.manno_engines
	$(BIN)/python -m benchmarks.manno_tasks
	$(BIN)/python -m benchmarks.api_load

serve: $(STAMP)
	$(BIN)/monsters serve

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
