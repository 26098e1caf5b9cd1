"""The shop's settings with one route more, the framework's floor (bench/urls.py); nothing else changes."""

from shopsite.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
