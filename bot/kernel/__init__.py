"""The bottom floor: small facts every layer shares. It imports nothing of the bot but the
service's vocabulary (the actions and views of `bot.agent_api`).

- `callbacks`: the wire format of every inline button's data (encode and decode, 64 bytes).
- `days`: the day a person is living (logs after midnight belong to the evening before).
- `keys`: what a pasted API key looks like, found in any text and redacted from logs.
- `plausibility`: every domain bound (a body weight, a rating, an entry's energy) and the
  softer "looks odd" checks that ask the person.
- `replies`: what the core answers a front end with (text, buttons, a toast, an edit).
- `sends`: what a front end provides so scheduled messages reach people, and the one failure
  of theirs the scheduled work acts on (the person blocked the bot).
- `timezones`: the zone names and typed offsets a person may live in.
"""
