"""Shared fixtures live in tests/fixtures/, one module per fake or real server."""

pytest_plugins = [
    "tests.fixtures.sandbox",
    "tests.fixtures.openai",
    "tests.fixtures.telegram",
    "tests.fixtures.core",
    "tests.fixtures.raw_http",
    "tests.fixtures.slow_model",
    "tests.fixtures.openfoodfacts",
]
