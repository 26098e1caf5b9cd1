"""The settings pytest runs with: the shop's own, over plain HTTP as the test client and live server speak.

A live shop redirects HTTP to HTTPS (SHOP_HTTPS, on without DEBUG) and needs DJANGO_SECRET_KEY; everything
else is what production runs. shopsite/tests/test_settings.py checks the real defaults in a fresh process.
"""

import os

os.environ.setdefault("SHOP_HTTPS", "0")
# A live shop refuses to start without a key of its own; the tests sign with this one.
os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-secret-key-never-for-a-live-shop-4f9c2a7e1b")

from shopsite.settings import *  # noqa: F403
