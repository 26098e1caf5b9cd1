"""Every request gets an id, in its answer and in each log line written while it runs, as JSON."""

import json
import logging
import sys

from shopsite.logs import JsonFormatter, RequestIdFilter


def test_each_answer_carries_a_request_id(api_client, db):
    first = api_client.get("/api/health")
    second = api_client.get("/api/health")

    assert len(first["X-Request-ID"]) == 32
    assert first["X-Request-ID"] != second["X-Request-ID"]


def test_the_proxys_request_id_is_kept_and_a_forged_one_replaced(api_client, db):
    kept = api_client.get("/api/health", HTTP_X_REQUEST_ID="lb-1234abcd")
    replaced = api_client.get("/api/health", HTTP_X_REQUEST_ID='"}\nlevel=CRITICAL')

    assert kept["X-Request-ID"] == "lb-1234abcd"
    assert replaced["X-Request-ID"] != '"}\nlevel=CRITICAL'


def test_log_lines_of_a_request_are_json_with_its_id(api_client, db, caplog, settings):
    records = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record)

    handler = Keep()
    handler.addFilter(RequestIdFilter())
    logging.getLogger("django.request").addHandler(handler)
    try:
        answer = api_client.get("/api/nothing-here", HTTP_X_REQUEST_ID="lb-5678efgh")
    finally:
        logging.getLogger("django.request").removeHandler(handler)

    assert answer.status_code == 404
    line = json.loads(JsonFormatter().format(records[-1]))
    assert line["request_id"] == "lb-5678efgh"
    assert line["level"] == "WARNING"
    assert line["logger"] == "django.request"
    assert "/api/nothing-here" in line["message"]


def test_a_task_takes_the_publishing_request_s_id_along_in_its_headers():
    from shopsite.logs import request_id_as, task_headers_add

    headers = {}
    with request_id_as("lb-abcdef12"):
        task_headers_add(headers=headers)
    assert headers == {"shop_request_id": "lb-abcdef12"}
    # A retry, published by the task itself, keeps the id it came with.
    with request_id_as("lb-other-id"):
        task_headers_add(headers=headers)
    assert headers == {"shop_request_id": "lb-abcdef12"}


def test_a_task_s_lines_carry_its_request_name_id_and_retries_and_only_while_it_runs():
    from types import SimpleNamespace

    from shopsite.logs import task_context_enter, task_context_leave

    task = SimpleNamespace(
        name="mailing.tasks.mail_send", request=SimpleNamespace(shop_request_id="lb-1234abcd", retries=2)
    )

    def line() -> dict:
        record = logging.LogRecord("mailing.services", logging.WARNING, __file__, 1, "Mail 7 was not sent.", (), None)
        record.reason = "451 try again later"
        RequestIdFilter().filter(record)
        return json.loads(JsonFormatter().format(record))

    before = line()["request_id"]
    task_context_enter(task_id="task-1", task=task)
    try:
        inside = line()
    finally:
        task_context_leave(task_id="task-1")
    outside = line()

    assert inside == {
        **inside,
        "request_id": "lb-1234abcd",
        "task": "mailing.tasks.mail_send",
        "task_id": "task-1",
        "retries": 2,
        "reason": "451 try again later",
    }
    assert outside["request_id"] == before
    assert "task" not in outside and "task_id" not in outside


def test_a_failure_s_reason_is_the_exception_s_own_words():
    try:
        raise ConnectionRefusedError(111, "Connection refused")
    except ConnectionRefusedError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    line = json.loads(JsonFormatter().format(record))
    assert line["reason"] == "ConnectionRefusedError: [Errno 111] Connection refused"
    assert "Traceback" in line["exception"]
