"""A packaged food as Open Food Facts describes it: plain data that the core keeps and
render words; nothing here reaches out or stores anything."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field

__all__ = ["VALUES", "Product", "ProductsUnavailable"]

VALUES = ("calories", "protein", "carbs", "fat")


class ProductsUnavailable(Exception):
    """Open Food Facts could not answer now: timeout, connection, a refusal (429, 5xx)."""


@dataclass(frozen=True)
class Product:
    """A packaged food: its values per 100 g (or 100 ml for a drink) and its serving."""

    code: str
    name: str
    brand: str | None = None
    per_100: Mapping[str, float] = field(default_factory=dict)  # VALUES that are known
    liquid: bool = False  # values per 100 ml
    serving: str | None = None  # as the label says it: "30 g", "1 bar (45 g)"
    serving_amount: float | None = None  # the serving in g (ml for a drink)

    def missing(self) -> list[str]:
        """The VALUES the product does not say, in order."""
        return [name for name in VALUES if name not in self.per_100]

    def scaled(self, amount: float) -> dict[str, float]:
        """The values of `amount` g (ml), rounded as a label would."""
        factor = amount / 100
        return {
            name: round(self.per_100[name] * factor, 0 if name == "calories" else 1)
            for name in VALUES
        }

    def to_json(self) -> str:
        return json.dumps(asdict(self) | {"per_100": dict(self.per_100)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Product:
        data = json.loads(text)
        return cls(**data)
