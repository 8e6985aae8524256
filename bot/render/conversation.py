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
from bot.agent_api.views import TodayView
from bot.kernel.readers import Reader
from bot.render.day import daily_goals, day_summary, grams
from bot.render.format import CHECKIN_LABELS, capped, day_label, esc, fit, rating_label
from bot.render.words import N_, words

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
    "read_refused",
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


def _day_label(day: dt.date, today: dt.date, reader: Reader) -> str:
    """Nothing for today, else " (yesterday)" or " (Mon 16 Nov)" after a logged line."""
    return "" if day == today else f" ({day_label(day, today, reader)})"


def logged_line(action: BaseModel, today: dt.date, reader: Reader) -> str:
    """One line per logged item, as the person would say it back."""
    w = words(reader)
    day = getattr(action, "date", None)
    when = _day_label(day, today, reader) if isinstance(day, dt.date) else ""
    if isinstance(action, NutritionAddEntry):
        e = action.entry
        return w._("🍽 {food} — {energy} · P {protein} · C {carbs} · F {fat}{when}").format(
            food=esc(e.food),
            energy=w.energy(e.calories),
            protein=grams(w, e.protein),
            carbs=grams(w, e.carbs),
            fat=grams(w, e.fat),
            when=when,
        )
    if isinstance(action, CheckinUpsert):
        parts = [
            f"{rating_label(field, reader)} {getattr(action, field)}/5"
            for field in CHECKIN_LABELS
            if getattr(action, field) is not None
        ]
        if action.notes:
            parts.append(w._("note “{note}”").format(note=esc(_short(action.notes))))
        if not parts:
            return w._("📝 Check-in: saved{when}").format(when=when)
        return w._("📝 Check-in: {ratings}{when}").format(ratings=", ".join(parts), when=when)
    if isinstance(action, WeightLog):
        return w._("⚖️ Weight: {weight}{when}").format(weight=w.weight(action.weight_kg), when=when)
    if isinstance(action, WeightSetGoal):
        return w._("🎯 Goal weight: {weight}").format(weight=w.weight(action.goal_kg))
    if isinstance(action, NutritionSetGoals):
        return w._("🎯 Daily goals: {goals}").format(goals=", ".join(daily_goals(action, reader)))
    if isinstance(action, SupplementAddItem):
        if action.dose:
            return w._("💊 Added to your stack: {name} ({dose})").format(
                name=esc(action.name), dose=esc(action.dose)
            )
        return w._("💊 Added to your stack: {name}").format(name=esc(action.name))
    if isinstance(action, SupplementMarkTaken):
        return w._("💊 Took {name}{when}").format(name=esc(action.name), when=when)
    if isinstance(action, SupplementToggle):
        return w._("💊 Switched {name}{when}").format(name=esc(action.name), when=when)
    if isinstance(action, RecipeUpsert):
        return w.ngettext(
            "📖 Recipe saved: {name} ({n} serving)",
            "📖 Recipe saved: {name} ({n} servings)",
            action.servings,
        ).format(name=esc(action.name), n=action.servings)
    if isinstance(action, SupportCreateTicket):
        return w._("🛟 Support request sent: {subject}").format(subject=esc(action.subject))
    return f"✔️ {esc(getattr(action, 'type', w._('saved')))}"


def _short(text: str, limit: int = 300) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def logged(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    lines = capped([logged_line(a, today, reader) for a in actions], reader=reader)
    return words(reader)._("<b>Logged</b>") + "\n" + "\n".join(lines)


def logged_and_summary(
    actions: Sequence[BaseModel],
    today: TodayView | None,
    day: dt.date,
    note: str | None,
    reader: Reader,
) -> str:
    parts = [logged(actions, day, reader)]
    if note:
        parts.append(note)
    parts.append(
        day_summary(today, day, reader) if today is not None else summary_unavailable(reader)
    )
    return fit("\n\n".join(parts))


def summary_unavailable(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't load today's summary just now; /today shows it when the service is back."
    )


# The outbox: saved now, synced later


def _item_lines(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    return "\n".join(capped([logged_line(a, today, reader) for a in actions], reader=reader))


def saved_will_sync(
    actions: Sequence[BaseModel], today: dt.date, error: Exception | None, reader: Reader
) -> str:
    w = words(reader)
    lines = _item_lines(actions, today, reader)
    if isinstance(error, RateLimited):
        said = N_(
            "<b>Saved</b> — the health service is busy right now, so I'm keeping this and will "
            "sync it as soon as it's back. I'll tell you when it's in.\n{items}\n\n"
            "/status shows what is still waiting."
        )
    else:
        said = N_(
            "<b>Saved</b> — the health service isn't answering right now, so I'm keeping this "
            "and will sync it as soon as it's back. I'll tell you when it's in.\n{items}\n\n"
            "/status shows what is still waiting."
        )
    return fit(w._(said).format(items=lines))


def saved_behind_earlier(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    """A message queued behind the person's earlier one, which is still being sent."""
    return fit(
        words(reader)
        ._(
            "<b>Saved</b> — I'm still working on your earlier message, and this one follows it. "
            "I'll tell you when it's in.\n{items}\n\n/status shows what is still waiting."
        )
        .format(items=_item_lines(actions, today, reader))
    )


def synced(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    return fit(
        words(reader)
        ._("<b>✅ Synced</b> — this is now in your account:\n{items}")
        .format(items=_item_lines(actions, today, reader))
    )


def also_synced(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    return fit(
        words(reader)
        ._("<b>Also synced</b> from earlier:\n{items}")
        .format(items=_item_lines(actions, today, reader))
    )


def needs_reconnect_kept(reader: Reader) -> str:
    return words(reader)._(
        "Your health service no longer accepts the key you linked (it may have been revoked "
        "or rotated). I've kept what you just told me and will send it once you link again "
        "with <code>/connect NEW_KEY</code>."
    )


def outbox_status(
    items: Sequence[tuple[dt.date, Sequence[BaseModel], int]],
    today: dt.date,
    reader: Reader,
    drafts: Sequence[tuple[Sequence[BaseModel], dt.timedelta]] = (),
) -> str:
    """`/status`: what waits to sync, and the drafts that wait for the person (with age)."""
    w = words(reader)
    if not items and not drafts:
        return w._("Everything you told me is in your account — nothing is waiting.")
    parts = []
    if items:
        lines = [w._("<b>Waiting to sync</b> ({count}):").format(count=len(items))]
        for _day, actions, attempts in items:
            lines.extend(logged_line(a, today, reader) for a in actions)
            if attempts:
                lines[-1] += w._(" — tried {count}×").format(count=attempts)
        tail = w._("I retry automatically and tell you when each is in.")
        parts.append("\n".join([lines[0], *capped(lines[1:], reader=reader), tail]))
    else:
        parts.append(w._("Nothing is waiting to sync."))
    if drafts:
        lines = [w._("<b>Drafts waiting for you</b> ({count}):").format(count=len(drafts))]
        for actions, age in drafts:
            lines.extend(logged_line(a, today, reader) for a in actions)
            lines[-1] += f" — {_age(age, reader)}"
        parts.append(
            "\n".join([lines[0], *capped(lines[1:], reader=reader), drafts_waiting_hint(reader)])
        )
    return fit("\n\n".join(parts))


def drafts_waiting_hint(reader: Reader) -> str:
    return words(reader)._("None of these is saved until you tap ✅ Save under it.")


def _age(age: dt.timedelta, reader: Reader) -> str:
    w = words(reader)
    minutes = int(age.total_seconds() // 60)
    if minutes < 1:
        return w._("just now")
    if minutes < 60:
        return w._("{minutes} min ago").format(minutes=minutes)
    return w._("{hours} h ago").format(hours=minutes // 60)


def outbox_status_not_linked(
    items: Sequence[tuple[dt.date, Sequence[BaseModel], int]], today: dt.date, reader: Reader
) -> str:
    """`/status` without a linked account: nothing can reach one, so nothing is "in" it."""
    w = words(reader)
    if not items:
        return w._(
            "You're not linked to a health account, so nothing is on its way to one. "
            "Send <code>/connect YOUR_KEY</code> to link your account."
        )
    lines = [
        w._("<b>Not sent</b> ({count}) — you're not linked to a health account now:").format(
            count=len(items)
        )
    ]
    for _day, actions, _attempts in items:
        lines.extend(logged_line(a, today, reader) for a in actions)
    lines = [
        lines[0],
        *capped(lines[1:], reader=reader),
        w._(
            "They can't reach your account until you link it again with "
            "<code>/connect YOUR_KEY</code>; /status then shows whether they're still on their "
            "way."
        ),
    ]
    return fit("\n".join(lines))


# Errors a person sees; each says what happened and what was kept.


def service_rate_limited(retry_after: float | None, reader: Reader) -> str:
    w = words(reader)
    if retry_after:
        return w._(
            "The health service is busy right now. Nothing was saved — please send that again "
            "in about {seconds} s."
        ).format(seconds=max(1, round(retry_after)))
    return w._(
        "The health service is busy right now. Nothing was saved — please send that again "
        "in a minute."
    )


def service_unavailable(maybe_applied: bool, reader: Reader) -> str:
    w = words(reader)
    if maybe_applied:
        return w._(
            "The health service didn't confirm that save — it may or may not have landed. "
            "Check /today before sending it again so nothing is counted twice."
        )
    return w._(
        "I couldn't reach the health service. Nothing was saved — please send that again soon."
    )


def service_rejected(detail: str | None, reader: Reader) -> str:
    w = words(reader)
    if detail:
        return w._(
            "The health service didn't accept that, so nothing was saved. It said: “{detail}”. "
            "Try rephrasing it?"
        ).format(detail=esc(detail[:200]))
    return w._("The health service didn't accept that, so nothing was saved. Try rephrasing it?")


def today_unavailable(reader: Reader, *, busy: bool, retry_after: float | None = None) -> str:
    """`/today` could not be read; nothing was being saved, so there is nothing to resend."""
    w = words(reader)
    if busy and retry_after:
        return w._(
            "The health service is busy right now, so I can't show your day. "
            "Try /today in about {seconds} s."
        ).format(seconds=max(1, round(retry_after)))
    if busy:
        return w._(
            "The health service is busy right now, so I can't show your day. "
            "Try /today in a minute."
        )
    return w._(
        "I couldn't reach the health service, so I can't show your day just now. "
        "Try /today again in a minute."
    )


def today_waiting(count: int, reader: Reader) -> str:
    """Below a failed `/today`: what the person told earlier is still kept, not lost."""
    return (
        words(reader)
        .ngettext(
            "{n} thing you told me earlier is still waiting to sync — /status lists it.",
            "{n} things you told me earlier are still waiting to sync — /status lists them.",
            count,
        )
        .format(n=count)
    )


def needs_reconnect_read(reader: Reader) -> str:
    return words(reader)._(
        "Your health service no longer accepts the key you linked (it may have been revoked "
        "or rotated), so I can't show your day. Please send <code>/connect NEW_KEY</code>."
    )


def read_failed(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't load that from the health service just now. Please ask again in a minute."
    )


def message_truncated(limit: int, reader: Reader) -> str:
    w = words(reader)
    return w._("(Your message was long, so I only read its first {count} characters.)").format(
        count=w.number(limit)
    )


def nothing_understood(reader: Reader) -> str:
    return words(reader)._("I didn't find anything to log in that. /help shows what I understand.")


def internal_error(reader: Reader) -> str:
    return words(reader)._(
        "Sorry, something went wrong on my side. Nothing you sent is lost — please try again."
    )


# The short notice over the chat for a tap that changes nothing (plain text, ≤ 200).


def button_inactive(reader: Reader) -> str:
    return words(reader)._("That button is no longer active.")


def read_refused(reader: Reader) -> str:
    """The health service refused a read as invalid (a bad route or dates), so it is the
    question as read that was wrong, not the service."""
    return words(reader)._(
        "I asked your health service for something it can't look up (a wrong date or kind "
        'of data). Try asking about one day or a week, e.g. "what did I eat yesterday?"'
    )
