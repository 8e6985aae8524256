"""The client of Open Food Facts' product API, and the plain view of a product it answers.

`GET {base}/api/v2/product/{code}.json` with a User-Agent naming the bot and a contact, as
Open Food Facts asks of every app; at most 100 product reads a minute (their limit, kept by a
small limiter in this process) and a short timeout, so a person waiting hears within seconds.
Open Food Facts data is under the Open Database License (ODbL).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

import aiohttp

from bot.kernel.readers import KJ_PER_KCAL
from bot.products.product import Product, ProductsUnavailable

log = logging.getLogger(__name__)

USER_AGENT = "healthbot/1.0 (Telegram nutrition logger; {contact})"
READS_PER_MINUTE = 100
FIELDS = "code,product_name,brands,serving_size,serving_quantity,nutriments,quantity"
# Open Food Facts' nutriment keys for each value the service logs (energy: kcal, else kJ).
_KEYS = {"protein": "proteins", "carbs": "carbohydrates", "fat": "fat"}
_AMOUNT = re.compile(r"(\d+(?:[.,]\d+)?)\s*(g|gr|grams?|ml|cl|l)\b", re.IGNORECASE)


def product_of(code: str, body: Mapping[str, Any]) -> Product | None:
    """The product in a v2 answer, or None when Open Food Facts does not know the code."""
    raw = body.get("product")
    if body.get("status") != 1 or not isinstance(raw, Mapping):
        return None
    nutriments = raw.get("nutriments")
    nutriments = nutriments if isinstance(nutriments, Mapping) else {}
    per_100: dict[str, float] = {}
    kcal = _number(nutriments.get("energy-kcal_100g"))
    kj = _number(nutriments.get("energy-kj_100g", nutriments.get("energy_100g")))
    if kcal is None and kj is not None:
        kcal = kj / KJ_PER_KCAL
    if kcal is not None:
        per_100["calories"] = kcal
    for name, key in _KEYS.items():
        if (value := _number(nutriments.get(f"{key}_100g"))) is not None:
            per_100[name] = value
    serving = _text(raw.get("serving_size"))
    amount = _number(raw.get("serving_quantity"))
    liquid = _is_liquid(serving, _text(raw.get("quantity")))
    if amount is None and serving and (match := _AMOUNT.search(serving)):
        amount = _in_base_unit(match)
    name = _text(raw.get("product_name")) or code
    brand = (_text(raw.get("brands")) or "").split(",")[0].strip() or None
    return Product(code, name[:80], brand and brand[:40], per_100, liquid, serving, amount)


def _number(value: object) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        try:
            value = float(value.replace(",", "."))
        except ValueError:
            return None
    if isinstance(value, int | float) and 0 <= value < 10_000:
        return float(value)
    return None


def _text(value: object) -> str | None:
    return value.strip()[:60] or None if isinstance(value, str) else None


def _is_liquid(serving: str | None, quantity: str | None) -> bool:
    for said in (serving, quantity):
        if said and (match := _AMOUNT.search(said)):
            return match.group(2).lower() in ("ml", "cl", "l")
    return False


def _in_base_unit(match: re.Match[str]) -> float:
    number = float(match.group(1).replace(",", "."))
    return number * {"cl": 10, "l": 1000}.get(match.group(2).lower(), 1)


class RateLimiter:
    """At most `limit` calls in any `window` seconds; a call that would have to wait longer
    than `patience` is refused instead (the person hears sooner than the slot frees)."""

    def __init__(
        self,
        limit: int = READS_PER_MINUTE,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._calls: deque[float] = deque()
        self._lock = asyncio.Lock()

    async def acquire(self, patience: float) -> bool:
        async with self._lock:
            now = self.clock()
            while self._calls and now - self._calls[0] >= self.window:
                self._calls.popleft()
            if len(self._calls) >= self.limit:
                wait = self.window - (now - self._calls[0])
                if wait > patience:
                    return False
                await asyncio.sleep(wait)
                self._calls.popleft()
            self._calls.append(self.clock())
            return True


class OpenFoodFacts:
    """Reads one product at a time from Open Food Facts, on the bot's shared connection pool."""

    def __init__(
        self,
        http: aiohttp.ClientSession,
        *,
        base_url: str,
        contact: str,
        timeout: float,
        limiter: RateLimiter | None = None,
    ) -> None:
        self.http = http
        self.base_url = base_url.rstrip("/")
        self.headers = {"User-Agent": USER_AGENT.format(contact=contact)}
        self.timeout = timeout
        self.limiter = limiter or RateLimiter()

    async def product(self, code: str) -> Product | None:
        """The product filed under `code`, None when unknown; `ProductsUnavailable` when
        Open Food Facts could not be asked or did not answer within the timeout."""
        if not await self.limiter.acquire(patience=self.timeout / 2):
            raise ProductsUnavailable("over the rate limit")
        url = f"{self.base_url}/api/v2/product/{code}.json"
        try:
            async with asyncio.timeout(self.timeout):
                async with self.http.get(
                    url, params={"fields": FIELDS}, headers=self.headers
                ) as response:
                    if response.status == 404:
                        return None  # v2 answers an unknown code with 404 and status 0
                    if response.status != 200:
                        raise ProductsUnavailable(f"HTTP {response.status}")
                    body = await response.json(content_type=None)
        except (TimeoutError, aiohttp.ClientError, ValueError) as exc:
            raise ProductsUnavailable(type(exc).__name__) from exc
        if not isinstance(body, Mapping):
            raise ProductsUnavailable("not a JSON object")
        return product_of(code, body)
