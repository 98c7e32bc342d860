# The workbench's two commands: `make lab` and `make test`. Both create .venv on first use
# and reinstall only when pyproject.toml changes (the stamp file is keyed on its hash).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)
PORT ?= 8888
APP_PORT ?= 8866

# Python keeps each module compiled (__pycache__, ignored by git) even where the environment
# says not to: every kernel, server and test worker imports the workbench, and compiling it
# again in each took about 0.4 s a process.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: lab app test soak rule-breaks rules-coverage lint format bench bench-strength gallery install clean

install: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev,distributed,search]'
	@rm -f $(VENV)/.installed-*
	@touch $@

# notebook_shim (classic notebook extensions: the workbench has none) is left off: it read
# the deprecated ServerApp.token at every start, and Jupyter Server printed a warning for it.
# The kernels talk to the server over local sockets (IPC), not TCP ports.
lab: $(STAMP)
	$(BIN)/jupyter lab --no-browser --ip=127.0.0.1 --port=$(PORT) --notebook-dir=notebooks $(if $(filter 0,$(shell id -u)),--allow-root,) \
		--ServerApp.jpserver_extensions=notebook_shim=False --KernelManager.transport=ipc \
		--ServerApp.kernel_websocket_connection_class=workbench.server.NoDelayKernelWebsocketConnection

# The teacher app: the game stepper in Voilà (workbench/app_server.py), for this machine only
# (127.0.0.1, and only to a Host naming it) and for whoever holds the token it prints with its
# URL. At most MAX_KERNELS kernels at once (one a page; 12 unless given), the warm ones
# included (POOL_SIZE kernels that have run the app before a page asks; 1 unless given); a
# closed page's kernel is freed within CULL_IDLE + CULL_INTERVAL seconds (40 + 10 unless
# given). Stops on Ctrl-C or SIGTERM.
APP_OPTIONS = $(if $(MAX_KERNELS),--max-kernels=$(MAX_KERNELS)) \
	$(if $(CULL_IDLE),--cull-idle=$(CULL_IDLE)) $(if $(CULL_INTERVAL),--cull-interval=$(CULL_INTERVAL)) \
	$(if $(POOL_SIZE),--pool-size=$(POOL_SIZE))
app: $(STAMP)
	$(BIN)/python -m workbench.app_server app/teacher.ipynb --port=$(APP_PORT) $(APP_OPTIONS)

# Every test, doctest and notebook, on TEST_WORKERS processes (pytest-xdist); `make test
# TEST_WORKERS=0` runs them in this one process. Three on a 2-core machine: the workers that
# drive the servers and browsers wait on them much of the time (from a fresh clone here:
# 335 s with three). A notebook kernel silent for 30 s at start is replaced (conftest.py).
TEST_WORKERS ?= 3
test: $(STAMP)
	$(BIN)/python -m pytest --nbval --nbval-sanitize-with notebooks/nbval-sanitize.cfg \
		--nbval-kernel-startup-timeout=30 \
		-n $(TEST_WORKERS) $(PYTEST_ARGS)

# The tested promises of RELIABILITY.md, run long: fuzzing every shipped file, killing saves,
# and thousands of whole games (SOAK_GAMES of every game, scenario and option of the sample,
# every invariant checked): the fuzzing files whole and at scale, then every other test
# marked `soak` wherever it is.
SOAK_FUZZ ?= 500
SOAK_KILLS ?= 200
SOAK_GAMES ?= 100
SOAK_TAMPER ?= 2000
SOAK_API ?= 20000
SOAK_WIDGETS ?= 2000
SOAK_LEARN ?= 3000
SOAK_OPENSPIEL ?= 5000
SOAK_GAME_CALLS ?= 20000
SOAK_SWEEPS ?= 5000
SOAK_BOUNDS ?= 200
SOAK_FILES = tests/test_file_fuzz.py tests/test_save_kill.py tests/test_file_reliability.py \
	tests/test_playouts.py tests/test_record_tampering.py tests/test_api_fuzz.py \
	tests/test_bounded_work.py tests/test_saves_load.py tests/test_widget_arguments.py \
	tests/test_learn_safety.py tests/test_openspiel_fuzz.py tests/test_game_function_safety.py \
	tests/test_balance_players_safety.py tests/test_bounds_fuzz.py
soak: $(STAMP)
	WORKBENCH_FUZZ_EXAMPLES=$(SOAK_FUZZ) WORKBENCH_SAVE_KILLS=$(SOAK_KILLS) \
	WORKBENCH_SOAK_GAMES=$(SOAK_GAMES) WORKBENCH_TAMPER_EXAMPLES=$(SOAK_TAMPER) \
	WORKBENCH_API_FUZZ_EXAMPLES=$(SOAK_API) WORKBENCH_WIDGET_FUZZ_EXAMPLES=$(SOAK_WIDGETS) \
	WORKBENCH_LEARN_FUZZ_EXAMPLES=$(SOAK_LEARN) \
	WORKBENCH_OPENSPIEL_FUZZ_EXAMPLES=$(SOAK_OPENSPIEL) \
	WORKBENCH_GAME_FUZZ_EXAMPLES=$(SOAK_GAME_CALLS) WORKBENCH_SWEEP_FUZZ_EXAMPLES=$(SOAK_SWEEPS) \
	WORKBENCH_BOUNDS_FUZZ_EXAMPLES=$(SOAK_BOUNDS) \
	$(BIN)/python -m pytest -s -p no:cacheprovider -m "soak or not soak" -n $(TEST_WORKERS) \
		$(SOAK_FILES) $(PYTEST_ARGS)
	$(BIN)/python -m pytest -s -p no:cacheprovider -m soak -n $(TEST_WORKERS) tests \
		$(addprefix --ignore=,$(SOAK_FILES)) $(PYTEST_ARGS)

# The checking power of the fast suite: ten deliberate rule breaks (tools/rule_breaks.py), each
# applied in turn to a copy of the repository, and each must make `make test`'s tests fail
# (notebooks and browsers aside). `make rule-breaks BREAKS="pv-never-stagnant"` runs some.
rule-breaks: $(STAMP)
	$(BIN)/python tools/rule_breaks.py $(BREAKS)

# The rules coverage map (tools/rules_coverage.py): each sentence of the rulebook texts quoted by
# a test, explained (tools/rules_coverage_reasons.json) or uncovered; prints the coverage by
# rulebook and chapter and writes build/rules-coverage.html. It reads your rulebook texts
# (WORKBENCH_RULEBOOKS, else rulebooks/) and says why and stops without them.
# `make rules-coverage COVERAGE_ARGS=--uncovered` also lists the uncovered sentences.
rules-coverage: $(STAMP)
	$(BIN)/python tools/rules_coverage.py $(COVERAGE_ARGS)

lint: $(STAMP)
	$(BIN)/ruff check workbench tests benchmarks
	$(BIN)/ruff format --check workbench tests benchmarks
	$(BIN)/mypy
	$(BIN)/mypy benchmarks

format: $(STAMP)
	$(BIN)/ruff format workbench tests benchmarks
	$(BIN)/ruff check --fix workbench tests benchmarks

# The benchmarks also time a peer library, from the `bench` extra (installed once per pyproject).
BENCH_STAMP := $(VENV)/.bench-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,dev,bench]'
	@rm -f $(VENV)/.bench-*
	@touch $@

# The search players' strength (benchmarks/strength.py; long: not part of `make test`).
bench-strength: $(STAMP)
	$(BIN)/python -m benchmarks.strength $(STRENGTH_ARGS)

bench: $(BENCH_STAMP)
	$(BIN)/python -m benchmarks

# Every shipped board and scenario in every theme as PNG under build/gallery/<theme>/ (not
# committed: build/ is ignored), for a person to look through.
gallery: $(STAMP)
	$(BIN)/python -m workbench.gallery build/gallery

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
