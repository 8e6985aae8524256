"""The offline planner on messages written the way people text: their own numbers, dishes,
times of day, fillers, supplements in sentences, portions, questions over ranges, symptoms,
exercise and corrections. A wrong entry is worse than none, so several tests assert what is
*not* written."""

from __future__ import annotations

import pytest

from bot.agent_api.actions import NutritionAddEntry, to_wire
from bot.planner.base import Plan
from tests.planner.test_offline import TODAY, YESTERDAY, answer, entries, plan


def foods(p: Plan) -> list[str]:
    return [e.entry.food for e in entries(p)]


def one_entry(p: Plan) -> NutritionAddEntry:
    found = entries(p)
    assert len(found) == 1, [e.entry.food for e in found]
    return found[0]


# --- the person's own numbers ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "protein"),
    [
        ("protein shake (25g protein)", 25),
        ("skyr 20g protein", 20),
        ("protein bar 20 g of protein", 20),
        ("greek yogurt, 18g protein", 18),
        ("a shake with 30 g protein", 30),
    ],
)
async def test_stated_grams_of_a_macro_are_not_a_portion_of_the_food(
    text: str, protein: int
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    entry = one_entry(p).entry
    assert entry.protein == protein
    assert f"{protein} g" not in entry.food  # not "Skyr, 20 g"


async def test_energy_after_stated_macros_is_for_the_same_food() -> None:
    p = await plan("shake 25g protein 140 kcal and a banana")
    assert p.understood, p.reply
    assert len(entries(p)) == 2  # no nameless "Food" item
    shake, banana = entries(p)
    assert (shake.entry.calories, shake.entry.protein) == (140, 25)
    assert "Banana" in banana.entry.food


@pytest.mark.parametrize(
    ("text", "kcal", "protein"),
    [
        ("oats 380 kcal 14p 60c 8f", 380, 14),
        ("pad thai ~700ish kcal", 700, None),
        ("big mac 1.1k cals", 1100, None),
        ("skyr 120kcals 20g prot", 120, 20),
        ("2 servings of pasta, 350 kcal each", 700, None),
        ("2 bagels 250 cals each", 500, None),
        ("dinner was salmon and rice, 700 kcal total", 700, None),
        ("toast and eggs, about 450 calories altogether", 450, None),
    ],
)
async def test_the_persons_own_figures_in_the_ways_they_write_them(
    text: str, kcal: int, protein: int | None
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    entry = one_entry(p).entry
    assert entry.calories == kcal
    if protein is not None:
        assert entry.protein == protein


async def test_macro_letters_are_read_only_beside_stated_figures() -> None:
    entry = one_entry(await plan("oats 380 kcal 14p 60c 8f")).entry
    assert (entry.carbs, entry.fat) == (60, 8)
    p = await plan("2 eggs 2p")
    assert one_entry(p).entry.protein != 2


# --- dishes, not their ingredients -----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("pepperoni pizza", "pepperoni pizza"),
        ("2 slices of broccoli pizza", "broccoli pizza, 2 slices"),
        ("ham and cheese sandwich", "sandwich"),
        ("bacon and egg sandwich", "sandwich"),
        ("spinach and feta omelette", "omelette"),
        ("chicken wrap", "chicken wrap"),
        ("3 salmon tacos", "salmon tacos, 3"),
        ("bacon cheeseburger", "cheeseburger"),
        ("peanut butter sandwich", "sandwich"),
        ("oat milk latte", "latte"),
    ],
)
async def test_a_food_named_before_what_holds_it_is_one_dish(text: str, named: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert named in one_entry(p).entry.food.lower()


async def test_a_dish_keeps_the_holders_figures_and_a_shell_gets_its_fillings() -> None:
    pizza = one_entry(await plan("broccoli pizza")).entry
    assert pizza.calories == one_entry(await plan("pizza")).entry.calories  # no broccoli added
    tacos = one_entry(await plan("3 salmon tacos")).entry
    assert tacos.calories == one_entry(await plan("3 tacos")).entry.calories  # no 3 fillets
    bagel = one_entry(await plan("steak bagel")).entry.calories or 0
    assert bagel > (one_entry(await plan("bagel")).entry.calories or 0) + 100  # and its steak


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("bagel with cream cheese", "Bagel with cream cheese"),
        ("toast w butter and jam", "Toast with butter and jam"),
        ("tea with milk and one sugar", "Tea with milk and sugar"),
        ("porridge with a spoon of honey", "Oatmeal (porridge) with honey"),
        ("nachos w/ cheese", "Nachos with cheese"),
        ("cereal with milk", "Cereal with milk"),
    ],
)
async def test_a_food_with_what_it_comes_with_is_one_item(text: str, named: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert one_entry(p).entry.food.startswith(named)


@pytest.mark.parametrize(
    ("text", "first", "second"),
    [
        ("lasagna with a side salad", "Lasagna", "salad"),
        ("salmon with a side of fries", "Salmon", "fries"),
        ("porridge with honey and a banana", "Oatmeal (porridge) with honey", "Banana"),
        ("toast with butter and orange juice", "Toast with butter", "Orange juice"),
        ("coffee and egg sandwich", "Coffee", "Egg sandwich"),
    ],
)
async def test_a_side_or_a_food_of_its_own_stays_an_item(
    text: str, first: str, second: str
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    got = foods(p)
    assert len(got) == 2, got
    assert got[0].startswith(first) and second in got[1]


async def test_milk_in_a_drink_is_a_splash_and_over_cereal_a_pour() -> None:
    coffee = one_entry(await plan("coffee with a splash of oat milk")).entry
    assert (coffee.calories or 0) < 30
    assert one_entry(await plan("a splash of milk")).entry.food == "Milk, 1 splash (30 ml)"
    cereal = one_entry(await plan("cereal")).entry.calories or 0
    with_milk = one_entry(await plan("cereal with milk")).entry.calories or 0
    assert 40 < with_milk - cereal < 100  # ~120 ml, not a 30 ml splash or a 240 ml glass


@pytest.mark.parametrize(
    ("text", "kept"),
    [("cheeseburger, no fries", "Cheeseburger"), ("coffee without sugar", "Coffee")],
)
async def test_what_was_not_eaten_is_not_logged(text: str, kept: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert one_entry(p).entry.food.startswith(kept)


@pytest.mark.parametrize(
    "text", ["beef zorblax", "penne florbo", "glimmer salad", "florbo roll", "eggs zanzibar"]
)
async def test_a_food_in_a_dish_the_table_lacks_is_not_logged_as_itself(text: str) -> None:
    p = await plan(text)
    assert p.actions == [] and not p.understood
    assert f"'{text}'" in (p.reply or "")


async def test_an_unknown_flavour_of_a_known_dish_names_it() -> None:
    p = await plan("tonkotsu ramen")
    assert p.understood, p.reply
    assert one_entry(p).entry.food.startswith("Tonkotsu ramen")


# --- times of day and places are read, never dates or amounts --------------------------


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("had a kitkat around 4", "Candy bar (kitkat)"),
        ("around 4 had an apple", "Apple"),
        ("banana after the gym", "Banana"),
        ("protein shake post workout", "Protein shake"),
        ("snack before bed: yogurt", "Yogurt"),
        ("at noon a salad", "salad"),
        ("had a burger at lunchtime", "burger"),
        ("mid morning snack banana", "Banana"),
        ("2 eggs at 8", "Eggs, 2"),
        ("club sandwich at the cafe", "sandwich"),
        ("coffee at starbucks", "Coffee"),
        ("pizza at a friend's place", "Pizza"),
        ("oatmeal first thing in the morning", "Oatmeal"),
        ("chips on the way home", "chips"),
    ],
)
async def test_when_and_where_are_read_not_placed(text: str, food: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    entry = one_entry(p)
    assert food.lower() in entry.entry.food.lower()
    assert entry.date == TODAY
    assert "exercise" not in (p.reply or "")  # "after the gym" is a time, not a workout


async def test_a_stated_energy_after_a_place_is_the_foods() -> None:
    p = await plan("sandwich from the cafe, 420 cals")
    assert p.understood, p.reply
    assert one_entry(p).entry.calories == 420  # not a 420 kcal coffee for "cafe"


async def test_an_hour_is_not_read_where_it_is_a_rating_or_a_weight() -> None:
    assert (await plan("energy at 4")).actions[0].energy == 4  # type: ignore[union-attr]
    p = await plan("weighed in at 81 this morning")
    assert p.understood and p.actions[0].weight_kg == 81  # type: ignore[union-attr]


async def test_last_nights_dinner_was_yesterday() -> None:
    p = await plan("last night's dinner was a steak")
    assert one_entry(p).date == YESTERDAY


# --- fillers, hedges and typos do not spoil an understood message ----------------------


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("had 3 cookies haha oops", "Cookies"),
        ("oatmeal ish", "Oatmeal"),
        ("umm a bagel", "Bagel"),
        ("honestly just coffee today", "Coffee"),
        ("pretty sure i had 3 cookies haha", "Cookies"),
        ("yogurt, nothing else", "Yogurt"),
        ("idk maybe 300g of rice?", "Rice, 300 g"),
        ("gonna log my lunch: a bagel lol", "Bagel"),
        ("jsut had a banana", "Banana"),
        ("yeah so a banana, yum", "Banana"),
        ("2 eggs?", "Eggs, 2"),
        ("ngl had 2 donuts rn", "Donuts, 2"),
        ("pizza tho", "Pizza"),
        ("starving af, a bagel", "Bagel"),
        ("sooo I had like 2 slices of toast", "Toast, 2 slices"),  # stretched for emphasis
        ("yesss coffeeee", "Coffee"),
        ("lol ate a whole bag of chips", "Potato chips, 1 large bag"),
    ],
)
async def test_fillers_and_hedges_leave_the_food_understood(text: str, food: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert one_entry(p).entry.food.startswith(food)


async def test_a_question_mark_without_a_number_is_still_a_question() -> None:
    p = await plan("calories yesterday?")
    assert p.actions == [] and p.reads


# --- questions are answered as asked ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "route"),
    [
        ("how's my weight this week", "weight"),
        ("avg mood this week", "checkins"),
        ("average sleep quality this month", "checkins"),
        ("protein so far today", "nutrition"),
        ("total calories today", "nutrition"),
        ("how many cals do I have left for dinner", "nutrition"),
        ("what did I have on monday", "nutrition"),
        ("what did i have for dinner last night", "nutrition"),
        ("what did I log yesterday?", "nutrition"),
        ("have I had my vit d yet", "today"),
        ("how have i been sleeping lately", "checkins"),
        ("is 1800 kcal a good target for me?", "nutrition"),
    ],
)
async def test_questions_without_a_question_mark_or_word_are_read_not_logged(
    text: str, route: str
) -> None:
    p = await plan(text)
    assert p.actions == [], p.actions
    assert p.reads and p.reads[0].route == route, p.reply


async def test_averages_of_check_ins_over_a_range() -> None:
    body = {
        "checkins": [
            {"date": "2026-11-17", "mood": 3, "energy": 2},
            {"date": "2026-11-18", "mood": 4},
            {"date": "2026-11-20", "mood": 4, "energy": 4},
        ]
    }
    text = await answer("avg mood this week", body)
    assert "Average" in text and "mood 3.7/5 (3 days)" in text
    assert "energy" not in text


async def test_an_empty_focused_answer_names_what_was_asked() -> None:
    assert "No mood recorded" in await answer("how was my mood yesterday", {"checkin": None})
    text = await answer("have I had my vit d yet", {"supplements": {"items": []}})
    assert "Vitamin D today: not marked as taken." in text
    taken = {"supplements": {"items": [{"name": "Vitamin D", "taken": True}]}}
    assert "Vitamin D today: taken." in await answer("did I take my vitamin d?", taken)


async def test_the_food_list_of_a_past_day() -> None:
    body = {"entries": [{"food": "Pizza, 2 slices", "calories": 570}]}
    text = await answer("what did I have on monday", body)
    assert "Pizza, 2 slices — 570 kcal" in text
    assert "Nothing logged" in await answer("what did I log yesterday?", {"entries": []})


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("cals in an avocado?", "Avocado, 1 medium: 240 kcal"),
        ("how many calories in 2 eggs?", "Eggs, 2 large: 143 kcal"),
        ("how much protein is in a chicken breast", "46.5 g protein"),
    ],
)
async def test_what_a_food_holds_is_answered_from_the_table_and_nothing_is_logged(
    text: str, says: str
) -> None:
    p = await plan(text)
    assert p.actions == [] and p.reads == []
    assert says in (p.reply or "") and "nothing was logged" in (p.reply or "")


# --- symptoms and feelings go to the day's notes; exercise is said plainly --------------


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("lower back pain again", "back pain"),
        ("think I'm coming down with a cold", "coming down with a cold"),
        ("my stomach hurts", "stomach hurts"),
        ("knee hurts after yesterday's run", "knee hurts"),
        ("period started today", "period started"),
        ("feeling a bit off today, nothing specific", "feeling a bit off"),
        ("couldn't focus today", "couldn't focus"),
        ("bit of a sore throat", "sore throat"),
    ],
)
async def test_symptoms_in_many_words_go_to_the_notes(text: str, note: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    (checkin,) = p.actions
    assert note in (checkin.notes or "")  # type: ignore[union-attr]


async def test_a_food_named_as_the_cause_of_a_symptom_is_not_logged() -> None:
    p = await plan("stomach ache after the pizza")
    assert entries(p) == []
    assert p.actions[0].notes == "stomach ache after the pizza"  # type: ignore[union-attr]
    assert len(entries(await plan("pizza and a headache"))) == 1  # eaten, and a headache


async def test_a_feeling_beside_a_rating_is_kept_as_a_note() -> None:
    p = await plan("mood 4, feeling calm after meditation")
    (checkin,) = p.actions
    assert checkin.mood == 4 and "calm" in (checkin.notes or "")  # type: ignore[union-attr]
    p = await plan("slept 3/5, woke up at 4am")
    (checkin,) = p.actions
    assert checkin.sleep_quality == 3 and "woke up" in (checkin.notes or "")  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        "played tennis for an hour",
        "10k steps today",
        "did a 30 minute walk",
        "did some stretching",
        "leg day at the gym",
        "45 min zumba",
    ],
)
async def test_exercise_said_plainly_is_answered_not_placed(text: str) -> None:
    p = await plan(text)
    assert p.actions == [] and p.reads == []
    assert "doesn't track exercise" in (p.reply or "")


@pytest.mark.parametrize(
    ("text", "note"),
    [
        ("ran 10k, please note it", "ran 10k"),
        ("hiked 15km, add it as a note please", "hiked 15km"),
        ("45 min yoga, put it in my notes", "45 min yoga"),
    ],
)
async def test_exercise_is_kept_as_a_note_when_asked(text: str, note: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    (checkin,) = p.actions
    assert checkin.notes == note  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("porridge", "Oatmeal (porridge)"),
        ("an americano", "Coffee (americano)"),
        ("a kitkat", "Candy bar (kitkat)"),
        ("greek yogurt", "Greek yogurt"),
        ("capucino", "Cappuccino"),  # a typo is corrected, not echoed
        ("oats", "Rolled oats"),  # their word is in the name: no brackets
    ],
)
async def test_a_food_keeps_the_persons_word_beside_the_tables_name(text: str, named: str) -> None:
    assert one_entry(await plan(text)).entry.food.split(",")[0] == named


# --- corrections: what the person settled on, once --------------------------------------


@pytest.mark.parametrize(
    ("text", "wire"),
    [
        ("3 eggs, no wait 2", {"food": "Eggs, 2 large"}),
        ("2 beers.. make that 3", {"food": "Beer, 3 bottles (990 ml)"}),
        ("had 2 coffees, sorry, 3", {"food": "Coffee, 3 cups (720 ml)"}),
        ("1 slice of cake, ok 2", {"food": "Cake, 2 slices"}),
        ("had a latte - oops, a cappuccino", {"food": "Cappuccino, 1 cup (180 ml)"}),
        ("oatmeal with milk, sorry, with water", {"food": "Oatmeal with water, 1 cup cooked"}),
        ("1 croissant (not 2)", {"food": "Croissant, 1 medium"}),
        ("not two bananas, just one", {"food": "Banana, 1 medium"}),
        ("72.4kg sorry 74.2", {"weightKg": 74.2}),
        ("weighed 180 lb, I mean 81 kg", {"weightKg": 81.0}),
        ("80.5 kg not lb", {"weightKg": 80.5}),
        ("mood 3 actually 4", {"mood": 4}),
        ("sleep 2, no 3", {"sleepQuality": 3}),
        ("took zinc. wait no, that was magnesium", {"name": "Magnesium"}),
    ],
)
async def test_a_message_that_corrects_itself_logs_what_was_settled_on(
    text: str, wire: dict[str, object]
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    (action,) = p.actions
    got = to_wire(action)
    flat = {**got, **got.get("entry", {})}
    assert {k: flat.get(k) for k in wire} == wire


async def test_what_is_scratched_is_taken_out() -> None:
    p = await plan("a burger and fries - scratch the fries")
    assert one_entry(p).entry.food.startswith("Hamburger")


@pytest.mark.parametrize(
    "text",
    [
        "sorry I meant 1 coffee",
        "no wait, 2 slices not 3",
        "that coffee was yesterday not today",
        "delete the last entry",
    ],
)
async def test_a_correction_of_an_earlier_message_writes_nothing(text: str) -> None:
    p = await plan(text)
    assert p.actions == [] and not p.understood
    assert "nothing was saved" in (p.reply or "")


async def test_a_corrected_amount_of_an_earlier_message_is_said_for_the_core_to_compare() -> None:
    p = await plan("actually it was 2 eggs not 3")  # the core offers the difference, if more
    assert p.actions == [] and p.offer == []
    assert [a.entry.food for a in p.amends] == ["Eggs, 2 large"]  # type: ignore[attr-defined]


async def test_a_figure_taken_back_is_never_logged() -> None:
    p = await plan("typo: 72.4 not 27.4 kg")
    assert [a.weight_kg for a in p.actions] == [72.4]  # type: ignore[attr-defined]


# --- supplements inside sentences --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("took my vit d and magnesium", ["Vitamin D", "Magnesium"]),
        ("popped a multivitamin", ["Multivitamin"]),
        ("had my omega 3s", ["Omega-3"]),
        ("morning stack done: d3, k2, omega", ["Vitamin D3", "Vitamin K2", "Omega-3"]),
        ("mag glycinate before bed", ["Magnesium glycinate"]),
        ("took both my pills: vitamin d and iron", ["Vitamin D", "Iron"]),
        ("had forgotten magnesium yesterday, took it today", ["Magnesium"]),
        ("5g creatine in my shake", ["Creatine"]),
        ("collagen in my coffee this morning", ["Collagen"]),
        ("remembered my omega-3 today", ["Omega-3"]),
        ("did creatine", ["Creatine"]),
        ("magnesium capsules before bed", ["Magnesium"]),
    ],
)
async def test_supplements_said_in_a_sentence_are_marked_taken_today(
    text: str, names: list[str]
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert [(a.name, a.date) for a in p.actions] == [(n, TODAY) for n in names]  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", ["forgot my zinc", "didn't take my iron today", "skipped my d3"])
async def test_a_supplement_not_taken_is_said_back_and_not_marked(text: str) -> None:
    p = await plan(text)
    assert p.actions == [] and p.understood
    assert "haven't marked" in (p.reply or "")


async def test_changing_the_stack_still_needs_the_model() -> None:
    p = await plan("add vitamin D 2000 IU to my supplement stack")
    assert p.actions == [] and not p.understood


async def test_what_a_food_is_packed_in_is_not_a_drink() -> None:
    p = await plan("can of tuna in water")
    assert one_entry(p).entry.food.startswith("Tuna")


# --- mixed messages, sleep and mood in more words, portion labels --------------------------


async def test_each_date_phrase_dates_its_own_part_of_the_message() -> None:
    p = await plan("pizza last night and today I'm 82.3 kg")
    food, weight = p.actions
    assert food.date == YESTERDAY and weight.date == TODAY  # type: ignore[union-attr]
    p = await plan("yesterday I had pizza and today a salad")
    assert [e.date for e in entries(p)] == [YESTERDAY, TODAY]


@pytest.mark.parametrize(
    ("text", "goal_kg"), [("weight 90.5 kg, goal 85", 85.0), ("160 lb, goal 150", 68.04)]
)
async def test_a_bare_goal_beside_a_weight_is_a_weight_goal_in_its_unit(
    text: str, goal_kg: float
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert p.actions[0].goal_kg == goal_kg  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("couldn't fall asleep till 3", "sleep_quality", 1),
        ("tossing and turning all night", "sleep_quality", 2),
        ("kept waking up", "sleep_quality", 2),
        ("feel awful", "mood", 1),
        ("feeling like crap today", "mood", 1),
    ],
)
async def test_sleep_and_mood_in_more_words(text: str, field: str, value: int) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert getattr(p.actions[0], field) == value


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("a large latte", "Latte, 1 large (490 ml)"),
        ("2 large lattes", "Latte"),
    ],
)
async def test_a_sized_portion_says_the_measure_it_was_counted_with(text: str, amount: str) -> None:
    entry = one_entry(await plan(text)).entry
    assert entry.food.startswith(amount)
    assert "(350 ml)" not in entry.food  # the medium's measure under a large label


@pytest.mark.parametrize("text", ["period started today", "bad period cramps today", "flu again"])
async def test_a_symptom_word_is_never_read_as_a_food(text: str) -> None:
    p = await plan(text)
    assert entries(p) == []
    assert p.actions and p.actions[0].notes  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text", ["a burger from the chippy", "fries from the takeaway", "a coffee from the deli"]
)
async def test_where_the_food_came_from_is_read(text: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert len(entries(p)) == 1


async def test_a_dish_named_inside_a_longer_phrase_wins_over_its_first_words() -> None:
    p = await plan("grilled chicken salad w/ zorblax")
    entry = one_entry(p).entry
    assert entry.food.startswith("Grilled chicken salad") and (entry.calories or 0) >= 300
    assert p.reply == "Logged the rest; I couldn't place 'zorblax'."  # not 'w'


@pytest.mark.parametrize(
    ("text", "kcal"), [("chicken rice bowl", None), ("chicken rice bowl 600kcal / 45p", 600)]
)
async def test_the_foods_named_before_a_bowl_are_one_dish(text: str, kcal: int | None) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    entry = one_entry(p).entry
    assert "bowl" in entry.food
    if kcal is not None:
        assert (entry.calories, entry.protein) == (kcal, 45)


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("2-3 crackers", "Crackers, 2.5 crackers"),
        ("2 or 3 cookies", "Cookies, 2.5 cookies"),
        ("2 to 3 eggs", "Eggs, 2.5 large"),
        ("a few strawberries", "Strawberries, 1 cup"),  # a few: the usual portion, not 3
    ],
)
async def test_a_range_is_its_middle_and_a_few_is_the_usual_portion(text: str, food: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert one_entry(p).entry.food == food


@pytest.mark.parametrize(
    ("text", "named", "kcal"),
    [
        ("dinner - chicken florbo, maybe 500 kcal", "Chicken florbo, 1 serving", 500),
        ("chicken zorblax 450 kcal", "Chicken zorblax, 1 serving", 450),
    ],
)
async def test_a_dish_the_table_lacks_with_a_stated_energy_is_logged_as_said(
    text: str, named: str, kcal: int
) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    entry = one_entry(p).entry
    assert (entry.food, entry.calories, entry.protein) == (named, kcal, 0)  # no chicken macros


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("bowl of cereal with almond milk", "Cereal with almond milk"),
        ("mint tea", "Mint tea"),
        ("had a beer or two last night", "Beer, 1 bottle"),
        ("drank lots of water", "Water"),
    ],
)
async def test_flavoured_drinks_and_hedged_amounts(text: str, food: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert one_entry(p).entry.food.startswith(food)


async def test_not_hungry_beside_the_food_is_read_and_no_note() -> None:
    p = await plan("just a banana tbh, not hungry")  # why the meal was small, not a symptom
    assert p.understood and len(entries(p)) == 1
    assert len(p.actions) == 1


async def test_a_food_whose_name_starts_with_a_symptom_word_is_the_food() -> None:
    p = await plan("pain au chocolat and a coffee")
    assert p.understood, p.reply
    assert [f.split(",")[0] for f in foods(p)] == ["Pain au chocolat", "Coffee"]
    assert all(not hasattr(a, "notes") for a in p.actions)  # no "pain" note


# --- what was not (yet) eaten is not logged ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "thinking about pizza",
        "want a burger so bad",
        "craving chocolate",
        "gonna have pasta later",
        "planning to have salmon tonight",
        "i will have oatmeal tomorrow",
        "I'll have a coffee",
        "didn't eat the cake",
        "i should eat more vegetables",
        "no breakfast today",
        "skipped lunch",
    ],
)
async def test_what_was_not_eaten_yet_writes_nothing(text: str) -> None:
    p = await plan(text)
    assert p.actions == []
    assert p.reply == "OK, nothing logged: tell me once you've had it."


async def test_a_refusal_reaches_back_over_its_sentence() -> None:
    p = await plan("my mom made pizza but i didn't have any")
    assert p.actions == []


@pytest.mark.parametrize(
    ("text", "food"),
    [
        ("gonna log my lunch: a bagel", "Bagel"),
        ("could you add a glass of milk", "Milk"),
        ("had 2 eggs, will have pasta later", "Eggs"),
    ],
)
async def test_a_log_beside_a_plan_is_still_logged(text: str, food: str) -> None:
    p = await plan(text)
    assert p.understood, p.reply
    assert one_entry(p).entry.food.startswith(food)


async def test_ill_is_a_feeling_and_ill_with_an_apostrophe_a_plan() -> None:
    assert (await plan("feeling ill")).actions[0].notes == "feeling ill"  # type: ignore[union-attr]
    assert (await plan("I'll have a coffee")).actions == []


async def test_a_name_that_holds_a_unit_word_is_still_the_persons_word() -> None:
    named = one_entry(await plan("muesli bar 420 kJ")).entry.food
    assert "muesli bar" in named.lower()  # the table's row may be called otherwise


@pytest.mark.parametrize("text", ["kinda had a big lunch lol, pasta", "light lunch: a salad"])
async def test_a_size_said_of_a_meal_is_no_unplaced_word(text: str) -> None:
    p = await plan(text)
    assert p.understood and p.reply is None, p.reply
