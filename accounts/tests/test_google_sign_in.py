"""Sign in with Google on the shop's own accounts: POST /api/auth/google with the real google-auth library checking
tokens signed by a test key, and Google's key endpoint answered by a fake at the HTTP layer."""

import time
from collections.abc import Iterator

import pytest
from django.contrib.auth import SESSION_KEY

from accounts.errors import ACCOUNT_DISABLED
from accounts.identity import google as google_identity
from accounts.models import User

from .factories import PASSWORD, UserFactory
from .fake_google import KEY_ID, OAUTH2_CERTS_URL, FakeGoogle, signing_key
from .identity_shops import local_with_google

pytestmark = pytest.mark.django_db

SUB = "108318052268079221395"
EMAIL = "ada@sneakers.test"


@pytest.fixture
def google(settings, monkeypatch) -> Iterator[FakeGoogle]:
    yield from local_with_google(settings, monkeypatch)


def sign_in(client, credential):
    return client.post("/api/auth/google", {"credential": credential})


def refusal(response) -> tuple[int, str]:
    return response.status_code, response.json()["code"]


def signed_in_as(client) -> int | None:
    session = client.session
    return int(session[SESSION_KEY]) if SESSION_KEY in session else None


class TestAGoodToken:
    def test_makes_a_verified_account_signs_it_in_and_answers_its_record(self, csrf_client, google):
        response = sign_in(csrf_client, google.google_id_token(SUB, email="Ada@Sneakers.test"))

        assert response.status_code == 201
        user = User.objects.get()
        assert (user.email, user.google_sub, user.email_verified) == (EMAIL, SUB, True)
        assert user.display_name == "Ada Runner"
        assert not user.has_usable_password()
        assert response.json()["idUser"] == user.uid
        assert signed_in_as(csrf_client) == user.pk
        # The session works for the shop's other calls.
        assert csrf_client.get(f"/api/cart/{user.uid}").status_code == 200

    def test_signs_the_same_person_in_again_by_google_s_id_even_with_a_new_address(self, csrf_client, google):
        sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))
        csrf_client.post("/api/auth/signout")

        response = sign_in(csrf_client, google.google_id_token(SUB, email="ada.new@sneakers.test"))

        assert response.status_code == 200
        assert User.objects.get().email == EMAIL
        assert signed_in_as(csrf_client) == User.objects.get().pk

    def test_google_s_keys_are_fetched_once_with_a_short_timeout_and_kept(self, csrf_client, google):
        sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))
        sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))

        assert google.calls.count(("GET", OAUTH2_CERTS_URL)) == 1
        assert google.timeouts[OAUTH2_CERTS_URL] == google_identity.HTTP_TIMEOUT_SECONDS


class TestLinking:
    def test_a_verified_password_account_is_linked_and_keeps_its_password(self, csrf_client, google):
        user = UserFactory(email=EMAIL, email_verified=True)

        response = sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))

        assert response.status_code == 200
        user.refresh_from_db()
        assert (user.google_sub, user.email_verified) == (SUB, True)
        assert user.check_password(PASSWORD)
        assert signed_in_as(csrf_client) == user.pk

    def test_an_unverified_password_account_is_linked_and_its_password_stops_working(self, csrf_client, google):
        # Whoever signed up with this address never proved it was theirs; Google now says whose it is.
        user = UserFactory(email=EMAIL, email_verified=False)

        assert sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL)).status_code == 200

        user.refresh_from_db()
        assert (user.google_sub, user.email_verified, user.has_usable_password()) == (SUB, True, False)

    def test_an_address_linked_to_another_google_account_is_refused(self, csrf_client, google):
        user = UserFactory(email=EMAIL, email_verified=True, google_sub="another-google-person")

        assert refusal(sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))) == (
            409,
            "auth/credential-already-in-use",
        )
        user.refresh_from_db()
        assert user.google_sub == "another-google-person"
        assert signed_in_as(csrf_client) is None

    def test_an_address_google_has_not_verified_is_refused_and_links_nothing(self, csrf_client, google):
        user = UserFactory(email=EMAIL, email_verified=False)

        response = sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL, email_verified=False))

        assert refusal(response) == (401, "auth/invalid-google-credential")
        user.refresh_from_db()
        assert (user.google_sub, user.email_verified, user.check_password(PASSWORD)) == (None, False, True)
        assert signed_in_as(csrf_client) is None


@pytest.mark.parametrize("status", [User.Status.DISABLED, User.Status.ELIMINATED])
def test_a_disabled_or_eliminated_account_is_refused_with_the_spec_s_message(csrf_client, google, status):
    user = UserFactory(email=EMAIL, email_verified=False, status=status)

    response = sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))

    assert response.status_code == 403
    assert response.json()["detail"] == ACCOUNT_DISABLED
    # Nothing was linked, and the password is as it was.
    user.refresh_from_db()
    assert (user.google_sub, user.email_verified, user.check_password(PASSWORD)) == (None, False, True)
    assert signed_in_as(csrf_client) is None


BAD_TOKENS = {
    "expired": lambda google: google.google_id_token(
        SUB, email=EMAIL, iat=int(time.time()) - 7200, exp=int(time.time()) - 3600
    ),
    "another audience": lambda google: google.google_id_token(SUB, email=EMAIL, aud="other.apps.googleusercontent.com"),
    "another issuer": lambda google: google.google_id_token(SUB, email=EMAIL, iss="https://evil.example"),
    "a key google does not publish": lambda google: google.google_id_token(
        SUB, email=EMAIL, key=signing_key("unknown-key")
    ),
    "another key under google's key id": lambda google: google.google_id_token(
        SUB, email=EMAIL, key=signing_key(KEY_ID, variant=1)
    ),
    "no address": lambda google: google.google_id_token(SUB, email=None),
    "not a token": lambda google: "not-a-jwt",
    "tampered": lambda google: google.google_id_token(SUB, email=EMAIL)[:-4] + "AAAA",
}


@pytest.mark.parametrize("make", BAD_TOKENS.values(), ids=BAD_TOKENS.keys())
def test_a_token_that_is_not_google_s_word_for_this_shop_is_refused_and_changes_nothing(csrf_client, google, make):
    response = sign_in(csrf_client, make(google))

    assert refusal(response) == (401, "auth/invalid-google-credential")
    assert User.objects.count() == 0
    assert signed_in_as(csrf_client) is None


@pytest.mark.parametrize("body", [{}, {"credential": ""}, {"credential": 7}, {"credential": "x" * 5000}])
def test_a_missing_or_malformed_credential_is_refused_without_asking_google(csrf_client, google, body):
    assert refusal(csrf_client.post("/api/auth/google", body, format="json")) == (401, "auth/invalid-google-credential")
    assert google.calls == []


def test_google_out_of_reach_is_a_503_to_try_again(csrf_client, google):
    google.unreachable.add(OAUTH2_CERTS_URL)

    response = sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))

    assert refusal(response) == (503, "identity_unavailable")
    assert User.objects.count() == 0


def test_the_call_is_checked_for_the_csrf_token(google):
    from .conftest import BrowserClient

    # A browser that never got the shop's CSRF cookie: another site posting to the shop.
    response = BrowserClient().post("/api/auth/google", {"credential": google.google_id_token(SUB, email=EMAIL)})

    assert response.status_code == 403
    assert User.objects.count() == 0


def test_it_is_throttled_like_sign_in(csrf_client, google, rates):
    rates(signin="2/minute")
    token = google.google_id_token(SUB, email=EMAIL)

    assert [sign_in(csrf_client, token).status_code for _ in range(3)] == [201, 200, 429]


def test_without_a_client_id_there_is_no_google_sign_in(csrf_client, google, settings):
    settings.GOOGLE_CLIENT_ID = ""

    response = sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL))

    assert response.status_code == 404
    assert response.json()["detail"] == "Google sign-in is not configured in this shop."
    assert google.calls == []


def test_a_firebase_shop_signs_google_users_in_through_firebase_instead(csrf_client, google, settings):
    settings.IDENTITY_PROVIDER = "firebase"

    assert sign_in(csrf_client, google.google_id_token(SUB, email=EMAIL)).status_code == 404
