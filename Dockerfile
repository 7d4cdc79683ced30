# Agora: the Discord bot (`agora run`). Build: docker build -t agora .
# Run:   docker run -e DISCORD_TOKEN=... -v agora-data:/data agora
# The SQLite database lives on the /data volume; the process runs as an unprivileged user.

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY data ./data
COPY render ./render
COPY bot ./bot
# a wheel of the project plus wheels of its pinned dependencies (discord.py, Pillow, Babel, asyncpg)
RUN pip wheel --wheel-dir /wheels .

FROM python:3.11-slim
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    AGORA_DB=/data/agora.db
COPY --from=build /wheels /wheels
RUN pip install --no-index --find-links=/wheels agora \
    && rm -rf /wheels \
    && groupadd --system --gid 10001 agora \
    && useradd --system --uid 10001 --gid agora --home-dir /data --shell /usr/sbin/nologin agora \
    && mkdir -p /data \
    && chown agora:agora /data
USER agora
WORKDIR /data
VOLUME ["/data"]
# healthy while the database in AGORA_DB opens and answers (agora health: exit 0, else 1)
HEALTHCHECK --interval=60s --timeout=15s --start-period=30s --retries=3 CMD ["agora", "health"]
# docker stop sends SIGTERM: the bot closes the gateway and the database and exits with 0 (as
# PID 1 too: it installs its own handler). Exit code 2: a setting to fix; 3: Discord or
# PostgreSQL out of reach (see README.md, "Running the bot")
ENTRYPOINT ["agora"]
CMD ["run"]
