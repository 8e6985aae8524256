"""python-telegram-bot wiring only: thin handlers over the Telegram-free core.

`build_application` wires everything; `run_polling`/`run_webhook` start it; `configure_logging`
keeps tokens and keys out of logs. Nothing happens at import.
"""

from bot.telegram.app import build_application, webhook_options
from bot.telegram.logs import configure_logging
from bot.telegram.run import main_run, run_polling, run_webhook

__all__ = [
    "build_application",
    "configure_logging",
    "main_run",
    "run_polling",
    "run_webhook",
    "webhook_options",
]
