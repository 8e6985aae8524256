"""Whether an entry is an alcoholic drink of the food table, by whatever name it was saved
under: a reader of another language saves it by their own word ("Birra", "Cañas", "Vin
rouge", "Peroni"), which no list of English drink words holds. Its alcohol (7 kcal a gram)
brings energy that its protein, carbs and fat do not, so the plausibility check
(bot/kernel/plausibility.py) must not hold it back as figures that do not add up."""

from __future__ import annotations

from bot.kernel.plausibility import alcoholic
from bot.planner.offline.table import food_table, without_brackets
from bot.planner.reader.normalize import fold

__all__ = ["alcoholic_entry"]

ALCOHOL_G = 2.0  # above this, a drink's energy is partly its alcohol's


def alcoholic_entry(food: str) -> bool:
    """Whether an entry's text ("Birra con limone, 1 porzione media (400 ml)") names an
    alcoholic drink: by the drink words of any language, or by the longest of the table's
    names its name starts with."""
    if alcoholic(food):
        return True
    name = without_brackets(food.split(",", 1)[0])
    said = fold(name).replace("-", " ").split()
    aliases = food_table().by_alias
    for size in range(len(said), 0, -1):
        found = aliases.get(" ".join(said[:size]))
        if found is not None:
            return found.alcohol_g > ALCOHOL_G
    return False
