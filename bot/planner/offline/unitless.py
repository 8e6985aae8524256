"""Weights said without a unit: "I'm at 81.2 this morning", "down to 176 today".

The service keeps weights in kilograms only, so the unit a person uses is read from how close
the number is to their last weight (`PlanContext.last_weight_kg`): within `CLOSE_KG` of it in
kilograms, it is kilograms; within `CLOSE_LB` of it in pounds, pounds; else the one unit (if
only one) that puts it within `DRIFT` (15 %) of it, as after weeks without weighing. Without a
last weight (or far from it), a number only one unit makes a grown-up's weight is read in
that unit: a weight from `ADULT_KG` low to high, 35 to 160 kg (77 to 353 lb), so 62 is kg and
176 is lb.
A number both units allow (77 to 160: "80" is 80 kg or 36 kg) is a question: the planner logs
it in kilograms and sets `Plan.unit_question`, and the core settles it with the person's last
weight, else with where they are (`weight_unit_of`: scales read kilograms in Germany and
pounds in the US), or asks with two buttons ("80 kg" / "80 lb") where both are in use (the UK,
Ireland, Canada) or the zone names no country.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from bot.kernel.places import country_of
from bot.kernel.readers import KG_PER_LB
from bot.planner.offline.text import Found, Tokens, rx

CLOSE_KG = 5.0  # a number this close to the last weight in kg is in kg
CLOSE_LB = 5.0  # ... this close to it in lb, in lb
DRIFT = 0.15  # after a weight word, a number this share of the last weight off is still read
ADULT_KG = (35.0, 160.0)  # the band a grown-up's weight falls in
# Read in pounds, a number must weigh at least this much to be a grown-up's weight: 78.3 is
# 78.3 kg wherever it is said, not 35.5 kg (a BMI of 13 at 1.65 m); 95 may be either.
LB_LOW_KG = 40.0

_NUM = r"\d{2,3}(?:\.\d+)?"  # a body weight has two or three digits
# What follows a number that is something else: "down to 2 coffees", "up to 100 g of sugar".
NOT_A_WEIGHT = (
    r"(?! (?:g|gr|grams?|mg|ml|l|kcal|cals?|calories|kj|min|mins|minutes|hours?|hrs?|h|steps"
    r"|km|k|miles?|mi|percent|pct|cups?|coffees?|drinks?|beers?|glasses|times|x|days?|weeks?"
    r"|months?|servings?|portions?|pieces?|slices?|of|bpm|mmhg)(?!\S))"
)
_LINK = r"(?: (?:is|was|of|at|now|=|:|ist|war|es|fue|de|heute|today|hoy|around|about|ca))*"
# A number is a weight only after words that say so; "at 8" alone is a time.
UNITLESS_RE = rx(
    rf"(?:(?:my )?(?:body )?(?:weight|weighed in|weighed|weigh|gewicht|peso|pese|wiege"
    rf"|poids|pesato|pesata|pesee|gewogen)"
    rf"|(?:im|i am) at|(?:im )?down to|(?:im )?up to|(?:the )?scale (?:says|said|shows))"
    rf"{_LINK} (?P<num>{_NUM}){NOT_A_WEIGHT}"
)

# Any number a body weight may be, when it is not followed by a unit of something else.
NEAR_RE = rx(rf"(?P<num>{_NUM}){NOT_A_WEIGHT}")


@dataclass(frozen=True)
class Unitless:
    """A number read as a weight: `kg` as logged, `ask` when the unit is still a question."""

    value: float
    kg: float
    ask: bool = False


# Where bathroom scales and people say body weight in pounds; where both pounds (or stones and
# pounds) and kilograms are common, only the person can tell.
POUND_COUNTRIES = frozenset({"US", "LR", "MM"})
EITHER_COUNTRIES = frozenset({"GB", "IE", "CA"})


def weight_unit_of(zone: str | None) -> str | None:
    """The unit ("kg" or "lb") a body weight said without one is in, by the country of `zone`;
    None where both are in use or the zone is in no country."""
    country = country_of(zone) if zone else None
    if country is None or country in EITHER_COUNTRIES:
        return None
    return "lb" if country in POUND_COUNTRIES else "kg"


def read_unitless(value: float, last_kg: float | None, unit: str | None = None) -> Unitless | None:
    """`value` as a weight in the person's unit, or None when no unit makes it one; `unit` is
    where they are's (`weight_unit_of`), used only when they have no last weight."""
    if last_kg is not None:
        if abs(value - last_kg) <= CLOSE_KG:
            return Unitless(value, round(value, 2))
        if abs(value - last_kg / KG_PER_LB) <= CLOSE_LB:
            return Unitless(value, round(value * KG_PER_LB, 2))
        # Further off ("down to 74.5" after 80 kg weeks ago): the one unit that keeps it
        # within `DRIFT` of the last weight, when only one does.
        kg_near = abs(value - last_kg) <= DRIFT * last_kg
        lb_near = abs(value * KG_PER_LB - last_kg) <= DRIFT * last_kg
        if kg_near != lb_near:
            return Unitless(value, round(value if kg_near else value * KG_PER_LB, 2))
    low, high = ADULT_KG
    as_kg = low <= value <= high
    as_lb = LB_LOW_KG <= value * KG_PER_LB <= high
    if as_kg and as_lb:
        if last_kg is not None:  # their own last weight says more than where they are
            unit = None
        if unit == "lb":
            return Unitless(value, round(value * KG_PER_LB, 2))
        return Unitless(value, round(value, 2), ask=unit != "kg")
    if as_kg:
        return Unitless(value, round(value, 2))
    if as_lb:
        return Unitless(value, round(value * KG_PER_LB, 2))
    return None


def near_last(value: float, last_kg: float | None) -> float | None:
    """`value` in kilograms when it is within `CLOSE_KG` of the last weight in kilograms or
    `CLOSE_LB` of it in pounds: a number so close needs no word saying it is a weight
    ("ugh 82.4", "dropped to 211 🎉")."""
    if last_kg is None:
        return None
    if abs(value - last_kg) <= CLOSE_KG:
        return round(value, 2)
    if abs(value - last_kg / KG_PER_LB) <= CLOSE_LB:
        return round(value * KG_PER_LB, 2)
    return None


def in_pounds(value: float) -> float:
    """`value` pounds in kilograms, as logged."""
    return round(value * KG_PER_LB, 2)


def lone_weight(
    tokens: Tokens, last_kg: float | None, fillers: frozenset[str], asks: list[float]
) -> Found[float] | None:
    """A message that says nothing but a number near the person's last weight ("81.9 this
    morning", "ugh 82.4") is that weight: the only unclaimed word besides `fillers` is a
    number within `CLOSE_KG` of it in kg (or `CLOSE_LB` in lb). When the planner does not know
    the last weight, a number a grown-up may weigh is logged in kg and added to `asks`, so the
    core settles it with the last weight it reads (or asks which unit)."""
    left = [
        i
        for i, t in enumerate(tokens.items)
        if not tokens.used[i] and t.kind != "punct" and t.text not in fillers
    ]
    if len(left) != 1 or not re.fullmatch(_NUM, tokens.items[left[0]].text):
        return None
    value = float(tokens.items[left[0]].text)
    if last_kg is None:
        if read_unitless(value, None) is None:
            return None
        asks.append(value)
        kg = round(value, 2)
    else:
        read = read_unitless(value, last_kg)
        close = abs(value - last_kg) <= CLOSE_KG or abs(value - last_kg / KG_PER_LB) <= CLOSE_LB
        if read is None or read.ask or not close:
            return None
        kg = read.kg
    tokens.claim(range(left[0], left[0] + 1))
    return Found(left[0], kg)


def near_last_weight(
    tokens: Tokens, last_kg: float | None, foods: Sequence[range], *, alone: bool
) -> list[Found]:
    """A number close to the person's last weight that nothing else read is their weight
    ("ugh 82.4", "dropped to 211 🎉", "finally under 210 - 209.6": the last such number).
    Said `alone`, the words around it are how they feel about it, not something left unread.
    Next to foods only a number with decimals, and not right by a food ("80.6, had oatmeal";
    "chicken 85" is no weight); `foods` are the tokens of each food read."""
    eaten = {i for f in foods for i in (f.start - 1, f.stop)}
    near = [
        (span, kg)
        for match, span in tokens.matches(NEAR_RE)
        if tokens.free(span)
        and (kg := near_last(float(match.group("num")), last_kg)) is not None
        and (not foods or ("." in match.group("num") and not eaten & set(span)))
    ]
    if not near:
        return []
    span, kg = near[-1]
    tokens.claim(range(len(tokens)) if alone else span)
    return [Found(span.start, kg)]


_WEIGH_WORDS = frozenset(
    "scale scales weigh weighed weighing weight weighin waage gewicht gewogen peso bascula".split()
)


def first_weight(tokens: Tokens, unsure: list[float]) -> list[Found]:
    """With no weight logged before, a message of nothing but a number a grown-up may weigh
    with decimals ("ugh 62.3", "176.4 this morning"), or any such number beside a word of
    weighing ("176 on the scale", "morning weigh-in 64"), is their weight in the unit that
    makes it one, or in kilograms with the unit asked (`unsure`) when both do."""
    cue = any(t.text in _WEIGH_WORDS for t in tokens.items)
    for match, span in tokens.matches(NEAR_RE):
        value = match.group("num")
        reading = read_unitless(float(value), None) if "." in value or cue else None
        if reading is None or not tokens.free(span):
            continue
        tokens.claim(range(len(tokens)))
        if reading.ask:
            unsure.append(reading.value)
        return [Found(span.start, reading.kg)]
    return []


_KG_WORDS = frozenset("kg kgs kilo kilos kilogram kilograms kilogramm kilogramos".split())
_LB_WORDS = frozenset("lb lbs pound pounds pfund libras livres libbre".split())


def in_unit_said(tokens: Tokens, weights: list[Found], unsure: list[float]) -> list[Found]:
    """The weights, their unit settled by the one unit of weight the message says elsewhere
    ("lost 2 kg since last week, now at 78.5"): `unsure` emptied of what it settles."""
    said = {t.text for t in tokens.items}
    kg, lb = bool(said & _KG_WORDS), bool(said & _LB_WORDS)
    if not unsure or kg == lb:
        return weights
    settled = set(unsure)
    unsure.clear()
    if kg:
        return weights
    return [
        Found(w.index, round(w.value * KG_PER_LB, 2)) if w.value in settled else w for w in weights
    ]
