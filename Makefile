# The README's two commands: `make demo` and `make test`. Both set everything up themselves.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck unit setup clean

setup: $(STAMP)

$(STAMP): pyproject.toml scripts/setup-system.sh
	bash scripts/setup-system.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	GOUJI_TABLE=$(BIN)/gouji-table bash scripts/rules-walkthrough.sh

lint: $(STAMP)
	$(BIN)/ruff check gouji vision display device tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict gouji vision display device

unit: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest

test: lint typecheck unit

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache
