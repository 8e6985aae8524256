"""Barcodes of packaged food: read from a photo, or typed as digits, and checked.

A retail code (EAN-13, EAN-8, UPC-A, UPC-E) ends with a GS1 check digit; a code that fails
it is a misread or a typo and is never looked up. UPC-E is read out as its UPC-A form and
UPC-A as EAN-13 with a leading zero, which is how Open Food Facts files them.
"""

from __future__ import annotations

import io
import logging
import re

log = logging.getLogger(__name__)

# A message that is only a code: 8 to 14 digits, spaces or dashes between groups allowed.
_TYPED = re.compile(r"[0-9][0-9 \-]{6,20}[0-9]")  # ASCII only: "٣" is a digit to \d too
_LENGTHS = (8, 12, 13, 14)  # EAN-8, UPC-A, EAN-13, GTIN-14
MAX_SIDE = 2000  # a photo's longer side is scaled to this before it is read


def check_digit_ok(digits: str) -> bool:
    """Whether the last digit is the GS1 check digit of the others (weights 3,1,3,... from
    the right, not counting the check digit)."""
    if not digits.isascii() or not digits.isdigit() or len(digits) < 2:
        return False
    body, check = digits[:-1], int(digits[-1])
    total = sum(int(d) * (3 if i % 2 == 0 else 1) for i, d in enumerate(reversed(body)))
    return (10 - total % 10) % 10 == check


def canonical(digits: str) -> str:
    """The form Open Food Facts files a code under: UPC-A as its EAN-13 (a leading zero)."""
    return "0" + digits if len(digits) == 12 else digits


def code_in_text(text: str) -> str | None:
    """The digits when a message is nothing but a code of 8 to 14 digits (checked or not:
    `valid_code` says whether it may be looked up), else None."""
    stripped = text.strip()
    if not _TYPED.fullmatch(stripped):
        return None
    digits = re.sub(r"[ \-]", "", stripped)
    return digits if 8 <= len(digits) <= 14 else None


def valid_code(digits: str) -> bool:
    """Whether `digits` is a retail code whose check digit holds."""
    return len(digits) in _LENGTHS and check_digit_ok(digits)


def codes_in_photo(image: bytes) -> list[str]:
    """The retail codes zxing-cpp reads in a photo, canonical, those failing their check digit
    left out (a blurry read is never looked up); [] when there is none or it is no image."""
    import zxingcpp  # a native module only the photo path needs
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(image)) as opened:
            opened.draft("L", (MAX_SIDE, MAX_SIDE))  # a JPEG decodes at a fraction of its size
            picture = opened.convert("L")
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        log.info("a photo could not be read for a barcode: %s", type(exc).__name__)
        return []
    if max(picture.size) > MAX_SIDE:
        picture.thumbnail((MAX_SIDE, MAX_SIDE))
    formats = zxingcpp.barcode_formats_from_str("EAN13,EAN8,UPCA,UPCE")
    found: list[str] = []
    for barcode in zxingcpp.read_barcodes(picture, formats=formats, try_rotate=True):
        digits = _digits_of(barcode.text, barcode.format == zxingcpp.BarcodeFormat.UPCE)
        if digits is not None and valid_code(digits) and canonical(digits) not in found:
            found.append(canonical(digits))
    return found


def _digits_of(text: str, upc_e: bool) -> str | None:
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        return None
    return upc_e_to_a(digits) if upc_e and len(digits) == 8 else digits


def upc_e_to_a(code: str) -> str | None:
    """A UPC-E code (8 digits: number system, six, check) as the UPC-A it stands for."""
    if len(code) != 8 or code[0] not in "01":
        return None
    system, d, check = code[0], code[1:7], code[7]
    last = d[5]
    if last in "012":
        body = d[0:2] + last + "0000" + d[2:5]
    elif last == "3":
        body = d[0:3] + "00000" + d[3:5]
    elif last == "4":
        body = d[0:4] + "00000" + d[4]
    else:
        body = d[0:5] + "0000" + last
    return system + body + check
