"""Answers about a period of days ("protein this week?", "vitamin D since Monday?"): totals and
averages per logged day, and supplements day counts, from bot/kernel/spans.py.

Plain text that is also HTML-safe: food and supplement names read from the service are
escaped.
"""

from __future__ import annotations

import datetime as dt

from bot.kernel.readers import Reader
from bot.kernel.spans import NUTRIENTS, NutritionSpan, SupplementSpan
from bot.render.format import capped, day_label, esc
from bot.render.words import N_, Words, words

__all__ = [
    "NUTRIENT_NAMES",
    "nutrient_name",
    "nutrition_span_answer",
    "span_label",
    "supplement_span_answer",
]

# What each nutrient is called, for the person's language.
NUTRIENT_NAMES = {
    "calories": N_("calories"),
    "protein": N_("protein"),
    "carbs": N_("carbs"),
    "fat": N_("fat"),
}


def nutrient_name(nutrient: str, w: Words) -> str:
    """What `nutrient` is called for the reader of `w`: the food's energy is "calories" in
    kcal and "energy" in kJ, as a kilojoule is no calorie."""
    if nutrient == "calories" and w.reader.energy == "kJ":
        return w.pgettext("nutrient", "energy")
    return w._(NUTRIENT_NAMES[nutrient])


def span_label(start: dt.date, end: dt.date, today: dt.date, reader: Reader) -> str:
    """ "Mon 16 Nov – today"."""
    return f"{day_label(start, today, reader)} – {day_label(end, today, reader)}"


def _amount(w: Words, value: float | None, nutrient: str) -> str:
    if nutrient == "calories":
        return w.energy(value)
    return w.grams(value)


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def nutrition_span_answer(span: NutritionSpan, today: dt.date, reader: Reader) -> str:
    """The period's total and its average per logged day of each nutrient asked about (all
    four when none was named), beside the daily goal; with `list_foods`, each day's foods and
    the energy alone."""
    w = words(reader)
    label = span_label(span.start, span.end, today, reader)
    if not span.logged:
        since, until = day_label(span.start, today, reader), day_label(span.end, today, reader)
        if not span.focus:
            return w._("No food logged from {since} to {until}.").format(since=since, until=until)
        asked = w._(" or ").join(nutrient_name(n, w) for n in span.focus)
        return w._("No {asked} logged from {since} to {until}.").format(
            asked=asked, since=since, until=until
        )
    lines = [
        w.ngettext(
            "{period}: food logged on {logged} of {n} day.",
            "{period}: food logged on {logged} of {n} days.",
            span.days,
        ).format(period=label, logged=len(span.logged), n=span.days)
    ]
    if span.list_foods:
        days = []
        for day in span.logged:
            names = ", ".join(esc(name) for name, _kcal in day.foods)
            kcal = day.eaten.get("calories")
            energy = f" ({w.energy(kcal)})" if kcal is not None else ""
            days.append(f"• {_upper(day_label(day.day, today, reader))}: {names}{energy}")
        lines.extend(capped(days, reader=reader))
    for nutrient in span.focus or (("calories",) if span.list_foods else NUTRIENTS):
        lines.append(_nutrient_line(w, span, nutrient, label))
    return "\n".join(lines)


def _nutrient_line(w: Words, span: NutritionSpan, nutrient: str, label: str) -> str:
    name = nutrient_name(nutrient, w)
    total, average = span.total(nutrient), span.average(nutrient)
    if total is None:
        return w._("No {nutrient} recorded {period}.").format(nutrient=name, period=label)
    values = {
        "nutrient": _upper(name),
        "total": _amount(w, total, nutrient),
        "average": _amount(w, average, nutrient),
    }
    goal = span.goals.get(nutrient)
    if goal:
        return w._(
            "{nutrient}: {total} in total, {average} a day on average (goal {goal} a day)."
        ).format(goal=_amount(w, goal, nutrient), **values)
    return w._("{nutrient}: {total} in total, {average} a day on average.").format(**values)


def supplement_span_answer(span: SupplementSpan, today: dt.date, reader: Reader) -> str:
    """On how many of the period's days each supplement was taken; the ones asked about by
    name only, when some were."""
    w = words(reader)
    label = span_label(span.start, span.end, today, reader)
    if span.asked:
        counts = {name.lower(): count for name, count in span.taken}
        return "\n".join(
            w.ngettext(
                "{name} {period}: taken on {count} of {n} day.",
                "{name} {period}: taken on {count} of {n} days.",
                span.days,
            ).format(name=esc(name), period=label, count=counts.get(name.lower(), 0), n=span.days)
            for name in span.asked
        )
    if not span.taken:
        return w._("No supplements recorded {period}.").format(period=label)
    taken = [
        w.ngettext("{name} {count} of {n} day", "{name} {count} of {n} days", span.days).format(
            name=esc(name), count=count, n=span.days
        )
        for name, count in span.taken
    ]
    return w._("Supplements taken {period}: {list}.").format(period=label, list="; ".join(taken))
