"""Content-Security-Policy and Permissions-Policy on every answer; open to Stripe and Firebase only when configured."""

import json
from html.parser import HTMLParser
from urllib.parse import urlsplit

import pytest

from shopsite.tests.test_settings import start_django

pytestmark = pytest.mark.django_db

STRIPE = {"PAYMENT_GATEWAY": "stripe", "STRIPE_SECRET_KEY": "sk_test_x", "STRIPE_PUBLISHABLE_KEY": "pk_test_x"}
FIREBASE = {
    "IDENTITY_PROVIDER": "firebase",
    "FIREBASE_PROJECT_ID": "sneakers-prod",
    "FIREBASE_WEB_CONFIG": '{"apiKey": "AIza-x", "authDomain": "login.sneakers.example", "projectId": "sneakers-prod"}',
}


def policy(header: str) -> dict[str, list[str]]:
    """A Content-Security-Policy header as {directive: [sources]}."""
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: sources for name, *sources in directives}


def test_the_page_shell_runs_only_the_shop_s_own_scripts(client):
    answer = client.get("/")

    csp = policy(answer["Content-Security-Policy"])
    assert csp["script-src"] == ["'self'"]
    assert csp["style-src"] == ["'self'"]
    assert csp["default-src"] == ["'self'"]
    assert csp["connect-src"] == ["'self'"]
    assert csp["img-src"] == ["'self'", "data:"]
    assert csp["frame-src"] == ["'none'"]
    assert csp["object-src"] == ["'none'"]
    assert csp["base-uri"] == ["'none'"]
    assert csp["form-action"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in answer["Content-Security-Policy"]
    assert "'unsafe-eval'" not in answer["Content-Security-Policy"]


def test_api_answers_and_refusals_carry_both_policies(client):
    for answer in (client.get("/api/brands"), client.get("/api/no-such-call"), client.get("/api/shoes/0")):
        assert policy(answer["Content-Security-Policy"])["frame-ancestors"] == ["'none'"]
        assert "camera=()" in answer["Permissions-Policy"]


def test_the_browser_features_the_shop_never_uses_are_off(client):
    features = dict(item.split("=", 1) for item in client.get("/")["Permissions-Policy"].split(", "))

    for feature in ("camera", "microphone", "geolocation", "usb", "payment", "browsing-topics"):
        assert features[feature] == "()", feature


class InlineCode(HTMLParser):
    """Collects what a page runs or styles inline: scripts with a body, <style> elements, style attributes."""

    def __init__(self):
        super().__init__()
        self.found = []
        self.script = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "style" in attrs:
            self.found.append(f"style attribute on <{tag}>")
        if tag == "style":
            self.found.append("<style>")
        if tag == "script":
            # A JSON block is data, not code; a script with src runs a file the policy names.
            self.script = None if "src" in attrs or attrs.get("type") == "application/json" else ""

    def handle_data(self, data):
        if self.script is not None:
            self.script += data

    def handle_endtag(self, tag):
        if tag == "script" and self.script is not None and self.script.strip():
            self.found.append(f"inline script: {self.script.strip()[:60]}")
        if tag == "script":
            self.script = None


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def test_the_page_shell_has_no_inline_code(client):
    html = client.get("/products").content.decode()

    assert 'type="application/json"' in html  # the shop's settings, as data
    assert inline_code(html) == []


def test_the_api_docs_have_no_inline_code_and_serve_their_start_up_script(client):
    page = client.get("/api/docs/")

    assert page.status_code == 200
    assert inline_code(page.content.decode()) == []
    assert "/static/css/api-docs.css" in page.content.decode()
    script = client.get("/api/docs/?script=")
    assert script.status_code == 200
    assert script["Content-Type"].startswith("application/javascript")
    assert "SwaggerUIBundle" in script.content.decode()


# ---- Stripe, Firebase and the media bucket, set up in a fresh process as a live shop's environment does


def live_policy(tmp_path, **env: str) -> tuple[dict[str, list[str]], str]:
    """The policies of a shop started with that environment (on an API answer: the same on every one), and a
    stored picture's address."""
    code = (
        "from django.test import Client; from django.core.files.storage import default_storage; "
        "import json; answer = Client().get('/api/nothing-here'); "
        "print(json.dumps([answer['Content-Security-Policy'], answer['Permissions-Policy'], "
        "default_storage.url('shoes/a.webp')]))"
    )
    result = start_django(tmp_path, code, SHOP_HTTPS="0", DJANGO_ALLOWED_HOSTS="testserver", **env)
    assert result.returncode == 0, result.stderr
    csp, permissions, picture = json.loads(result.stdout.strip().splitlines()[-1])
    return policy(csp), permissions, picture


def test_a_shop_on_stripe_allows_stripe_js_its_frames_and_its_api(tmp_path):
    csp, permissions, _ = live_policy(tmp_path, **STRIPE)

    assert csp["script-src"] == ["'self'", "https://js.stripe.com", "https://*.js.stripe.com"]
    assert csp["frame-src"] == ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"]
    assert csp["connect-src"] == ["'self'", "https://api.stripe.com"]
    assert 'payment=("https://js.stripe.com")' in permissions


def test_a_shop_on_firebase_allows_google_s_loader_its_auth_frame_and_its_apis(tmp_path):
    csp, _, _ = live_policy(tmp_path, **FIREBASE)

    assert csp["script-src"] == ["'self'", "https://apis.google.com"]
    assert csp["frame-src"] == ["https://login.sneakers.example"]
    assert csp["connect-src"] == [
        "'self'",
        "https://identitytoolkit.googleapis.com",
        "https://securetoken.googleapis.com",
    ]


def test_a_shop_with_google_sign_in_allows_google_identity_services_and_its_popup(tmp_path):
    code = (
        "from django.test import Client; import json; answer = Client().get('/api/nothing-here'); "
        "print(json.dumps([answer['Content-Security-Policy'], answer['Cross-Origin-Opener-Policy']]))"
    )
    result = start_django(
        tmp_path,
        code,
        SHOP_HTTPS="0",
        DJANGO_ALLOWED_HOSTS="testserver",
        GOOGLE_CLIENT_ID="1-x.apps.googleusercontent.com",
    )
    assert result.returncode == 0, result.stderr
    header, opener = json.loads(result.stdout.strip().splitlines()[-1])
    csp = policy(header)

    assert csp["script-src"] == ["'self'", "https://accounts.google.com/gsi/client"]
    assert csp["frame-src"] == ["https://accounts.google.com/gsi/"]
    assert csp["connect-src"] == ["'self'", "https://accounts.google.com/gsi/"]
    assert csp["style-src"] == ["'self'", "https://accounts.google.com/gsi/style"]
    # Its popup hands the token back to the page that opened it.
    assert opener == "same-origin-allow-popups"


def test_without_google_sign_in_the_opener_policy_stays_same_origin(client):
    assert client.get("/")["Cross-Origin-Opener-Policy"] == "same-origin"


def test_a_shop_on_both_allows_both_and_nothing_else(tmp_path):
    csp, _, _ = live_policy(tmp_path, **STRIPE, **FIREBASE)

    assert set(csp["script-src"]) == {
        "'self'",
        "https://js.stripe.com",
        "https://*.js.stripe.com",
        "https://apis.google.com",
    }
    assert csp["style-src"] == ["'self'"]
    assert csp["frame-ancestors"] == ["'none'"]


@pytest.mark.parametrize(
    "storage",
    [
        {},
        {"AWS_S3_REGION_NAME": "eu-west-3"},
        {"AWS_S3_ENDPOINT_URL": "https://s3.fr-par.example-cloud.com"},
        {"AWS_S3_CUSTOM_DOMAIN": "media.sneakers.example"},
    ],
    ids=["aws", "aws-region", "other-provider", "cdn"],
)
def test_pictures_on_the_media_bucket_are_allowed(tmp_path, storage):
    csp, _, picture = live_policy(tmp_path, AWS_STORAGE_BUCKET_NAME="shop-media", **storage)

    assert "{0.scheme}://{0.netloc}".format(urlsplit(picture)) in csp["img-src"]
    assert csp["script-src"] == ["'self'"]
