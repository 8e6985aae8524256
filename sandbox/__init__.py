"""A local stand-in of the health service's agent API.

The real service is hosted by someone else and unreachable from here, so the
bot is developed, demoed and tested against this sandbox instead. It is an
independent reading of the spec (it never imports `bot`), and wherever the
spec is silent it takes the harshest plausible reading; every such choice is
listed in `docs/agent-api.md`.
"""
