"""What the reading of a message said besides what it logged: small talk, what could not be
placed or was left out and why, the limits of what can be logged, a guess offered before it
is saved, the model's estimates. Both planners say these as data (bot/kernel/said.py);
bot/render/said.py picks the words here. Answers to questions are in bot/render/asked.py.

Replies are plain text that is also HTML-safe: words taken from the person's message are
stripped of "<", ">" and "&" (`_quote`), and anything read from the service is escaped, so the
result reads the same whether or not it is escaped again (`estimated` is HTML).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.kernel.readers import Reader
from bot.kernel.said import Malformed, MalformedKind
from bot.render.format import esc
from bot.render.words import N_, Words, words

__all__ = [
    "LLM_CLAIMED_WRITE",
    "LLM_NOT_UNDERSTOOD",
    "NOT_EATEN",
    "OFFLINE_ACK",
    "OFFLINE_BYE",
    "OFFLINE_CORRECTION",
    "OFFLINE_EMPTY",
    "OFFLINE_GREETING",
    "OFFLINE_HELP",
    "OFFLINE_HOW_ARE_YOU",
    "OFFLINE_INJECTION",
    "OFFLINE_LLM_ONLY",
    "OFFLINE_THANKS",
    "OFFLINE_UNKNOWN_QUESTION",
    "OTHERS_ATE",
    "check_first",
    "emoji_offer",
    "estimated",
    "exercise_not_tracked",
    "food_facts",
    "left_out_malformed",
    "llm_partly_understood",
    "llm_repair_failed",
    "malformed",
    "offline_not_understood",
    "offline_odd_numbers",
    "offline_out_of_range",
    "offline_too_long",
    "prompt_refused",
    "range_amount",
    "range_energy",
    "range_goal",
    "range_rating",
    "range_weight",
    "supplements_not_taken",
]

# What a planner says as a `Notice`: message ids, looked up in the reader's catalog by
# bot/render/said.py. The examples in them are what the rules understand in that language.
OFFLINE_EMPTY = N_(
    "I only understand words, not emoji (yet). Try something like "
    '"2 eggs and toast", "72.4 kg", "mood 4, slept badly", "took vitamin D".'
)
OFFLINE_INJECTION = N_(
    "I can't change how I work, but I'm happy to log food, weight, check-ins and "
    'supplements. Try "2 eggs and toast", "72.4 kg", "mood 4, slept badly", "took vitamin D".'
)
OFFLINE_GREETING = N_(
    'Hi! Tell me what you ate or how you feel, e.g. "2 eggs and toast", "72.4 kg", '
    '"mood 4, slept badly", "took vitamin D". You can also ask "how much protein today?".'
)
OFFLINE_THANKS = N_("You're welcome!")
OFFLINE_BYE = N_("Bye! Take care.")
OFFLINE_ACK = "👍"
OFFLINE_HELP = N_(
    'I log food, weight, check-ins and supplements. Examples: "2 eggs and toast", "72.4 kg", '
    '"mood 4, slept badly", "took vitamin D", "200 g chicken breast", "weight 160 lb", '
    '"energy 2/5", "note: headache". Ask me "how much protein today?" or "what did I weigh '
    'last week?".'
)
OFFLINE_HOW_ARE_YOU = N_(
    'I\'m doing well, thanks! How about you? Tell me your mood, e.g. "mood 4".'
)
OFFLINE_UNKNOWN_QUESTION = N_(
    "I can answer questions about today's food (calories, protein, carbs, fat), your weight, "
    'check-ins and supplements, e.g. "how much protein today?" or "how did I sleep '
    'yesterday?".'
)
NOT_EATEN = N_("OK, nothing logged: tell me once you've had it.")
OTHERS_ATE = N_("That sounds like someone else's food, so I didn't log it. What did you have?")
OFFLINE_CORRECTION = N_(
    "I can't change or remove what's already logged, so nothing was saved. Please change "
    "that entry in the app — no need to tell me again."
)
OFFLINE_LLM_ONLY = N_(
    "I can't save recipes, send support requests or change your supplement stack here, so "
    "nothing was saved. I log food, weight, check-ins and supplements taken, e.g. "
    '"2 eggs and toast", "72.4 kg", "mood 4, slept badly", "took vitamin D".'
)


def _quote(words: str, limit: int = 60) -> str:
    """A piece of the person's message, safe for HTML and short."""
    clean = "".join(c for c in words if c not in "<>&").strip()
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


def _quoted(w: Words, unknown: Sequence[str]) -> str:
    """Up to five of the person's words in quotes, then how many more there were."""
    quoted = ", ".join(f"'{_quote(u)}'" for u in unknown[:5])
    if len(unknown) > 5:
        return w._("{quoted} and {count} more").format(quoted=quoted, count=len(unknown) - 5)
    return quoted


def offline_not_understood(unknown: Sequence[str], logged_something: bool, reader: Reader) -> str:
    """What the rules could not place: one short line under what was logged; with nothing
    logged, how to phrase it."""
    w = words(reader)
    quoted = _quoted(w, unknown)
    if unknown and logged_something:
        return w._("Logged the rest; I couldn't place {quoted}.").format(quoted=quoted)
    if unknown:
        return w._(
            "I couldn't place {quoted}. Try phrasing it like "
            '"2 eggs and toast", "72.4 kg", "mood 4, slept badly", "took vitamin D".'
        ).format(quoted=quoted)
    return w._(
        "I couldn't understand that, so nothing was saved. Try phrasing it like "
        '"2 eggs and toast", "72.4 kg", "mood 4, slept badly", "took vitamin D".'
    )


def supplements_not_taken(names: Sequence[str], reader: Reader) -> str:
    """Supplements the person said they did not take: nothing is marked."""
    w = words(reader)
    if len(names) > 1:
        listed = w._("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])
    else:
        listed = names[0]
    return w._("OK, I haven't marked {names} as taken.").format(names=listed)


def exercise_not_tracked(said: Sequence[str], reader: Reader) -> str:
    """Exercise: the health service keeps none; how to keep it anyway."""
    quoted = ", ".join(f"'{_quote(w)}'" for w in said[:3])
    return (
        words(reader)
        ._(
            "Nice! The health service doesn't track exercise, so {quoted} isn't logged. "
            'To keep it in your day\'s notes, write "note: {first}".'
        )
        .format(quoted=quoted, first=_quote(said[0]))
    )


def offline_odd_numbers(numbers: Sequence[str], reader: Reader) -> str:
    """A message with a number the rules would misread ("1e309", "-500"): nothing is saved."""
    quoted = ", ".join(f"“{_quote(n, 20)}”" for n in numbers[:3])
    return (
        words(reader)
        ._(
            "I can't read {quoted}, so nothing was saved. Please write amounts as plain "
            "positive numbers, like 72.4 kg, 250 kcal or 2 eggs: no minus or plus sign and no "
            "powers of ten."
        )
        .format(quoted=quoted)
    )


def range_rating(top: int, reader: Reader) -> str:
    return (
        words(reader)
        ._("mood, energy and sleep are rated 1 to {top} (or out of 10, like “7/10”)")
        .format(top=top)
    )


def range_weight(low_kg: float, high_kg: float, reader: Reader) -> str:
    w = words(reader)
    return w._(
        "body weight goes from {low} to {high}, with its unit (kg, lb or st), like “72.4 kg”"
    ).format(low=w.weight(low_kg, unit=False), high=w.weight(high_kg))


def range_amount(max_count: float, max_grams: float, reader: Reader) -> str:
    w = words(reader)
    return w._("one food can be up to {count} pieces or portions, or up to {grams} g").format(
        count=w.number(max_count, 1, trim=True), grams=w.number(max_grams)
    )


def range_energy(max_kcal: float, reader: Reader) -> str:
    w = words(reader)
    return w._("one item can have up to {energy}").format(energy=w.energy(max_kcal))


def range_goal(
    low_kcal: float,
    high_kcal: float,
    high_grams: float,
    low_kg: float,
    high_kg: float,
    reader: Reader,
) -> str:
    w = words(reader)
    if reader.energy == "kJ":  # a kilojoule is no calorie
        said = w._(
            "an energy goal goes from {low_energy} to {high_energy}, a protein, carb or fat "
            "goal up to {grams} g, and a weight goal from {low_weight} to {high_weight}"
        )
    else:
        said = w._(
            "a calorie goal goes from {low_energy} to {high_energy}, a protein, carb or fat "
            "goal up to {grams} g, and a weight goal from {low_weight} to {high_weight}"
        )
    return said.format(
        low_energy=w.energy(low_kcal, unit=False),
        high_energy=w.energy(high_kcal),
        grams=w.number(high_grams),
        low_weight=w.weight(low_kg, unit=False),
        high_weight=w.weight(high_kg),
    )


def offline_out_of_range(
    refused: Sequence[tuple[str, str]], unknown: Sequence[str], reader: Reader
) -> str:
    """Numbers outside what can be logged, each with its allowed range (`refused` holds the
    person's words and a `range_*` text), then anything not understood at all."""
    w = words(reader)
    lines = [
        w._("I can't log '{said}': {allowed}.").format(said=_quote(said), allowed=allowed)
        for said, allowed in refused
    ]
    if unknown:
        quoted = ", ".join(f"'{_quote(u)}'" for u in unknown[:5])
        lines.append(w._("I couldn't place {quoted} either.").format(quoted=quoted))
    lines.append(w._("Nothing was saved; please send it again within those limits."))
    return " ".join(lines)


def offline_too_long(limit: int, reader: Reader) -> str:
    w = words(reader)
    return w._(
        "That message is too long for me (over {count} characters), so nothing was saved. "
        'Please send one or two items at a time, like "2 eggs and toast", "72.4 kg", '
        '"mood 4, slept badly", "took vitamin D".'
    ).format(count=w.number(limit))


def emoji_offer(phrase: str, emoji: str, reader: Reader) -> str:
    """A food emoji read as a guess: asked, with the buttons to save it. In English by the
    emoji's names ("A slice of pizza?"); in another language by the emoji themselves, as
    their names are English."""
    if reader.language == "en" or not emoji:
        return f"{phrase[:1].upper()}{phrase[1:]}?"
    return words(reader)._("{emoji} — shall I save this?").format(emoji=emoji)


def check_first(unplaced: Sequence[str], reader: Reader) -> str:
    """A message only partly placed, read but not saved: the draft below shows the reading."""
    w = words(reader)
    if not unplaced:
        return w._("I'm not sure I read all of that right, so please check it before I save it.")
    return w._(
        "I'm not sure I read all of that right, so please check it before I save it. "
        "I couldn't place {quoted}."
    ).format(quoted=_quoted(w, unplaced))


def food_facts(items: Sequence[tuple[str, float, float, float, float]], reader: Reader) -> str:
    """What foods hold, from the built-in table: (food, kcal, protein, carbs, fat) each."""
    w = words(reader)
    lines = [
        w._("{food}: {energy}, {protein} protein, {carbs} carbs, {fat} fat.").format(
            food=_quote(food, 80),
            energy=w.energy(kcal),
            protein=w.grams(protein),
            carbs=w.grams(carbs),
            fat=w.grams(fat),
        )
        for food, kcal, protein, carbs, fat in items
    ]
    return "\n".join([*lines, w._("(From my built-in food table; nothing was logged.)")])


# The planner's notices, shown by bot.render.said: message ids marked for the catalogs.
LLM_NOT_UNDERSTOOD = N_(
    "Sorry, I couldn't understand that, so nothing was saved. Could you say it again in "
    'other words? For example: "2 eggs and toast for breakfast, slept badly".'
)

# Instead of model text that claims a write ("Logged: ...") when nothing was written.
LLM_CLAIMED_WRITE = N_(
    "Nothing was saved from that message. To log something, say it plainly, for example: "
    '"2 eggs and toast for breakfast" or "72.4 kg".'
)

_LLM_AREA_NOUNS = {
    "nutrition": N_("the food"),
    "goals": N_("the goals"),
    "checkin": N_("the check-in"),
    "weight": N_("the weight"),
    "supplements": N_("the supplements"),
    "recipes": N_("the recipe"),
    "support": N_("the support request"),
    "read": N_("the question"),
}
_PART_OF_IT = N_("part of it")


def prompt_refused() -> str:
    """Instead of a model reply that quoted the bot's instructions (a prompt injection)."""
    return N_("I can't share my instructions. Tell me what you ate, your weight or how you feel.")


def estimated(foods: Sequence[str], reader: Reader) -> str:
    """Under the logged items (HTML): which of them carry the model's estimate, as the food
    table knew none of them and the person gave no figures. The entries' names stay clean;
    the mark is here."""
    names = "; ".join(esc(food) for food in dict.fromkeys(foods))
    return words(reader)._("≈ Estimated (not in the food table): {names}").format(names=names)


def llm_partly_understood(areas: Sequence[str | None], reader: Reader) -> str:
    """After a failed repair round that still produced some valid actions: say what is missing.

    `areas` are the tool areas of the calls that stayed invalid (None for an unknown tool).
    """
    w = words(reader)
    return w._(
        "I couldn't read {what} in your message, so I left that out. "
        "Could you send that part again in other words?"
    ).format(what=_listed(areas, reader))


def llm_repair_failed(areas: Sequence[str | None], reader: Reader) -> str:
    """The model failed (an error, too slow) while fixing part of a message it had half read:
    the rest was kept, and the person's wording is not to blame."""
    w = words(reader)
    return w._(
        "My AI model failed while reading {what} in your message, so I left that out. "
        "Please send that part again in a minute."
    ).format(what=_listed(areas, reader))


def _listed(areas: Sequence[str | None], reader: Reader) -> str:
    w = words(reader)
    nouns = [_LLM_AREA_NOUNS.get(area or "", _PART_OF_IT) for area in areas] or [_PART_OF_IT]
    return w.listed([w._(noun) for noun in dict.fromkeys(nouns)])


def left_out_malformed(what: Sequence[Malformed], reader: Reader) -> str:
    """Plain text: entries refused because their values could not be right (a name of
    markup, macros that cannot make the calories, a value out of range)."""
    w = words(reader)
    names = w.listed([malformed(m, reader) for m in what]) or w._("an entry")
    return w._(
        "I left out {names}: its values didn't look right (a garbled name, or numbers that "
        "don't add up), so it wasn't saved. Could you send it again with its amount?"
    ).format(names=names)


_MALFORMED = {
    MalformedKind.UNREADABLE_FOOD: N_("a food with an unreadable name"),
    MalformedKind.SUPPLEMENT: N_("a supplement"),
    MalformedKind.RECIPE: N_("a recipe"),
    MalformedKind.GOALS: N_("the goals"),
}


def malformed(entry: Malformed, reader: Reader) -> str:
    """A few words naming an entry left out for values that could not be right."""
    w = words(reader)
    if entry.kind is MalformedKind.FOOD:
        return f'"{entry.name}"'
    if entry.kind is MalformedKind.WEIGHT:
        return w._("the weight {weight}").format(weight=w.weight(entry.kg))
    if entry.kind is MalformedKind.GOAL_WEIGHT:
        return w._("the goal weight {weight}").format(weight=w.weight(entry.kg))
    return w._(_MALFORMED[entry.kind])
