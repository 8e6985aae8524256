"""`healthbot run | demo | chat | parse | sandbox | eval | doctor`: the one composition root.

Settings are read here, once; everything else receives them. Imports of heavy parts happen
inside each command so `healthbot --help` stays instant.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Annotated

import typer

from bot.config import URL_SCHEME_ERROR, Settings

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="healthbot: log your health by chatting. The Telegram bot, a terminal demo, the sandbox.",
)
sandbox_app = typer.Typer(help="The local stand-in of the health service's agent API.")
app.add_typer(sandbox_app, name="sandbox")

# What the sandbox extra brings (pyproject.toml): the server the sandbox runs on.
SANDBOX_MODULES = frozenset({"fastapi", "starlette", "uvicorn"})

Host = Annotated[str, typer.Option(help="Interface to listen on.")]
Port = Annotated[int, typer.Option(help="Port to listen on.")]
Db = Annotated[str, typer.Option(help="SQLite file path or SQLAlchemy URL.")]
Latency = Annotated[int, typer.Option("--latency", help="Added latency per request, in ms.")]
FailRate = Annotated[float, typer.Option("--fail-rate", help="Share of writes answered 503.")]
RateLimit = Annotated[int, typer.Option("--rate-limit", help="Requests per minute per key.")]


@app.command()
def run(
    webhook: Annotated[bool, typer.Option(help="Serve a webhook instead of polling.")] = False,
) -> None:
    """Run the Telegram bot (polling by default)."""
    from bot.telegram.run import main_run

    raise typer.Exit(main_run(_settings(), webhook=webhook))


Language = Annotated[
    str | None,
    typer.Option(help="Reply in this language (en, de, es, fr, it); default: the terminal's LANG."),
]


@app.command()
def demo(language: Language = None) -> None:
    """Try the bot in this terminal against an in-process sandbox; needs nothing else."""
    with _sandbox_extra():
        from bot.terminal.demo import run_demo

        raise typer.Exit(run_demo(_settings(), language))


@app.command()
def chat(language: Language = None) -> None:
    """Chat in this terminal with your real account (AGENT_API_BASE_URL, AGENT_API_KEY)."""
    from bot.terminal.demo import run_chat

    raise typer.Exit(run_chat(_settings(), language))


@sandbox_app.callback(invoke_without_command=True)
def sandbox(
    ctx: typer.Context,
    host: Host = "127.0.0.1",
    port: Port = 8787,
    db: Db = "sandbox.db",
    latency: Latency = 0,
    fail_rate: FailRate = 0.0,
    rate_limit: RateLimit = 0,
) -> None:
    """Serve the sandbox (same as `healthbot sandbox serve`)."""
    if ctx.invoked_subcommand is None:
        serve(host, port, db, latency, fail_rate, rate_limit)


@sandbox_app.command("serve")
def serve(
    host: Host = "127.0.0.1",
    port: Port = 8787,
    db: Db = "sandbox.db",
    latency: Latency = 0,
    fail_rate: FailRate = 0.0,
    rate_limit: RateLimit = 0,
) -> None:
    """Serve the sandbox agent API."""
    with _sandbox_extra():
        from sandbox.cli import serve as serve_sandbox

        serve_sandbox(host, port, db, latency, fail_rate, rate_limit)


@sandbox_app.command("add-user")
def add_user(
    name: Annotated[str, typer.Argument(help="Display name of the new user.")],
    db: Db = "sandbox.db",
    timezone: Annotated[str, typer.Option(help="The user's IANA timezone.")] = "UTC",
) -> None:
    """Create a sandbox user; prints the new API key alone on the last line."""
    with _sandbox_extra():
        from sandbox.cli import add_user_cli

        raise typer.Exit(add_user_cli(name, db, timezone))


@app.command("eval")
def eval_(
    cases: Annotated[str, typer.Argument(help="JSONL file of labelled cases.")],
    planner: Annotated[str, typer.Option(help="offline or llm")] = "offline",
    min_f1: Annotated[float | None, typer.Option(help="Exit 1 below this F1.")] = None,
    offline_claimed: Annotated[
        bool, typer.Option(help="Only the cases the offline planner claims to handle.")
    ] = False,
    record: Annotated[
        str | None, typer.Option(help="With --planner llm: write the model's answers here.")
    ] = None,
    replay: Annotated[
        str | None,
        typer.Option(help="With --planner llm: score the answers recorded here, no model."),
    ] = None,
) -> None:
    """Score a planner on labelled cases; the last line is the overall F1."""
    with _sandbox_extra():
        from bot.ops.eval import main_eval

    if planner not in ("offline", "llm"):
        raise typer.BadParameter("planner must be 'offline' or 'llm'")
    settings = _settings() if planner == "llm" else None
    raise typer.Exit(
        main_eval(
            cases,
            planner,
            min_f1,
            offline_claimed,
            record=record,
            replay=replay,
            settings=settings,
        )
    )


@app.command()
def parse(
    planner: Annotated[str, typer.Option(help="offline (needs nothing) or llm")] = "offline",
    timezone: Annotated[str, typer.Option(help="IANA zone of lines that name none.")] = "UTC",
    now: Annotated[
        str | None,
        typer.Option(help="Local time YYYY-MM-DDTHH:MM of lines that name none; default now."),
    ] = None,
    language: Annotated[
        str, typer.Option(help="The reader's language (en, de, es, fr, it): foods and reply.")
    ] = "en",
) -> None:
    """What the bot would send and say for each message on stdin, as JSON lines; writes nothing."""
    from bot.ops.parse import main_parse

    if planner not in ("offline", "llm"):
        raise typer.BadParameter("planner must be 'offline' or 'llm'")
    raise typer.Exit(main_parse(_settings(), planner, timezone, now, language))


@app.command()
def doctor(
    key: Annotated[
        str | None, typer.Option(help="A service API key to check with GET /me.")
    ] = None,
) -> None:
    """Check every setting and dependency, and say how to fix what is wrong."""
    from bot.ops.doctor import run_doctor

    raise typer.Exit(run_doctor(_settings(), key=key))


@contextmanager
def _sandbox_extra() -> Iterator[None]:
    """Where a command needs the sandbox's server and the install left the extra out (the
    production image does), it says how to install it in one line, not a traceback."""
    try:
        yield
    except ModuleNotFoundError as exc:
        module = (exc.name or "").partition(".")[0]
        if module not in SANDBOX_MODULES:
            raise
        from bot.render import ops

        typer.echo(ops.needs_sandbox_extra(module), err=True)
        raise typer.Exit(2) from None


def _settings() -> Settings:
    """Settings from the environment and `.env`; a value that does not parse is said in one
    line (its name and why, never the value, which may be a secret), not a traceback."""
    from pydantic import ValidationError

    try:
        return Settings()
    except ValidationError as exc:
        from bot.render import ops

        for error in exc.errors():
            name = "_".join(str(part) for part in error["loc"]).upper()
            if error["type"] == URL_SCHEME_ERROR:
                typer.echo(ops.setting_needs_scheme(name), err=True)
            else:
                typer.echo(ops.setting_invalid(name, error["msg"]), err=True)
        raise typer.Exit(2) from None


def main() -> None:
    app(prog_name="healthbot")


if __name__ == "__main__":  # pragma: no cover
    main()
