"""The HTML splitter: every part fits, is valid on its own, and nothing is lost."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render.format import to_plain
from bot.telegram.split import SAFE_LIMIT, TELEGRAM_LIMIT, split_html, units


class _Balance(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.stack: list[str] = []
        self.ok = True

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.stack or self.stack.pop() != tag:
            self.ok = False


def balanced(part: str) -> bool:
    parser = _Balance()
    parser.feed(part)
    parser.close()
    return parser.ok and not parser.stack


def words(text: str) -> list[str]:
    return to_plain(text).split()


def test_short_text_is_one_part() -> None:
    assert split_html("<b>hi</b> there") == ["<b>hi</b> there"]
    assert split_html("   \n") == []


def test_cuts_on_line_boundaries() -> None:
    lines = [f"line {i} " + "x" * 50 for i in range(200)]
    parts = split_html("\n".join(lines))
    assert len(parts) > 1
    assert all(units(p) <= SAFE_LIMIT for p in parts)
    assert [line for p in parts for line in p.split("\n")] == lines


def test_tags_spanning_a_cut_are_closed_and_reopened() -> None:
    body = "\n".join(f"row {i} &amp; more" for i in range(600))
    text = f'<b>Title</b>\n<pre><code class="language-text">{body}</code></pre>'
    parts = split_html(text)
    assert len(parts) > 1
    for part in parts:
        assert units(part) <= SAFE_LIMIT
        assert balanced(part), part[:80]
    assert parts[1].startswith('<pre><code class="language-text">')
    assert words(" ".join(parts)) == words(text)


def test_one_huge_line_is_cut_between_words_never_inside_entities() -> None:
    text = " ".join(["&lt;word&gt;"] * 1500)
    parts = split_html(text)
    assert all(units(p) <= SAFE_LIMIT for p in parts)
    assert all(not re.search(r"&\w*$", p) for p in parts)
    assert words(" ".join(parts)) == words(text)


def test_a_word_longer_than_the_limit_is_still_cut() -> None:
    parts = split_html("<i>" + "y" * 9000 + "</i>", limit=1000)
    assert all(units(p) <= 1000 and balanced(p) for p in parts)
    assert "".join(to_plain(p) for p in parts) == "y" * 9000


def test_emoji_count_double_as_telegram_counts_them() -> None:
    text = "😀" * 3000  # 6000 UTF-16 units
    parts = split_html(text)
    assert len(parts) == 2
    assert all(units(p) <= SAFE_LIMIT for p in parts)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.sampled_from(["", "b", "i", "code", "a"]),
            st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=300),
        ),
        max_size=60,
    )
)
def test_any_reply_splits_into_valid_parts_below_the_limit(chunks: list[tuple[str, str]]) -> None:
    from bot.render.format import esc

    pieces = []
    for tag, text in chunks:
        inner = esc(text)
        if tag == "a":
            pieces.append(f'<a href="https://example.org/?q=1&amp;r=2">{inner}</a>')
        elif tag:
            pieces.append(f"<{tag}>{inner}</{tag}>")
        else:
            pieces.append(inner)
    html = "\n".join(pieces) * 3
    parts = split_html(html, limit=500)
    for part in parts:
        assert units(part) <= 500
        assert units(part) < TELEGRAM_LIMIT
        assert balanced(part)
        assert part.strip()
    assert words(" ".join(parts)) == words(html)
