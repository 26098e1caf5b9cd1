"""The reviews app: what verified buyers say of the shoes they bought."""

from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"
    verbose_name = "Reviews"
