"""The example session of docs/example-session.md, replayed through the core and the sandbox.

Forty messages as a person texts a health bot over three days, answered by the built-in rules
(no model). Each message is checked for what the person would look at: what was written to
their account, whether the reply is true, and whether it nags.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import re
import zoneinfo
from pathlib import Path

import pytest

from tests.fixtures.session import Said, Step, replay, transcript

ZONE = zoneinfo.ZoneInfo("Europe/Berlin")


def _at(day: int, hhmm: str) -> dt.datetime:
    hour, minute = (int(part) for part in hhmm.split(":"))
    return dt.datetime(2026, 11, day, hour, minute, tzinfo=ZONE)


MON, TUE, WED = 23, 24, 25

SESSION: list[Said] = [
    # Monday
    Said(_at(MON, "07:40"), "morning! weighed in at 82.4 kg"),
    Said(_at(MON, "07:55"), "slept like 6 hrs, kinda groggy. energy 2"),
    Said(_at(MON, "08:10"), "2 scrambled eggs w/ toast and a coffee with a splash of milk"),
    Said(_at(MON, "08:12"), "took my vitamin d and fish oil with breakfast"),
    Said(_at(MON, "10:30"), "banana lol"),
    Said(_at(MON, "13:05"), "lunch was a chicken caesar salad, about 550 kcal"),
    Said(_at(MON, "13:07"), "oh and a diet coke"),
    Said(_at(MON, "16:00"), "snacked on a handful of almonds around 4"),
    Said(_at(MON, "18:30"), "ran 5k after work 🏃"),
    Said(_at(MON, "19:45"), "dinner: spaghetti bolognese, big plate"),
    Said(_at(MON, "19:50"), "actually it was a normal plate not a big one"),
    Said(_at(MON, "22:10"), "mood 4, bit tired but good day"),
    Said(_at(MON, "23:40"), "late night bowl of cereal, couldnt sleep"),
    # Tuesday
    Said(_at(TUE, "07:30"), "81.9 this morning"),
    Said(_at(TUE, "07:35"), "slept badly, woke up at 3am"),
    Said(_at(TUE, "07:50"), "same breakfast as yesterday"),
    Said(_at(TUE, "08:00"), "forgot the magnesium yesterday but took it now"),
    Said(_at(TUE, "09:15"), "what did I eat yesterday?"),
    Said(_at(TUE, "11:00"), "protein shake (25 g protein, 140 kcal)"),
    Said(_at(TUE, "12:40"), "had 2 slices of pepperoni pizza at lunch"),
    Said(_at(TUE, "12:45"), "headache all day"),
    Said(_at(TUE, "15:20"), "large coke"),
    Said(_at(TUE, "15:25"), "oops, make that a small one"),
    Said(_at(TUE, "18:00"), "45 min yoga"),
    Said(_at(TUE, "19:30"), "salmon with rice and broccoli for dinner"),
    Said(_at(TUE, "19:32"), "how many calories today?"),
    Said(_at(TUE, "21:00"), "glass of red wine"),
    Said(_at(TUE, "21:30"), "hoy me siento cansada, energía 2"),
    # Wednesday
    Said(_at(WED, "07:20"), "down to 81.6"),
    Said(_at(WED, "07:25"), "slept 8 hours, feeling great"),
    Said(_at(WED, "07:40"), "overnight oats with blueberries"),
    Said(_at(WED, "07:42"), "btw had a latte w/ oat milk too"),
    Said(_at(WED, "10:00"), "🍎"),
    Said(_at(WED, "12:30"), "Mittagessen: Currywurst mit Pommes"),
    Said(_at(WED, "12:35"), "felt sick after lunch tbh"),
    Said(_at(WED, "15:00"), "2 cups of green tea"),
    Said(_at(WED, "16:10"), "how's my weight this week?"),
    Said(_at(WED, "18:50"), "grilled chicken breast 200g and a sweet potato"),
    Said(_at(WED, "18:52"), "scratch the sweet potato"),
    Said(_at(WED, "21:00"), "how much protein did I have today?"),
]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> list[Step]:
    """Replayed once for the module: forty messages take a few seconds."""
    return asyncio.run(replay(tmp_path_factory.mktemp("example-session"), SESSION))


# --- what the person checks, message by message ------------------------------------------

D = {MON: "2026-11-23", TUE: "2026-11-24", WED: "2026-11-25"}
UNPLACED = "couldn't place"
TIP = "Try phrasing it like"


def understood(step: Step) -> None:
    assert UNPLACED not in step.reply, step.reply


def one_food(step: Step, word: str, low: float, high: float, day: int) -> None:
    understood(step)
    assert len(step.foods) == 1, step.foods
    entry_day, _, kcal, _ = step.food(word)
    assert entry_day == D[day] and low <= kcal <= high, step.foods


def check(steps: list[Step], index: int) -> None:
    step = steps[index - 1]
    r, lower = step.reply, step.reply.lower()
    if index == 1:
        understood(step)
        assert step.weights == [(D[MON], 82.4)] and not step.foods
    elif index == 2:
        assert step.checkins[D[MON]][1] == 2
        understood(step)  # "slept like 6 hrs", "groggy" are no cause for a warning
    elif index == 3:
        understood(step)
        assert len(step.foods) == 3, step.foods  # the eggs, their toast, the coffee: no "w"
        assert 120 <= step.food("egg")[2] <= 250 and 60 <= step.food("toast")[2] <= 120
        assert step.food("coffee")[2] <= 60  # nor a glass of milk
    elif index == 4:
        understood(step)
        assert step.taken == {("Vitamin D", D[MON]), ("Fish oil", D[MON])}
    elif index == 5:
        one_food(step, "banana", 80, 130, MON)
    elif index == 6:
        one_food(step, "caesar", 550, 550, MON)  # the person's own figure
    elif index == 7:
        one_food(step, "diet", 0, 5, MON)
    elif index == 8:
        one_food(step, "almond", 100, 250, MON)  # "around 4" is a time, not 4 of them
    elif index in (9, 24):
        assert step.wrote_nothing and "exercise" in lower and "note:" in lower
    elif index == 10:
        understood(step)  # "big plate" is a portion
        assert len(step.foods) == 1 and step.food("bolognese")[2] > 550  # bigger than a plate
    elif index == 11:
        assert step.wrote_nothing and "nothing was saved" in lower
    elif index == 12:
        assert step.checkins[D[MON]][0] == 4
    elif index == 13:
        assert step.food("cereal")[0] == D[MON]
        # at 23:40, "couldn't sleep" is about the night ahead, not Monday's sleep
        assert step.checkins[D[MON]][2] is None, step.checkins[D[MON]]
    elif index == 14:
        assert step.weights == [(D[TUE], 81.9)]  # in kg, the unit of yesterday's weight
    elif index == 15:
        sleep, notes = step.checkins[D[TUE]][2], step.checkins[D[TUE]][3]
        assert sleep == 2
        assert notes is None or "3" in notes, notes  # not a clipped "woke up"
    elif index == 16:
        understood(step)
        monday = steps[2].foods  # "2 scrambled eggs w/ toast and a coffee ..." at 08:10
        assert sorted((f[1], f[2]) for f in step.foods) == sorted((f[1], f[2]) for f in monday)
        assert {f[0] for f in step.foods} == {D[TUE]}
    elif index == 17:
        understood(step)
        assert step.taken == {("Magnesium", D[TUE])}  # taken now; yesterday it was forgotten
    elif index == 18:
        assert step.wrote_nothing
        assert "Scrambled eggs" in r and "Spaghetti bolognese" in r and "Total" in r
    elif index == 19:
        one_food(step, "shake", 140, 140, TUE)
        assert step.foods[0][3] == 25
    elif index == 20:
        one_food(step, "pepperoni pizza", 400, 800, TUE)
    elif index == 21:
        assert "headache" in (step.checkins[D[TUE]][3] or "")
    elif index == 22:
        one_food(step, "cola", 150, 250, TUE)
    elif index == 23:
        assert step.wrote_nothing
        assert TIP not in r and "nothing was saved" in lower  # as for "actually it was..."
    elif index == 25:
        understood(step)  # the salmon, and the rice and broccoli it came with
        assert len(step.foods) == 3, step.foods
        assert 200 <= step.food("salmon")[2] <= 450 and 150 <= step.food("rice")[2] <= 300
        assert step.food("broccoli")[2] <= 80
    elif index == 26:
        assert step.wrote_nothing and _kcal_of(step, D[TUE]) in r
    elif index == 27:
        one_food(step, "wine", 100, 150, TUE)
    elif index == 28:
        understood(step)
        assert step.checkins[D[TUE]][1] == 2
    elif index == 29:
        understood(step)
        assert step.weights == [(D[WED], 81.6)]
    elif index == 30:
        assert "rated 1 to 5" not in r, r  # eight hours is not a rating of 8
        mood, _, sleep, _ = step.checkins.get(D[WED], (None, None, None, None))
        assert sleep is not None or mood is not None
    elif index == 31:
        understood(step)  # today: "overnight" is no date
        assert len(step.foods) == 2 and all(f[0] == D[WED] for f in step.foods), step.foods
        assert 250 <= step.food("overnight oats")[2] <= 500 and step.food("blueberr")[2] <= 120
    elif index == 32:
        one_food(step, "latte", 80, 250, WED)  # one latte, no glass of oat milk beside it
    elif index == 33:
        assert step.wrote_nothing and "Apple" in r and len(step.buttons) == 3
    elif index == 34:
        understood(step)  # the Currywurst and its fries, each as itself
        assert len(step.foods) == 2, step.foods
        assert 300 <= step.food("currywurst")[2] <= 650 and 250 <= step.food("fries")[2] <= 500
    elif index == 35:
        assert "felt sick" in (step.checkins[D[WED]][3] or "")
    elif index == 36:
        one_food(step, "green tea", 0, 10, WED)
        assert "2 cups (240 ml)" not in r  # the label says the portion used
    elif index == 37:
        assert step.wrote_nothing and "82.4" in r and "81.6" in r and "0.8" in r
    elif index == 38:
        understood(step)
        assert len(step.foods) == 2
        assert 250 <= step.food("chicken")[2] <= 400 and step.food("sweet potato")[2] <= 200
    elif index == 39:
        assert step.wrote_nothing, step.foods  # "scratch" takes away; it never adds one more
        understood(step)
    elif index == 40:
        assert step.wrote_nothing
        protein = re.search(r"Protein today: ([\d.]+) g", r)
        assert protein is not None, r
        assert abs(float(protein.group(1)) - _day_sum(step, D[WED], 3)) < 1


def _day_sum(step: Step, day: str, column: int) -> float:
    return sum(f[column] for f in step.all_foods if f[0] == day)


def _kcal_of(step: Step, day: str) -> str:
    return f"{round(_day_sum(step, day, 2)):,}"


# Where the built-in rules fall short today; strict, so a fix turns them into failures to drop.
GAPS: dict[int, str] = {}


@pytest.mark.parametrize(
    "index",
    [
        pytest.param(i, marks=pytest.mark.xfail(strict=True, reason=GAPS[i])) if i in GAPS else i
        for i in range(1, len(SESSION) + 1)
    ],
    ids=lambda i: f"{i:02d}",
)
def test_message_reads_right(session: list[Step], index: int) -> None:
    check(session, index)


def test_no_reply_gives_the_tip_twice_or_a_traceback(session: list[Step]) -> None:
    assert len(session) == 40
    for step in session:
        assert step.reply.count(TIP) <= 1 and "Traceback" not in step.reply, step.reply


if __name__ == "__main__":  # python -m tests.core.test_example_session: print it again
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(transcript(asyncio.run(replay(Path(tmp), SESSION))))
