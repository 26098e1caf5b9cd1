"""The account page's own calls: the display name and the profile picture."""

import io

import pytest
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from catalog.tests.images import png_upload

pytestmark = pytest.mark.django_db

ROLES_REFUSED = [("anonymous", 401), ("disabled_user", 403), ("eliminated_user", 403)]


class TestDisplayName:
    def test_is_saved_trimmed_and_answered(self, shopper_client, shopper):
        response = shopper_client.put("/api/auth/profile", {"displayName": "  Jane Runner "})
        assert response.status_code == 200
        assert response.json()["displayName"] == "Jane Runner"
        shopper.refresh_from_db()
        assert shopper.display_name == "Jane Runner"

    @pytest.mark.parametrize(
        ("body", "message"),
        [
            ({}, "Enter a name"),
            ({"displayName": "  "}, "Enter a name"),
            ({"displayName": "J" * 81}, "The name can have at most 80 characters"),
        ],
    )
    def test_bad_names_are_refused(self, shopper_client, shopper, body, message):
        response = shopper_client.put("/api/auth/profile", body, format="json")
        assert (response.status_code, response.json()) == (400, {"displayName": [message]})

    @pytest.mark.parametrize(("role", "status"), ROLES_REFUSED)
    def test_needs_an_enabled_signed_in_user(self, client_as, role, status):
        assert client_as(role).put("/api/auth/profile", {"displayName": "X"}).status_code == status


class TestAvatar:
    def test_is_resized_to_256_pixels_and_kept_under_the_users_uid(self, shopper_client, shopper):
        response = shopper_client.post("/api/auth/avatar", {"image": png_upload(size=(1024, 768))}, format="multipart")

        assert response.status_code == 200
        shopper.refresh_from_db()
        assert shopper.avatar.name.startswith(f"avatars/{shopper.uid}/")
        assert response.json()["avatar"] == shopper.avatar.url
        with default_storage.open(shopper.avatar.name) as stored:
            image = Image.open(stored)
            assert (image.format, image.size) == ("WEBP", (256, 192))

    def test_a_new_picture_replaces_the_old_file(self, shopper_client, shopper, django_capture_on_commit_callbacks):
        with django_capture_on_commit_callbacks(execute=True):
            shopper_client.post("/api/auth/avatar", {"image": png_upload()}, format="multipart")
            shopper.refresh_from_db()
            first = shopper.avatar.name
            shopper_client.post("/api/auth/avatar", {"image": png_upload()}, format="multipart")
        shopper.refresh_from_db()
        assert shopper.avatar.name != first
        assert default_storage.exists(shopper.avatar.name)
        assert not default_storage.exists(first)

    def test_a_file_that_is_not_an_image_is_refused(self, shopper_client, shopper):
        upload = SimpleUploadedFile("me.png", b"not an image", content_type="image/png")
        response = shopper_client.post("/api/auth/avatar", {"image": upload}, format="multipart")
        assert response.status_code == 400
        assert "image" in response.json()
        shopper.refresh_from_db()
        assert not shopper.avatar

    def test_no_file_is_refused(self, shopper_client):
        assert shopper_client.post("/api/auth/avatar", {}, format="multipart").status_code == 400

    @pytest.mark.parametrize(("role", "status"), ROLES_REFUSED)
    def test_needs_an_enabled_signed_in_user(self, client_as, role, status):
        image = io.BytesIO()
        Image.new("RGB", (10, 10)).save(image, "PNG")
        upload = SimpleUploadedFile("me.png", image.getvalue(), content_type="image/png")
        assert client_as(role).post("/api/auth/avatar", {"image": upload}, format="multipart").status_code == status
