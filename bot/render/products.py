"""Packaged food by its barcode: the product read, its amounts, and why it could not be.

Texts are Telegram-safe HTML; a product's name and brand come from Open Food Facts and are
escaped. Energy is shown in the reader's unit, nutrients in grams.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.kernel.readers import Reader
from bot.products.product import Product
from bot.render.format import esc
from bot.render.words import N_, words

__all__ = [
    "amount_not_understood",
    "ask_amount",
    "code_misread",
    "entry_name",
    "product_card",
    "product_missing_values",
    "product_unknown",
    "products_unavailable",
]

_VALUE_NAMES = {
    "calories": N_("energy"),
    "protein": N_("protein"),
    "carbs": N_("carbs"),
    "fat": N_("fat"),
}


def _named(product: Product) -> str:
    """The product as the person knows it from the shelf: name, then brand."""
    if product.brand and product.brand.lower() not in product.name.lower():
        return f"{product.name} ({product.brand})"
    return product.name


def product_card(product: Product, reader: Reader) -> str:
    """The product read and its values, above the buttons that ask how much was eaten."""
    w = words(reader)
    per = w._("Per 100 ml") if product.liquid else w._("Per 100 g")
    values = product.per_100
    lines = [
        f"📦 <b>{esc(_named(product))}</b>",
        w._("{per}: {energy} · protein {protein} · carbs {carbs} · fat {fat}").format(
            per=per,
            energy=w.energy(values["calories"]),
            protein=w.grams(values["protein"]),
            carbs=w.grams(values["carbs"]),
            fat=w.grams(values["fat"]),
        ),
    ]
    if product.serving and product.serving_amount:
        serving = product.scaled(product.serving_amount)
        lines.append(
            w._("One serving ({serving}): {energy}").format(
                serving=esc(product.serving), energy=w.energy(serving["calories"])
            )
        )
    lines += ["", w._("How much did you have?")]
    return "\n".join(lines)


def entry_name(
    product: Product, reader: Reader, *, amount: float, servings: float | None = None
) -> str:
    """The entry as it is logged: the product, then the amount ("Granola (Brand), 45 g";
    "…, 2 servings (90 g)")."""
    w = words(reader)
    unit = "ml" if product.liquid else "g"
    measured = f"{w.number(amount, 1, trim=True)} {unit}"
    if servings is None:
        said = measured
    else:
        count = w.number(servings, 1, trim=True)
        said = w.ngettext(
            "{count} serving ({amount})", "{count} servings ({amount})", max(1, round(servings))
        ).format(count=count, amount=measured)
    return f"{_named(product)}, {said}"[:200]


def ask_amount(product: Product, reader: Reader) -> str:
    w = words(reader)
    if product.serving_amount:
        example = w._("e.g. <i>2 servings</i> or <i>45 g</i>")
    else:
        example = w._("e.g. <i>45 g</i>")
    return w._("How much <b>{name}</b> did you have? Send the amount, {example}.").format(
        name=esc(_named(product)), example=example
    )


def amount_not_understood(product: Product, reader: Reader) -> str:
    w = words(reader)
    return w._(
        "I didn't get that amount of <b>{name}</b>. Send it like <i>45 g</i>{or_servings}."
    ).format(
        name=esc(_named(product)),
        or_servings=w._(" or <i>2 servings</i>") if product.serving_amount else "",
    )


def code_misread(code: str, reader: Reader) -> str:
    """A typed code whose check digit does not hold: never looked up."""
    return (
        words(reader)
        ._(
            "<code>{code}</code> isn't a valid barcode: its last digit doesn't match the others. "
            "Check the digits and send it again."
        )
        .format(code=esc(code))
    )


def product_unknown(code: str, reader: Reader) -> str:
    return (
        words(reader)
        ._(
            "Open Food Facts doesn't know the barcode <code>{code}</code>. Tell me what it is and "
            "how much, e.g. <i>granola, 45 g</i>, and I'll log it by its name."
        )
        .format(code=esc(code))
    )


def product_missing_values(product: Product, missing: Sequence[str], reader: Reader) -> str:
    """A product found without some of its values: which, and what the person can send."""
    w = words(reader)
    said = w.listed([w._(_VALUE_NAMES[name]) for name in missing])
    return w._(
        "Open Food Facts knows <b>{name}</b> but not its {missing}, so nothing was saved. "
        "Send its values per 100 g from the label, or what it is and how much, e.g. "
        "<i>granola, 45 g</i>."
    ).format(name=esc(_named(product)), missing=said)


def products_unavailable(reader: Reader) -> str:
    return words(reader)._(
        "I couldn't reach Open Food Facts just now, so nothing was saved. Send the barcode "
        "again in a minute, or tell me what you ate."
    )
