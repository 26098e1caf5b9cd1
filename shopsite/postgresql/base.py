"""Django's PostgreSQL backend, with two changes for the shop.

It sets SESSION_SETTINGS by SQL once per new connection, not as startup options: libpq's `options` startup parameter
is refused by PgBouncer unless listed in its ignore_startup_parameters, and a pooled connection never sends it again.
`_configure_connection` runs once per connection PostgreSQL opens: from init_connection_state without a pool, from
psycopg's pool (its `configure`) with one (DATABASE_POOL=1).

And its health check (CONN_HEALTH_CHECKS) asks only a connection that has been idle: Django sends "SELECT 1" before
every request's first query, a round trip that was one of a cold catalogue page's two. A connection the last request
used, and which was still sound when it ended (Django closes it on an error it cannot pass), less than
HEALTH_CHECK_IDLE_SECONDS ago is used as it is; one idle longer is checked as Django checks it, so a connection cut
while idle (a restart, a failover, a firewall's idle cut) is replaced before a request uses it, not failed by it.
"""

import time

from django.db.backends.postgresql import base

HEALTH_CHECK_IDLE_SECONDS = 1.0


class DatabaseWrapper(base.DatabaseWrapper):
    # When a request that used the connection last ended with it sound (time.monotonic()); and whether this one uses it.
    _sound_at = float("-inf")
    _used = False

    def _configure_connection(self, connection) -> bool:
        commit = super()._configure_connection(connection)
        if not (values := self.settings_dict.get("SESSION_SETTINGS")):
            return commit
        calls = ", ".join("set_config(%s, %s, false)" for _ in values)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT {calls}", [part for pair in values.items() for part in pair])
        return True

    def close_if_health_check_failed(self) -> None:
        # Called before every cursor is made; Django checks once per request (health_check_done).
        self._used = True
        if self.connection is not None and time.monotonic() - self._sound_at < HEALTH_CHECK_IDLE_SECONDS:
            self.health_check_done = True
        super().close_if_health_check_failed()

    def close_if_unusable_or_obsolete(self) -> None:
        # Called as each request starts and ends: the connection is closed here if an error left it unusable.
        used, self._used = self._used, False
        super().close_if_unusable_or_obsolete()
        if used and self.connection is not None:
            self._sound_at = time.monotonic()
