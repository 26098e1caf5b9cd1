"""gunicorn's access log as JSON lines written by json.dumps (gunicorn.conf.py's logger_class).

gunicorn's own access log fills a %-template with the request's atoms, escaping nothing but '"': a path percent-decoded
from `%0a` or `%5c` would split the line or break its JSON. Here each line is a dict that the JSON encoder writes, so
whatever a client puts in its URL stays inside one string of one valid line.
"""

import json
import time
import traceback

from gunicorn.glogging import Logger


def access_line(*, status, method, path, remote, request_id, sent, duration_ms) -> str:
    """The access log's line for one answered request."""
    return json.dumps(
        {
            "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "request_id": request_id or "-",
            "remote": remote or "-",
            "method": method,
            "path": path,
            "status": int(status),
            "bytes": sent,
            "duration_ms": duration_ms,
        },
        ensure_ascii=False,
    )


class JsonAccessLogger(Logger):
    def access(self, resp, req, environ, request_time):
        if not self.access_log_enabled:
            return
        try:
            status = resp.status.split(None, 1)[0] if isinstance(resp.status, str) else resp.status
            headers = dict((name.lower(), value) for name, value in resp.headers)
            line = access_line(
                status=status,
                method=environ.get("REQUEST_METHOD"),
                path=environ.get("PATH_INFO"),
                remote=environ.get("REMOTE_ADDR"),
                request_id=headers.get("x-request-id"),
                sent=getattr(resp, "sent", None),
                duration_ms=request_time.seconds * 1000 + request_time.microseconds // 1000,
            )
            # Passed as the argument, never as the format: a '%' in the path is not a placeholder.
            self.access_log.info("%s", line)
        except Exception:
            self.error(traceback.format_exc())
