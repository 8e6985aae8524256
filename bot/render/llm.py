"""The words of the LLM path: what the LLM planner says when it could not read a message, the
`healthbot doctor` probe's verdict, and what the assistant says when the model is out of reach
or over today's budget.

The planner's texts are plain (whoever puts them into HTML escapes them); the assistant's are
Telegram-safe HTML.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.kernel.readers import Reader
from bot.kernel.said import Malformed, MalformedKind
from bot.render.format import esc
from bot.render.words import N_, words

__all__ = [
    "LLM_CLAIMED_WRITE",
    "LLM_NOT_UNDERSTOOD",
    "estimated",
    "left_out_malformed",
    "llm_answer_failed",
    "llm_budget_reached",
    "llm_failed",
    "llm_message_too_long",
    "llm_partly_understood",
    "llm_probe_result",
    "llm_repair_failed",
    "llm_slow",
    "llm_unavailable",
    "malformed",
    "prompt_refused",
    "read_refused",
    "used_rules_instead",
]

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


def llm_probe_result(model: str, tool_called: bool) -> str:
    """`healthbot doctor`: did the model answer a trivial request with a tool call?"""
    if tool_called:
        return f"tool calling works: {model} answered with a tool call"
    return (
        f"{model} answered without a tool call: this model or server may not support tool "
        "calling, so logging would fail (try another OPENAI_MODEL)"
    )


# The assistant, when the model cannot help with a message: HTML in the reader's words


def llm_unavailable(reader: Reader) -> str:
    w = words(reader)
    return w._(
        "My language model isn't reachable right now and my built-in rules didn't "
        "understand that. Nothing was saved yet, but I kept your message: reply "
        "<b>retry</b> in a minute, or use simple phrases like <i>2 eggs</i>, <i>{weight}</i>, "
        "<i>mood 4</i>."
    ).format(weight=w.weight(72.4))


def llm_failed(reader: Reader) -> str:
    return words(reader)._(
        "Sorry, I couldn't make sense of that, so nothing was saved. Could you say it more "
        "simply, one thing at a time?"
    )


def llm_budget_reached(reader: Reader) -> str:
    w = words(reader)
    return w._(
        "You've reached today's limit for my AI model, and my built-in rules didn't "
        "understand that. Nothing was saved. Simple phrases still work (<i>2 eggs</i>, "
        "<i>{weight}</i>, <i>mood 4</i>), and the limit resets tomorrow."
    ).format(weight=w.weight(72.4))


def llm_slow(reader: Reader) -> str:
    """The model missed its deadline and the rules could not read the message, kept for
    "retry"."""
    w = words(reader)
    return w._(
        "My AI model is slow right now and didn't answer in time. Nothing was saved yet, "
        "but I kept your message: reply <b>retry</b> in a minute, or use simple phrases "
        "like <i>2 eggs</i>, <i>{weight}</i>, <i>mood 4</i>."
    ).format(weight=w.weight(72.4))


def used_rules_instead(slow: bool, reader: Reader) -> str:
    """One line below a reply the built-in rules made because the model could not help."""
    w = words(reader)
    if slow:
        return w._("<i>(My AI model was slow, so my built-in rules read this message.)</i>")
    return w._("<i>(My AI model couldn't read this, so my built-in rules did.)</i>")


def llm_message_too_long(reader: Reader) -> str:
    """The message alone does not fit the model's context: retrying it can never work."""
    return words(reader)._(
        "That message is too long for my AI model to read in one go, so nothing was saved. "
        "Please send it in shorter parts, one meal or topic at a time."
    )


def llm_answer_failed(reader: Reader) -> str:
    """A question's data was read, but the model failed to word the answer."""
    return words(reader)._(
        "I looked that up, but my AI model couldn't put the answer into words just now. "
        "Please ask again in a minute."
    )


def read_refused(reader: Reader) -> str:
    """The health service refused a read as invalid (a bad route or dates), so it is the
    question as read that was wrong, not the service."""
    return words(reader)._(
        "I asked your health service for something it can't look up (a wrong date or kind "
        'of data). Try asking about one day or a week, e.g. "what did I eat yesterday?"'
    )


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
