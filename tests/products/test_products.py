"""Barcodes and Open Food Facts' answers, read without the bot around them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest
import zxingcpp

from bot.products import codes
from bot.products.codes import check_digit_ok, code_in_text, codes_in_photo, upc_e_to_a, valid_code
from bot.products.openfoodfacts import RateLimiter, product_of
from tests.fixtures.barcodes import photo_of


@pytest.mark.parametrize(
    ("digits", "ok"),
    [
        ("4006381333931", True),
        ("4006381333932", False),
        ("96385074", True),
        ("96385075", False),
        ("036000291452", True),
        ("036000291453", False),
        ("12345", False),  # no retail code is 5 digits
    ],
)
def test_a_code_is_looked_up_only_when_its_check_digit_holds(digits: str, ok: bool) -> None:
    assert valid_code(digits) is ok
    assert check_digit_ok(digits) is ok or len(digits) == 5


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("4006381333931", "4006381333931"),
        (" 4006 3813 33931 ", "4006381333931"),
        ("96385074", "96385074"),
        ("1234567", None),  # 7 digits: a number, not a code
        ("123456789012345", None),  # 15
        ("2 eggs", None),
        ("80", None),
        ("４００６３８１３３３９３１", None),  # full-width digits are no code
    ],
)
def test_a_message_that_is_only_digits_is_a_code(text: str, code: str | None) -> None:
    assert code_in_text(text) == code


def test_upc_e_stands_for_its_upc_a() -> None:
    assert upc_e_to_a("01234565") == "012345000065"
    assert upc_e_to_a("04252614") == "042100005264"
    assert valid_code(upc_e_to_a("01234565") or "")


def test_a_misread_photo_code_is_never_looked_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """zxing-cpp checks the digit itself; a read that fails it anyway is left out."""
    misread = SimpleNamespace(text="4006381333932", format=zxingcpp.BarcodeFormat.EAN13)
    good = SimpleNamespace(text="96385074", format=zxingcpp.BarcodeFormat.EAN8)
    monkeypatch.setattr(zxingcpp, "read_barcodes", lambda *a, **k: [misread, good])
    assert codes_in_photo(photo_of("96385074", "EAN8")) == ["96385074"]


def test_what_is_no_image_has_no_code() -> None:
    assert codes_in_photo(b"\xff\xd8\xff-not-really-a-jpeg") == []
    assert codes.canonical("036000291452") == "0036000291452"


def test_a_product_with_only_kilojoules_gets_its_kcal() -> None:
    body: dict[str, Any] = {
        "status": 1,
        "product": {
            "product_name": "Rye crispbread",
            "brands": "Wasa",
            "serving_size": "1 slice (11 g)",
            "nutriments": {
                "energy_100g": 1460,
                "proteins_100g": "9,5",
                "carbohydrates_100g": 66,
                "fat_100g": 1.5,
            },
        },
    }
    product = product_of("7300400481588", body)
    assert product is not None and product.missing() == []
    assert round(product.per_100["calories"]) == 349 and product.per_100["protein"] == 9.5
    assert product.serving_amount == 11 and not product.liquid
    assert product_of("7300400481588", {"status": 0}) is None


def test_a_drink_is_per_100_ml_and_values_missing_are_named() -> None:
    body = {
        "status": 1,
        "product": {
            "product_name": "Cola",
            "quantity": "33 cl",
            "nutriments": {"energy-kcal_100g": 42},
        },
    }
    product = product_of("5449000000996", body)
    assert product is not None and product.liquid
    assert product.missing() == ["protein", "carbs", "fat"]


async def test_the_limiter_refuses_a_read_that_would_wait_too_long() -> None:
    now = [0.0]
    limiter = RateLimiter(limit=2, window=60.0, clock=lambda: now[0])
    assert await limiter.acquire(patience=1.0) and await limiter.acquire(patience=1.0)
    assert not await limiter.acquire(patience=1.0)  # the next slot frees in 60 s
    now[0] = 60.0
    assert await limiter.acquire(patience=1.0)
