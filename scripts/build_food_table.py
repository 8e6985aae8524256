"""Write bot/planner/data/survey_foods.csv, the food table's second tier, from USDA FNDDS.

    python scripts/build_food_table.py [--usda data/usda] [--out bot/planner/data]

Every FNDDS 2021-2023 food of data/usda/fndds_foods.csv (values per 100 g) becomes one row in
the columns of foods.csv (source `usda-fndds`), except baby and toddler foods, infant formula
and "as ingredient" rows. Names come from USDA's formal description by general rules, never a
hand-written list of foods:

- The description is split at its commas: the first part is the head ("Milk", "Pizza", "Egg
  omelet or scrambled egg": alternatives split at " or " and " / "), the rest qualifiers.
- Qualifiers that say where or how a food was bought or cooked and that nobody says ("NFS",
  "NS as to ...", "from restaurant or fast food", "home recipe", "made with oil", "no added
  fat", "ready-to-heat") are *free*: left out of the names at no cost.
- "with ...", "on ...", "in ..." qualifiers follow the head ("chili with beans", "sandwich on
  wheat bread"); every other qualifier describes it and goes before it, the last one first
  ("Egg, whole, fried" -> "fried whole egg"; "Pizza, cheese, ..." -> "cheese pizza"). A
  qualifier "A or B" gives both; a bracket gives another name ("reduced fat (2%)" -> "reduced
  fat", "2%"), a bracketed brand a name of its own ("(Muscle Milk)").
- Shorter names leave qualifiers out ("fried egg", "2% milk"); each costs the words it drops.
  A name belongs to the row that drops the fewest words for it (a row that USDA marks as not
  further specified, "NFS", winning ties, then the lower food code), and never to a row when
  the curated tables (foods.csv, dishes.csv) already have it: the curated table always wins.
- A single word is a name only when it is no everyday word the planner reads otherwise.

The portion is the first of the food's USDA household portions that is a household measure
("1 piece", "1 cup", "1 medium"; not "Quantity not specified", a cubic or surface inch, a
fluid ounce or a "guideline amount") and weighs from a quarter to four times USDA's own
default amount ("Quantity not specified"); failing that, the default amount itself ("1
serving"). A portion counting one thing is also the row's unit, so "2 cups" and "3 pieces"
use USDA's weight for this food. A drink (a food USDA portions in fluid ounces) is measured in
ml, converted with its own weight per fluid ounce. Figures are per portion, rounded as the
curated tables are (kcal to the unit, macros to 0.1 g); rows whose energy the loader's check
(4/4/9 kcal per g, alcohol only in a drink) would refuse are left out and counted.

Every other household portion of a food is a *measure* of its row, written to
survey_measures.csv (the row's first alias, the measure's words, grams or ml of one): "1 cup,
chopped" is the row's "cup", "1 large or thick slice" its "large slice" and "thick slice",
"1 miniature/slider" its "miniature" and "slider", "1 small pizza" of a pizza also its
"small" (the measure names the food itself), "1 sandwich" of a sandwich its "each". A cup of
lettuce and a cup of cream then weigh what USDA weighs them, not 240 g both. A name the
curated tables hold gets the cup, tablespoon and teaspoon of the survey food that drops the
fewest words for it, in curated_measures.csv.
"""

from __future__ import annotations

import argparse
import csv
import io
import itertools
import math
import re
import sys
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.planner.offline.additions import DESCRIBING  # noqa: E402
from bot.planner.offline.table import (  # noqa: E402
    COLUMNS,
    MEASURE_COLUMNS,
    FoodTableError,
    _check,
    alias_key,
    build_table,
    food_of_row,
)
from bot.planner.offline.tolerant import other_words as words_of_other_rules  # noqa: E402
from bot.planner.reader.quantities import HOUSEHOLD_UNITS  # noqa: E402

SOURCE = "usda-fndds"
# Words that name a food in USDA's list but mean something else in most messages.
EVERYDAY_WORDS = frozenset(
    "date heart bear dove turtle goose monster manhattan patty strips puffs greens".split()
)
FL_OZ_ML = 29.5735
MAX_ALIAS_WORDS = 8
MAX_EXACT_WORDS = 14  # the exact name with its free qualifiers, the last resort of a row
MAX_DESCRIBING = 4  # qualifiers before the head that shorter names may leave out

_SKIP_FOOD_RE = re.compile(r"\bbaby\b|\btoddler\b|infant formula|\bas ingredient\b", re.I)
# Qualifiers nobody says: dropped from names at no cost.
_FREE_RE = re.compile(
    r"^(nfs|ns as to .*|any .*|from (restaurant|fast food|school|home|fresh|frozen|canned|"
    r"dried|raw|pre-cooked|concentrate)\b.*|.*\brestaurant\b.*|.*\bhome recipe\b.*|"
    r"(made|cooked|prepared) (with|from|in) .*|no added fat|fat added.*|fat not added.*|"
    r"no added .*|ready-to-\w+|regular|prepared|commercial.*|purchased .*|store bought|"
    r"reconstituted|not reconstituted|bottled|school lunch.*|frozen meal|diet frozen meal|"
    r".*\bstyle\b.*|.*\beaten\b.*|skin .*|peel .*|cooked|stage \d.*|nfs .*)$"
)
_FREE_TAIL_RE = re.compile(r" (no added fat|fat added|fat not added in cooking|ns as to .*)$")
_POST_RE = re.compile(r"^(with|on|in|w/|without|no|stuffed with|filled with|topped with)\b")
_CONTINUATION_RE = re.compile(r"^(and|or|and/or|excluding|including|plus)\b")
# Household portions that are no typical serving, or only a measure of weight or volume.
_NOT_A_PORTION_RE = re.compile(
    r"quantity not specified|guideline amount|cubic inch|surface inch|yields|^\d+(\.\d+)? fl oz"
    r"|^\d+(\.\d+)? oz\b|^1/\d|^\d+ (g|gram)|\bteaspoon\b|crumb|calorie package",
    re.I,
)
_BRAND_RE = re.compile(r"\(([A-Z][^()]*)\)")
_BRACKET_RE = re.compile(r"\s*\(([^()]*)\)")


def _words(text: str) -> int:
    return len(text.split())


def _clean(text: str) -> str:
    """A phrase as an alias: lower case, brackets, slashes and stray punctuation gone."""
    text = text.lower().replace("&", " and ").replace("/", " ").replace('"', " ")
    text = re.sub(r"[()\[\];:,.!?*]", " ", text)
    return " ".join(text.split())


def _split_top(description: str) -> list[str]:
    """The description's parts at commas and semicolons outside brackets."""
    parts, depth, cur = [], 0, ""
    for ch in description:
        depth += ch == "("
        depth -= ch == ")"
        if ch in ",;" and depth == 0:
            parts.append(cur.strip())
            cur = ""
        else:
            cur += ch
    parts.append(cur.strip())
    return [p for p in parts if p]


def _forms(qualifier: str) -> list[str]:
    """The ways a qualifier is said: "reduced fat (2%)" -> "reduced fat", "2%"; "baked or
    broiled" -> "baked", "broiled" (each side short)."""
    inner = [m for m in _BRACKET_RE.findall(qualifier) if m and not m[0].isupper()]
    plain = _BRACKET_RE.sub("", qualifier).strip()
    forms: list[str] = []
    sides = re.split(r" or | / ", plain)
    if len(sides) > 1 and all(0 < _words(s) <= 2 for s in sides):
        forms += sides
    elif plain:
        forms.append(plain)
    forms += [m for m in inner if _words(m) <= 3 and not re.search(r"\d+ ?(oz|g|ml)\b", m)]
    return list(dict.fromkeys(_clean(f) for f in forms if _clean(f)))


@dataclass
class Parsed:
    heads: list[str]
    describing: list[tuple[str, list[str]]] = field(default_factory=list)  # text, forms
    post: list[str] = field(default_factory=list)  # "with cheese", after the head
    dropped: int = 0  # words of qualifiers no name carries
    free: list[str] = field(default_factory=list)
    brands: list[str] = field(default_factory=list)
    generic: bool = False  # USDA's "NFS" / "NS as to ...": the row for the unspecified food


def parse(description: str) -> Parsed:
    parts = _split_top(description)
    head = parts[0]
    brands = [_clean(b) for b in _BRAND_RE.findall(description)]
    head_word = _clean(_BRACKET_RE.sub("", head)).split()[-1:]
    # a one-word brand is said with what it is: "monster energy drink", not "monster"
    brands = [b if _words(b) > 1 else " ".join([b, *head_word]) for b in brands]
    head_plain = _BRACKET_RE.sub("", head)
    heads = [_clean(h) for h in re.split(r" or | / ", head_plain) if _clean(h)]
    if len(heads) > 1 and _words(heads[0]) == 1 < _words(heads[-1]):
        heads[0] += " " + heads[-1].split()[-1]  # "French or Vienna bread": french bread
    parsed = Parsed(heads=heads or [_clean(head_plain)], brands=brands)
    in_post = last_post = False
    for part in parts[1:]:
        lower = part.lower().strip()
        if _FREE_RE.match(lower):
            parsed.free.append(lower)
            parsed.generic |= lower == "nfs" or lower.startswith("ns as to")
            in_post = False
            continue
        if _CONTINUATION_RE.match(lower) or in_post:
            # the rest of a "with" list ("with carrots, broccoli, and tomatoes"): no name
            parsed.dropped += _words(lower)
            continue
        tail = _FREE_TAIL_RE.search(lower)
        if tail is not None and tail.start() > 0:  # "fried no added fat"
            parsed.free.append(tail.group(0).strip())
            lower = lower[: tail.start()].strip()
        post = _POST_RE.match(lower)
        if post is None and " with " in f" {lower} " and not lower.startswith("with"):
            before, _, after = lower.partition(" with ")
            if _FREE_RE.match(f"cooked with {after}"):
                parsed.free.append(f"with {after}")  # "fried with oil": fried, oil a detail
                lower = before
            else:
                parsed.post.append(_clean(f"with {after}"))
                lower = before
        if post is not None:
            cleaned = _clean(_BRACKET_RE.sub("", lower))
            if _words(cleaned) <= 4 and len(parsed.post) < 2:
                parsed.post.append(cleaned)
                last_post = True
            else:
                parsed.dropped += _words(cleaned)
                in_post = True
            continue
        if parsed.post and last_post and _words(lower) <= 2:  # "with rice, cheese"
            parsed.post[-1] += f" and {_clean(lower)}"
            continue
        forms = _forms(part if lower == part.lower().strip() else lower)
        last_post = False
        if forms and len(parsed.describing) < MAX_DESCRIBING:
            parsed.describing.append((lower, forms))
        else:
            parsed.dropped += _words(lower)
    return parsed


def candidate_names(parsed: Parsed) -> Iterator[tuple[str, float]]:
    """(name, cost): every way to say the food, costing the words it leaves out."""
    nfs_bonus = -0.5 if parsed.generic else 0.0
    n = len(parsed.describing)
    posts = [parsed.post[:k] for k in range(len(parsed.post) + 1)]
    for head in parsed.heads:
        for keep in itertools.product((True, False), repeat=n):
            kept = [d for d, k in zip(parsed.describing, keep, strict=True) if k]
            cost = parsed.dropped + sum(
                _words(d[0]) for d, k in zip(parsed.describing, keep, strict=True) if not k
            )
            for choice in itertools.product(*(forms for _t, forms in kept)):
                before = " ".join(reversed(choice))
                for post in posts:
                    post_cost = sum(_words(p) for p in parsed.post[len(post) :])
                    name = " ".join(x for x in (before, head, *post) if x)
                    yield name, cost + post_cost + nfs_bonus
    for brand in parsed.brands:
        yield brand, parsed.dropped + nfs_bonus + 0.25
    said = _said_free(parsed)
    if said:  # the most exact name: what tells this row from its siblings, said at the end
        everything = [d[1][0] for d in reversed(parsed.describing)]
        name = " ".join([*everything, parsed.heads[0], *parsed.post, *said])
        yield name, parsed.dropped - 1.0


def _said_free(parsed: Parsed) -> list[str]:
    """The free qualifiers worth saying in a name or a bracket ("from frozen", "made with
    oil"); not USDA's "NFS" and "NS as to" marks."""
    return [_clean(f) for f in parsed.free if f != "nfs" and not f.startswith(("ns as to", "nfs "))]


def display_name(parsed: Parsed) -> str:
    before = " ".join(reversed([_BRACKET_RE.sub("", t).strip() for t, _f in parsed.describing]))
    name = " ".join(x for x in (before, parsed.heads[0], *parsed.post) if x)
    brackets = [b for t, _f in parsed.describing for b in _BRACKET_RE.findall(t)]
    brackets += _said_free(parsed)
    name = f"{name} ({', '.join(brackets)})" if brackets else name
    return name[:1].upper() + name[1:]


def _usable(
    alias: str, other_words: frozenset[str], exact: bool = False, whole: bool = False
) -> bool:
    """Whether a name may be an alias; a single word only when it is USDA's whole name for
    the food (`whole`: "Bison", "Knish") and no everyday word."""
    words = alias.split()
    if not words or len(words) > (MAX_EXACT_WORDS if exact else MAX_ALIAS_WORDS):
        return False
    if any(re.search(r"\d", w) and not re.fullmatch(r"\d+%", w) for w in words):
        return False
    if len(words) == 1:
        word = words[0]
        return (
            whole
            and len(word) >= 4
            and word not in other_words
            and word not in DESCRIBING
            and word not in EVERYDAY_WORDS
        )
    return words[0] not in {"and", "or", "with"}


@dataclass
class Portion:
    text: str  # "1 cup", "1 can (12 fl oz)"
    grams: float


def _portion_text(raw: str) -> str:
    """ "1 can or bottle (12 fl oz)" -> "1 can (12 fl oz)"; "1 piece, NFS" -> "1 piece"."""
    text = re.sub(r", (nfs|any size)\b", "", raw, flags=re.I)
    text = re.sub(r"\s*\((no ice|with ice|nfs)\)", "", text, flags=re.I)
    bracket = _BRACKET_RE.search(text)
    main = text[: bracket.start()] if bracket else text
    main = re.split(r" or |/", main)[0]
    if bracket and " or " not in bracket.group(0):
        main += bracket.group(0)
    return " ".join(main.split())


def choose_portion(portions: list[tuple[str, float]]) -> Portion | None:
    default = next((g for p, g in portions if p.lower() == "quantity not specified"), None)
    fitting = [
        (raw, grams)
        for raw, grams in portions
        if not _NOT_A_PORTION_RE.search(raw)
        and grams > 0
        and (default is None or default / 2 <= grams <= default * 4)
    ]
    if default:  # the one nearest USDA's own amount for a food eaten in an unsaid quantity
        fitting.sort(key=lambda portion: abs(math.log(portion[1] / default)))
    if fitting:
        return Portion(_portion_text(fitting[0][0]), fitting[0][1])
    if default:
        return Portion("1 serving", default)
    return None


def ml_per_gram(portions: list[tuple[str, float]]) -> float | None:
    """A drink's volume per gram, from its "1 fl oz" portion; None for a food."""
    for raw, grams in portions:
        if re.fullmatch(r"1 fl oz( \((no ice|nfs)\))?", raw.lower()) and grams > 0:
            return FL_OZ_ML / grams
    return None


_MEASURE_RE = re.compile(r"^(\d+ \d+/\d+|\d+/\d+|\d+(?:\.\d+)?) (.+)$")
_NOT_A_MEASURE_RE = re.compile(
    r"quantity not specified|guideline|cubic inch|surface inch|yields|^(fl oz|oz|g|gram)\b|"
    r"calorie package|\bdry\b",
    re.I,
)
# The measures a curated row takes from its nearest survey food, when that is no drink: the
# volumes a solid is weighed in ("a cup of cornbread" is not 240 g); its own unit and its
# sizes stay the curated table's.
CURATED_MEASURES = frozenset({"cup", "tbsp", "tsp"})
_MEASURE_SIZES = frozenset(
    "small medium large regular miniature mini extra-large jumbo thin thick individual".split()
)


def _amount(text: str) -> float:
    if " " in text:
        whole, frac = text.split()
        return int(whole) + _amount(frac)
    if "/" in text:
        num, den = text.split("/")
        return int(num) / int(den)
    return float(text)


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "xes", "sses", "oes")):
        return word[:-2]
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def measure_names(phrase: str) -> list[str]:
    """The words a portion's unit may be said in: "large or thick slice" -> "large slice",
    "thick slice"; "miniature/slider" -> "miniature", "slider"; "tablespoon" -> "tbsp"."""
    said = phrase.replace('"', "").lower()
    alternatives = [a.strip() for a in re.split(r" or |/", said) if a.strip()]
    if not alternatives:
        return []
    noun = alternatives[-1].split()[-1] if len(alternatives[-1].split()) > 1 else ""
    names = []
    for alternative in alternatives:
        if noun and len(alternative.split()) == 1 and alternative in _MEASURE_SIZES:
            alternative = f"{alternative} {noun}"
        words = [HOUSEHOLD_UNITS.get(w, w) for w in alternative.split()]
        names.append(" ".join(words))
    return names


def measures(
    description: str, portions: list[tuple[str, float]], ml: float | None
) -> dict[str, float]:
    """A food's household portions as grams (ml for a drink) of one of each measure; the
    first portion of a measure wins. A measure naming the food itself ("1 sandwich" of a
    sandwich, "1 small pizza" of a pizza) is also its "each" or its plain size."""
    food_words = {_singular(w) for w in re.findall(r"[a-z]+", description.lower())}
    found: dict[str, float] = {}
    for raw, grams in portions:
        first = _BRACKET_RE.sub("", raw).split(",")[0].strip().lower()
        match = _MEASURE_RE.match(first)
        if match is None or grams <= 0 or _NOT_A_MEASURE_RE.search(match.group(2)):
            continue
        one = round(grams / _amount(match.group(1)) * (ml or 1.0), 1)
        if one <= 0:
            continue
        for name in measure_names(match.group(2)):
            words = name.split()
            keys = [name]
            if _singular(words[-1]) in food_words:
                keys.append(" ".join(words[:-1]) or "each")
            for key in keys:
                found.setdefault(key, one)
    return found


def _fmt(value: float) -> str:
    return f"{value:g}"


def build_rows(
    usda: Path, curated: set[str]
) -> tuple[list[dict[str, str]], dict[str, int], list[dict[str, str]], list[dict[str, str]]]:
    foods = list(csv.DictReader((usda / "fndds_foods.csv").open(encoding="utf-8")))
    portions: dict[str, list[tuple[str, float]]] = defaultdict(list)
    for row in csv.DictReader((usda / "fndds_portions.csv").open(encoding="utf-8")):
        portions[row["food_code"]].append((row["portion"], float(row["grams"])))
    other_words = words_of_other_rules()
    counts = {"fndds foods": len(foods), "skipped baby/infant/ingredient": 0}
    counts |= {"no portion": 0, "refused by the energy check": 0, "no name left": 0}
    counts["named only by the curated table"] = 0
    kept: list[tuple[dict[str, str], Parsed, Portion, float | None]] = []
    for food in foods:
        if _SKIP_FOOD_RE.search(food["description"]):
            counts["skipped baby/infant/ingredient"] += 1
            continue
        portion = choose_portion(portions.get(food["food_code"], []))
        if portion is None:
            counts["no portion"] += 1
            continue
        kept.append(
            (
                food,
                parse(food["description"]),
                portion,
                ml_per_gram(portions[food["food_code"]]),
            )
        )
    # Each name goes to the row that drops the fewest words for it.
    owners: dict[str, tuple[float, str]] = {}
    curated_owners: dict[str, tuple[float, str]] = {}  # a curated name's nearest survey food
    names: dict[str, dict[str, float]] = {}
    for food, parsed, _portion, _ml in kept:
        code = food["food_code"]
        mine: dict[str, float] = {}
        for name, cost in candidate_names(parsed):
            key = alias_key(name)
            whole = key == alias_key(food["description"])
            exact = cost < parsed.dropped - 0.75
            if key in curated and (cost, code) < curated_owners.get(key, (math.inf, "")):
                curated_owners[key] = (cost, code)
            if (
                not _usable(key, other_words, exact, whole)
                or key in curated
                or _curated_plural(key, curated)
            ):
                continue
            if key not in mine or cost < mine[key]:
                mine[key] = cost
        names[code] = mine
        for key, cost in mine.items():
            if key not in owners or (cost, code) < owners[key]:
                owners[key] = (cost, code)
    rows: list[dict[str, str]] = []
    measured: list[dict[str, str]] = []
    curated_measured: list[dict[str, str]] = []
    for food, parsed, portion, ml in kept:
        code = food["food_code"]
        aliases = sorted(
            (k for k, c in names[code].items() if owners[k][1] == code),
            key=lambda k: (names[code][k], -_words(k), k),
        )
        if not aliases:
            curated_only = any(k in curated for k, _c in candidate_names(parsed))
            counts["named only by the curated table" if curated_only else "no name left"] += 1
            continue
        row = _row(food, parsed, portion, ml, aliases)
        try:
            _check(food_of_row(row), code)
        except FoodTableError:
            counts["refused by the energy check"] += 1
            continue
        rows.append(row)
        for key, grams in measures(food["description"], portions[code], ml).items():
            measured.append({"alias": aliases[0], "measure": key, "grams": _fmt(grams)})
    counts["rows written"] = len(rows)
    counts["measures written"] = len(measured)
    by_code = {food["food_code"]: (food, ml) for food, _parsed, _portion, ml in kept}
    for key, (_cost, code) in sorted(curated_owners.items()):
        food, ml = by_code[code]
        if ml is not None:  # a drink's cup is its volume already
            continue
        for measure, grams in measures(food["description"], portions[code], ml).items():
            if measure in CURATED_MEASURES:
                curated_measured.append({"alias": key, "measure": measure, "grams": _fmt(grams)})
    counts["curated measures written"] = len(curated_measured)
    return rows, counts, measured, curated_measured


def _curated_plural(key: str, curated: set[str]) -> bool:
    """ "eggs" when the curated table has "egg": the planner reads the plural there already."""
    return any(key.endswith(e) and key[: -len(e)] in curated for e in ("s", "es"))


def _row(
    food: dict[str, str], parsed: Parsed, portion: Portion, ml: float | None, aliases: list[str]
) -> dict[str, str]:
    factor = portion.grams / 100
    measure = portion.grams * ml if ml else portion.grams
    label = "ml" if ml else "g"
    text = portion.text
    inside = f"{_fmt(round(measure))} {label}"
    if text.endswith(")"):
        portion_text = f"{text[:-1]}, {inside})"
    else:
        portion_text = f"{text} ({inside})"
    head, _, rest = text.partition(" ")
    unit = _BRACKET_RE.sub("", rest).strip() if head == "1" and text != "1 serving" else ""
    values = {
        k: float(food[c])
        for k, c in (
            ("kcal", "energy_kcal"),
            ("protein", "protein_g"),
            ("carbs", "carbohydrate_g"),
            ("fat", "fat_g"),
        )
    }
    return {
        "name": display_name(parsed),
        "plural": "",
        "aliases": "|".join(aliases),
        "portion": portion_text,
        "portion_g": _fmt(round(measure, 1)),
        "unit": unit,
        "unit_g": _fmt(round(measure, 1)) if unit else "",
        "kcal": _fmt(round(values["kcal"] * factor)),
        "protein": _fmt(round(values["protein"] * factor, 1)),
        "carbs": _fmt(round(values["carbs"] * factor, 1)),
        "fat": _fmt(round(values["fat"] * factor, 1)),
        "source": SOURCE,
    }


def _measures_text(rows: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=MEASURE_COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def curated_aliases(data: Path) -> set[str]:
    files = [(n, (data / n).read_text("utf-8")) for n in ("foods.csv", "dishes.csv")]
    return set(build_table(files).by_alias)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--usda", type=Path, default=ROOT / "data" / "usda")
    parser.add_argument("--out", type=Path, default=ROOT / "bot" / "planner" / "data")
    args = parser.parse_args(argv)
    rows, counts, measured, curated_measured = build_rows(args.usda, curated_aliases(args.out))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    (args.out / "survey_foods.csv").write_text(out.getvalue(), encoding="utf-8")
    kept = _measures_text(measured)
    (args.out / "survey_measures.csv").write_text(kept, encoding="utf-8")
    (args.out / "curated_measures.csv").write_text(_measures_text(curated_measured), "utf-8")
    build_table([("survey_foods.csv", out.getvalue())], measures=kept)  # the loader's checks
    for key, value in counts.items():
        print(f"{key}: {value}")
    print(f"aliases: {sum(len(r['aliases'].split('|')) for r in rows)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
