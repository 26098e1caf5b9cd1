"""The settings pytest runs with: the shop's own, over plain HTTP as the test client and live server speak.

A live shop redirects HTTP to HTTPS (SHOP_HTTPS, on without DEBUG); everything else is what production
runs. shopsite/tests/test_settings.py checks the real defaults in a fresh process.
"""

import os

os.environ.setdefault("SHOP_HTTPS", "0")

from shopsite.settings import *  # noqa: F403
