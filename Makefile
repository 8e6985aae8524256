# Two commands work on a fresh machine with only Python and make: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: lock demo test lint typecheck pytest pytest-postgres eval bench test-llm sandbox clean catalogs

# Every dependency at the version and hash of the lock (requirements/test.txt: the bot's,
# the sandbox's and the tests'), then the project itself on top, without resolving again.
$(STAMP): requirements/test.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements/test.txt
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

# The locks, pinned with hashes for Python 3.11 on Linux from pyproject.toml:
# requirements/runtime.txt (the bot alone: the Dockerfile) and requirements/test.txt (the bot,
# the sandbox and the tests: `make test`, `make demo`). Run after changing a dependency;
# UPGRADE=1 moves every pin to the newest release the ranges allow.
LOCK_VENV := .venv-lock
LOCK_FLAGS = --quiet --generate-hashes --strip-extras --allow-unsafe --no-emit-index-url \
	--no-emit-find-links $(if $(UPGRADE),--upgrade)
lock:
	test -x $(LOCK_VENV)/bin/pip-compile || ($(PYTHON) -m venv $(LOCK_VENV) \
		&& $(LOCK_VENV)/bin/pip install --quiet pip-tools)
	CUSTOM_COMPILE_COMMAND="make lock" $(LOCK_VENV)/bin/pip-compile $(LOCK_FLAGS) \
		-o requirements/runtime.txt pyproject.toml
	CUSTOM_COMPILE_COMMAND="make lock" $(LOCK_VENV)/bin/pip-compile $(LOCK_FLAGS) \
		--extra sandbox --extra test -o requirements/test.txt pyproject.toml

# Each language's catalog compiled (bot/render/words.py reads the .mo); READY is what every
# target that runs the bot needs.
MO := $(patsubst %.po,%.mo,$(wildcard bot/render/locales/*/LC_MESSAGES/*.po))
%.mo: %.po $(STAMP)
	$(BIN)/pybabel -q compile -i $< -o $@
READY := $(STAMP) $(MO)

# After a text in bot/render/ changed: the template gets every message id, each language's
# catalog the new ones (empty until translated; tests/render/test_catalogs.py fails on an
# empty one). A new language is a new .po file and nothing else: `pybabel init -i
# bot/render/locales/healthbot.pot -d bot/render/locales -D healthbot -l pt`, then translate it
# (bot/render/words.py speaks every language with a catalog).
catalogs: $(READY)
	$(BIN)/pybabel -q extract -F babel.cfg --no-wrap --sort-by-file --project healthbot \
		-k pgettext:1c,2 -k N_ -k NP_:1c,2,3 -o bot/render/locales/healthbot.pot .
	$(BIN)/pybabel -q update --no-wrap -N --ignore-obsolete -i bot/render/locales/healthbot.pot \
		-d bot/render/locales -D healthbot
	$(BIN)/pybabel -q compile -d bot/render/locales -D healthbot

demo: $(READY)
	$(BIN)/healthbot demo

test: $(READY) lint typecheck pytest pytest-postgres eval

# The offline planner must keep understanding people (README: "Evaluating the understanding";
# the same thresholds are in tests/test_eval.py): F1 on the development cases it claims, on
# all of them, and on the held-out cases it is never tuned to.
EVAL_CLAIMED_MIN_F1 ?= 0.95
EVAL_ALL_MIN_F1 ?= 0.85
EVAL_HELDOUT_MIN_F1 ?= 0.85
EVAL_NEWWRITER_MIN_F1 ?= 0.79
EVAL_GATES := "tests/data/eval_cases.jsonl --offline-claimed --min-f1 $(EVAL_CLAIMED_MIN_F1)" \
	"tests/data/eval_cases.jsonl --min-f1 $(EVAL_ALL_MIN_F1)" \
	"tests/data/eval_heldout.jsonl --min-f1 $(EVAL_HELDOUT_MIN_F1)" \
	"tests/data/eval_newwriter.jsonl --min-f1 $(EVAL_NEWWRITER_MIN_F1)"
eval: $(READY)
	@status=0; out=$$(mktemp); for gate in $(EVAL_GATES); do \
		$(BIN)/healthbot eval $$gate --planner offline > $$out || status=1; \
		echo "$$gate: $$(tail -n 1 $$out)"; \
	done; rm -f $$out; exit $$status

lint: $(READY)
	$(BIN)/ruff check bot sandbox tests bench
	$(BIN)/ruff format --check bot sandbox tests bench

typecheck: $(READY)
	$(BIN)/mypy

pytest: $(READY)
	$(BIN)/pytest

# Again with the bot's store on PostgreSQL: the tests that reach it (marked bot_store by
# tests/fixtures/core.py, which fails any test that reaches it unmarked); no other test can
# tell the two databases apart. tests/replicas already ran on PostgreSQL.
pytest-postgres: $(READY)
	HEALTHBOT_TEST_DB=postgresql $(BIN)/pytest -m bot_store --ignore=tests/replicas

# The benchmarks' own extra (the floor bot's libraries), beside the test dependencies.
BENCH_STAMP := $(VENV)/.installed-bench
$(BENCH_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[sandbox,test,bench]'
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP) $(MO)
	$(BIN)/python -m bench

# The LLM path against a real OpenAI-compatible server (README "A local model"): not part of
# `make test`, as installing the server compiles llama.cpp (4.4 min on 2 shared cores).
LLM_STAMP := $(VENV)/.installed-llm-test
$(LLM_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[sandbox,test,llm-test]'
	touch $(LLM_STAMP)

# Fails when the tests or the prompt-cache bench fail; the bench runs either way (its
# figures say why a failing run was slow). HEALTHBOT_REAL_LLM_URL=http://HOST:PORT/v1 points
# the tests (not the bench) at a server already running instead of starting one.
test-llm: $(LLM_STAMP) $(MO)
	@status=0; HEALTHBOT_REAL_LLM=1 $(BIN)/pytest tests/llm_real -p no:cacheprovider -rA || status=$$?; \
		$(BIN)/python -m bench.llm_server || status=$$((status ? status : 1)); exit $$status

sandbox: $(READY)
	$(BIN)/healthbot sandbox serve

clean:
	rm -rf $(VENV) $(LOCK_VENV) .pytest_cache .mypy_cache .ruff_cache
