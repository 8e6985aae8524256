"""Drafts, plausibility, confirm mode, "retry" and the LLM budget, against the real sandbox."""

from __future__ import annotations

import datetime as dt

import aiohttp

from bot.agent_api.actions import WeightLog
from bot.agent_api.views import TodayView
from bot.core.assistant import Assistant
from bot.kernel.plausibility import RecentWeights
from bot.kernel.readers import DEFAULT
from bot.kernel.replies import Reply
from bot.render import conversation, drafts
from bot.render import format as fmt
from tests.core.test_assistant import DAY, MORNING, USER, linked, plain, say
from tests.fixtures.core import AssistantFactory
from tests.fixtures.openai import FakeOpenAI
from tests.fixtures.sandbox import RunningSandbox


async def text_reply(assistant: Assistant, text: str) -> Reply:
    return await assistant.handle_text(user_id=USER, chat_id=USER, text=text, now=MORNING)


def callbacks(reply: Reply) -> dict[str, str]:
    """Button label's first word -> callback data."""
    return {b.callback.split(":")[1]: b.callback for row in reply.buttons for b in row}


async def tap(assistant: Assistant, data: str) -> Reply:
    return await assistant.on_button(user_id=USER, chat_id=USER, data=data, now=MORNING)


async def test_implausible_calories_are_not_written_until_saved(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reply = await text_reply(assistant, "protein bar 6000 kcal")
    assert "Please check" in plain(reply.html) and "6,000 kcal" in plain(reply.html)
    assert (await sandbox.counts(key))["nutrition"] == 0
    saved = await tap(assistant, callbacks(reply)["save"])
    assert saved.edit and "Calories:" in plain(saved.html)
    again = await tap(assistant, callbacks(reply)["save"])  # a double tap saves once
    assert again.toast == drafts.draft_already_saved(DEFAULT)  # and does not un-say "saved"
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_forged_button_data_changes_nothing(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    draft = await text_reply(assistant, "protein bar 6000 kcal")
    draft_id = int(callbacks(draft)["save"].rsplit(":", 1)[1])
    forged = [
        "draft:save:99999999999999999999999",
        "draft:save:²",
        f"draft:save:{draft_id}²",
        "rate:mood:³",
        "draft:save:424242",  # no such draft
        f"draft:save:{2**63 - 1}",  # the largest id there can be, and none
        "",
        "forget:yes:now",
    ]
    for data in forged:
        reply = await tap(assistant, data)
        assert reply.toast == conversation.button_inactive(DEFAULT), data
    assert (await sandbox.counts(key))["nutrition"] == 0
    saved = await tap(assistant, callbacks(draft)["save"])  # the real button still works
    assert saved.edit and "Calories:" in plain(saved.html)
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_a_weight_jump_is_asked_about_and_can_be_dropped(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await say(assistant, "72.4 kg")
    reply = await text_reply(assistant, "weight 27 kg")
    assert "more than 5 kg" in plain(reply.html)
    dropped = await tap(assistant, callbacks(reply)["drop"])
    assert "nothing was saved" in plain(dropped.html).lower()
    assert (await sandbox.counts(key))["weights"] == 1


def weight_reads(assistant: Assistant) -> list[str]:
    """Every GET /weight the assistant sends from now on (observed on its real HTTP client)."""
    seen: list[str] = []

    async def started(
        session: aiohttp.ClientSession, context: object, request: aiohttp.TraceRequestStartParams
    ) -> None:
        if request.method == "GET" and request.url.path.endswith("/weight"):
            seen.append(str(request.url))

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(started)
    trace.freeze()
    assistant.resources.http.trace_configs.append(trace)
    return seen


async def test_a_weight_after_a_logged_message_is_checked_without_another_read(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reads = weight_reads(assistant)
    assert "72.4" in await say(assistant, "72.4 kg")
    assert len(reads) == 1  # nothing seen of today yet: the check reads the history
    reply = await text_reply(assistant, "weight 27 kg")  # /today showed 72.4 a moment ago
    assert "more than 5 kg" in plain(reply.html)
    await tap(assistant, callbacks(reply)["drop"])
    assert "Calories:" in await say(assistant, "a banana")
    assert "72.1" in await say(assistant, "72.1 kg")  # plausible against 72.4: written at once
    assert len(reads) == 1
    assert (await sandbox.counts(key))["weights"] == 2


async def test_a_stale_or_other_day_weight_is_read_again(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    reads = weight_reads(assistant)
    await say(assistant, "a banana")
    await say(assistant, "yesterday 70 kg")  # another day than the /today just seen
    assert len(reads) == 1
    # The dashboard changes the weight meanwhile; an hour later the bot no longer relies on
    # the /today it saw and reads the history again.
    await assistant.resources.api(key).ingest(
        [WeightLog.model_validate({"date": DAY, "weightKg": 90.0})]
    )
    assistant.resources.weights.fresh_seconds = 0
    reply = await text_reply(assistant, "90.5 kg")
    assert len(reads) == 2
    assert not reply.buttons and "90.5" in plain(reply.html)  # no false jump from 70


def test_recent_weights_are_bounded_and_per_day() -> None:
    weights = RecentWeights(size=2, clock=lambda: 0.0)
    view = TodayView.model_validate({"weight": {"latest": {"date": "2026-11-20", "weightKg": 70}}})
    for user in (1, 2, 3):
        weights.note(user, DAY, view)
    assert weights.last(1, DAY) == (False, None)  # the least recently seen went first
    assert weights.last(3, DAY) == (True, 70.0)
    assert weights.last(3, DAY + dt.timedelta(days=1)) == (False, None)
    weights.note(3, DAY, TodayView.model_validate({"weight": {"latest": None}}))
    assert weights.last(3, DAY) == (True, None)  # known: no weight yet
    weights.note(3, DAY, TodayView.model_validate({"date": "2026-11-22"}))
    assert weights.last(3, DAY) == (False, None)  # the service did not say: unknown


async def test_confirm_mode_fix_revises_the_draft_then_saves(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    settings = await assistant.preferences.settings_view(user_id=USER)
    toggled = await tap(assistant, settings.buttons[0][0].callback)
    assert "Confirm before saving: on" in plain(toggled.html)

    draft = await text_reply(assistant, "1 egg and a banana")
    assert "nothing is saved yet" in plain(draft.html)
    fix = await tap(assistant, callbacks(draft)["fix"])
    assert "What should I change" in plain(fix.html)
    revised = await text_reply(assistant, "it was 2 eggs")
    text = plain(revised.html)
    assert "Eggs, 2" in text and "Banana" in text and "Egg, 1" not in text
    assert (await sandbox.counts(key))["nutrition"] == 0
    await tap(assistant, callbacks(revised)["save"])
    nutrition = await assistant.resources.api(key).nutrition(MORNING.date())
    foods = sorted(e["food"] for e in nutrition["entries"])
    assert len(foods) == 2 and foods[0].startswith("Banana") and foods[1].startswith("Eggs, 2")


async def test_confirm_mode_off_writes_at_once(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await assistant.preferences.set_confirm_mode(user_id=USER, enabled=True)
    await assistant.preferences.set_confirm_mode(user_id=USER, enabled=False)
    reply = await text_reply(assistant, "a banana")
    assert not reply.buttons and "Calories:" in plain(reply.html)
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_an_expired_draft_is_not_written(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox
) -> None:
    assistant, key = await linked(assistant_factory, sandbox)
    await assistant.preferences.set_confirm_mode(user_id=USER, enabled=True)
    draft = await text_reply(assistant, "a banana")
    later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=25)
    assistant.resources.clock = lambda: later
    reply = await tap(assistant, callbacks(draft)["save"])
    assert plain(reply.html) == fmt.to_plain(drafts.draft_gone(DEFAULT))
    assert (await sandbox.counts(key))["nutrition"] == 0


async def test_llm_outage_keeps_the_text_for_retry(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await linked(assistant_factory, sandbox, openai_base_url=fake_openai.base_url)
    fake_openai.reply_error(503)
    fake_openai.reply_error(503)  # the client retries once
    first = await say(assistant, "had a quinoa bowl with roasted veggies and moonberries")
    assert "retry" in first
    fake_openai.reply_tool_calls(
        [
            (
                "nutrition_add_entry",
                {
                    "date": "2026-11-22",
                    "entry": {
                        "food": "Quinoa bowl with roasted vegetables, 1 bowl",
                        "calories": 480,
                        "protein": 14,
                        "carbs": 70,
                        "fat": 15,
                    },
                },
            )
        ]
    )
    second = await say(assistant, "retry")
    assert "Quinoa bowl" in second
    sent = fake_openai.requests[-1]["messages"][-1]["content"]
    assert "quinoa bowl with roasted veggies" in sent
    assert (await sandbox.counts(key))["nutrition"] == 1


async def on_llm(
    assistant_factory: AssistantFactory,
    sandbox: RunningSandbox,
    fake_openai: FakeOpenAI,
    *,
    daily_requests: int,
) -> tuple[Assistant, str]:
    """Linked, every message planned by the (fake) LLM, within `daily_requests` a day."""
    return await linked(
        assistant_factory,
        sandbox,
        openai_base_url=fake_openai.base_url,
        llm_daily_requests=daily_requests,
        offline_fast_path=False,
    )


async def test_a_logged_llm_message_counts_against_the_daily_budget(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, key = await on_llm(assistant_factory, sandbox, fake_openai, daily_requests=1)
    entry = {"food": "Quinoa bowl, 1 bowl", "calories": 450, "protein": 15, "carbs": 60, "fat": 14}
    fake_openai.reply_tool_calls(
        [("nutrition_add_entry", {"date": DAY.isoformat(), "entry": entry})]
    )
    assert "Quinoa bowl" in await say(
        assistant, "had a quinoa bowl with roasted veggies and moonberries"
    )
    assert "limit" in await say(assistant, "and what about a muffin with coffee, roughly")
    assert len(fake_openai.requests) == 1
    assert (await sandbox.counts(key))["nutrition"] == 1


async def test_a_question_counts_its_two_requests_once(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await on_llm(assistant_factory, sandbox, fake_openai, daily_requests=3)
    today = {"route": "today", "date": None, "from": None, "to": None}
    fake_openai.reply_tool_calls([("read", today)])
    fake_openai.reply_text("Nothing logged yet today.")
    fake_openai.reply_text("Hello!")
    assert "Nothing logged yet" in await say(assistant, "what did I eat today so far?")
    # The question cost two requests of three: one more message is still within the budget.
    assert "Hello!" in await say(assistant, "hey there, how is it going with you today")
    assert len(fake_openai.requests) == 3


async def test_proposals_and_their_fixes_count_against_the_daily_budget(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await on_llm(assistant_factory, sandbox, fake_openai, daily_requests=2)
    await assistant.preferences.set_confirm_mode(user_id=USER, enabled=True)
    bowl = {"food": "Quinoa bowl, 1 bowl", "calories": 450, "protein": 15, "carbs": 60, "fat": 14}
    for portion in (bowl, {**bowl, "food": "Quinoa bowl, 2 bowls", "calories": 900}):
        fake_openai.reply_tool_calls(
            [("nutrition_add_entry", {"date": DAY.isoformat(), "entry": portion})]
        )
    draft = await text_reply(assistant, "had a quinoa bowl with roasted veggies and moonberries")
    await tap(assistant, callbacks(draft)["fix"])
    revised = await text_reply(assistant, "it was two bowls actually")
    assert "2 bowls" in plain(revised.html)
    assert "limit" in await say(assistant, "and what about a muffin with coffee, roughly")
    assert len(fake_openai.requests) == 2


async def test_daily_llm_budget_falls_back_with_a_clear_message(
    assistant_factory: AssistantFactory, sandbox: RunningSandbox, fake_openai: FakeOpenAI
) -> None:
    assistant, _ = await linked(
        assistant_factory,
        sandbox,
        openai_base_url=fake_openai.base_url,
        llm_daily_requests=1,
    )
    fake_openai.reply_text("Hello!")
    await say(assistant, "hey there, how is it going with you today my friend")
    used = len(fake_openai.requests)
    text = await say(assistant, "had a quinoa bowl with roasted veggies and moonberries")
    assert "limit" in text
    assert len(fake_openai.requests) == used
    eggs = await say(assistant, "2 eggs")  # the offline rules still log what they understand
    assert "Eggs, 2" in eggs
