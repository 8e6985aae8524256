"""Answers about a period of days ("protein this week?", "vitamin D since Monday?"): totals and
averages per logged day, and supplements day counts, from bot/kernel/spans.py.

Plain text that is also HTML-safe: food and supplement names read from the service are
escaped.
"""

from __future__ import annotations

import datetime as dt

from bot.kernel.spans import NUTRIENTS, NutritionSpan, SupplementSpan
from bot.render.format import capped, day_label, esc, number

__all__ = ["nutrition_span_answer", "span_label", "supplement_span_answer"]

_UNITS = {"calories": "kcal", "protein": "g", "carbs": "g", "fat": "g"}


def span_label(start: dt.date, end: dt.date, today: dt.date) -> str:
    """ "Mon 16 Nov – today"."""
    return f"{day_label(start, today)} – {day_label(end, today)}"


def _amount(value: float | None, nutrient: str) -> str:
    return number(value, _UNITS[nutrient], decimals=0 if nutrient == "calories" else 1, trim=True)


def _days(count: int) -> str:
    return f"{count} day" if count == 1 else f"{count} days"


def nutrition_span_answer(span: NutritionSpan, today: dt.date) -> str:
    """The period's total and its average per logged day of each nutrient asked about (all
    four when none was named), beside the daily goal; with `list_foods`, each day's foods and
    the energy alone."""
    label = span_label(span.start, span.end, today)
    if not span.logged:
        asked = " or ".join(span.focus) or "food"
        since, until = day_label(span.start, today), day_label(span.end, today)
        return f"No {asked} logged from {since} to {until}."
    lines = [f"{label}: food logged on {len(span.logged)} of {_days(span.days)}."]
    if span.list_foods:
        days = []
        for day in span.logged:
            names = ", ".join(esc(name) for name, _kcal in day.foods)
            kcal = day.eaten.get("calories")
            energy = f" ({_amount(kcal, 'calories')})" if kcal is not None else ""
            named = day_label(day.day, today)
            days.append(f"• {named[:1].upper()}{named[1:]}: {names}{energy}")
        lines.extend(capped(days))
    for nutrient in span.focus or (("calories",) if span.list_foods else NUTRIENTS):
        total, average = span.total(nutrient), span.average(nutrient)
        if total is None:
            lines.append(f"No {nutrient} recorded {label}.")
            continue
        line = (
            f"{nutrient.capitalize()}: {_amount(total, nutrient)} in total, "
            f"{_amount(average, nutrient)} a day on average"
        )
        goal = span.goals.get(nutrient)
        if goal:
            line += f" (goal {_amount(goal, nutrient)} a day)"
        lines.append(line + ".")
    return "\n".join(lines)


def supplement_span_answer(span: SupplementSpan, today: dt.date) -> str:
    """On how many of the period's days each supplement was taken; the ones asked about by
    name only, when some were."""
    label = span_label(span.start, span.end, today)
    of = f"of {_days(span.days)}"
    if span.asked:
        counts = {name.lower(): count for name, count in span.taken}
        return "\n".join(
            f"{esc(name)} {label}: taken on {counts.get(name.lower(), 0)} {of}."
            for name in span.asked
        )
    if not span.taken:
        return f"No supplements recorded {label}."
    taken = [f"{esc(name)} {count} {of}" for name, count in span.taken]
    return f"Supplements taken {label}: " + "; ".join(taken) + "."
