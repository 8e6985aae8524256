"""Notes, feelings and exercise: what a person says about their day in their own words.

"note: ..." keeps the rest of the message; a symptom or feeling ("headache", "tired", "mal de
tête") is kept in the day's check-in notes as said; exercise ("ran 5k") is answered in words,
or noted when asked, since the service keeps none.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from bot.planner.offline.text import Found, Tokens, rx


def find_notes(text: str, tokens: Tokens) -> list[Found[str]]:
    """ "note: ..." / "Notiz: ..." / "nota: ...": the rest of the message, verbatim."""
    for i, token in enumerate(tokens.items):
        if tokens.used[i] or token.text not in {"note", "notes", "notiz", "nota", "notas"}:
            continue
        if i + 1 < len(tokens) and tokens.items[i + 1].text in {":", "="}:
            body = text[tokens.items[i + 1].end :].strip()
            if body and i + 2 < len(tokens):
                tokens.claim(range(i, len(tokens)))
                return [Found(i, body[:2000])]
    return []


# How a person felt, or a symptom: kept in the day's check-in notes, in their own words.
FEELINGS = frozenset(
    """
    headache headaches migraine nausea nauseous nauseated sick unwell cramps cramping
    bloated bloating stomachache tummyache heartburn reflux constipated diarrhea diarrhoea
    dizzy lightheaded fever feverish cough coughing sneezing congested flu hangover hungover
    sore rash allergies anxious anxiety stressed stress sad depressed irritable overwhelmed
    lonely nervous panicky grumpy cranky groggy
    pain pains painful hurts hurt hurting ache aches aching achy stiff injured injury sprained
    sprain bruised throat stomach tummy period pms cramp bloat gassy indigestion constipation
    vomiting vomited threw fainted faint shaky weak foggy fog unfocused restless woke waking
    insomniac jetlag jetlagged itchy sneezy runny congestion sinus sinuses allergy
    calm relaxed grateful excited motivated productive proud focus distracted unmotivated
    hungry starving famished peckish
    kopfschmerzen kopfweh bauchschmerzen bauchweh magenschmerzen halsschmerzen ubelkeit
    schwindelig schwindlig fieber husten erkaltet erkaltung schnupfen migrane krank sodbrennen
    durchfall verstopft geblaht krampfe regelschmerzen gestresst angstlich nervos traurig
    nauseas mareado mareada fiebre tos resfriado resfriada resaca acidez diarrea estrenido
    estrenida hinchado hinchada gripe enfermo enferma nervioso nerviosa ansioso ansiosa
    estresado estresada
    nausee nauseeuse vertiges fievre toux enrhume enrhumee rhume migraine malade ballonne
    ballonnee stresse stressee angoisse angoissee crampes
    febbre tosse raffreddato raffreddata raffreddore influenza emicrania malato malata gonfio
    gonfia stressato stressata ansiosa sbornia crampi nausea nervoso nervosa nerveux nerveuse
    migrana jaqueca
    """.split()
)
# What kept a person up, said beside their night: why it was bad is worth the day's notes
# ("slept badly, baby up every 2 hrs", "schlecht geschlafen, Nachbarn laut").
_NIGHT_DISTURBERS = frozenset(
    """
    baby babys toddler newborn teething kids dog puppy neighbours neighbors snoring noise storm
    heatwave kinder nachbarn larm gewitter hitze bebe nene nena ninos vecinos ruido
    tormenta enfants voisins bruit orage neonato bimbo bimba bambini vicini rumore temporale
    """.split()
)
_NIGHT_WORDS = frozenset(
    """
    slept sleep night woke waking nacht geschlafen schlaf wach noche dormi dormido sueno desperte
    nuit sommeil reveille notte dormito sonno svegliato svegliata
    """.split()
)
# Parts of the body said with their "'s" as how they feel: "back's killing me", "knee's sore".
_BODY_PARTS = frozenset("back head knee neck shoulder hip ankle wrist foot leg legs feet".split())
# Legs worn out after exercise, said with a food: "legs are jelly", "Pudding in den Beinen",
# "piernas de gelatina", "jambes en coton", "gambe di gelatina". Read; no food, no note.
TIRED_LEGS_RE = rx(
    r"(?:jelly|jello|wobbly|rubber) legs|(?:legs|knees) (?:are|were|feel|felt|like|turned to)"
    r"(?: like)? (?:jelly|jello|rubber|spaghetti|noodles)|pudding in (?:den|meinen) beinen"
    r"|(?:beine|knie) (?:wie|aus) (?:pudding|gummi|wackelpudding)"
    r"|piernas (?:de|como) (?:gelatina|flan|mantequilla)|jambes (?:en|comme du) (?:coton|compote)"
    r"|gambe (?:di|come) (?:gelatina|burro|budino|ricotta)|gambe molli"
)
# Read, never noted: hunger is why one eats, not how one is, and pride in oneself ("proud of
# myself") speaks of the log, not of the day.
_NOT_NOTED = frozenset("hungry starving famished peckish proud".split())
# A feeling said to be absent ("wasn't hungry", "no headache today") is no symptom.
_ABSENT_BEFORE = frozenset(
    "not no never wasnt isnt arent werent dont didnt without nicht kein keine nie ohne nunca"
    " sin pas sans non senza".split()
)
# A symptom in English that is a food in French ("pain": bread), read as the food beside the
# French words it is eaten with: "du pain", "une tranche de pain", "pain et beurre".
FOOD_IN_FRENCH = frozenset({"pain"})
_FRENCH_BEFORE = frozenset(
    "du de d le un mon ton son ce au tranche tranches morceau morceaux bout".split()
)
_FRENCH_AFTER = frozenset("et avec beurre frais complet au aux".split())


def french_food(tokens: Tokens, i: int) -> bool:
    """Whether the word at `i`, a symptom in English, is said as the French food it also is."""
    if tokens.items[i].text not in FOOD_IN_FRENCH:
        return False
    before = tokens.items[i - 1].text if i > 0 else ""
    after = tokens.items[i + 1].text if i + 1 < len(tokens) else ""
    return before in _FRENCH_BEFORE or after in _FRENCH_AFTER


# Phrases of how a person felt whose words are not feelings alone ("feeling a bit off").
FEELING_PHRASES = rx(
    r"(?:feel|feels|feeling|felt)(?: (?:a bit|a little|kinda|kind of|sort of|slightly|so|very"
    r"|really|pretty|quite))? (?:off|weird|strange|blah|rough|rubbish|crap|crappy|awful"
    r"|terrible|horrible|lousy|drained|meh|sluggish|heavy|full|stuffed|ill)"
    r"|coming down with|under the weather|run down|burnt out|burned out|brain fog"
    r"|(?:a |the )?cold coming|caught a cold|have a cold|got a cold|a bad cold"
    # an ache in the other languages: "dolor de cabeza", "mal de tête", "mal di testa"
    r"|dolor de (?:cabeza|estomago|barriga|tripa|garganta|espalda|muelas)|me duele"
    r"|mal (?:de|a la|au|aux) (?:tete|ventre|gorge|dos|estomac|dents)"
    r"|mal di (?:testa|pancia|gola|stomaco|schiena|denti)|gueule de bois"
)
# What the service has no place for: said plainly, not "couldn't place".
EXERCISE = frozenset(
    """
    ran run running jogged jog jogging walked hiked hike hiking cycled cycling biked swam swim
    swimming yoga pilates gym workout workouts lifted lifting crossfit hiit spinning treadmill
    exercise exercised stretching stretched climbing bouldering walk walking steps tennis
    football soccer basketball volleyball badminton squash golf skiing skied snowboarding
    surfing surfed rowing rowed boxing kickboxing karate judo martial dance danced dancing
    zumba spin sprints sprinted laps trained training weights deadlifts squats pushups
    situps plank cardio elliptical stairmaster peloton padel parkrun bike biked biking
    bici bicicleta bicicletta fahrrad
    gelaufen laufen lauf joggen gejoggt radfahren radeln geradelt schwimmen geschwommen wandern
    gewandert trainiert fitnessstudio krafttraining
    correr corri corrido gimnasio gym nadar nade nadado caminata entrene entrenamiento
    courir couru natation nage randonnee entrainement musculation muscu velo
    corsa correre palestra nuotato nuoto camminata allenamento allenato
    """.split()
)


def _phrase_around(tokens: Tokens, i: int) -> range:
    """Token `i` and the unclaimed words around it, up to punctuation or a claimed token."""
    first = last = i
    while first > 0 and not tokens.used[first - 1] and tokens.items[first - 1].kind != "punct":
        first -= 1
    while (
        last + 1 < len(tokens)
        and not tokens.used[last + 1]
        and tokens.items[last + 1].kind != "punct"
    ):
        last += 1
    return range(first, last + 1)


def find_feelings(text: str, tokens: Tokens, eaten: Collection[int] = ()) -> list[Found[str]]:
    """Symptoms and feelings ("headache all day", "anxious", "felt sick after lunch"), each
    with the words around it, as the person wrote them: run after the other rules, so a rating
    or a food in the same clause is theirs."""
    found: list[Found[str]] = []
    covered: set[int] = set()
    seeds = {i for _match, span in tokens.matches(FEELING_PHRASES) for i in span}
    seeds |= {i for i, t in enumerate(tokens.items) if _possessive_feeling(t.raw, t.text)}
    if any(t.text in _NIGHT_WORDS for t in tokens.items):
        seeds |= {i for i, t in enumerate(tokens.items) if t.text in _NIGHT_DISTURBERS}
    for i, token in enumerate(tokens.items):
        # A feeling a rating was read from ("anxious": mood 2) is kept in words too.
        if (token.text not in FEELINGS and i not in seeds) or i in covered or i in eaten:
            continue
        span = trimmed(tokens, _phrase_around(tokens, i))
        tokens.claim(span)
        covered.update(span)
        said = [
            j for j in span if j not in eaten and (j in seeds or tokens.items[j].text in FEELINGS)
        ]
        if not any(_noted(tokens, j, seeds) for j in said):
            continue  # "skipped breakfast, wasn't hungry": read, no note
        if _of_the_food(tokens, span, eaten, seeds):
            continue  # "margherita, col cornicione bello gonfio": how the food looked
        last = _time_after(tokens, span.stop - 1)  # "woke up at 3am": the time is kept
        last = _since_when(tokens, last)  # "headache since yesterday": so is the day
        found.append(Found(span.start, tokens.raw_between(span.start, last, text)))
    return found


def _possessive_feeling(raw: str, text: str) -> bool:
    """ "stomach's been dodgy", "head's pounding": a feeling word said with its "'s"."""
    return raw.lower().endswith(("'s", "’s")) and (
        text[:-1] in FEELINGS or text[:-1] in _BODY_PARTS
    )


def _noted(tokens: Tokens, i: int, seeds: Collection[int]) -> bool:
    """Whether the feeling at `i` is worth the day's notes: present, and about how one is."""
    absent = i > 0 and tokens.items[i - 1].text in _ABSENT_BEFORE
    weary = i + 1 < len(tokens) and tokens.items[i + 1].text == "of"  # "sick of salad"
    purpose = _what_it_was_for(tokens, i, seeds)
    return not absent and not weary and not purpose and tokens.items[i].text not in _NOT_NOTED


# What opens a remark on how a food was made or looked: "col cornicione bello gonfio".
_WITH = frozenset("with mit con col coi colla avec".split())


def _of_the_food(
    tokens: Tokens, span: range, eaten: Collection[int], seeds: Collection[int]
) -> bool:
    """Whether the phrase `span` is a remark on the food said right before it, opened by
    "with" and a part of that food ("pizza with the crust all puffed up", "col cornicione
    bello gonfio", "Brot mit der Kruste ganz aufgebläht"), not how the person was ("pizza,
    with a headache")."""
    before = span.start - 1  # back over where it was had: "margherita da sorbillo, col..."
    while before >= 0 and before not in eaten and _read_or_mark(tokens, before):
        before -= 1
    if before < 0 or before not in eaten or tokens.items[span.start].text not in _WITH:
        return False
    part = span.start + 1
    while part < span.stop and tokens.items[part].text in _ITS:
        part += 1
    if part >= span.stop:
        return False
    word = tokens.items[part].text
    return part not in seeds and word not in FEELINGS and word not in _BODY_PARTS


def _read_or_mark(tokens: Tokens, at: int) -> bool:
    return tokens.used[at] or tokens.items[at].kind == "punct"


# What a food was had for, said right before a feeling: "tea for my sore throat", "caldo pa
# la resaca", "soupe pour la gueule de bois", "brodo per il raffreddore", "Tee gegen den Husten".
_FOR = frozenset("for against pa para pour per gegen".split())
_ITS = frozenset(
    "the my a an this that la el mi las los le ma mon les il lo mio mia i den die das dem"
    " meinen meine meinem einen ein eine".split()
)


def _what_it_was_for(tokens: Tokens, i: int, seeds: Collection[int]) -> bool:
    """Whether the feeling whose words include `i` is said as what something was had for."""
    first = i
    while first > 0 and (first - 1 in seeds or tokens.items[first - 1].text in FEELINGS):
        first -= 1
    before = first - 1
    if before >= 0 and tokens.items[before].text in _ITS:
        before -= 1
    return before >= 0 and tokens.items[before].text in _FOR


# A time of day right after a feeling, already read as a time: part of what the note says.
_TIME_OF_DAY = re.compile(
    r"(?:(?:at|around|about|by|since|until|till|um|gegen|a las) )?\d{1,2}(?: : \d{2})?"
    r"(?: ?(?:am|pm|uhr|h))?|\d{1,2}(?: : \d{2})? ?(?:am|pm)"
)


def _time_after(tokens: Tokens, last: int) -> int:
    """The index of the last token of a time said right after token `last`, else `last`."""
    for stop in range(min(len(tokens), last + 7), last + 1, -1):
        words = " ".join(t.text for t in tokens.items[last + 1 : stop])
        if _TIME_OF_DAY.fullmatch(words) and any(
            t.kind == "num" for t in tokens.items[last + 1 : stop]
        ):
            return stop - 1
    return last


_SINCE = frozenset("since seit desde depuis da dal dalla dallo".split())


def _since_when(tokens: Tokens, last: int) -> int:
    """The index of the last word of the day a feeling is said to have lasted since ("since
    yesterday", "seit heute morgen", "desde ayer"), read as a date already; else `last`."""
    if tokens.items[last].text not in _SINCE:
        return last
    end = last
    while end + 1 < len(tokens) and end - last < 3:
        after = tokens.items[end + 1]
        if after.kind == "punct" or after.text in _JOINERS:
            break
        end += 1
    return end


_JOINERS = frozenset("and a an the with but also then so plus und y e et".split())


def trimmed(tokens: Tokens, span: range, joiners: Collection[str] = _JOINERS) -> range:
    """`span` without the `joiners` at its ends ("and a headache": "headache")."""
    first, last = span.start, span.stop - 1
    while first < last and tokens.items[first].text in joiners:
        first += 1
    while last > first and tokens.items[last].text in joiners:
        last -= 1
    return range(first, last + 1)


# "after the pizza" beside a symptom names what was eaten before, not a meal to log.
_AFTER_EATING = rx(
    r"(?:after|since|from) (?:eating |having |drinking )?(?:the|my|that|this|those|all that|all"
    r" the|some|too much|so much)"
)


def hold_foods_named_by_a_feeling(tokens: Tokens) -> range:
    """The words right after "after the" in a message with a symptom ("stomach ache after the
    pizza"), claimed so no food is read from them; the caller releases them for the note.
    Tired legs said with a food ("legs are jelly") are claimed for good: no food, no note."""
    for _match, span in tokens.matches(TIRED_LEGS_RE):
        tokens.claim(span)
    if not any(t.text in FEELINGS for t in tokens.items):
        return range(0)
    for _match, span in tokens.matches(_AFTER_EATING):
        end = span.stop
        while end < len(tokens) and end - span.stop < 3 and tokens.items[end].kind == "word":
            if tokens.used[end]:
                break
            end += 1
        held = range(span.stop, end)
        tokens.claim(held)
        return held
    return range(0)


def exercise_to_note(tokens: Tokens) -> bool:
    """Whether the person asked for what they did to be kept as a note ("ran 10k, please
    note it"); the asking words are claimed."""
    found = False
    for _match, span in tokens.matches(_NOTE_IT):
        tokens.claim(span)
        found = True
    return found


_NOTE_IT = rx(
    r"(?:(?:please|pls|can you|could you) )?(?:note|notes|noted|add|put|save|keep|log)"
    r" (?:it|that|this)(?: (?:as|in|to|into) (?:a |my |the )?(?:note|notes|check ?in))?"
    r"(?: please| pls)?|(?:add|put|save|keep) (?:it |that |this )?(?:as|in|to|into)"
    r" (?:a |my |the )?(?:note|notes)(?: please| pls)?|(?:as|in) (?:a )?notes?(?: please| pls)?"
    r"|make a note(?: of (?:it|that))?(?: please| pls)?|please note(?: it| that)?"
)


def find_exercise(text: str, tokens: Tokens) -> list[str]:
    """Exercise ("ran 5k", "45 min yoga"), as written: the service keeps no exercise."""
    found: list[str] = []
    for i, token in enumerate(tokens.items):
        if tokens.used[i] or token.text not in EXERCISE:
            continue
        span = _phrase_around(tokens, i)
        tokens.claim(span)
        found.append(tokens.raw_between(span.start, span.stop - 1, text))
    return found
