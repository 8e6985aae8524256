"""Counts the SQL of the process it is loaded into, for `bench.e2e`, from outside bot/.

Python imports `sitecustomize` at start from the first folder on its path that has one; the
e2e benchmark puts this folder first on the bot subprocess's PYTHONPATH and names two paths in
BENCH_SQL_COUNTS, "FIFO,FILE". Listeners on SQLAlchemy's `Engine` class (so on every engine
the process makes, the async ones' sync engines included) count:

- statements: `before_cursor_execute`, once per execute or executemany, PRAGMAs included,
  also by kind: the first word and the first table named ("SELECT accounts");
- transactions: the `begin` event (explicit or autobegun), with commits and rollbacks beside;
- what the bot sends to the driver itself (`bot.store.direct`, the statements every message
  runs): its statements, and each of its transactions that wrote, as a begin and a commit.

Each time the benchmark writes to FIFO, a thread asleep on it writes the counts so far, and a
sequence number, to FILE as JSON. Without BENCH_SQL_COUNTS it does nothing.

With BENCH_TRACEMALLOC=FOLDER as well, Python's allocations are traced from the start (imports
included) and each request also dumps a `tracemalloc` snapshot to FOLDER/<sequence>.snapshot,
to see what a process holds (`python -m bench.holds FOLDER`); the figures it reports then
are not the untraced process's.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections import Counter
from typing import Any

_TABLE = re.compile(r"\b(?:FROM|INTO|UPDATE|JOIN)\s+\"?(\w+)", re.IGNORECASE)


_NESTED = re.compile(r"\([^()]*\)")


def _kind(statement: str) -> str:
    verb = (statement.split(None, 1) or ["?"])[0].upper()
    outer, inner = statement, ""
    while outer != inner:  # subqueries out, so the table named is the statement's own
        inner, outer = outer, _NESTED.sub("", outer)
    table = _TABLE.search(outer)
    return f"{verb} {table.group(1)}" if table else verb


def _install(fifo: str, path: str) -> None:
    counts: dict[str, Any] = {"statements": 0, "begin": 0, "commit": 0, "rollback": 0, "seq": 0}
    kinds: Counter[str] = Counter()
    _count_sql(counts, kinds)
    _serve(fifo, path, counts, kinds)


def _count_sql(counts: dict[str, Any], kinds: Counter[str]) -> None:
    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    known: dict[str, str] = {}  # statement -> kind: the same texts come again and again

    def statement(_conn: object, _cursor: object, sql: str, *_: object) -> None:
        counts["statements"] += 1
        kind = known.get(sql)
        if kind is None:
            kind = known[sql] = _kind(sql)
        kinds[kind] += 1

    def counter(name: str) -> Any:
        def count(*_: object, **__: object) -> None:
            counts[name] += 1

        return count

    event.listen(Engine, "before_cursor_execute", statement)
    for name in ("begin", "commit", "rollback"):
        event.listen(Engine, name, counter(name))

    def direct(what: str, sql: str) -> None:
        if what == "statement":
            statement(None, None, sql)
        else:
            counts["begin"] += 1
            counts["commit"] += 1

    from bot.store.direct import Direct

    Direct.observers.append(direct)


def _serve(fifo: str, path: str, counts: dict[str, Any], kinds: Counter[str]) -> None:
    """Answer each request on `fifo` with the counts so far and the process's CPU time
    (CLOCK_PROCESS_CPUTIME_ID, every thread, to the microsecond) in `path`."""

    snapshots = os.environ.get("BENCH_TRACEMALLOC")
    if snapshots:
        import tracemalloc

        tracemalloc.start(int(os.environ.get("BENCH_TRACEMALLOC_FRAMES", "1")))

    import gc

    collecting: dict[int, float] = {}

    def timed(phase: str, info: dict[str, int]) -> None:
        """The collector's time by generation, for the figures: `gc_s` and `gc_runs`."""
        if phase == "start":
            collecting[0] = time.process_time()
            return
        generation = str(info["generation"])
        spent = time.process_time() - collecting.pop(0, time.process_time())
        counts.setdefault("gc_s", {}).setdefault(generation, 0.0)
        counts.setdefault("gc_runs", {}).setdefault(generation, 0)
        counts["gc_s"][generation] += spent
        counts["gc_runs"][generation] += 1

    gc.callbacks.append(timed)

    def serve() -> None:
        while True:
            with open(fifo, "rb") as asked:  # blocks until the benchmark opens it to write
                asked.read()
            counts["seq"] += 1
            if snapshots:
                tracemalloc.take_snapshot().dump(f"{snapshots}/{counts['seq']}.snapshot")
            counts["cpu_s"] = time.process_time()
            with open(path + ".tmp", "w") as out:
                json.dump({**counts, "kinds": dict(kinds)}, out)
            os.replace(path + ".tmp", path)

    threading.Thread(target=serve, name="bench-sql-counts", daemon=True).start()


if _where := os.environ.get("BENCH_SQL_COUNTS"):
    _install(*_where.split(",", 1))
elif _where := os.environ.get("BENCH_CPU"):  # the CPU time alone (the floor bots: no SQL)
    _serve(*_where.split(",", 1), {"seq": 0}, Counter())
