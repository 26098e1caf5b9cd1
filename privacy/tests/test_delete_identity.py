"""Deleting an account that has no password here: a fresh Google sign-in (local accounts) or a recent Firebase sign-in,
with Firebase's record of the person deleted too; Google and Firebase answered by the fake at the HTTP layer."""

import time
from collections.abc import Iterator

import pytest

from accounts.models import User
from accounts.tests.factories import UserFactory
from accounts.tests.fake_google import DELETE_URL, FakeGoogle
from accounts.tests.identity_shops import bearer, firebase_mode, local_with_google

pytestmark = pytest.mark.django_db

SUB = "108318052268079221395"
UID = "fB3kq9ZtVd0aXlm2RrP7cYw1sE4u"
EMAIL = "ada@sneakers.test"


@pytest.fixture
def google(settings, monkeypatch) -> Iterator[FakeGoogle]:
    yield from local_with_google(settings, monkeypatch)


@pytest.fixture
def google_user(db) -> User:
    user = UserFactory(email=EMAIL, google_sub=SUB, password=None)
    user.set_unusable_password()
    user.save()
    return user


def test_a_google_account_confirms_with_a_fresh_google_sign_in(google, google_user, client_for):
    client = client_for(google_user)

    refused = client.post("/api/account/delete", {"password": ""}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "auth/requires-recent-login")
    other = client.post("/api/account/delete", {"credential": google.google_id_token("999", email=EMAIL)})
    assert (other.status_code, other.json()["code"]) == (403, "auth/requires-recent-login")
    assert User.objects.get(pk=google_user.pk).status == User.Status.ENABLED

    response = client.post("/api/account/delete", {"credential": google.google_id_token(SUB, email=EMAIL)})

    assert response.status_code == 204
    user = User.objects.get(pk=google_user.pk)
    assert (user.status, user.google_sub, user.email) == (
        User.Status.ELIMINATED,
        None,
        f"deleted-{user.pk}@deleted.invalid",
    )


@pytest.fixture
def firebase_google(settings, monkeypatch) -> Iterator[FakeGoogle]:
    yield from firebase_mode(settings, monkeypatch)


def test_with_firebase_an_old_sign_in_is_refused_and_a_recent_one_deletes_both_records(
    firebase_google, django_capture_on_commit_callbacks
):
    old = firebase_google.id_token(UID, email=EMAIL, auth_time=int(time.time()) - 3600)
    assert bearer(old).post("/api/users", {"idUser": UID}).status_code == 200

    refused = bearer(old).post("/api/account/delete", {}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "auth/requires-recent-login")
    assert User.objects.get(uid=UID).status == User.Status.ENABLED

    with django_capture_on_commit_callbacks(execute=True):
        response = bearer(firebase_google.id_token(UID, email=EMAIL)).post("/api/account/delete", {}, format="json")

    assert response.status_code == 204
    assert ("POST", DELETE_URL) in firebase_google.calls
    assert UID not in firebase_google.users
    user = User.objects.get(email__startswith="deleted-")
    assert (user.status, user.uid != UID) == (User.Status.ELIMINATED, True)


def test_a_firebase_out_of_reach_leaves_the_shop_s_deletion_done(firebase_google, django_capture_on_commit_callbacks):
    firebase_google.unreachable.add(DELETE_URL)
    token = firebase_google.id_token(UID, email=EMAIL)
    bearer(token).post("/api/users", {"idUser": UID})

    with django_capture_on_commit_callbacks(execute=True):
        response = bearer(token).post("/api/account/delete", {}, format="json")

    assert response.status_code == 204
    assert User.objects.get(email__startswith="deleted-").status == User.Status.ELIMINATED
    # A token of the old uid opens nothing of theirs: it makes a new, empty account.
    assert not User.objects.filter(uid=UID).exists()
