"""Every request gets an id, in its answer and in each log line written while it runs, as JSON."""

import json
import logging

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
