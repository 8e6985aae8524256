"""Every setting of the bot, read once from the environment or `.env` and passed down.

Nothing here runs at import: the CLI builds `Settings()` and hands it to what needs it.
Tests construct `Settings(...)` explicitly.
"""

from __future__ import annotations

import re
from datetime import time
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_core import PydanticCustomError
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.kernel.days import valid_end

DEFAULT_TELEGRAM_API_BASE_URL = "https://api.telegram.org/bot"
AGENT_API_PREFIX = "/api/v1/agent"  # where the service's routes live (bot.agent_api.client)
# The error type of a URL setting without http:// or https://; the CLI words it (bot/render/ops).
URL_SCHEME_ERROR = "url_scheme"
URL_SETTINGS = (
    "agent_api_base_url",
    "openai_base_url",
    "openfoodfacts_base_url",
    "telegram_api_base_url",
    "telegram_api_file_url",
    "webhook_url",
)


class Settings(BaseSettings):
    """The bot's configuration. `.env.example` lists every field with a comment."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    # Telegram
    telegram_bot_token: SecretStr | None = None
    telegram_api_base_url: str = DEFAULT_TELEGRAM_API_BASE_URL
    telegram_api_file_url: str | None = None
    allowed_telegram_user_ids: Annotated[frozenset[int], NoDecode] = frozenset()
    webhook_url: str | None = None
    webhook_listen: str = "0.0.0.0"
    webhook_port: int = 8443
    webhook_path: str = "/telegram"
    webhook_secret_token: SecretStr | None = None
    # `healthbot run` asks Telegram who the bot is before it starts; a network that is down
    # gets this many attempts, waiting twice as long each time up to the max wait between two.
    telegram_start_attempts: int = Field(default=5, ge=1)
    telegram_start_max_wait_seconds: float = Field(default=30.0, gt=0)
    # Liveness: GET http://HEALTH_LISTEN:HEALTH_PORT/healthz answers 503 once the bot has not
    # been able to receive updates for RECEIVER_STALE_SECONDS (polling and webhook); 0 = off.
    health_port: int = Field(default=0, ge=0, le=65535)
    health_listen: str = "127.0.0.1"
    receiver_stale_seconds: float = Field(default=60.0, gt=0)

    # LLM (any OpenAI-compatible server)
    openai_api_key: SecretStr | None = None
    openai_base_url: str | None = None
    openai_model: str = "gpt-4o-mini"
    openai_timeout_seconds: float = 30.0  # voice notes and photos; planning: the two below
    # A deadline per planning request to the model and per message (all its requests: the
    # plan, a repair round, a question's answer); a timed-out request is not retried at once.
    llm_request_timeout_seconds: float = Field(default=30.0, gt=0)
    llm_message_deadline_seconds: float = Field(default=45.0, gt=0)
    # The most a planning answer may be (tokens): a plan needs ~50-300; a runaway answer stops.
    llm_max_tokens: int = Field(default=512, ge=16)
    # Sampling temperature sent with planning and photo requests; None (empty or "none" in
    # the environment) = not sent: OpenAI's o-series and gpt-5 models refuse anything else.
    llm_temperature: float | None = Field(default=0.0, ge=0, le=2)
    # The model's context window (tokens). 0 = 128,000 on OpenAI (llm_is_openai), else
    # 4,096 (llama.cpp's default); remembered turns are trimmed to fit it.
    llm_context_tokens: int = Field(default=0, ge=0)
    offline_fast_path: bool = True
    llm_daily_requests: int = Field(default=200, ge=0)  # per person; 0 = no LLM for anyone
    llm_daily_tokens: int = Field(default=300_000, ge=0)
    # Model calls in flight at once, across everyone: 64 lets 50 people at once with a 1 s model
    # go in one wave. Memory bounds it: a person in flight costs about 0.1 MB (README).
    llm_max_concurrency: int = Field(default=64, ge=1)
    openai_transcribe_model: str = "whisper-1"  # voice notes (POST /audio/transcriptions)
    openai_vision_model: str | None = None  # meal photos; None = OPENAI_MODEL
    max_voice_seconds: int = Field(default=120, ge=1)
    max_photo_bytes: int = Field(default=5_000_000, ge=10_000)

    # The health service's agent API
    agent_api_base_url: str = "http://127.0.0.1:8787"
    agent_api_key: SecretStr | None = None  # used by `healthbot chat` only
    agent_api_timeout_seconds: float = 10.0
    # A delivery claimed by a process that died is taken over after this long.
    outbox_claim_timeout_seconds: float = Field(default=120.0, gt=0)
    # This process's stable name in claims (default: the host name). A process started again
    # under the same name takes back at once what its earlier run held (bot/store/claims.py);
    # replicas in separate containers that share a host name need distinct names.
    worker_name: str | None = None

    # Packaged food by its barcode (Open Food Facts, bot/products/): who to tell if the bot
    # misbehaves (sent in the User-Agent, as Open Food Facts asks), how long a lookup may take,
    # and how long a product read is kept before it is read again.
    openfoodfacts_base_url: str = "https://world.openfoodfacts.org"
    openfoodfacts_contact: str = "healthbot-operator@example.org"
    openfoodfacts_timeout_seconds: float = Field(default=4.0, gt=0, le=30)
    openfoodfacts_cache_days: float = Field(default=30, gt=0)

    # Storage and secrets
    database_url: str = "sqlite+aiosqlite:///healthbot.db"
    bot_encryption_key: SecretStr | None = None  # comma-separated: newest first, old ones after
    # Finished rows are deleted once an hour (bot/sync/pruning.py). An outbox item applied (or
    # given up) this many days ago goes: an edit of its message then counts as unknown, and its
    # records no longer count as accounted for when an unknown write is reconciled.
    outbox_keep_days: float = Field(default=30, ge=1)
    # Update journal rows received this many days ago go; at least a day, since Telegram may
    # deliver an update again for 24 hours and the journal is what recognises it.
    updates_keep_days: float = Field(default=7, ge=1)

    # Behaviour
    default_reminder_time: time = time(21, 0)
    # When a person's day ends unless they set their own (/dayend): a meal at 01:30 still counts
    # for the evening before. 00:00 to 06:00 (bot/kernel/days.py).
    day_ends_at: time = time(3, 0)
    history_turns: int = Field(default=6, ge=0, le=50)
    max_message_chars: int = Field(default=2000, ge=100, le=20000)
    draft_ttl_hours: float = Field(default=24, gt=0)
    # "typing…" shows once, when the bot is still working out an answer this many seconds after
    # it took up the message (0 = at once): a quick reply comes with no chat action before it.
    typing_after_seconds: float = Field(default=1.5, ge=0)

    # Scale (README "Running several replicas")
    # Updates worked on at once by one process (a person's own always one at a time): more than
    # LLM_MAX_CONCURRENCY, so updates waiting on the service do not hold back a wave of model
    # calls. A reply waiting for its turn to go out (30 a second) gives its place to the next
    # update. Each costs about 0.1 MB while in flight (README).
    max_concurrent_updates: int = Field(default=128, ge=1)
    reminder_claim_timeout_seconds: float = Field(default=300.0, gt=0)  # a dead claimer's lease
    use_uvloop: bool = True  # run on uvloop where it is installed (not on Windows)
    log_level: str = "INFO"
    # `text` (one readable line a record) or `json` (one JSON object a line, for collectors).
    log_format: Literal["text", "json"] = "text"

    @field_validator("allowed_telegram_user_ids", mode="before")
    @classmethod
    def _parse_ids(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [p for p in re.split(r"[,\s]+", value.strip()) if p]
            return frozenset(int(p) for p in parts)
        if isinstance(value, int):
            return frozenset({value})
        return value

    @field_validator("llm_temperature", mode="before")
    @classmethod
    def _temperature_or_none(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().lower() in ("", "none"):
            return None
        return value

    @field_validator("day_ends_at")
    @classmethod
    def _day_end(cls, value: time) -> time:
        if not valid_end(value):
            raise ValueError("DAY_ENDS_AT must be from 00:00 to 06:00")
        return value

    @field_validator(*URL_SETTINGS, mode="before")
    @classmethod
    def _http_url(cls, value: object) -> object:
        """A URL the HTTP clients can use: "localhost:9" would otherwise be taken for a
        scheme and a path, and fail later as a service that cannot be reached. Empty is
        unset where the setting is optional."""
        if isinstance(value, str) and value.strip():
            if urlsplit(value.strip()).scheme.lower() not in ("http", "https"):
                raise PydanticCustomError(URL_SCHEME_ERROR, "needs http:// or https://")
        return value

    @field_validator("openai_base_url", "telegram_api_file_url", "webhook_url")
    @classmethod
    def _empty_is_unset(cls, value: str | None) -> str | None:
        return value if value is None or value.strip() else None

    @field_validator("telegram_api_base_url")
    @classmethod
    def _strip_slash(cls, value: str) -> str:
        return value.rstrip("/")

    @field_validator("agent_api_base_url")
    @classmethod
    def _service_root(cls, value: str) -> str:
        """The service's root: the client adds `/api/v1/agent`, so a URL ending in it is cut."""
        root = value.strip().rstrip("/")
        if root.lower().endswith(AGENT_API_PREFIX):
            root = root[: -len(AGENT_API_PREFIX)].rstrip("/")
        return root

    @model_validator(mode="after")
    def _derive_file_url(self) -> Settings:
        if not self.telegram_api_file_url:
            base = self.telegram_api_base_url
            if base.endswith("/bot"):
                self.telegram_api_file_url = base[: -len("/bot")] + "/file/bot"
            else:
                self.telegram_api_file_url = base.rstrip("/") + "/file/bot"
        return self

    @property
    def llm_enabled(self) -> bool:
        return self.openai_api_key is not None and bool(self.openai_api_key.get_secret_value())

    @property
    def llm_is_openai(self) -> bool:
        """Whether the model is OpenAI's own API: no OPENAI_BASE_URL, or one on
        api.openai.com (written out, e.g. copied from OpenAI's docs)."""
        if not self.openai_base_url:
            return True
        return urlsplit(self.openai_base_url.strip()).hostname == "api.openai.com"

    @property
    def llm_context_limit(self) -> int:
        """`llm_context_tokens`, or the default for the server in use when it is 0."""
        if self.llm_context_tokens:
            return self.llm_context_tokens
        return 128_000 if self.llm_is_openai else 4096

    @property
    def vision_model(self) -> str:
        return self.openai_vision_model or self.openai_model

    def encryption_keys(self) -> list[str]:
        """The Fernet keys, newest first; empty when none is configured."""
        if self.bot_encryption_key is None:
            return []
        raw = self.bot_encryption_key.get_secret_value()
        return [k.strip() for k in raw.split(",") if k.strip()]
