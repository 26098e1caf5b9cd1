"""A burst on a running shop (issue 27): COUNT people sign up and check out at once, AT_ONCE at a time.

    python -m bench.burst http://127.0.0.1:8000 [COUNT [AT_ONCE]]

Run it against `make run` (the embedded default: SQLite, gunicorn's workers, a Celery worker) started with limits a
burst from one address can pass: SHOP_SIGNUP_RATE=100000/hour SHOP_CHECKOUT_RATE=100000/hour make run. Each person is
a browser of its own (a cookie jar): it asks for its CSRF cookie as the storefront does, signs up (which signs in), and
buys one pair of a size in stock, paying with the test gateway's card (a 409: a pair another bought first). Prints the
answers by status and the times; exits 1 on any 5xx or refused connection.
"""

import http.cookiejar
import json
import statistics
import sys
import time
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor

ADDRESS = {"name": "Ana Runner", "state": "Jalisco", "city": "Guadalajara", "line1": "Calle 5-B", "postalCode": "44100"}


def pairs_to_buy(base: str, count: int) -> list[tuple[dict, dict]]:
    """count (shoe, stock entry) pairs, one pair each, taken from the sizes of the first 100 shoes that have pairs."""
    with urllib.request.urlopen(f"{base}/api/shoes?limit=100", timeout=30) as answer:
        shoes = json.load(answer)["results"]
    pairs = [(shoe, entry) for shoe in shoes for entry in shoe["stock"] for _ in range(entry["quantity"])]
    if len(pairs) < count:
        raise SystemExit(f"The first 100 shoes have {len(pairs)} pairs, fewer than {count}: add stock first")
    # Spread over the sizes: every few people buy the same one, as on a busy day.
    return [pairs[(n * 7919) % len(pairs)] for n in range(count)]


def person(base: str, n: int, token: str, bought: tuple[dict, dict]) -> list[tuple[str, int, float]]:
    shoe, entry = bought
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def call(name: str, method: str, path: str, body: dict | None = None) -> int:
        csrf = next((cookie.value for cookie in jar if cookie.name == "csrftoken"), "")
        headers = {"Content-Type": "application/json", "X-CSRFToken": csrf, "Origin": base, "Referer": base + "/"}
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
        started = time.monotonic()
        try:
            with opener.open(request, timeout=120) as answer:
                status = answer.status
        except urllib.error.HTTPError as error:
            status = error.code
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            status = 0
        results.append((name, status, time.monotonic() - started))
        return status

    results: list[tuple[str, int, float]] = []
    call("csrf", "GET", "/api/csrf")
    email = f"burst-{token}-{n}@example.com"
    if call("sign-up", "POST", "/api/auth/signup", {"email": email, "password": f"burst-pw-{n}-{token}"}) == 201:
        price = float(shoe["price"])
        line = {"_id": shoe["_id"], "size": entry["size"], "quantity": 1, "price": price}
        body = {"shoes": [line], "amount": round(price * 100), "id": f"pm_card_visa--{token}{n}", "address": ADDRESS}
        call("checkout", "POST", "/api/cart/checkout", body)
    return results


def main(argv: list[str]) -> int:
    base = argv[1].rstrip("/") if len(argv) > 1 else "http://127.0.0.1:8000"
    count = int(argv[2]) if len(argv) > 2 else 200
    at_once = int(argv[3]) if len(argv) > 3 else 16
    pairs = pairs_to_buy(base, count)
    token = str(int(time.time()))
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=at_once) as pool:
        people = list(pool.map(lambda n: person(base, n, token, pairs[n]), range(count)))
    seconds = time.monotonic() - started
    calls = [call for results in people for call in results]
    print(f"{count} people, {at_once} at a time, on {base}: {seconds:.1f} s in all")
    for name in ("csrf", "sign-up", "checkout"):
        mine = [call for call in calls if call[0] == name]
        if not mine:
            continue
        times = sorted(took for _, _, took in mine)
        statuses = dict(sorted(Counter(status for _, status, _ in mine).items()))
        print(
            f"  {name:<8} {statuses}  median {statistics.median(times):.2f} s, "
            f"p99 {times[min(len(times) - 1, int(len(times) * 0.99))]:.2f} s, slowest {times[-1]:.2f} s"
        )
    failed = sum(1 for _, status, _ in calls if status >= 500 or status == 0)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
