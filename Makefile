# Two commands work on a fresh machine with only Python and make: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint typecheck pytest pytest-postgres eval bench sandbox clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/healthbot demo

test: $(STAMP) lint typecheck pytest pytest-postgres eval

# The offline planner must keep understanding what it claims to (README: "Evaluating the
# understanding"; the same threshold is OFFLINE_CLAIMED_MIN_F1 in tests/test_eval.py).
EVAL_MIN_F1 ?= 0.9
eval: $(STAMP)
	@out=$$(mktemp); $(BIN)/healthbot eval tests/data/eval_cases.jsonl --planner offline \
		--offline-claimed --min-f1 $(EVAL_MIN_F1) > $$out; status=$$?; tail -n 1 $$out; rm -f $$out; \
		exit $$status

lint: $(STAMP)
	$(BIN)/ruff check bot sandbox tests bench
	$(BIN)/ruff format --check bot sandbox tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

# The whole suite again with the bot's store on PostgreSQL (tests/replicas already ran on it).
pytest-postgres: $(STAMP)
	HEALTHBOT_TEST_DB=postgresql $(BIN)/pytest --ignore=tests/replicas

# The benchmarks' own extra (the floor bot's libraries), beside the test dependencies.
BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(BIN)/python -m bench

sandbox: $(STAMP)
	$(BIN)/healthbot sandbox serve

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
