"""What the sandbox holds for one person, read straight from its database (not through the API
whose use is being judged), and what makes a record malformed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from bot.kernel.plausibility import (
    MACRO_TOLERANCE_KCAL,
    MACRO_TOLERANCE_SHARE,
    MAX_ENTRY_KCAL,
    alcoholic,
    macro_kcal,
)
from sandbox.auth import hash_key
from sandbox.db import make_engine
from sandbox.models import Checkin, NutritionEntry, SupplementItem, User, WeightRecord

# A name a person would write: no JSON or markup debris, no line breaks, not a paragraph.
_DEBRIS = re.compile(r"[{}\[\]<>\"\\`]|&#?\w+;|\bnull\b|\bfunctions\.")
MAX_NAME_CHARS = 120
MAX_MACRO_GRAMS = 500
WEIGHT_KG = (20.0, 400.0)
RATING = (1, 5)


@dataclass(frozen=True)
class Records:
    """One person's records, in the order they were made."""

    foods: tuple[dict[str, Any], ...] = ()
    weights: tuple[dict[str, Any], ...] = ()
    checkins: tuple[dict[str, Any], ...] = ()
    supplements: tuple[dict[str, Any], ...] = ()

    def count(self) -> int:
        return len(self.foods) + len(self.weights) + len(self.checkins) + len(self.supplements)

    def new_since(self, before: Records) -> Records:
        """What this holds that `before` did not (a check-in changed counts as new)."""
        return Records(
            tuple(r for r in self.foods if r not in before.foods),
            tuple(r for r in self.weights if r not in before.weights),
            tuple(r for r in self.checkins if r not in before.checkins),
            tuple(r for r in self.supplements if r not in before.supplements),
        )


async def read_records(db_url: str, api_key: str) -> Records:
    engine = make_engine(db_url)
    try:
        async with engine.connect() as conn:
            user = await conn.scalar(select(User.pk).where(User.key_hash == hash_key(api_key)))
            if user is None:
                raise KeyError("no sandbox user has this API key")

            async def rows(model: Any, *columns: Any) -> tuple[dict[str, Any], ...]:
                statement = select(*columns).where(model.user_pk == user).order_by(model.pk)
                return tuple(dict(row._mapping) for row in await conn.execute(statement))

            n = NutritionEntry
            return Records(
                foods=await rows(n, n.day, n.food, n.calories, n.protein, n.carbs, n.fat),
                weights=await rows(WeightRecord, WeightRecord.day, WeightRecord.weight_kg),
                checkins=await rows(
                    Checkin, Checkin.day, Checkin.mood, Checkin.energy, Checkin.sleep_quality
                ),
                supplements=await rows(SupplementItem, SupplementItem.name, SupplementItem.dose),
            )
    finally:
        await engine.dispose()


def malformed_name(name: str | None) -> str | None:
    """Why a name (food or supplement) is not one a person would write; None when fine."""
    if name is None or not name.strip():
        return "empty name"
    if len(name) > MAX_NAME_CHARS:
        return f"name of {len(name)} characters"
    if "\n" in name or _DEBRIS.search(name):
        return f"JSON or markup debris in {name!r}"
    return None


def malformed(records: Records) -> list[str]:
    """Every way these records are not what a careful person would have written."""
    problems = []
    for food in records.foods:
        name = food["food"]
        if (why := malformed_name(name)) is not None:
            problems.append(f"food {name!r}: {why}")
        kcal, p, c, f = food["calories"], food["protein"], food["carbs"], food["fat"]
        if not 0 < kcal <= MAX_ENTRY_KCAL:
            problems.append(f"food {name!r}: {kcal} kcal")
        if any(not 0 <= grams <= MAX_MACRO_GRAMS for grams in (p, c, f)):
            problems.append(f"food {name!r}: macros {p}/{c}/{f} g")
        computed = macro_kcal(p, c, f)
        tolerance = max(MACRO_TOLERANCE_KCAL, MACRO_TOLERANCE_SHARE * max(kcal, computed))
        # 0/0/0 g says "macros unknown", which is honest; anything else must make the energy,
        # but for a drink's alcohol.
        excess_is_alcohol = kcal > computed and alcoholic(name)
        if computed and abs(kcal - computed) > tolerance and not excess_is_alcohol:
            problems.append(
                f"food {name!r}: {kcal} kcal but its macros {p}/{c}/{f} g make {computed:.0f}"
            )
    for weight in records.weights:
        if not WEIGHT_KG[0] <= weight["weight_kg"] <= WEIGHT_KG[1]:
            problems.append(f"weight {weight['weight_kg']} kg")
    for checkin in records.checkins:
        for field in ("mood", "energy", "sleep_quality"):
            value = checkin[field]
            if value is not None and not RATING[0] <= value <= RATING[1]:
                problems.append(f"check-in {field} {value}")
    for item in records.supplements:
        if (why := malformed_name(item["name"])) is not None:
            problems.append(f"supplement {item['name']!r}: {why}")
    return problems
