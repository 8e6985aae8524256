"""The language code Telegram last sent with each person's update, kept for this process.

Telegram sends `from.language_code` with every update; a person who has not chosen a
language with `/language` is answered in it. Kept in memory (the latest wins) and written
to the person's account once it has one and the code changed, so an update costs no write.
"""

from __future__ import annotations

from collections import OrderedDict

__all__ = ["HeardLanguages"]


class HeardLanguages:
    """The latest code per person, and whether their account holds it, for the `capacity`
    people heard from most recently."""

    def __init__(self, capacity: int = 50_000) -> None:
        self._codes: OrderedDict[int, tuple[str, bool]] = OrderedDict()
        self.capacity = capacity

    def get(self, user_id: int) -> str | None:
        heard = self._codes.get(user_id)
        return heard[0] if heard else None

    def to_store(self, user_id: int, code: str) -> bool:
        """Remember `code` for the person; whether their account may not hold it yet."""
        heard = self._codes.get(user_id)
        stored = heard is not None and heard == (code, True)
        self._codes[user_id] = (code, stored)
        self._codes.move_to_end(user_id)
        while len(self._codes) > self.capacity:
            self._codes.popitem(last=False)
        return not stored

    def stored(self, user_id: int, code: str) -> None:
        """The person's account holds `code` now."""
        if self._codes.get(user_id, (None, False))[0] == code:
            self._codes[user_id] = (code, True)
