"""Every word a person reads comes from here (or from prompts/).

Functions return plain text or Telegram-safe HTML; anything that came from a person or the
service is escaped with `html.escape` before it is put into HTML.
"""

from __future__ import annotations

import datetime as dt
import html
import re
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
from bot.plausibility import Concern
from bot.timezones import zone_label


def esc(value: object) -> str:
    """HTML-escape anything for Telegram's HTML parse mode; a lone surrogate echoed from the
    person's text becomes U+FFFD, as Telegram refuses text that is not valid Unicode."""
    text = str(value).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return html.escape(text, quote=False)


# --- offline planner -----------------------------------------------------------------------
# The offline planner's words. Replies are plain text that is also HTML-safe: words taken from
# the person's message are stripped of "<", ">" and "&" (`_offline_quote`), and anything read
# from the service is escaped, so the result reads the same whether or not it is escaped again.

OFFLINE_EXAMPLES = '"2 eggs and toast", "72.4 kg", "mood 4, slept badly", "took vitamin D"'
# For whoever runs the bot (the terminal prints it as `Reply.operator_note`), never for a chat.
OFFLINE_LLM_HINT = "With an LLM configured through OPENAI_API_KEY I would understand free text too."
OFFLINE_EMPTY = f"I only understand words, not emoji (yet). Try something like {OFFLINE_EXAMPLES}."
OFFLINE_INJECTION = (
    "I can't change how I work, but I'm happy to log food, weight, check-ins and "
    f"supplements. Try {OFFLINE_EXAMPLES}."
)
OFFLINE_GREETING = (
    f"Hi! Tell me what you ate or how you feel, e.g. {OFFLINE_EXAMPLES}. You can also ask "
    '"how much protein today?".'
)
OFFLINE_THANKS = "You're welcome!"
OFFLINE_BYE = "Bye! Take care."
OFFLINE_ACK = "👍"
OFFLINE_HELP = (
    f"I log food, weight, check-ins and supplements. Examples: {OFFLINE_EXAMPLES}, "
    '"200 g chicken breast", "weight 160 lb", "energy 2/5", "note: headache". Ask me '
    '"how much protein today?" or "what did I weigh last week?".'
)
OFFLINE_HOW_ARE_YOU = 'I\'m doing well, thanks! How about you? Tell me your mood, e.g. "mood 4".'
OFFLINE_UNKNOWN_QUESTION = (
    "I can answer questions about today's food (calories, protein, carbs, fat), your weight, "
    'check-ins and supplements, e.g. "how much protein today?" or "how did I sleep '
    'yesterday?".'
)
OFFLINE_CORRECTION = (
    "I can't change or remove what's already logged, so nothing was saved. Please fix the "
    "entry in the app, then tell me the right amount."
)
OFFLINE_LLM_ONLY = (
    "I can't save recipes, send support requests or change your supplement stack here, so "
    "nothing was saved. I log food, weight, check-ins and supplements taken, e.g. "
    f"{OFFLINE_EXAMPLES}."
)


def _offline_quote(words: str, limit: int = 60) -> str:
    """A piece of the person's message, safe for HTML and short."""
    clean = "".join(c for c in words if c not in "<>&").strip()
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def offline_not_understood(unknown: Sequence[str], logged_something: bool) -> str:
    """What the rules could not place, and how to phrase it (or that an LLM would help)."""
    if unknown:
        quoted = ", ".join(f"'{_offline_quote(w)}'" for w in unknown[:5])
        if len(unknown) > 5:
            quoted += f" and {len(unknown) - 5} more"
        lead = f"I couldn't place {quoted}"
        lead += ", so I logged only the rest." if logged_something else "."
    else:
        lead = "I couldn't understand that, so nothing was saved."
    return f"{lead} Try phrasing it like {OFFLINE_EXAMPLES}."


def offline_odd_numbers(numbers: Sequence[str]) -> str:
    """A message with a number the rules would misread ("1e309", "-500"): nothing is saved."""
    quoted = ", ".join(f"“{_offline_quote(n, 20)}”" for n in numbers[:3])
    return (
        f"I can't read {quoted}, so nothing was saved. Please write amounts as plain positive "
        "numbers, like 72.4 kg, 250 kcal or 2 eggs: no minus or plus sign and no powers of ten."
    )


def range_rating(top: int) -> str:
    return f"mood, energy and sleep are rated 1 to {top} (or out of 10, like “7/10”)"


def range_weight(low_kg: float, high_kg: float) -> str:
    return (
        f"body weight goes from {low_kg:g} to {high_kg:g} kg, with its unit "
        "(kg, lb or st), like “72.4 kg”"
    )


def range_amount(max_count: float, max_grams: float) -> str:
    return f"one food can be up to {max_count:g} pieces or portions, or up to {max_grams:,.0f} g"


def range_energy(max_kcal: float) -> str:
    return f"one item can have up to {max_kcal:,.0f} kcal"


def range_goal(
    low_kcal: float, high_kcal: float, high_grams: float, low_kg: float, high_kg: float
) -> str:
    return (
        f"a calorie goal goes from {low_kcal:,.0f} to {high_kcal:,.0f} kcal, a protein, carb "
        f"or fat goal up to {high_grams:,.0f} g, and a weight goal from {low_kg:g} to "
        f"{high_kg:g} kg"
    )


def offline_out_of_range(refused: Sequence[tuple[str, str]], unknown: Sequence[str]) -> str:
    """Numbers outside what can be logged, each with its allowed range (`refused` holds the
    person's words and a `range_*` text), then anything not understood at all."""
    lines = [f"I can't log '{_offline_quote(words)}': {allowed}." for words, allowed in refused]
    if unknown:
        quoted = ", ".join(f"'{_offline_quote(w)}'" for w in unknown[:5])
        lines.append(f"I couldn't place {quoted} either.")
    lines.append("Nothing was saved; please send it again within those limits.")
    return " ".join(lines)


def offline_too_long(limit: int) -> str:
    return (
        f"That message is too long for me (over {limit:,} characters), so nothing was saved. "
        f"Please send one or two items at a time, like {OFFLINE_EXAMPLES}."
    )


def offline_day_label(day: dt.date, today: dt.date) -> str:
    """ "today", "yesterday" or "Mon 16 Nov"."""
    if day == today:
        return "today"
    if day == today - dt.timedelta(days=1):
        return "yesterday"
    return f"{day:%a} {day.day} {day:%b}"


def offline_period_label(start: dt.date | None, end: dt.date | None, today: dt.date) -> str:
    if start is None or end is None:
        return "so far"
    if start == end:
        return offline_day_label(start, today)
    return f"{offline_day_label(start, today)} – {offline_day_label(end, today)}"


def _offline_num(value: float) -> str:
    """1667.0 -> "1,667", 62.5 -> "62.5"."""
    return f"{value:,.1f}".rstrip("0").rstrip(".")


_OFFLINE_UNITS = {"calories": ("kcal", "calories"), "protein": ("g", "protein")}
_OFFLINE_UNITS.update({"carbs": ("g", "carbs"), "fat": ("g", "fat")})


def offline_nutrition_answer(
    label: str,
    eaten: dict[str, float | None],
    goals: dict[str, float | None],
    focus: Sequence[str],
    remaining: bool,
) -> str:
    """Eaten vs goal for the asked fields (all four when none was named); missing said so."""
    fields = list(focus) or ["calories", "protein", "carbs", "fat"]
    lines = []
    for field in fields:
        unit, noun = _OFFLINE_UNITS[field]
        value, goal = eaten.get(field), goals.get(field)
        if value is None:
            lines.append(f"No {noun} recorded for {label}.")
            continue
        line = f"{noun.capitalize()} {label}: {_offline_num(value)} {unit}"
        if goal:
            left = goal - value
            target = f"{_offline_num(goal)} {unit}"
            if not remaining:
                line += f" of {target} goal"
            elif left >= 0:
                line += f", {_offline_num(left)} {unit} left of your {target} goal"
            else:
                line += f", {_offline_num(-left)} {unit} over your {target} goal"
        elif remaining:
            line += " (no goal set, so I can't say what's left)"
        lines.append(line + ".")
    return "\n".join(lines)


def offline_weight_answer(
    records: Sequence[tuple[dt.date, float]], goal_kg: float | None, label: str, today: dt.date
) -> str:
    """Weights of the period, oldest first, then the goal if one is set."""
    if not records:
        return f"No weight recorded for {label}."
    entries = [f"{offline_day_label(day, today)}: {_offline_num(kg)} kg" for day, kg in records]
    lines = [f"Weight {entries[0]}"] if len(entries) == 1 else [f"Weight {label}:", *entries]
    if goal_kg:
        lines.append(f"Goal: {_offline_num(goal_kg)} kg.")
    return "\n".join(lines)


_OFFLINE_CHECKIN_NAMES = {"mood": "mood", "energy": "energy", "sleep_quality": "sleep"}


def offline_checkin_answer(
    days: Sequence[tuple[dt.date, dict[str, object]]],
    label: str,
    focus: Sequence[str],
    today: dt.date,
) -> str:
    """Check-in ratings (x/5) per day; `focus` limits to the asked fields."""
    if not days:
        return f"No check-in recorded for {label}."
    fields = list(focus) or ["mood", "energy", "sleep_quality"]
    lines = []
    for day, values in days:
        parts = []
        for field in fields:
            value = values.get(field)
            name = _OFFLINE_CHECKIN_NAMES[field]
            parts.append(f"{name} {value}/5" if value is not None else f"{name} not recorded")
        notes = values.get("notes")
        if notes and not focus:
            parts.append(f"note: {esc(notes)}")
        lines.append(f"{offline_day_label(day, today).capitalize()}: " + ", ".join(parts) + ".")
    return "\n".join(lines)


def offline_supplements_answer(items: Sequence[tuple[str, bool | None]], label: str) -> str:
    """Which supplements of the stack were taken on the day."""
    if not items:
        return f"No supplements recorded for {label}."
    taken = [esc(name) for name, was_taken in items if was_taken]
    missing = [esc(name) for name, was_taken in items if not was_taken]
    line = f"Supplements {label}: {len(taken)} of {len(items)} taken"
    if taken:
        line += f" ({', '.join(taken)})"
    if missing:
        line += f"; not yet: {', '.join(missing)}"
    return line + "."


def offline_read_failed(what: str) -> str:
    return f"I couldn't read your {what} just now. Please try again in a moment."


def offline_answer_missing(what: str, label: str) -> str:
    return f"I found no {what} for {label}."


# --- LLM planner ---------------------------------------------------------------------------
# Plain text (the planner's replies are escaped by whoever puts them into HTML).

LLM_NOT_UNDERSTOOD = (
    "Sorry, I couldn't understand that, so nothing was saved. Could you say it again in "
    'other words? For example: "2 eggs and toast for breakfast, slept badly".'
)

_LLM_AREA_NOUNS = {
    "nutrition": "the food",
    "goals": "the goals",
    "checkin": "the check-in",
    "weight": "the weight",
    "supplements": "the supplements",
    "recipes": "the recipe",
    "support": "the support request",
    "read": "the question",
}


def prompt_refused() -> str:
    """Instead of a model reply that quoted the bot's instructions (a prompt injection)."""
    return "I can't share my instructions. Tell me what you ate, your weight or how you feel."


def llm_partly_understood(areas: Sequence[str | None]) -> str:
    """After a failed repair round that still produced some valid actions: say what is missing.

    `areas` are the tool areas of the calls that stayed invalid (None for an unknown tool).
    """
    nouns = list(dict.fromkeys(_LLM_AREA_NOUNS.get(area or "", "part of it") for area in areas))
    if not nouns:
        nouns = ["part of it"]
    what = nouns[0] if len(nouns) == 1 else ", ".join(nouns[:-1]) + " and " + nouns[-1]
    return (
        f"I couldn't read {what} in your message, so I left that out. "
        "Could you send that part again in other words?"
    )


def llm_probe_result(model: str, tool_called: bool) -> str:
    """`healthbot doctor`: did the model answer a trivial request with a tool call?"""
    if tool_called:
        return f"tool calling works: {model} answered with a tool call"
    return (
        f"{model} answered without a tool call: this model or server may not support tool "
        "calling, so logging would fail (try another OPENAI_MODEL)"
    )


# --- assistant: logged items, day summary, errors ------------------------------------------

MISSING = "–"
_TAG = re.compile(r"<[^>]+>")
CHECKIN_LABELS = {"mood": "mood", "energy": "energy", "sleep_quality": "sleep"}


def to_plain(text_html: str) -> str:
    """The same message for a terminal: tags dropped, entities decoded."""
    return html.unescape(_TAG.sub("", text_html))


REPLY_LIMIT = 4000  # Telegram refuses a message over 4,096 UTF-16 units; keep a margin
LIST_BUDGET = 2500  # the items listed in one reply; the rest is for the summary and notes


def _units(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _capped(lines: Sequence[str], budget: int = LIST_BUDGET) -> list[str]:
    """Whole lines while they fit in `budget`, then how many more there were."""
    kept: list[str] = []
    used = 0
    for index, line in enumerate(lines):
        used += _units(line) + 1
        if used > budget:
            return [*kept, f"…and {len(lines) - index} more"]
        kept.append(line)
    return kept


def _fit(text_html: str, limit: int = REPLY_LIMIT) -> str:
    """A reply cut to whole lines within `limit` (each line is balanced HTML), marked "…"."""
    if _units(text_html) <= limit:
        return text_html
    kept: list[str] = []
    used = 0
    for line in text_html.split("\n"):
        used += _units(line) + 1
        if used > limit - 2:
            if not kept:  # one enormous line: shorten it as plain text
                kept.append(esc(to_plain(line)[: limit // 6]))
            break
        kept.append(line)
    return "\n".join(kept) + "\n…"


def _num(value: float | None, unit: str = "", *, decimals: int = 0) -> str:
    if value is None or value != value or value in (float("inf"), float("-inf")):
        return MISSING
    text = f"{value:,.{decimals}f}" if abs(value) < 1e12 else f"{value:.3g}"
    return f"{text} {unit}".rstrip() if unit else text


def _day_label(day: dt.date, today: dt.date) -> str:
    """Nothing for today, else " (yesterday)" or " (Mon 16 Nov)" after a logged line."""
    return "" if day == today else f" ({offline_day_label(day, today)})"


def logged_line(action: BaseModel, today: dt.date) -> str:
    """One line per logged item, as the person would say it back."""
    day = getattr(action, "date", None)
    when = _day_label(day, today) if isinstance(day, dt.date) else ""
    if isinstance(action, NutritionAddEntry):
        e = action.entry
        return (
            f"🍽 {esc(e.food)} — {_num(e.calories, 'kcal')} · P {_num(e.protein, 'g')} · "
            f"C {_num(e.carbs, 'g')} · F {_num(e.fat, 'g')}{when}"
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
        return f"⚖️ Weight: {_num(action.weight_kg, 'kg', decimals=1)}{when}"
    if isinstance(action, WeightSetGoal):
        return f"🎯 Goal weight: {_num(action.goal_kg, 'kg', decimals=1)}"
    if isinstance(action, NutritionSetGoals):
        goals = [
            f"{name} {_num(getattr(action, name), unit)}"
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
    lines = _capped([logged_line(a, today) for a in actions])
    return "<b>Logged</b>\n" + "\n".join(lines)


def logged_plain(actions: Sequence[BaseModel], today: dt.date) -> str:
    """What the bot remembers of its own reply, for the next turn's context."""
    return "Logged: " + "; ".join(to_plain(logged_line(a, today)) for a in actions)


def _of(value: float | None, goal: float | None, unit: str) -> str:
    if goal is None:
        return _num(value, unit)
    return f"{_num(value)} / {_num(goal, unit)}"


def day_summary(today: TodayView, day: dt.date) -> str:
    """The day at a glance, from whatever `/today` returned; missing parts say so."""
    lines = [f"<b>📊 Today, {day:%a %d %b}</b>"]
    nutrition = today.nutrition
    totals = nutrition.totals if nutrition and nutrition.totals else MacroTotals()
    goals = nutrition.goals if nutrition and nutrition.goals else MacroTotals()
    kcal = f"Calories: {_of(totals.calories, goals.calories, 'kcal')}"
    if totals.calories is not None and goals.calories is not None:
        left = goals.calories - totals.calories
        kcal += f" — {_num(left)} left" if left >= 0 else f" — {_num(-left)} over"
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
        text = f"Weight: {_num(latest.weight_kg, 'kg', decimals=1)}{when}"
        if goal_kg is not None:
            diff = latest.weight_kg - goal_kg
            to_go = f"{abs(diff):.1f} kg to go" if abs(diff) >= 0.05 else "reached"
            text += f" (goal {_num(goal_kg, 'kg', decimals=1)}, {to_go})"
    lines.append(text)
    supplements = today.supplements
    if supplements is None or supplements.total in (None, 0):
        lines.append("Supplements: none in your stack")
    else:
        lines.append(f"Supplements: {_num(supplements.taken)} of {_num(supplements.total)} taken")
    return _fit("\n".join(lines))


def logged_and_summary(
    actions: Sequence[BaseModel], today: TodayView | None, day: dt.date, note: str | None
) -> str:
    parts = [logged(actions, day)]
    if note:
        parts.append(note)
    parts.append(day_summary(today, day) if today is not None else summary_unavailable())
    return _fit("\n\n".join(parts))


def summary_unavailable() -> str:
    return "I couldn't load today's summary just now; /today shows it when the service is back."


# The outbox: saved now, synced later


def _item_lines(actions: Sequence[BaseModel], today: dt.date) -> str:
    return "\n".join(_capped([logged_line(a, today) for a in actions]))


def saved_will_sync(actions: Sequence[BaseModel], today: dt.date, error: Exception | None) -> str:
    lines = _item_lines(actions, today)
    busy = isinstance(error, RateLimited)
    why = "is busy" if busy else "isn't answering"
    return _fit(
        f"<b>Saved</b> — the health service {why} right now, so I'm keeping this and will "
        f"sync it as soon as it's back. I'll tell you when it's in.\n{lines}\n\n"
        "/status shows what is still waiting."
    )


def saved_behind_earlier(actions: Sequence[BaseModel], today: dt.date) -> str:
    """A message queued behind the person's earlier one, which is still being sent."""
    return _fit(
        "<b>Saved</b> — I'm still working on your earlier message, and this one follows it. "
        f"I'll tell you when it's in.\n{_item_lines(actions, today)}\n\n"
        "/status shows what is still waiting."
    )


def synced(actions: Sequence[BaseModel], today: dt.date) -> str:
    return _fit(f"<b>✅ Synced</b> — this is now in your account:\n{_item_lines(actions, today)}")


def also_synced(actions: Sequence[BaseModel], today: dt.date) -> str:
    return _fit(f"<b>Also synced</b> from earlier:\n{_item_lines(actions, today)}")


def needs_reconnect_kept() -> str:
    return (
        "Your health service no longer accepts the key you linked (it may have been revoked "
        "or rotated). I've kept what you just told me and will send it once you link again "
        "with <code>/connect NEW_KEY</code>."
    )


def outbox_status(items: Sequence[tuple[dt.date, Sequence[BaseModel], int]], today: dt.date) -> str:
    if not items:
        return "Everything you told me is in your account — nothing is waiting."
    lines = [f"<b>Waiting to sync</b> ({len(items)}):"]
    for _day, actions, attempts in items:
        lines.extend(logged_line(a, today) for a in actions)
        if attempts:
            lines[-1] += f" — tried {attempts}×"
    lines = [lines[0], *_capped(lines[1:]), "I retry automatically and tell you when each is in."]
    return _fit("\n".join(lines))


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
        *_capped(lines[1:]),
        "They can't reach your account until you link it again with "
        "<code>/connect YOUR_KEY</code>; /status then shows whether they're still on their way.",
    ]
    return _fit("\n".join(lines))


# Drafts: shown before saving (confirm mode, implausible values)


def _concern_text(concern: Concern) -> str:
    if concern.kind == "kcal_high":
        return f"{concern.value:,.0f} kcal is a lot for one item — is that right?"
    if concern.kind == "macros_mismatch":
        return (
            f"the macros add up to about {concern.reference:,.0f} kcal, "
            f"not {concern.value:,.0f} kcal"
        )
    if concern.kind == "weight_jump":
        return (
            f"{concern.value:.1f} kg is more than 5 kg from your last weight "
            f"({concern.reference:.1f} kg)"
        )
    return "this looks unusual"


def draft(actions: Sequence[BaseModel], concerns: Sequence[Concern], today: dt.date) -> str:
    lines = [logged_line(a, today) for a in actions]
    for concern in concerns:
        if 0 <= concern.index < len(lines):
            lines[concern.index] += f"\n   ⚠️ {esc(_concern_text(concern))}"
    head = (
        "<b>Please check before I save</b>"
        if concerns
        else "<b>Here's what I understood</b> — nothing is saved yet:"
    )
    return _fit(head + "\n" + "\n".join(_capped(lines)))


def draft_buttons() -> tuple[str, str, str]:
    return ("✅ Save", "✏️ Fix", "🗑 Drop")


def draft_plain(actions: Sequence[BaseModel], today: dt.date) -> str:
    """How a draft appears in the conversation the planner reads when it is corrected."""
    return "Draft, not saved yet: " + "; ".join(to_plain(logged_line(a, today)) for a in actions)


def draft_gone() -> str:
    return "That draft has expired, so nothing was saved. Send it again?"


# Toasts: the short notice over the chat for a tap that changes nothing (plain text, ≤ 200).


def button_inactive() -> str:
    return "That button is no longer active."


def draft_already_saved() -> str:
    return "Already saved."


def draft_already_dropped() -> str:
    return "Already dropped — nothing was saved."


def draft_awaiting_fix() -> str:
    return "Send me the correction as a message."


def draft_dropped() -> str:
    return "Dropped — nothing was saved."


def edit_of_logged(actions: Sequence[BaseModel], today: dt.date) -> str:
    """An edited message whose entries were already logged: they stay as they are."""
    lines = "\n".join(logged_line(a, today) for a in actions)
    return (
        f"I had already logged that message:\n{lines}\n\n"
        "Editing it doesn't change what was saved. To correct it, send the difference as a "
        "new message, e.g. <i>2 more bananas</i>."
    )


def edit_not_applied() -> str:
    """An edited message that is not a draft under review and was not logged by me."""
    return (
        "I saw your edit, but I only act on new messages, so nothing changed. "
        "If you want me to take the new text, send it as a new message."
    )


def edit_applied_to_draft() -> str:
    return "✏️ Updated the draft to your edited message:"


def edit_of_draft_not_understood() -> str:
    return (
        "I couldn't find anything to log in your edited message, so the draft above stays as "
        "it was."
    )


def draft_fix_prompt(actions: Sequence[BaseModel], today: dt.date) -> str:
    lines = "\n".join(logged_line(a, today) for a in actions)
    return (
        f"{lines}\n\nWhat should I change? Tell me in your words, e.g. "
        "<i>it was 2 eggs</i> or <i>the pasta was 300 g</i>."
    )


def draft_fix_not_understood() -> str:
    return (
        "I didn't catch the change. Tell me e.g. <i>it was 2 eggs</i> or <i>72.4 kg</i> — "
        "the draft is still waiting."
    )


def llm_budget_reached() -> str:
    return (
        "You've reached today's limit for my AI model, and my built-in rules didn't "
        "understand that. Nothing was saved. Simple phrases still work (<i>2 eggs</i>, "
        "<i>72.4 kg</i>, <i>mood 4</i>), and the limit resets tomorrow."
    )


def confirm_mode_buttons(enabled: bool) -> str:
    return "Confirm before saving: on ✅" if enabled else "Confirm before saving: off"


# Voice and photos


def _minutes(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def voice_transcript(text: str) -> str:
    """What the bot heard, shown above what it did with it."""
    return f"🎙 “{esc(text)}”"


def voice_needs_llm() -> str:
    return (
        "I can't listen to voice messages here, so nothing was saved. Please type it instead, "
        "e.g. <i>2 eggs and toast</i>."
    )


def photo_needs_llm() -> str:
    return (
        "I can't look at photos here, so nothing was saved. Tell me what you ate instead, "
        "e.g. <i>chicken, rice and salad</i>, or send the photo with a caption that says it."
    )


def photo_caption_only() -> str:
    """Above the reply to a photo's caption, when the photo itself could not be looked at."""
    return "📷 I can't look at photos here, so I read only your caption:"


def voice_too_long(seconds: int, limit: int) -> str:
    return (
        f"That recording is {_minutes(seconds)} long; I listen to up to {_minutes(limit)}. "
        "Nothing was saved — send a shorter one, or type it."
    )


def voice_empty() -> str:
    return "I couldn't hear any words in that recording, so nothing was saved. Try again?"


def voice_failed() -> str:
    return (
        "I couldn't transcribe that voice message just now, so nothing was saved. Please "
        "send it again in a minute, or type it."
    )


def media_budget_reached() -> str:
    return (
        "You've reached today's limit for my AI model, so I can't listen to recordings or "
        "look at photos until tomorrow. Nothing was saved; simple typed phrases still work "
        "(<i>2 eggs</i>, <i>72.4 kg</i>, <i>mood 4</i>)."
    )


def media_download_failed() -> str:
    return "I couldn't download that from Telegram. Nothing was saved — please send it again."


def photo_too_large(limit: int) -> str:
    return (
        f"That photo is too large for me (over {limit / 1_000_000:.0f} MB). Send it as a "
        "photo rather than a file, or tell me what you ate."
    )


def photo_estimate_head() -> str:
    return "📷 <b>My estimate from your photo</b> — portions are guesses, so check them."


def photo_no_food(model_words: str | None) -> str:
    said = f"\n<i>{esc(model_words)}</i>" if model_words else ""
    return f"I couldn't find a meal to log in that photo, so nothing was saved.{said}"


def photo_unavailable() -> str:
    return (
        "I couldn't look at that photo just now, so nothing was saved. Please send it again "
        "in a minute, or tell me what you ate."
    )


def photo_failed() -> str:
    return (
        "I couldn't make a usable estimate from that photo, so nothing was saved. Try a "
        "clearer shot, or tell me what you ate."
    )


# Linking, settings and commands


def start(name: str | None, linked: bool) -> str:
    hello = f"Hi {esc(name)}!" if name else "Hi!"
    intro = (
        f"{hello} I log your meals, weight, check-ins and supplements into your health "
        "account — just tell me in your own words, e.g. <i>had oatmeal and a flat white, "
        "slept badly</i> or <i>72.4 kg this morning</i>. I answer with your day's totals, "
        "and I can answer questions like <i>how much protein today?</i>"
    )
    if linked:
        return intro + "\n\nYou're connected. /help lists everything I can do."
    return (
        intro + "\n\nTo start, link your account: copy your API key from the API card in your "
        "dashboard's health-metrics area and send <code>/connect YOUR_KEY</code> here. "
        "I delete that message right away and keep the key encrypted."
    )


def help_text() -> str:
    return (
        "<b>What you can say</b>\n"
        "• <i>2 eggs and toast, a latte</i> — logs each food with calories and macros\n"
        "• <i>72.4 kg</i> or <i>weight 160 lb</i> — logs your weight\n"
        "• <i>mood 4, slept badly, energy low</i> — today's check-in (1–5)\n"
        "• <i>took vitamin D and magnesium</i> — marks supplements taken\n"
        "• <i>how much protein today?</i>, <i>what did I weigh last week?</i>\n"
        "• a voice note, or a photo of your meal (I show the estimate before saving it)\n\n"
        "<b>Commands</b>\n"
        "/today — your day so far\n"
        "/connect KEY — link your account · /disconnect — unlink\n"
        "/timezone Berlin — set your timezone (city or IANA name)\n"
        "/remind 21:30 — daily check-in reminder · /remind off\n"
        "/settings — your settings, confirm-before-saving mode\n"
        "/status — anything still waiting to reach your account\n"
        "/forget — delete everything I store about you"
    )


def connect_usage() -> str:
    return (
        "Send your API key like this: <code>/connect YOUR_KEY</code>. You'll find it on the "
        "API card in your dashboard's health-metrics area."
    )


def connect_bad_key() -> str:
    return (
        "That key didn't work — the service didn't accept it. Please copy it again from the "
        "API card in your dashboard and send <code>/connect YOUR_KEY</code>. Nothing was saved."
    )


def connect_unreadable_key() -> str:
    return (
        "That doesn't look like an API key: a key is one word of plain letters, digits and "
        "signs like _ and -, and this has other characters in it (perhaps ones you can't see, "
        "copied along). Please copy it again from the API card in your dashboard and send "
        "<code>/connect YOUR_KEY</code>. Nothing was saved."
    )


def connect_failed_service() -> str:
    return (
        "I couldn't reach the service to check your key. Nothing was saved; please try "
        "<code>/connect YOUR_KEY</code> again in a minute."
    )


def connected(name: str | None, timezone: str | None, *, key_message_deleted: bool = True) -> str:
    who = f", {esc(name)}" if name else ""
    text = f"Welcome{who}! Your account is linked. I deleted the message with your key."
    if not key_message_deleted:  # a terminal: there is no message to delete
        text = f"Welcome{who}! Your account is linked; I keep its key encrypted."
    if timezone:
        return (
            text + f"\n\nI'll use your timezone <b>{esc(zone_label(timezone))}</b> for “today” and "
            "reminders; change it with /timezone CITY. Now tell me what you ate or how you feel."
        )
    return (
        text + "\n\nWhich timezone are you in? Send e.g. <code>/timezone Berlin</code> or "
        "<code>/timezone America/New_York</code> — I need it for “today”, “yesterday” "
        "and your daily reminder."
    )


def disconnected() -> str:
    return (
        "Unlinked: I've deleted your API key. Your settings stay until you /forget. "
        "Send <code>/connect YOUR_KEY</code> to link again."
    )


def disconnect_not_linked() -> str:
    return (
        "You weren't linked, so there was no API key to delete. Send "
        "<code>/connect YOUR_KEY</code> to link your account."
    )


def not_linked() -> str:
    return (
        "I'm not linked to your health account yet. Send <code>/connect YOUR_KEY</code> "
        "with the API key from your dashboard's API card. /start explains more."
    )


def needs_reconnect() -> str:
    return (
        "Your health service no longer accepts the key you linked (it may have been "
        "revoked or rotated). Please send <code>/connect NEW_KEY</code>. I kept what you "
        "just wrote out of your account, so send it again after reconnecting."
    )


def forget_confirm() -> str:
    return (
        "This deletes everything I store about you: your linked key, timezone, reminder, "
        "conversation memory and anything still waiting to sync. Your data in the health "
        "service itself stays. Delete?"
    )


def forget_buttons() -> tuple[str, str]:
    return ("Yes, delete everything", "Cancel")


def forgotten() -> str:
    return "Done — I've deleted everything I stored about you. /start to begin again."


def forget_cancelled() -> str:
    return "Cancelled; nothing was deleted."


def timezone_usage() -> str:
    return (
        "Tell me a city or an IANA timezone, e.g. <code>/timezone Berlin</code>, "
        "<code>/timezone New York</code> or <code>/timezone Europe/Madrid</code>."
    )


def timezone_unknown(text: str) -> str:
    return f"I don't know the timezone “{esc(text[:64])}”. " + timezone_usage()


def timezone_offset_unknown(text: str) -> str:
    """An offset no zone has ("UTC-13") or a half-hour one ("UTC+5:30")."""
    return (
        f"“{esc(text[:64])}” is not an offset I can use: UTC offsets go from "
        "<code>UTC-12</code> to <code>UTC+14</code> in whole hours. For a half-hour zone, or "
        "to follow daylight saving time, send your city, e.g. <code>/timezone Kolkata</code>."
    )


def timezone_set(name: str, local_now: dt.datetime, reminder: dt.time | None) -> str:
    shown = esc(zone_label(name))
    text = f"Timezone set to <b>{shown}</b> — it's {local_now:%H:%M} on {local_now:%a} there."
    if reminder is not None:
        text += f"\nI'll remind you to check in daily at {reminder:%H:%M} (/remind to change)."
    return text


def remind_usage() -> str:
    return (
        "Use <code>/remind 21:30</code> for a daily check-in reminder, or <code>/remind off</code>."
    )


def remind_off() -> str:
    return "Daily reminder off. <code>/remind 21:00</code> turns it back on."


def remind_set(at: dt.time, timezone: str | None) -> str:
    if timezone is None:
        return (
            f"Reminder set for {at:%H:%M}. Set your timezone first (<code>/timezone Berlin</code>) "
            "so it arrives at your local time."
        )
    return f"I'll remind you to check in every day at {at:%H:%M} ({esc(zone_label(timezone))})."


def remind_set_not_linked(at: dt.time, timezone: str | None) -> str:
    """Reminders go only to a linked account (they read and write its check-in)."""
    zone = "" if timezone else " and set your timezone (<code>/timezone Berlin</code>)"
    return (
        f"Reminder set for {at:%H:%M}. Reminders start once you link your account with "
        f"<code>/connect YOUR_KEY</code>{zone}."
    )


def remind_not_a_time(spec: str) -> str:
    return (
        f"I couldn't read “{esc(spec[:32])}” as a time of day. Try <code>/remind 21:30</code>, "
        "<code>/remind 9pm</code> or <code>/remind off</code>."
    )


def settings_view(
    *,
    linked: bool,
    name: str | None,
    timezone: str | None,
    reminder: dt.time | None,
    reminders_enabled: bool,
    llm: bool,
    confirm: bool = False,
) -> str:
    remind = f"{reminder:%H:%M}" if reminder and reminders_enabled else "off"
    if remind != "off" and not linked:
        remind += " (starts once you link your account)"
    return (
        "<b>Your settings</b>\n"
        f"Account: {'linked' + (f' as {esc(name)}' if name else '') if linked else 'not linked'}\n"
        f"Timezone: {esc(zone_label(timezone)) if timezone else 'not set (/timezone CITY)'}\n"
        f"Daily reminder: {remind}\n"
        f"Understanding: {'AI model + built-in rules' if llm else 'built-in rules (no AI model)'}\n"
        f"Confirm before saving: {'on' if confirm else 'off'} (tap below to switch)"
    )


def no_timezone_hint() -> str:
    return "(I'm using UTC for “today” until you set /timezone CITY.)"


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


def llm_unavailable() -> str:
    return (
        "My language model isn't reachable right now and my built-in rules didn't "
        "understand that. Nothing was saved yet, but I kept your message: reply "
        "<b>retry</b> in a minute, or use simple phrases like <i>2 eggs</i>, <i>72.4 kg</i>, "
        "<i>mood 4</i>."
    )


def llm_failed() -> str:
    return (
        "Sorry, I couldn't make sense of that, so nothing was saved. Could you say it more "
        "simply, one thing at a time?"
    )


def message_truncated(limit: int) -> str:
    return f"(Your message was long, so I only read its first {limit:,} characters.)"


def nothing_understood() -> str:
    return "I didn't find anything to log in that. /help shows what I understand."


def internal_error() -> str:
    return "Sorry, something went wrong on my side. Nothing you sent is lost — please try again."


def rating_saved(field: str, value: int) -> str:
    label = {"mood": "Mood", "energy": "Energy", "sleep": "Sleep"}.get(field, field)
    return f"{label} {value}/5 saved."


# Terminal front ends and the CLI


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


# `healthbot run` refusing to start (printed to the operator's terminal)


def setting_invalid(name: str, problem: str) -> str:
    return f"healthbot: the setting {name} is not valid: {problem}. .env.example describes it."


def run_refused(problem: str) -> str:
    return f"healthbot: {problem}"


def run_needs_token() -> str:
    return "TELEGRAM_BOT_TOKEN is not set: create a bot with @BotFather and put its token there."


def run_needs_encryption_key(hint: str) -> str:
    return f"BOT_ENCRYPTION_KEY is not set; {hint}"


def run_needs_webhook_url() -> str:
    return "WEBHOOK_URL is not set: the public https URL Telegram should post updates to."


def run_telegram_unreachable(
    base_url: str, error: str, attempt: int, attempts: int, wait: float
) -> str:
    return (
        f"{doctor_telegram_unreachable(base_url, error)} Trying again in {wait:g} s "
        f"(attempt {attempt} of {attempts})."
    )


def run_telegram_gave_up(base_url: str, error: str, attempts: int) -> str:
    tries = "1 attempt" if attempts == 1 else f"{attempts} attempts"
    return (
        f"{doctor_telegram_unreachable(base_url, error)} Gave up after {tries}; "
        "TELEGRAM_START_ATTEMPTS and TELEGRAM_START_MAX_WAIT_SECONDS set how long I try."
    )


def run_stopped_by_telegram(error: str) -> str:
    return (
        f"Telegram stopped the bot ({esc(error)}). `healthbot doctor` checks the token and network."
    )


# `healthbot doctor`


def doctor_line(ok: bool | None, message: str) -> str:
    mark = {True: "✓", False: "✗", None: "–"}[ok]
    return f"{mark} {message}"


def doctor_summary(failed: int) -> str:
    if failed == 0:
        return "All checks passed."
    checks = "1 check" if failed == 1 else f"{failed} checks"
    return f"{checks} failed; each says how to fix it above."


def doctor_encryption_ok(count: int) -> str:
    old = "1 old key" if count == 2 else f"{count - 1} old keys"
    extra = f" (+{old} for rotation)" if count > 1 else ""
    return f"BOT_ENCRYPTION_KEY is a valid Fernet key{extra}."


def doctor_encryption_bad(problem: str) -> str:
    return (
        f"BOT_ENCRYPTION_KEY: {esc(problem)} Make one with: python -c "
        "'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'"
    )


def doctor_encryption_missing(hint: str) -> str:
    return f"BOT_ENCRYPTION_KEY is not set; {esc(hint)}"


def doctor_encryption_invalid(position: int, hint: str) -> str:
    return (
        f"BOT_ENCRYPTION_KEY entry {position} is not a valid Fernet key (32 url-safe "
        f"base64-encoded bytes); {esc(hint)}"
    )


def doctor_telegram_missing() -> str:
    return "TELEGRAM_BOT_TOKEN is not set. Create a bot with @BotFather and put its token in .env."


def doctor_telegram_unreachable(base_url: str, error: str) -> str:
    return f"Telegram Bot API at {esc(base_url)} is unreachable ({esc(error)}). Check the network."


def doctor_telegram_refused(status: int) -> str:
    return f"Telegram refused the bot token (HTTP {status}). Copy it again from @BotFather."


def doctor_telegram_ok(username: str) -> str:
    return f"Telegram accepts the token: the bot is @{esc(username)}."


def doctor_llm_off() -> str:
    return "OPENAI_API_KEY is not set: the bot uses its built-in rules only."


def doctor_llm_failed(model: str, error: str) -> str:
    return (
        f"The LLM ({esc(model)}) did not answer a tool-calling probe ({esc(error)}). Check "
        "OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL."
    )


def doctor_llm_ok(model: str, result: str) -> str:
    return f"The LLM ({esc(model)}) answered the tool-calling probe: {esc(result)}."


def doctor_prompt_size(budget: dict[str, int]) -> str:
    return (
        f"Prompt size: {budget.get('system_prompt', 0)} tokens system prompt + "
        f"{budget.get('tools', 0)} tokens for {budget.get('tool_count', 0)} tools = "
        f"{budget.get('total', 0)} (target <= {budget.get('budget', 0)})."
    )


def doctor_service_no_key(base_url: str) -> str:
    return f"Service at {esc(base_url)}: pass --key YOUR_KEY to check it with GET /me."


def doctor_service_bad_key() -> str:
    return "The service refused that key (401). Copy it again from the dashboard's API card."


def doctor_service_down(base_url: str, error: str) -> str:
    return f"The service at {esc(base_url)} failed: {esc(error)}. Check AGENT_API_BASE_URL."


def doctor_service_ok(base_url: str, name: str | None) -> str:
    return f"The service at {esc(base_url)} accepts the key (user: {esc(name or '?')})."


def doctor_db_failed(error: str) -> str:
    return f"The database could not be opened or migrated ({esc(error)}). Check DATABASE_URL."


def doctor_db_ok(backend: str) -> str:
    return f"The database ({esc(backend)}) is reachable and migrated."


def doctor_db_absent(path: str) -> str:
    return f"No database at {esc(path)} yet; the bot creates it when it first starts."


def doctor_db_unwritable(path: str) -> str:
    return f"The database {esc(path)} cannot be created: its folder is not writable."


def doctor_db_behind(backend: str) -> str:
    return f"The database ({esc(backend)}) is reachable; the bot updates its tables at start."


def doctor_receiver_off() -> str:
    return "HEALTH_PORT is not set: a running bot's receiver cannot be checked from here."


def doctor_receiver_not_running(url: str) -> str:
    return f"No bot answers at {esc(url)}: it is not running here (or HEALTH_PORT differs)."


def doctor_receiver_ok(why: str) -> str:
    return f"The running bot is {esc(why)}."


def doctor_receiver_stuck(why: str) -> str:
    return (
        f"The running bot is not receiving updates: {esc(why)}. Check the database (a lock "
        "held by a backup or a shell, a read-only file); restarting it loses nothing."
    )


# --- telegram: commands, linking, reminders -------------------------------------------------

BOT_COMMANDS = (
    ("today", "Your day so far"),
    ("connect", "Link your health account: /connect KEY"),
    ("timezone", "Set your timezone: /timezone Berlin"),
    ("remind", "Daily check-in reminder: /remind 21:30 or off"),
    ("settings", "Your settings"),
    ("status", "What is still waiting to sync"),
    ("disconnect", "Unlink your account"),
    ("forget", "Delete everything stored about you"),
    ("help", "What I understand"),
    ("start", "What this bot does"),
)
NON_TEXT_KINDS = {
    "sticker": "Nice sticker",
    "video": "I can't watch videos",
    "video_note": "I can't watch videos",
    "location": "Thanks — I don't need your location",
    "document": "I can't read files yet",
    "contact": "Thanks, but I don't need contacts",
    "poll": "I can't answer polls",
}
RATING_ICONS = {"mood": "🙂", "energy": "⚡", "sleep": "😴"}


def bot_commands() -> list[tuple[str, str]]:
    """The command menu registered with setMyCommands."""
    return list(BOT_COMMANDS)


def non_text_hint(kind: str | None) -> str:
    lead = NON_TEXT_KINDS.get(kind or "", "I can only read text")
    return (
        f"{lead}! I understand text: tell me what you ate, your weight or how you feel, "
        "e.g. <i>2 eggs and toast</i> or <i>mood 4, slept well</i>. /help shows more."
    )


def connect_in_group() -> str:
    return (
        "🔒 I never take API keys in a group — I've deleted that message if I was allowed to. "
        "If anyone may have seen the key, make a new one in your dashboard. Then open a private "
        "chat with me and send <code>/connect YOUR_KEY</code> there."
    )


def private_only() -> str:
    return (
        "I work in private chats only, so your health data stays between us. Message me directly."
    )


def not_allowed() -> str:
    return (
        "Sorry, this bot is private and only answers the people it was set up for. "
        "You can run your own copy — see the project's README."
    )


def unknown_command() -> str:
    return "I don't know that command. /help lists what I can do."


def reminder(local_day: dt.date) -> str:
    icons = " · ".join(f"{icon} {name}" for name, icon in RATING_ICONS.items())
    return (
        f"<b>Time for your check-in</b> ({local_day:%a %d %b})\n"
        f"How was today? Tap 1 (bad) to 5 (great) for {icons} — or just tell me in your own "
        "words, e.g. <i>mood 4, energy 3, slept badly</i>."
    )


def rating_button(field: str, value: int) -> str:
    return f"{RATING_ICONS.get(field, '')}{value}"


def later_button() -> str:
    return "⏰ Later"


def snoozed(until_local: dt.datetime) -> str:
    return f"OK, I'll ask again at {until_local:%H:%M}."


def snooze_unavailable() -> str:
    return "There's no reminder to postpone right now."
