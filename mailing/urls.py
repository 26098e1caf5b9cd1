"""Mailing routes, under /api/mail/."""

from django.urls import path

from . import views

urlpatterns = [
    path("newsletter", views.NewsletterView.as_view(), name="newsletter"),
    path("newsletter/confirm/<str:token>", views.NewsletterConfirmView.as_view(), name="newsletter-confirm"),
    path("contactUs", views.ContactMessageView.as_view(), name="contact-message"),
    path("unsubscribe/<str:token>", views.UnsubscribeView.as_view(), name="unsubscribe"),
]
