"""Every word a person reads comes from here (or from prompts/), one module for each thing
that is said, looked up in the reader's catalog (words):

    words         a reader's catalog, and the numbers, dates, energy and weights of it
    format        escaping, plain copies, fitting a reply into one message, day labels
    conversation  logged items, the day's summary, the outbox, the service's errors
    day           the day at a glance (/today and under each "Logged")
    portions      an entry's amount in the reader's words ("2 Brötchen")
    drafts        drafts shown before saving, and edited messages
    reading       what a reading said besides what it logged: small talk, what it could not
                  place or left out, the limits of what can be logged, a guess offered
    said          a planner's said data (bot/kernel/said.py) to the words of reading/asked
    asked, spans  answers to questions about a day, and about a period of days
    usual         "the usual", a meal again, a weight without a unit
    model         the AI model out of reach, slow or over today's budget
    refusals      why a journey ended early (bot/kernel/refusals.py)
    media         voice messages and photos
    checkins      the daily check-in reminder and its ratings
    charts        the /week and /month charts' labels and caption
    accounts      /start, /help, linking, /forget, /timezone, /remind, /settings
    language      /language and /units
    keyboards     every inline keyboard (labels, and callback data from bot.kernel.callbacks)
    telegram      what only Telegram is told or asked: the command menu, groups and strangers
    terminal      `healthbot demo` and `healthbot chat`
    ops           `healthbot run` refusing to start, `healthbot doctor`, operator notes
    parse         `healthbot parse`: what would be read where no account is, and its errors

Functions return plain text or Telegram-safe HTML; anything that came from a person or the
service is escaped with `html.escape` before it is put into HTML. Import the module a text
belongs to (`from bot.render import accounts`, then `accounts.start(...)`).
"""
