"""The words for what a planner said as data (bot/kernel/said.py) and for its answer to a
question (bot/kernel/answers.py).

`reply` and `words` give plain text that the caller escapes (model text is shown as the model
wrote it; the rules' texts are HTML-safe either way). `answer` gives what is shown as is: the
rules' answers escape what they read from the service, and the model's answer is its own.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.kernel import answers
from bot.kernel.readers import Reader
from bot.kernel.said import (
    AmountLimit,
    CheckFirst,
    EmojiOffer,
    EnergyLimit,
    ExerciseNotTracked,
    FoodFacts,
    GoalRange,
    LeftOut,
    Limit,
    ModelWords,
    Notice,
    NotTaken,
    OddNumbers,
    OutOfRange,
    PartlyUnread,
    RatingScale,
    RepairFailed,
    Said,
    TooLong,
    Unplaced,
    WeightRange,
)
from bot.kernel.spans import NutritionSpan, SupplementSpan
from bot.render import asked, reading, spans
from bot.render.words import words as words_of

__all__ = ["answer", "reply", "words"]

_NOTICES = {
    Notice.HELP: reading.OFFLINE_HELP,
    Notice.HOW_ARE_YOU: reading.OFFLINE_HOW_ARE_YOU,
    Notice.THANKS: reading.OFFLINE_THANKS,
    Notice.BYE: reading.OFFLINE_BYE,
    Notice.GREETING: reading.OFFLINE_GREETING,
    Notice.ACK: reading.OFFLINE_ACK,
    Notice.ONLY_EMOJI: reading.OFFLINE_EMPTY,
    Notice.INJECTION: reading.OFFLINE_INJECTION,
    Notice.NEEDS_MODEL: reading.OFFLINE_LLM_ONLY,
    Notice.CANNOT_CHANGE_LOGGED: reading.OFFLINE_CORRECTION,
    Notice.UNKNOWN_QUESTION: reading.OFFLINE_UNKNOWN_QUESTION,
    Notice.NOT_EATEN: reading.NOT_EATEN,
    Notice.OTHERS_ATE: reading.OTHERS_ATE,
    Notice.NOT_UNDERSTOOD: reading.LLM_NOT_UNDERSTOOD,
    Notice.CLAIMED_WRITE: reading.LLM_CLAIMED_WRITE,
    Notice.PROMPT_REFUSED: reading.prompt_refused(),
}


def reply(said: Sequence[Said], reader: Reader) -> str | None:
    """Everything a plan said, one line each, in plain text; None when it said nothing."""
    return "\n".join(words(one, reader) for one in said) or None


def words(said: Said, reader: Reader) -> str:
    """One thing a planner said, in plain text."""
    match said:
        case Notice():
            return words_of(reader)._(_NOTICES[said])
        case ModelWords(text=text):
            return text
        case TooLong(limit=limit):
            return reading.offline_too_long(limit, reader)
        case OddNumbers(numbers=numbers):
            return reading.offline_odd_numbers(numbers, reader)
        case Unplaced(words=unplaced, logged_something=logged):
            return reading.offline_not_understood(unplaced, logged, reader)
        case OutOfRange(refused=refused, unplaced=unplaced):
            allowed = [(said_words, _limit(limit, reader)) for said_words, limit in refused]
            return reading.offline_out_of_range(allowed, unplaced, reader)
        case NotTaken(names=names):
            return reading.supplements_not_taken(names, reader)
        case ExerciseNotTracked(said=exercise):
            return reading.exercise_not_tracked(exercise, reader)
        case FoodFacts(items=items):
            facts = [(i.food, i.kcal, i.protein, i.carbs, i.fat) for i in items]
            return reading.food_facts(facts, reader)
        case EmojiOffer(phrase=phrase, emoji=emoji):
            return reading.emoji_offer(phrase, emoji, reader)
        case CheckFirst(unplaced=unplaced):
            return reading.check_first(unplaced, reader)
        case PartlyUnread(areas=areas):
            return reading.llm_partly_understood(areas, reader)
        case RepairFailed(areas=areas):
            return reading.llm_repair_failed(areas, reader)
        case LeftOut(what=what):
            return reading.left_out_malformed(what, reader)


def _limit(limit: Limit, reader: Reader) -> str:
    """What can be logged for one kind of number."""
    match limit:
        case RatingScale(top=top):
            return reading.range_rating(top, reader)
        case WeightRange(low_kg=low, high_kg=high):
            return reading.range_weight(low, high, reader)
        case EnergyLimit(max_kcal=most):
            return reading.range_energy(most, reader)
        case GoalRange():
            return reading.range_goal(
                limit.low_kcal,
                limit.high_kcal,
                limit.high_grams,
                limit.low_kg,
                limit.high_kg,
                reader,
            )
        case AmountLimit(max_count=count, max_grams=grams):
            return reading.range_amount(count, grams, reader)


def answer(said: answers.Answer, reader: Reader) -> str:
    """A planner's answer to a question, as shown."""
    if isinstance(said, answers.ReadAnswer):
        parts = [_part(part, said, reader) for part in said.parts]
        return "\n\n".join(p for p in parts if p) or asked.answer_missing(reader)
    return words(said, reader)


def _part(part: answers.AnswerPart, whole: answers.ReadAnswer, reader: Reader) -> str:
    today = whole.today

    def label(period: answers.Period) -> str:
        return asked.period_label(period.start, period.end, today, reader)

    match part:
        case NutritionSpan():
            return spans.nutrition_span_answer(part, today, reader)
        case SupplementSpan():
            return spans.supplement_span_answer(part, today, reader)
        case answers.ReadFailed(topic=topic, error=error):
            return error or asked.read_failed(topic, reader)
        case answers.NothingLogged(period=period):
            return asked.nothing_logged(label(period), reader)
        case answers.FoodList(period=period, foods=foods, total_kcal=total):
            return asked.food_list(label(period), foods, total, reader)
        case answers.NutritionAnswer():
            return asked.nutrition_answer(
                label(part.period),
                dict(part.eaten),
                dict(part.goals),
                part.focus,
                part.remaining,
                reader,
            )
        case answers.WeightAnswer(period=period, records=records, goal_kg=goal):
            return asked.weight_answer(records, goal, label(period), today, reader)
        case answers.CheckinAnswer(period=period, days=days, focus=focus):
            return asked.checkin_answer(
                [(day, dict(values)) for day, values in days], label(period), focus, today, reader
            )
        case answers.SupplementsAnswer(period=period, items=items, asked=names):
            return asked.supplements_answer(items, label(period), names, reader)
        case answers.DaySummary():
            return "\n".join(
                _part(one, whole, reader)
                for one in (part.nutrition, part.checkin, part.weight, part.supplements)
            )
