"""WSGI entry point (gunicorn shopsite.wsgi)."""

import os

from django.core.wsgi import get_wsgi_application

from shopsite import tracing

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings")
# The web server's database connections get the statement and lock time limits (settings/base.py); commands do not.
os.environ.setdefault("SHOP_WEB_SERVER", "1")

# Traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (shopsite/tracing.py): here, in the gunicorn worker, after its fork
# and before Django loads its middleware.
tracing.start("sneaker-shop-web")

application = get_wsgi_application()
