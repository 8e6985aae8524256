# syntax=docker/dockerfile:1
# The bot, installed as a wheel (not editable): prompts/ ships as data files under
# share/healthbot/prompts, where bot.planner.prompt finds it. Not built or run on the machine
# that wrote it (no Docker engine there); see README "Running several replicas".
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY sandbox ./sandbox
COPY prompts ./prompts
# The catalogs compiled first, so the wheel carries the .mo files (bot/render/words.py).
RUN pip install 'babel>=2.14' \
    && pybabel compile -d bot/render/locales -D healthbot \
    && pip install . \
    && rm -rf /src \
    && useradd --create-home --uid 10001 healthbot

USER healthbot
# Settings come from the environment (compose passes .env); nothing is read from the image.
WORKDIR /home/healthbot
ENV WEBHOOK_LISTEN=0.0.0.0 \
    WEBHOOK_PORT=8443

EXPOSE 8443
# PTB's webhook server has no health route: healthy means it accepts connections.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import os, socket; socket.create_connection(('127.0.0.1', int(os.environ.get('WEBHOOK_PORT', '8443'))), 3).close()"]

ENTRYPOINT ["healthbot"]
CMD ["run", "--webhook"]
