"""When the AI model cannot help with a message: out of reach, slow, over today's budget, a
message too long for it, an answer it could not word; and the line under a reply the built-in
rules made instead. Telegram-safe HTML in the reader's words.
"""

from __future__ import annotations

from bot.kernel.readers import Reader
from bot.render.words import words

__all__ = [
    "llm_answer_failed",
    "llm_budget_reached",
    "llm_failed",
    "llm_message_too_long",
    "llm_slow",
    "llm_unavailable",
    "used_rules_instead",
]


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
