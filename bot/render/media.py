"""Voice messages and photos: what the assistant heard or saw, and why it could not.

Texts are Telegram-safe HTML; a transcript or the model's words are escaped. Every text is
looked up in the reader's catalog (bot/render/words.py).
"""

from __future__ import annotations

from bot.kernel.readers import Reader
from bot.render.format import esc
from bot.render.words import words

__all__ = [
    "media_budget_reached",
    "media_download_failed",
    "photo_caption_only",
    "photo_estimate_head",
    "photo_failed",
    "photo_needs_llm",
    "photo_no_food",
    "photo_too_large",
    "photo_unavailable",
    "voice_empty",
    "voice_failed",
    "voice_needs_llm",
    "voice_too_long",
    "voice_transcript",
]


def _minutes(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def voice_transcript(text: str) -> str:
    """What the bot heard, shown above what it did with it (the person's own words)."""
    return f"🎙 “{esc(text)}”"


def voice_needs_llm(reader: Reader) -> str:
    return words(reader)._(
        "I can't listen to voice messages here, so nothing was saved. Please type it instead, "
        "e.g. <i>2 eggs and toast</i>."
    )


def photo_needs_llm(reader: Reader) -> str:
    return words(reader)._(
        "I can't look at photos here, so nothing was saved. Tell me what you ate instead, "
        "e.g. <i>chicken, rice and salad</i>, or send the photo with a caption that says it."
    )


def photo_caption_only(reader: Reader) -> str:
    """Above the reply to a photo's caption, when the photo itself could not be looked at."""
    return words(reader)._("📷 I can't look at photos here, so I read only your caption:")


def voice_too_long(seconds: int, limit: int, reader: Reader) -> str:
    return (
        words(reader)
        ._(
            "That recording is {length} long; I listen to up to {limit}. "
            "Nothing was saved — send a shorter one, or type it."
        )
        .format(length=_minutes(seconds), limit=_minutes(limit))
    )


def voice_empty(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't hear any words in that recording, so nothing was saved. Try again?"
    )


def voice_failed(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't transcribe that voice message just now, so nothing was saved. Please "
        "send it again in a minute, or type it."
    )


def media_budget_reached(reader: Reader) -> str:
    w = words(reader)
    return w._(
        "You've reached today's limit for my AI model, so I can't listen to recordings or "
        "look at photos until tomorrow. Nothing was saved; simple typed phrases still work "
        "(<i>2 eggs</i>, <i>{weight}</i>, <i>mood 4</i>)."
    ).format(weight=w.weight(72.4))


def media_download_failed(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't download that from Telegram. Nothing was saved — please send it again."
    )


def photo_too_large(limit: int, reader: Reader) -> str:
    w = words(reader)
    return w._(
        "That photo is too large for me (over {size} MB). Send it as a "
        "photo rather than a file, or tell me what you ate."
    ).format(size=w.number(limit / 1_000_000))


def photo_estimate_head(reader: Reader) -> str:
    return words(reader)._(
        "📷 <b>My estimate from your photo</b> — portions are guesses, so check them."
    )


def photo_no_food(model_words: str | None, reader: Reader) -> str:
    said = f"\n<i>{esc(model_words)}</i>" if model_words else ""
    head = words(reader)._("I couldn't find a meal to log in that photo, so nothing was saved.")
    return head + said


def photo_unavailable(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't look at that photo just now, so nothing was saved. Please send it again "
        "in a minute, or tell me what you ate."
    )


def photo_failed(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't make a usable estimate from that photo, so nothing was saved. Try a "
        "clearer shot, or tell me what you ate."
    )
