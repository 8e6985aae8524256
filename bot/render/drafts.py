"""Drafts: what the assistant shows before saving (confirm mode, implausible values), its
answers to the draft's buttons, and to an edited message.

Texts are Telegram-safe HTML, except the toasts (plain text, at most 200 characters). Every
text is looked up in the reader's catalog (bot/render/words.py).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence

from pydantic import BaseModel

from bot.kernel.plausibility import MAX_WEIGHT_JUMP_KG, Concern
from bot.kernel.readers import Reader
from bot.render import reading
from bot.render.conversation import logged_line
from bot.render.format import capped, esc, fit
from bot.render.words import Words, words

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


def _concern_text(concern: Concern, w: Words) -> str:
    if concern.kind == "kcal_high":
        return w._("{energy} is a lot for one item — is that right?").format(
            energy=w.energy(concern.value)
        )
    if concern.kind == "macros_mismatch":
        return w._("the macros add up to about {expected}, not {given}").format(
            expected=w.energy(concern.reference), given=w.energy(concern.value)
        )
    if concern.kind == "weight_jump":
        return w._("{weight} is more than {limit} from your last weight ({last})").format(
            weight=w.weight(concern.value),
            limit=w.weight(MAX_WEIGHT_JUMP_KG, 0),
            last=w.weight(concern.reference),
        )
    return w._("this looks unusual")


def draft(
    actions: Sequence[BaseModel],
    concerns: Sequence[Concern],
    today: dt.date,
    estimated: Sequence[str] = (),
    *,
    reader: Reader,
) -> str:
    """The draft's items, each with what looks wrong about it; under them, which foods carry
    the model's estimate (`estimated`, their entries' names), as a logged reply says."""
    w = words(reader)
    lines = [logged_line(a, today, reader) for a in actions]
    for concern in concerns:
        if 0 <= concern.index < len(lines):
            lines[concern.index] += f"\n   ⚠️ {esc(_concern_text(concern, w))}"
    head = (
        w._("<b>Please check before I save</b>")
        if concerns
        else w._("<b>Here's what I understood</b> — nothing is saved yet:")
    )
    shown = head + "\n" + "\n".join(capped(lines, reader=reader))
    if estimated:
        shown += "\n\n" + reading.estimated(estimated, reader)
    return fit(shown)


def draft_gone(reader: Reader) -> str:
    return words(reader)._("That draft has expired, so nothing was saved. Send it again?")


def draft_replaced(reader: Reader) -> str:
    """What a draft's message says once an edit of the person's message replaced it."""
    return words(reader)._(
        "✏️ Replaced by the draft of your edited message, below. Nothing of this one was saved."
    )


def draft_still_open(drafts: Sequence[Sequence[BaseModel]], today: dt.date, reader: Reader) -> str:
    """Said under the next reply after a draft was left waiting, once."""
    w = words(reader)
    lines = [logged_line(a, today, reader) for actions in drafts for a in actions]
    if len(drafts) > 1:
        head = w._("Still waiting for you above, not saved ({count} drafts):").format(
            count=len(drafts)
        )
        tail = w._("Tap ✅ Save or 🗑 Drop under each.")
    else:
        head = w._("Still waiting for you above, not saved:")
        tail = w._("Tap ✅ Save or 🗑 Drop under it.")
    return fit("\n".join([head, *capped(lines, reader=reader), tail]))


# Toasts: the short notice over the chat for a tap that changes nothing (plain text, ≤ 200).


def draft_already_saved(reader: Reader) -> str:
    return words(reader)._("Already saved.")


def draft_already_dropped(reader: Reader) -> str:
    return words(reader)._("Already dropped — nothing was saved.")


def draft_already_replaced(reader: Reader) -> str:
    return words(reader)._("Replaced by a newer draft — nothing of this one was saved.")


def draft_awaiting_fix(reader: Reader) -> str:
    return words(reader)._("Send me the correction as a message.")


def draft_dropped(reader: Reader) -> str:
    return words(reader)._("Dropped — nothing was saved.")


# An edited message


def _correct_by_message(w: Words) -> str:
    return w._(
        "To correct it, send the right amount as a new message, e.g. <i>actually it was 3 "
        "bananas</i>: I'll offer the difference for you to save."
    )


def edit_of_logged(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    """An edited message whose entries were already logged: they stay as they are."""
    w = words(reader)
    lines = "\n".join(logged_line(a, today, reader) for a in actions)
    return "{head}\n{lines}\n\n{unchanged} {how}".format(
        head=w._("I had already logged that message:"),
        lines=lines,
        unchanged=w._("Editing it doesn't change what was saved."),
        how=_correct_by_message(w),
    )


def edit_of_queued_head(reader: Reader) -> str:
    return words(reader)._("That message isn't in your account yet — it's waiting to sync:")


def edit_of_queued(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    """An edited message whose entries wait in the outbox: they go in as first sent."""
    w = words(reader)
    lines = "\n".join(logged_line(a, today, reader) for a in actions)
    return "{head}\n{lines}\n\n{unchanged} {how}".format(
        head=edit_of_queued_head(reader),
        lines=lines,
        unchanged=w._("It will be saved as you first sent it; your edit doesn't change it."),
        how=_correct_by_message(w),
    )


def edit_of_refused(reader: Reader) -> str:
    """An edited message the service had refused: nothing of it is in the account."""
    return words(reader)._(
        "The health service didn't accept that message, so nothing of it was saved, and "
        "your edit doesn't change that. Send the new text as a new message."
    )


def edit_not_applied(reader: Reader) -> str:
    """An edited message that is not a draft under review and was not logged by me."""
    return words(reader)._(
        "I saw your edit, but I only act on new messages, so nothing changed. "
        "If you want me to take the new text, send it as a new message."
    )


def edit_applied_to_draft(reader: Reader) -> str:
    return words(reader)._("✏️ Updated the draft to your edited message:")


def edit_of_draft_not_understood(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't find anything to log in your edited message, so the draft above stays as "
        "it was."
    )


# Fixing a draft


def draft_fix_prompt(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    lines = "\n".join(logged_line(a, today, reader) for a in actions)
    ask = words(reader)._(
        "What should I change? Tell me in your words, e.g. "
        "<i>it was 2 eggs</i> or <i>the pasta was 300 g</i>."
    )
    return f"{lines}\n\n{ask}"


def draft_fix_not_understood(reader: Reader) -> str:
    w = words(reader)
    return w._(
        "I didn't catch the change. Tell me e.g. <i>it was 2 eggs</i> or <i>{weight}</i> — "
        "the draft is still waiting."
    ).format(weight=w.weight(72.4))


# A correction of something already logged ("actually it was 3 eggs")


def difference_food(
    said: str, logged: str, counts: tuple[float, float] | None, reader: Reader
) -> str:
    """The name of the entry that makes a logged one what the person said: "Eggs, +1 large
    (3 in all, not 2)"; when the amounts cannot be compared, what it completes. The person
    reads it in their log, so it is in their language."""
    w = words(reader)
    if counts is not None:
        before, after = counts
        added = re.sub(r"\d+(?:\.\d+)?", f"+{after - before:g}", said, count=1)
        name = w._("{food} ({after} in all, not {before})").format(
            food=added, after=f"{after:g}", before=f"{before:g}"
        )
    else:
        name = w._("{food}: the difference from {logged}").format(food=said, logged=logged)
    return name[:200]


def difference_draft(actions: Sequence[BaseModel], today: dt.date, reader: Reader) -> str:
    lines = [logged_line(a, today, reader) for a in actions]
    head = words(reader)._(
        "<b>I can't change what's already logged</b>, so I'd add the difference — nothing "
        "is saved yet:"
    )
    return fit(head + "\n" + "\n".join(capped(lines, reader=reader)))


def correction_to_less(logged: str, reader: Reader) -> str:
    return (
        words(reader)
        ._(
            "I can't lower or remove what's already logged ({food}), so nothing was "
            "saved. Please change that entry in the app — no need to tell me again."
        )
        .format(food=esc(logged))
    )


def correction_of_nothing_logged(reader: Reader) -> str:
    return words(reader)._(
        "I don't see that among today's entries, so nothing was saved. If you haven't logged "
        "it yet, just tell me what you had, e.g. <i>3 eggs</i>."
    )


def correction_unreadable(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't look at today's entries just now, so nothing was saved. Please send the "
        "correction again in a minute."
    )
