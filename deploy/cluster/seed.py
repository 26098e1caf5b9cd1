"""The cluster's people and brand, made once after migrate (run with the shop's environment); prints them as JSON."""

import json
import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shopsite.settings")
django.setup()

from accounts.models import User  # noqa: E402
from catalog.models import Brand  # noqa: E402

ADMIN = ("admin@cluster.test", "cluster-admin-password-1")
SHOPPER = ("shopper@cluster.test", "cluster-shopper-password-1")

admin = User.objects.create_superuser(ADMIN[0], ADMIN[1])
User.objects.filter(pk=admin.pk).update(is_staff=True, manager=True)
User.objects.create_user(SHOPPER[0], SHOPPER[1])
Brand.objects.get_or_create(name="Nike")
print(json.dumps({"admin": ADMIN, "shopper": SHOPPER}))
