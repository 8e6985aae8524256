"""Rebuild data/usda/ from USDA's FNDDS "At A Glance" download (data/usda/README.md).

    python scripts/usda_extract.py NUTRIENT_VALUES.csv PORTIONS_AND_WEIGHTS.csv [--out data/usda]

The inputs are the two CSV exports of USDA's FNDDS 2021-2023 "At A Glance" workbooks
("2021-2023 FNDDS At A Glance - FNDDS Nutrient Values" and "... - Portions and Weights"):
a title row, then a header row, then one row per food (or per food and portion). Header
cells may hold line breaks ("Sugars, total\\n(g)"); they are matched with the breaks read as
spaces, by name, never by position, so a re-exported file with its columns moved still reads.

It writes, UTF-8, one header row each, rows in food-code order:

- `fndds_foods.csv`: food_code, description, energy_kcal, protein_g, carbohydrate_g, fat_g,
  fiber_g, sugars_g, all per 100 g, the values exactly as USDA prints them;
- `fndds_portions.csv`: food_code, seq, portion, grams: every portion USDA lists for a food
  ("1 cup", "1 medium", "Quantity not specified", ...), the weight as printed.

Nothing is rounded, dropped or renamed; a portion of a food the nutrient file lacks is
reported on stderr and left out of `fndds_portions.csv` (so every portion has a food).
"""

from __future__ import annotations

import argparse
import csv
import sys
from collections.abc import Iterator
from pathlib import Path

FOOD_COLUMNS = {
    "food_code": "Food code",
    "description": "Main food description",
    "energy_kcal": "Energy (kcal)",
    "protein_g": "Protein (g)",
    "carbohydrate_g": "Carbohydrate (g)",
    "fat_g": "Total Fat (g)",
    "fiber_g": "Fiber, total dietary (g)",
    "sugars_g": "Sugars, total (g)",
}
PORTION_COLUMNS = {
    "food_code": "Food code",
    "seq": "Seq num",
    "portion": "Portion description",
    "grams": "Portion weight (g)",
}


def _clean(cell: str) -> str:
    return " ".join(cell.replace("\ufeff", "").split())


def read_table(path: Path, wanted: dict[str, str]) -> Iterator[dict[str, str]]:
    """The rows of an At A Glance CSV, as {our name: cell}, from the header row on."""
    with path.open(encoding="utf-8-sig", newline="") as handle:
        rows = csv.reader(handle)
        for header in rows:  # the title row(s) come first; the header starts with "Food code"
            if header and _clean(header[0]) == "Food code":
                break
        else:
            raise ValueError(f"{path}: no header row starting with 'Food code'")
        names = [_clean(h) for h in header]
        missing = [v for v in wanted.values() if v not in names]
        if missing:
            raise ValueError(f"{path}: no column {missing}")
        at = {ours: names.index(theirs) for ours, theirs in wanted.items()}
        for row in rows:
            if not row or not _clean(row[0]):
                continue
            yield {ours: _clean(row[i]) for ours, i in at.items()}


def extract(nutrients: Path, portions: Path, out: Path) -> tuple[int, int, list[str]]:
    """Write the two files; (foods, portions, food codes of portions without a food)."""
    foods = sorted(read_table(nutrients, FOOD_COLUMNS), key=lambda r: int(r["food_code"]))
    codes = {r["food_code"] for r in foods}
    if len(codes) != len(foods):
        raise ValueError(f"{nutrients}: a food code appears twice")
    kept: list[dict[str, str]] = []
    orphans: set[str] = set()
    for row in read_table(portions, PORTION_COLUMNS):
        if row["food_code"] in codes:
            kept.append(row)
        else:
            orphans.add(row["food_code"])
    kept.sort(key=lambda r: (int(r["food_code"]), int(r["seq"])))
    out.mkdir(parents=True, exist_ok=True)
    for name, rows, columns in (
        ("fndds_foods.csv", foods, FOOD_COLUMNS),
        ("fndds_portions.csv", kept, PORTION_COLUMNS),
    ):
        with (out / name).open("w", encoding="utf-8", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(columns), lineterminator="\n")
            writer.writeheader()
            writer.writerows(rows)
    return len(foods), len(kept), sorted(orphans)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("nutrients", type=Path, help="... FNDDS Nutrient Values.csv")
    parser.add_argument("portions", type=Path, help="... Portions and Weights.csv")
    parser.add_argument("--out", type=Path, default=Path("data/usda"))
    args = parser.parse_args()
    foods, portions, orphans = extract(args.nutrients, args.portions, args.out)
    print(f"{foods} foods, {portions} portions written to {args.out}")
    if orphans:
        print(f"portions left out, no such food in the nutrients: {orphans}", file=sys.stderr)


if __name__ == "__main__":
    main()
