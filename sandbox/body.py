"""Reading a POST body: JSON only, bounded in size, parsed strictly.

The checks run in the order a careful server would: media type (415), then
declared and actual size (413), then syntax (400). The body is streamed and
abandoned as soon as it passes the limit, so a huge upload costs little.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import Request

from sandbox.problems import ProblemError

MAX_BODY_BYTES = 256 * 1024


def _too_large() -> ProblemError:
    return ProblemError(413, f"The request body must be at most {MAX_BODY_BYTES} bytes.")


def _refuse_constant(name: str) -> Any:
    """NaN and Infinity are not JSON, though Python's parser accepts them."""
    raise ValueError(f"{name} is not valid JSON")


def _is_json(content_type: str | None) -> bool:
    media_type = (content_type or "").split(";", 1)[0].strip().lower()
    return media_type == "application/json"


async def read_json(request: Request) -> Any:
    if not _is_json(request.headers.get("content-type")):
        raise ProblemError(415)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise _too_large()
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise _too_large()
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProblemError(400, "The request body is not valid JSON.") from None
