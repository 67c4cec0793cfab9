# Iniciativa's app image (docs/deploy.md, "Containers"): gunicorn with uvicorn workers serving
# config.asgi, so encounter pages get server-sent events; static files collected at build time
# and served by WhiteNoise. Configuration comes from environment variables only
# (config/settings.py); compose.yaml runs it beside PostgreSQL and Redis.
#
#   docker build -t iniciativa .
#   docker run --env-file .env -p 127.0.0.1:8000:8000 iniciativa
ARG PYTHON_IMAGE=python:3.11-slim-bookworm
FROM ${PYTHON_IMAGE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    VIRTUAL_ENV=/opt/venv \
    PATH=/opt/venv/bin:$PATH \
    DJANGO_SETTINGS_MODULE=config.settings \
    STATIC_ROOT=/app/staticfiles \
    MEDIA_ROOT=/data/media \
    WEB_CONCURRENCY=2

# The dependencies exactly as pyproject.toml states them. xstatic-bootstrap ships only as an
# sdist whose build needs pkg_resources, so it is built first without isolation (as the
# Makefile does). The package itself is removed again: the app runs from /app, where
# config/settings.py finds templates/, static/ and locale/ beside it.
RUN python3 -m venv /opt/venv \
    && pip install "setuptools<81" wheel \
    && pip install --no-build-isolation "xstatic-bootstrap>=5.3,<5.4"
WORKDIR /app
COPY pyproject.toml README.md ./
COPY config config
COPY campaigns campaigns
COPY combat combat
RUN pip install . && pip uninstall --yes iniciativa && rm -rf build ./*.egg-info
COPY manage.py ./
COPY templates templates
COPY static static
COPY locale locale
COPY deploy/healthcheck.py deploy/healthcheck.py

# Hashed, compressed copies for WhiteNoise. The settings refuse to load without a SECRET_KEY;
# this throwaway one exists only for this command and is not kept in the image.
RUN SECRET_KEY=collectstatic-only-not-a-secret python manage.py collectstatic --noinput -v0

RUN useradd --system --uid 10001 --no-create-home --home-dir /app iniciativa \
    && mkdir -p /data/media \
    && chown iniciativa /data/media
USER iniciativa
VOLUME ["/data/media"]
EXPOSE 8000

HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
    CMD ["python", "deploy/healthcheck.py"]

# WEB_CONCURRENCY sets gunicorn's worker count; config/gunicorn.conf.py its timeouts.
CMD ["gunicorn", "-c", "config/gunicorn.conf.py", "-k", "uvicorn_worker.UvicornWorker", \
     "-b", "0.0.0.0:8000", "config.asgi:application"]
