"""Voice notes and meal photos on the OpenAI client: speech to text, and a photo to a plan.

Telegram-free: a front end downloads the file, the assistant decides what happens with the
result. Speech goes to the audio API (`POST /audio/transcriptions`), which OpenAI-compatible
servers (faster-whisper-server, LocalAI, vLLM) serve as well. A photo goes to a vision-capable
chat model offered one tool, `log_food`: the text planner's schema and validation
(`parse_tool_call`), so a photo can yield exactly what a message could log as food, and the
same system prompt gives it the person's date, time and date rules.

Failures are the planner's (bot/planner/base.py), so the assistant words them the same way:
`PlannerUnavailable` when the server could not be used (timeout, connection, 5xx, a model
that takes no audio or images), `PlannerFailed` when its answer was unusable. A photo's
failure carries the requests it sent (`PlannerError.llm_requests`): they count against the
person's daily budget like any other.
"""

from __future__ import annotations

import base64
import logging
from typing import Any

import openai
from openai.types.chat import (
    ChatCompletionContentPartParam,
    ChatCompletionMessageParam,
)

from bot.agent_api.actions import Action
from bot.config import Settings
from bot.kernel.said import ModelWords
from bot.planner.base import Plan, PlanContext, PlannerError, PlannerFailed, ReadRequest
from bot.planner.client import ChatRequests, openai_client, translate_error
from bot.planner.prompt import clock_note, load_template, render_system_prompt
from bot.planner.sanity import sane
from bot.planner.tool_schemas import tool_specs
from bot.planner.tools import ToolCallError, parse_tool_call

__all__ = ["PHOTO_TOOL", "Media", "build_media", "photo_messages", "photo_note"]

log = logging.getLogger(__name__)

PHOTO_TOOL = "log_food"
MAX_CAPTION_CHARS = 1000  # Telegram allows 1,024


def photo_note(caption: str | None) -> str:
    """How a photo appears as the person's turn in the conversation the planner reads later.

    A draft keeps it as its text, so a correction ("the rice was half that") is read with it.
    """
    caption = (caption or "").strip()[:MAX_CAPTION_CHARS]
    return f"[photo of a meal] {caption}" if caption else "[photo of a meal]"


def photo_messages(
    image: bytes, caption: str | None, context: PlanContext
) -> list[ChatCompletionMessageParam]:
    """The vision request: the text planner's system prompt plus prompts/photo.md, then the
    caption and the image (a data: URL, as Telegram photos are JPEG) in one user turn."""
    # An image is never a cached prefix, so the clock may stay with the instructions here.
    photo = load_template("photo.md").substitute()
    system = f"{render_system_prompt(context)}\n\n{clock_note(context)}\n\n{photo}"
    url = "data:image/jpeg;base64," + base64.b64encode(image).decode("ascii")
    caption = (caption or "").strip()[:MAX_CAPTION_CHARS]
    parts: list[ChatCompletionContentPartParam] = [
        {"type": "text", "text": f"Caption: {caption}" if caption else "No caption."},
        {"type": "image_url", "image_url": {"url": url}},
    ]
    return [{"role": "system", "content": system}, {"role": "user", "content": parts}]


class Media:
    """Transcribes voice notes and estimates meal photos; one request each."""

    def __init__(
        self,
        client: openai.AsyncOpenAI,
        *,
        transcribe_model: str,
        vision_model: str,
        temperature: float | None = 0,
    ) -> None:
        self.client = client
        self.transcribe_model = transcribe_model
        self.vision_model = vision_model
        # A photo is offered `log_food` alone; model, tool and temperature (None: leave it to
        # the server, some models refuse 0) are the same in every request: encoded once.
        photo_tools = [spec for spec in tool_specs() if spec["function"]["name"] == PHOTO_TOOL]
        self.photos = ChatRequests(client, vision_model, photo_tools, temperature=temperature)

    async def aclose(self) -> None:
        await self.client.close()

    def note(self, caption: str | None) -> str:
        """`photo_note`, for callers that import this module lazily (it brings in openai)."""
        return photo_note(caption)

    async def transcribe(self, audio: bytes, filename: str) -> str:
        """The words of a voice note or audio file; "" when nothing was said.

        `filename`'s extension tells the server the format (OpenAI wants .ogg, not .oga).
        """
        try:
            result = await self.client.audio.transcriptions.create(
                model=self.transcribe_model, file=(filename, audio)
            )
        except openai.APIError as exc:
            raise translate_error(exc, self.client.api_key) from exc
        text = getattr(result, "text", None)
        if not isinstance(text, str):
            raise PlannerFailed("the transcription response had no text")
        return " ".join(text.split())

    async def estimate_photo(self, image: bytes, caption: str | None, context: PlanContext) -> Plan:
        """The foods of a meal photo as `nutrition.add_entry` actions, always to be confirmed.

        No tool call -> a plan with only the model's words (e.g. "I can't see any food").
        Calls of tools other than `log_food` are ignored; when no call validates, the photo
        is `PlannerFailed` (a repair round would send the image again, at full price).
        """
        sent = Plan()  # every request sent counts, a retried and a failed one too
        try:
            return await self._estimate(image, caption, context, sent)
        except PlannerError as exc:
            exc.llm_requests = sent.llm_requests
            raise

    async def _estimate(
        self, image: bytes, caption: str | None, context: PlanContext, plan: Plan
    ) -> Plan:
        def on_send() -> None:
            plan.llm_requests += 1

        messages = photo_messages(image, caption, context)
        completion = await self.photos.complete(messages, tool_choice="auto", on_send=on_send)
        _counted(plan, completion)
        choices = getattr(completion, "choices", None)
        if not choices:
            raise PlannerFailed("the vision response had no choices")
        message = choices[0].message
        actions: list[Action] = []
        errors: list[str] = []
        for call in message.tool_calls or []:
            function = getattr(call, "function", None)  # some servers leave out "type"
            if function is None or function.name != PHOTO_TOOL:
                log.info("photo: ignored a call of %s", getattr(function, "name", "another tool"))
                continue
            try:
                outputs = parse_tool_call(PHOTO_TOOL, function.arguments, context, caption or "")
            except ToolCallError as exc:
                errors.append(str(exc))
                continue
            actions.extend(o for o in outputs if not isinstance(o, ReadRequest))
        if errors and not actions:
            raise PlannerFailed("photo estimate did not validate: " + "; ".join(errors))
        plan.actions = actions
        if not actions:
            text = (message.content or message.refusal or "").strip()
            plan.said = [ModelWords(text)] if text else []
            return plan
        return sane(plan)  # as a text plan: no JSON debris or impossible macros in a draft


def _counted(plan: Plan, completion: Any) -> Plan:
    usage = getattr(completion, "usage", None)
    if usage is not None:  # local servers often leave it out
        plan.prompt_tokens += usage.prompt_tokens or 0
        plan.completion_tokens += usage.completion_tokens or 0
    return plan


def build_media(settings: Settings) -> Media | None:
    """Voice and photos from settings; None without an LLM key (both need a model).

    One retry, as for the planner (`openai_client`): nothing is written by these requests.
    """
    if settings.openai_api_key is None or not settings.llm_enabled:
        return None
    return Media(
        openai_client(settings),
        transcribe_model=settings.openai_transcribe_model,
        vision_model=settings.vision_model,
        temperature=settings.llm_temperature,
    )
