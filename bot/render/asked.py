"""The answers the rules give to questions, from what was read from the service ("how much
protein today?", "what did I weigh last week?"), in the reader's words and units.

Plain text that is also HTML-safe: anything read from the service is escaped.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from bot.kernel.readers import Reader
from bot.render.format import CHECKIN_LABELS, day_label, esc, rating_label
from bot.render.spans import nutrient_name
from bot.render.words import N_, Words, words

__all__ = [
    "answer_missing",
    "checkin_answer",
    "food_list",
    "nothing_logged",
    "nutrition_answer",
    "period_label",
    "read_failed",
    "supplements_answer",
    "weight_answer",
]


def period_label(start: dt.date | None, end: dt.date | None, today: dt.date, reader: Reader) -> str:
    if start is None or end is None:
        return words(reader)._("so far")
    if start == end:
        return day_label(start, today, reader)
    return f"{day_label(start, today, reader)} – {day_label(end, today, reader)}"


def _amount(w: Words, value: float, field: str) -> str:
    """Energy in the reader's unit, a macro in grams ("62.5 g")."""
    return w.energy(value) if field == "calories" else w.grams(value)


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def nutrition_answer(
    label: str,
    eaten: dict[str, float | None],
    goals: dict[str, float | None],
    focus: Sequence[str],
    remaining: bool,
    reader: Reader,
) -> str:
    """Eaten vs goal for the asked fields (all four when none was named); missing said so."""
    w = words(reader)
    lines = []
    for field in list(focus) or ["calories", "protein", "carbs", "fat"]:
        noun = nutrient_name(field, w)
        value, goal = eaten.get(field), goals.get(field)
        if value is None:
            lines.append(
                w._("No {nutrient} recorded for {period}.").format(nutrient=noun, period=label)
            )
            continue
        said = {"nutrient": _upper(noun), "period": label, "amount": _amount(w, value, field)}
        if goal and not remaining:
            line = N_("{nutrient} {period}: {amount} of {goal} goal.")
        elif goal and goal - value >= 0:
            line = N_("{nutrient} {period}: {amount}, {left} left of your {goal} goal.")
        elif goal:
            line = N_("{nutrient} {period}: {amount}, {over} over your {goal} goal.")
        elif remaining:
            line = N_("{nutrient} {period}: {amount} (no goal set, so I can't say what's left).")
        else:
            line = N_("{nutrient} {period}: {amount}.")
        gap = _amount(w, abs(goal - value), field) if goal else ""
        target = _amount(w, goal, field) if goal else ""
        lines.append(w._(line).format(goal=target, left=gap, over=gap, **said))
    return "\n".join(lines)


def food_list(
    label: str, foods: Sequence[tuple[str, float | None]], total_kcal: float | None, reader: Reader
) -> str:
    """What was eaten on a day, food by food, and the day's energy."""
    if not foods:
        return nothing_logged(label, reader)
    w = words(reader)
    lines = [w._("{period} you logged:").format(period=_upper(label))]
    for food, kcal in foods:
        lines.append(f"• {food}" + (f" — {w.energy(kcal)}" if kcal is not None else ""))
    if total_kcal is not None:
        lines.append(w._("Total: {energy}.").format(energy=w.energy(total_kcal)))
    return "\n".join(lines)


def nothing_logged(label: str, reader: Reader) -> str:
    return words(reader)._("Nothing logged {period}.").format(period=label)


def weight_answer(
    records: Sequence[tuple[dt.date, float]],
    goal_kg: float | None,
    label: str,
    today: dt.date,
    reader: Reader,
) -> str:
    """Weights of the period, oldest first, then the goal if one is set."""
    w = words(reader)
    if not records:
        return w._("No weight recorded for {period}.").format(period=label)
    entries = [f"{day_label(day, today, reader)}: {w.weight(kg)}" for day, kg in records]
    if len(entries) == 1:
        lines = [w._("Weight {entry}").format(entry=entries[0])]
    else:
        lines = [w._("Weight {period}:").format(period=label), *entries]
    if len(records) > 1:
        first, last = records[0][1], records[-1][1]
        change = last - first
        sign = "+" if change > 0 else "−" if change < 0 else "±"
        lines.append(
            w._("Change: {change} ({first} → {last}).").format(
                change=sign + w.weight(abs(change)), first=w.weight(first), last=w.weight(last)
            )
        )
    if goal_kg:
        lines.append(w._("Goal: {weight}.").format(weight=w.weight(goal_kg)))
    return "\n".join(lines)


def checkin_answer(
    days: Sequence[tuple[dt.date, dict[str, object]]],
    label: str,
    focus: Sequence[str],
    today: dt.date,
    reader: Reader,
) -> str:
    """Check-in ratings (x/5) per day, and their averages over several days; `focus` limits
    to the asked fields."""
    w = words(reader)
    fields = list(focus) or list(CHECKIN_LABELS)
    if not days:
        if focus:
            asked = w._(" or ").join(rating_label(f, reader) for f in fields)
            return w._("No {ratings} recorded for {period}.").format(ratings=asked, period=label)
        return w._("No check-in recorded for {period}.").format(period=label)
    lines = []
    for day, values in days:
        parts = []
        for field in fields:
            value, name = values.get(field), rating_label(field, reader)
            if value is None:
                parts.append(w._("{rating} not recorded").format(rating=name))
            else:
                parts.append(f"{name} {value}/5")
        notes = values.get("notes")
        if notes and not focus:
            parts.append(w._("note: {note}").format(note=esc(notes)))
        lines.append(f"{_upper(day_label(day, today, reader))}: " + ", ".join(parts) + ".")
    if len(days) > 1:
        averages = []
        for field in fields:
            ratings = [r for _day, d in days if isinstance(r := d.get(field), int)]
            if ratings:
                mean = w.number(sum(ratings) / len(ratings), 1, trim=True)
                averages.append(
                    w.ngettext(
                        "{rating} {mean}/5 ({n} day)", "{rating} {mean}/5 ({n} days)", len(ratings)
                    ).format(rating=rating_label(field, reader), mean=mean, n=len(ratings))
                )
        if averages:
            lines.append(
                w._("Average {period}: {averages}.").format(
                    period=label, averages=", ".join(averages)
                )
            )
    return "\n".join(lines)


def supplements_answer(
    items: Sequence[tuple[str, bool | None]], label: str, asked: Sequence[str], reader: Reader
) -> str:
    """Which supplements of the stack were taken on the day; the ones asked about by name
    first ("Vitamin D: not marked as taken")."""
    w = words(reader)
    said = []
    for name in asked:
        marked = any(n.lower() == name.lower() and t for n, t in items)
        state = (
            N_("{name} {period}: taken.") if marked else N_("{name} {period}: not marked as taken.")
        )
        said.append(w._(state).format(name=esc(name), period=label))
    if said:
        return "\n".join(said)
    if not items:
        return w._("No supplements recorded for {period}.").format(period=label)
    taken = [esc(name) for name, was_taken in items if was_taken]
    missing = [esc(name) for name, was_taken in items if not was_taken]
    line = w._("Supplements {period}: {taken} of {total} taken").format(
        period=label, taken=len(taken), total=len(items)
    )
    if taken:
        line += f" ({', '.join(taken)})"
    if missing:
        line += w._("; not yet: {names}").format(names=", ".join(missing))
    return line + "."


_READ_FAILED = {
    "nutrition": N_("I couldn't read your food log just now. Please try again in a moment."),
    "weight": N_("I couldn't read your weight just now. Please try again in a moment."),
    "checkin": N_("I couldn't read your check-ins just now. Please try again in a moment."),
    "supplements": N_("I couldn't read your supplements just now. Please try again in a moment."),
    "summary": N_("I couldn't read your day just now. Please try again in a moment."),
}


def read_failed(topic: str, reader: Reader) -> str:
    """A read for an answer failed; `topic` is what was read (a key of answers' topics)."""
    return words(reader)._(_READ_FAILED[topic])


def answer_missing(reader: Reader) -> str:
    return words(reader)._("I found no data for that.")
