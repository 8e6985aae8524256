"""For whoever runs the bot: `healthbot run` refusing to start, and `healthbot doctor`'s checks.

Printed to the operator's terminal or log; what came from outside (an error, a URL, a name)
is escaped.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.render.format import esc

__all__ = [
    "LLM_HINT",
    "doctor_db_absent",
    "doctor_db_behind",
    "doctor_db_failed",
    "doctor_db_ok",
    "doctor_db_unwritable",
    "doctor_encryption_bad",
    "doctor_encryption_invalid",
    "doctor_encryption_missing",
    "doctor_encryption_ok",
    "doctor_line",
    "doctor_llm_context_small",
    "doctor_llm_failed",
    "doctor_llm_invalid_calls",
    "doctor_llm_limit_over",
    "doctor_llm_limit_small",
    "doctor_llm_limit_under",
    "doctor_llm_misread",
    "doctor_llm_no_tool_call",
    "doctor_llm_off",
    "doctor_llm_tokens",
    "doctor_llm_tools_ok",
    "doctor_prompt_size",
    "doctor_receiver_not_running",
    "doctor_receiver_off",
    "doctor_receiver_ok",
    "doctor_receiver_stuck",
    "doctor_service_bad_key",
    "doctor_service_down",
    "doctor_service_no_key",
    "doctor_service_ok",
    "doctor_summary",
    "doctor_telegram_missing",
    "doctor_telegram_ok",
    "doctor_telegram_refused",
    "doctor_telegram_unreachable",
    "llm_probe_result",
    "needs_sandbox_extra",
    "progress_counts",
    "run_needs_encryption_key",
    "run_needs_token",
    "run_needs_webhook_url",
    "run_refused",
    "run_stopped_by_telegram",
    "run_telegram_gave_up",
    "run_telegram_unreachable",
    "setting_invalid",
    "setting_needs_scheme",
]


# `healthbot run` refusing to start (printed to the operator's terminal)


def setting_invalid(name: str, problem: str) -> str:
    return f"healthbot: the setting {name} is not valid: {problem}. .env.example describes it."


def setting_needs_scheme(name: str) -> str:
    return (
        f"healthbot: the setting {name} needs a URL that starts with http:// or https:// "
        "(for example http://127.0.0.1:8787). .env.example describes it."
    )


def needs_sandbox_extra(module: str) -> str:
    return (
        f"healthbot: this command serves the sandbox, which needs {module} (the sandbox extra, "
        "left out of the bot's own install). Install it with: pip install 'healthbot[sandbox]' "
        "(from a checkout: pip install -e '.[sandbox]', or make demo)."
    )


def run_refused(problem: str) -> str:
    return f"healthbot: {problem}"


def run_needs_token() -> str:
    return "TELEGRAM_BOT_TOKEN is not set: create a bot with @BotFather and put its token there."


def run_needs_encryption_key(hint: str) -> str:
    return f"BOT_ENCRYPTION_KEY is not set; {hint}"


def run_needs_webhook_url() -> str:
    return "WEBHOOK_URL is not set: the public https URL Telegram should post updates to."


def run_telegram_unreachable(
    base_url: str, error: str, attempt: int, attempts: int, wait: float
) -> str:
    return (
        f"{doctor_telegram_unreachable(base_url, error)} Trying again in {wait:g} s "
        f"(attempt {attempt} of {attempts})."
    )


def run_telegram_gave_up(base_url: str, error: str, attempts: int) -> str:
    tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
    return (
        f"{doctor_telegram_unreachable(base_url, error)} Gave up after {tries}; "
        "TELEGRAM_START_ATTEMPTS and TELEGRAM_START_MAX_WAIT_SECONDS set how long I try."
    )


def run_stopped_by_telegram(error: str) -> str:
    return (
        f"Telegram stopped the bot ({esc(error)}). `healthbot doctor` checks the token and network."
    )


# `healthbot doctor`


def doctor_line(ok: bool | None, message: str) -> str:
    mark = {True: "✓", False: "✗", None: "–"}[ok]
    return f"{mark} {message}"


def doctor_summary(failed: int) -> str:
    if failed == 0:
        return "All checks passed."
    checks = "1 check" if failed == 1 else f"{failed} checks"
    return f"{checks} failed; each says how to fix it above."


def doctor_encryption_ok(count: int) -> str:
    old = "1 old key" if count == 2 else f"{count - 1} old keys"
    extra = f" (+{old} for rotation)" if count > 1 else ""
    return f"BOT_ENCRYPTION_KEY is a valid Fernet key{extra}."


def doctor_encryption_bad(problem: str) -> str:
    return (
        f"BOT_ENCRYPTION_KEY: {esc(problem)} Make one with: python -c "
        "'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'"
    )


def doctor_encryption_missing(hint: str) -> str:
    return f"BOT_ENCRYPTION_KEY is not set; {esc(hint)}"


def doctor_encryption_invalid(position: int, hint: str) -> str:
    return (
        f"BOT_ENCRYPTION_KEY entry {position} is not a valid Fernet key (32 url-safe "
        f"base64-encoded bytes); {esc(hint)}"
    )


def doctor_telegram_missing() -> str:
    return "TELEGRAM_BOT_TOKEN is not set. Create a bot with @BotFather and put its token in .env."


def doctor_telegram_unreachable(base_url: str, error: str) -> str:
    return f"Telegram Bot API at {esc(base_url)} is unreachable ({esc(error)}). Check the network."


def doctor_telegram_refused(status: int) -> str:
    return f"Telegram refused the bot token (HTTP {status}). Copy it again from @BotFather."


def doctor_telegram_ok(username: str) -> str:
    return f"Telegram accepts the token: the bot is @{esc(username)}."


def doctor_llm_off() -> str:
    return "OPENAI_API_KEY is not set: the bot uses its built-in rules only."


def doctor_llm_failed(model: str, error: str) -> str:
    return (
        f"The LLM ({esc(model)}) did not answer a tool-calling probe ({esc(error)}). Check "
        "OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL."
    )


# How to give a model tools, by server: what fixes a model that answers in prose.
LLM_TOOLS_TEMPLATE = (
    "a chat format or template that supports tools (llama-cpp-python: "
    "--chat_format chatml-function-calling; llama.cpp's llama-server: --jinja)"
)


def _another_model(model: str, model_set: bool, what: str = "calls tools") -> str:
    """Where to choose another model: OPENAI_MODEL while it is unset (the default names
    OpenAI's), the server's model once it names one."""
    if model_set:
        return f"a model that {what} in place of {esc(model)}"
    return f"a model that {what} and set OPENAI_MODEL to it (unset, the bot asks for {esc(model)})"


def doctor_llm_tools_ok(
    model: str, message: str, tools: Sequence[str], understood: Sequence[str]
) -> str:
    """`understood`: what the calls would log, for the operator to judge (a small model's
    valid call may still log the wrong food)."""
    called = ", ".join(esc(tool) for tool in dict.fromkeys(tools))
    return (
        f"The LLM ({esc(model)}) answers “{esc(message)}” with valid tool calls ({called}): "
        f"{_logs(understood)}."
    )


def _logs(understood: Sequence[str]) -> str:
    """What a probe's calls would log, the first few lines of it."""
    return "; ".join(esc(line[:80]) for line in understood[:4]) or "nothing to log"


def doctor_llm_no_tool_call(model: str, message: str, model_set: bool) -> str:
    return (
        f"The LLM ({esc(model)}) answered “{esc(message)}” without a tool call, so it cannot "
        f"log anything: serve it with {LLM_TOOLS_TEMPLATE} or choose "
        f"{_another_model(model, model_set)}."
    )


def doctor_llm_invalid_calls(
    model: str, message: str, problems: Sequence[tuple[str, str]], model_set: bool
) -> str:
    calls = "1 tool call" if len(problems) == 1 else f"{len(problems)} tool calls"
    why = "; ".join(f"{esc(tool)}: {esc(reason[:160])}" for tool, reason in problems[:3])
    return (
        f"The LLM ({esc(model)}) answered “{esc(message)}” with {calls} that did not validate "
        f"({why}), so logging would fail: choose "
        f"{_another_model(model, model_set, 'follows tool schemas')}, or {LLM_TOOLS_TEMPLATE}."
    )


def doctor_llm_misread(model: str, message: str, understood: Sequence[str], model_set: bool) -> str:
    return (
        f"The LLM ({esc(model)}) answers “{esc(message)}” with valid tool calls that log "
        f"something else ({_logs(understood)}): it is too small or unsuited to follow the "
        f"bot's tools. Choose {_another_model(model, model_set, 'is larger and calls tools')}."
    )


def doctor_llm_tokens(server: int | None, estimate: int, context: int | None) -> str:
    """The probe request's size as the server counted it, beside the local estimate."""
    if server:
        prompt = f"{server:,} prompt tokens counted by the server ({estimate:,} by tiktoken)"
    else:
        prompt = f"about {estimate:,} prompt tokens by tiktoken (the server reported no usage)"
    size = f"context {context:,} tokens" if context else "context size unknown (not reported)"
    return f"That request: {prompt}; {size}."


def doctor_llm_context_small(
    context: int, prompt: int, room: int, size: int, tell: int | None
) -> str:
    """`tell`: the LLM_CONTEXT_TOKENS to set beside the server's new size (None: already)."""
    also = f", and set LLM_CONTEXT_TOKENS={tell}" if tell is not None else ""
    return (
        f"The model's context ({context:,} tokens) leaves less than {room:,} tokens beside the "
        f"{prompt:,} of the prompt for the conversation and the answer: start the server with "
        f"{_larger_context(size)}{also}."
    )


def _larger_context(size: int) -> str:
    return f"a larger context (llama-cpp-python: --n_ctx {size}; llama-server: --ctx-size {size})"


def _assumed(limit: int, limit_set: bool) -> str:
    if limit_set:
        return f"LLM_CONTEXT_TOKENS is {limit:,}"
    return f"the bot assumes {limit:,} tokens (LLM_CONTEXT_TOKENS unset)"


def doctor_llm_limit_small(limit: int, limit_set: bool, prompt: int, size: int) -> str:
    """The server does not say its context, and the one the bot assumes is too small."""
    return (
        f"The server does not say its context size, and {_assumed(limit, limit_set)}: "
        f"beside the {prompt:,} of the prompt that leaves too little for a conversation. Start "
        f"the server with {_larger_context(size)} and set LLM_CONTEXT_TOKENS={size}."
    )


def doctor_llm_limit_over(limit: int, limit_set: bool, context: int) -> str:
    return (
        f"The server runs with a context of {context:,} tokens but "
        f"{_assumed(limit, limit_set)}, so longer conversations would be refused: set "
        f"LLM_CONTEXT_TOKENS={context}."
    )


def doctor_llm_limit_under(limit: int, limit_set: bool, context: int) -> str:
    return (
        f"The server runs with a context of {context:,} tokens but "
        f"{_assumed(limit, limit_set)}: set LLM_CONTEXT_TOKENS={context} to remember more of a "
        "conversation."
    )


def doctor_prompt_size(budget: dict[str, int]) -> str:
    return (
        f"Prompt size: {budget.get('system_prompt', 0)} tokens system prompt + "
        f"{budget.get('tools', 0)} tokens for {budget.get('tool_count', 0)} tools = "
        f"{budget.get('total', 0)} (target <= {budget.get('budget', 0)})."
    )


def doctor_service_no_key(base_url: str) -> str:
    return f"Service at {esc(base_url)}: pass --key YOUR_KEY to check it with GET /me."


def doctor_service_bad_key() -> str:
    return "The service refused that key (401). Copy it again from the dashboard's API card."


def doctor_service_down(base_url: str, error: str) -> str:
    return f"The service at {esc(base_url)} failed: {esc(error)}. Check AGENT_API_BASE_URL."


def doctor_service_ok(base_url: str, name: str | None) -> str:
    return f"The service at {esc(base_url)} accepts the key (user: {esc(name or '?')})."


def doctor_db_failed(error: str) -> str:
    return f"The database could not be opened or migrated ({esc(error)}). Check DATABASE_URL."


def doctor_db_ok(backend: str) -> str:
    return f"The database ({esc(backend)}) is reachable and migrated."


def doctor_db_absent(path: str) -> str:
    return f"No database at {esc(path)} yet; the bot creates it when it first starts."


def doctor_db_unwritable(path: str) -> str:
    return f"The database {esc(path)} cannot be created: its folder is not writable."


def doctor_db_behind(backend: str) -> str:
    return f"The database ({esc(backend)}) is reachable; the bot updates its tables at start."


def doctor_receiver_off() -> str:
    return "HEALTH_PORT is not set: a running bot's receiver cannot be checked from here."


def doctor_receiver_not_running(url: str) -> str:
    return f"No bot answers at {esc(url)}: it is not running here (or HEALTH_PORT differs)."


def doctor_receiver_ok(why: str) -> str:
    return f"The running bot is {esc(why)}."


def doctor_receiver_stuck(why: str) -> str:
    return (
        f"The running bot is not receiving updates: {esc(why)}. Check the database (a lock "
        "held by a backup or a shell, a read-only file); restarting it loses nothing."
    )


def progress_counts(command: str, done: int, total: int | None, requests: int, tokens: int) -> str:
    """A long run's progress, beside its bar: what `command` (eval, parse) has done so far and
    the model's requests and tokens."""
    what = "messages" if command == "parse" else "cases"
    count = f"{done}/{total}" if total is not None else f"{done}"
    return f"{count} {what} · {requests:,} requests · {tokens:,} tokens"


# For whoever runs the bot (the terminal prints it as `Reply.operator_note`), never for a chat.
LLM_HINT = "With an LLM configured through OPENAI_API_KEY I would understand free text too."


def llm_probe_result(model: str, tool_called: bool) -> str:
    """`healthbot doctor`: did the model answer a trivial request with a tool call?"""
    if tool_called:
        return f"tool calling works: {model} answered with a tool call"
    return (
        f"{model} answered without a tool call: this model or server may not support tool "
        "calling, so logging would fail (try another OPENAI_MODEL)"
    )
