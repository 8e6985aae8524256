"""The day at a glance (`/today`, and under each "Logged" reply): what was eaten against the
goals, the check-in, the latest weight and the supplements taken, in the reader's words and
units (kcal or kJ, kg or lb).
"""

from __future__ import annotations

import datetime as dt

from bot.agent_api.actions import NutritionSetGoals
from bot.agent_api.views import MacroTotals, TodayView
from bot.kernel.readers import Reader
from bot.render.format import CHECKIN_LABELS, MISSING, fit, rating_label
from bot.render.words import N_, Words, words

__all__ = ["daily_goals", "day_summary", "grams"]


def grams(w: Words, value: float | None) -> str:
    """Grams of a macro, whole ("12 g")."""
    text = w.number(value)
    return f"{text} g" if text != MISSING else text


_GOAL_NAMES = {
    "calories": N_("calories {amount}"),
    "energy": N_("energy {amount}"),  # the calorie goal of a reader in kJ
    "protein": N_("protein {amount}"),
    "carbs": N_("carbs {amount}"),
    "fat": N_("fat {amount}"),
}


def daily_goals(action: NutritionSetGoals, reader: Reader) -> list[str]:
    """Each goal a person set, named ("protein 120 g"), energy in their unit."""
    w = words(reader)
    kj = reader.energy == "kJ"
    goals = []
    for name in ("calories", "protein", "carbs", "fat"):
        value = getattr(action, name)
        if value is not None:
            amount = w.energy(value) if name == "calories" else grams(w, value)
            said = _GOAL_NAMES["energy" if name == "calories" and kj else name]
            goals.append(w._(said).format(amount=amount))
    return goals


# The day's energy line: (with what is left, over the goal, without a goal), headed
# "Calories" for a reader in kcal and "Energy" for one in kJ, as a kilojoule is no calorie.
_ENERGY_LINES = {
    "kcal": (
        N_("Calories: {eaten} — {left} left"),
        N_("Calories: {eaten} — {over} over"),
        N_("Calories: {eaten}"),
    ),
    "kJ": (
        N_("Energy: {eaten} — {left} left"),
        N_("Energy: {eaten} — {over} over"),
        N_("Energy: {eaten}"),
    ),
}


def _energy_of(w: Words, value: float | None, goal: float | None) -> str:
    if goal is None:
        return w.energy(value)
    return f"{w.energy(value, unit=False)} / {w.energy(goal)}"


def _grams_of(w: Words, value: float | None, goal: float | None) -> str:
    if goal is None:
        return grams(w, value)
    return f"{w.number(value)} / {grams(w, goal)}"


def day_summary(today: TodayView, day: dt.date, reader: Reader) -> str:
    """The day at a glance, from whatever `/today` returned; missing parts say so."""
    w = words(reader)
    lines = [w._("<b>📊 Today, {date}</b>").format(date=w.date(day))]
    nutrition = today.nutrition
    totals = nutrition.totals if nutrition and nutrition.totals else MacroTotals()
    goals = nutrition.goals if nutrition and nutrition.goals else MacroTotals()
    eaten = _energy_of(w, totals.calories, goals.calories)
    with_left, with_over, alone = _ENERGY_LINES[reader.energy]
    if totals.calories is not None and goals.calories is not None:
        left = goals.calories - totals.calories
        amount = w.energy(abs(left), unit=False)
        said = with_left if left >= 0 else with_over
        lines.append(w._(said).format(eaten=eaten, left=amount, over=amount))
    else:
        lines.append(w._(alone).format(eaten=eaten))
    lines.append(
        w._("Protein {protein} · Carbs {carbs} · Fat {fat}").format(
            protein=_grams_of(w, totals.protein, goals.protein),
            carbs=_grams_of(w, totals.carbs, goals.carbs),
            fat=_grams_of(w, totals.fat, goals.fat),
        )
    )
    lines.append(_checkin_line(today, reader))
    lines.append(_weight_line(today, day, reader))
    supplements = today.supplements
    if supplements is None or supplements.total in (None, 0):
        lines.append(w._("Supplements: none in your stack"))
    else:
        lines.append(
            w._("Supplements: {taken} of {total} taken").format(
                taken=w.number(supplements.taken), total=w.number(supplements.total)
            )
        )
    return fit("\n".join(lines))


def _checkin_line(today: TodayView, reader: Reader) -> str:
    w = words(reader)
    checkin = today.checkin
    if checkin is None:
        return w._("Check-in: not yet")
    parts = []
    for field in CHECKIN_LABELS:
        value = getattr(checkin, field)
        parts.append(f"{rating_label(field, reader)} {value if value is not None else MISSING}")
    return w._("Check-in: {ratings}").format(ratings=" · ".join(parts))


def _weight_line(today: TodayView, day: dt.date, reader: Reader) -> str:
    w = words(reader)
    weight = today.weight
    latest = weight.latest if weight else None
    goal_kg = weight.goal_kg if weight else None
    if latest is None or latest.weight_kg is None:
        return w._("Weight: not logged")
    if latest.date and latest.date != day:
        text = w._("Weight: {weight} on {date}").format(
            weight=w.weight(latest.weight_kg), date=w.date(latest.date)
        )
    else:
        text = w._("Weight: {weight}").format(weight=w.weight(latest.weight_kg))
    if goal_kg is None:
        return text
    diff = abs(latest.weight_kg - goal_kg)
    if diff < 0.05:
        return w._("{weight_line} (goal {goal}, reached)").format(
            weight_line=text, goal=w.weight(goal_kg)
        )
    return w._("{weight_line} (goal {goal}, {left} to go)").format(
        weight_line=text, goal=w.weight(goal_kg), left=w.weight(diff)
    )
