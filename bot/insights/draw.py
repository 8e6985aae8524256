"""The chart as a PNG: calories, weight, check-ins and supplements over a range, one above
the other, sized for a phone (`WIDTH_PX` wide, large type, dark text on white).

Colours are Okabe and Ito's palette, told apart with every common colour blindness; the
check-in strip writes each rating in its cell too, so no reading rests on colour alone.
Drawn with matplotlib's object API on the Agg canvas (no pyplot, no display, no global
figure state), so charts may be drawn in several threads at once. Blocking: call it in a
thread (`bot.insights.report` has one for it).
"""

from __future__ import annotations

import gc
import io
import math
import statistics
import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bot.insights.series import OUTLIER_SHARE, Series, in_units
from bot.kernel.readers import Reader
from bot.render import charts as words

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

WIDTH_PX = 1080
HEIGHT_PX = 1620
DPI = 100
PNG_COMPRESSION = 1  # zlib level
SUPPLEMENTS_SHOWN = 4  # the first of the stack, in the order it was built
CLIP_FACTOR = 2.5  # the calorie axis ends at this many times the goal or the typical day

# Okabe & Ito (2008), "Color Universal Design".
BLACK = "#000000"
ORANGE = "#E69F00"
SKY_BLUE = "#56B4E9"
GREEN = "#009E73"
BLUE = "#0072B2"
VERMILLION = "#D55E00"
PURPLE = "#CC79A7"
GREY = "#999999"
TEXT = "#222222"
# The check-in strip, 1 (low) to 5 (high): light to dark, one hue, readable in grey too.
RATING_COLOURS = ("#D0E1F2", "#94C4DF", "#4A98C9", "#1764AB", "#08306B")
# Energy per gram, to split a day's calories among its macros.
KCAL_PER_GRAM = {"protein": 4.0, "carbs": 4.0, "fat": 9.0}
MACRO_COLOURS = {"protein": BLUE, "carbs": ORANGE, "fat": PURPLE}


def draw_png(series: Series, *, title: str, zone: str, reader: Reader) -> bytes:
    """The chart of `series` as PNG bytes, `WIDTH_PX` x `HEIGHT_PX`; `zone` names the
    time zone its days are in, `reader` whom its words and units are for. Blocking (about
    200 ms of CPU): call it off the event loop."""
    png = _draw(series, title, zone, reader)
    # This chart's own cycles, collected now while they are few (5 ms), rather than left to
    # pile up for a full pass that would hold the interpreter lock far longer.
    gc.collect()
    return png


_frozen = threading.Lock()
_heap_frozen = False


def _freeze_heap_once() -> None:
    """Move every object alive now (matplotlib's modules, imported by the first chart after
    `healthbot run` froze its own start-up heap) out of the collector's reach, once.

    A chart makes tens of thousands of objects; the cycle collector then runs full passes,
    and a full pass over the whole heap holds the interpreter lock for 150-200 ms on a loaded
    machine, stalling every other person's message. Frozen, a full pass looks only at what
    was made since (`gc.freeze`): the loop's longest stall while ten charts are drawn falls
    from about 280 ms to about 60 ms (bench/charts.py). What is frozen is the start-up heap,
    which lives as long as the process anyway.
    """
    global _heap_frozen
    with _frozen:
        if not _heap_frozen:
            gc.freeze()
            _heap_frozen = True


def _draw(series: Series, title: str, zone: str, reader: Reader) -> bytes:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    _freeze_heap_once()

    figure = figure_of(series, title=title, zone=zone, reader=reader)
    canvas = FigureCanvasAgg(figure)
    out = io.BytesIO()
    # Fast zlib: a third of the encoding time for a file a little larger (a chart is flat
    # colour, which compresses well at any level).
    figure.savefig(out, format="png", dpi=DPI, facecolor="white",
                   pil_kwargs={"compress_level": PNG_COMPRESSION})  # fmt: skip
    # A figure and its canvas refer to each other, so they would wait for the cycle
    # collector; the pixel buffer (7 MB) and the artists are let go of now instead.
    figure.clear()
    canvas.renderer = None
    return out.getvalue()


def figure_of(series: Series, *, title: str, zone: str, reader: Reader) -> Figure:
    """The chart as a matplotlib figure, not yet rendered: its axes, in order, are the
    calories, the weight, the check-ins and the supplements, their numbers in the reader's
    units (kJ, lb)."""
    series = in_units(series, reader)
    from matplotlib.figure import Figure

    figure = Figure(figsize=(WIDTH_PX / DPI, HEIGHT_PX / DPI), dpi=DPI, facecolor="white")
    grid = figure.add_gridspec(4, 1, height_ratios=(4.2, 3.4, 1.9, 1.5), hspace=0.55)
    figure.subplots_adjust(left=0.12, right=0.95, top=0.9, bottom=0.04)
    figure.text(0.03, 0.975, title, ha="left", va="center", fontsize=30, color=TEXT,
                fontweight="bold")  # fmt: skip
    figure.text(0.03, 0.951, words.days_in(zone, reader), ha="left", va="center", fontsize=18,
                color="#555555")  # fmt: skip
    x = list(range(len(series.days)))
    ticks = _day_ticks(series, reader)
    _calories(figure.add_subplot(grid[0]), series, x, ticks, reader)
    _weight(figure.add_subplot(grid[1]), series, x, ticks, reader)
    _checkins(figure.add_subplot(grid[2]), series, x, ticks, reader)
    _supplements(figure.add_subplot(grid[3]), series, reader)
    return figure


Ticks = tuple[list[int], list[str]]


def _day_ticks(series: Series, reader: Reader) -> Ticks:
    """Weekday and date under each day of a week; for a month, a date every few days
    (counted back from the last), so they do not collide. Only labelled days get a tick."""
    if len(series.days) <= 10:
        labels = [words.day_tick(day, reader, weekday=True) for day in series.days]
        return list(range(len(series.days))), labels
    step = math.ceil(len(series.days) / 8)
    last = len(series.days) - 1
    at = list(range(last, -1, -step))[::-1]
    return at, [words.day_tick(series.days[i], reader, weekday=False) for i in at]


def _style(
    ax: Axes, heading: str, unit: str, x: Sequence[int], ticks: Ticks, reader: Reader
) -> None:
    from matplotlib.ticker import FuncFormatter

    ax.set_title(heading, loc="left", fontsize=24, color=TEXT, pad=12)
    # the axis's numbers as the reader writes them ("82,4", "12.500")
    ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _: words.axis_number(value, reader)))
    ax.set_ylabel(unit, fontsize=18, color=TEXT)
    ax.set_xticks(*ticks)
    ax.set_xlim(-0.6, len(x) - 0.4)
    ax.tick_params(labelsize=18, colors=TEXT, length=0)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.grid(axis="y", color="#DDDDDD", linewidth=1)
    ax.set_axisbelow(True)


def _empty(ax: Axes, text: str) -> None:
    ax.text(0.5, 0.45, text, transform=ax.transAxes, ha="center", va="center",
            fontsize=20, color=GREY)  # fmt: skip


def _line_label(ax: Axes, days: int, y: float, text: str) -> None:
    """A goal line's label at its right end, on white so bars behind it do not hide it."""
    ax.text(days - 0.45, y, text, ha="right", va="center", fontsize=17, color=TEXT, zorder=5,
            bbox={"facecolor": "white", "edgecolor": "none", "pad": 2})  # fmt: skip


def _calories(ax: Axes, series: Series, x: Sequence[int], ticks: Ticks, reader: Reader) -> None:
    """Each day's calories as a bar split by where they came from, against the goal."""
    _style(ax, words.calories_heading(reader), words.calories_axis(reader), x, ticks, reader)
    drawn = [(i, kcal) for i, kcal in zip(x, series.calories, strict=True) if kcal is not None]
    if not drawn:
        _empty(ax, words.nothing_logged(reader))
        ax.set_yticks([])
        return
    # Each bar is the day's calories, shared among the macros by the energy they bring; a
    # day without macros is one grey bar. One `bar` call a colour: a month is 4 calls, not 90.
    parts: dict[str, list[float]] = {name: [] for name in (*KCAL_PER_GRAM, "unknown")}
    for i, kcal in drawn:
        energy = {n: (getattr(series, n)[i] or 0.0) * KCAL_PER_GRAM[n] for n in KCAL_PER_GRAM}
        total = sum(energy.values())
        known = total > 0 and math.isfinite(total)
        for name in KCAL_PER_GRAM:
            parts[name].append(kcal * energy[name] / total if known else 0.0)
        parts["unknown"].append(0.0 if known else kcal)
    at = [i for i, _ in drawn]
    bottom = [0.0] * len(drawn)
    for name, heights in parts.items():
        if any(heights):
            ax.bar(at, heights, 0.7, bottom=bottom, color=MACRO_COLOURS.get(name, GREY))
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    goal = series.calorie_goal
    if goal is not None:
        ax.axhline(goal, color=BLACK, linestyle="--", linewidth=2.5)
        _line_label(ax, len(x), goal, words.goal_label(goal, reader))
    # One day far above the rest (a slip: 100,000 kcal) would flatten every other bar: the
    # axis stops at a few times the typical day, and a taller bar has its number written.
    typical = max(goal or 0.0, statistics.median(kcal for _, kcal in drawn))
    top = max(min(max(kcal for _, kcal in drawn), typical * CLIP_FACTOR), goal or 0.0) * 1.15
    for i, kcal in drawn:
        if kcal > top:
            ax.text(i, top * 0.97, words.clipped(kcal, reader), ha="center", va="top", fontsize=16,
                    rotation=90, color="white", fontweight="bold", zorder=6)  # fmt: skip
    ax.set_ylim(0, top)
    from matplotlib.patches import Patch

    handles = [Patch(color=c, label=words.macro_name(n, reader)) for n, c in MACRO_COLOURS.items()]
    ax.legend(handles=handles, loc="lower right", ncol=3, fontsize=17, frameon=False,
              bbox_to_anchor=(1.0, 0.98), handlelength=1.0, columnspacing=1.0)  # fmt: skip


def _weight(ax: Axes, series: Series, x: Sequence[int], ticks: Ticks, reader: Reader) -> None:
    """Each weighing as a point, the trend as a line, the goal as a dashed line."""
    _style(ax, words.weight_heading(reader), words.weight_axis(reader), x, ticks, reader)
    points = [(i, kg) for i, kg in zip(x, series.weight, strict=True) if kg is not None]
    trend = [(i, kg) for i, kg in zip(x, series.trend, strict=True) if kg is not None]
    if not points and not trend:
        _empty(ax, words.nothing_logged(reader))
        ax.set_yticks([])
        return
    values = [kg for _, kg in points] + [kg for _, kg in trend]
    middle = statistics.median(values)
    # A slip far from the rest (7.8 for 78) is drawn at the edge, not allowed to set the scale.
    values = [kg for kg in values if abs(kg - middle) <= OUTLIER_SHARE * middle] or [middle]
    if trend:
        ax.plot([i for i, _ in trend], [kg for _, kg in trend], color=VERMILLION,
                linewidth=3.5, label=words.trend_label(reader))  # fmt: skip
    if points:
        weighed = words.weighing_label(reader)
        ax.plot([i for i, _ in points], [kg for _, kg in points], "o", color=SKY_BLUE,
                markersize=11, markeredgecolor=BLUE, label=weighed)  # fmt: skip
    low, high = min(values), max(values)
    goal = series.weight_goal
    # The goal is drawn when it is near enough not to flatten the weighings into a line.
    if goal is not None and abs(goal - (low + high) / 2) <= max(5.0, (high - low) * 2):
        ax.axhline(goal, color=GREEN, linestyle="--", linewidth=2.5)
        _line_label(ax, len(x), goal, words.weight_goal_label(goal, reader))
        low, high = min(low, goal), max(high, goal)
    margin = max(0.5, (high - low) * 0.15)
    ax.set_ylim(low - margin, high + margin)
    for i, kg in points:
        if not low - margin <= kg <= high + margin:
            edge = high + margin if kg > high else low - margin
            ax.plot([i], [edge], "^" if kg > high else "v", color=VERMILLION, markersize=14,
                    clip_on=False)  # fmt: skip
            ax.text(i, edge, words.clipped_weight(kg, reader), fontsize=15, color=TEXT,
                    ha="left", va="top" if kg > high else "bottom")  # fmt: skip
    ax.legend(loc="lower right", ncol=2, fontsize=17, frameon=False,
              bbox_to_anchor=(1.0, 0.98), handlelength=1.4, columnspacing=1.0)  # fmt: skip


def _checkins(ax: Axes, series: Series, x: Sequence[int], ticks: Ticks, reader: Reader) -> None:
    """Mood, energy and sleep, a row each: a cell a day, shaded and numbered 1 to 5."""
    from matplotlib.colors import ListedColormap

    ax.set_title(words.checkins_heading(reader), loc="left", fontsize=24, color=TEXT, pad=12)
    rows = [("mood", series.mood), ("energy", series.energy), ("sleep", series.sleep)]
    # One mesh for every cell (a month is 90): an empty day is masked, so left blank.
    grid = [[math.nan if v is None else float(v) for v in values] for _, values in rows]
    edges_x = [i - 0.5 for i in range(len(x) + 1)]
    edges_y = [r - 0.5 for r in range(len(rows) + 1)]
    ax.pcolormesh(edges_x, edges_y, _masked(grid), cmap=ListedColormap(RATING_COLOURS),
                  vmin=0.5, vmax=5.5, edgecolors="white", linewidth=4)  # fmt: skip
    if len(x) <= 10:  # a week: each rating written in its cell too
        for row, (_, values) in enumerate(rows):
            for i, value in zip(x, values, strict=True):
                if value is not None:
                    ax.text(i, row, str(value), ha="center", va="center", fontsize=18,
                            color="white" if value >= 4 else TEXT)  # fmt: skip
    ax.set_xlim(-0.6, len(x) - 0.4)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_yticks(range(len(rows)), [words.rating_name(name, reader) for name, _ in rows])
    ax.set_xticks(*ticks)
    ax.tick_params(labelsize=18, colors=TEXT, length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)
    if not any(v is not None for _, values in rows for v in values):
        _empty(ax, words.nothing_logged(reader))


def _masked(grid: list[list[float]]) -> Any:
    import numpy as np

    values = np.array(grid, dtype=float)
    return np.ma.masked_invalid(values)


def _supplements(ax: Axes, series: Series, reader: Reader) -> None:
    """Each supplement: the days it was taken out of the days in the range."""
    items = list(series.supplements)[:SUPPLEMENTS_SHOWN]
    heading = words.supplements_heading(len(items), len(series.supplements), reader)
    ax.set_title(heading, loc="left", fontsize=24, color=TEXT, pad=12)
    ax.set_axis_off()
    if not items:
        _empty(ax, words.no_supplements(reader))
        return
    days = len(series.days)
    for row, (name, taken) in enumerate(items):
        y = 1 - (row + 0.5) / len(items)
        share = min(1.0, taken / days)
        thick = min(0.7 / len(items), 0.3)
        ax.barh(y, 0.46, height=thick, left=0.38, color="#EEEEEE")
        ax.barh(y, 0.46 * share, height=thick, left=0.38, color=GREEN)
        ax.text(0.36, y, words.supplement_label(name), ha="right", va="center", fontsize=19,
                color=TEXT)  # fmt: skip
        ax.text(1.0, y, words.days_of(taken, days), ha="right", va="center", fontsize=19,
                color=TEXT)  # fmt: skip
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
