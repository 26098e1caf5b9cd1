"""Django's PostgreSQL backend that sets SESSION_SETTINGS by SQL once per new connection, not as startup options.

libpq's `options` startup parameter is refused by PgBouncer unless listed in its ignore_startup_parameters, and a pooled
connection never sends it again. `_configure_connection` runs once per connection PostgreSQL opens: from
init_connection_state without a pool, from psycopg's pool (its `configure`) with one (DATABASE_POOL=1).
"""

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def _configure_connection(self, connection) -> bool:
        commit = super()._configure_connection(connection)
        if not (values := self.settings_dict.get("SESSION_SETTINGS")):
            return commit
        calls = ", ".join("set_config(%s, %s, false)" for _ in values)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {calls}", [part for pair in values.items() for part in pair])
        return True
