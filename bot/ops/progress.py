"""A progress bar for the long runs of `healthbot eval` and `healthbot parse` with a model.

A local model takes seconds a message, so scoring a set of cases takes minutes: the bar says
how many cases are done, the model's requests and tokens so far, and the time left. It is
drawn on stderr with rich, and only when stderr is a terminal (checked on the stream itself,
so `FORCE_COLOR` in a CI job's environment does not put a bar in its log); stdout is never
touched or redirected, so what a script reads there (parse's JSON lines, eval's report
ending with the `overall:` line) is the same with or without a bar.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

from rich.console import Console
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from bot.render import ops

__all__ = ["RunProgress", "run_progress", "terminal_console"]


class RunProgress:
    """Counts a run's cases and the model's requests and tokens, on a bar or nowhere."""

    def __init__(self, progress: Progress | None = None, task: TaskID | None = None) -> None:
        self._progress = progress
        self._task = task
        self.done = 0
        self.requests = 0
        self.tokens = 0

    def case_done(self, *, requests: int = 0, tokens: int = 0) -> None:
        """One case (or line) finished, having cost `requests` requests and `tokens` tokens."""
        self.done += 1
        self.requests += requests
        self.tokens += tokens
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=1, requests=self.requests, tokens=self.tokens)


class _CountsColumn(ProgressColumn):
    """Cases done (of how many, when known), requests and tokens, worded by bot/render."""

    def render(self, task: Task) -> Text:
        total = None if task.total is None else int(task.total)
        requests, tokens = task.fields.get("requests", 0), task.fields.get("tokens", 0)
        counted = task.fields.get("counted", "")
        return Text(ops.progress_counts(counted, int(task.completed), total, requests, tokens))


def terminal_console(stream: IO[str] | None = None) -> Console | None:
    """A console on `stream` (stderr by default) when it is a terminal; None when it is not."""
    stream = sys.stderr if stream is None else stream
    isatty = getattr(stream, "isatty", None)
    try:
        if isatty is None or not isatty():
            return None
    except ValueError:  # a closed stream
        return None
    return Console(file=stream, force_terminal=True)


@contextmanager
def run_progress(
    total: int | None, *, console: Console | None, label: str
) -> Iterator[RunProgress]:
    """A bar of `total` items (None: not known in advance) on `console`, led by `label` (the
    command: `eval` counts cases, `parse` messages); with no console (not a terminal), the
    same counting and nothing drawn."""
    if console is None:
        yield RunProgress()
        return
    # Narrow enough for an 80-column terminal; the time left needs a known total.
    clock = TimeElapsedColumn() if total is None else TimeRemainingColumn()
    progress = Progress(
        TextColumn(label),
        BarColumn(bar_width=20),
        _CountsColumn(),
        clock,
        console=console,
        redirect_stdout=False,  # stdout belongs to the command's output, bar or not
        redirect_stderr=True,  # warnings logged meanwhile print above the bar
    )
    with progress:
        task = progress.add_task(label, total=total, counted=label, requests=0, tokens=0)
        yield RunProgress(progress, task)
