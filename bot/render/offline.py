"""The offline planner's words: what the rules say when they cannot log something, the limits
of what can be logged (`range_*`) and the answers to questions read from the service.

Replies are plain text that is also HTML-safe: words taken from the person's message are
stripped of "<", ">" and "&" (`_quote`), and anything read from the service is escaped, so the
result reads the same whether or not it is escaped again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.render.format import CHECKIN_LABELS, day_label, esc, number

__all__ = [
    "NOT_EATEN",
    "OFFLINE_ACK",
    "OFFLINE_BYE",
    "OFFLINE_CORRECTION",
    "OFFLINE_EMPTY",
    "OFFLINE_GREETING",
    "OFFLINE_HELP",
    "OFFLINE_HOW_ARE_YOU",
    "OFFLINE_INJECTION",
    "OFFLINE_LLM_HINT",
    "OFFLINE_LLM_ONLY",
    "OFFLINE_THANKS",
    "OFFLINE_UNKNOWN_QUESTION",
    "OTHERS_ATE",
    "offline_answer_missing",
    "offline_checkin_answer",
    "offline_not_understood",
    "offline_nutrition_answer",
    "offline_odd_numbers",
    "offline_out_of_range",
    "offline_period_label",
    "offline_read_failed",
    "offline_supplements_answer",
    "offline_too_long",
    "offline_weight_answer",
    "range_amount",
    "range_energy",
    "range_goal",
    "range_rating",
    "range_weight",
]

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
NOT_EATEN = "OK, nothing logged: tell me once you've had it."
OTHERS_ATE = "That sounds like someone else's food, so I didn't log it. What did you have?"
OFFLINE_CORRECTION = (
    "I can't change or remove what's already logged, so nothing was saved. Please change "
    "that entry in the app — no need to tell me again."
)
OFFLINE_LLM_ONLY = (
    "I can't save recipes, send support requests or change your supplement stack here, so "
    "nothing was saved. I log food, weight, check-ins and supplements taken, e.g. "
    f"{OFFLINE_EXAMPLES}."
)


def _quote(words: str, limit: int = 60) -> str:
    """A piece of the person's message, safe for HTML and short."""
    clean = "".join(c for c in words if c not in "<>&").strip()
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def offline_not_understood(unknown: Sequence[str], logged_something: bool) -> str:
    """What the rules could not place: one short line under what was logged; with nothing
    logged, how to phrase it."""
    quoted = ", ".join(f"'{_quote(w)}'" for w in unknown[:5])
    if len(unknown) > 5:
        quoted += f" and {len(unknown) - 5} more"
    if unknown and logged_something:
        return f"Logged the rest; I couldn't place {quoted}."
    lead = (
        f"I couldn't place {quoted}."
        if unknown
        else "I couldn't understand that, so nothing was saved."
    )
    return f"{lead} Try phrasing it like {OFFLINE_EXAMPLES}."


def supplements_not_taken(names: Sequence[str]) -> str:
    """Supplements the person said they did not take: nothing is marked."""
    listed = " and ".join([", ".join(names[:-1]), names[-1]]) if len(names) > 1 else names[0]
    return f"OK, I haven't marked {listed} as taken."


def exercise_not_tracked(said: Sequence[str]) -> str:
    """Exercise: the health service keeps none; how to keep it anyway."""
    quoted = ", ".join(f"'{_quote(w)}'" for w in said[:3])
    return (
        f"Nice! The health service doesn't track exercise, so {quoted} isn't logged. "
        f'To keep it in your day\'s notes, write "note: {_quote(said[0])}".'
    )


def offline_odd_numbers(numbers: Sequence[str]) -> str:
    """A message with a number the rules would misread ("1e309", "-500"): nothing is saved."""
    quoted = ", ".join(f"“{_quote(n, 20)}”" for n in numbers[:3])
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
    lines = [f"I can't log '{_quote(words)}': {allowed}." for words, allowed in refused]
    if unknown:
        quoted = ", ".join(f"'{_quote(w)}'" for w in unknown[:5])
        lines.append(f"I couldn't place {quoted} either.")
    lines.append("Nothing was saved; please send it again within those limits.")
    return " ".join(lines)


def offline_too_long(limit: int) -> str:
    return (
        f"That message is too long for me (over {limit:,} characters), so nothing was saved. "
        f"Please send one or two items at a time, like {OFFLINE_EXAMPLES}."
    )


def offline_period_label(start: dt.date | None, end: dt.date | None, today: dt.date) -> str:
    if start is None or end is None:
        return "so far"
    if start == end:
        return day_label(start, today)
    return f"{day_label(start, today)} – {day_label(end, today)}"


def _amount(value: float, unit: str) -> str:
    """1667.0 -> "1,667 kcal", 62.5 -> "62.5 g"."""
    return number(value, unit, decimals=1, trim=True)


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
        line = f"{noun.capitalize()} {label}: {_amount(value, unit)}"
        if goal:
            left = goal - value
            target = _amount(goal, unit)
            if not remaining:
                line += f" of {target} goal"
            elif left >= 0:
                line += f", {_amount(left, unit)} left of your {target} goal"
            else:
                line += f", {_amount(-left, unit)} over your {target} goal"
        elif remaining:
            line += " (no goal set, so I can't say what's left)"
        lines.append(line + ".")
    return "\n".join(lines)


def offline_food_list(
    label: str, foods: Sequence[tuple[str, float | None]], total_kcal: float | None
) -> str:
    """What was eaten on a day, food by food, and the day's energy."""
    if not foods:
        return offline_nothing_logged(label)
    lines = [f"{label[:1].upper()}{label[1:]} you logged:"]
    for food, kcal in foods:
        lines.append(f"• {food}" + (f" — {_amount(kcal, 'kcal')}" if kcal is not None else ""))
    if total_kcal is not None:
        lines.append(f"Total: {_amount(total_kcal, 'kcal')}.")
    return "\n".join(lines)


def offline_nothing_logged(label: str) -> str:
    return f"Nothing logged {label}."


def offline_weight_answer(
    records: Sequence[tuple[dt.date, float]], goal_kg: float | None, label: str, today: dt.date
) -> str:
    """Weights of the period, oldest first, then the goal if one is set."""
    if not records:
        return f"No weight recorded for {label}."
    entries = [f"{day_label(day, today)}: {_amount(kg, 'kg')}" for day, kg in records]
    lines = [f"Weight {entries[0]}"] if len(entries) == 1 else [f"Weight {label}:", *entries]
    if len(records) > 1:
        change = records[-1][1] - records[0][1]
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        lines.append(
            f"Change: {sign}{_amount(abs(change), 'kg')} "
            f"({_amount(records[0][1], 'kg')} → {_amount(records[-1][1], 'kg')})."
        )
    if goal_kg:
        lines.append(f"Goal: {_amount(goal_kg, 'kg')}.")
    return "\n".join(lines)


def offline_checkin_answer(
    days: Sequence[tuple[dt.date, dict[str, object]]],
    label: str,
    focus: Sequence[str],
    today: dt.date,
) -> str:
    """Check-in ratings (x/5) per day, and their averages over several days; `focus` limits
    to the asked fields."""
    fields = list(focus) or list(CHECKIN_LABELS)
    if not days:
        if focus:
            return f"No {' or '.join(CHECKIN_LABELS[f] for f in fields)} recorded for {label}."
        return f"No check-in recorded for {label}."
    lines = []
    for day, values in days:
        parts = []
        for field in fields:
            value = values.get(field)
            name = CHECKIN_LABELS[field]
            parts.append(f"{name} {value}/5" if value is not None else f"{name} not recorded")
        notes = values.get("notes")
        if notes and not focus:
            parts.append(f"note: {esc(notes)}")
        lines.append(f"{day_label(day, today).capitalize()}: " + ", ".join(parts) + ".")
    if len(days) > 1:
        averages = []
        for field in fields:
            ratings = [r for _day, d in days if isinstance(r := d.get(field), int)]
            if ratings:
                mean = f"{sum(ratings) / len(ratings):.1f}".rstrip("0").rstrip(".")
                averages.append(f"{CHECKIN_LABELS[field]} {mean}/5 ({len(ratings)} days)")
        if averages:
            lines.append(f"Average {label}: " + ", ".join(averages) + ".")
    return "\n".join(lines)


def offline_supplements_answer(
    items: Sequence[tuple[str, bool | None]], label: str, asked: Sequence[str] = ()
) -> str:
    """Which supplements of the stack were taken on the day; the ones asked about by name
    first ("Vitamin D: not marked as taken")."""
    said = []
    for name in asked:
        marked = any(n.lower() == name.lower() and t for n, t in items)
        state = "taken" if marked else "not marked as taken"
        said.append(f"{esc(name)} {label}: {state}.")
    if said:
        return "\n".join(said)
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


def emoji_offer(phrase: str) -> str:
    """A food emoji read as a guess: asked, with the buttons to save it."""
    return f"{phrase[:1].upper()}{phrase[1:]}?"


def check_first(unplaced: Sequence[str]) -> str:
    """A message only partly placed, read but not saved: the draft below shows the reading."""
    lead = "I'm not sure I read all of that right, so please check it before I save it."
    if not unplaced:
        return lead
    quoted = ", ".join(f"'{_quote(w)}'" for w in unplaced[:5])
    if len(unplaced) > 5:
        quoted += f" and {len(unplaced) - 5} more"
    return f"{lead} I couldn't place {quoted}."


def food_facts(items: Sequence[tuple[str, float, float, float, float]]) -> str:
    """What foods hold, from the built-in table: (food, kcal, protein, carbs, fat) each."""
    lines = [
        f"{_quote(food, 80)}: {_amount(kcal, 'kcal')}, {_amount(protein, 'g')} protein, "
        f"{_amount(carbs, 'g')} carbs, {_amount(fat, 'g')} fat."
        for food, kcal, protein, carbs, fat in items
    ]
    return "\n".join(lines) + "\n(From my built-in food table; nothing was logged.)"


def offline_read_failed(what: str) -> str:
    return f"I couldn't read your {what} just now. Please try again in a moment."


def offline_answer_missing(what: str, label: str) -> str:
    return f"I found no {what} for {label}."
