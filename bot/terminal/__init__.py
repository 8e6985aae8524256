"""The terminal front end: `chat` talks to the core through stdin, `demo` runs it offline."""
