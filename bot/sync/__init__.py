"""Work that outlives a message: the outbox, the update journal, per-person locks, reminders."""
