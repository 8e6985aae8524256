"""What a plan needs of the person's own data before it can be written.

"Same breakfast as yesterday", "again", "my usual coffee", "a serving of my chili": the plan
carries a `Repeat`, and the entries it means are read here (one GET, no model call) and become
the plan's actions. "I'm at 80": a weight said without a unit that could be kg or lb is settled
by the person's last weight (one `GET /weight` when it was not already known), or asked with
two buttons that log it on the tap (a draft, so a button acts once); the unit tapped is the
person's from then on, unless they have one (/units, /settings, a weight said with its unit).
"""

from __future__ import annotations

import datetime as dt
import logging
import zoneinfo
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.agent_api.actions import Action, NutritionAddEntry, WeightLog
from bot.agent_api.errors import AgentApiError
from bot.core.drafts import Drafts
from bot.core.person import Incoming, Person, Refused
from bot.core.readers import keep_weight_unit
from bot.kernel import callbacks
from bot.kernel.readers import Reader
from bot.kernel.refusals import NothingToRepeat, Reason, WhichUnit
from bot.kernel.replies import Reply, toast
from bot.planner.base import Plan, PlanContext, Repeat
from bot.planner.offline.unitless import in_pounds, read_unitless, weight_unit_of
from bot.planner.offline.usual import picked
from bot.render import conversation, usual
from bot.store import DraftStatus, repo
from bot.sync.items import decode_actions

log = logging.getLogger(__name__)

LAST_WEIGHT_DAYS = 90  # how far back a person's last weight is looked for


@dataclass
class Personal:
    """Settles a plan from the person's own days, recipes and weights."""

    drafts: Drafts

    async def settle(
        self, said: Incoming, text: str, context: PlanContext, plan: Plan
    ) -> str | None:
        """Turn a `Repeat` into actions and settle a unit in `plan` (changed in place).

        Returns the line that says what was repeated (it replaces "Logged" in the reply), or
        None. Raises `Refused` with the reason when there is nothing to repeat, and with the
        unit question when only the person can tell.
        """
        if plan.repeat is not None:
            return await self._repeat(said, plan, plan.repeat)
        if plan.unit_question is not None:
            await self._unit(said, text, context, plan, plan.unit_question)
        return None

    async def _repeat(self, said: Incoming, plan: Plan, repeat: Repeat) -> str:
        person = said.person
        data = await _read(person, repeat)
        zone = zoneinfo.ZoneInfo(person.account.timezone or "UTC")
        entries = copy_into(plan, repeat, data, zone, person.day_ends_at)
        if not entries:
            raise Refused(nothing_to_repeat(repeat, said.today), person.reader)
        return usual.repeated(repeat.said, entries, person.reader)

    async def _unit(
        self, said: Incoming, text: str, context: PlanContext, plan: Plan, value: float
    ) -> None:
        index = unitless_index(plan, value)
        if index is None:
            return
        said_as_kg = plan.actions[index]
        last = context.last_weight_kg
        if last is None:
            last = await _last_weight(said.person, said.today)
            if last is not None:  # the weight-jump check then reads nothing more
                self.drafts.res.weights.note_kg(said.user_id, said.today, last)
        if settle_unit(plan, index, value, last, context.timezone):
            return
        # The draft holds the number as kg first; "lb" converts it when tapped.
        others: list[Action] = [a for i, a in enumerate(plan.actions) if i != index]
        draft_id = await self.drafts.stored(
            said, [said_as_kg, *others], text, source_message_id=said.message_id
        )
        raise Refused(WhichUnit(value, draft_id), said.person.reader)

    async def unit_tapped(self, said: Incoming, tapped: callbacks.UnitChoice) -> Reply:
        """A tap on "80 kg" / "80 lb": log the weight in that unit (and what came with it);
        once only, as every draft button. A person without a weight unit of their own reads
        weights in the one tapped from this reply on."""
        res = self.drafts.res
        async with res.sessionmaker() as session:
            draft = await repo.resolve_draft(
                session=session,
                telegram_id=said.user_id,
                draft_id=tapped.draft_id,
                status=DraftStatus.CONFIRMED,
                now=res.clock(),
            )
            await session.commit()
        if draft is None:
            return await self.drafts.not_actionable(
                said.user_id, tapped.draft_id, shown=True, reader=said.person.reader
            )
        actions = decode_actions(draft.actions)
        if not actions or not isinstance(actions[0], WeightLog):
            return toast(
                conversation.button_inactive(said.person.reader)
            )  # a draft of another kind: forged
        first, others = actions[0], actions[1:]
        await keep_weight_unit(res, said, tapped.unit)
        if tapped.unit == "lb":
            first = WeightLog(date=first.date, weight_kg=in_pounds(first.weight_kg))
        chosen = [first, *others]
        reply = await self.drafts.writing.write(
            said, chosen, source_message_id=draft.source_message_id
        )
        reply.edit = True
        return reply


def copy_into(
    plan: Plan,
    repeat: Repeat,
    data: Mapping[str, Any] | None,
    zone: zoneinfo.ZoneInfo,
    day_ends_at: dt.time,
) -> list[NutritionAddEntry]:
    """Make `plan` log what `repeat` picks from `data` (what its read returned): the copies
    become its actions and its reads are done. Returns the copies; none: nothing fits, the
    plan is left as it was and nothing may be logged."""
    entries = picked(repeat, data, zone, day_ends_at)
    if entries:
        plan.actions = list(entries)
        plan.reads = []
    return entries


def lead_in(html: str, line: str, plan: Plan, today: dt.date, reader: Reader) -> str:
    """The reply with `line` in place of its "Logged" block. A reply without one (a draft to
    confirm, a write waiting for the service) says what it is in its own words: unchanged."""
    block = conversation.logged(plan.actions, today, reader)
    if html.startswith(block):
        return line + html[len(block) :]
    return html


def unitless_index(plan: Plan, value: float) -> int | None:
    """Where in `plan` the weight said without a unit (`value`, held as kg) is; None: nowhere."""
    return next(
        (
            i
            for i, a in enumerate(plan.actions)
            if isinstance(a, WeightLog) and a.weight_kg == round(value, 2)
        ),
        None,
    )


def settle_unit(
    plan: Plan, index: int, value: float, last_kg: float | None, zone: str | None
) -> bool:
    """Settle the unitless weight at `index` of `plan` by the person's last weight (None:
    none known), else by where they are (their time `zone`), in place; False when only the
    person can tell kg from lb."""
    said_as_kg = plan.actions[index]
    assert isinstance(said_as_kg, WeightLog)
    reading = read_unitless(value, last_kg, weight_unit_of(zone))
    if reading is None or reading.ask:
        return False
    plan.actions[index] = WeightLog(date=said_as_kg.date, weight_kg=reading.kg)
    return True


def nothing_to_repeat(repeat: Repeat, today: dt.date) -> NothingToRepeat:
    """Why nothing is logged when nothing the person logged fits `repeat`."""
    day = repeat.read.date or today
    return NothingToRepeat(day, today, meal=repeat.meal, food=repeat.food, recipe=repeat.recipe)


async def _read(person: Person, repeat: Repeat) -> Any:
    """The one read a repeat needs; a failure is said, and nothing is logged."""
    try:
        if repeat.read.route == "recipes":
            data = await person.api.recipes()
        else:
            data = await person.api.nutrition(repeat.read.date)
    except AgentApiError as exc:
        log.info("reading %s to repeat failed: %s", repeat.read.route, exc)
        raise Refused(Reason.READ_FAILED, person.reader) from exc
    return data if isinstance(data, dict) else None


async def _last_weight(person: Person, today: dt.date) -> float | None:
    """The person's latest weight record in kg; None when there is none or it can't be read."""
    try:
        body = await person.api.weight(today - dt.timedelta(days=LAST_WEIGHT_DAYS), today)
    except AgentApiError:
        return None
    records = body.get("records") if isinstance(body, dict) else None
    values = [
        float(r["weightKg"])
        for r in records or []
        if isinstance(r, dict) and isinstance(r.get("weightKg"), int | float)
    ]
    return values[-1] if values else None
