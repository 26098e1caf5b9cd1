"""gunicorn's threaded worker, taking a new connection only while one of its threads is free (gunicorn.conf.py's
worker_class).

The workers share one listening socket, and gunicorn's gthread worker accepts every connection it can (up to
worker_connections, 1,000) whenever its loop is awake. The busiest worker's loop is the one always awake, so it wins
the new connections, and a kept-alive connection stays with the worker that took it: in make bench's sale day, one of
five workers held 13 to 16 of wrk's 16 connections and every checkout's, and served about half of what the five
could, with most of a core idle. This worker stops listening while every thread has a request, as a sync worker does
by being busy, so another worker (or, when all are busy, the first to free a thread) takes the connection.
"""

from gunicorn.workers.gthread import ThreadWorker


class BalancedThreadWorker(ThreadWorker):
    def _threads_all_busy(self) -> bool:
        # Connections not kept alive idle or waiting for their first bytes are in the thread pool, or queued for it.
        in_flight = self.nr_conns - len(self.keepalived_conns) - len(self.pending_conns)
        return in_flight >= self.cfg.threads

    def set_accept_enabled(self, enabled: bool) -> None:
        # run() asks again on every turn of its loop, so listening starts again once a request has finished.
        super().set_accept_enabled(enabled and not self._threads_all_busy())

    def accept(self, listener) -> None:
        super().accept(listener)
        if self._threads_all_busy():
            super().set_accept_enabled(False)
