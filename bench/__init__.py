"""Benchmarks of the bot's own cost, run with `make bench` (`python -m bench`)."""
