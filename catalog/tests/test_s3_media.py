"""Pictures in an S3-compatible bucket (django-storages), as every machine of a live shop shares them: moto's S3 server
on a loopback port is the boundary. The sizes are read and written through the storage, a missing picture is logged,
and beat's catch-up makes the sizes nobody made."""

import logging
import socket

import boto3
import pytest
from django.core.files.base import ContentFile
from moto.server import ThreadedMotoServer

from catalog import services
from catalog.models import Shoe

from .factories import BrandFactory, ShoeFactory
from .images import image_bytes, png_upload
from .test_shoe_api import shoe_form

pytestmark = pytest.mark.django_db

BUCKET = "shop-media"
CREDENTIALS = {"aws_access_key_id": "testing", "aws_secret_access_key": "testing", "region_name": "us-east-1"}


@pytest.fixture(scope="module")
def s3_endpoint():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=port)
    server.start()
    yield f"http://127.0.0.1:{port}"
    server.stop()


@pytest.fixture
def bucket(s3_endpoint, settings):
    """An empty bucket, and the shop's settings naming it as a live shop's environment would (integrations.py)."""
    client = boto3.client("s3", endpoint_url=s3_endpoint, **CREDENTIALS)
    client.create_bucket(Bucket=BUCKET)
    settings.AWS_STORAGE_BUCKET_NAME = BUCKET
    settings.AWS_S3_ENDPOINT_URL = s3_endpoint
    settings.AWS_S3_REGION_NAME = CREDENTIALS["region_name"]
    settings.AWS_ACCESS_KEY_ID = CREDENTIALS["aws_access_key_id"]
    settings.AWS_SECRET_ACCESS_KEY = CREDENTIALS["aws_secret_access_key"]
    settings.AWS_QUERYSTRING_AUTH = False
    settings.AWS_DEFAULT_ACL = None
    settings.AWS_S3_FILE_OVERWRITE = False
    settings.STORAGES = {**settings.STORAGES, "default": {"BACKEND": "storages.backends.s3.S3Storage"}}
    yield client
    for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", []):
        client.delete_object(Bucket=BUCKET, Key=item["Key"])
    client.delete_bucket(Bucket=BUCKET)


def keys(client) -> set[str]:
    return {item["Key"] for item in client.list_objects_v2(Bucket=BUCKET).get("Contents", [])}


@pytest.fixture(autouse=True)
def nike():
    return BrandFactory(name="Nike")


def test_an_upload_and_its_sizes_go_to_the_bucket(
    bucket, s3_endpoint, admin_client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = admin_client.post("/api/shoes", shoe_form(image=png_upload(size=(1600, 1200))), format="multipart")
    assert response.status_code == 201, response.content

    name = Shoe.objects.get().image.name
    stem = name.removesuffix(".webp")
    assert keys(bucket) == {name, *(f"{stem}-{width}w.webp" for width in (160, 400, 800))}
    assert response.json()["image"].startswith(f"{s3_endpoint}/{BUCKET}/")


def test_a_picture_missing_from_the_bucket_is_logged_not_sized(bucket, caplog):
    ShoeFactory(image="shoes/gone.webp")

    with caplog.at_level(logging.WARNING, logger="catalog.services.pictures"):
        assert services.picture_sizes_make(name="shoes/gone.webp") is False

    assert "Picture shoes/gone.webp is not in the media storage" in caplog.text
    assert keys(bucket) == set()


def test_beat_s_catch_up_makes_the_sizes_nobody_made(bucket):
    # Given two pictures stored without their sizes (their tasks lost with the broker)
    from django.core.files.storage import default_storage

    for name in ("shoes/a.webp", "shoes/b.webp"):
        default_storage.save(name, ContentFile(image_bytes(size=(900, 600), format="WEBP")))
        ShoeFactory(image=name)

    # When beat's job runs, one picture per run
    assert services.picture_sizes_catch_up(limit=1) == 1
    assert services.picture_sizes_catch_up(limit=1) == 1
    assert services.picture_sizes_catch_up(limit=1) == 0

    # Then both have their copies in the bucket and on their shoes
    assert {"shoes/a-400w.webp", "shoes/b-800w.webp"} <= keys(bucket)
    assert all(shoe.image_sizes["widths"] == [160, 400, 800] for shoe in Shoe.objects.all())
