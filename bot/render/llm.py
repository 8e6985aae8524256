"""The words of the LLM path: what the LLM planner says when it could not read a message, the
`healthbot doctor` probe's verdict, and what the assistant says when the model is out of reach
or over today's budget.

The planner's texts are plain (whoever puts them into HTML escapes them); the assistant's are
Telegram-safe HTML.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "LLM_NOT_UNDERSTOOD",
    "llm_budget_reached",
    "llm_failed",
    "llm_partly_understood",
    "llm_probe_result",
    "llm_unavailable",
    "prompt_refused",
]

LLM_NOT_UNDERSTOOD = (
    "Sorry, I couldn't understand that, so nothing was saved. Could you say it again in "
    'other words? For example: "2 eggs and toast for breakfast, slept badly".'
)

_LLM_AREA_NOUNS = {
    "nutrition": "the food",
    "goals": "the goals",
    "checkin": "the check-in",
    "weight": "the weight",
    "supplements": "the supplements",
    "recipes": "the recipe",
    "support": "the support request",
    "read": "the question",
}


def prompt_refused() -> str:
    """Instead of a model reply that quoted the bot's instructions (a prompt injection)."""
    return "I can't share my instructions. Tell me what you ate, your weight or how you feel."


def llm_partly_understood(areas: Sequence[str | None]) -> str:
    """After a failed repair round that still produced some valid actions: say what is missing.

    `areas` are the tool areas of the calls that stayed invalid (None for an unknown tool).
    """
    nouns = list(dict.fromkeys(_LLM_AREA_NOUNS.get(area or "", "part of it") for area in areas))
    if not nouns:
        nouns = ["part of it"]
    what = nouns[0] if len(nouns) == 1 else ", ".join(nouns[:-1]) + " and " + nouns[-1]
    return (
        f"I couldn't read {what} in your message, so I left that out. "
        "Could you send that part again in other words?"
    )


def llm_probe_result(model: str, tool_called: bool) -> str:
    """`healthbot doctor`: did the model answer a trivial request with a tool call?"""
    if tool_called:
        return f"tool calling works: {model} answered with a tool call"
    return (
        f"{model} answered without a tool call: this model or server may not support tool "
        "calling, so logging would fail (try another OPENAI_MODEL)"
    )


# The assistant, when the model cannot help with a message


def llm_unavailable() -> str:
    return (
        "My language model isn't reachable right now and my built-in rules didn't "
        "understand that. Nothing was saved yet, but I kept your message: reply "
        "<b>retry</b> in a minute, or use simple phrases like <i>2 eggs</i>, <i>72.4 kg</i>, "
        "<i>mood 4</i>."
    )


def llm_failed() -> str:
    return (
        "Sorry, I couldn't make sense of that, so nothing was saved. Could you say it more "
        "simply, one thing at a time?"
    )


def llm_budget_reached() -> str:
    return (
        "You've reached today's limit for my AI model, and my built-in rules didn't "
        "understand that. Nothing was saved. Simple phrases still work (<i>2 eggs</i>, "
        "<i>72.4 kg</i>, <i>mood 4</i>), and the limit resets tomorrow."
    )
