"""The names the offline reader knows for supplements and medicines, and the words said
around them: the form a supplement is bought in (glycinate, marine), how many were taken,
what they come as (drops, a sachet, a shot) and the words for one's usual medicines.

Names are the stack's, in English ("ferro": Iron), a medicine by its common name whatever
brand is said ("tylenol", "tachipirina": Paracetamol), so one medicine is one item of the
stack however it is named on the day. Phrases
are written against normalised text (lower case, no accents, no apostrophes).
"""

from __future__ import annotations

SUPPLEMENTS: dict[str, str] = {
    # D3 (and D2) is what people buy and say; "vitamin d" alone stays Vitamin D.
    "Vitamin D": "vitamin d|vit d|vitamina d|vitamine d",
    "Vitamin D3": "vitamin d3|vit d3|d3|vitamina d3|vitamine d3|vitamin d 3|cholecalciferol"
    "|colecalciferol|colecalciferolo",
    "Vitamin D2": "ergocalciferol|ergocalciferolo",
    "Vitamin C": "vitamin c|vit c|vitamina c|vitamine c",
    "Vitamin B12": "vitamin b12|vit b12|b12|vitamina b12|vitamine b12",
    "Vitamin B complex": "b complex|vitamin b complex|b vitamins|b komplex|vitamin b komplex",
    "Vitamin K2": "vitamin k2|k2|vitamina k2|vitamine k2",
    "Vitamin E": "vitamin e|vitamina e|vitamine e",
    "Vitamin A": "vitamin a|vitamina a|vitamine a",
    "Multivitamin": "multivitamin|multivitamins|multi vitamin|multivitamina|multivitaminico"
    "|multivit|multivits|multi|multis|multivitamine|multivitamines|multivitaminico",
    "Magnesium": "magnesium|magnesio|mag",
    "Zinc": "zinc|zink",
    "Iron": "iron|eisen|hierro|fer|ferro",
    "Calcium": "calcium|calcio|kalzium",
    "Potassium": "potassium|kalium|potasio",
    "Omega-3": "omega 3|omega3|omega|omega 3 s|omegas",
    "Fish oil": "fish oil|fischol|fischoel|aceite de pescado|huile de poisson|olio di pesce"
    "|cod liver oil",
    # One capsule named twice ("omega 3 fish oil"), not two supplements.
    "Omega-3 fish oil": "omega 3 fish oil|omega 3 fischol|omega 3 fischoel|fish oil omega 3"
    "|fischol omega 3|aceite de pescado omega 3|omega 3 aceite de pescado"
    "|huile de poisson omega 3|olio di pesce omega 3",
    "Creatine": "creatine|kreatin|creatina",
    "Probiotic": "probiotic|probiotics|probiotikum|probiotika|probiotico|probioticos"
    "|probiotique|probiotiques|probiotici",
    "Melatonin": "melatonin|melatonina",
    "Ashwagandha": "ashwagandha",
    "Collagen": "collagen|kollagen|colageno",
    "Folic acid": "folic acid|folate|folsaure|acido folico",
    "Iodine": "iodine|jod|yodo",
    "Selenium": "selenium|selen|selenio",
    "Biotin": "biotin|biotina",
    "Turmeric": "turmeric|curcumin|kurkuma|curcuma",
    "CoQ10": "coq10|q10|coenzyme q10|coenzym q10",
    "Glucosamine": "glucosamine|glucosamin|glucosamina",
    "L-theanine": "l theanine|theanine|l-theanine",
    "Electrolytes": "electrolytes|elektrolyte|electrolitos",
    "Psyllium": "psyllium|psyllium husk|flohsamenschalen",
    "Spirulina": "spirulina",
    "Ginkgo": "ginkgo|gingko",
    "Prenatal vitamin": "prenatal|prenatals|prenatal vitamin|prenatal vitamins|prenatale"
    "|prenatales",
    # Medicines are marked taken like supplements, by their common name, whatever brand is said.
    "Paracetamol": "paracetamol|paracetamolo|acetaminophen|panadol|tylenol|tachipirina|doliprane"
    "|efferalgan|dafalgan|calpol|ben u ron",
    "Ibuprofen": "ibuprofen|ibuprofeno|ibuprofene|advil|nurofen|brufen|motrin|espidifen",
    "Aspirin": "aspirin|aspirina|aspirine",
    "Metformin": "metformin|metformina|metformine",
    "Lisinopril": "lisinopril",
    "Omeprazole": "omeprazole|omeprazol|omeprazolo|prilosec",
    "Levothyroxine": "levothyroxine|levothyroxin|levotiroxina|l thyroxin|l thyroxine"
    "|thyroxin|thyroxine|euthyrox|eutirox|levothyrox|synthroid",
    # Weekly GLP-1 injections and insulin, by the drug whatever the pen's brand.
    "Semaglutide": "semaglutide|semaglutid|semaglutida|ozempic|wegovy|rybelsus",
    "Tirzepatide": "tirzepatide|tirzepatid|tirzepatida|mounjaro|zepbound",
    "Liraglutide": "liraglutide|liraglutid|liraglutida|saxenda|victoza",
    "Insulin": "insulin|insuline|insulina|lantus|levemir|tresiba|toujeo|novorapid|humalog"
    "|humulin|novolog|fiasp|apidra|abasaglar|basaglar",
    "Antihistamine": "cetirizine|cetirizin|cetirizina|loratadine|loratadin|loratadina|zyrtec"
    "|claritin",
}

# Named as often for living on them as for a dose ("since I'm on ozempic", "insulin
# resistance"): marked taken only where the clause says the dose was given.
INJECTED = frozenset({"Semaglutide", "Tirzepatide", "Liraglutide", "Insulin"})
# Words that say a dose was taken or given: "took", "my ozempic shot", "me puse", "gesetzt".
# The dose and the pen ("up to 1 mg", "new pen") are the treatment's, said any day; a shot or
# a jab is one beside the name ("my ozempic shot"), elsewhere as often a drink's.
GIVEN = frozenset(
    "took taken popped done did genommen eingenommen gesetzt gespritzt tome tomado"
    " tomada puse puesto puesta pris prise fait faite preso presa fatto fatta injected inject"
    " injection injections spritze spritzen piqure piqures iniezione"
    " iniezioni inyeccion inyecciones pinchazo puntura".split()
)

# The chemical form said after a mineral ("magnesium glycinate", "fer bisglycinate",
# "citrato de magnesio" is not read): kept in the name, in English, after it.
FORMS_AFTER: dict[str, str] = {
    "bisglycinate": "bisglycinate|bisglycinat|bisglicinato|bis glycinate",
    "glycinate": "glycinate|glycinat|glicinato|glycinat",
    "citrate": "citrate|citrat|citrato",
    "malate": "malate|malat|malato",
    "oxide": "oxide|oxid|oxido|ossido|oxyde",
    "threonate": "threonate|l threonate|threonat|treonato",
    "taurate": "taurate|taurat|taurato",
    "picolinate": "picolinate|picolinat|picolinato",
    "gluconate": "gluconate|gluconat|gluconato",
    "carbonate": "carbonate|carbonat|carbonato",
    "fumarate": "fumarate|fumarat|fumarato",
    "sulfate": "sulfate|sulphate|sulfat|sulfato|solfato",
    "orotate": "orotate|orotat|orotato",
    # where it comes from, said after it in French, Spanish and Italian
    "marine": "marin|marine|marino|marina",
    "liposomal": "liposomal|liposomale|liposomiale|liposomiale",
}
# What English and German say before the name: "marine collagen", "liposomal vitamin c".
FORMS_BEFORE: dict[str, str] = {
    "marine": "marine|meeres",
    "liposomal": "liposomal|liposomales|liposomale",
}
# Forms that go before the name in English ("Marine magnesium"); the others follow it.
KINDS = frozenset({"marine", "liposomal"})

# What a supplement or medicine comes as, read anywhere in its clause: "vitamina b12
# sublingual", "Brausetablette", "un integratore di ferro".
AS_IN_CLAUSE = (
    "capsules?|softgels?|gummy|gummies|drops|tropfen|gouttes?|gocce|goccia|gotas?|sachets?"
    "|bustin[ae]|brausetabletten?|brausetablette|kapseln?|tabletten?|tablets?|pills?"
    "|pastillas?|pastiglie|pastiglia|comprimes?|compress[ae]|capsul[ae]|capsulas?|gelules?"
    "|effervescent|effervescente?s?|efervescentes?|chewables?|kautabletten?|masticables?"
    "|masticabili|sublingual|sublinguale?s?|integratore|integratori|supplements?"
    "|suplementos?|complements?|complementos?|nahrungserganzung|nahrungserganzungsmittel"
    # given oneself: "me puse el ozempic", "Spritze gesetzt", "did my mounjaro jab"
    "|did|puse|puesto|puesta|gesetzt|gespritzt|injected|fatto|fatta|fait|faite"
)
# Words that are as often a food's ("a shot of espresso", "protein powder"): read only right
# before or after the name ("my ozempic shot", "Electrolytes packet", "piqure d ozempic").
AS_BESIDE = (
    "caps?|gel caps?|packets?|sticks?|sobres?|tabs?|sprays?|liquid|liquide|flussig|liquido"
    "|powder|pulver|polvo|poudre|polvere|scoops?|dose|dosis|dosi|shots?|jabs?|injections?"
    "|inject|pens?|spritzen?|piqures?|iniezion[ei]|inyecciones?|inyeccion|pinchazo|puntura"
)
PACKAGES = f"{AS_IN_CLAUSE}|{AS_BESIDE}"
# Between what it comes as and its name: "capsule of fish oil", "integratore di ferro".
LINKS = "of|de|di|d|du|des|del|della|dello|von"
# How many were taken, said before the name: "took 2 tylenol", "zwei ibuprofen". The count is
# read and not kept: a mark is a state of the day, not a count, and the stack's name stays one.
COUNT_WORDS = (
    r"[1-9]|a|an|one|two|three|a couple of|ein|eine|einen|zwei|drei|un|una|une|uno|dos|tres"
    r"|deux|trois|due|tre"
)
# One's usual medicines, unnamed: "took my meds", "meine Tabletten genommen", "presa la
# pillola". The pill said alone is the person's pill; any other word, their medication.
GENERIC: dict[str, str] = {
    "Pill": "pill|pille|pilule|pillola|pildora",
    "Medication": "meds|medication|medications|medicine|medicines|pills|tablets|medikamente"
    "|medizin|tabletten|pillen|medicaments|medicament|pilules|cachets|medicamentos"
    "|medicamento|medicinas|medicina|pastillas|pildoras|farmaci|pillole|pastiglie|compresse"
    "|comprimes"
    "|medicinali",
}
