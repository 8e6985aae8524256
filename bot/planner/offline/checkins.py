"""Check-ins for the offline planner: mood, energy and sleep, by number or in words.

"mood 4", "sleep 7/10" (out of 10: halved, rounded up) and the words people use ("slept
badly", "exhausted", "great day"), mapped onto the 1-5 scale. A phrase right after a negation
("not tired") is left alone. Phrases are written against normalised text (lower case, no
accents, no apostrophes).
"""

from __future__ import annotations

import math
import re

from bot.planner.offline.reasons import tiredness_as_reason
from bot.planner.offline.said_ratings import CheckinField, find_said_ratings, wished
from bot.planner.offline.text import Found, Tokens, number_value, rx

_SCALE = r"(?:/|out of|of|over|von|vo|de|sobre|sur|su) ?(?:5|10)"  # "vo": Swiss "von"
CHECKIN_KEYWORDS: dict[str, CheckinField] = {}
for _field, _words in (
    ("mood", "mood stimmung stimmig laune animo humor humeur moral umore"),
    ("energy", "energy energie energia"),
    ("sleep_quality", "sleep slept schlaf schlafqualitat sueno dormi sommeil sonno"),
):  # phrases of several words are added whole below: "de 5" alone is no mood
    for _kw in _words.split(" "):
        CHECKIN_KEYWORDS[_kw] = _field  # type: ignore[assignment]
CHECKIN_KEYWORDS["sleep quality"] = "sleep_quality"
CHECKIN_KEYWORDS["estado de animo"] = "mood"
CHECKIN_KEYWORDS["energy level"] = "energy"
CHECKIN_KEYWORDS["moods"] = "mood"  # "mood's a 3": the "'s" is dropped with its apostrophe
CHECKIN_KEYWORDS["energys"] = "energy"
# A rating said in words, as dictated: "mood is like a three", "energy four".
_RATING_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_RATING_WORDS = f"(?:{'|'.join(_RATING_NUMBERS)})(?! (?:of|more|less|times|days?|hours?))"
# Words that hedge a rating between its field and its number: "Energie eher so 2",
# "energía más o menos 3", "énergie genre 2", "energia tipo 3", "energy roughly 4".
_HEDGED = (
    "eher so|eher|so um die|um die|so|etwa|ungefahr|circa|mas o menos|mas bien|como"
    "|genre|plutot|environ|tipo|piuttosto|sui|roughly|kinda|sorta|approx|approximately"
)
CHECKIN_NUMBER_RE = rx(
    rf"(?P<kw>{'|'.join(sorted(CHECKIN_KEYWORDS, key=len, reverse=True))})"
    rf"(?: (?:is|was|=|:|at|bei|level|today|heute|hoy|oggi|aujourdhui|ist|war|fue|es|rating"
    rf"|score|about|like|a"
    rf"|maybe|around|probably|{_HEDGED}))*"
    rf" (?P<num>\d+(?:/\d+)?|{_RATING_WORDS})(?: (?P<scale>{_SCALE}))?"
)
# A sleep word and, further on in its sentence, the rating it was given: "slept kinda meh,
# maybe a 3", "he dormido bien, un 4", "bien dormi, je dirais 4/5", "dormito male, 2 su 5".
# The rating ends its clause ("slept badly, 2 coffees" gives none), and no other check-in
# word stands between ("slept badly, mood 3" is the mood's).
SLEEP_WORDS = "slept|sleep|schlaf|geschlafen|sueno|dormi|dormido|dormito|dormii|sommeil|sonno"
_ANY_KEYWORD = "|".join(sorted({*CHECKIN_KEYWORDS, *SLEEP_WORDS.split("|")}, key=len)[::-1])
SLEEP_RATING_RE = rx(
    rf"(?P<kw>{SLEEP_WORDS})(?: (?!(?:{_ANY_KEYWORD})(?!\S))[^\s\d.;!?]+){{0,6}}"
    rf" (?P<num>\d+(?:/\d+)?)(?: (?P<scale>{_SCALE}))?(?= [.;!?,]|$)"
)
# Any check-in word and, further on, a rating said with its scale: "mood good today, 4/5",
# "stimmig isch guet hüt, 4/5", "umore buono oggi, 4 su 5". The scale makes it the rating.
RATED_AFTER_RE = rx(
    rf"(?P<kw>{'|'.join(sorted(CHECKIN_KEYWORDS, key=len, reverse=True))})"
    rf"(?: (?!(?:{_ANY_KEYWORD})(?!\S))[^\s\d.;!?]+){{1,6}}"
    rf" (?P<num>\d+/(?:5|10)|\d+(?= (?P<scale>{_SCALE})) {_SCALE})(?= [.;!?,]|$)"
)

NEGATIONS = frozenset(
    {"not", "no", "never", "nicht", "kein", "keine", "nie", "nunca", "didnt", "pas", "non"}
    | {"dinnae", "didnae", "disnae", "isnae", "wasnae", "cannae"}  # Scots
)
# Between a negation and the word it turns: "not tired", "je ne suis pas fatigué", "no estoy
# cansado", "non sono stanco", "bin nicht müde".
_COPULAS = frozenset("im am feel feeling estoy sono suis bin".split())
_DEGREES = frozenset("very really so a quite kind that too".split())
_AT_ALL = rx(r"at all|whatsoever|du tout|para nada|per niente|uberhaupt nicht|gar nicht")


# A hedge between "slept" and how: "slept kinda badly" is how "slept badly" is often written.
_HEDGE = r"(?:kinda |sorta |kind of |sort of |a bit |a little |a tad )?"


# "geschlafen" as the south says it: "schlecht gschlafen", "guet gschlafe", "gut gschlafn".
_GESCHLAFEN = "ge?schlafe?n?"


def _phrases(
    *rows: tuple[CheckinField, int, str],
) -> list[tuple[re.Pattern[str], CheckinField, int]]:
    return [
        (rx(body.replace("slept ", "slept " + _HEDGE).replace("geschlafen", _GESCHLAFEN)), f, v)
        for f, v, body in rows
    ]


# The words people use for a check-in, mapped onto the 1-5 scale. Longer phrases first.
CHECKIN_PHRASES = _phrases(
    (
        "sleep_quality",
        5,
        r"slept (?:really well|very well|so well|super well|great|amazing|amazingly"
        r"|like a (?:baby|log|rock|stone)|perfectly|fantastic|wonderfully)"
        r"|(?:great|super|amazing|awesome|fantastic|excellent) sleep"
        r"|great nights? sleep|best (?:nights? )?sleep"
        r"(?: in (?:weeks|ages|months|a while|forever))?"
        r"|dormi comme une souche|dormido como un liron"
        r"|sehr gut geschlafen|super geschlafen|wunderbar geschlafen|dormi muy bien|dormi genial"
        r"|dormi de maravilla|excellent sleep|dormi re bien|(?:tres|super|trop) bien dormi"
        r"|dormito benissimo|dormito (?:molto|super) bene",
    ),
    (
        "sleep_quality",
        1,
        r"slept (?:really |very |so |super )?(?:terribly|terrible|awful|awfully|horribly"
        r"|horrible)|(?:barely|hardly) slept|didnt sleep at all|couldnt sleep|no sleep|insomnia"
        r"|sehr schlecht geschlafen|kaum geschlafen|nicht geschlafen|dormi fatal|dormi muy mal"
        r"|up all night|awake all night"
        r"|(?:couldnt|could not|cant|cannot) (?:fall asleep|get to sleep)"
        r"|no dormi|apenas dormi|(?:terrible|awful|horrible|sleepless) night|terrible sleep"
        r"|slept like (?:shit|hell)|he dormido fatal|dormido fatal"
        r"|(?:tres|super) mal dormi|nuit blanche|dormito (?:malissimo|da schifo|malaccio)"
        r"|beschissen geschlafen|miserabel geschlafen|(?:didnt|did not) sleep a wink"
        # not an eye closed all night, as the other four languages say it
        r"|(?:pas|jamais) ferme l (?:oeil|\u0153il)|kein auge zu(?:getan|gemacht)?"
        r"|no pegue (?:ni )?(?:un )?ojo|non ho chiuso (?:occhio|un occhio)",
    ),
    (
        "sleep_quality",
        2,
        r"slept (?:really |very |v |so |quite |pretty )?(?:badly|bad|poorly|poor|restlessly"
        r"|not (?:so |too |very )?well)|didnt sleep (?:well|good|great|much)|(?:bad|poor) sleep"
        r"|(?:bad|rough|restless) night|sleep (?:was )?(?:bad|poor|not great|not good)"
        r"|schlecht geschlafen|unruhig geschlafen|dormi mal|he dormido mal|mal dormido"
        r"|mies geschlafen|(?:pas (?:tres )?bien|mal) dormi|dormito male|dormito poco"
        r"|(?:he )?dormi(?:do)? poco|peu dormi|wenig geschlafen|slept (?:very )?little"
        r"|slept like (?:crap|garbage|rubbish)|tossing and turning|tossed and turned"
        r"|woke up (?:a lot|several times|many times"
        r"|multiple times|every hour|loads|too early|at \d+(?: ?am)?)|kept waking(?: up)?",
    ),
    (
        "sleep_quality",
        3,
        r"slept (?:ok|okay|alright|fine|so so|average|decently)|(?:ok|okay|average) sleep"
        r"|sleep (?:was )?(?:ok|okay|fine|average)|ok geschlafen|okay geschlafen"
        r"|mittelmassig geschlafen|dormi regular|dormi normal|dormi mas o menos",
    ),
    (
        "sleep_quality",
        4,
        r"slept (?:well|good|nicely|pretty well|quite well)|good sleep|good nights sleep"
        r"|sleep (?:was )?good|gut geschlafen|dormi bien|he dormido bien|bien dormi"
        r"|dormito bene|(?:well|fully) rested|(?:bien |tres bien )?reposee?|ausgeschlafen"
        r"|(?:bien )?(?:descansado|descansada)|(?:ben )?(?:riposato|riposata)",
    ),
    (
        "energy",
        5,
        r"full of energy|tons of energy|super energetic|energy (?:is |was )?(?:great|very high"
        r"|amazing)|great energy|bursting with energy|lleno de energia|llena de energia"
        r"|voller energie|energia a (?:full|tope|mille)|plein d energie|pleine d energie"
        r"|(?:loads|heaps) of energy"
        r"|full of beans|pilas cargadas|carico a molla|carica a molla|(?:en )?pleine forme"
        r"|en plena forma|in (?:gran|piena|ottima) forma|topfit|fit wie ein turnschuh"
        r"|(?:feel|feeling|felt)(?: like)? (?:brand new|a new (?:man|woman|person))"
        r"|wie neugeboren|como (?:nuevo|nueva)|comme (?:neuf|neuve)|come (?:nuovo|nuova)"
        r"|(?:super|grande|grosse|top) forme|forme olympique|in formissima|super en forma"
        # energy said to have no limit: "energy thru the roof", "Energie ohne Ende"
        r"|energy (?:is |was )?(?:thru|through|off) the roof|energie ohne ende"
        r"|energie (?:ist )?(?:ohne ende|grenzenlos)|energia (?:por las nubes|a mil|infinita)"
        r"|energie a revendre|energia (?:alle stelle|da vendere)",
    ),
    (
        "energy",
        1,
        r"exhausted|drained|wiped out|no energy|zero energy|energy (?:is |was )?(?:very low|zero)"
        r"|dead tired|wrecked|erschopft|total kaputt|kaputt|agotado|agotada|sin energia"
        r"|running on (?:fumes|empty)|cero energia|(?:bin|total|voll|echt) platt"
        r"|pas d energie(?: du tout)?|keine energie|null energie|nessuna energia|senza energia"
        r"|zero energia"
        r"|muerto de cansancio|knackered|shattered|(?:estoy )?(?:muerto|muerta|reventado"
        # "brûlée" alone is a crème brûlée: only "je suis brûlée" is tiredness
        r"|reventada)|(?:je suis )?(?:epuise|epuisee|creve|crevee)|(?:je )?suis brulee?"
        r"|stanchissimo|stanchissima|distrutto|distrutta|sfinito|sfinita|fix und fertig"
        r"|dead on my feet|(?:completely|totally) done in|hecho polvo|hecha polvo|cansadisimo"
        r"|cansadisima|(?:vollig|total|echt) fertig|hundemude|todmude|hundemuede|todmuede"
        r"|(?:je suis )?(?:lessive|lessivee|vanne|vannee|naze|claque|claquee)|suis a plat"
        # "a pezzi" alone is cut in pieces ("pollo a pezzi")
        r"|(?:sono|mi sento) a pezzi|stanco morto|stanca morta|(?:bin |total |voll )?im eimer",
    ),
    (
        "energy",
        2,
        r"(?:very |really |so |a bit |quite |kind of )?(?:tired(?! of)|sleepy|lethargic"
        r"|sluggish|fatigued|groggy)"
        r"|low energy|energy (?:is |was |feels |: )?low|low on energy|mude|muede|schlapp|cansado"
        r"|cansada|poca energia|wenig energie|energie (?:ist )?niedrig"
        r"|energy (?:is )?crash(?:ing|ed)?|energy (?:pretty |really |very |so )?low"
        r"|fatigue|fatiguee|stanco|stanca|(?:con|tengo|mucho|tanto) sueno|somnoliento|somnolienta"
        r"|schlafrig|(?:j ai|j avais) (?:tellement |trop )?sommeil|somnolente?|assonnato|assonnata"
        r"|ho (?:tanto |molto )?sonno"
        # tiredness said as a noun: "tiredness all day", "Müdigkeit", "cansancio"
        r"|(?:(?:so much|mucho|tanto|molta|tanta|grande|grosse|viel) )?(?:tiredness|mudigkeit"
        r"|muedigkeit|cansancio|stanchezza|weariness|fatigue)",
    ),
    (
        "energy",
        3,
        r"energy (?:is |was )?(?:ok|okay|fine|average|normal|medium|so so)|normal energy",
    ),
    (
        "energy",
        4,
        r"energetic|good energy|energy (?:is |was )?(?:good|high)|high energy|lots of energy"
        r"|viel energie|con energia|mucha energia|energico|energica|en forme|en forma"
        r"|in forma(?! di)|gut in form|in shape|(?:feeling|feel|me siento|mi sento|je me sens"
        r"|fuhle mich)(?: today| heute| hoy| oggi)? (?:strong|fuerte|forte|fort|stark)",
    ),
    (
        "mood",
        5,
        r"(?:great|amazing|fantastic|awesome|wonderful|perfect|excellent|brilliant) day"
        r"|best day|feeling (?:great|amazing|fantastic|awesome|excellent|wonderful)"
        r"|feel (?:great|amazing|fantastic|awesome)|(?:very|so) happy|ecstatic"
        r"|mood (?:is |was )?(?:great|excellent|amazing)|great mood|toller tag|super tag"
        r"|fantastischer tag|sehr gut gelaunt|sehr glucklich|dia genial|dia estupendo|gran dia"
        r"|muy feliz|me siento genial|mir gehts? super|mir geht es super|over the moon"
        r"|chuffed(?: to bits)?|on cloud nine|al settimo cielo|en una nube|aux anges"
        r"|im siebten himmel|sur un petit nuage"
        r"|(?:giornata|journee|dia|tag) (?:top|super|fantastica|stupenda|perfetta|geniale|parfaite"
        r"|perfecto|increible|genial)|(?:super|mega|top) tag",
    ),
    (
        "mood",
        1,
        r"(?:awful|terrible|horrible|worst) day|depressed|miserable|devastated"
        r"|(?:feel|feeling|felt|feels) (?:so |really |very |just )?(?:awful|terrible|horrible"
        r"|like (?:crap|shit|garbage|death)|rubbish|lousy|dreadful)"
        r"|furchtbarer tag|schrecklicher tag|dia horrible|dia terrible|deprimido|deprimida",
    ),
    (
        "mood",
        2,
        r"bad day|(?:very |really |so |a bit |quite )?(?:stressed|sad|anxious|grumpy|irritable"
        r"|frustrated|upset|angry|lonely|worried|nervous)|stressful day|low mood|bad mood"
        r"|mood (?:is |was )?(?:low|bad)|feeling (?:low|down|bad|off)|feel (?:low|down|bad)"
        r"|gestresst|traurig|schlechter tag|schlecht gelaunt|schlechte laune|angstlich"
        r"|estresado|estresada|triste|ansioso|ansiosa|mal dia|de mal humor|agobiado|agobiada"
        r"|de mauvaise humeur|di cattivo umore|di malumore|nervoso|nervosa|nerveux|nerveuse"
        r"|nervioso|nerviosa|stressato|stressata|stresse|stressee|ansioso|ansiosa|gereizt"
        r"|genervt|giu di morale|(?:hard|tough|rough|difficult|shit|shitty|crappy) day"
        r"|journee (?:difficile|pourrie|horrible|nulle)|giornata (?:no|storta|difficile|pesante)"
        r"|dia (?:dificil|de mierda|pesimo)|(?:schwieriger|harter|beschissener|mieser) tag"
        r"|feeling blue|in the dumps|bummed(?: out)?|(?:estoy )?de bajon|(?:je )?deprime"
        r"|giu di corda|niedergeschlagen|(?:j ai )?pas (?:trop |vraiment |tres )?(?:la|en) forme"
        r"|(?:bit |little |tad |kinda |feel |feeling |felt |im |i am )flat(?! white| bread| out)"
        r"|(?:a bit|a little|feeling|kinda) (?:down|low(?! carb| fat| sugar| cal| on| in))"
        r"|desanimado|desanimada|bajoneado|bajoneada|(?:j ai )?le cafard|abbattuto|abbattuta"
        r"|demoralizzato|demoralizzata",
    ),
    (
        "mood",
        3,
        r"meh|so so|(?:okay|ok|average|normal) day|mood (?:is |was )?(?:ok|okay|fine|average"
        r"|neutral|meh)|feeling (?:ok|okay|fine|alright|so so)|(?:i feel|im|i am) (?:ok|okay|fine)"
        r"|nothing special|normaler tag|geht so|mas o menos(?! \d)|dia normal|bof|so mittel"
        r"|cosi cosi",
    ),
    (
        "mood",
        4,
        r"good day|(?:feeling|feel|felt) (?:good|well|happy)|happy|good mood|in a good mood"
        r"|mood (?:is |was )?good|content|relaxed|calm|positive|guter tag|gute laune|gut gelaunt"
        # "buen día" alone greets, in much of Latin America; "fue un buen día" is the mood
        r"|glucklich|entspannt|(?:un|fue|es) buen dia|feliz|contento|contenta|de buen humor"
        r"|me siento bien|de bonne humeur|di buon umore|bien luned[oa]"
        r"|relajado|relajada|mir gehts? gut|mir geht es gut|es geht mir gut|nice day"
        r"|(?:grand|lovely|glorious|gorgeous) day|herrlicher tag|dia (?:bonito|precioso)"
        r"|belle journee|bella giornata",
    ),
)

_CHECKIN_FILLERS = rx(
    r"(?:i )?(?:feel|feeling|felt|am feeling|was feeling)|me siento|me senti|fuhle mich|bin"
    r"|estoy|ando|i was|it was|was|and|quite|pretty|today i|overall|(?:je )?me sens|mi sento"
    r"|total|totally|voll|echt|hab|habe|ich habe|ho"
)


def _rating(number: str, scale: str | None) -> int | None:
    """ "4" -> 4, "2/5" -> 2, "7/10" -> 4 (out of 10: half, rounded up), "8" alone -> None."""
    top = 5
    if "/" in number:
        number, top_text = number.split("/")
        top = int(top_text)
    elif scale:
        top = int(scale.split()[-1].lstrip("/"))
    value = _RATING_NUMBERS.get(number) or number_value(number)
    if value is None or value != int(value):
        return None
    if top == 10 and 1 <= value <= 10:
        return math.ceil(value / 2)
    if top == 5 and 1 <= value <= 5:
        return int(value)
    return None


# Full after a meal, said as worn out ("quedé muerto", "no pude más"): read, no check-in.
_FULL_AFTER_EATING = rx(
    r"(?:quede|quedo|quedamos) (?:muerto|muerta|muertos|reventado|reventada|reventados|lleno"
    r"|llena|llenos)|no pude mas|couldnt eat (?:any ?more|another bite)|j en peux plus"
)


# The day said between a check-in word and its rating ("mood today 4", "Laune heute mies"),
# read as the date already: the rating's phrase may hold it.
_TODAY_WORDS = frozenset("today tonight heute hoy aujourdhui oggi now jetzt ahora".split())


def find_checkins(tokens: Tokens) -> list[Found[tuple[CheckinField, int]]]:
    """Check-in ratings as `Found(index, (field, 1..5))`, numbers first, then words."""
    days = [i for i, t in enumerate(tokens.items) if tokens.used[i] and t.text in _TODAY_WORDS]
    for i in days:
        tokens.release(range(i, i + 1))
    found = _ratings(tokens)
    for i in days:
        tokens.claim(range(i, i + 1))
    return found


def _ratings(tokens: Tokens) -> list[Found[tuple[CheckinField, int]]]:
    found: list[Found[tuple[CheckinField, int]]] = []
    for _match, span in tokens.matches(_FULL_AFTER_EATING):
        tokens.claim(span)
    for match, span in tokens.matches(SLEEP_RATING_RE):
        rating = _rating(match.group("num"), match.group("scale"))
        if rating is not None:
            tokens.claim(span)
            found.append(Found(span.start, ("sleep_quality", rating)))
    for match, span in tokens.matches(RATED_AFTER_RE):
        rating = _rating(match.group("num").split(" ")[0], match.group("scale"))
        if rating is not None:
            tokens.claim(span)
            found.append(Found(span.start, (CHECKIN_KEYWORDS[match.group("kw")], rating)))
    for match, span in tokens.matches(CHECKIN_NUMBER_RE):
        rating = _rating(match.group("num"), match.group("scale"))
        if rating is not None:
            tokens.claim(span)
            found.append(Found(span.start, (CHECKIN_KEYWORDS[match.group("kw")], rating)))
    found.extend(find_said_ratings(tokens))  # "Laune gut", "not feeling great"
    found.extend(_phrase_ratings(tokens))
    if found:
        for match, span in tokens.matches(_CHECKIN_FILLERS):
            if match.group(0) != "and" or _beside_read(tokens, span.start):
                tokens.claim(span)  # "and" of a food's name is left to it ("mac and cheese")
    return found


def _beside_read(tokens: Tokens, i: int) -> bool:
    """Whether a word read already stands right before or after token `i`."""
    return (i > 0 and tokens.used[i - 1]) or (i + 1 < len(tokens) and tokens.used[i + 1])


def _negation_at(tokens: Tokens, start: int) -> int | None:
    """The index of the negation that turns the phrase at `start`, or None."""
    for back in (1, 2):
        at = start - back
        if at < 0 or (back == 2 and tokens.items[start - 1].text not in _COPULAS | _DEGREES):
            return None
        if tokens.items[at].text in NEGATIONS:
            return at
    return None


def _phrase_ratings(tokens: Tokens) -> list[Found[tuple[CheckinField, int]]]:
    """The check-in phrases; one right after a negation is left alone, but tiredness denied is
    energy ("not tired at all": 4, "not so tired", "not exhausted": 3)."""
    found: list[Found[tuple[CheckinField, int]]] = []
    for pattern, field, value in CHECKIN_PHRASES:
        for _match, span in tokens.matches(pattern):
            if wished(tokens, span):
                continue
            negation = _negation_at(tokens, span.start)
            if negation is not None:
                if field != "energy" or value > 2:
                    continue
                hedged = {
                    tokens.items[i].text for i in range(negation + 1, span.start + 1)
                } & _DEGREES
                value_said = 3 if hedged or value == 1 else 4
                copula = negation > 0 and tokens.items[negation - 1].text in _COPULAS
                tokens.claim(range(negation - copula, span.stop))
                found.append(Found(negation, (field, value_said)))
                for _after, rest in tokens.matches(_AT_ALL):
                    if rest.start == span.stop:
                        tokens.claim(rest)
                continue
            reason = tiredness_as_reason(tokens, span) if field == "energy" else None
            tokens.claim(reason or span)
            if reason is None:  # "no dinner, too tired": why, not how one is
                found.append(Found(span.start, (field, value)))
    return found
