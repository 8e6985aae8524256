"""Foods beside a word nothing knows, once every rule has run.

"beef pho", "penne carbonara": a food straight before an unknown word is most likely part of a
dish the table lacks, so it is not logged and the reply names the whole. A flavour said
before a dish that keeps its figures whatever it is flavoured with is part of its name
("tonkotsu ramen"); before a dish it defines ("caprese salad") the food is not logged. A
drink is never the first word of such a dish: "chai yaar" is chai and a word of talk. A food
before "sauce" is eaten with it ("frites sauce andalouse"); one after it names the sauce
("boulets sauce lapin") and is not logged. A word that never names a dish (a stop word of the
five languages, a verb said as it goes on: "käsekuchen bei oma", "pizza tornando a casa")
starts no dish: the food before it is logged and the words after it left to the reply.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Collection

from bot.planner.offline.foods import FoodItem, longest_alias
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens
from bot.planner.offline.their_words import own_name, their_word
from bot.planner.reader.composition import FILLED
from bot.planner.reader.quantities import AMOUNT_WORDS, HOUSEHOLD_UNITS, MASS_UNITS
from bot.planner.reader.segment import CONJUNCTIONS, never_food_words

# Holders whose dish keeps its figures whatever it is flavoured with: "tonkotsu ramen".
_FLAVOURED = frozenset(
    """
    pizza pizzas sandwich sandwiches sub burger burgers taco tacos burrito burritos quesadilla
    ramen soup soups curry stew risotto noodles smoothie smoothies shake milkshake latte
    lattes yogurt yoghurt cake cakes pie muffin muffins cookie cookies omelette omelet
    pancakes waffles porridge oatmeal
    """.split()
)
# Holders that say little without the word before them: "caprese salad", "california roll".
_GENERIC = frozenset("salad salads roll rolls wrap wraps bowl bowls".split())
# A food named after "sauce" is what the sauce is made of or named for ("boulets sauce
# lapin"), never a portion of it: the sauce the table lacks is named back, nothing logged.
_SAUCE = frozenset("sauce sauces salsa sosse sose sugo".split())


def _as_stated(
    text: str, tokens: Tokens, item: FoodItem, unknown: Callable[[int], bool]
) -> FoodItem:
    """`item`, whose energy the person stated, named with the unknown words after it; not the
    table's food: the stated energy only, no macros guessed from it."""
    after = last = item.last + 1
    while last + 1 < len(tokens) and unknown(last + 1) and last - after < 3:
        last += 1
    tokens.claim(range(after, last + 1))
    words = text[tokens.items[item.first].start : tokens.items[last].end]
    named = dataclasses.replace(item, name=words[:1].upper() + words[1:], last=last)
    return dataclasses.replace(named, amount="1 serving", protein=0.0, carbs=0.0, fat=0.0)


def settle_unknown_words(
    text: str,
    tokens: Tokens,
    items: list[FoodItem],
    unknown: Callable[[int], bool],
    stated: Collection[int] = (),
) -> list[FoodItem]:
    """Foods beside a word nothing knows, once every rule has run (`unknown(i)`).

    "beef pho", "penne carbonara": a food straight before an unknown word is most likely part
    of a dish the table lacks, so it is not logged and the reply names the whole. An unknown
    word before a dish that keeps its figures whatever its flavour is part of its name
    ("Tonkotsu ramen"); before a dish it defines ("caprese salad") the food is not logged.
    An item whose energy the person stated (its first token in `stated`) is theirs whatever
    it is: the unknown words after it are part of its name ("chicken stir fry, 500 kcal").
    """
    kept: list[FoodItem] = []
    for item in items:
        after = item.last + 1
        if after < len(tokens) and unknown(after) and item.first in stated:
            kept.append(_as_stated(text, tokens, item, unknown))  # "chicken stir fry, 500 kcal"
            continue
        if after < len(tokens) and unknown(after) and _describes(tokens, item, after):
            item = _described(text, tokens, item, after)  # "2 cornetti integrali"
            after = item.last + 1
        if after < len(tokens) and unknown(after) and _participle_closing(tokens, after):
            tokens.claim(range(after, after + 1))  # "Pizza reingepfiffen", "2 Brezeln verputzt"
        elif after < len(tokens) and unknown(after) and not _eaten_beside(tokens, item, unknown):
            tokens.release(range(item.first, item.last + 1))
            continue
        before = item.first - 1
        if before < 0 or not unknown(before):
            kept.append(item)
            continue
        head = tokens.items[item.last].text
        if head in _GENERIC or tokens.items[before].text in _SAUCE:
            tokens.release(range(item.first, item.last + 1))
            continue
        counted = tokens.items[item.first].kind == "num" or (
            tokens.items[item.first].text in AMOUNT_WORDS
        )
        if counted and _eating_verb_before(tokens, before):
            tokens.claim(range(before, before + 1))  # "inhaled a burrito", "me zampé 2 donuts"
            kept.append(item)
            continue
        flavour = tokens.items[before].text not in never_food_words()  # "what about a muffin"
        if (head in _FLAVOURED or head.endswith("burger")) and not counted and flavour:
            # "tonkotsu ramen"; not "ordered a pizza": a flavour is said right before the food
            first = before
            while first > 0 and unknown(first - 1) and before - first < 2:
                first -= 1
            tokens.claim(range(first, before + 1))
            words = text[tokens.items[first].start : tokens.items[before].end]
            name = f"{words[:1].upper()}{words[1:]} {item.name[:1].lower()}{item.name[1:]}"
            item = dataclasses.replace(item, name=name, first=first)
        kept.append(item)
    return kept


# How Spanish, French and Italian adjectives end, said after the food they describe
# ("cornetti integrali", "tamales colorados", "entrecôte bordelaise", "pizza capricciosa"):
# made, coloured, from a region. Endings of dish names ("amatriciana", "carbonara") are not.
_ADJECTIVE_ENDINGS = tuple(
    """
    al ale ali ales ado ada ados adas ato ata ati ate ido ida idos idas ito ita iti ite itos
    itas uto uta uti ute oso osa osi ose osos osas ese esi eses aise aises oise oises ienne
    iennes enne ennes ico ica ici iche icos icas ique iques ivo iva ivi ive ivos ivas ante
    anti antes ente enti entes euse euses issimo issima issimi issime isimo isima isimos
    isimas
    """.split()
)
_COLOURS = frozenset(
    """
    rosso rossa rossi rosse rojo roja rojos rojas rouge rouges bianco bianca bianchi bianche
    blanco blanca blancos blancas blanc blanche blancs blanches verde verdi verdes vert verte
    verts vertes nero nera neri nere negro negra negros negras noir noire noirs noires
    """.split()
)


def _describes(tokens: Tokens, item: FoodItem, at: int) -> bool:
    """Whether the unknown word at `at`, straight after a food, is an adjective describing it
    as Spanish, French and Italian say one after the noun, agreeing with it in number
    ("cornetti integrali", "tamales colorados", "poutine moyenne"), not a dish's own name."""
    word, noun = tokens.items[at].text, tokens.items[item.last].text
    if len(word) < 5 or not (word in _COLOURS or word.endswith(_ADJECTIVE_ENDINGS)):
        return False
    if word.endswith("al") and len(word) < 7:
        return False  # "dal chawal": a word of another language, "integral", "tropical" are
    if at + 1 < len(tokens):
        follows = tokens.items[at + 1]
        if follows.kind != "punct" and follows.text not in never_food_words():
            return False  # "core power elite 42g protein shake": a name goes on
    if noun.endswith(("s", "x")) or word.endswith(("s", "x")):
        return noun.endswith(("s", "x")) and word.endswith(("s", "x"))
    if noun.endswith("i") or word.endswith("i"):
        return noun.endswith("i") and word.endswith("i")
    return True


def _described(text: str, tokens: Tokens, item: FoodItem, at: int) -> FoodItem:
    """`item` with the adjective at `at` claimed and said in its name: "Croissants (cornetti
    integrali)", "Tamales (tamales colorados)"."""
    tokens.claim(range(at, at + 1))
    said = text[tokens.items[item.first].start : tokens.items[at].end]
    words = text[tokens.items[item.last].start : tokens.items[at].end]
    adjective = text[tokens.items[at].start : tokens.items[at].end]
    base, paren, _rest = item.name.partition(" (")
    own = item.own
    if paren:
        name = f"{base} ({_rest[:-1]} {adjective})"
        own = (name, f"{own_name(item) or their_word(_rest[:-1])} {adjective}")
    elif said.lower().startswith(item.name.lower()):
        name = f"{item.name} {adjective}"
    else:
        name = f"{item.name} ({words})"
        own = (name, their_word(words))
    return dataclasses.replace(item, name=name, last=at, own=own)


def _eaten_beside(tokens: Tokens, item: FoodItem, unknown: Callable[[int], bool]) -> bool:
    """Whether the unknown words after a food are no dish it is part of: a sauce ("frites
    sauce andalouse"), the filling of a filled dish, or a word or two closing the clause
    after a drink, which is never the first word of a dish ("chai yaar", "a coffee bro")."""
    if _named_dish_said_so(tokens, item, unknown):
        return True  # "lumpia shanghai", "githeri special"
    if tokens.items[item.last + 1].text in _SAUCE or tokens.items[item.last].text in FILLED:
        return True  # a filled dish and what it is filled with: "piadina crudo e squacquerone"
    if _leads_elsewhere(tokens, item.last + 1):
        return True  # "käsekuchen bei oma", "due tranci di pizza tornando a casa"
    said = tokens.items[item.last]
    if said.kind == "num" or said.text in HOUSEHOLD_UNITS or said.text in MASS_UNITS:
        return True  # an amount said after the food ends its name: "sushi 8 pezzi misti"
    if not item.liquid:
        return False
    end = item.last + 1
    while end < len(tokens) and unknown(end) and end - item.last <= 2:
        end += 1
    return end == len(tokens) or tokens.items[end].kind == "punct"


def _named_dish_said_so(tokens: Tokens, item: FoodItem, unknown: Callable[[int], bool]) -> bool:
    """Whether the unknown words after a food are a word or two closing the clause after a
    prepared dish the table names ("lumpia shanghai", "githeri special", "arroz con pato
    norteño"): a kind or a place of that dish, which is still eaten; an ingredient before
    them ("beef pho") is part of a dish the table lacks, and so is the dish before a plural
    that was counted ("2 pot roast beeves")."""
    end = item.last + 1
    while end < len(tokens) and unknown(end) and end - item.last <= 2:
        if tokens.items[end].text in CONJUNCTIONS:
            break
        end += 1
    closing = end == len(tokens) or tokens.items[end].kind == "punct"
    if end == item.last + 1 or not (closing or tokens.items[end].text in CONJUNCTIONS):
        return False
    if tokens.items[item.first].kind == "num" and tokens.items[end - 1].text.endswith("s"):
        return False  # "2 pot roast beeves": the plural is what was counted, a food of its own
    table = food_table()
    for k in range(item.first, item.last + 1):
        found = longest_alias(tokens, k, table, free=False)
        if found is not None and k + found[1] - 1 == item.last:
            return found[0].dish
    return False


# "250 g de fromage par personne": a share of a dish said before, not a food of its own.
_SHARE = frozenset("per par pro por je each cada chacun ciascuno".split())
# How a verb said as it goes on ends: "watching", "tornando", "comiendo", "rentrant".
_GOING_ON = ("ing", "ando", "endo", "iendo", "ant")
# How a past participle of Italian or Spanish ends: how a food was made ("risotto mantecato",
# "pasta condita", "pollo rehogado"), said after it.
_MADE_SO = ("ato", "ata", "ati", "ado", "ada", "ados", "adas", "ido", "ida")


# A German verb said done, with or without a prefix: "genascht", "reingehauen", "weggeatmet",
# "verdrückt", "zerlegt".
_PARTICIPLE_RE = re.compile(
    r"(?:rein|rauf|runter|weg|auf|ab|an|aus|ein|durch|nach|vor|zu|mit|hin|her|hinein|herein"
    r"|drauf|dazu|rum|herum|nen)?ge[a-z]{3,}(?:t|en)|(?:ver|zer|be|ent)[a-z]{3,}(?:t|et|en)"
)
# What says a verb follows: "I", "just", "me" ("me zampé"), "j'ai", "mi sono", "ho", "hab".
_SUBJECT_AUX = frozenset(
    """
    i ive just me te se nos mi ti si ci sono sei siamo ho hai ha abbiamo ai as avons avez jai
    he has hemos habe hab hat ich wir
    """.split()
)


def _verb_form(word: str) -> bool:
    """A verb said as it goes on ("watching", "tornando"), an Italian or Spanish one said
    done ("mantecato", "rehogado") or a German one ("gehabt", "genascht", "reingehauen"),
    when the table has no food of that word."""
    if len(word) < 6:
        return False
    if word.endswith(_GOING_ON + _MADE_SO):
        return True
    return _PARTICIPLE_RE.fullmatch(word) is not None


def _participle_closing(tokens: Tokens, at: int) -> bool:
    """Whether the word at `at`, after a food, is a German verb said done that closes the
    clause ("ne Tüte Chips vernichtet", "Döner weggeatmet"): how the food was eaten."""
    word = tokens.items[at].text
    closes = at + 1 == len(tokens) or tokens.items[at + 1].kind == "punct"
    return closes and len(word) >= 6 and _PARTICIPLE_RE.fullmatch(word) is not None


def _eating_verb_before(tokens: Tokens, at: int) -> bool:
    """Whether the word at `at`, unknown and straight before a counted food, is the verb of
    eating it: after "I", "me", "j'ai", "mi sono", "hab" ("me zampé 2 donuts", "j'ai
    englouti une pizza"), or an English past opening the clause ("inhaled a burrito")."""
    word = tokens.items[at].text
    prev = tokens.items[at - 1] if at > 0 else None
    if prev is not None and prev.kind == "word" and prev.text in _SUBJECT_AUX:
        return True
    opens = prev is None or prev.kind == "punct"
    return opens and len(word) >= 5 and word.endswith("ed")


def _leads_elsewhere(tokens: Tokens, at: int) -> bool:
    """Whether the word at `at`, which the table does not know, turns from the food to
    something else: a verb ("tornando a casa", "ein Müsli gehabt"), or a stop word of the five
    languages leading a phrase of its own ("bei oma", "chez ma mère", "during the meeting").
    A stop word ending the phrase or before a food may name the kind of food before it
    ("that ramen place", "a pizza place sandwich")."""
    word = tokens.items[at].text
    if _verb_form(word) and word not in food_table().words:
        return True
    if word not in never_food_words() or word in _SHARE or at + 1 >= len(tokens):
        return False
    after = tokens.items[at + 1]
    food_after = tokens.used[at + 1] and after.text in food_table().words  # "pizza place sandwich"
    return after.kind == "word" and after.text not in CONJUNCTIONS and not food_after
