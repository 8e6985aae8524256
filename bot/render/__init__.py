"""Every word a person reads comes from here (or from prompts/), one module per audience:

    format        escaping, plain copies, fitting a reply into one message, numbers, day labels
    conversation  logged items, the day's summary, the outbox, the service's errors
    drafts        drafts shown before saving, and edited messages
    media         voice messages and photos
    accounts      /start, /help, linking, /forget, /timezone, /remind, /settings
    said          what a planner said and answered, as data (bot/kernel/said.py, answers.py)
    offline       the offline planner (rules, no LLM)
    llm           the LLM planner, and the model being out of reach
    telegram      Telegram only: the command menu, groups and strangers, the check-in reminder
    keyboards     every inline keyboard (labels, and callback data from bot.kernel.callbacks)
    terminal      `healthbot demo` and `healthbot chat`
    ops           `healthbot run` refusing to start, and `healthbot doctor`
    parse         `healthbot parse`: what would be read where no account is, and its errors

Functions return plain text or Telegram-safe HTML; anything that came from a person or the
service is escaped with `html.escape` before it is put into HTML. Import the module a text
belongs to (`from bot.render import accounts`, then `accounts.start(...)`).
"""
