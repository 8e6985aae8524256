"""The bottom floor: small facts every layer shares. It imports nothing of the bot but the
service's vocabulary (the actions and views of `bot.agent_api`).

- `answers`: a planner's answer to a question as data (figures and the period they cover).
- `callbacks`: the wire format of every inline button's data (encode and decode, 64 bytes).
- `days`: the day a person is living (logs after midnight belong to the evening before).
- `keys`: what a pasted API key looks like, found in any text and redacted from logs.
- `plausibility`: every domain bound (a body weight, a rating, an entry's energy) and the
  softer "looks odd" checks that ask the person.
- `replies`: what the core answers a front end with (text, buttons, a toast, an edit).
- `said`: what a planner tells the person, as data (small talk, what it could not place and
  why, a number out of range, the model's own words); render words it.
- `sends`: what a front end provides so scheduled messages reach people, and the one failure
  of theirs the scheduled work acts on (the person blocked the bot).
- `timezones`: the zone names and typed offsets a person may live in.
"""
