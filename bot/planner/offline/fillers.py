"""The words of a message that carry nothing to log: greetings, hedges, the verbs of eating,
how a food was cooked, and every language's function and meal words (reader/segment.py);
and the phrases that say when, where, with whom or how long ("at 8", "after the gym", "with
my wife", "all day").

Left unread, they are never named back to the person as something that could not be placed,
and no food's plural or typo is ever read into them (offline/table.py).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.planner.offline.text import Tokens, rx
from bot.planner.reader.quantities import APPROXIMATELY, HOUSEHOLD_UNITS, MASS_UNITS
from bot.planner.reader.segment import filler_words

# A food said as left over is that food, eaten now: "pizza avanzata", "el curry recalentado".
LEFTOVERS = frozenset(
    "leftover leftovers rest reste resten restes resto resti avanzi avanzo avanzata avanzato"
    " avanzate avanzati sobras sobra sobrante sobrantes reheated recalentado recalentada"
    " aufgewarmt aufgewaermt rechauffe rechauffee riscaldato riscaldata".split()
)

FILLERS = (
    frozenset(
        """
    i im ive id me my mine we a an the some of and or with w plus also too as well for to at in
    from
    on around about approx approximately roughly ca just only then but so had have has having
    ate eaten eat eating drank drink drinking drunk got grabbed ordered made cooked enjoyed finished
    was were is it its that this there breakfast brekkie bfast lunch dinner supper snack snacks meal
    logging bc cuz cos coz because journee giornata already schon bereits deja gia
    meals brunch dessert morning afternoon evening am pm oclock log logged add added track
    record checkin please pls thanks thank you hi hello hey ok okay yes quick little bit like x
    another more extra today tonight earlier later after before again wieder nochmal ancora
    kinda sorta kind sort lol lmao haha hehe btw fyi tbh imo omg ugh um uh oh well anyway
    jaja jajaja jeje jejeje xd mdr ptdr ahah ahahah ahaha hihi eh ehm
    af asf ngl fr rn tho though smh welp instead stattdessen invece
    nur juste seulement solo soltanto solamente
    bonjour bonsoir salut coucou buongiorno buonasera salve servus moin hallo merci grazie
    yaar arre bhai acha achha accha allora boh insomma basta cioe dai vabbe quindi ecco preso
    presa pues pe bueno vale guey wey che bah ben bref genre quoi voila coup naja na halt ja doch
    eben
    remembered did done popped pill pills capsule capsules tablet tablets softgel softgels
    ish oops whoops jsut umm hmm idk dunno gonna wanna yeah yep yup honestly sure ok okay
    nothing else specific few several lots lot loads plenty could can would yet
    big small light huge heavy late early proper massive
    yum yummy tasty delicious nom
    really pretty very super quite actually basically literally probably maybe guess think
    forgot forget forgotten weighed weigh weighing gewogen abgewogen pesato pesata pesados
    snacked munched nibbled scarfed wolfed devoured
    inhaled demolished destroyed housed hoovered gobbled guzzled chugged downed necked scoffed
    polished chomped gulped noshed annihilated obliterated murdered
    vernichtet verdruckt verdrueckt verputzt reingehauen reingezogen reingestopft reingepfiffen
    gefuttert gemampft weggeatmet weggeputzt weggehauen verschlungen gefressen genascht
    verspeist vertilgt gesnackt geschlemmt gegonnt gegoennt gehabt
    zampe zampado zampaste trague tragado engulli engullido devore devorado jale jalado
    englouti engloutie engloutis avale avalee bouffe boulotte grignote deguste savoure
    sbafato sbafata sbafati spazzolato spazzolata divorato divorata trangugiato ingurgitato
    pappato pappata sgranocchiato mangiucchiato gustato
    standing stehend schnell rasch eilig hastig vite rapido rapida veloce velocemente
    cold hot warm leftover leftovers homemade fresh
    poached scrambled fried grilled roasted roast baked boiled steamed toasted sauteed raw
    mashed sliced chopped diced spicy plain crispy creamy salted unsalted smoked side sides
    estrellado estrellados estrellada hervido horneado guisado empanizado gratinado bollito
    grigliato lesso gratinato poele gebraten gegrillt paniert gedunstet gebacken pochiert gekocht
    ich habe hab hatte gegessen getrunken essen trinken und mit zum zur dem den der die das
    fruhstuck fruehstueck mittag mittagessen abendessen abendbrot noch auch dazu bitte danke
    etwas bisschen war ist es gab um uhr als nach heute frueh fruh gerade eben
    yo he comi comido tome bebi bebido desayune almorce cene meriende unos unas y e con de del
    el la los las para al en mi mis desayuno almuerzo comida cena merienda tambien por favor
    gracias hola fue era poco algo hoy
    desayunado almorzado cenado merendado pranzato cenato gefruhstuckt gefruehstueckt
    preparato preparata preparati preparate cucinato cucinata cucinati cucinate
    """.split()
    )
    | filler_words()
    | LEFTOVERS  # "pizza avanzata", "el curry recalentado": what the food is, eaten now
    | {phrase for phrase in APPROXIMATELY if " " not in phrase}
)

# An hour of the clock as a word: "at half one", "um halb zwei", "a la una y media", "alle due
# e mezza", "à deux heures et demie" ("all'una", "l'una" are one word each).
_HOUR_WORD = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|eins|zwei|drei|vier|funf|fuenf|sechs|sieben|acht|neun|zehn|elf|zwolf|zwoelf"
    r"|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce"
    r"|alluna|luna|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici"
    r"|une|deux|trois|quatre|cinq|sept|huit|neuf|dix|onze|douze"
)
_CLOCK = rf"(?:\d{{1,2}}|{_HOUR_WORD})"
_MASS = "|".join(sorted(MASS_UNITS, key=len, reverse=True))
# Past the hour, as the Romance languages say it: "e mezza", "y cuarto", "et demie", "h30".
_PAST_HOUR = (
    r"(?: h [0-5]\d|(?: h| heures?)?(?: e mezza| e mezzo| e un quarto| e tre quarti| y media"
    r"| y cuarto| menos cuarto| et demie| et demi| et quart| moins le quart| moins quart))"
)
TIME_RE = rx(
    # the half or quarter hour, never one and a half of the food said next: "all'1 e mezza
    # kebab", "a las 2 y media churros", "à 2h30 une crêpe", "à une heure et demie"
    rf"(?:a las|a la|alle|all|verso le|verso l|verso|dalle|hacia las|hacia la|sobre las"
    rf"|sobre la|vers|a) {_CLOCK}{_PAST_HOUR}|(?:a la|verso) (?:una|luna)|alluna"
    # "at half 1", "um halb zwei", "um Viertel nach 2", "at quarter to 3"
    rf"|(?:at|around|about|by|till|until|um|gegen|so um|ab|bis) (?:half past|half|quarter"
    rf" past|quarter to|a quarter past|a quarter to|halb|viertel nach|viertel vor"
    rf"|dreiviertel|drei viertel) {_CLOCK}"
    # "at 2.30", "alle 13.30", "um 12.15 Uhr": the minutes after a point
    r"|(?:at|um|gegen|alle|a las|a la|vers|a|by|till|until) \d{1,2}\.[0-5]\d"
    r"(?: ?(?:am|pm|uhr|h))?|\d{1,2}\.[0-5]\d ?(?:am|pm|uhr|h)"
    # "12:30", never "3: 10oz" where the number after the colon is an amount
    rf"|(?:at |um |a las |around |gegen )?\d{{1,2}}(?: : \d{{2}}(?! (?:{_MASS})(?!\S))"
    r"(?: ?(?:am|pm|uhr|h))?| ?(?:am|pm|uhr))"
    r"|(?:a|vers|um|gegen|alle|verso) \d{1,2} h"  # "à 16h", "um 12h": an hour, never grams
    # a meal of the day by its number, as a heading: "meal 3: 10oz chicken", "Mahlzeit 2:"
    r"|(?:meal|snack|mahlzeit|comida|repas|collation|pasto|spuntino|merienda)"
    r" (?:nr |no |n )?\d{1,2}(?= :)"
)
# When or where it was eaten: read, never a date or an amount ("around 4", "after the gym").
_HOUR = r"(?:[1-9]|1[0-9]|2[0-3])"
_PLACES = "|".join(
    sorted(
        (
            "cafe|cafes|coffee shop|office|work|home|restaurant|diner|pub|bar|party|canteen"
            "|cafeteria|mall|airport|station|school|uni|university|cinema|movies|beach|park"
            "|friends|friends place|friends house|moms|mums|parents|grandmas|in laws|hotel|train"
            "|plane|car|desk|bakery|market|food court|food truck|buffet|wedding|bbq|barbecue"
            "|starbucks|mcdonalds|mcds|maccas|kfc|pret|costa|chipotle|nandos|subway|burger king"
            "|wendys|dominos|taco bell|five guys|greggs|tim hortons|dunkin|dunkin donuts"
            "|chippy|chip shop|takeaway|take away|takeout|drive thru|drive through|deli|shop"
            "|corner shop|supermarket|store|kebab shop|chinese|indian|thai|local|canteen"
            "|footy|footie|stadium|game|van|chipper|bakers|servo|petrol station|gas station"
            "|garage|vending machine|machine|centra|spar|tesco|lidl|aldi|wawa|sheetz|costco"
            "|kitchen|counter|couch|sofa|sink|fridge|freezer|break room|breakroom|staff room"
            "|kibanda|hawker|hawker centre|hawker center|food hall|stall|dhaba|canteen|dairy"
        ).split("|"),
        key=len,
        reverse=True,
    )
)
# Where, in the other languages: "al bar", "in der Kantine", "au bureau", "en la oficina";
# and where from: "dal bar", "vom Imbiss".
_AT_PLACE = (
    r"(?:al|alla|allo|dal|dalla|dallo|in|nel|nella|im|in der|in die|bei|beim|vom|auf der|an der"
    r"|au|a la|a l|du|del|de la|de l|aus der|aus dem|desde"
    r"|dans le|dans la|en|en el|en la|a|sur|zu|chez)"
)
_OTHER_PLACES = (
    "bar|kantine|mensa|bureau|oficina|trabajo|travail|boulot|lavoro|ufficio|cantine"
    "|cafeteria|restaurant|ristorante|restaurante|trattoria|pizzeria|casa|maison|hause"
    "|arbeit|schule|scuola|escuela|ecole|uni|universita|universidad|universite|bistro"
    "|bistrot|kneipe|imbiss|backerei|panaderia|boulangerie|panetteria|hotel|mercado|markt"
    "|marche|mercato|plage|playa|spiaggia|strand|moi|mir|friends|amis|amigos|amici|freunden"
    # a shop or a stand: "du camion", "vom Bäcker", "de la friterie", "dal chiosco"
    "|camion|food truck|truck|backer|baecker|metzger|metzgerei|konditorei|resto|friterie"
    "|fritkot|boucherie|kiosk|kiosko|kiosque|chiosco|chiringuito|rosticceria|friggitoria"
    "|taqueria|comedor|cantina|puesto|boulanger|brasserie|paninoteca|gelateria|pasticceria"
    "|pasteleria|heladeria|churreria|traiteur|epicerie|supermarche|supermercado|supermercato"
    "|supermarkt|tankstelle|gare|bahnhof|estacion|stazione|automat|distributeur|distributore"
    # a stand, an inn, a fair or a pitch: "an der Bude", "im Biergarten", "en la cancha"
    "|bude|imbissbude|gasthaus|wirtshaus|biergarten|brauhaus|beizli|hutte|huette|huttn|alm"
    "|kirmes|wiesn|volksfest|cancha|estadio|feria|plaza|terraza|curro|chamba|pega|terrasse"
    "|casse croute|cabane|kermesse|fete foraine|bacaro|osteria|sagra|fiera|stadio|mensa"
    "|schicht|spatschicht|fruhschicht|nachtschicht|nachtdienst|spaetschicht|fruehschicht"
)
# An event or a place before or after which it was had: "nach der Arbeit", "après la
# soirée", "dopo la disco", "después del partido", "vuelta de fiesta".
_EVENTS = (
    "arbeit|schule|uni|training|party|feier|disco|schicht|nachtschicht|soiree|fete|boite|match"
    "|concert|konzert|concierto|concerto|partita|partido|fiesta|festa|clase|cours|lezione"
    "|trabajo|lavoro|travail|boulot|taf|palestra|salle|gimnasio|turno|discoteca|serata|juerga"
)
_AROUND_EVENT = (
    r"(?:nach der|nach dem|nach|vor der|vor dem|despues del|despues de la|despues de|antes del"
    r"|antes de la|antes de|apres la|apres le|apres l|avant la|avant le|dopo la|dopo il|dopo lo"
    r"|dopo l|dopo|prima della|prima del|vuelta de|de vuelta de|de vuelta del|en sortant de"
    rf"|en sortant du|al ritorno dalla|al ritorno dal) (?:{_EVENTS})"
    r"|(?:after|before) (?:the |a |my |our )?(?:concert|party|show|movie|film|shift|meeting|gig"
    r"|lecture|exam|pub|club|night out|school run|match|game|service|mass|festival)"
    # watching something: "watching the match", "beim Serienschauen", "devant la télé"
    r"|watching (?:the |a |some )?(?:match|game|telly|tv|movie|film|footy|football|netflix"
    r"|series|show)|beim (?:fernsehen|serienschauen|zocken|zoggen|lernen)|viendo (?:el |la |una"
    r" )?(?:partido|tele|serie|pelicula|futbol)|devant (?:la tele|le match|un film|netflix|la"
    r" serie)|guardando (?:la partita|la tv|la tele|un film|la serie)"
)
# The aperitif as the occasion: "all'aperitivo", "à l'apéro", "en el aperitivo".
_APERITIF = (
    r"(?:a l|a|al|all|en el|en|in|per l|per|pour l|pour|durante l|durante el|zum|beim|at|for)"
    r" (?:apero|aperitivo|aperitif|apericena|aperitivos)"
)
# When in the day, as the regions say it: "a media mañana", "al mediodía", "zu Mittag",
# "nachmittags", "in the arvo", "zmorge".
_PART_OF_DAY = (
    r"(?:al|a|a la|en la|por la|de la) (?:mediodia|manana|tarde|noche|media manana|media tarde)"
    r"|a media (?:manana|tarde)|zu mittag|zu abend|zum mittag|nachmittags|vormittags|abends"
    r"|morgens|zmorge|znacht|zmittag|zvieri|elevenses|(?:this |in the |yesterday )?arvo"
    r"|noonish|en fin de matinee|en fin dapres midi|a meta mattina|a meta pomeriggio"
)
# Where, said alone as the heading of what was had there: "Kantine: Spaghetti", "mensa, pasta
# al pomodoro" (no word here is also a food).
_BARE_PLACES = "kantine|mensa|cantine|canteen|comedor|cafeteria|kibanda|betriebskantine"
# Near where the person is: "al bar sotto casa", "torta de la esquina", "au resto du coin".
_NEARBY = (
    r"sotto casa|sotto lufficio|sotto ufficio|vicino casa|vicino allufficio|dietro langolo"
    r"|downstairs|upstairs|next door|around the corner|round the corner|across the street"
    r"|down the road|down the street|near work|near home|near the office|near the station"
    r"|de la esquina|de la vuelta|du coin|du quartier|den bas|d en bas|um die ecke|nebenan"
    r"|gegenuber|gegenueber|bei uns|unten"
)
# How it was eaten, in haste or on foot: "al volo", "sur le pouce", "de pie" (unless a slice of
# the English pie), "im Stehen", "in a hurry".
_MANNER = (
    r"al volo|in fretta|in piedi|in fretta e furia|en vitesse|sur le pouce|debout"
    r"|a la va vite|vite fait|(?<!slice )(?<!piece )(?<!trozo )(?<!porcion )de pie|a la carrera"
    r"|de prisa|deprisa|corriendo|al paso|im stehen|im gehen|im laufen|auf die schnelle"
    r"|zwischendurch|in a hurry|in a rush|on the run|on the fly|standing up|on my feet"
)
# How much it was enjoyed, or owned up to: "no regrets", "mega lecker", "buenísimos", "trop
# bon", "che buona", "don't judge me".
_ENJOYED = (
    r"no regrets|zero regrets|dont judge(?: me)?|worth it|so worth it|(?:so|soo|sooo|really"
    r"|very) good|(?:mega|sehr|echt|voll|richtig|so|total) lecker|lecker|kostlich"
    r"|buenisim[oa]s?|riquisim[oa]s?|que ric[oa]|delicios[oa]s?|trop bonn?e?|delicieux"
    r"|delicieuse|un delice|miam|che buon[oa]|buonissim[oa]|squisit[oa]|una bonta|una delizia"
    r"|gnam|sans regret|sin arrepentimiento|ohne reue"
    # how full it left the person: "absolutely stuffed", "pappsatt", "no puedo ni moverme"
    r"|(?:absolutely|so|totally|completely|im|proper) stuffed|so full|im so full|pappsatt"
    r"|kugelrund|(?:so|mega|total|bin) voll"
    r"|no puedo ni moverme|no puedo mas|reventad[oa]|llenisim[oa]|je suis plein|je suis pleine"
    r"|repu|repue|sto scoppiando|pienissim[oa]|beaucoup trop|viel zu viel|way too much"
)
# A meal said light ("cena ligera", "pranzo leggero", "dîner léger", "leichtes Abendessen"):
# how the meal was, never a light version of the food said next ("cerveza ligera" is a beer).
_MEALS = "cena comida almuerzo desayuno merienda pranzo colazione pasto diner dejeuner repas"
_LIGHT_MEAL = (
    "(?:"
    + "|".join(f"(?<={meal} )" for meal in _MEALS.split())
    + r")(?:ligera|ligero|liviana|liviano|leggera|leggero|legere|leger)"
    r"|(?:leichtes|leichter|leichte)(?= (?:abendessen|mittagessen|fruhstuck|essen|mahlzeit))"
)
# The course, said after the food: "de postre", "als Nachtisch", "en dessert", "per dolce",
# "as a starter", "en entrée" (a starter in France and Quebec, a main course in the US: a
# course either way, never a food).
_DESSERT = (
    r"(?:for|as|zum|zur|als|de|del|como|en|pour le|pour|au|per|come|di|a)(?: a| an)? "
    r"(?:dessert|nachtisch|nachspeise|postre|dolce|dolcetto|starter|appetizer|appetiser"
    r"|entree|entrees|vorspeise|entrante|antipasto)"
)
# Chains named for a food: where, when said as a place ("went to burger king", "the only
# thing open was taco bell") or before a count ("taco bell 3 crunchy tacos"), unless a food
# of theirs follows ("taco bell crunchy taco").
_FOOD_CHAINS = (
    "taco bell|burger king|pizza hut|dunkin donuts|pizza express|panda express|dairy queen"
    "|papa johns|waffle house|olive garden|cheesecake factory|steak n shake|krispy kreme"
    "|pollo campero|pollo tropical|telepizza|chick fil a|chickfila"
)
# Who it was eaten with or at: "with my wife", "mit den Kindern", "bei Oma", "con mis
# amigos", "avec les collègues", "dalla nonna". No word here is also a food ("Kinder" is a
# chocolate, "papas" potatoes, "mate" a drink).
PEOPLE = (
    "wife|husband|partner|boyfriend|girlfriend|bf|gf|friend|friends|family|kids|children|son"
    "|daughter|mom|mum|dad|parents|sister|brother|colleagues|coworkers|coworker|boss|team"
    "|roommate|roommates|grandma|grandpa|fiance|fiancee"
    "|frau|mann|freundin|freund|freunde|freunden|familie|kindern|mama|eltern|oma|opa"
    "|schwester|bruder|kollegen|kolleginnen|esposa|esposo|mujer|marido|novia|novio|amigos"
    "|amigo|amiga|amigas|familia|hijos|hija|hijo|padres|abuela|abuelo|hermana|hermano"
    "|companeros|femme|mari|copine|copines|copain|copains|amis|amie|amies|famille|enfants|maman|collegues"
    "|soeur|frere|moglie|marito|ragazza|ragazzo|amici|amiche|amica|amico|famiglia|figli"
    "|mamma|genitori|nonna|nonni|nonno|colleghi|sorella|fratello"
)
# Kin and neighbours, whose place or cooking a food comes from ("en casa de mi suegra", "bei
# der Nachbarin"): read beside a food, never taken for someone else eating it.
_KIN = (
    "mother|father|in laws|mother in law|father in law|mutter|vater|schwiegermutter"
    "|schwiegervater|schwiegereltern|madre|padre|suegra|suegro|suegros|tia|tio"
    "|mere|pere|belle mere|beau pere|beaux parents|tante|oncle|suocera|suocero|suoceri|zia|zio"
    "|aunt|auntie|aunty|uncle|cousin|granny|neighbour|neighbor|nachbarin|nachbar"
    "|vecina|vecino|voisine|voisin|vicina|vicino"
)
_WITH_WHOM = (
    r"(?:with|w|mit|con|avec|bei|dalla|dal|da)(?: (?:my|our|the|his|her|their|some|meiner"
    r"|meinem|meinen|meine|der|dem|den|unseren|unserer|mi|mis|su|sus|nuestros|la|el|los|las"
    r"|les|ma|mon|mes|nos|notre|des"
    r"|mia|mio|miei|mie|i|gli|le|il|lo))?(?: (?:little|best|kleinen|besten|mejor|mejores"
    rf"|meilleur|meilleure|migliore|migliori))? (?:{PEOPLE}|{_KIN})"
    # whose it was: "en casa de mi suegra", "le gâteau de ma tante", "della nonna"
    r"|(?:de|di|von|vom) (?:mi|mis|tu|su|mon|ma|mes|mia|mio|miei|mie|meiner|meinem|meinen"
    rf"|meine|la mia|il mio|my|la|el|los|las)(?: (?:propia|propio))? (?:{PEOPLE}|{_KIN})"
    rf"|(?:della|dalla|del|dello|dei|delle) (?:{PEOPLE}|{_KIN})"
    # a dad, written without its accent as the potatoes are: "con mis papás", "da papà"
    r"|(?:con|with) (?:mi|mis|tu|tus|su|sus|nuestros) (?:papa|papas|papi)"
    r"|(?:da|dal|col|dallo) (?:mio |tuo |il )?(?:papa|papi)"
)
# A unit after "about 6" makes it an amount ("about 6 oz"), not a time.
_UNITS = "|".join(sorted({*MASS_UNITS, *HOUSEHOLD_UNITS}, key=len, reverse=True))
WHEN_WHERE_RE = rx(
    rf"(?P<hour>(?:at|around|about|by|before|after|till|until|ca|circa|gegen|um) {_HOUR}"
    rf"(?: ish)?)(?= [^0-9]|$)(?! (?:{_UNITS}|kgs|kcal|cal|cals|am|pm|x)(?!\S))"
    r"|(?:at |around |about |for |by |after |before )?(?:lunchtime|lunch time|dinnertime"
    r"|dinner time|teatime|tea time|noon|midday|mid day|midnight|bedtime|bed time)"
    r"|(?:before|after) (?:bed|sleep|sleeping|work|school|class|church|practice|training"
    r"|the gym|gym|my run|the run|my workout|the workout|a workout|workout|my walk|the walk"
    r"|a run|a walk|my swim|yoga|pilates|the match|the game)"
    # before going to sleep, fasting: "magnesio prima di dormire", "colageno en ayunas"
    r"|(?:antes de|avant de|prima di|vor dem|vorm) (?:dormir|acostarme|me coucher|dormire"
    r"|andare a letto|schlafen|schlafengehen|zubettgehen)|au coucher|al acostarme"
    r"|on an empty stomach|en ayunas|a jeun|a digiuno|nuchtern|auf nuchternen magen"
    r"|(?:post|pre) (?:workout|gym|run|training|dinner|lunch)|post workout|pre workout"
    r"|mid (?:morning|afternoon|evening)|first thing(?: in the morning)?"
    r"|in the (?:morning|afternoon|evening|night)|at night|late night|late at night"
    r"|on the (?:way|go|road|train|bus|plane|ferry|boat|tram|subway|metro|tube)(?: (?:home"
    r"|to work|to school|back))?|on (?:nights|night shift|nightshift|shift|my shift|lates|earlies)"
    rf"|(?:at|from|in|fae) (?:the |a |my |our |his |her |their |a friends |my friends )?"
    rf"(?:{_PLACES})"
    # a stand or a van named for what it sells: "from the taco truck", "at the crepe stand",
    # "from the pizza place", "at that late night ramen spot"; a chain named for a food
    r"|(?:at|from|to) (?:the |a |that |this |our |my |some )?(?:[a-z]+ ){1,3}(?:truck|van"
    r"|stand|cart|stall|place|spot|joint|parlour|parlor|shack|hut|game|match|fair|festival"
    r"|fry|cookout|potluck|market)"
    rf"|(?:at|from|fae|to) (?:the |a )?(?:{_FOOD_CHAINS})|{_NEARBY}"
    # "pas de dessert", "nada de postre": a dessert not had, read with its negation
    rf"|{_AT_PLACE} (?:{_OTHER_PLACES})|(?<!pas )(?<!nada )(?<!sans )(?<!sin ){_DESSERT}"
    # A café as where, only after a word of place: "au café", "im Café" ("un café" is a drink)
    r"|(?:au|al|im|in the|at the|at a|in a|in einem|dans un) (?:cafe|caffe|cafeteria)"
    r"|chez (?:(?:la|le|les|l|mon|ma|mes) )?[a-z]+"  # "chez la banquise": a shop, never a food
    rf"|{_WITH_WHOM}|{_MANNER}|(?:{_BARE_PLACES})|{_ENJOYED}|{_LIGHT_MEAL}|{_AROUND_EVENT}|{_PART_OF_DAY}"
    rf"|{_APERITIF}"
    rf"|(?:to|was|is|were) (?:the )?(?P<chain>{_FOOD_CHAINS})"
    # a chain before a count of another food: "chick fil a 8 count nuggets"
    rf"|(?:{_FOOD_CHAINS})(?= \d)"
    # How it was cooked, in several words: read beside the food, never a food of its own
    r"|(?P<cooked>over (?:easy|medium|hard|well)|sunny side up|sunny side|soft boiled"
    r"|hard boiled|medium rare|well done|al dente|a la plancha|a la parrilla|al vapor"
    r"|alla griglia|al vapore|au four|a la vapeur|bien cuit|a point|vuelta y vuelta)"
)


def claim_when_where(tokens: Tokens, starts_food: Callable[[int], bool]) -> None:
    """Claim when and where something was eaten, and how it was cooked; "about 6" before a
    food ("about 6 eggs") is how many, left to the foods, and a chain before its own food
    ("was taco bell crunchy tacos") names the food."""
    for match, span in tokens.matches(WHEN_WHERE_RE):
        if match.group("cooked") and starts_food(span.start):
            continue  # "hard boiled egg" is a food of the table's
        counted = match.group("hour") or match.group("chain")  # "about 6 eggs", "a kfc bucket"
        if not (counted and span.stop < len(tokens) and starts_food(span.stop)):
            tokens.claim(span)


OR_SO_RE = rx(
    r"or (?:two|three|so)|give or take|more or less|so bad|so much|at least|at most|or more"
    r"|mindestens|hochstens|hoechstens|au moins|au plus|almeno|al massimo|al menos|por lo menos"
)
# How long: read after symptoms and feelings, whose note keeps it ("headache all day").
ALL_DAY_RE = rx(
    r"all day|all day long|the whole day|whole day|throughout the day|during the day|all night"
    r"|(?:en )?todo el dia|den ganzen tag|toute la journee|tutto il giorno|tutta la giornata"
)
