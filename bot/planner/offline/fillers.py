"""The words of a message that carry nothing to log: greetings, hedges, the verbs of eating,
how a food was cooked, and every language's function and meal words (reader/segment.py).

Left unread, they are never named back to the person as something that could not be placed,
and no food's plural or typo is ever read into them (offline/table.py).
"""

from __future__ import annotations

from bot.planner.reader.segment import filler_words

FILLERS = (
    frozenset(
        """
    i im ive id me my mine we a an the some of and or with w plus also too as well for to at in
    from
    on around about approx approximately roughly ca just only then but so had have has having
    ate eaten eat eating drank drink drinking drunk got grabbed ordered made cooked enjoyed finished
    was were is it its that this there breakfast brekkie lunch dinner supper snack snacks meal
    meals brunch dessert morning afternoon evening am pm oclock log logged add added track
    record please pls thanks thank you hi hello hey ok okay yes quick little bit like x
    another more extra today tonight earlier later after before
    kinda sorta kind sort lol lmao haha hehe btw fyi tbh imo omg ugh um uh oh well anyway
    af asf ngl fr rn tho though smh welp
    remembered did done popped pill pills capsule capsules tablet tablets softgel softgels
    ish oops whoops jsut umm hmm idk dunno gonna wanna yeah yep yup honestly sure ok okay
    nothing else specific few several lots lot loads plenty could can would
    big small light huge heavy late early proper massive
    yum yummy tasty delicious nom
    really pretty very super quite actually basically literally probably maybe guess think
    forgot forget forgotten weighed weigh weighing
    snacked munched nibbled scarfed wolfed devoured
    cold hot warm leftover leftovers homemade fresh
    poached scrambled fried grilled roasted roast baked boiled steamed toasted sauteed raw
    mashed sliced chopped diced spicy plain crispy creamy salted unsalted smoked side sides
    ich habe hab hatte gegessen getrunken essen trinken und mit zum zur dem den der die das
    fruhstuck fruehstueck mittag mittagessen abendessen abendbrot noch auch dazu bitte danke
    etwas bisschen war ist es gab um uhr als nach heute frueh fruh gerade eben
    yo he comi comido tome bebi bebido desayune almorce cene meriende unos unas y e con de del
    el la los las para al en mi mis desayuno almuerzo comida cena merienda tambien por favor
    gracias hola fue era poco algo hoy
    """.split()
    )
    | filler_words()
)
