#!/usr/bin/env python
"""Django's command-line utility for the sneaker shop."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings")
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        # Loaded before Django's command line does, which would bury a refused setting (shopsite/settings/checks.py)
        # under a traceback: an operator gets the one line that says what is missing and how to fix it.
        settings.INSTALLED_APPS  # noqa: B018
    except ImproperlyConfigured as refusal:
        sys.exit(f"The shop cannot start: {refusal}")
    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
