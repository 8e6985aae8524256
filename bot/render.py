"""Every word a person reads comes from here (or from prompts/).

Functions return plain text or Telegram-safe HTML; anything that came from a person or the
service is escaped with `html.escape` before it is put into HTML.
"""

from __future__ import annotations

import html

__all__ = ["esc"]


def esc(value: object) -> str:
    """HTML-escape anything for Telegram's HTML parse mode."""
    return html.escape(str(value), quote=False)


# --- offline planner -----------------------------------------------------------------------

# --- LLM planner ---------------------------------------------------------------------------

# --- assistant: logged items, day summary, errors ------------------------------------------

# --- telegram: commands, linking, reminders -------------------------------------------------
