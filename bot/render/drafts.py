"""Drafts: what the assistant shows before saving (confirm mode, implausible values), its
answers to the draft's buttons, and to an edited message.

Texts are Telegram-safe HTML, except the toasts (plain text, at most 200 characters).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from pydantic import BaseModel

from bot.kernel.plausibility import Concern
from bot.kernel.readers import DEFAULT
from bot.render import llm
from bot.render.conversation import logged_line
from bot.render.format import capped, esc, fit

__all__ = [
    "correction_of_nothing_logged",
    "correction_to_less",
    "correction_unreadable",
    "difference_draft",
    "difference_food",
    "draft",
    "draft_already_dropped",
    "draft_already_replaced",
    "draft_already_saved",
    "draft_awaiting_fix",
    "draft_dropped",
    "draft_fix_not_understood",
    "draft_fix_prompt",
    "draft_gone",
    "draft_replaced",
    "draft_still_open",
    "edit_applied_to_draft",
    "edit_not_applied",
    "edit_of_draft_not_understood",
    "edit_of_logged",
    "edit_of_queued",
    "edit_of_queued_head",
    "edit_of_refused",
]


def _concern_text(concern: Concern) -> str:
    if concern.kind == "kcal_high":
        return f"{concern.value:,.0f} kcal is a lot for one item — is that right?"
    if concern.kind == "macros_mismatch":
        return (
            f"the macros add up to about {concern.reference:,.0f} kcal, "
            f"not {concern.value:,.0f} kcal"
        )
    if concern.kind == "weight_jump":
        return (
            f"{concern.value:.1f} kg is more than 5 kg from your last weight "
            f"({concern.reference:.1f} kg)"
        )
    return "this looks unusual"


def draft(
    actions: Sequence[BaseModel],
    concerns: Sequence[Concern],
    today: dt.date,
    estimated: Sequence[str] = (),
) -> str:
    """The draft's items, each with what looks wrong about it; under them, which foods carry
    the model's estimate (`estimated`, their entries' names), as a logged reply says."""
    lines = [logged_line(a, today, DEFAULT) for a in actions]
    for concern in concerns:
        if 0 <= concern.index < len(lines):
            lines[concern.index] += f"\n   ⚠️ {esc(_concern_text(concern))}"
    head = (
        "<b>Please check before I save</b>"
        if concerns
        else "<b>Here's what I understood</b> — nothing is saved yet:"
    )
    shown = head + "\n" + "\n".join(capped(lines))
    if estimated:
        shown += "\n\n" + llm.estimated(estimated)
    return fit(shown)


def draft_gone() -> str:
    return "That draft has expired, so nothing was saved. Send it again?"


def draft_replaced() -> str:
    """What a draft's message says once an edit of the person's message replaced it."""
    return "✏️ Replaced by the draft of your edited message, below. Nothing of this one was saved."


def draft_still_open(drafts: Sequence[Sequence[BaseModel]], today: dt.date) -> str:
    """Said under the next reply after a draft was left waiting, once."""
    lines = [logged_line(a, today, DEFAULT) for actions in drafts for a in actions]
    many = f" ({len(drafts)} drafts)" if len(drafts) > 1 else ""
    head = f"Still waiting for you above, not saved{many}:"
    tail = "Tap ✅ Save or 🗑 Drop under it." if not many else "Tap ✅ Save or 🗑 Drop under each."
    return fit("\n".join([head, *capped(lines), tail]))


# Toasts: the short notice over the chat for a tap that changes nothing (plain text, ≤ 200).


def draft_already_saved() -> str:
    return "Already saved."


def draft_already_dropped() -> str:
    return "Already dropped — nothing was saved."


def draft_already_replaced() -> str:
    return "Replaced by a newer draft — nothing of this one was saved."


def draft_awaiting_fix() -> str:
    return "Send me the correction as a message."


def draft_dropped() -> str:
    return "Dropped — nothing was saved."


# An edited message


_CORRECT_BY_MESSAGE = (
    "To correct it, send the right amount as a new message, e.g. <i>actually it was 3 "
    "bananas</i>: I'll offer the difference for you to save."
)


def edit_of_logged(actions: Sequence[BaseModel], today: dt.date) -> str:
    """An edited message whose entries were already logged: they stay as they are."""
    lines = "\n".join(logged_line(a, today, DEFAULT) for a in actions)
    return (
        f"I had already logged that message:\n{lines}\n\n"
        f"Editing it doesn't change what was saved. {_CORRECT_BY_MESSAGE}"
    )


def edit_of_queued_head() -> str:
    return "That message isn't in your account yet — it's waiting to sync:"


def edit_of_queued(actions: Sequence[BaseModel], today: dt.date) -> str:
    """An edited message whose entries wait in the outbox: they go in as first sent."""
    lines = "\n".join(logged_line(a, today, DEFAULT) for a in actions)
    return (
        f"{edit_of_queued_head()}\n{lines}\n\n"
        "It will be saved as you first sent it; your edit doesn't change it. "
        f"{_CORRECT_BY_MESSAGE}"
    )


def edit_of_refused() -> str:
    """An edited message the service had refused: nothing of it is in the account."""
    return (
        "The health service didn't accept that message, so nothing of it was saved, and "
        "your edit doesn't change that. Send the new text as a new message."
    )


def edit_not_applied() -> str:
    """An edited message that is not a draft under review and was not logged by me."""
    return (
        "I saw your edit, but I only act on new messages, so nothing changed. "
        "If you want me to take the new text, send it as a new message."
    )


def edit_applied_to_draft() -> str:
    return "✏️ Updated the draft to your edited message:"


def edit_of_draft_not_understood() -> str:
    return (
        "I couldn't find anything to log in your edited message, so the draft above stays as "
        "it was."
    )


# Fixing a draft


def draft_fix_prompt(actions: Sequence[BaseModel], today: dt.date) -> str:
    lines = "\n".join(logged_line(a, today, DEFAULT) for a in actions)
    return (
        f"{lines}\n\nWhat should I change? Tell me in your words, e.g. "
        "<i>it was 2 eggs</i> or <i>the pasta was 300 g</i>."
    )


def draft_fix_not_understood() -> str:
    return (
        "I didn't catch the change. Tell me e.g. <i>it was 2 eggs</i> or <i>72.4 kg</i> — "
        "the draft is still waiting."
    )


# A correction of something already logged ("actually it was 3 eggs")


def difference_food(said: str, logged: str, counts: tuple[float, float] | None) -> str:
    """The name of the entry that makes a logged one what the person said: "Eggs, +1 large
    (3 in all, not 2)"; when the amounts cannot be compared, what it completes."""
    if counts is not None:
        before, after = counts
        added = re.sub(r"\d+(?:\.\d+)?", f"+{after - before:g}", said, count=1)
        name = f"{added} ({after:g} in all, not {before:g})"
    else:
        name = f"{said}: the difference from {logged}"
    return name[:200]


def difference_draft(actions: Sequence[BaseModel], today: dt.date) -> str:
    lines = [logged_line(a, today, DEFAULT) for a in actions]
    return fit(
        "<b>I can't change what's already logged</b>, so I'd add the difference — nothing "
        "is saved yet:\n" + "\n".join(capped(lines))
    )


def correction_to_less(logged: str) -> str:
    return (
        f"I can't lower or remove what's already logged ({esc(logged)}), so nothing was "
        "saved. Please change that entry in the app — no need to tell me again."
    )


def correction_of_nothing_logged() -> str:
    return (
        "I don't see that among today's entries, so nothing was saved. If you haven't logged "
        "it yet, just tell me what you had, e.g. <i>3 eggs</i>."
    )


def correction_unreadable() -> str:
    return (
        "I couldn't look at today's entries just now, so nothing was saved. Please send the "
        "correction again in a minute."
    )
