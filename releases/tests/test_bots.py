"""Bots get nothing extra: Turnstile verified on the server (Cloudflare's published test secrets, answered at the
HTTP boundary as siteverify answers them), tries per minute per account and address, and a gate on checkouts at
once that answers 429 with Retry-After beyond what the shop can take."""

import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

import pytest
from django.core.cache import cache
from django.test import override_settings
from rest_framework.test import APIClient

from accounts.tests.factories import UserFactory
from catalog.tests.factories import ShoeFactory
from orders.models import Order
from orders.tests.checkout import body, line, stock
from releases.models import Release

from .draws import enter
from .factories import OPENS, release_of

pytestmark = pytest.mark.django_db
URL = "/api/cart/checkout"
# https://developers.cloudflare.com/turnstile/troubleshooting/testing/
PASSES = "1x0000000000000000000000000000000AA"
FAILS = "2x0000000000000000000000000000000AA"
SPENT = "3x0000000000000000000000000000000AA"
DUMMY_TOKEN = "XXXX.DUMMY.TOKEN.XXXX"


class Siteverify(BaseHTTPRequestHandler):
    """Answers POST /siteverify as Cloudflare does for its test secret keys; keeps what it was sent."""

    sent: list = []

    def do_POST(self):
        form = {k: v[0] for k, v in parse_qs(self.rfile.read(int(self.headers["Content-Length"])).decode()).items()}
        Siteverify.sent.append(form)
        if form.get("secret") == PASSES and form.get("response"):
            answer = {"success": True, "challenge_ts": "2026-03-01T10:00:00.000Z", "hostname": "example.com",
                      "error-codes": [], "action": "", "cdata": ""}  # fmt: skip
        elif form.get("secret") == SPENT:
            answer = {"success": False, "error-codes": ["timeout-or-duplicate"]}
        else:
            answer = {"success": False, "error-codes": ["invalid-input-response"]}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def siteverify():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Siteverify)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    Siteverify.sent = []
    yield f"http://127.0.0.1:{server.server_address[1]}/siteverify"
    server.shutdown()
    server.server_close()


@pytest.fixture
def opened(clock):
    shoe = ShoeFactory(sizes={"9": 50})
    release = release_of(shoe, sizes={"9": 50})
    clock.now = OPENS + timedelta(seconds=1)
    return shoe, release


def pay(shoe, *, user=None, token=None, pm="pm_card_visa--t"):
    user = user or UserFactory()
    client = APIClient()
    client.force_login(user)
    data = body(user, [line(shoe)], pm=pm)
    if token is not None:
        data["turnstileToken"] = token
    return client.post(URL, data, format="json")


@pytest.mark.parametrize(("secret", "token", "status"), [(PASSES, DUMMY_TOKEN, 201), (FAILS, DUMMY_TOKEN, 403),
                                                           (SPENT, DUMMY_TOKEN, 403), (PASSES, "", 403)])  # fmt: skip
def test_a_release_s_checkout_needs_a_token_siteverify_passes(opened, siteverify, secret, token, status):
    shoe, _ = opened
    with override_settings(TURNSTILE_SECRET_KEY=secret, TURNSTILE_VERIFY_URL=siteverify):
        answer = pay(shoe, token=token)

    assert answer.status_code == status, answer.json()
    if status == 403:
        assert answer.json()["code"] == "challenge_failed" and stock(shoe) == 50
    if token:
        assert Siteverify.sent[-1]["secret"] == secret and Siteverify.sent[-1]["response"] == token


def test_a_draw_entry_is_checked_the_same_way(clock, siteverify):
    release = release_of(ShoeFactory(sizes={"9": 5}), sizes={"9": 1}, kind=Release.Kind.DRAW)
    clock.now = OPENS + timedelta(minutes=1)
    with override_settings(TURNSTILE_SECRET_KEY=FAILS, TURNSTILE_VERIFY_URL=siteverify):
        refused, _ = enter(release, release.sizes.get(), turnstileToken=DUMMY_TOKEN)
    with override_settings(TURNSTILE_SECRET_KEY=PASSES, TURNSTILE_VERIFY_URL=siteverify):
        taken, _ = enter(release, release.sizes.get(), turnstileToken=DUMMY_TOKEN)

    assert (refused.status_code, taken.status_code) == (403, 201)


def test_siteverify_down_refuses_with_a_retry_and_charges_nothing(opened):
    shoe, _ = opened
    with override_settings(TURNSTILE_SECRET_KEY=PASSES, TURNSTILE_VERIFY_URL="http://127.0.0.1:9/siteverify"):
        answer = pay(shoe, token=DUMMY_TOKEN)

    assert answer.status_code == 503 and answer.json()["code"] == "challenge_unavailable"
    assert not Order.objects.exists()


def test_without_a_secret_no_challenge_is_asked(opened):
    shoe, _ = opened
    assert pay(shoe).status_code == 201


def test_checkouts_beyond_the_gate_get_429_with_retry_after_and_the_next_gets_in(opened):
    shoe, release = opened
    key = f"release-gate:checkout:{release.pk}"
    with override_settings(SHOP_RELEASE_CHECKOUTS_AT_ONCE=3):
        cache.set(key, 3, 30)  # three checkouts of this release under way on other workers
        full = pay(shoe, pm="pm_card_visa--g1")
        cache.decr(key)  # one of them ends
        passed = pay(shoe, pm="pm_card_mastercard--g2")

    assert full.status_code == 429 and full["Retry-After"] == "2"
    assert "cannot take more" in full.json()["detail"]
    assert passed.status_code == 201
    # Each request left the gate as it found it.
    assert cache.get(key) == 2


def test_an_account_s_eleventh_try_in_a_minute_is_429(opened):
    shoe, _ = opened
    user = UserFactory()
    answers = [pay(shoe, user=user, pm=f"pm_card_visa_chargeDeclined--r{i}").status_code for i in range(11)]

    assert answers == [402] * 10 + [429]


def test_a_shoe_in_no_release_meets_no_gate(opened):
    shoe = ShoeFactory(sizes={"9": 5})
    with override_settings(SHOP_RELEASE_CHECKOUTS_AT_ONCE=0, TURNSTILE_SECRET_KEY=FAILS):
        assert pay(shoe).status_code == 201
