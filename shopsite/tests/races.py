"""What the tests that race requests on PostgreSQL's row locks share: their marks, and running calls at once."""

import threading

import pytest
from django.db import connection

# A race test's pytestmark: real transactions (each thread has its own connection), on PostgreSQL only.
ON_POSTGRESQL = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL's row locks (SQLite runs one writer at a time, so nothing races there)",
    ),
    pytest.mark.django_db(transaction=True),
]


def together(calls: list) -> list:
    """Run each call from its own thread, all released at the same moment; return their answers."""
    start = threading.Barrier(len(calls))
    answers = [None] * len(calls)

    def run(index: int, call) -> None:
        try:
            start.wait()
            answers[index] = call()
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(answer is not None for answer in answers), "a call never answered"
    return answers
