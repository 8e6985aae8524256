"""What the assistant says in the conversation: the items it logged, the day's summary, the
outbox (saved now, synced later) and the service's errors.

Texts are Telegram-safe HTML; anything that came from a person or the service is escaped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from pydantic import BaseModel

from bot.agent_api.actions import (
    CheckinUpsert,
    NutritionAddEntry,
    NutritionSetGoals,
    RecipeUpsert,
    SupplementAddItem,
    SupplementMarkTaken,
    SupplementToggle,
    SupportCreateTicket,
    WeightLog,
    WeightSetGoal,
)
from bot.agent_api.errors import RateLimited
from bot.agent_api.views import MacroTotals, TodayView
from bot.render.format import CHECKIN_LABELS, MISSING, capped, day_label, esc, fit, number

__all__ = [
    "also_synced",
    "button_inactive",
    "day_summary",
    "drafts_waiting_hint",
    "internal_error",
    "logged",
    "logged_and_summary",
    "logged_line",
    "message_truncated",
    "needs_reconnect_kept",
    "needs_reconnect_read",
    "nothing_understood",
    "outbox_status",
    "outbox_status_not_linked",
    "read_failed",
    "saved_behind_earlier",
    "saved_will_sync",
    "service_rate_limited",
    "service_rejected",
    "service_unavailable",
    "summary_unavailable",
    "synced",
    "today_unavailable",
    "today_waiting",
]


def _day_label(day: dt.date, today: dt.date) -> str:
    """Nothing for today, else " (yesterday)" or " (Mon 16 Nov)" after a logged line."""
    return "" if day == today else f" ({day_label(day, today)})"


def logged_line(action: BaseModel, today: dt.date) -> str:
    """One line per logged item, as the person would say it back."""
    day = getattr(action, "date", None)
    when = _day_label(day, today) if isinstance(day, dt.date) else ""
    if isinstance(action, NutritionAddEntry):
        e = action.entry
        return (
            f"🍽 {esc(e.food)} — {number(e.calories, 'kcal')} · P {number(e.protein, 'g')} · "
            f"C {number(e.carbs, 'g')} · F {number(e.fat, 'g')}{when}"
        )
    if isinstance(action, CheckinUpsert):
        parts = [
            f"{label} {getattr(action, field)}/5"
            for field, label in CHECKIN_LABELS.items()
            if getattr(action, field) is not None
        ]
        if action.notes:
            parts.append(f"note “{esc(_short(action.notes))}”")
        return f"📝 Check-in: {', '.join(parts) or 'saved'}{when}"
    if isinstance(action, WeightLog):
        return f"⚖️ Weight: {number(action.weight_kg, 'kg', decimals=1)}{when}"
    if isinstance(action, WeightSetGoal):
        return f"🎯 Goal weight: {number(action.goal_kg, 'kg', decimals=1)}"
    if isinstance(action, NutritionSetGoals):
        goals = [
            f"{name} {number(getattr(action, name), unit)}"
            for name, unit in (("calories", "kcal"), ("protein", "g"), ("carbs", "g"), ("fat", "g"))
            if getattr(action, name) is not None
        ]
        return f"🎯 Daily goals: {', '.join(goals)}"
    if isinstance(action, SupplementAddItem):
        dose = f" ({esc(action.dose)})" if action.dose else ""
        return f"💊 Added to your stack: {esc(action.name)}{dose}"
    if isinstance(action, SupplementMarkTaken):
        return f"💊 Took {esc(action.name)}{when}"
    if isinstance(action, SupplementToggle):
        return f"💊 Switched {esc(action.name)}{when}"
    if isinstance(action, RecipeUpsert):
        return f"📖 Recipe saved: {esc(action.name)} ({action.servings} servings)"
    if isinstance(action, SupportCreateTicket):
        return f"🛟 Support request sent: {esc(action.subject)}"
    return f"✔️ {esc(getattr(action, 'type', 'saved'))}"


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def logged(actions: Sequence[BaseModel], today: dt.date) -> str:
    lines = capped([logged_line(a, today) for a in actions])
    return "<b>Logged</b>\n" + "\n".join(lines)


def _of(value: float | None, goal: float | None, unit: str) -> str:
    if goal is None:
        return number(value, unit)
    return f"{number(value)} / {number(goal, unit)}"


def day_summary(today: TodayView, day: dt.date) -> str:
    """The day at a glance, from whatever `/today` returned; missing parts say so."""
    lines = [f"<b>📊 Today, {day:%a %d %b}</b>"]
    nutrition = today.nutrition
    totals = nutrition.totals if nutrition and nutrition.totals else MacroTotals()
    goals = nutrition.goals if nutrition and nutrition.goals else MacroTotals()
    kcal = f"Calories: {_of(totals.calories, goals.calories, 'kcal')}"
    if totals.calories is not None and goals.calories is not None:
        left = goals.calories - totals.calories
        kcal += f" — {number(left)} left" if left >= 0 else f" — {number(-left)} over"
    lines.append(kcal)
    lines.append(
        f"Protein {_of(totals.protein, goals.protein, 'g')} · "
        f"Carbs {_of(totals.carbs, goals.carbs, 'g')} · Fat {_of(totals.fat, goals.fat, 'g')}"
    )
    checkin = today.checkin
    if checkin is None:
        lines.append("Check-in: not yet")
    else:
        parts = [
            f"{label} {getattr(checkin, field) if getattr(checkin, field) is not None else MISSING}"
            for field, label in CHECKIN_LABELS.items()
        ]
        lines.append("Check-in: " + " · ".join(parts))
    weight = today.weight
    latest = weight.latest if weight else None
    goal_kg = weight.goal_kg if weight else None
    if latest is None or latest.weight_kg is None:
        text = "Weight: not logged"
    else:
        when = f" on {latest.date:%d %b}" if latest.date and latest.date != day else ""
        text = f"Weight: {number(latest.weight_kg, 'kg', decimals=1)}{when}"
        if goal_kg is not None:
            diff = latest.weight_kg - goal_kg
            to_go = f"{abs(diff):.1f} kg to go" if abs(diff) >= 0.05 else "reached"
            text += f" (goal {number(goal_kg, 'kg', decimals=1)}, {to_go})"
    lines.append(text)
    supplements = today.supplements
    if supplements is None or supplements.total in (None, 0):
        lines.append("Supplements: none in your stack")
    else:
        lines.append(
            f"Supplements: {number(supplements.taken)} of {number(supplements.total)} taken"
        )
    return fit("\n".join(lines))


def logged_and_summary(
    actions: Sequence[BaseModel], today: TodayView | None, day: dt.date, note: str | None
) -> str:
    parts = [logged(actions, day)]
    if note:
        parts.append(note)
    parts.append(day_summary(today, day) if today is not None else summary_unavailable())
    return fit("\n\n".join(parts))


def summary_unavailable() -> str:
    return "I couldn't load today's summary just now; /today shows it when the service is back."


# The outbox: saved now, synced later


def _item_lines(actions: Sequence[BaseModel], today: dt.date) -> str:
    return "\n".join(capped([logged_line(a, today) for a in actions]))


def saved_will_sync(actions: Sequence[BaseModel], today: dt.date, error: Exception | None) -> str:
    lines = _item_lines(actions, today)
    busy = isinstance(error, RateLimited)
    why = "is busy" if busy else "isn't answering"
    return fit(
        f"<b>Saved</b> — the health service {why} right now, so I'm keeping this and will "
        f"sync it as soon as it's back. I'll tell you when it's in.\n{lines}\n\n"
        "/status shows what is still waiting."
    )


def saved_behind_earlier(actions: Sequence[BaseModel], today: dt.date) -> str:
    """A message queued behind the person's earlier one, which is still being sent."""
    return fit(
        "<b>Saved</b> — I'm still working on your earlier message, and this one follows it. "
        f"I'll tell you when it's in.\n{_item_lines(actions, today)}\n\n"
        "/status shows what is still waiting."
    )


def synced(actions: Sequence[BaseModel], today: dt.date) -> str:
    return fit(f"<b>✅ Synced</b> — this is now in your account:\n{_item_lines(actions, today)}")


def also_synced(actions: Sequence[BaseModel], today: dt.date) -> str:
    return fit(f"<b>Also synced</b> from earlier:\n{_item_lines(actions, today)}")


def needs_reconnect_kept() -> str:
    return (
        "Your health service no longer accepts the key you linked (it may have been revoked "
        "or rotated). I've kept what you just told me and will send it once you link again "
        "with <code>/connect NEW_KEY</code>."
    )


def outbox_status(
    items: Sequence[tuple[dt.date, Sequence[BaseModel], int]],
    today: dt.date,
    drafts: Sequence[tuple[Sequence[BaseModel], dt.timedelta]] = (),
) -> str:
    """`/status`: what waits to sync, and the drafts that wait for the person (with age)."""
    if not items and not drafts:
        return "Everything you told me is in your account — nothing is waiting."
    parts = []
    if items:
        lines = [f"<b>Waiting to sync</b> ({len(items)}):"]
        for _day, actions, attempts in items:
            lines.extend(logged_line(a, today) for a in actions)
            if attempts:
                lines[-1] += f" — tried {attempts}×"
        tail = "I retry automatically and tell you when each is in."
        parts.append("\n".join([lines[0], *capped(lines[1:]), tail]))
    else:
        parts.append("Nothing is waiting to sync.")
    if drafts:
        lines = [f"<b>Drafts waiting for you</b> ({len(drafts)}):"]
        for actions, age in drafts:
            lines.extend(logged_line(a, today) for a in actions)
            lines[-1] += f" — {_age(age)}"
        parts.append("\n".join([lines[0], *capped(lines[1:]), drafts_waiting_hint()]))
    return fit("\n\n".join(parts))


def drafts_waiting_hint() -> str:
    return "None of these is saved until you tap ✅ Save under it."


def _age(age: dt.timedelta) -> str:
    minutes = int(age.total_seconds() // 60)
    if minutes < 1:
        return "just now"
    if minutes < 60:
        return f"{minutes} min ago"
    return f"{minutes // 60} h ago"


def outbox_status_not_linked(
    items: Sequence[tuple[dt.date, Sequence[BaseModel], int]], today: dt.date
) -> str:
    """`/status` without a linked account: nothing can reach one, so nothing is "in" it."""
    link = "Send <code>/connect YOUR_KEY</code> to link your account."
    if not items:
        return "You're not linked to a health account, so nothing is on its way to one. " + link
    lines = [f"<b>Not sent</b> ({len(items)}) — you're not linked to a health account now:"]
    for _day, actions, _attempts in items:
        lines.extend(logged_line(a, today) for a in actions)
    lines = [
        lines[0],
        *capped(lines[1:]),
        "They can't reach your account until you link it again with "
        "<code>/connect YOUR_KEY</code>; /status then shows whether they're still on their way.",
    ]
    return fit("\n".join(lines))


# Errors a person sees; each says what happened and what was kept.


def service_rate_limited(retry_after: float | None) -> str:
    wait = f" in about {max(1, round(retry_after))} s" if retry_after else " in a minute"
    return (
        f"The health service is busy right now. Nothing was saved — please send that again{wait}."
    )


def service_unavailable(maybe_applied: bool) -> str:
    if maybe_applied:
        return (
            "The health service didn't confirm that save — it may or may not have landed. "
            "Check /today before sending it again so nothing is counted twice."
        )
    return "I couldn't reach the health service. Nothing was saved — please send that again soon."


def service_rejected(detail: str | None) -> str:
    why = f" It said: “{esc(detail[:200])}”." if detail else ""
    return f"The health service didn't accept that, so nothing was saved.{why} Try rephrasing it?"


def today_unavailable(*, busy: bool, retry_after: float | None = None) -> str:
    """`/today` could not be read; nothing was being saved, so there is nothing to resend."""
    if busy:
        wait = f"in about {max(1, round(retry_after))} s" if retry_after else "in a minute"
        return f"The health service is busy right now, so I can't show your day. Try /today {wait}."
    return (
        "I couldn't reach the health service, so I can't show your day just now. "
        "Try /today again in a minute."
    )


def today_waiting(count: int) -> str:
    """Below a failed `/today`: what the person told earlier is still kept, not lost."""
    if count == 1:
        return "1 thing you told me earlier is still waiting to sync — /status lists it."
    return f"{count} things you told me earlier are still waiting to sync — /status lists them."


def needs_reconnect_read() -> str:
    return (
        "Your health service no longer accepts the key you linked (it may have been revoked "
        "or rotated), so I can't show your day. Please send <code>/connect NEW_KEY</code>."
    )


def read_failed() -> str:
    return "I couldn't load that from the health service just now. Please ask again in a minute."


def message_truncated(limit: int) -> str:
    return f"(Your message was long, so I only read its first {limit:,} characters.)"


def nothing_understood() -> str:
    return "I didn't find anything to log in that. /help shows what I understand."


def internal_error() -> str:
    return "Sorry, something went wrong on my side. Nothing you sent is lost — please try again."


# The short notice over the chat for a tap that changes nothing (plain text, ≤ 200).


def button_inactive() -> str:
    return "That button is no longer active."
