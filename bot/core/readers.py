"""The language and units replies are in: /language, /units, their buttons, and the language
Telegram says a person's app speaks.

A choice is kept on the person's account (created on first contact, as /settings does);
the reply that confirms it is already in the new language or units. The service is never
told: it keeps kilograms and kilocalories.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from bot.agent_api.actions import Action, WeightLog
from bot.core.accounts import Accounts
from bot.core.person import Incoming, account_of, reader_of
from bot.core.resources import Resources
from bot.kernel.callbacks import ENERGY_UNITS, MAX_ID
from bot.kernel.readers import Reader, WeightUnit, language_of, unit_of
from bot.kernel.replies import Reply
from bot.render import keyboards, language
from bot.render.words import LANGUAGES
from bot.store import repo

__all__ = ["Readers", "keep_weight_unit", "learn_weight_unit"]

# A body weight said with its unit ("160 lb", "72,4 kg"): the unit a person thinks in.
_POUNDS = re.compile(r"\d\s*(?:lbs?|pounds?|libras?)\b", re.IGNORECASE)
_KILOS = re.compile(r"\d\s*(?:kgs?|kilos?|kilograms?|kilogramm)\b", re.IGNORECASE)


async def learn_weight_unit(
    res: Resources, said: Incoming, text: str, actions: Sequence[Action]
) -> None:
    """A person who never chose a weight unit (/units) keeps the one their first weight was
    said in: "160 lb" means pounds in every reply from this one on. Kept on their account;
    the service still receives kilograms."""
    if not any(isinstance(a, WeightLog) for a in actions):
        return
    if _POUNDS.search(text):
        await keep_weight_unit(res, said, "lb")
    elif _KILOS.search(text):
        await keep_weight_unit(res, said, "kg")


async def keep_weight_unit(res: Resources, said: Incoming, unit: WeightUnit) -> None:
    """The person showed they weigh in `unit` (a weight said in it, a tap on its button):
    kept as their weight unit unless they already have one, and the reply to `said` is in
    it already."""
    if said.person.account.weight_unit:
        return
    async with res.sessionmaker() as session:
        await repo.set_reader(session=session, telegram_id=said.user_id, weight_unit=unit)
        await session.commit()
    reader = dataclasses.replace(said.person.reader, weight=unit)
    said.person = dataclasses.replace(said.person, reader=reader)


class Readers:
    """The journeys of a person's language and units."""

    def __init__(self, res: Resources, accounts: Accounts) -> None:
        self.res = res
        self._accounts = accounts  # a tap in /settings answers with /settings, changed

    async def heard(self, *, user_id: int, code: str | None) -> None:
        """Telegram said the person's app speaks `code`: kept, and written to their account
        once they have one and it changed (so an update costs no write)."""
        if not isinstance(code, str) or not isinstance(user_id, int) or not 0 < user_id <= MAX_ID:
            return  # a malformed update: it fails (once) where it is handled, not here
        code = code[:8]
        if not code or not self.res.languages.to_store(user_id, code):
            return
        if not await self.res.store.messages.heard_language(user_id, code, now=self.res.clock()):
            return  # asked again at their next update, once an account may exist
        self.res.languages.stored(user_id, code)

    async def language(
        self, *, user_id: int, code: str, tapped: bool = False, edit: bool = False
    ) -> Reply:
        """`/language de`, or a language button (`tapped`: the reply replaces its message,
        keyboard and all; `edit`: it was /settings', shown again changed): replies in it
        from now on."""
        account = await account_of(self.res, user_id)
        spec = code.strip()
        if not spec:
            reader = reader_of(self.res, user_id, account)
            return Reply(
                language.language_view(reader), buttons=keyboards.language_keyboard(reader)
            )
        chosen = language_of(spec, LANGUAGES)
        if chosen is None:
            reader = reader_of(self.res, user_id, account)
            return Reply(
                language.language_unknown(reader, spec),
                buttons=keyboards.language_keyboard(reader),
            )
        reader = await self._choose(user_id, language=chosen)
        if edit:
            return await self._settings(user_id)
        return Reply(language.language_set(reader), edit=tapped)

    async def units(
        self, *, user_id: int, word: str, tapped: bool = False, edit: bool = False
    ) -> Reply:
        """`/units lb`, or a unit button (`tapped` and `edit` as for `language`): weights or
        energy shown in it from now on."""
        account = await account_of(self.res, user_id)
        spec = word.strip()
        if not spec:
            reader = reader_of(self.res, user_id, account)
            return Reply(language.units_view(reader), buttons=keyboards.units_keyboard(reader))
        unit = unit_of(spec)
        if unit is None:
            reader = reader_of(self.res, user_id, account)
            return Reply(
                language.unit_unknown(reader, spec), buttons=keyboards.units_keyboard(reader)
            )
        field = "energy_unit" if unit in ENERGY_UNITS else "weight_unit"
        reader = await self._choose(user_id, **{field: unit})
        if edit:
            return await self._settings(user_id)
        return Reply(language.unit_set(reader), edit=tapped)

    async def _choose(self, user_id: int, **choice: str) -> Reader:
        async with self.res.sessionmaker() as session:
            await repo.upsert_account(session=session, telegram_id=user_id)
            account = await repo.set_reader(session=session, telegram_id=user_id, **choice)
            await session.commit()
            return reader_of(self.res, user_id, account)

    async def _settings(self, user_id: int) -> Reply:
        return await self._accounts.settings_view(user_id=user_id, edit=True)
