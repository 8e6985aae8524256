"""The one place the Telegram application is wired: handlers, gates, ordering, limits, jobs."""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from telegram import BotCommand, Message, Update
from telegram.ext import (
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    JobQueue,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.config import Settings
from bot.kernel.keys import find_key
from bot.kernel.metrics import Metrics
from bot.kernel.readers import Reader
from bot.render import telegram as render_telegram
from bot.render.words import LANGUAGES
from bot.telegram.handlers import Handlers
from bot.telegram.handlers.errors import on_error
from bot.telegram.handlers.jobs import Jobs
from bot.telegram.intake import ReceivingBot, Unreadable
from bot.telegram.journal import Journal, journaled_queue, replay
from bot.telegram.liveness import HealthServer, PollingRequest, Receiver
from bot.telegram.ordering import Locks, PerPersonUpdateProcessor
from bot.telegram.outgoing import Pace
from bot.telegram.request import AiohttpRequest
from bot.telegram.webhook import WebhookUpdater

if TYPE_CHECKING:
    from bot.compose import House

log = logging.getLogger(__name__)

REMINDER_EVERY = 30.0  # seconds between looks at the reminders table
OUTBOX_EVERY = 1.0  # seconds between looks at the outbox (each item has its own due time)
JOURNAL_EVERY = 10.0  # seconds between looks for updates a process that died left unhandled
RECEIVER_WATCH_EVERY = 5.0  # seconds between looks at the receiver's health, for the log
FINISHED_GROUP = 100  # after every other handler of an update
# APScheduler skips a run that starts more than 1 s late (a busy loop, a slow start): run late.
PRUNE_EVERY = 3600.0  # seconds between deletions of finished outbox items and journal rows
RUN_LATE = {"misfire_grace_time": None}
POOL_SIZE = 256  # connections to the Bot API at least (PTB's own default)


class TelegramNotConfigured(ValueError):
    """A setting the Telegram bot cannot run without is missing."""


def build_application(
    settings: Settings,
    house: House,
    *,
    reminder_every: float | None = REMINDER_EVERY,
    outbox_every: float | None = OUTBOX_EVERY,
) -> Application[Any, Any, Any, Any, Any, Any]:
    """The bot, fully wired on the doors of `house` (`bot.compose.compose`); nothing runs
    until it is started.

    `reminder_every=None` leaves out the repeating reminder job (tests call the reminders with
    their own clock); `outbox_every=None` likewise leaves out the outbox delivery job (and the
    journal replay and pruning beside it). Each update is stored in the house's journal before
    Telegram is told it arrived, and replayed at start if it was never handled.
    """
    token = _token(settings)
    journal = house.journal
    handlers = Handlers.bind(house, settings)
    metrics = house.scheduled.metrics  # the house's own (bot/compose.py)
    receiver = Receiver(settings.receiver_stale_seconds, metrics=metrics)
    lifecycle = _Lifecycle(
        settings=settings,
        house=house,
        journal=journal,
        handlers=handlers,
        receiver=receiver,
        health=_health_server(settings, receiver, metrics),
        reminder_every=reminder_every,
        outbox_every=outbox_every,
    )
    app = _application(settings, token, journal, house.locks, receiver, lifecycle)
    _register(app, handlers)
    return app


def _token(settings: Settings) -> str:
    """The bot's token; `TelegramNotConfigured` when there is none."""
    token = settings.telegram_bot_token
    if token is None or not token.get_secret_value():
        raise TelegramNotConfigured("TELEGRAM_BOT_TOKEN is not set (ask @BotFather for one)")
    return token.get_secret_value()


def _health_server(settings: Settings, receiver: Receiver, metrics: Metrics) -> HealthServer | None:
    """The `/healthz` and `/metrics` server when HEALTH_PORT is set."""
    if not settings.health_port:
        return None
    return HealthServer(
        receiver, listen=settings.health_listen, port=settings.health_port, metrics=metrics
    )


def _application(
    settings: Settings,
    token: str,
    journal: Journal,
    locks: Locks | None,
    receiver: Receiver,
    lifecycle: _Lifecycle,
) -> Application[Any, Any, Any, Any, Any, Any]:
    """PTB's application: journaled updates, handled in each person's order, sent at
    Telegram's pace; `lifecycle` starts and stops what runs beside it. `locks` take a
    person's turn in the database too, where several replicas share it (PostgreSQL)."""
    processor = PerPersonUpdateProcessor(settings.max_concurrent_updates, locks=locks)
    processor.queue = journaled_queue(journal, processor.locks, receiver)
    # PTB's bot and updater, but for reading what Telegram sends (bot/telegram/intake.py):
    # no update, whatever it holds, stops the bot from taking the next one.
    bot = ReceivingBot(
        token=token,
        base_url=settings.telegram_api_base_url,
        base_file_url=settings.telegram_api_file_url or "",
        request=_counted(AiohttpRequest(connection_pool_size=_pool_size(settings)), receiver),
        polling=PollingRequest(receiver),
        rate_limiter=Pace(),
    )
    return (
        ApplicationBuilder()
        .updater(WebhookUpdater(bot=bot, update_queue=processor.queue))
        .concurrent_updates(processor)
        .post_init(lifecycle.start)
        .post_shutdown(lifecycle.stop)
        .build()
    )


def _counted(request: AiohttpRequest, receiver: Receiver) -> AiohttpRequest:
    """`request`, its 429s and 403s counted in the bot's metrics."""
    if receiver.metrics is not None:
        request.on_status = receiver.metrics.telegram_error
    return request


def _pool_size(settings: Settings) -> int:
    """Connections for everything but polling: PTB's 256, or two for each update handled at
    once (a reply and a chat action or a download) where more are handled than that."""
    return max(POOL_SIZE, 2 * settings.max_concurrent_updates)


@dataclass(frozen=True)
class _Lifecycle:
    """What starts with the application (PTB's post_init) and stops with it (post_shutdown):
    the health server, the command list, the repeating jobs, what a past run left behind."""

    settings: Settings
    house: House
    journal: Journal
    handlers: Handlers
    receiver: Receiver
    health: HealthServer | None
    reminder_every: float | None
    outbox_every: float | None

    async def start(self, app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        if self.health is not None:
            await self.health.start()
        # The menu in each language, for the people whose app speaks it; English for the rest
        for code in LANGUAGES:
            reader = Reader(language=code)
            menu = [BotCommand(name, about) for name, about in render_telegram.bot_commands(reader)]
            await app.bot.set_my_commands(menu, language_code=None if code == "en" else code)
        if app.job_queue is not None:
            self.schedule(app.job_queue)
        # What this worker held when it last stopped (a crash, a kill) is its own again now,
        # not after the lease a process that died leaves behind (bot/store/claims.py).
        await self.house.scheduled.take_back()
        self.journal.prepare()
        await replay(self.journal, app.update_queue, app.bot)

    async def stop(self, app: Application[Any, Any, Any, Any, Any, Any]) -> None:
        if self.health is not None:
            await self.health.stop()
        await self.house.aclose()

    def schedule(self, queue: JobQueue[Any]) -> None:
        """Every repeating job, each scheduled on its own beside the others."""
        every = min(RECEIVER_WATCH_EVERY, self.settings.receiver_stale_seconds / 2)
        queue.run_repeating(
            _receiver_watch(self.receiver),
            interval=every,
            first=every,
            name="receiver-watch",
            job_kwargs=RUN_LATE,
        )
        if self.reminder_every is not None:
            _schedule_reminders(queue, self.handlers.jobs, self.reminder_every)
        if self.outbox_every is not None:
            _schedule_outbox(queue, self.handlers.jobs, self.outbox_every)
            queue.run_repeating(
                self.handlers.jobs.prune_job,
                interval=PRUNE_EVERY,
                first=PRUNE_EVERY,
                name="prune",
                job_kwargs=RUN_LATE,
            )


def _schedule_reminders(queue: JobQueue[Any], jobs: Jobs, every: float) -> None:
    """Due reminders and weekly summaries every `every` seconds, and once right at the start."""
    queue.run_repeating(
        jobs.reminder_job, interval=every, first=every, name="reminders", job_kwargs=RUN_LATE
    )
    # What came due while the bot was down goes out now. `first=0` above would not
    # do it: APScheduler moves an interval job whose start has passed to its next run.
    queue.run_once(jobs.reminder_job, when=1, name="reminders-at-start", job_kwargs=RUN_LATE)
    # Weekly summaries beside them, on the same beat: due only on Sunday evenings, one
    # indexed query otherwise.
    queue.run_repeating(
        jobs.weekly_job, interval=every, first=every, name="weekly", job_kwargs=RUN_LATE
    )
    queue.run_once(jobs.weekly_job, when=1, name="weekly-at-start", job_kwargs=RUN_LATE)


def _schedule_outbox(queue: JobQueue[Any], jobs: Jobs, every: float) -> None:
    """The outbox every `every` seconds; beside it, the journal's replay (less often)."""
    queue.run_repeating(
        jobs.outbox_job, interval=every, first=1, name="outbox", job_kwargs=RUN_LATE
    )
    replay_every = max(every, JOURNAL_EVERY)
    queue.run_repeating(jobs.journal_job, interval=replay_every, first=replay_every, name="journal")


def _receiver_watch(receiver: Receiver) -> Any:
    """A job that logs when the receiver gets stuck and when it moves again: a bot that stops
    receiving must say so even when no supervisor reads `/healthz`."""
    stuck = False

    async def watch(context: Any) -> None:
        nonlocal stuck
        healthy, why = receiver.health()
        if not healthy and not stuck:
            log.error("the bot is not receiving updates: %s", why)
        elif healthy and stuck:
            log.warning("the bot is receiving updates again")
        stuck = not healthy

    return watch


class _CarriesKey(filters.MessageFilter):
    """A message whose text or caption holds something shaped like an API key."""

    def filter(self, message: Message) -> bool:
        return find_key(message.text or message.caption or "") is not None


def _register(app: Application[Any, Any, Any, Any, Any, Any], h: Handlers) -> None:
    """Handlers by group: -2 drops duplicates, -1 gates people, 0 does the work, the last
    marks the update handled in the journal."""
    app.add_handler(TypeHandler(Update, h.gates.drop_duplicates), group=-2)
    app.add_handler(TypeHandler(Update, h.gates.gate), group=-1)
    app.add_handler(TypeHandler(Update, h.gates.finish), group=FINISHED_GROUP)

    new = filters.UpdateType.MESSAGE  # edits of old messages are not logged a second time
    private = filters.ChatType.PRIVATE & new
    elsewhere = ~filters.ChatType.PRIVATE & new
    # First of the working group, past the duplicate and allowed-people gates.
    app.add_handler(TypeHandler(Unreadable, h.gates.unreadable))
    c, m = h.commands, h.messages
    app.add_handler(CommandHandler("connect", c.connect, filters=private))
    app.add_handler(CommandHandler("connect", c.connect_in_group, filters=elsewhere))
    # Before every other handler: a key pasted anywhere, in any message or an edit of one.
    app.add_handler(MessageHandler(filters.UpdateType.MESSAGES & _CarriesKey(), c.pasted_key))
    commands = {
        "start": c.start,
        "help": c.help,
        "disconnect": c.disconnect,
        "forget": c.forget,
        "today": c.today,
        "week": c.week,
        "month": c.month,
        "timezone": c.timezone,
        "remind": c.remind,
        "dayend": c.dayend,
        "settings": c.settings_command,
        "language": c.language,
        "units": c.units,
        "status": c.status,
    }
    for name, callback in commands.items():
        app.add_handler(CommandHandler(name, callback, filters=private))
    app.add_handler(MessageHandler(private & filters.COMMAND, c.unknown_command))
    app.add_handler(MessageHandler(elsewhere & filters.COMMAND, c.private_only))
    app.add_handler(MessageHandler(private & filters.TEXT & ~filters.COMMAND, m.text))
    edited = filters.UpdateType.EDITED_MESSAGE & filters.ChatType.PRIVATE
    app.add_handler(MessageHandler(edited & filters.TEXT & ~filters.COMMAND, m.edited_text))
    app.add_handler(MessageHandler(private & (filters.VOICE | filters.AUDIO), m.voice))
    app.add_handler(MessageHandler(private & filters.PHOTO, m.photo))
    app.add_handler(MessageHandler(private & ~filters.TEXT & ~filters.StatusUpdate.ALL, m.non_text))
    app.add_handler(CallbackQueryHandler(h.buttons.button))
    app.add_error_handler(on_error)


def webhook_options(settings: Settings) -> dict[str, Any]:
    """Arguments for PTB's `run_webhook`/`start_webhook` from the settings.

    WEBHOOK_URL is the public URL Telegram posts to; when it has no path, WEBHOOK_PATH is
    appended. Without WEBHOOK_SECRET_TOKEN a random one is made for this run: Telegram learns
    it through setWebhook, and PTB answers 403 to any request that does not carry it.
    """
    if not settings.webhook_url:
        raise TelegramNotConfigured("WEBHOOK_URL is not set (the public https URL of the bot)")
    path = "/" + settings.webhook_path.strip("/")
    url = settings.webhook_url.rstrip("/")
    if urlsplit(url).path in ("", "/"):
        url += path
    secret = settings.webhook_secret_token
    return {
        "listen": settings.webhook_listen,
        "port": settings.webhook_port,
        "url_path": path.lstrip("/"),
        "webhook_url": url,
        "secret_token": secret.get_secret_value() if secret else secrets.token_urlsafe(32),
    }
