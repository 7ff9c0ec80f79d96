# Table companion: build, test and run from a local virtualenv.

# Python 3.11 or newer: python3 if it is new enough, else python3.11.
PY ?= $(shell python3 -c 'import sys; print("python3" if sys.version_info >= (3, 11) else "python3.11")' 2>/dev/null || echo python3.11)
VENV = .venv

.PHONY: test check lint types run clean bench compiled

$(VENV)/.installed: pyproject.toml
	@$(PY) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
		echo "error: companion needs Python 3.11 or newer; \"$(PY)\" is missing or older." >&2; \
		echo "       Install python3.11, or run: make PY=/path/to/python3.11" >&2; exit 1; }
	$(PY) -m venv $(VENV)
	$(VENV)/bin/pip install -q --upgrade pip
	$(VENV)/bin/pip install -q -e '.[test]'
	$(VENV)/bin/pip install -q --no-deps 'mfrc522-python>=0.0.9,<0.1'
	touch $@

# The compiled engine `companion simulate` plays with: built once per version of its source (about
# a minute on a PC, docs/pi.md for a Pi), nothing to do when it is there; without a C
# compiler it says so and simulate plays pure.
# A failed build does not stop the rest: tests/test_compiled.py then fails and says why.
compiled: $(VENV)/.installed
	-$(VENV)/bin/python -m companion.compiled

# The suite runs in three processes, a test module at a time each (pytest-xdist): the browser tests
# wait on pages more than they work, so two cores keep three busy; the longest modules go first, in
# the order tests/conftest.py puts them (--no-loadscope-reorder: xdist would hand out the modules
# with the most tests first, and the whole games, one test each, last), and a run fails if a test it
# collected never reported (tests/every_test_reported.py). `make test PARALLEL=` runs it in one process.
PARALLEL ?= -n 3 --dist loadfile --no-loadscope-reorder

# Everything: lint, types and the whole suite (what .ci/run runs).
test: compiled
	$(VENV)/bin/ruff check companion tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/python -m pytest $(PARALLEL)

# The fast part, for every edit: lint, types and the tests not marked slow (a slow module says so
# itself, `pytestmark = pytest.mark.slow`: processes, servers, browsers, builds, many games).
check: $(VENV)/.installed
	$(VENV)/bin/ruff check companion tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/python -m pytest $(PARALLEL) -m "not slow"

lint: $(VENV)/.installed
	$(VENV)/bin/ruff check companion tests bench

types: $(VENV)/.installed
	$(VENV)/bin/mypy

run: compiled
	$(VENV)/bin/companion run --simulate --open --data .data

# Benchmarks (kept out of the suite). `companion simulate` as a user runs it, with gamescomputersplay/
# monopoly beside it when PEER names a checkout of it; then the engine in one process, both builds.
bench: compiled
	$(VENV)/bin/python bench/simulate_speed.py $(if $(PEER),--peer $(PEER))
	$(VENV)/bin/python bench/engine_speed.py --engine pure
	$(VENV)/bin/python bench/engine_speed.py --engine compiled
	$(VENV)/bin/python bench/replay_speed.py --engine pure
	$(VENV)/bin/python bench/replay_speed.py --engine compiled
	$(VENV)/bin/python bench/ledger_speed.py
	$(VENV)/bin/python bench/dashboard_speed.py
	$(VENV)/bin/python bench/churn_memory.py
	$(VENV)/bin/python bench/reader_speed.py
	$(VENV)/bin/python bench/pages_speed.py
	$(VENV)/bin/python bench/page_weight.py
	$(VENV)/bin/python bench/odds_speed.py
	$(VENV)/bin/python bench/smart_bot.py
	$(VENV)/bin/python bench/computer_decision.py
	$(VENV)/bin/python bench/long_reads.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis .build build dist *.egg-info
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
