"""The end-to-end harness (a running PTB bot against the fake Bot API), shared with e2e."""

from tests.e2e.conftest import harness_factory  # noqa: F401  (a fixture, used by name)
