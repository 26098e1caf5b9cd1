"""manage.py migrate, waiting at most DATABASE_MIGRATE_LOCK_TIMEOUT seconds for each lock on PostgreSQL.

A migration that needs a table's lock queues behind every transaction holding it, and every request after it queues
behind the migration: the whole shop stops until the long transaction ends. With the limit the migration fails
instead (its transaction rolled back), and the operator runs it again at a quieter moment.
"""

from django.conf import settings
from django.core.management.commands import migrate
from django.db import connections


class Command(migrate.Command):
    def handle(self, *args, **options):
        connection = connections[options["database"]]
        if connection.vendor == "postgresql" and settings.DATABASE_MIGRATE_LOCK_TIMEOUT:
            with connection.cursor() as cursor:
                milliseconds = round(settings.DATABASE_MIGRATE_LOCK_TIMEOUT * 1000)
                cursor.execute("SELECT set_config('lock_timeout', %s, false)", [str(milliseconds)])
        return super().handle(*args, **options)
