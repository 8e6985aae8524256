"""Step 5, composition: "X with Y" as one dish the table knows, or X and an addition.

A composed meal (a bowl, a burrito, a sandwich, a plate or a cooked breakfast, a pizza, a
tagine, a poke, a frittata: a word of COMPOSED_MEALS, or a prepared dish of the table) is one
item with what it is made of: the plain ingredients listed after it (INGREDIENTS, said
without an amount of their own) are never counted a second time (offline/contents.py).

When the table names "Y X" ("chicken burrito bowl", "oat milk latte", "chicken salad"),
"X with Y" is that dish: Y is one of its ingredients and is never counted a second time.
Otherwise the caller adds Y to X with an addition's portion (offline/meals.py).

Spanish, French and Italian name a filled dish's filling after it: "tacos de pollo", "une
crêpe au jambon", "una piadina al tonno". The dish's word before "de" is the dish, never a
measure of its filling ("2 tacos de pollo" are two tacos, not two of some chicken).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

F = TypeVar("F")

# Dishes that hold a filling named after them ("quesadilla de flor de calabaza").
FILLED = frozenset(
    """
    sandwich sandwiches bocadillo bocadillos bocata bocatas taco tacos quesadilla quesadillas
    frittata frittate burrito burritos empanada empanadas arepa arepas
    crepe crepes galette galettes piadina piadine panino panini tramezzino tramezzini toastie
    toasties wrap wraps baguette pita panzerotto panzerotti calzone calzoni
    """.split()
)
# Soups named by what they are made of, after "de", "di", "of" ("sopa de verduras", "zuppa di
# farro"): what follows is the soup's kind; what they are "with" is eaten beside them.
SOUPS = frozenset(
    "soup soups sopa sopas soupe soupes zuppa zuppe minestra potage veloute caldo brodo".split()
)
# Meals made of several foods: what is listed after one of them is what it holds.
COMPOSED_MEALS = frozenset(
    """
    bowl bowls burrito burritos sandwich sandwiches sarnie sarnies butty butties sub subs roll
    rolls wrap wraps pizza pizzas quesadilla quesadillas taco tacos tagine tajine poke
    frittata omelette omelettes omelet omelets breakfast plate platter raclette bibimbap
    burger burgers bagel bagels toastie toasties panino panini piadina tramezzino bocadillo
    bocata baguette pita kebab doner salad salads ensalada ensaladas insalata insalate
    insalatona salade salades salat salate
    """.split()
)
# Those whose sides are in them, one serving: "a bowl, rice and beans" is the bowl's rice.
HOLDING_MEALS = frozenset(
    """
    bowl bowls burrito burritos wrap wraps pizza pizzas plate platter breakfast poke tagine
    tajine frittata omelette omelet quesadilla quesadillas raclette bibimbap kebab doner
    """.split()
)
# What is served beside a meal as often as in it: "2 tacos, rice and beans" are sides.
# (Bread, toast and a salad are never in a meal but a sandwich's bread.)
SIDES = frozenset("rice beans potato potatoes couscous".split())
# Those that hold bread: their bread, butter and spread are part of them too.
BREAD_MEALS = frozenset(
    """
    sandwich sandwiches sarnie sarnies butty butties sub subs roll rolls toastie toasties
    panino panini tramezzino bocadillo bocata baguette bagel bagels burger burgers
    """.split()
)
BREAD_PARTS = frozenset(
    """
    bread toast bagel bun roll baguette pita wrap ciabatta sourdough rye butter margarine
    mayonnaise mayo spread
    """.split()
)
# What a meal is made of, by the last word of the table's (English) name of a food: meat
# (and a fry's black or white pudding), fish, egg, cheese, grains, pulses, vegetables, sauces
# and herbs. Never a snack or a sweet ("potato chips", "ice cream").
INGREDIENTS = frozenset(
    """
    chicken breast thigh beef pork turkey ham bacon rasher rashers sausage sausages chorizo
    salami pepperoni steak mince lamb veal duck prosciutto pudding tuna salmon cod fish shrimp
    prawns crab
    egg eggs cheese mozzarella cheddar provolone parmesan feta halloumi gouda emmental swiss
    brie ricotta paneer tofu rice quinoa couscous beans chickpeas lentils vegetables veggies
    lettuce tomato tomatoes onion onions pepper peppers mushroom mushrooms spinach zucchini
    courgette avocado corn cucumber potato potatoes cabbage carrot carrots olives jalapenos
    kale edamame salsa sauce guacamole guac mayonnaise ketchup mustard dressing pesto hummus aioli
    rosemary basil parsley cilantro coriander oregano herbs garlic lemon lime
    """.split()
)

# What joins a filling to its dish: "de", "di", "au", "al", "alla" and their forms.
FILLING_OF = frozenset("de del di du d al alla allo au aux".split())


def dish_of(
    by_alias: Mapping[str, F], head: Sequence[str], added: Sequence[str], *, generic: bool
) -> F | None:
    """The table's dish for "<head> with <added>": "<added> <head>" as the table names it,
    or, for a `generic` head ("a salad"), "<added> <its last word>"."""
    whole = by_alias.get(" ".join([*added, *head]))
    if whole is not None or not generic or not head:
        return whole
    return by_alias.get(" ".join([*added, head[-1]]))
