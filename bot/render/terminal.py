"""The terminal front ends and the CLI: `healthbot demo` and `healthbot chat`.

Texts are Telegram-safe HTML like the rest (the terminal prints them through `to_plain`).
"""

from __future__ import annotations

from bot.render.format import esc
from bot.render.ops import doctor_db_failed

__all__ = [
    "chat_database_failed",
    "chat_key_file",
    "chat_key_file_bad",
    "chat_needs_encryption_key",
    "chat_needs_key",
    "chat_service_down_linked",
    "chat_service_refused_key",
    "chat_service_unreachable",
    "demo_banner",
    "demo_link_again",
    "terminal_line_failed",
    "terminal_still_waiting",
    "terminal_sync_failed",
]


def demo_banner(sandbox_url: str, llm: bool) -> str:
    brain = "your AI model" if llm else "the built-in rules (set OPENAI_API_KEY for an AI model)"
    return (
        "healthbot demo — a sandbox health service runs at "
        f"{esc(sandbox_url)} with a demo account. I understand you through {brain}.\n"
        "Type what you ate or how you feel; /today, /help, /quit."
    )


def chat_needs_key() -> str:
    return (
        "healthbot chat needs AGENT_API_KEY (your service API key) and AGENT_API_BASE_URL "
        "in the environment or .env. Try `healthbot demo` to use a local sandbox instead."
    )


def chat_needs_encryption_key(hint: str) -> str:
    return (
        "healthbot chat: BOT_ENCRYPTION_KEY is not set and DATABASE_URL is not a SQLite file "
        f"I could keep a key beside; set BOT_ENCRYPTION_KEY ({hint})."
    )


def chat_key_file_bad(path: str, problem: str) -> str:
    return (
        f"healthbot chat: the encryption key file {path} {problem}. Fix or move it (without "
        "it the API key stored in the database is unreadable: you link again), or set "
        "BOT_ENCRYPTION_KEY."
    )


def chat_key_file(path: str, created: bool) -> str:
    made = "made a new one and keep it" if created else "use the one kept"
    return (
        f"BOT_ENCRYPTION_KEY is not set: I {made} in {path} (readable by you only), so "
        "this database stays readable on your next run."
    )


def chat_service_refused_key() -> str:
    return (
        "healthbot chat: the service refused AGENT_API_KEY. Copy the key again from the API "
        "card in your dashboard, or check that AGENT_API_BASE_URL is your service."
    )


def chat_service_unreachable(url: str, error: str) -> str:
    return (
        f"healthbot chat: I couldn't reach the service at {esc(url)} to check AGENT_API_KEY "
        f"({esc(error)}). Check AGENT_API_BASE_URL, or try again when the service is up."
    )


def chat_service_down_linked(url: str, error: str) -> str:
    return (
        f"I couldn't reach the service at {esc(url)} ({esc(error)}), so I go on with the "
        "account linked before: what you log waits here and is sent once the service is back."
    )


def chat_database_failed(error: str) -> str:
    return f"healthbot chat: {doctor_db_failed(error)}"


def terminal_line_failed(error: str) -> str:
    return (
        f"Sorry, something went wrong on my side with that line ({esc(error)}). Carry on: "
        "/today shows what is in your account, /status what is still waiting."
    )


def terminal_sync_failed(error: str) -> str:
    return f"(Sending what is waiting failed on my side: {esc(error)}. I keep trying.)"


def terminal_still_waiting(count: int, demo: bool) -> str:
    what = "1 item is" if count == 1 else f"{count} items are"
    if demo:
        return f"{what} still waiting for the demo service; the demo's data ends with it."
    return (
        f"{what} still waiting for the service. They are kept in the local database and "
        "sent the next time you run healthbot chat."
    )


def demo_link_again() -> str:
    return "This is the demo: send <code>/connect demo</code> to link the demo account again."
