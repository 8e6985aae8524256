"""The end-to-end harness (real PTB app, fake Bot API, real core) the chart tests send through."""

from tests.e2e.conftest import harness_factory

__all__ = ["harness_factory"]
