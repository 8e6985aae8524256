"""Packaged food by its barcode: a code typed or read from a photo, looked up, then logged.

The product is read from the bot's store when it was fetched within `OPENFOODFACTS_CACHE_DAYS`,
else from Open Food Facts (and kept). It is shown with its values and buttons for the amount;
the amounts it may be logged as are kept as a draft, so a tap acts once (a late or double tap
writes nothing more) and "another amount" waits for the person's next message ("2 servings",
"45 g"). Whatever is logged is one nutrition entry through the outbox, like any other.
"""

from __future__ import annotations

import datetime as dt
import logging
import re
from dataclasses import dataclass

from bot.agent_api.actions import Action, Entry, NutritionAddEntry
from bot.core.drafts import Drafts
from bot.core.person import Incoming
from bot.core.resources import Resources
from bot.core.writing import Writing
from bot.kernel import callbacks
from bot.kernel.replies import Reply
from bot.products import Product, ProductsUnavailable
from bot.products.codes import canonical, valid_code
from bot.render import keyboards
from bot.render import products as said_products
from bot.store import Draft, DraftStatus
from bot.sync.items import decode_actions

log = logging.getLogger(__name__)

NOTE = "[barcode {code}]"  # the draft's text: which product its amounts are of
_NOTE = re.compile(r"\[barcode ([0-9]{8,14})\]")
# "45 g", "2 servings", "1,5 Portionen", "200ml", "2": servings when the product has one
_AMOUNT = re.compile(r"\s*([0-9]{1,4}(?:[.,][0-9]{1,2})?)\s*([^\d\s.,]*)[\s.!]*", re.IGNORECASE)
_MEASURED = ("g", "gr", "gram", "grams", "gramm", "grammes", "gramos", "grammi", "ml")
# One serving in each language the bot speaks, and none said ("2"): servings
_SERVINGS = (
    *("", "x", "serving", "servings", "portion", "portions", "portionen", "porción"),
    *("porciones", "porcion", "porzione", "porzioni"),
)
MAX_AMOUNT = 5000.0  # g or ml: more than a person eats of one packet at once


def product_code(draft: Draft) -> str | None:
    """The code a product draft's amounts are of; None for any other draft."""
    match = _NOTE.fullmatch(draft.text)
    return match.group(1) if match else None


def means_amount(text: str) -> bool:
    """Whether a message after "another amount" is meant as one: short, a number first
    ("45 g", "2 servings"); "I had eggs instead" is read as any message."""
    stripped = text.strip()
    return stripped[:1].isascii() and stripped[:1].isdigit() and len(stripped) <= 40


def amount_of(text: str, product: Product) -> tuple[float, float | None] | None:
    """(g or ml, servings or None) said in `text`, or None when it is not an amount."""
    match = _AMOUNT.fullmatch(text)
    if match is None:
        return None
    number, unit = float(match.group(1).replace(",", ".")), match.group(2).lower()
    if unit in _MEASURED:
        amount, servings = number, None
    elif unit in _SERVINGS and product.serving_amount:
        amount, servings = number * product.serving_amount, number
    else:
        return None
    return (amount, servings) if 0 < amount <= MAX_AMOUNT else None


@dataclass
class Products:
    """Shows a product by its barcode and logs the amount the person picks or types."""

    res: Resources
    writing: Writing
    drafts: Drafts

    async def typed(self, said: Incoming, code: str) -> Reply:
        """A message that is only a code: looked up when its check digit holds."""
        if not valid_code(code):
            return Reply(said_products.code_misread(code, said.person.reader))
        return await self.show(said, canonical(code))

    async def product(self, code: str) -> Product | None:
        """The product filed under `code`: kept, else from Open Food Facts (then kept)."""
        res = self.res
        kept = await res.store.products.get(code)
        lifetime = dt.timedelta(days=res.settings.openfoodfacts_cache_days)
        if kept is not None and res.clock() - kept.fetched_at < lifetime:
            return Product.from_json(kept.product_json)
        product = await res.products.product(code)
        if product is not None:
            await res.store.products.keep(code, product.to_json(), now=res.clock())
        return product

    async def show(self, said: Incoming, code: str) -> Reply:
        """The product and its amount buttons, or why it cannot be logged from its code."""
        reader = said.person.reader
        try:
            product = await self.product(code)
        except ProductsUnavailable as exc:
            log.warning("Open Food Facts unavailable for %s: %s", code, exc)
            return Reply(said_products.products_unavailable(reader))
        if product is None:
            return Reply(said_products.product_unknown(code, reader))
        if missing := product.missing():
            return Reply(said_products.product_missing_values(product, missing, reader))
        actions = [self._entry(said, product, 100.0)]
        if product.serving_amount:
            actions.append(self._entry(said, product, product.serving_amount, servings=1))
        draft_id = await self.drafts.stored(
            said, actions, NOTE.format(code=code), alternatives=True
        )
        serving = product.serving if product.serving_amount else None
        return Reply(
            said_products.product_card(product, reader),
            buttons=keyboards.product_keyboard(draft_id, serving, product.liquid, reader),
            shown=self.drafts.shown_as(said.user_id, draft_id),
        )

    def _entry(
        self, said: Incoming, product: Product, amount: float, servings: float | None = None
    ) -> Action:
        name = said_products.entry_name(
            product, said.person.reader, amount=amount, servings=servings
        )
        return NutritionAddEntry(date=said.today, entry=Entry(food=name, **product.scaled(amount)))

    async def tapped(self, said: Incoming, tapped: callbacks.ProductAmount) -> Reply:
        """One serving or 100 g logs that at once; "another amount" asks for it. Once only."""
        target = DraftStatus.FIXING if tapped.portion == "other" else DraftStatus.CONFIRMED
        draft = await self.res.store.drafts.resolve(
            said.user_id,
            tapped.draft_id,
            target,
            now=self.res.clock(),
            from_statuses=(DraftStatus.PENDING,),
        )
        actions = [] if draft is None else decode_actions(draft.actions)
        index = {"100": 0, "serving": 1}.get(tapped.portion)
        if draft is None or (index is not None and index >= len(actions)):
            return await self.drafts.not_actionable(
                said.user_id, tapped.draft_id, shown=True, reader=said.person.reader
            )
        if index is None:
            product = await self._kept(draft)
            if product is None:
                return Reply(said_products.products_unavailable(said.person.reader), edit=True)
            return Reply(said_products.ask_amount(product, said.person.reader), edit=True)
        reply = await self.writing.write(said, [actions[index]])
        reply.edit = True
        return reply

    async def amount(self, said: Incoming, draft: Draft, text: str) -> Reply:
        """The amount typed after "another amount": one entry of that much, once."""
        product = await self._kept(draft)
        if product is None:
            return Reply(said_products.products_unavailable(said.person.reader))
        said_amount = amount_of(text, product)
        if said_amount is None:
            return Reply(said_products.amount_not_understood(product, said.person.reader))
        amount, servings = said_amount
        settled = await self.res.store.drafts.resolve(
            said.user_id,
            draft.id,
            DraftStatus.CONFIRMED,
            now=self.res.clock(),
            from_statuses=(DraftStatus.FIXING,),
        )
        if settled is None:
            return await self.drafts.not_actionable(
                said.user_id, draft.id, shown=False, reader=said.person.reader
            )
        entry = self._entry(said, product, amount, servings)
        return await self.writing.write(said, [entry], source_message_id=said.message_id)

    async def set_aside(self, said: Incoming, draft: Draft) -> None:
        """The person said something else than an amount: the product is dropped, unlogged."""
        await self.res.store.drafts.resolve(
            said.user_id,
            draft.id,
            DraftStatus.DISCARDED,
            now=self.res.clock(),
            from_statuses=(DraftStatus.FIXING,),
        )

    async def _kept(self, draft: Draft) -> Product | None:
        code = product_code(draft)
        try:
            return None if code is None else await self.product(code)
        except ProductsUnavailable:
            return None
