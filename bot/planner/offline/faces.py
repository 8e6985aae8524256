"""A face said as a check-in rating, as the number it stands for: "mood 😊" is "mood 4"."""

from __future__ import annotations

import re

from bot.planner.offline.checkins import CHECKIN_KEYWORDS

# A face said as a rating after a check-in word ("mood 😊", "energy: 😩"), 1 to 5.
_FACE_RATINGS: dict[str, int] = {}
for _faces, _face_rating in (
    ("😁 😄 🤩 😍 🥳 🥰", 5),
    ("😀 😃 😊 🙂 ☺ 😌 👍", 4),
    ("😐 😑 😶 🙃 🤷 😬", 3),
    ("😕 🙁 ☹ 😞 😔 😟 😩 😫 😒 😣 👎", 2),
    ("😢 😭 😡 🤬 😖 🤢 🤮 💀", 1),
):
    for _face in _faces.split():
        _FACE_RATINGS[_face] = _face_rating
_FACE_RE = re.compile(
    rf"(?P<kw>\b(?:{'|'.join(sorted(CHECKIN_KEYWORDS, key=len, reverse=True))}))\s*[:=-]?\s*"
    rf"(?P<face>{'|'.join(map(re.escape, _FACE_RATINGS))})\ufe0f?",
    re.IGNORECASE,
)


def faces_as_ratings(text: str) -> str:
    """ "mood 😊" as "mood 4": a face right after a check-in word is its rating."""
    return _FACE_RE.sub(lambda m: f"{m['kw']} {_FACE_RATINGS[m['face']]}", text)
