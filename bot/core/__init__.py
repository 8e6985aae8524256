"""The conversation core, Telegram-free: one module per journey behind `assistant.Assistant`."""
