"""What a planner says about a message, as data: small talk it recognised, what it could not
place and why, a number outside what can be logged, or the model's own words.

A planner puts these on its `Plan` (`said`); bot/render/said.py chooses the words a person
reads for each. Nothing here is a sentence of the bot's: the strings held are the person's
own words (`Unplaced.words`), names read from them, or text a model wrote (`ModelWords`).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Notice(enum.Enum):
    """What a planner says that needs nothing but its kind to be worded."""

    HELP = "help"  # a bare "?" or "what can you do"
    HOW_ARE_YOU = "how_are_you"
    THANKS = "thanks"
    BYE = "bye"
    GREETING = "greeting"
    ACK = "ack"  # "ok", "cool"
    ONLY_EMOJI = "only_emoji"  # no words, and no food emoji to offer
    INJECTION = "injection"  # "ignore your instructions": refused, the bot's use said
    NEEDS_MODEL = "needs_model"  # recipes, support, the supplement stack: the rules can't
    CANNOT_CHANGE_LOGGED = "cannot_change_logged"  # a correction of what is already logged
    UNKNOWN_QUESTION = "unknown_question"  # a question about nothing the rules can read
    NOT_EATEN = "not_eaten"  # "skipped lunch", "no coffee yet": nothing to log
    OTHERS_ATE = "others_ate"  # "my wife had the salad": someone else's food, nothing to log
    NOT_UNDERSTOOD = "not_understood"  # the model's tool calls stayed unreadable
    CLAIMED_WRITE = "claimed_write"  # model text saying it logged what was never written
    PROMPT_REFUSED = "prompt_refused"  # model text quoting the bot's instructions


@dataclass(frozen=True)
class ModelWords:
    """Text the model wrote itself (a clarifying question, an answer to chit-chat or to a
    question after reads), shown as written."""

    text: str


@dataclass(frozen=True)
class TooLong:
    """The message is longer than the rules read (`limit` characters): nothing was saved."""

    limit: int


@dataclass(frozen=True)
class OddNumbers:
    """Numbers the rules would misread ("1e309", "-500"), as written: nothing was saved."""

    numbers: tuple[str, ...]


@dataclass(frozen=True)
class Unplaced:
    """Words of the message no rule could place (none: nothing at all was understood);
    `logged_something` when the rest of the message was logged."""

    words: tuple[str, ...]
    logged_something: bool


@dataclass(frozen=True)
class RatingScale:
    """A check-in rating goes from 1 to `top`."""

    top: int


@dataclass(frozen=True)
class WeightRange:
    """A body weight goes from `low_kg` to `high_kg`, said with its unit."""

    low_kg: float
    high_kg: float


@dataclass(frozen=True)
class AmountLimit:
    """One food is at most `max_count` pieces or portions, or `max_grams`."""

    max_count: float
    max_grams: float


@dataclass(frozen=True)
class EnergyLimit:
    """One item has at most `max_kcal`."""

    max_kcal: float


@dataclass(frozen=True)
class GoalRange:
    """The bounds of the goals: calories, grams of a macro, and a weight goal."""

    low_kcal: float
    high_kcal: float
    high_grams: float
    low_kg: float
    high_kg: float


Limit = RatingScale | WeightRange | AmountLimit | EnergyLimit | GoalRange


@dataclass(frozen=True)
class OutOfRange:
    """Numbers outside what can be logged (`refused`: the person's words and the limit each
    broke), then words not understood at all: nothing was saved."""

    refused: tuple[tuple[str, Limit], ...]
    unplaced: tuple[str, ...] = ()


@dataclass(frozen=True)
class NotTaken:
    """Supplements the person said they did not take (their names): nothing is marked."""

    names: tuple[str, ...]


@dataclass(frozen=True)
class ExerciseNotTracked:
    """Exercise, in the person's words: the health service keeps none."""

    said: tuple[str, ...]


@dataclass(frozen=True)
class FoodFact:
    """What one food of the built-in table holds."""

    food: str
    kcal: float
    protein: float
    carbs: float
    fat: float


@dataclass(frozen=True)
class FoodFacts:
    """ "cals in an avocado?": the table's figures; nothing was logged."""

    items: tuple[FoodFact, ...]


@dataclass(frozen=True)
class EmojiOffer:
    """Food emoji read as a guess (`phrase`: "a slice of pizza", in English as the emoji's
    names are; `emoji`: what the person sent), offered to save."""

    phrase: str
    emoji: str = ""


@dataclass(frozen=True)
class CheckFirst:
    """A message of which too little could be placed to write it unasked: its reading is
    offered to save instead. `unplaced`: the words no rule could place."""

    unplaced: tuple[str, ...]


@dataclass(frozen=True)
class PartlyUnread:
    """The model's calls for these tool areas stayed invalid after a repair round (None: an
    unknown tool); the valid rest of the message was kept."""

    areas: tuple[str | None, ...]


@dataclass(frozen=True)
class RepairFailed:
    """The model failed (an error, too slow) while repairing the calls for these tool areas:
    the valid rest was kept, and the person's wording is not to blame."""

    areas: tuple[str | None, ...]


class MalformedKind(enum.Enum):
    """Which kind of entry a planner's plan held that could not be right."""

    FOOD = "food"  # macros that cannot make the calories (`name` says which)
    UNREADABLE_FOOD = "unreadable_food"  # a food with no readable name
    SUPPLEMENT = "supplement"
    RECIPE = "recipe"
    WEIGHT = "weight"  # `kg` outside a body weight's range
    GOAL_WEIGHT = "goal_weight"  # `kg` outside a goal weight's range
    GOALS = "goals"


@dataclass(frozen=True)
class Malformed:
    """One entry left out of a plan (bot/planner/sanity.py)."""

    kind: MalformedKind
    name: str | None = None
    kg: float | None = None


@dataclass(frozen=True)
class LeftOut:
    """Entries refused because their values could not be right."""

    what: tuple[Malformed, ...]


Said = (
    Notice
    | ModelWords
    | TooLong
    | OddNumbers
    | Unplaced
    | OutOfRange
    | NotTaken
    | ExerciseNotTracked
    | FoodFacts
    | EmojiOffer
    | CheckFirst
    | PartlyUnread
    | RepairFailed
    | LeftOut
)
