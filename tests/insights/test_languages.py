"""The charts in the reader's language and units: a German reader in kJ and lb reads the
chart's title, headings, axes, legends and caption in German, energies in kJ and weights in
lb, drawn and said; through the real bot, /week's caption too."""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot.agent_api.actions import Entry, NutritionAddEntry, WeightLog
from bot.insights.draw import figure_of
from bot.insights.report import streak_of
from bot.insights.series import series_from
from bot.kernel.readers import Reader
from bot.render import charts
from bot.render.format import to_plain
from tests.fixtures.sandbox import RunningSandbox
from tests.fixtures.telegram import parse_html
from tests.insights.test_bad_data import DATES, today
from tests.insights.test_telegram import SUNDAY, linked

GERMAN_KJ_LB = Reader(language="de", weight="lb", energy="kJ")
ENGLISH = ("a day on average", "by the trend", "Your week", "Calories", "Weight", "weighed")


def series() -> Any:
    views = [today(1800, checkin={"sleep_quality": 3 + n % 2}) for n in range(7)]
    return series_from(DATES, views, {DATES[0]: 80.0, DATES[6]: 79.0}, 75.0)


def test_the_chart_is_drawn_in_german_in_kilojoules_and_pounds() -> None:
    title = charts.title(7, DATES[0], DATES[-1], GERMAN_KJ_LB)
    figure = figure_of(series(), title=title, zone="Europe/Berlin", reader=GERMAN_KJ_LB)
    energy, weight, checkins = figure.axes[0], figure.axes[1], figure.axes[2]

    assert title == "Deine Woche · 16.–22. Nov. 2026"
    assert [t.get_text() for t in figure.texts] == [title, "Tage nach Zeitzone Berlin"]
    assert (energy.get_title(loc="left"), energy.get_ylabel()) == ("Energie pro Tag", "kJ")
    assert (weight.get_title(loc="left"), weight.get_ylabel()) == ("Gewicht", "lb")
    assert energy.get_ylim()[1] > 1800 * 4.184  # the bars are kJ, not kcal
    points = [y for line in weight.get_lines() for y in line.get_ydata()]
    assert max(points) > 170  # 80 kg is 176.4 lb
    legends = [t.get_text() for ax in (energy, weight) for t in ax.get_legend().get_texts()]
    assert legends == ["Eiweiß", "Kohlenhydrate", "Fett", "Trend", "gewogen"]
    assert energy.get_xticklabels()[0].get_text() == "Mo\n16"
    assert checkins.get_title(loc="left") == "Check-ins (1 niedrig – 5 hoch)"
    goal = [t.get_text() for t in energy.texts]
    assert goal == ["Ziel 8.368"]  # 2,000 kcal
    figure.canvas.draw()  # the axes' numbers as a German writes them: "10.000", "177,5"
    energy_ticks = [t.get_text() for t in energy.get_yticklabels() if t.get_text()]
    weight_ticks = [t.get_text() for t in weight.get_yticklabels() if t.get_text()]
    assert any("." in tick for tick in energy_ticks) and not any("," in t for t in energy_ticks)
    assert all(tick.replace(",", "").isdigit() for tick in weight_ticks)


def test_the_italian_caption_counts_a_single_day_in_the_singular() -> None:
    views = [today(1800 if n == 0 else None) for n in range(7)]
    drawn = series_from(DATES, views, {}, None)
    text = to_plain(charts.caption(drawn, streak=streak_of(drawn), reader=Reader("it")))
    assert "in 1 giorno su 7" in text and "1 giorni" not in text


def test_the_caption_is_german_in_kilojoules_and_pounds() -> None:
    drawn = series()
    text = to_plain(charts.caption(drawn, streak=streak_of(drawn), reader=GERMAN_KJ_LB))
    assert "🍽 7.531 kJ pro Tag im Schnitt (jeden Tag), 837 unter deinem Ziel von 8.368." in text
    assert " lb laut Trend (jetzt 17" in text  # about 174 lb
    assert "🔥 7 Tage am Stück · an 7 von 7 Tagen eingetragen." in text
    assert "kcal" not in text and " kg" not in text
    assert not any(english in text for english in ENGLISH)


async def test_week_through_the_bot_is_german_then_in_kilojoules_and_pounds(
    harness_factory: Any, sandbox: RunningSandbox
) -> None:
    bot, client = await linked(harness_factory, sandbox, language="de")
    days = [SUNDAY - dt.timedelta(days=n) for n in range(7)]
    food = Entry(food="x", calories=1800, protein=90, carbs=200, fat=60)
    await client.ingest(
        [
            *(NutritionAddEntry(date=day, entry=food) for day in days[:5]),
            WeightLog(date=days[6], weight_kg=80.0),
            WeightLog(date=days[0], weight_kg=79.0),
        ]
    )
    caption = parse_html((await bot.say(4242, "/week")).text)
    assert "1.800 kcal pro Tag im Schnitt (an 5 von 7 Tagen), 200 unter deinem Ziel" in caption
    assert "−1,0 kg laut Trend" in caption and "5 Tage am Stück" in caption
    assert not any(english in caption for english in ENGLISH)

    await bot.say(4242, "/units kj")
    await bot.say(4242, "/units lb")
    caption = parse_html((await bot.say(4242, "/week")).text)
    assert "7.531 kJ pro Tag im Schnitt (an 5 von 7 Tagen), 837 unter deinem Ziel" in caption
    assert "−2,2 lb laut Trend" in caption
