# The sneaker shop. `make run` serves it, `make test` checks all of it; `make help` lists the rest.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
MANAGE := $(PY) manage.py
PORT ?= 8000
export PORT
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What the bundle is built from (tests excluded: changing a test does not rebuild the bundle).
FRONTEND_SOURCES := $(shell find frontend/src -type f ! -path '*/__tests__/*' ! -path '*/testing/*') \
	frontend/routes.json frontend/bundleBudget.js package-lock.json webpack.config.js babel.config.js
STATIC_SOURCES := $(shell find static -type f ! -path 'static/dist/*')
# pytest's processes (pytest-xdist): one per core by default; PYTEST_WORKERS=0 runs the tests in pytest's own.
PYTEST_WORKERS ?= auto
PYTEST := $(PY) -m pytest -n $(PYTEST_WORKERS)

.PHONY: help run manage test lint lock test-backend test-frontend test-e2e chromium clean bench bench-sale-day lighthouse \
	cluster image

help: ## List the targets
	@grep -E '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F ':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

# The demo's settings, for the shop make run serves and for the commands make manage runs beside it (anything set in
# the environment or .env wins).
run manage: export SHOP_DEMO ?= 1
run manage: export SHOP_BASE_URL ?= http://127.0.0.1:$(PORT)
run manage: export SHOP_ALLOW_TEST_PAYMENTS ?= 1
run: $(VENV)/.installed var/static/.collected ## Install what is missing, build, migrate, load the demo and serve the shop on http://127.0.0.1:8000 with a Celery worker and beat (PORT= picks another port)
	$(MANAGE) migrate --noinput
	$(MANAGE) seed_demo --if-empty
	$(MANAGE) seed_demo_pricing
	@echo "The shop is at http://127.0.0.1:$(PORT)/ (API docs at /api/docs/, Django admin at /django-admin/)"
	@if [ -z "$${EMAIL_URL:-}" ]; then echo "Its mails are written to $${SHOP_VAR_DIR:-var}/mail/ (EMAIL_URL sends them instead)"; fi
	@echo "Admins' second factor: $${SHOP_ADMIN_2FA:-optional} in the demo (a live shop requires it: SHOP_ADMIN_2FA=required; enrol from /account)"
	@echo "Operator commands (README.md) run beside it with the demo's settings: make manage ARGS=\"create_shop_admin me@example.com\""
	@echo "Starting gunicorn (web), a Celery worker and Celery beat; Ctrl-C stops all three."
	exec $(VENV)/bin/honcho start -f Procfile

manage: $(VENV)/.installed ## Run a manage.py command on the demo with make run's settings: make manage ARGS="create_shop_admin me@example.com"
	$(MANAGE) $(ARGS)

test: $(VENV)/.installed-dev node_modules/.installed frontend/webpack-stats.json chromium nginx ## Run every check: lint, migrations, pytest (SQLite, and PostgreSQL when DATABASE_URL names it), Jest, e2e in Chromium
	$(MAKE) --no-print-directory lint
	env -u DATABASE_URL DJANGO_SETTINGS_MODULE=shopsite.settings.test $(MANAGE) makemigrations --check --dry-run
	$(MAKE) --no-print-directory test-backend test-frontend test-e2e

test-backend: $(VENV)/.installed-dev ## pytest on SQLite, then on PostgreSQL when DATABASE_URL points at one (PYTEST_WORKERS processes)
	env -u DATABASE_URL $(PYTEST)
	@if [[ "$${DATABASE_URL:-}" == postgres* ]]; then \
		echo "pytest on PostgreSQL ($${DATABASE_URL%%@*}@...)"; $(PYTEST); \
	else echo "DATABASE_URL names no PostgreSQL: the tests that need it were skipped."; fi

test-frontend: node_modules/.installed ## Jest
	npx jest

test-e2e: $(VENV)/.installed-dev frontend/webpack-stats.json chromium ## Browser journeys: pytest + Playwright driving Debian's Chromium
	env -u DATABASE_URL $(PYTEST) e2e

# Migrations the linter flags that the last release's code runs beside safely, each with why:
# - releases 0002 makes the one-entry-per-account constraint again with a wider exemption (declined and abandoned
#   entries): it refuses less than the old one, so no row the old code writes can break it.
# - orders 0007_pricing: its unique indexes are on the tables it creates (codes, their uses, tax rates), and its new
#   columns of orders and lines have database defaults; SQLite's rebuild of orders_order is what the linter reads.
# - catalog 0009 adds a check on its new, nullable sale_price column: SQLite (which the linter reads) rebuilds the
#   table for it, seen as NOT NULL columns; PostgreSQL adds the CHECK in place. The old code never writes sale_price,
#   so every row it writes passes.
# - catalog 0010 adds brands' size_guide with a database default ([]): PostgreSQL adds the column in place with its
#   default, so the old code's INSERTs, which do not name it, still pass; SQLite's rebuild of catalog_brand (its NOT
#   NULL columns, its case-blind unique index made again) is what the linter reads.
MIGRATIONS_CHECKED_SAFE := 0002_drawentry_authorisation_cancelled_at 0007_pricing 0009_shoe_sale_price \
	0010_brand_size_guide

lint: $(VENV)/.installed-dev node_modules/.installed ## ruff, import-linter (the apps' boundaries), the migrations' backward compatibility, ESLint and Prettier
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/lint-imports --no-logo
	env -u DATABASE_URL DJANGO_SETTINGS_MODULE=shopsite.settings.test $(MANAGE) lintmigrations --git-commit-id d33a41c --project-root-path . --no-cache --quiet ok \
		--ignore-name $(MIGRATIONS_CHECKED_SAFE)
	npm run --silent lint

bench: $(VENV)/.installed-dev frontend/webpack-stats.json nginx ## Measure the shop under load with wrk, served as in production (bench/README.md); BENCH_QUICK=1 for a smoke run
	@command -v wrk >/dev/null || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q wrk; }
	$(PY) -m bench.run

bench-sale-day: ## Only make bench's sale-day stage: browsing while checkouts run, straight to the shop and through nginx's proxy cache (docs/DEPLOY.md)
	BENCH_STAGES=sale_day $(MAKE) --no-print-directory bench

lighthouse: $(VENV)/.installed-dev node_modules/.installed frontend/webpack-stats.json chromium ## Lighthouse's mobile run on /, a product page, /sale and /cart, served as in production (bench/README.md); LIGHTHOUSE_RUNS=3
	$(PY) -m bench.lighthouse

cluster: $(VENV)/.installed-dev ## Many machines proven on one: two app machines behind haproxy, scratch PostgreSQL, Redis and S3, workers and beat, and the checks of docs/DEPLOY.md's cluster proof (exit 1 on any failure)
	@command -v redis-server >/dev/null || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q redis-server; }
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q postgresql; }
	@command -v haproxy >/dev/null || test -x /usr/sbin/haproxy || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q haproxy; }
	$(PY) -m deploy.cluster

image: $(VENV)/.installed-dev ## Lint the Dockerfile (hadolint) and build the container image as shop:latest (docs/DEPLOY.md)
	$(VENV)/bin/hadolint Dockerfile
	docker build -t shop:latest .

chromium: ## Install Debian's Chromium for the browser tests when it is missing
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q chromium; }

nginx: ## Install Debian's nginx when it is missing: the bench's proxy cache and the test of deploy/nginx-shop.conf
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || { $(SUDO) apt-get update -q && $(SUDO) apt-get install -y -q nginx; }

clean: ## Remove what the build and install made (keeps var/, the shop's data)
	rm -rf $(VENV) node_modules static/dist frontend/webpack-stats.json

# The locks (requirements.txt, requirements-dev.txt) name every package with its exact version and hashes: pip refuses
# anything else (--require-hashes). People edit the .in files; `make lock` compiles them (README.md).
PIP_INSTALL := $(PY) -m pip install --quiet --disable-pip-version-check --require-hashes
PIP_COMPILE := $(VENV)/bin/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras --no-header \
	--no-emit-index-url --no-emit-find-links --no-emit-trusted-host

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP_INSTALL) -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements-dev.txt $(VENV)/.installed
	$(PIP_INSTALL) -r requirements-dev.txt
	touch $@

lock: $(VENV)/.installed-dev ## Compile requirements.in and requirements-dev.in into the hashed locks (after editing either)
	$(PIP_COMPILE) -o requirements.txt requirements.in
	$(PIP_COMPILE) -o requirements-dev.txt requirements-dev.in

node_modules/.installed: package-lock.json
	npm ci --no-audit --no-fund
	touch $@

frontend/webpack-stats.json: node_modules/.installed $(FRONTEND_SOURCES)
	npm run --silent build

var/static/.collected: $(VENV)/.installed frontend/webpack-stats.json $(STATIC_SOURCES)
	$(MANAGE) collectstatic --noinput --clear -v0
	touch $@
