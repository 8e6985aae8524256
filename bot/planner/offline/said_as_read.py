"""The message as the rules read it, in one step before any word is read: markup dropped and
unicode made plain (reader/normalize.py), punctuation said as a word made the mark it names
(dictated.py), and the few phrasings said in another order than the rules read them put in
that order: "a 3 egg omelette" (egg_dishes.py), "2 slices rye" (bread_kinds.py),
"Eisentablette" (supplements.py), "a big mac meal" (combo_meals.py), faces as ratings
(faces.py), and words read as where the person lives means them (regional.py:
"chips" in the UK).
"""

from __future__ import annotations

from bot.planner.offline.bread_kinds import bread_said_by_kind
from bot.planner.offline.combo_meals import combo_meals_listed
from bot.planner.offline.dictated import punctuation_said
from bot.planner.offline.egg_dishes import eggs_said_after
from bot.planner.offline.faces import faces_as_ratings
from bot.planner.offline.regional import regional_text
from bot.planner.offline.supplements import supplement_compounds_split
from bot.planner.reader.normalize import normalize


def said_as_read(text: str, timezone: str) -> str:
    """`text` as the rules read it for a person in `timezone` (module docstring)."""
    text = normalize(text).text  # "a latte & <b>cake</b>": no food named "B cake"
    text = punctuation_said(text)  # "a sandwich period and a coke": voice typing's marks
    text = bread_said_by_kind(eggs_said_after(text))  # "a 3 egg omelette"; "2 slices rye"
    text = supplement_compounds_split(text)  # "Eisentablette genommen"
    text = combo_meals_listed(text)  # "a big mac meal": the burger and fries
    return regional_text(faces_as_ratings(text), timezone)  # "mood 😊"; UK "chips"
