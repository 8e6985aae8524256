"""Packaged food by its barcode: the code read from a photo or typed, and what Open Food
Facts knows of it.

`codes` reads EAN-13, EAN-8, UPC-A and UPC-E from a photo on this machine (zxing-cpp, no
model) and checks a code's GS1 check digit; `openfoodfacts` is the client of Open Food Facts'
product API and `Product` the plain view of what it answered. Nothing here stores or words
anything: the core keeps products (bot/store) and render says them.
"""

from bot.products.codes import code_in_text, codes_in_photo, valid_code
from bot.products.openfoodfacts import (
    OpenFoodFacts,
    Product,
    ProductsUnavailable,
    RateLimiter,
)

__all__ = [
    "OpenFoodFacts",
    "Product",
    "ProductsUnavailable",
    "RateLimiter",
    "code_in_text",
    "codes_in_photo",
    "valid_code",
]
