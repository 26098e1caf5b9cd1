# syntax=docker/dockerfile:1
# The shop's image (docs/DEPLOY.md): one image for the web, the workers and beat; the command picks the role.
# Stage 1 builds the React bundle; stage 2 installs the hashed requirements.txt, collects the static files (the
# bundle included, with their content hashes) and runs as a user of its own.

FROM node:22-bookworm-slim AS bundle
WORKDIR /build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY webpack.config.js babel.config.js ./
COPY frontend ./frontend
COPY static ./static
RUN npm run build


FROM python:3.11-slim-bookworm AS app
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/app/.venv/bin:$PATH \
    SHOP_VAR_DIR=/app/var \
    GUNICORN_BIND=0.0.0.0:8000
RUN groupadd --system --gid 10001 shop \
    && useradd --system --uid 10001 --gid shop --home-dir /app --shell /usr/sbin/nologin shop
WORKDIR /app
# Only the locked, hashed requirements: pip refuses any package or version the lock does not name.
COPY requirements.txt ./
RUN python -m venv /app/.venv && /app/.venv/bin/pip install --require-hashes --no-deps -r requirements.txt
COPY . .
COPY --from=bundle /build/static/dist ./static/dist
COPY --from=bundle /build/frontend/webpack-stats.json /build/frontend/screen-chunks.json ./frontend/
# collectstatic reads the settings, which refuse a live start without these; they are the build's only (the
# container's own come from its environment). The release's hashed files end up in /app/var/static, in the image.
RUN DJANGO_SECRET_KEY=image-build-only CELERY_BROKER_URL=memory:// SHOP_SINGLE_MACHINE=1 \
    python manage.py collectstatic --noinput -v0 \
    && mkdir -p /app/var \
    && chown -R shop:shop /app/var
USER 10001:10001
EXPOSE 8000
# Liveness only (the process answers): readiness, which also asks the database, cache and broker, is the load
# balancer's probe (/readyz), not a reason to restart a container.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import sys, urllib.request; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/livez', timeout=2).status != 200)"]
CMD ["gunicorn", "-c", "gunicorn.conf.py", "shopsite.wsgi"]
