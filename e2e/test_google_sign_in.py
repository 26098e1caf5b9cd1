"""Sign in with Google on the shop's own accounts, in Chromium: no button without a client id; with one, Google's
script (stubbed at the network's edge) hands the page a token signed by a test key, which the server checks with
the real google-auth library against Google's keys (faked at the HTTP layer, as the pytest suite does)."""

import copy
import json
import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from accounts.tests.fake_google import FakeGoogle
from accounts.tests.identity_shops import local_with_google

from .storefront import wait_for_popup

GIS_SCRIPT = "https://accounts.google.com/gsi/client"

# Google Identity Services as far as the sign-in page uses it: the button it draws calls the page back with the
# ID token of the account the shopper chose (here, one token made by the test).
FAKE_GIS = """
window.google = {accounts: {id: {
  initialize(options) { this.options = options; },
  renderButton(box) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "Continue as Ada";
    button.addEventListener("click", () => this.options.callback({credential: %s}));
    box.append(button);
  },
}}};
"""


@pytest.fixture
def google_offered(settings, monkeypatch) -> FakeGoogle:
    """The shop with a Google client id, its policy opened to Google Identity Services as settings/security.py does."""
    policy = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    directives = policy["DIRECTIVES"]
    directives["script-src"] = [*directives["script-src"], GIS_SCRIPT]
    directives["frame-src"] = ["https://accounts.google.com/gsi/"]
    directives["connect-src"] = [*directives["connect-src"], "https://accounts.google.com/gsi/"]
    directives["style-src"] = [*directives["style-src"], "https://accounts.google.com/gsi/style"]
    settings.CONTENT_SECURITY_POLICY = policy
    yield from local_with_google(settings, monkeypatch)


def test_the_default_shop_shows_no_google_button(page, db):
    asked_google = []
    page.on("request", lambda request: asked_google.append(request.url) if "google" in request.url else None)

    page.goto("/signin")

    expect(page.get_by_role("button", name="Sign in", exact=True)).to_be_visible()
    expect(page.get_by_role("button", name=re.compile("google", re.I))).to_have_count(0)
    expect(page.get_by_test_id("google-sign-in")).to_have_count(0)
    assert asked_google == []


def test_with_a_client_id_google_s_token_signs_a_new_shopper_in(page, google_offered):
    token = google_offered.google_id_token("108318052268079221395", email="ada@sneakers.test")
    script = FAKE_GIS % json.dumps(token)
    page.route(GIS_SCRIPT, lambda route: route.fulfill(body=script, content_type="text/javascript"))

    page.goto("/signin")
    # Google's button, drawn by Google's script in the page's box for it
    page.get_by_test_id("google-sign-in").get_by_role("button", name="Continue as Ada").click()

    wait_for_popup(page, "Welcome Google User!")
    expect(page).to_have_url(re.compile(r"/account$"))
    expect(page.get_by_label("Email")).to_have_value("ada@sneakers.test")
    user = User.objects.get()
    assert (user.email, user.email_verified, user.google_sub) == ("ada@sneakers.test", True, "108318052268079221395")
