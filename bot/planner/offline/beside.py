"""What a food is "with" that is a food of its own, logged as its own item.

"salmon with rice", "Currywurst mit Pommes", "2 chapatis with paneer curry", "Brot mit Käse":
two foods eaten together, each with a portion of its own, are two items. What tops or dresses
a food stays part of it ("toast with butter", "pancakes with syrup", "bagel with cream
cheese"), and so does what goes into a mixed dish ("salad with chicken", "ramen with an egg",
"a burrito bowl with extra guac"), unless it is a side served beside it ("soup with bread",
"curry with rice"). A part given its own amount ("2 tbsp peanut butter with 1 apple") is its
own item too. What is served in bread is one item with it, a sandwich: "2 sausages in
bread", "Bratwurst im Brötchen".
"""

from __future__ import annotations

import re

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import without_said

# A food that holds what it is served with: what goes "with" it is part of the dish.
_MIXED_RE = re.compile(
    r"\b(?:salad|bowl|ramen|pho|soup|stew|wrap|burrito|sandwich|sub|pizza|risotto"
    r"|omelett?e|omelet|tacos?|quesadilla|pasta|noodles|stir fry|poke|burger|hot dog"
    r"|chili|kebab|doner|bibimbap|spaghetti|lasagna|nachos)\b"
)
# What is served beside a dish, never in it: a side stays an item even next to a mixed dish.
_SIDE_RE = re.compile(
    r"\b(?:rice|fries|bread|toast|naan|chapati|roti|pita|roll|potato|potatoes|mash"
    r"|mashed potatoes|salad|coleslaw|couscous|baguette|garlic bread|tortilla)\b"
)
# How a topping or a condiment is measured: a spoon of it is no food of its own.
_TOPPING_RE = re.compile(r"\b(?:tbsp|tsp|tbsps|tsps|pat|spoon|dollop|drizzle|splash|dash)\b")
_OWN_KCAL = 70.0  # less than this, at its usual portion, is a topping ("ham", "jam"); an egg is not
# A drink and a food of a snack's energy or more had with it are two items ("horchata con
# fartons", "tea with 2 scones", "un café avec un croissant"); what is blended into a drink
# is part of it ("a smoothie with banana", "a protein shake with oats").
_BESIDE_A_DRINK_KCAL = 150.0
# ... and a counted food of a biscuit's energy or more, unless it is stirred into the drink.
_COUNTED_BESIDE_KCAL = 40.0
_STIRRED_RE = re.compile(
    r"\b(?:sugars?|sweeteners?|honey|syrup|ice|cubes?|shots?|espresso|cream|creamer"
    r"|marshmallows?|scoops?|powder|collagen|butter|oil)\b"
)
_BLENDED_RE = re.compile(
    r"\b(?:smoothie|shake|milkshake|batido|licuado|frappe|frappuccino|lassi|frullato|bowl"
    r"|porridge|oatmeal|soup|broth)\b"
)
_EXTRA = frozenset({"extra", "more", "added", "double"})


def _name(item: FoodItem) -> str:
    return without_said(item.name).lower()


def food_of_its_own(head: FoodItem, item: FoodItem, said: list[str]) -> bool:
    """Whether `item`, said after "with" (`said`: the words from "with" to its end), is
    eaten beside `head` as a food of its own rather than being part of it."""
    if had_beside_a_drink(head, item):
        return True  # "coffee with a croissant", not "a smoothie with banana"
    if head.liquid or item.liquid or _EXTRA & set(said):
        return False  # "a smoothie with banana", "cereal with milk", "with extra cheese"
    if head.explicit and item.explicit:
        return True  # "2 tbsp peanut butter with 1 apple": an amount for each
    if _TOPPING_RE.search(item.amount) or item.kcal < _OWN_KCAL:
        return False
    if _SIDE_RE.search(_name(item)) and not _SIDE_RE.search(_name(head)):
        return True
    return not head.served and not _MIXED_RE.search(_name(head))  # "a quinoa bowl with kale"


def had_beside_a_drink(head: FoodItem, item: FoodItem) -> bool:
    """Whether `item`, said with or after the drink `head`, is a food of a snack's energy or
    more, or one counted ("coffee with 2 biscuits", "Tee mit zwei Keksen", "milk w a couple
    oreos"), had beside it ("horchata con fartons", "café con leche y pan sobao") rather than
    something stirred or blended into it ("2 sugars", "3 marshmallows")."""
    counted = (
        item.explicit and item.kcal >= _COUNTED_BESIDE_KCAL and not _STIRRED_RE.search(_name(item))
    )
    return (
        head.liquid
        and not item.liquid
        and (item.kcal >= _BESIDE_A_DRINK_KCAL or counted)
        and not _BLENDED_RE.search(_name(head))
    )


# What a food is served in, by the word said: "in" in the item's name. What is "on" toast
# stays two foods ("two fried eggs on toast").
ON_IN = {"in": "in", "im": "in"}
_BREAD_RE = re.compile(
    r"\b(?:bread|toast|roll|rolls|bun|buns|bagel|wrap|pita|tortilla|baguette|sourdough|naan"
    r"|flatbread|crackers?|rice cakes?|crumpets?|english muffin|rye)\b"
)


def on_bread(head: FoodItem, item: FoodItem, words: list[str], counted: bool) -> bool:
    """Whether `item` is the bread `head` was served in (`words` between them); not
    when the bread is `counted` ("2 eggs on 2 slices of toast": two items)."""
    if len(words) != 1 or words[0] not in ON_IN or head.liquid or counted:
        return False
    return bool(_BREAD_RE.search(_name(item))) and not _BREAD_RE.search(_name(head))
