"""How long the cold size list's count takes: `python -m bench.count_probe`, with the servers' environment.

The shop keeps a list's count per catalogue version (catalog/cache.py), so under wrk it is counted once per worker and
version and the targets' req/s never show it; a shopper meets it whenever a sale moves the version. This asks
GET /api/shoes?limit=28&size=9.5&inStock=true through Django's test client with the cache off (a dummy cache), so the
count is made each time, ROUNDS times, and prints as its last line the JSON of the count query's median time (ms, as
the database client timed it), the whole request's median, and PostgreSQL's plan of that query.
"""

import json
import os
import statistics
import time

os.environ["CACHE_URL"] = "dummycache://"
os.environ["SHOP_CATALOG_CACHE_SECONDS"] = "0"

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

PATH = "/api/shoes?limit=28&size=9.5&inStock=true"
ROUNDS = 7


def main() -> None:
    client = Client(HTTP_HOST="127.0.0.1")
    count_ms, request_ms, count_sql = [], [], ""
    for _ in range(ROUNDS):
        with CaptureQueriesContext(connection) as queries:
            started = time.perf_counter()
            response = client.get(PATH, secure=True)
            request_ms.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200, response.status_code
        counts = [query for query in queries.captured_queries if "COUNT(" in query["sql"].upper()]
        count_ms.append(sum(float(query["time"]) * 1000 for query in counts))
        count_sql = counts[0]["sql"] if counts else ""
    plan = ""
    if count_sql and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN " + count_sql)
            plan = "\n".join(row[0] for row in cursor.fetchall())
    print(plan)
    print(
        json.dumps(
            {
                "path": PATH,
                "total": response.json()["count"],
                "count_ms": round(statistics.median(count_ms), 1),
                "request_ms": round(statistics.median(request_ms), 1),
                "count_queries": len(counts),
                "plan": plan.splitlines()[:12],
            }
        )
    )


if __name__ == "__main__":
    main()
