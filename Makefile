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

# Bots play one deal through camera frames, the recogniser, the engine and the screen:
# in a window when a display exists, else headless with the screens as PNGs in demo-out/.
demo: $(STAMP)
	@if [ -n "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		$(BIN)/gouji-table demo --out demo-out; \
	else \
		$(BIN)/gouji-table demo --headless --out demo-out; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check gouji vision display device tests bench

typecheck: $(STAMP)
	$(BIN)/mypy --strict gouji vision display device

unit: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/pytest

test: lint typecheck unit

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache
