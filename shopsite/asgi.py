"""ASGI entry point."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings")
# The web server's database connections get the statement and lock time limits (settings/base.py); commands do not.
os.environ.setdefault("SHOP_WEB_SERVER", "1")

application = get_asgi_application()
