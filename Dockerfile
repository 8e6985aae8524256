# syntax=docker/dockerfile:1
# The bot, installed as a wheel (not editable): prompts/ ships as data files under
# share/healthbot/prompts, where bot.planner.prompt finds it. tests/test_image.py builds it
# where a Docker engine runs (and skips elsewhere); see README "Running several replicas".
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
# The bot's dependencies alone, at the versions and hashes of its lock (`make lock`): not the
# sandbox's server nor the tests' tools. A layer of its own, rebuilt only when the lock changes.
COPY requirements/runtime.txt ./requirements/
RUN pip install --require-hashes -r requirements/runtime.txt
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY sandbox ./sandbox
COPY prompts ./prompts
# The catalogs compiled first (babel is in the lock), so the wheel carries the .mo files
# (bot/render/words.py); the bot then installs on top without resolving anything again.
RUN pybabel compile -d bot/render/locales -D healthbot \
    && pip install --no-deps . \
    && rm -rf /src \
    && useradd --create-home --uid 10001 healthbot

USER healthbot
# Settings come from the environment (compose passes .env); nothing is read from the image.
WORKDIR /home/healthbot
ENV WEBHOOK_LISTEN=0.0.0.0 \
    WEBHOOK_PORT=8443 \
    HEALTH_LISTEN=127.0.0.1 \
    HEALTH_PORT=8080

EXPOSE 8443
# Healthy means the bot still receives updates: its `/healthz` (bot/telegram/liveness.py,
# on HEALTH_PORT inside the container) answers 200, and 503 once receiving has been stuck for
# RECEIVER_STALE_SECONDS, which urlopen raises on. The slim image has no curl.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ.get('HEALTH_PORT', '8080'), timeout=4).close()"]

ENTRYPOINT ["healthbot"]
CMD ["run", "--webhook"]
