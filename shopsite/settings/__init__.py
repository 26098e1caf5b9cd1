"""Settings of the sneaker shop, read from the environment (every variable is listed in .env.example).

Composed by concern, in this order, each part reading what the ones before it decided: base (the project), api (DRF),
integrations (mail, Celery, cache, storage, payments, identity), security (HTTPS, cookies, CORS, the policies), and
last checks, which refuses a live shop settings it cannot run with.
"""

import os

# pytest's settings (test.py) compose the same parts themselves, with the tests' fixed values and without the
# refusals; Python imports this package before them, which must then leave the parts unread.
if os.environ.get("DJANGO_SETTINGS_MODULE") != f"{__name__}.test":
    # isort: off
    from .base import *  # noqa: F403
    from .api import *  # noqa: F403
    from .integrations import *  # noqa: F403
    from .security import *  # noqa: F403
    from .checks import *  # noqa: F403
    # isort: on
