"""Build tests/data/meals_usda.jsonl: meals written the way people type them, from FNDDS.

    python scripts/build_meal_check.py [--count 600] [--seed 20260] [--out PATH]
        [--exclude PATH ...]

`--exclude` names meal files (this script's output) whose foods are never drawn, so a set
built with another seed and `--exclude tests/data/meals_usda.jsonl` shares no food, and so
no meal or sentence, with the check: tests/data/meals_usda_dev.jsonl is built that way
(`--seed 7 --exclude tests/data/meals_usda.jsonl --out tests/data/meals_usda_dev.jsonl`).

Each meal is 1-3 foods drawn from data/usda/fndds_foods.csv, each with one of its household
portions from data/usda/fndds_portions.csv (sometimes a few of it: "2 slices", "16 fl oz"),
turned into words by the small rule sets below, never by a list of foods. The reference
calories, carbohydrate, protein and fat are USDA's per-100 g values times the portion's
grams, summed over the meal. Same seed, same data: same file, byte for byte.

How foods are drawn: every FNDDS food may be drawn, except the ones nobody logs in a chat
(baby and toddler foods, infant formula, foods listed only "as ingredient"). A food's weight
is 1 / sqrt(n), n the number of foods sharing its first description part ("Pizza", "Milk",
"Chicken breast"), so the 138 foods named "Rice, ..." count as about 12 foods, and a
single food such as "Idli" is not drowned out. Nothing else weights foods: no intake
frequencies are used (they would come from dietary recall data, which stays out).
Meals whose reference is under 50 kcal (a glass of water, black coffee) are drawn again,
since a percentage band around a near-zero figure says nothing.

Text rules, in order:
- names: the description is split at ", "; parts that say how the food was recorded, not
  what it is ("NFS", "NS as to ...", "from restaurant", "home recipe", "no added fat",
  "raw", "skin eaten", ...) are dropped; "(2%)" becomes "2%" and a part with a percentage
  is just that percentage ("Milk, reduced fat (2%)": "2% milk"); other parentheses go;
  "A or B c" keeps A ("Chicken or turkey shish kabob": "chicken shish kabob");
  up to two short remaining parts go before the head, last first ("Bread, multigrain,
  toasted": "toasted multigrain bread"); the first "with ..." part follows it.
- portions: text before the first comma, parentheses dropped ("1 cup, cooked, diced":
  "1 cup"); portions a person would not type are not drawn ("Quantity not specified",
  USDA's "Guideline amount ..." rows, cubic and surface inches, "... yields").
- amounts: fluid ounces 8/12/16/20, ounces 2-6, cups 1/2-2, spoons 1-2, countable things
  (slices, pieces, eggs, cans, ...) 1-3, sizes ("a medium ...") 1-2, anything else 1;
  never more than 750 g of one food (a whole large pizza is not drawn).
- words: a portion that names the food is the food counted ("1 egg" of "Egg, scrambled":
  "2 scrambled eggs"; "1 fruit" of "Orange, raw": "an orange"); else "a cup of ...",
  "2 slices of ...", "16 fl oz of ..."; foods are joined "A, B and C", sometimes after
  "had", "for lunch", "dinner was", ...
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import random
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "data" / "usda"
OUT = ROOT / "tests" / "data" / "meals_usda.jsonl"
MIN_KCAL = 50.0
NOW = "2026-11-22T13:00:00"
TIMEZONE = "UTC"

# foods nobody logs in a chat
EXCLUDE = re.compile(r"\b(baby|toddler|infant formula|as ingredient|human milk)\b", re.I)
# description parts that say how the food was recorded or bought, not what it is
DROP_PART = re.compile(
    r"^(nfs|ns as to .*|.* nfs|no added fat|fat added|fat not added.*|raw|cooked|fresh|"
    r"frozen|canned|from .*|"
    r"(from )?(fast food|restaurant)( / restaurant| or fast food)?|restaurant|home recipe|"
    r"commercial|ready-to-(heat|eat|drink)|reduced sodium|with(out)? salt|"
    r"(skin|peel|skin / coating|coating|crust)( not)? eaten|made with .*|cooked with .*|"
    r".*(including|excluding) .*|no (sauce|dressing|gravy)|.* style|frozen meal|"
    r"(not )?reconstituted|100%|plain|regular|bottled|unsweetened|ns .*|"
    r"and (added )?vegetables.*|and .* leafy.*)$",
    re.I,
)
PERCENT = re.compile(r"\(?(\d+(?:\.\d+)?%)\)?")
PARENS = re.compile(r"\s*\([^)]*\)")
SKIP_PORTION = re.compile(
    r"quantity not specified|guideline|cubic inch|surface inch|yields|\bnfs\b.*any", re.I
)
LEADING = re.compile(r"^(\d+\s+\d+/\d+|\d+/\d+|\d+(?:\.\d+)?)\s+(.+)$")
SIZES = {"small", "medium", "large", "regular", "miniature", "extra large", "jumbo", "mini"}
COUNTABLE = {
    "bar", "biscuit", "bottle", "bun", "burrito", "can", "chip", "cookie", "cracker",
    "cup", "drink", "egg", "enchilada", "fillet", "glass", "item", "leaf", "link", "muffin",
    "nugget", "packet", "pancake", "patty", "piece", "pouch", "roll", "sandwich", "scoop",
    "serving", "slice", "stalk", "stick", "strip", "taco", "tortilla", "waffle", "wing",
    "wedge", "whole",
}  # fmt: skip
# portions that are the food itself: "1 fruit" of an orange is "an orange"
GENERIC = {"fruit", "item", "whole", "drink", "serving", "order"}
MAX_GRAMS = 750.0  # one food's amount; a whole large pizza is not one person's meal
PREFIXES = [("", 6), ("had ", 4), ("ate ", 1), ("just had ", 1), ("for lunch ", 1),
            ("breakfast: ", 1), ("dinner was ", 1)]  # fmt: skip


@dataclass(frozen=True)
class Food:
    code: str
    description: str
    kcal: float
    protein: float
    carbs: float
    fat: float


@dataclass(frozen=True)
class Portion:
    seq: int
    text: str
    grams: float


def plain_name(description: str) -> str:
    """USDA's "Head, part, part" as a person would write the food."""
    said = PARENS.sub(_percent_only, description).replace('"', "")
    parts = [p.strip() for p in said.split(", ") if p.strip()]
    head = _one_of(re.split(r" (?:including|excluding) ", parts[0].split(" / ")[0])[0])
    if head != parts[0].split(" / ")[0]:  # "Shrimp and vegetables including carrots, ...
        return head.lower()
    listed = next((i for i, p in enumerate(parts) if p.startswith("and ")), None)
    if listed is not None:  # "Pork, potatoes, and vegetables including ...": a list of foods
        last = re.split(r" (?:including|excluding)|;", parts[listed])[0]
        return ", ".join([head, *parts[1:listed], last]).lower()
    prefix: list[str] = []
    suffix = ""
    for part in parts[1:]:
        if not part or DROP_PART.match(part) or ";" in part or "and/or" in part:
            continue
        percent = PERCENT.search(part)
        if percent:
            prefix.append(percent.group(1))
            continue
        if part.lower().startswith(("with ", "no ")):
            if not suffix and len(part.split()) <= 4:
                suffix = " " + _one_of(re.sub(r"^no ", "without ", part, flags=re.I))
            continue
        part = part.split(" with ")[0]
        if len(part.split()) <= 2 and " or " not in part and "/" not in part:
            prefix.append(part)
    words = [*reversed(prefix[:2]), head]
    name = " ".join(words) + suffix
    return " ".join(name.lower().split())


def _percent_only(found: re.Match[str]) -> str:
    """ "(2%)" -> " 2%"; other parentheses go."""
    percent = PERCENT.search(found.group(0))
    return f" {percent.group(1)}" if percent else ""


def _one_of(text: str) -> str:
    """ "A or B c" -> "A c" when A is one word, else "A" ("Egg omelet or scrambled egg")."""
    if " or " not in text:
        return text
    left, right = text.split(" or ", 1)
    rest = right.split()[1:]
    return f"{left} {' '.join(rest)}".strip() if len(left.split()) == 1 else left


def _plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if word.endswith("f"):
        return word[:-1] + "ves"
    return word + "s"


def _plural_phrase(phrase: str) -> str:
    """ "scrambled egg" -> "scrambled eggs"; "ham sandwich with cheese" -> "ham sandwiches ..."."""
    head, sep, tail = _head(phrase)
    words = head.split()
    words[-1] = _plural(words[-1])
    return " ".join(words) + sep + tail


def _head(phrase: str) -> tuple[str, str, str]:
    """ "wonton without meat" -> ("wonton", " without ", "meat")."""
    parts = re.split(r"( (?:with|without|on|in) )", phrase, maxsplit=1)
    return (parts[0], parts[1], parts[2]) if len(parts) == 3 else (phrase, "", "")


def _article(text: str) -> str:
    return ("an " if text[:1] in "aeiou" else "a ") + text


def _number(q: float) -> str:
    return str(int(q)) if q == int(q) else f"{q:g}"


def portion_unit(text: str) -> tuple[float, str] | None:
    """ "1 cup, cooked, diced" -> (1, "cup"); "1/2 cup" -> (0.5, "cup"); None if unusable."""
    first = PARENS.sub("", text).split(",")[0].strip().lower()
    found = LEADING.match(first)
    if not found:
        return None
    amount, unit = found.groups()
    # "regular or 6\" submarine", "bottle/can", "link with sauce": the first way of saying it
    left, _, right = unit.partition(" or ")
    if left in SIZES and right:  # "large or thick slice": "large slice"
        left = f"{left} {right.split()[-1]}"
    unit = left.split("/")[0].split(" with ")[0].strip(' "')
    if " " in amount:
        whole, frac = amount.split()
        num, den = frac.split("/")
        base = int(whole) + int(num) / int(den)
    elif "/" in amount:
        num, den = amount.split("/")
        base = int(num) / int(den)
    else:
        base = float(amount)
    return (base, unit) if base > 0 and unit else None


def amounts(unit: str) -> list[float]:
    """How many of a portion a person might have."""
    last = unit.split()[-1]
    if unit == "fl oz":
        return [8, 12, 12, 16, 16, 20]
    if unit == "oz":
        return [2, 3, 4, 4, 6]
    if last == "cup" and unit in ("cup",):
        return [0.5, 1, 1, 1, 1.5, 2]
    if unit in ("tablespoon", "teaspoon"):
        return [1, 1, 2]
    if unit in SIZES:
        return [1, 1, 1, 2]
    if last in COUNTABLE and not unit[:1].isdigit():
        return [1, 1, 1, 2, 3]
    return [1]


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _counted(name: str, unit_word: str, q: float, size: str = "") -> str | None:
    """The food counted by itself when the portion names it ("1 egg" of "scrambled egg",
    "1 nut" of "brazil nuts", "1 small thigh" of "fried chicken thigh"): "a brazil nut",
    "2 small fried chicken thighs"; None when the portion's noun is not in the name."""
    head, sep, tail = _head(name)
    words = head.split()
    at = [i for i, w in enumerate(words) if _singular(w) == _singular(unit_word)]
    if not at:
        return None
    i = at[-1]
    words[i] = _singular(words[i]) if q == 1 else _plural(_singular(words[i]))
    said = " ".join(([size] if size else []) + words) + sep + tail
    return _article(said) if q == 1 else f"{_number(q)} {said}"


def words_for(name: str, base: float, unit: str, times: float) -> str:
    """The words for `times` x a portion "`base` `unit`" of the food `name`."""
    q = base * times
    words = unit.split()
    if unit in ("fl oz", "oz"):
        return f"{_number(q)} {unit} of {name}"
    size = " ".join(words[:-1]) if len(words) > 1 and " ".join(words[:-1]) in SIZES else ""
    if unit in SIZES or unit in GENERIC:
        # "1 medium" banana: "a medium banana"; "1 fruit" orange: "an orange"
        said = name if unit in GENERIC else f"{unit} {name}"
        return _article(said) if q == 1 else f"{_number(q)} {_plural_phrase(said)}"
    counted = _counted(name, words[-1], q, size)
    if counted is not None:
        return counted
    if q == 0.5:
        return f"half {_article(unit)} of {name}"
    if q == 1:
        return f"{_article(unit)} of {name}"
    if not unit[:1].isdigit():
        words[-1] = _plural(words[-1])
    return f"{_number(q)} {' '.join(words)} of {name}"


def load(data: Path) -> tuple[list[Food], dict[str, list[Portion]]]:
    with (data / "fndds_foods.csv").open(encoding="utf-8", newline="") as handle:
        foods = [
            Food(
                r["food_code"],
                r["description"],
                float(r["energy_kcal"]),
                float(r["protein_g"]),
                float(r["carbohydrate_g"]),
                float(r["fat_g"]),
            )
            for r in csv.DictReader(handle)
        ]
    portions: dict[str, list[Portion]] = {}
    with (data / "fndds_portions.csv").open(encoding="utf-8", newline="") as handle:
        for r in csv.DictReader(handle):
            portions.setdefault(r["food_code"], []).append(
                Portion(int(r["seq"]), r["portion"], float(r["grams"]))
            )
    return foods, portions


def usable(portion: Portion) -> tuple[float, str] | None:
    if not 0 < portion.grams <= MAX_GRAMS or SKIP_PORTION.search(portion.text):
        return None
    return portion_unit(portion.text)


def excluded(paths: list[Path]) -> tuple[set[str], set[str]]:
    """The food codes and sentences of the meal files `paths`."""
    codes: set[str] = set()
    texts: set[str] = set()
    for path in paths:
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                meal = json.loads(line)
                texts.add(meal["text"])
                codes.update(str(f["food_code"]) for f in meal["foods"])
    return codes, texts


def build(
    count: int, seed: int, data: Path = DATA, exclude: list[Path] | None = None
) -> list[dict[str, object]]:
    foods, portions = load(data)
    codes, texts = excluded(exclude or [])
    candidates = [
        f
        for f in foods
        if not EXCLUDE.search(f.description)
        and f.code not in codes
        and any(usable(p) for p in portions.get(f.code, []))
    ]
    heads = Counter(f.description.split(",")[0].lower() for f in candidates)
    weights = [1 / math.sqrt(heads[f.description.split(",")[0].lower()]) for f in candidates]
    rng = random.Random(seed)
    meals: list[dict[str, object]] = []
    while len(meals) < count:
        size = rng.choices([1, 2, 3], weights=[35, 40, 25])[0]
        chosen: list[Food] = []
        while len(chosen) < size:
            food = rng.choices(candidates, weights=weights)[0]
            if food.code not in {c.code for c in chosen}:
                chosen.append(food)
        items = []
        for food in chosen:
            options = [(p, u) for p in portions[food.code] if (u := usable(p))]
            portion, (base, unit) = rng.choice(options)
            times = rng.choice(amounts(unit))
            grams = portion.grams * times
            if grams > MAX_GRAMS:
                times = 1
                grams = portion.grams
            name = plain_name(food.description)
            items.append(
                {
                    "food_code": food.code,
                    "description": food.description,
                    "name": name,
                    "portion": portion.text,
                    "times": times,
                    "grams": round(grams, 1),
                    "words": words_for(name, base, unit, times),
                    "calories": round(food.kcal * grams / 100, 1),
                    "carbs": round(food.carbs * grams / 100, 1),
                    "protein": round(food.protein * grams / 100, 1),
                    "fat": round(food.fat * grams / 100, 1),
                }
            )
        total = {k: round(sum(float(i[k]) for i in items), 1) for k in ("calories", "carbs")}
        if total["calories"] < MIN_KCAL:
            continue
        words = [str(i["words"]) for i in items]
        said = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
        prefix = rng.choices([p for p, _ in PREFIXES], weights=[w for _, w in PREFIXES])[0]
        if prefix + said in texts:
            continue
        meals.append(
            {
                "id": f"usda-{len(meals) + 1:04d}",
                "text": prefix + said,
                "now": NOW,
                "timezone": TIMEZONE,
                "calories": total["calories"],
                "carbs": total["carbs"],
                "protein": round(sum(float(i["protein"]) for i in items), 1),
                "fat": round(sum(float(i["fat"]) for i in items), 1),
                "foods": items,
            }
        )
    return meals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--seed", type=int, default=20260)
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--exclude", type=Path, action="append", default=[], help="a meal file whose foods stay out"
    )
    args = parser.parse_args()
    meals = build(args.count, args.seed, args.data, args.exclude)
    with args.out.open("w", encoding="utf-8", newline="\n") as handle:
        for meal in meals:
            handle.write(json.dumps(meal, ensure_ascii=False) + "\n")
    print(f"{len(meals)} meals written to {args.out}")


if __name__ == "__main__":
    main()
