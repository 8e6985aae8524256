"""Where a person's own figure comes from: "app says 640", "their calculator said 785",
"d'après l'appli", "laut App", "según la app", "secondo l'app".

The words are read as the figure's source and nothing else, so the number beside them stays
the food's and no word of them becomes a food ("appli" is no apple).
"""

from __future__ import annotations

from bot.planner.offline.text import NUM, Tokens, rx

# What a figure is read from, in the five languages.
_THINGS = (
    "app|apps|appli|application|calculator|calc|tracker|label|website|site|menu|myfitnesspal"
    "|mfp|packet|package|pack|box|bag|tub|wrapper|etikett|packung|verpackung|tute|etiquette"
    "|paquet|emballage|sachet|bolsa|envoltorio|busta|sacchetto"
    "|etiqueta|paquete|envase|etichetta|confezione|pacchetto"
    # the canteen's or the café's notice: "laut Aushang", "según la pizarra", "per the board"
    "|aushang|speisekarte|tafel|board|sign|pizarra|cartel|ardoise|affiche|lavagna|cartello"
)
# and what a recipe's figures are read from: "the recipe app says 430 cal", "laut Rezept-App",
# "según la app de recetas", "l'appli de recettes dit", "secondo l'app di ricette"
_THINGS = (
    rf"(?:(?:recipe|rezept|receta|recette|ricetta) )?(?:{_THINGS})"
    r"(?: (?:de|di|per) (?:recetas|recettes|ricette))?"
)
_WHOSE = r"(?:(?:the|their|my|its|his|her|die|der|das|la|le|l|el|lo|il|mi|ma|mon|meine) )?"
_ENERGY_UNITS = "kcal|kcals|cal|cals|calories|calorie|kalorien|calorias|kj"
# What a package says, without naming the package: "pone 150 kcal", "it says 180 cal",
# "c'est écrit 110 kcal", "da steht 120 kcal". Read only right before a number.
_SAYS = (
    r"says|said|shows|reads|pone|dice|dicen|marca|sagt|steht|stand|zeigt|indique|affiche"
    r"|c est ecrit|cest ecrit|est ecrit|il est ecrit|c est marque|cest marque|est marque"
    r"|c e scritto|ce scritto|e scritto|riporta"
)
SOURCE_RE = rx(
    rf"(?:according to |per |as per |says |said )?{_WHOSE}(?:{_THINGS})"
    r"(?: (?:says|said|say|shows|showed|reckons|claims|gives|gave|puts it at|has it at|sagt"
    r"|zeigt|dice|dit|indique|affiche|marca|pone))"
    rf"|(?:according to|as per|d apres|dapres|selon|laut|segun|secondo|stando a|per) {_WHOSE}"
    rf"(?:{_THINGS})"
    # after the figure: "180 kcal dall'etichetta", "120 kcal auf der Packung", "from the label"
    rf"|(?:from|on|off|da|dalla|dall|sulla|sull|sur|auf|von|vom|de|del|en) {_WHOSE}"
    rf"(?:{_THINGS})"
    rf"|(?:(?:it|that|da|ahi|ca|qui) )?(?:{_SAYS})(?= {NUM} ?(?:{_ENERGY_UNITS})(?!\S))"
)


def claim_sources(tokens: Tokens) -> None:
    """Claim the words naming where a figure was read."""
    for _match, span in tokens.matches(SOURCE_RE):
        tokens.claim(span)


def source_words(tokens: Tokens) -> set[int]:
    """The tokens that name where a figure comes from ("the recipe app says"): a recipe
    named there is where the figure was read, not a recipe to save."""
    return {i for _match, span in tokens.matches(SOURCE_RE) for i in span}
