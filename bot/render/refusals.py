"""Why a journey ended early (bot/kernel/refusals.py), in the words of the person's reader:
chosen when the reply is handed to a front end, never where the failure happened.

Texts are Telegram-safe HTML; the buttons of a refusal that asks something (which unit a
weight is in) are in bot/render/keyboards.py.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.kernel.readers import Reader
from bot.kernel.refusals import NothingToRepeat, Reason, Refusal, VoiceTooLong, WhichUnit
from bot.render import accounts, conversation, drafts, media, model, usual

__all__ = ["refusal"]

_SAID: dict[Reason, Callable[[Reader], str]] = {
    Reason.NOT_LINKED: accounts.not_linked,
    Reason.NEEDS_RECONNECT: accounts.needs_reconnect,
    Reason.READ_FAILED: conversation.read_failed,
    Reason.VOICE_NEEDS_MODEL: media.voice_needs_llm,
    Reason.PHOTO_NEEDS_MODEL: media.photo_needs_llm,
    Reason.VOICE_FAILED: media.voice_failed,
    Reason.VOICE_EMPTY: media.voice_empty,
    Reason.MEDIA_BUDGET_SPENT: media.media_budget_reached,
    Reason.MODEL_BUDGET_SPENT: model.llm_budget_reached,
    Reason.MODEL_TOO_LONG: model.llm_message_too_long,
    Reason.MODEL_SLOW: model.llm_slow,
    Reason.MODEL_UNAVAILABLE: model.llm_unavailable,
    Reason.MODEL_FAILED: model.llm_failed,
    Reason.FIX_NOT_UNDERSTOOD: drafts.draft_fix_not_understood,
    Reason.EDIT_NOT_UNDERSTOOD: drafts.edit_of_draft_not_understood,
}


def refusal(why: Refusal, reader: Reader) -> str:
    """What the person reads when a journey stopped for `why`."""
    if isinstance(why, VoiceTooLong):
        return media.voice_too_long(why.seconds, why.limit, reader)
    if isinstance(why, NothingToRepeat):
        return usual.nothing_to_repeat(why, reader)
    if isinstance(why, WhichUnit):
        return usual.which_unit(why.value, reader)
    return _SAID[why](reader)
