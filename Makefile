# Two commands do everything on a fresh machine with Python 3.11+:
#   make run    the main job (the table server on http://127.0.0.1:8000)
#   make test   lint, type-check and run the test suite
VENV ?= .venv
PYTHON ?= python3
BIN = $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint typecheck pytest bench play simulate clean

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	$(BIN)/python -c 'from majiang.analysis.compiled import warm; warm()'  # compiled once, cached
	touch $@

$(BIN)/.bench-installed: $(BIN)/.installed
	$(BIN)/python -m pip install -q -e '.[dev,bench]'
	touch $@

run: $(BIN)/.installed
	$(BIN)/majiang serve --host $(HOST) --port $(PORT)

play: $(BIN)/.installed
	$(BIN)/majiang play --rules tuidaohu

test: $(BIN)/.installed lint typecheck pytest

lint: $(BIN)/.installed
	$(BIN)/ruff check majiang tests

typecheck: $(BIN)/.installed
	$(BIN)/mypy

pytest: $(BIN)/.installed
	$(BIN)/pytest

bench: $(BIN)/.bench-installed
	$(BIN)/majiang bench

simulate: $(BIN)/.installed
	$(BIN)/majiang simulate --rules tuidaohu --hands 1000 --seed 1

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
